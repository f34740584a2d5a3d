// The simd core's element-wise kernels (vec.hpp, operators.hpp) on random inputs at awkward
// lengths (1, 3, 17, 33, 129) against scalar oracles written here: every binary operator on
// integers (wrapping, shift counts modulo the width, division that never traps) and on floating
// types (half and bfloat16 rounded once per operation), with vector and scalar operands; unary
// -, ~, !; any() and all().
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "oracle_util.hpp"

using namespace xesim::esimd;
using namespace xesim_oracle;

namespace {

enum class op { add, sub, mul, div, rem, shl, shr, band, bor, bxor };

/// One lane of `a op b` for integral R (the computation type), as the GPU computes it.
template <class R>
R int_oracle(op o, R a, R b) {
  using U = std::make_unsigned_t<R>;
  constexpr int kBits = static_cast<int>(sizeof(R) * 8);
  const U ua = static_cast<U>(a), ub = static_cast<U>(b);
  switch (o) {
    case op::add: return static_cast<R>(static_cast<U>(ua + ub));
    case op::sub: return static_cast<R>(static_cast<U>(ua - ub));
    case op::mul: return static_cast<R>(static_cast<U>(ua * ub));
    case op::div:
      if (b == 0) return std::is_signed_v<R> ? R(-1) : std::numeric_limits<R>::max();
      if (std::is_signed_v<R> && b == R(-1)) return static_cast<R>(static_cast<U>(U(0) - ua));
      return static_cast<R>(a / b);
    case op::rem:
      if (b == 0) return a;
      if (std::is_signed_v<R> && b == R(-1)) return R(0);
      return static_cast<R>(a % b);
    case op::shl: return static_cast<R>(static_cast<U>(ua << (ub & (kBits - 1))));
    case op::shr: return static_cast<R>(a >> (ub & (kBits - 1)));
    case op::band: return static_cast<R>(a & b);
    case op::bor: return static_cast<R>(a | b);
    case op::bxor: return static_cast<R>(a ^ b);
  }
  return R(0);
}

template <op O, class A, class B>
auto apply_op(const A& a, const B& b) {
  if constexpr (O == op::add) return a + b;
  if constexpr (O == op::sub) return a - b;
  if constexpr (O == op::mul) return a * b;
  if constexpr (O == op::div) return a / b;
  if constexpr (O == op::rem) return a % b;
  if constexpr (O == op::shl) return a << b;
  if constexpr (O == op::shr) return a >> b;
  if constexpr (O == op::band) return a & b;
  if constexpr (O == op::bor) return a | b;
  if constexpr (O == op::bxor) return a ^ b;
}

/// Divisors and shift counts: some 0, -1, 1 and counts beyond the width.
template <class T>
T random_operand() {
  switch (rand() % 8) {
    case 0: return T(0);
    case 1: return static_cast<T>(-1);
    case 2: return T(1);
    case 3: return static_cast<T>(rand() % 200 - 100);
    default: return random_elem<T>();
  }
}

template <class T, int N, op O>
void check_int_op(const T* a, const T* b) {
  const simd<T, N> va(a), vb(b);
  const auto r = apply_op<O>(va, vb);
  const auto rs = apply_op<O>(va, b[0]);  // a scalar right operand
  const auto sr = apply_op<O>(a[0], vb);  // a scalar left operand
  using R = typename std::remove_cvref_t<decltype(r)>::element_type;
  for (int i = 0; i < N; ++i) {
    SCOPED_TRACE(testing::Message() << "N=" << N << " op " << static_cast<int>(O) << " lane " << i
                                    << ": " << +a[i] << ", " << +b[i]);
    ASSERT_EQ(r[i], int_oracle<R>(O, static_cast<R>(a[i]), static_cast<R>(b[i])));
    ASSERT_EQ(rs[i], int_oracle<R>(O, static_cast<R>(a[i]), static_cast<R>(b[0])));
    ASSERT_EQ(sr[i], int_oracle<R>(O, static_cast<R>(a[0]), static_cast<R>(b[i])));
  }
}

template <class T, int N>
void check_int_n() {
  T a[N], b[N];
  for (int i = 0; i < N; ++i) a[i] = random_elem<T>(), b[i] = random_operand<T>();
  check_int_op<T, N, op::add>(a, b);
  check_int_op<T, N, op::sub>(a, b);
  check_int_op<T, N, op::mul>(a, b);
  check_int_op<T, N, op::div>(a, b);
  check_int_op<T, N, op::rem>(a, b);
  check_int_op<T, N, op::shl>(a, b);
  check_int_op<T, N, op::shr>(a, b);
  check_int_op<T, N, op::band>(a, b);
  check_int_op<T, N, op::bor>(a, b);
  check_int_op<T, N, op::bxor>(a, b);
  // Unary operators, any, all (some vectors mostly zero).
  const simd<T, N> va(a);
  const simd<T, N> neg = -va, inv = ~va;
  const simd_mask<N> nz = !va;
  for (int i = 0; i < N; ++i) {
    using U = std::make_unsigned_t<T>;
    ASSERT_EQ(neg[i], static_cast<T>(static_cast<U>(U(0) - static_cast<U>(a[i])))) << i;
    ASSERT_EQ(inv[i], static_cast<T>(~a[i])) << i;
    ASSERT_EQ(nz[i], a[i] == 0 ? 1 : 0) << i;
  }
  for (int density = 0; density < 3; ++density) {
    T z[N];
    bool any = false, all = true;
    for (int i = 0; i < N; ++i) {
      z[i] = rand() % (density == 0 ? 3 * N : density == 1 ? 2 : 40) == 0 ? T(0) : a[i] | T(1);
      if (density == 0) z[i] = z[i] == 0 ? a[i] | T(1) : T(0);  // mostly zero
      any |= z[i] != 0;
      all &= z[i] != 0;
    }
    const simd<T, N> vz(z);
    ASSERT_EQ(vz.any(), any ? 1 : 0) << "density " << density;
    ASSERT_EQ(vz.all(), all ? 1 : 0) << "density " << density;
  }
}
template <class T>
void check_int_all_lengths() {
  SCOPED_TRACE(testing::Message() << "integer sizeof " << sizeof(T)
                                  << (std::is_signed_v<T> ? " signed" : " unsigned"));
  check_int_n<T, 1>();
  check_int_n<T, 3>();
  check_int_n<T, 17>();
  check_int_n<T, 33>();
  check_int_n<T, 129>();
}

TEST(VecOracleArith, IntegerOperators) {
  srand(42);
  for (int rep = 0; rep < 3; ++rep) {
    check_int_all_lengths<int8_t>();
    check_int_all_lengths<uint16_t>();
    check_int_all_lengths<int32_t>();
    check_int_all_lengths<uint32_t>();
    check_int_all_lengths<int64_t>();
    check_int_all_lengths<uint64_t>();
  }
}

// ------------------------------ floating types
/// The bits of x op y for floating R: computed in float (double for double) and rounded once to R.
template <class R>
uint64_t fp_oracle(op o, R a, R b) {
  if constexpr (std::is_same_v<R, double>) {
    const double x = a, y = b;
    const double r = o == op::add ? x + y : o == op::sub ? x - y : o == op::mul ? x * y : x / y;
    return bits_of(r);
  } else {
    const float x = static_cast<float>(exact(a)), y = static_cast<float>(exact(b));
    volatile float r = o == op::add ? x + y : o == op::sub ? x - y : o == op::mul ? x * y : x / y;
    if constexpr (std::is_same_v<R, float>) return bits_of(static_cast<float>(r));
    if constexpr (std::is_same_v<R, half>) return bits_of(static_cast<_Float16>(r));
    if constexpr (std::is_same_v<R, bfloat16>) return bf16_rne(r);
  }
}
/// Same bits, or both NaN (payloads may differ with operand order).
template <class R>
bool fp_matches(R got, uint64_t want) {
  R w;
  std::memcpy(static_cast<void*>(&w), &want, sizeof(R));
  if (std::isnan(exact(w))) return std::isnan(exact(got));
  return bits_of(got) == want;
}

template <class T, int N, op O>
void check_fp_op(const T* a, const T* b) {
  const simd<T, N> va(a), vb(b);
  const auto r = apply_op<O>(va, vb);
  const auto rs = apply_op<O>(va, b[0]);
  const auto sr = apply_op<O>(a[0], vb);
  using R = typename std::remove_cvref_t<decltype(r)>::element_type;
  static_assert(std::is_same_v<R, T>);
  for (int i = 0; i < N; ++i) {
    SCOPED_TRACE(testing::Message() << "N=" << N << " op " << static_cast<int>(O) << " lane " << i
                                    << ": " << static_cast<double>(exact(a[i])) << ", "
                                    << static_cast<double>(exact(b[i])));
    ASSERT_TRUE(fp_matches<T>(r[i], fp_oracle<T>(O, a[i], b[i])));
    ASSERT_TRUE(fp_matches<T>(rs[i], fp_oracle<T>(O, a[i], b[0])));
    ASSERT_TRUE(fp_matches<T>(sr[i], fp_oracle<T>(O, a[0], b[i])));
  }
}
template <class T, int N>
void check_fp_n() {
  T a[N], b[N];
  for (int i = 0; i < N; ++i) a[i] = random_elem<T>(), b[i] = random_elem<T>();
  check_fp_op<T, N, op::add>(a, b);
  check_fp_op<T, N, op::sub>(a, b);
  check_fp_op<T, N, op::mul>(a, b);
  check_fp_op<T, N, op::div>(a, b);
  const simd<T, N> neg = -simd<T, N>(a);  // flips the sign bit only (NaN too)
  constexpr uint64_t kSign = uint64_t(1) << (sizeof(T) * 8 - 1);
  for (int i = 0; i < N; ++i) ASSERT_EQ(bits_of(T(neg[i])), bits_of(a[i]) ^ kSign) << i;
}
template <class T>
void check_fp_all_lengths() {
  SCOPED_TRACE(testing::Message() << "floating sizeof " << sizeof(T));
  check_fp_n<T, 1>();
  check_fp_n<T, 3>();
  check_fp_n<T, 17>();
  check_fp_n<T, 33>();
  check_fp_n<T, 129>();
}

TEST(VecOracleArith, FloatingOperators) {
  srand(42);
  for (int rep = 0; rep < 3; ++rep) {
    check_fp_all_lengths<float>();
    check_fp_all_lengths<double>();
    check_fp_all_lengths<half>();
    check_fp_all_lengths<bfloat16>();
  }
}

}  // namespace
