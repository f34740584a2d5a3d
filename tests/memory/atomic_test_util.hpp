// Shared by the atomic_update tests: the scalar oracle of every atomic_op and a checker that
// calls each call form of atomic_update<Op, T, N> on distinct addresses.
#pragma once

#include "memory/mem_test_util.hpp"

namespace atomic_test {

using namespace mem_test;
namespace esimd = xesim::esimd;
using esimd::atomic_op;
using esimd::simd;
using esimd::simd_mask;

template <class T>
T operand() {
  if constexpr (std::is_integral_v<T>)
    return rand_elem<T>();
  else
    return T(static_cast<float>(rand() % 2001 - 1000) / 8.0f);  // finite, exact in half
}

/// old +/- a rounded once to T: in T itself for float and double, through double (exact for
/// two halves) for half.
template <class T>
T fp_result(double o, double a, int sign) {
  if constexpr (std::is_same_v<T, float>)
    return sign > 0 ? float(o) + float(a) : float(o) - float(a);
  else
    return T(sign > 0 ? o + a : o - a);
}

/// The scalar oracle: new value of the location, given old and the operands (src0, src1).
template <atomic_op Op, class T>
T oracle(T old, T s0, T s1) {
  using C = std::conditional_t<std::is_integral_v<T>, T, double>;
  const C o = static_cast<C>(old), a = static_cast<C>(s0);
  using U = std::make_unsigned_t<std::conditional_t<std::is_integral_v<T>, T, int>>;
  switch (Op) {
    case atomic_op::inc:
      return T(U(old) + 1u);
    case atomic_op::dec:
      return T(U(old) - 1u);
    case atomic_op::add:
      return T(U(old) + U(s0));
    case atomic_op::sub:
      return T(U(old) - U(s0));
    case atomic_op::umin:
    case atomic_op::smin:
      return a < o ? s0 : old;
    case atomic_op::umax:
    case atomic_op::smax:
      return a > o ? s0 : old;
    case atomic_op::fmin:
      return o != o ? s0 : (a < o ? s0 : old);  // a NaN in memory yields src0
    case atomic_op::fmax:
      return o != o ? s0 : (a > o ? s0 : old);
    case atomic_op::bit_and:
      return T(U(old) & U(s0));
    case atomic_op::bit_or:
      return T(U(old) | U(s0));
    case atomic_op::bit_xor:
      return T(U(old) ^ U(s0));
    case atomic_op::xchg:
    case atomic_op::store:
      return s0;
    case atomic_op::load:
      return old;
    case atomic_op::cmpxchg:
    case atomic_op::fcmpxchg:
      return static_cast<C>(old) == static_cast<C>(s1) ? s0 : old;
    case atomic_op::fadd:
      return fp_result<T>(o, a, +1);
    case atomic_op::fsub:
      return fp_result<T>(o, a, -1);
    default:
      return old;
  }
}

/// One call of each form of atomic_update<Op, T, N> on distinct addresses; old values and memory
/// against the oracle; masked-off lanes point far outside any mapping.
template <atomic_op Op, class T, int N>
void check_op(const std::string& name) {
  constexpr int kArgs = esimd::detail::get_num_args<Op>();
  constexpr int kStride = N > 1 ? 2 : 1;  // a view of every other element of `wide`
  buffer buf((N + 4) * sizeof(T));
  T* p = reinterpret_cast<T*>(buf.data());
  for (int form = 0; form < 4; ++form) {
    simd<uint64_t, N> off;
    for (int i = 0; i < N; ++i) off.elems()[i] = uint64_t(i) * sizeof(T);
    for (int i = N - 1; i > 0; --i) std::swap(off.elems()[i], off.elems()[rand() % (i + 1)]);
    simd_mask<N> m = form == 0 ? rand_mask<N>() : simd_mask<N>(1);
    simd<uint64_t, N> moff = off;
    for (int i = 0; i < N; ++i)
      if (!m[i]) moff.elems()[i] = 0x7ff0'0000'0000ull;
    simd<T, N> s0, s1;
    for (int i = 0; i < N; ++i) {
      s0.elems()[i] = operand<T>();
      // cmpxchg: half the lanes expect the current value, so both outcomes are exercised.
      s1.elems()[i] = (rand() & 1) ? elem_at<T>(buf.data(), off[i]) : operand<T>();
    }
    simd<T, N> r;
    const esimd::properties props{esimd::cache_hint_L1<esimd::cache_hint::uncached>,
                                  esimd::cache_hint_L2<esimd::cache_hint::write_back>};
    simd<uint64_t, 2 * N> wide;
    wide.template select<N, kStride>(1) = moff;
    if constexpr (kArgs == 0) {
      if (form == 0) r = esimd::atomic_update<Op, T, N>(p, moff, m);
      if (form == 1) r = esimd::atomic_update<Op, T, N>(p, off);
      if (form == 2)
        r = esimd::atomic_update<Op, T, N>(p, wide.template select<N, kStride>(1), m, props);
      if (form == 3) r = esimd::atomic_update<Op, T, N>(p, off, props);
    } else if constexpr (kArgs == 1) {
      if (form == 0) r = esimd::atomic_update<Op, T, N>(p, moff, s0, m);
      if (form == 1) r = esimd::atomic_update<Op, T, N>(p, off, s0);
      if (form == 2)
        r = esimd::atomic_update<Op, T, N>(p, wide.template select<N, kStride>(1), s0, m, props);
      if (form == 3) r = esimd::atomic_update<Op, T, N>(p, off, s0, props);
    } else {
      if (form == 0) r = esimd::atomic_update<Op, T, N>(p, moff, s0, s1, m);
      if (form == 1) r = esimd::atomic_update<Op, T, N>(p, off, s0, s1);
      if (form == 2)
        r = esimd::atomic_update<Op, T, N>(p, wide.template select<N, kStride>(1), s0, s1, m,
                                           props);
      if (form == 3) r = esimd::atomic_update<Op, T, N>(p, off, s0, s1, props);
    }
    for (int i = 0; i < N; ++i) {
      if (!m[i]) {
        ASSERT_TRUE(same_bits(T(r[i]), T(0))) << name << " form " << form << " masked lane " << i;
        continue;
      }
      const T old = elem_at<T>(buf.ref.data(), off[i]);
      ASSERT_TRUE(same_bits(T(r[i]), old))
          << name << " " << what<T, N>() << " form " << form << " lane " << i << " old";
      const T now = oracle<Op, T>(old, T(s0[i]), T(s1[i]));
      std::memcpy(buf.ref.data() + off[i], static_cast<const void*>(&now), sizeof(T));
    }
    ASSERT_EQ(buf.first_diff(), -1)
        << name << " " << what<T, N>() << " form " << form << ": memory";
  }
}

template <atomic_op Op, class... Ts>
void check_op_types(const std::string& name) {
  (for_each_n<1, 33>([&]<int N>() { check_op<Op, Ts, N>(name); }), ...);
}

}  // namespace atomic_test
