// simd arithmetic, bitwise, shift, unary and compound-assignment operators against a scalar oracle,
// swept over element types and lengths. The oracle computes integers in 64-bit and wraps to the
// result type (the GPU's behaviour), floating types in their own precision, half/bfloat16 in
// float rounded once.
#include <gtest/gtest.h>

#include "test_util.hpp"

using namespace xesim::esimd;
using xesim::bfloat16;
using xesim::half;
using xesim_test::Case;

namespace {

enum class Op { add, sub, mul, div, rem, shl, shr, band, bor, bxor };

/// The scalar oracle for `a op b` computed in R = computation_type_t<T, T>.
template <class R> R oracle(Op op, R a, R b) {
  if constexpr (std::is_integral_v<R>) {
    constexpr int kBits = sizeof(R) * 8;
    const uint64_t ua = static_cast<uint64_t>(a), ub = static_cast<uint64_t>(b);
    switch (op) {
      case Op::add: return static_cast<R>(ua + ub);
      case Op::sub: return static_cast<R>(ua - ub);
      case Op::mul: return static_cast<R>(ua * ub);
      case Op::div:
        if (std::is_signed_v<R> && b == R(-1)) return static_cast<R>(0 - ua);
        return static_cast<R>(a / b);
      case Op::rem:
        if (std::is_signed_v<R> && b == R(-1)) return R(0);
        return static_cast<R>(a % b);
      case Op::shl: return static_cast<R>(ua << (ub % kBits));
      case Op::shr:
        if constexpr (std::is_signed_v<R>)
          return static_cast<R>(static_cast<int64_t>(a) >> (ub % kBits));
        else
          return static_cast<R>(ua >> (ub % kBits));
      case Op::band: return static_cast<R>(ua & ub);
      case Op::bor: return static_cast<R>(ua | ub);
      case Op::bxor: return static_cast<R>(ua ^ ub);
    }
    return R(0);
  } else {
    using C = std::conditional_t<std::is_same_v<R, double>, double, float>;
    const C x = static_cast<C>(a), y = static_cast<C>(b);
    switch (op) {
      case Op::add: return R(x + y);
      case Op::sub: return R(x - y);
      case Op::mul: return R(x * y);
      case Op::div: return R(x / y);
      default: return R(0);
    }
  }
}

template <class T, int N> simd<T, N> random_simd(T* store, double lim = 100.0) {
  for (int i = 0; i < N; ++i) store[i] = xesim_test::random_value<T>(lim);
  return simd<T, N>(store);
}

template <class C> class SimdArith : public ::testing::Test {};

#define XESIM_LENGTHS(T) \
  Case<T, 1>, Case<T, 3>, Case<T, 8>, Case<T, 16>, Case<T, 32>, Case<T, 33>, Case<T, 128>, Case<T, 512>
using AllCases = ::testing::Types<XESIM_LENGTHS(int8_t), XESIM_LENGTHS(uint8_t), XESIM_LENGTHS(int16_t),
                                  XESIM_LENGTHS(uint16_t), XESIM_LENGTHS(int32_t),
                                  XESIM_LENGTHS(uint32_t), XESIM_LENGTHS(int64_t),
                                  XESIM_LENGTHS(uint64_t), XESIM_LENGTHS(float), XESIM_LENGTHS(double),
                                  XESIM_LENGTHS(half), XESIM_LENGTHS(bfloat16)>;
TYPED_TEST_SUITE(SimdArith, AllCases);

/// Compares n lanes with the oracle's; one instantiation per element type keeps compiles short.
template <class R, class T>
::testing::AssertionResult lanes_match(const char* what, const R* got, Op op, const T* a,
                                       const T* b, int b_stride, int n) {
  for (int i = 0; i < n; ++i) {
    const R want = oracle<R>(op, static_cast<R>(a[i]), static_cast<R>(b[i * b_stride]));
    if (!xesim_test::same_value<R>(got[i], want))
      return ::testing::AssertionFailure()
             << what << " lane " << i << " of " << n << ": got " << xesim_test::show<R>(got[i])
             << ", want " << xesim_test::show<R>(want) << " (a=" << xesim_test::show<T>(a[i])
             << ", b=" << xesim_test::show<T>(b[i * b_stride]) << ")";
  }
  return ::testing::AssertionSuccess();
}

/// Checks r (the simd result) against the oracle applied to a[i] and b[i] (b_stride 0: scalar b).
template <class R, int N, class T>
void expect_lanes(const char* what, const simd<R, N>& r, Op op, const T* a, const T* b,
                  int b_stride = 1) {
  ASSERT_TRUE((lanes_match<R, T>(what, r.elems(), op, a, b, b_stride, N)));
}

TYPED_TEST(SimdArith, BinaryOperatorsMatchScalarOracle) {
  using T = typename TypeParam::type;
  constexpr int N = TypeParam::n;
  using R = detail::computation_type_t<T, T>;
  srand(42);
  T sa[N], sb[N];
  for (int round = 0; round < 4; ++round) {
    const simd<T, N> a = random_simd<T, N>(sa, 10.0);
    simd<T, N> b = random_simd<T, N>(sb, 10.0);
    static_assert(std::is_same_v<decltype(a + b), simd<R, N>>);
    expect_lanes<R, N, T>("a+b", a + b, Op::add, sa, sb);
    expect_lanes<R, N, T>("a-b", a - b, Op::sub, sa, sb);
    expect_lanes<R, N, T>("a*b", a * b, Op::mul, sa, sb);
    // Scalar on either side broadcasts.
    const T s = sb[0];
    expect_lanes<R, N, T>("a*s", a * s, Op::mul, sa, &s, 0);
    T sv[N];
    for (int i = 0; i < N; ++i) sv[i] = s;
    expect_lanes<R, N, T>("s-a", s - a, Op::sub, sv, sa);
    if constexpr (std::is_integral_v<T>) {
      for (int i = 0; i < N; ++i)
        if (sb[i] == 0) sb[i] = 7;  // x/0 has its own test
      b = simd<T, N>(sb);
      expect_lanes<R, N, T>("a/b", a / b, Op::div, sa, sb);
      expect_lanes<R, N, T>("a%b", a % b, Op::rem, sa, sb);
      expect_lanes<R, N, T>("a&b", a & b, Op::band, sa, sb);
      expect_lanes<R, N, T>("a|b", a | b, Op::bor, sa, sb);
      expect_lanes<R, N, T>("a^b", a ^ b, Op::bxor, sa, sb);
      expect_lanes<R, N, T>("a<<b", a << b, Op::shl, sa, sb);  // counts beyond the width wrap
      expect_lanes<R, N, T>("a>>b", a >> b, Op::shr, sa, sb);
      expect_lanes<R, N, T>("a>>s", a >> s, Op::shr, sa, &s, 0);
    } else {
      for (int i = 0; i < N; ++i)
        if (static_cast<float>(sb[i]) == 0.f) sb[i] = T(1.5f);
      b = simd<T, N>(sb);
      expect_lanes<R, N, T>("a/b", a / b, Op::div, sa, sb);
    }
  }
}

TYPED_TEST(SimdArith, CompoundAssignmentConvertsBackToElementType) {
  using T = typename TypeParam::type;
  constexpr int N = TypeParam::n;
  using R = detail::computation_type_t<T, T>;
  srand(42);
  T sa[N], sb[N];
  simd<T, N> a = random_simd<T, N>(sa, 10.0);
  const simd<T, N> b = random_simd<T, N>(sb, 10.0);
  a += b;
  for (int i = 0; i < N; ++i) {
    const T want = detail::convert_scalar<T>(oracle<R>(Op::add, R(sa[i]), R(sb[i])));
    ASSERT_TRUE(xesim_test::same_value<T>(a[i], want)) << "+= lane " << i;
  }
  a = simd<T, N>(sa);
  a *= T(3);
  for (int i = 0; i < N; ++i) {
    const T want = detail::convert_scalar<T>(oracle<R>(Op::mul, R(sa[i]), R(T(3))));
    ASSERT_TRUE(xesim_test::same_value<T>(a[i], want)) << "*= lane " << i;
  }
  if constexpr (std::is_integral_v<T>) {
    a = simd<T, N>(sa);
    a ^= b;
    a <<= 3;
    for (int i = 0; i < N; ++i) {
      const R x = oracle<R>(Op::bxor, R(sa[i]), R(sb[i]));
      const T want = static_cast<T>(oracle<R>(Op::shl, R(T(x)), R(3)));
      ASSERT_EQ(a[i], want) << "^= then <<= lane " << i;
    }
  }
}

TYPED_TEST(SimdArith, UnaryOperators) {
  using T = typename TypeParam::type;
  constexpr int N = TypeParam::n;
  srand(42);
  T sa[N];
  const simd<T, N> a = random_simd<T, N>(sa);
  const simd<T, N> neg = -a;
  for (int i = 0; i < N; ++i) {
    if constexpr (std::is_integral_v<T>)
      ASSERT_EQ(neg[i], static_cast<T>(0 - static_cast<uint64_t>(sa[i]))) << "lane " << i;
    else
      ASSERT_EQ(static_cast<double>(static_cast<float>(neg[i])),
                -static_cast<double>(static_cast<float>(sa[i])));
  }
  if constexpr (std::is_integral_v<T>) {
    const simd<T, N> inv = ~a;
    const simd_mask<N> zero = !a;
    for (int i = 0; i < N; ++i) {
      ASSERT_EQ(inv[i], static_cast<T>(~sa[i]));
      ASSERT_EQ(zero[i], sa[i] == 0 ? 1 : 0);
    }
  }
  simd<T, N> c = a;
  ++c;
  c--;
  c++;
  for (int i = 0; i < N; ++i) {
    const T want = detail::convert_scalar<T>(sa[i] + T(1));
    ASSERT_TRUE(xesim_test::same_value<T>(c[i], want)) << "++ lane " << i;
  }
}

TYPED_TEST(SimdArith, ComparisonsGiveMasks) {
  using T = typename TypeParam::type;
  constexpr int N = TypeParam::n;
  srand(42);
  T sa[N], sb[N];
  const simd<T, N> a = random_simd<T, N>(sa, 4.0);
  simd<T, N> b = random_simd<T, N>(sb, 4.0);
  for (int i = 0; i < N; i += 3) sb[i] = sa[i];  // some equal lanes
  b = simd<T, N>(sb);
  const simd_mask<N> lt = a < b, le = a <= b, gt = a > b, ge = a >= b, eq = a == b, ne = a != b;
  for (int i = 0; i < N; ++i) {
    const auto x = sa[i];
    const auto y = sb[i];
    ASSERT_EQ(lt[i], x < y ? 1 : 0) << "lane " << i;
    ASSERT_EQ(le[i], x <= y ? 1 : 0) << "lane " << i;
    ASSERT_EQ(gt[i], x > y ? 1 : 0) << "lane " << i;
    ASSERT_EQ(ge[i], x >= y ? 1 : 0) << "lane " << i;
    ASSERT_EQ(eq[i], x == y ? 1 : 0) << "lane " << i;
    ASSERT_EQ(ne[i], x != y ? 1 : 0) << "lane " << i;
  }
  const simd_mask<N> both = (a < b) && (a != b), either = (a < b) | (a == b), nope = !(a < b);
  for (int i = 0; i < N; ++i) {
    ASSERT_EQ(both[i], lt[i] && ne[i] ? 1 : 0);
    ASSERT_EQ(either[i], le[i]);
    ASSERT_EQ(nope[i], ge[i]);
  }
}

TEST(SimdArithEdge, IntegerDivisionNeverTraps) {
  simd<int, 8> a(0, 1000);
  a[7] = std::numeric_limits<int>::min();
  simd<int, 8> b = 0;
  b[7] = -1;
  const simd<int, 8> q = a / b;
  for (int i = 0; i < 7; ++i) EXPECT_EQ(q[i], -1) << "x/0 gives all ones, lane " << i;
  EXPECT_EQ(q[7], std::numeric_limits<int>::min()) << "INT_MIN / -1 wraps";
  const simd<int, 8> r = a % b;
  for (int i = 0; i < 7; ++i) EXPECT_EQ(r[i], a[i]) << "x%0 gives x";
  EXPECT_EQ(r[7], 0);
  const simd<uint32_t, 4> u = simd<uint32_t, 4>(5u) / simd<uint32_t, 4>(0u);
  EXPECT_EQ(u[2], 0xffffffffu);
}

TEST(SimdArithEdge, SignedOverflowWraps) {
  simd<int, 4> a = std::numeric_limits<int>::max();
  const simd<int, 4> b = a + 1;
  EXPECT_EQ(b[0], std::numeric_limits<int>::min());
  const simd<int, 4> c = a * 2;
  EXPECT_EQ(c[3], -2);
  const simd<int, 4> m = -simd<int, 4>(std::numeric_limits<int>::min());
  EXPECT_EQ(m[1], std::numeric_limits<int>::min());
}

TEST(SimdArithEdge, HalfArithmeticRoundsOncePerOperation) {
  // 2049 is not representable in half: 2048 + 1 rounds to even (2048).
  simd<half, 16> a = half(2048.f);
  const simd<half, 16> b = a + half(1.f);
  EXPECT_EQ(static_cast<float>(b[5]), 2048.f);
  const simd<half, 16> c = a + half(3.f);
  EXPECT_EQ(static_cast<float>(c[0]), 2052.f);  // 2051 -> ties to even 2052
  // Overflow goes to infinity, as the GPU's half ALU does.
  const simd<half, 16> big = simd<half, 16>(half(60000.f)) * half(2.f);
  EXPECT_TRUE(std::isinf(static_cast<float>(big[15])));
}

}  // namespace
