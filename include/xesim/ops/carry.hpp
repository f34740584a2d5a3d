// Integer ops of DPC++'s math.hpp that produce more than one result or mix element types:
// addc / subb (32-bit add with carry, subtract with borrow) and dp4a (4-way byte dot product
// with accumulate).
#pragma once

#include <cstdint>
#include <limits>

#include "xesim/ops/convert.hpp"

namespace xesim::esimd {
namespace detail::ops {

// ------------------------------ addc_core / subb_core
/// r[i] = low 32 bits of a[i] + b[i]; carry[i] = the 33rd bit (0 or 1).
template <int N>
XESIM_INLINE simd<uint32_t, N> addc_core(simd<uint32_t, N>& carry, const simd<uint32_t, N>& a,
                                         const simd<uint32_t, N>& b) {
  simd<uint32_t, N> r, c;
  for (int i = 0; i < N; ++i) {
    const uint64_t s = uint64_t{a.elems()[i]} + uint64_t{b.elems()[i]};
    r.elems()[i] = static_cast<uint32_t>(s);
    c.elems()[i] = static_cast<uint32_t>(s >> 32);
  }
  carry = c;
  return r;
}
/// r[i] = a[i] - b[i] modulo 2^32; borrow[i] = 1 where b[i] > a[i], else 0.
template <int N>
XESIM_INLINE simd<uint32_t, N> subb_core(simd<uint32_t, N>& borrow, const simd<uint32_t, N>& a,
                                         const simd<uint32_t, N>& b) {
  simd<uint32_t, N> r, c;
  for (int i = 0; i < N; ++i) {
    r.elems()[i] = a.elems()[i] - b.elems()[i];
    c.elems()[i] = b.elems()[i] > a.elems()[i] ? 1u : 0u;
  }
  borrow = c;
  return r;
}

// ------------------------------ dp4a_lane
/// acc + the dot product of the four bytes of x and y (each byte signed when its operand type
/// is), in 64 bits, then to T1: wrapped, or saturated when Sat.
template <class T1, class T2, class T3, class T4, bool Sat>
XESIM_INLINE T1 dp4a_lane(T2 acc, T3 x, T4 y) {
  int64_t s = static_cast<int64_t>(acc);
  for (int k = 0; k < 4; ++k) {
    const uint32_t bx = (static_cast<uint32_t>(x) >> (8 * k)) & 0xffu;
    const uint32_t by = (static_cast<uint32_t>(y) >> (8 * k)) & 0xffu;
    const int64_t vx = std::is_signed_v<T3> ? int64_t{static_cast<int8_t>(bx)} : int64_t{bx};
    const int64_t vy = std::is_signed_v<T4> ? int64_t{static_cast<int8_t>(by)} : int64_t{by};
    s += vx * vy;
  }
  if constexpr (Sat) return int_to_int_sat<T1>(s);
  else return static_cast<T1>(static_cast<uint64_t>(s));
}

}  // namespace detail::ops

// ------------------------------ addc
/// Sum of two unsigned 32-bit vectors; the carry out of each lane (0 or 1) goes to `carry`.
/// Pre: none. HW: addc (add with carry into acc0), all platforms.
template <int N>
XESIM_INLINE simd<uint32_t, N> addc(simd<uint32_t, N>& carry, simd<uint32_t, N> src0,
                                    simd<uint32_t, N> src1) {
  return detail::ops::addc_core<N>(carry, src0, src1);
}
/// addc of a vector and a scalar.
template <int N>
XESIM_INLINE simd<uint32_t, N> addc(simd<uint32_t, N>& carry, simd<uint32_t, N> src0,
                                    uint32_t src1) {
  return detail::ops::addc_core<N>(carry, src0, simd<uint32_t, N>(src1));
}
/// addc of a scalar and a vector.
template <int N>
XESIM_INLINE simd<uint32_t, N> addc(simd<uint32_t, N>& carry, uint32_t src0,
                                    simd<uint32_t, N> src1) {
  return detail::ops::addc_core<N>(carry, simd<uint32_t, N>(src0), src1);
}
/// addc of two scalars (carry is a scalar).
XESIM_INLINE uint32_t addc(uint32_t& carry, uint32_t src0, uint32_t src1) {
  simd<uint32_t, 1> c;
  const uint32_t r =
      detail::ops::addc_core<1>(c, simd<uint32_t, 1>(src0), simd<uint32_t, 1>(src1)).elems()[0];
  carry = c.elems()[0];
  return r;
}

// ------------------------------ subb
/// Difference of two unsigned 32-bit vectors (mod 2^32); `borrow` gets 1 where src1 > src0.
/// Pre: none. HW: subb (subtract with borrow into acc0), all platforms.
template <int N>
XESIM_INLINE simd<uint32_t, N> subb(simd<uint32_t, N>& borrow, simd<uint32_t, N> src0,
                                    simd<uint32_t, N> src1) {
  return detail::ops::subb_core<N>(borrow, src0, src1);
}
/// subb of a vector and a scalar.
template <int N>
XESIM_INLINE simd<uint32_t, N> subb(simd<uint32_t, N>& borrow, simd<uint32_t, N> src0,
                                    uint32_t src1) {
  return detail::ops::subb_core<N>(borrow, src0, simd<uint32_t, N>(src1));
}
/// subb of a scalar and a vector.
template <int N>
XESIM_INLINE simd<uint32_t, N> subb(simd<uint32_t, N>& borrow, uint32_t src0,
                                    simd<uint32_t, N> src1) {
  return detail::ops::subb_core<N>(borrow, simd<uint32_t, N>(src0), src1);
}
/// subb of two scalars (borrow is a scalar).
XESIM_INLINE uint32_t subb(uint32_t& borrow, uint32_t src0, uint32_t src1) {
  simd<uint32_t, 1> c;
  const uint32_t r =
      detail::ops::subb_core<1>(c, simd<uint32_t, 1>(src0), simd<uint32_t, 1>(src1)).elems()[0];
  borrow = c.elems()[0];
  return r;
}

// ------------------------------ dp4a
/// r[i] = src0[i] + sum over k < 4 of byte k of src1[i] * byte k of src2[i]; bytes are signed
/// when their operand's type is. Without saturation the sum wraps to T1; saturation_on clamps it
/// to T1's range (DPC++: any Sat but saturation_off_tag). Pre: T1..T4 32-bit integers.
/// HW: dp4a (DG2, PVC, Xe2; the DPC++ e2e test runs it on DG1).
template <class T1, class T2, class T3, class T4, int N, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<sizeof(T1) == 4 && sizeof(T2) == 4 && sizeof(T3) == 4 &&
                                  sizeof(T4) == 4 && std::is_integral_v<T1> &&
                                  std::is_integral_v<T2> && std::is_integral_v<T3> &&
                                  std::is_integral_v<T4>,
                              simd<T1, N>>
dp4a(simd<T2, N> src0, simd<T3, N> src1, simd<T4, N> src2, Sat = {}) {
  constexpr bool kSat = detail::ops::sat_on<Sat>();
  simd<T1, N> r;
  for (int i = 0; i < N; ++i)
    r.elems()[i] = detail::ops::dp4a_lane<T1, T2, T3, T4, kSat>(src0.elems()[i], src1.elems()[i],
                                                                 src2.elems()[i]);
  return r;
}

}  // namespace xesim::esimd
