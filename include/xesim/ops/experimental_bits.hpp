// The integer operations of DPC++'s experimental math (sycl::ext::intel::experimental::esimd):
// shl, shr, lsr, asr, rol, ror, popcount, clz, ctz, lzd, bf_reverse, bf_insert, bf_extract,
// imul, and the deprecated quot, mod, div. Template-argument orders, constraints and the
// saturation rule of each are DPC++'s (shl saturates only with saturation_on_tag; lsr, asr, shr
// with any Sat but saturation_off_tag).
#pragma once

#include <bit>
#include <cstdint>

#include "xesim/ops/convert.hpp"
#include "xesim/simd/dpcpp_detail.hpp"

namespace xesim::esimd {
namespace detail::ops {

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

/// x converted to To: wrapped, or clamped to To's range when Sat.
template <class To, bool Sat, class C>
XESIM_INLINE To int_result(C x) {
  if constexpr (Sat) return int_to_int_sat<To>(x);
  else return static_cast<To>(x);
}

// ------------------------------ shl_core
/// r[i] = src0[i] << (src1 & (width of C - 1)) computed in C = computation_type_t<T1, int32_t>,
/// then to T0 (wrapped; with Sat the exact shifted value clamped to T0's range).
/// `count(i)` gives lane i's shift count (one scalar for all lanes, or a vector's element).
template <class T0, class T1, int SZ, bool Sat, class Count>
XESIM_INLINE simd<T0, SZ> shl_core(const simd<T1, SZ>& src0, Count count) {
  using C = computation_type_t<T1, int32_t>;
  using UC = std::make_unsigned_t<C>;
  constexpr unsigned kMask = sizeof(C) * 8 - 1;
  simd<T0, SZ> r;
  for (int i = 0; i < SZ; ++i) {
    const unsigned n = static_cast<unsigned>(static_cast<UC>(static_cast<C>(count(i)))) & kMask;
    const C x = static_cast<C>(src0.elems()[i]);
    if constexpr (Sat) {
      // The exact value of x * 2^n as sign and magnitude (x has at most 64 bits, n < 64).
      bool neg = false;
      if constexpr (std::is_signed_v<C>) neg = x < 0;
      const u128 ux = neg ? static_cast<u128>(0) - static_cast<u128>(static_cast<i128>(x))
                          : static_cast<u128>(x);
      const u128 mag = ux << n;
      const i128 v = neg ? -static_cast<i128>(mag) : static_cast<i128>(mag);
      if constexpr (std::is_signed_v<T0>) {
        constexpr i128 kLo = std::numeric_limits<T0>::lowest();
        constexpr i128 kHi = std::numeric_limits<T0>::max();
        const i128 sv = neg ? (mag > static_cast<u128>(-kLo) ? kLo : v)
                            : (mag > static_cast<u128>(kHi) ? kHi : v);
        r.elems()[i] = static_cast<T0>(sv < kLo ? kLo : sv > kHi ? kHi : sv);
      } else {
        constexpr u128 kHi = std::numeric_limits<T0>::max();
        r.elems()[i] = neg ? T0(0) : mag > kHi ? static_cast<T0>(kHi) : static_cast<T0>(mag);
      }
    } else {
      r.elems()[i] = static_cast<T0>(static_cast<C>(static_cast<UC>(x) << n));
    }
  }
  return r;
}

/// Rotations in T1's width; the count is taken modulo the width.
template <bool Left, class T0, class T1, int SZ>
XESIM_INLINE simd<T0, SZ> rotate_core(const simd<T1, SZ>& src0, const simd<T1, SZ>& src1) {
  using UT = std::make_unsigned_t<T1>;
  simd<T0, SZ> r;
  for (int i = 0; i < SZ; ++i) {
    const UT x = static_cast<UT>(src0.elems()[i]);
    const int n = static_cast<int>(static_cast<UT>(src1.elems()[i]) % (sizeof(T1) * 8));
    r.elems()[i] = static_cast<T0>(static_cast<T1>(Left ? std::rotl(x, n) : std::rotr(x, n)));
  }
  return r;
}
template <class T>
inline constexpr bool is_rotate_type_v =
    is_type<T, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t>();

/// Bit field extract of `width` bits at `offset` (low 5 bits of each), sign-extended for signed T;
/// width 0 gives 0, a field past bit 31 gives src >> offset.
template <class T>
XESIM_INLINE T bfe_lane(T width, T offset, T src) {
  const unsigned w = static_cast<unsigned>(width) & 31u, o = static_cast<unsigned>(offset) & 31u;
  if (w == 0) return T(0);
  if (w + o < 32) {
    if constexpr (std::is_signed_v<T>) {
      const uint32_t up = static_cast<uint32_t>(src) << (32 - w - o);
      return static_cast<T>(static_cast<int32_t>(up) >> (32 - w));
    } else {
      return static_cast<T>((static_cast<uint32_t>(src) >> o) & ((1u << w) - 1u));
    }
  }
  return static_cast<T>(src >> o);
}
/// Bit field insert: `value`'s low `width` bits replace bits [offset, offset + width) of `base`.
template <class T>
XESIM_INLINE T bfi_lane(T width, T offset, T value, T base) {
  const unsigned w = static_cast<unsigned>(width) & 31u, o = static_cast<unsigned>(offset) & 31u;
  const uint32_t field = w == 0 ? 0u : ((w == 32 ? 0xffffffffu : (1u << w) - 1u) << o);
  return static_cast<T>((static_cast<uint32_t>(base) & ~field) |
                        ((static_cast<uint32_t>(value) << o) & field));
}

}  // namespace detail::ops

// shl, lsr, asr, shr, rol and ror are declared in sycl::ext::intel::esimd (DPC++ moved rol and
// ror there; Intel's tests call __ESIMD_NS::rol) and the experimental namespace names the same
// functions, so either spelling, and both `using namespace`s together, work.

// ------------------------------ shl
/// src0 << src1 per element, computed in computation_type_t<T1, int32_t> (count taken modulo
/// its width), converted to T0: wrapped, or with saturation_on (only that tag) the exact value
/// clamped to T0's range. Pre: T0, T1, U integral. HW: shl[.sat], all platforms.
template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T0> && std::is_integral_v<T1> &&
                                  std::is_integral_v<U>,
                              simd<T0, SZ>>
shl(simd<T1, SZ> src0, U src1, Sat = {}) {
  return detail::ops::shl_core<T0, T1, SZ, detail::ops::minmax_sat_on<Sat>()>(
      src0, [src1](int) { return src1; });
}
/// Per-lane counts: r[i] = src0[i] << src1[i], otherwise as the scalar-count form.
template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T0> && std::is_integral_v<T1> &&
                                  std::is_integral_v<U>,
                              simd<T0, SZ>>
shl(simd<T1, SZ> src0, simd<U, SZ> src1, Sat = {}) {
  return detail::ops::shl_core<T0, T1, SZ, detail::ops::minmax_sat_on<Sat>()>(
      src0, [&src1](int i) { return src1.elems()[i]; });
}
/// Scalar shl.
template <class T0, class T1, class T2, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::is_esimd_scalar_v<T0> && detail::is_esimd_scalar_v<T1> &&
                                  detail::is_esimd_scalar_v<T2> && std::is_integral_v<T0> &&
                                  std::is_integral_v<T1> && std::is_integral_v<T2>,
                              std::remove_const_t<T0>>
shl(T1 src0, T2 src1, Sat sat = {}) {
  return shl<T0, T1, 1, T2, Sat>(simd<T1, 1>(src0), src1, sat).elems()[0];
}

// ------------------------------ lsr
/// Logical shift right: src0 converted to the unsigned computation type of T1 (a negative
/// int8_t becomes a large unsigned int), shifted by src1, converted to T0 (saturated unless
/// Sat is saturation_off_tag). Pre: T0, T1, U integral. HW: shr, all platforms.
template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T0> && std::is_integral_v<T1> &&
                                  std::is_integral_v<U>,
                              simd<T0, SZ>>
lsr(simd<T1, SZ> src0, U src1, Sat = {}) {
  using C = std::make_unsigned_t<detail::computation_type_t<T1, T1>>;
  const simd<C, SZ> r = simd<C, SZ>(src0) >> simd<C, SZ>(src1);
  if constexpr (detail::ops::sat_on<Sat>()) return saturate<T0>(r);
  else return simd<T0, SZ>(r);
}
/// Per-lane counts.
template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T0> && std::is_integral_v<T1> &&
                                  std::is_integral_v<U>,
                              simd<T0, SZ>>
lsr(simd<T1, SZ> src0, simd<U, SZ> src1, Sat = {}) {
  using C = std::make_unsigned_t<detail::computation_type_t<T1, T1>>;
  const simd<C, SZ> r = simd<C, SZ>(src0) >> simd<C, SZ>(src1);
  if constexpr (detail::ops::sat_on<Sat>()) return saturate<T0>(r);
  else return simd<T0, SZ>(r);
}
template <class T0, class T1, class T2, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::is_esimd_scalar_v<T0> && detail::is_esimd_scalar_v<T1> &&
                                  detail::is_esimd_scalar_v<T2> && std::is_integral_v<T0> &&
                                  std::is_integral_v<T1> && std::is_integral_v<T2>,
                              std::remove_const_t<T0>>
lsr(T1 src0, T2 src1, Sat sat = {}) {
  return lsr<T0, T1, 1, T2, Sat>(simd<T1, 1>(src0), src1, sat).elems()[0];
}

// ------------------------------ asr
/// Arithmetic shift right: src0 converted to the signed computation type S of T1, then
/// `simd<S> >> src1` with the operator's promotion (an unsigned 32-bit src1 makes it a logical
/// shift, exactly as DPC++ computes it), converted to T0 (saturated unless saturation_off_tag).
/// Pre: T0, T1, U integral. HW: asr, all platforms.
template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T0> && std::is_integral_v<T1> &&
                                  std::is_integral_v<U>,
                              simd<T0, SZ>>
asr(simd<T1, SZ> src0, U src1, Sat = {}) {
  using S = std::make_signed_t<detail::computation_type_t<T1, T1>>;
  const simd<S, SZ> r = simd<S, SZ>(src0) >> src1;
  if constexpr (detail::ops::sat_on<Sat>()) return saturate<T0>(r);
  else return simd<T0, SZ>(r);
}
/// Per-lane counts (each lane shifted arithmetically by its own count).
template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T0> && std::is_integral_v<T1> &&
                                  std::is_integral_v<U>,
                              simd<T0, SZ>>
asr(simd<T1, SZ> src0, simd<U, SZ> src1, Sat = {}) {
  using S = std::make_signed_t<detail::computation_type_t<T1, T1>>;
  const simd<S, SZ> r = simd<S, SZ>(src0) >> simd<S, SZ>(src1);
  if constexpr (detail::ops::sat_on<Sat>()) return saturate<T0>(r);
  else return simd<T0, SZ>(r);
}
template <class T0, class T1, class T2, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::is_esimd_scalar_v<T0> && detail::is_esimd_scalar_v<T1> &&
                                  detail::is_esimd_scalar_v<T2> && std::is_integral_v<T0> &&
                                  std::is_integral_v<T1> && std::is_integral_v<T2>,
                              std::remove_const_t<T0>>
asr(T1 src0, T2 src1, Sat sat = {}) {
  return asr<T0, T1, 1, T2, Sat>(simd<T1, 1>(src0), src1, sat).elems()[0];
}

// ------------------------------ shr
/// lsr for unsigned T1, asr for signed T1.
template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T0> && std::is_integral_v<T1> &&
                                  std::is_integral_v<U>,
                              simd<T0, SZ>>
shr(simd<T1, SZ> src0, U src1, Sat sat = {}) {
  if constexpr (std::is_unsigned_v<T1>) return lsr<T0, T1, SZ, U, Sat>(src0, src1, sat);
  else return asr<T0, T1, SZ, U, Sat>(src0, src1, sat);
}
/// Per-lane counts.
template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T0> && std::is_integral_v<T1> &&
                                  std::is_integral_v<U>,
                              simd<T0, SZ>>
shr(simd<T1, SZ> src0, simd<U, SZ> src1, Sat sat = {}) {
  if constexpr (std::is_unsigned_v<T1>) return lsr<T0, T1, SZ, U, Sat>(src0, src1, sat);
  else return asr<T0, T1, SZ, U, Sat>(src0, src1, sat);
}
template <class T0, class T1, class T2, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::is_esimd_scalar_v<T0> && detail::is_esimd_scalar_v<T1> &&
                                  detail::is_esimd_scalar_v<T2> && std::is_integral_v<T0> &&
                                  std::is_integral_v<T1> && std::is_integral_v<T2>,
                              std::remove_const_t<T0>>
shr(T1 src0, T2 src1, Sat sat = {}) {
  return shr<T0, T1, 1, T2, Sat>(simd<T1, 1>(src0), src1, sat).elems()[0];
}

// ------------------------------ rol / ror
/// Rotate each element of src0 (in T1's width) left / right by src1 modulo the width, then
/// convert to T0 (wrapped). Pre: T0, T1 (and U) 16, 32 or 64-bit integers.
/// HW: rol / ror (Xe-HPG and later; emulated on Xe-LP).
#define XESIM_DEF_ROTATE(NAME, LEFT)                                                          \
  template <class T0, class T1, int SZ>                                                       \
  XESIM_INLINE std::enable_if_t<detail::ops::is_rotate_type_v<T0> &&                          \
                                    detail::ops::is_rotate_type_v<T1>,                        \
                                simd<T0, SZ>>                                                 \
  NAME(simd<T1, SZ> src0, simd<T1, SZ> src1) {                                                \
    return detail::ops::rotate_core<LEFT, T0, T1, SZ>(src0, src1);                            \
  }                                                                                           \
  template <class T0, class T1, int SZ, class U>                                              \
  XESIM_INLINE std::enable_if_t<detail::ops::is_rotate_type_v<T0> &&                          \
                                    detail::ops::is_rotate_type_v<T1> &&                      \
                                    detail::ops::is_rotate_type_v<U>,                         \
                                simd<T0, SZ>>                                                 \
  NAME(simd<T1, SZ> src0, U src1) {                                                           \
    return detail::ops::rotate_core<LEFT, T0, T1, SZ>(src0, simd<T1, SZ>(src1));              \
  }                                                                                           \
  template <class T0, class T1, class T2>                                                     \
  XESIM_INLINE std::enable_if_t<detail::ops::is_rotate_type_v<T0> &&                          \
                                    detail::ops::is_rotate_type_v<T1> &&                      \
                                    detail::ops::is_rotate_type_v<T2>,                        \
                                std::remove_const_t<T0>>                                      \
  NAME(T1 src0, T2 src1) {                                                                    \
    return detail::ops::rotate_core<LEFT, T0, T1, 1>(simd<T1, 1>(src0), simd<T1, 1>(src1))    \
        .elems()[0];                                                                          \
  }
XESIM_DEF_ROTATE(rol, true)
XESIM_DEF_ROTATE(ror, false)
#undef XESIM_DEF_ROTATE

namespace xesim_experimental {
using ::xesim::esimd::asr;
using ::xesim::esimd::lsr;
using ::xesim::esimd::rol;
using ::xesim::esimd::ror;
using ::xesim::esimd::shl;
using ::xesim::esimd::shr;

// ------------------------------ popcount / clz / ctz
/// Set bits / leading zeros / trailing zeros of each element in its own width (clz and ctz of
/// 0 are the width), as T. Pre: T integral, at most 4 bytes. HW: cbit / lzd / fbl.
#define XESIM_DEF_BITCOUNT(NAME, EXPR)                                                        \
  template <class T, int N>                                                                   \
  XESIM_INLINE std::enable_if_t<std::is_integral_v<T> && (sizeof(T) < 8), simd<T, N>> NAME(   \
      simd<T, N> vec) {                                                                       \
    simd<T, N> r;                                                                             \
    for (int i = 0; i < N; ++i) {                                                             \
      const auto u = static_cast<std::make_unsigned_t<T>>(vec.elems()[i]);                    \
      r.elems()[i] = static_cast<T>(EXPR);                                                    \
    }                                                                                         \
    return r;                                                                                 \
  }
XESIM_DEF_BITCOUNT(popcount, std::popcount(u))
XESIM_DEF_BITCOUNT(clz, std::countl_zero(u))
XESIM_DEF_BITCOUNT(ctz, std::countr_zero(u))
#undef XESIM_DEF_BITCOUNT

// ------------------------------ lzd
/// Leading zeros of each element converted to a 32-bit unsigned value (32 for 0), as RT.
/// Sat is accepted and ignored, as in DPC++. HW: lzd, all platforms.
template <class RT, class T0, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE simd<RT, SZ> lzd(simd<T0, SZ> src0, Sat = {}) {
  const simd<uint32_t, SZ> x(src0);
  simd<uint32_t, SZ> r;
  for (int i = 0; i < SZ; ++i) r.elems()[i] = static_cast<uint32_t>(std::countl_zero(x.elems()[i]));
  return simd<RT, SZ>(r);
}
template <class RT, class T0, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::is_esimd_scalar_v<RT> && detail::is_esimd_scalar_v<T0>,
                              std::remove_const_t<RT>>
lzd(T0 src0, Sat = {}) {
  return lzd<RT, T0, 1>(simd<T0, 1>(src0)).elems()[0];
}

// ------------------------------ bf_reverse / bf_insert / bf_extract
/// Bits of each element, converted to a 32-bit unsigned value, in reverse order; as T0.
/// HW: bfrev, all platforms.
template <class T0, class T1, int SZ>
XESIM_INLINE simd<T0, SZ> bf_reverse(simd<T1, SZ> src0) {
  const simd<uint32_t, SZ> x(src0);
  simd<uint32_t, SZ> r;
  for (int i = 0; i < SZ; ++i) {
    uint32_t v = x.elems()[i], b = 0;
    for (int k = 0; k < 32; ++k) b |= ((v >> k) & 1u) << (31 - k);
    r.elems()[i] = b;
  }
  return simd<T0, SZ>(r);
}
template <class T0, class T1>
XESIM_INLINE std::enable_if_t<detail::is_esimd_scalar_v<T0> && detail::is_esimd_scalar_v<T1>,
                              std::remove_const_t<T0>>
bf_reverse(T1 src0) {
  return bf_reverse<T0, T1, 1>(simd<T1, 1>(src0)).elems()[0];
}
/// Inserts the low src0 (width) bits of src2 at bit src1 (offset) of src3, in T1's 32-bit
/// type (dword_type); as T0. HW: bfi, all platforms.
template <class T0, class T1, int SZ, class U, class V, class W>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T1>, simd<T0, SZ>> bf_insert(U src0, V src1,
                                                                             W src2,
                                                                             simd<T1, SZ> src3) {
  using D = typename detail::dword_type<T1>::type;
  static_assert(std::is_integral_v<D> && sizeof(D) == 4,
                "bf_insert: the base operand must be an integer of at most 4 bytes");
  const simd<D, SZ> w(src0), o(src1), v(src2), b(src3);
  simd<D, SZ> r;
  for (int i = 0; i < SZ; ++i)
    r.elems()[i] = detail::ops::bfi_lane<D>(w.elems()[i], o.elems()[i], v.elems()[i], b.elems()[i]);
  return simd<T0, SZ>(r);
}
template <class T0, class T1, class T2, class T3, class T4>
XESIM_INLINE std::enable_if_t<detail::is_esimd_scalar_v<T0> && detail::is_esimd_scalar_v<T4>,
                              std::remove_const_t<T0>>
bf_insert(T1 src0, T2 src1, T3 src2, T4 src3) {
  return bf_insert<T0, T4, 1>(src0, src1, src2, simd<T4, 1>(src3)).elems()[0];
}
/// Extracts src0 (width) bits at bit src1 (offset) of src2, sign-extended when T1's 32-bit type
/// is signed; as T0. HW: bfe, all platforms.
template <class T0, class T1, int SZ, class U, class V>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T1>, simd<T0, SZ>> bf_extract(U src0, V src1,
                                                                              simd<T1, SZ> src2) {
  using D = typename detail::dword_type<T1>::type;
  static_assert(std::is_integral_v<D> && sizeof(D) == 4,
                "bf_extract: the source operand must be an integer of at most 4 bytes");
  const simd<D, SZ> w(src0), o(src1), s(src2);
  simd<D, SZ> r;
  for (int i = 0; i < SZ; ++i)
    r.elems()[i] = detail::ops::bfe_lane<D>(w.elems()[i], o.elems()[i], s.elems()[i]);
  return simd<T0, SZ>(r);
}
template <class T0, class T1, class T2, class T3>
XESIM_INLINE std::enable_if_t<detail::is_esimd_scalar_v<T0> && detail::is_esimd_scalar_v<T3>,
                              std::remove_const_t<T0>>
bf_extract(T1 src0, T2 src1, T3 src2) {
  return bf_extract<T0, T3, 1>(src0, src1, simd<T3, 1>(src2)).elems()[0];
}

// ------------------------------ imul
/// The 64-bit product of two 32-bit integers (signed when computation_type_t<T0, T1> is): the
/// low 32 bits go to rmd, the high 32 bits are returned, both as T. Pre: T, T0, T1 32-bit
/// integers. HW: mul + mach, all platforms.
template <class T, class T0, class T1, int N>
XESIM_INLINE simd<T, N> imul_impl(simd<T, N>& rmd, simd<T0, N> src0, simd<T1, N> src1) {
  static_assert(detail::is_dword_type<T>::value && detail::is_dword_type<T0>::value &&
                    detail::is_dword_type<T1>::value,
                "imul: expected 32-bit integer vector operands");
  using C32 = detail::computation_type_t<T0, T1>;
  using C64 = std::conditional_t<std::is_signed_v<C32>, int64_t, uint64_t>;
  simd<T, N> hi, lo;
  for (int i = 0; i < N; ++i) {
    const C64 p = static_cast<C64>(static_cast<C32>(src0.elems()[i])) *
                  static_cast<C64>(static_cast<C32>(src1.elems()[i]));
    lo.elems()[i] = static_cast<T>(static_cast<uint32_t>(static_cast<uint64_t>(p)));
    hi.elems()[i] = static_cast<T>(static_cast<uint32_t>(static_cast<uint64_t>(p) >> 32));
  }
  rmd = lo;
  return hi;
}
template <class T, class T0, class T1, int N>
XESIM_INLINE simd<T, N> imul(simd<T, N>& rmd, simd<T0, N> src0, simd<T1, N> src1) {
  return imul_impl<T, T0, T1, N>(rmd, src0, src1);
}
template <class T, class T0, class T1, int N>
XESIM_INLINE std::enable_if_t<detail::is_dword_type<T1>::value, simd<T, N>> imul(
    simd<T, N>& rmd, simd<T0, N> src0, T1 src1) {
  return imul_impl<T, T0, T1, N>(rmd, src0, simd<T1, N>(src1));
}
template <class T, class T0, class T1, int N>
XESIM_INLINE std::enable_if_t<detail::is_dword_type<T0>::value, simd<T, N>> imul(
    simd<T, N>& rmd, T0 src0, simd<T1, N> src1) {
  return imul_impl<T, T0, T1, N>(rmd, simd<T0, N>(src0), src1);
}
template <class T, class T0, class T1>
XESIM_INLINE std::enable_if_t<detail::is_dword_type<T>::value && detail::is_dword_type<T0>::value &&
                                  detail::is_dword_type<T1>::value,
                              T>
imul(T& rmd, T0 src0, T1 src1) {
  simd<T, 1> r;
  const T hi = imul_impl<T, T0, T1, 1>(r, simd<T0, 1>(src0), simd<T1, 1>(src1)).elems()[0];
  rmd = r.elems()[0];
  return hi;
}

// ------------------------------ quot / mod / div (deprecated in DPC++)
/// src0 / src1, src0 % src1 with the operators' rules (x / 0 never traps, see operators.hpp).
template <class T, int SZ, class U>
[[deprecated("Use: src0 / src1;")]] XESIM_INLINE
    std::enable_if_t<std::is_integral_v<T> && std::is_integral_v<U>, simd<T, SZ>>
    quot(simd<T, SZ> src0, U src1) {
  return simd<T, SZ>(src0 / src1);
}
template <class T0, class T1>
[[deprecated("Use: src0 / src1;")]] XESIM_INLINE
    std::enable_if_t<detail::is_esimd_scalar_v<T0> && detail::is_esimd_scalar_v<T1> &&
                         std::is_integral_v<T0> && std::is_integral_v<T1>,
                     std::remove_const_t<T0>>
    quot(T0 src0, T1 src1) {
  return static_cast<T0>((simd<T0, 1>(src0) / src1).elems()[0]);
}
template <class T, int SZ, class U>
[[deprecated("Use: src0 % src1;")]] XESIM_INLINE
    std::enable_if_t<std::is_integral_v<T> && std::is_integral_v<U>, simd<T, SZ>>
    mod(simd<T, SZ> src0, U src1) {
  return simd<T, SZ>(src0 % src1);
}
template <class T0, class T1>
[[deprecated("Use: src0 % src1;")]] XESIM_INLINE
    std::enable_if_t<detail::is_esimd_scalar_v<T0> && detail::is_esimd_scalar_v<T1> &&
                         std::is_integral_v<T0> && std::is_integral_v<T1>,
                     std::remove_const_t<T0>>
    mod(T0 src0, T1 src1) {
  return static_cast<T0>((simd<T0, 1>(src0) % src1).elems()[0]);
}
/// Quotient returned, remainder through `remainder`.
template <class T, int SZ, class U>
[[deprecated("Use: T res = src0 / src1; T remainder = src0 % src1;")]] XESIM_INLINE
    std::enable_if_t<std::is_integral_v<T> && std::is_integral_v<U>, simd<T, SZ>>
    div(simd<T, SZ>& remainder, simd<T, SZ> src0, U src1) {
  remainder = simd<T, SZ>(src0 % src1);
  return simd<T, SZ>(src0 / src1);
}
template <class T, int SZ, class U>
[[deprecated("Use: T res = src0 / src1; T remainder = src0 % src1;")]] XESIM_INLINE
    std::enable_if_t<std::is_integral_v<T> && std::is_integral_v<U> &&
                         detail::is_esimd_scalar_v<U>,
                     simd<T, SZ>>
    div(simd<T, SZ>& remainder, U src0, simd<T, SZ> src1) {
  remainder = simd<T, SZ>(src0 % src1);
  return simd<T, SZ>(src0 / src1);
}
template <class RT, class T0, class T1>
[[deprecated("Use: T res = src0 / src1; T remainder = src0 % src1;")]] XESIM_INLINE
    std::enable_if_t<detail::is_esimd_scalar_v<RT> && detail::is_esimd_scalar_v<T0> &&
                         detail::is_esimd_scalar_v<T1>,
                     std::remove_const_t<RT>>
    div(simd<std::remove_const_t<RT>, 1>& remainder, T0 src0, T1 src1) {
  remainder = simd<std::remove_const_t<RT>, 1>((simd<T0, 1>(src0) % src1));
  return static_cast<RT>((simd<T0, 1>(src0) / src1).elems()[0]);
}

}  // namespace xesim_experimental
}  // namespace xesim::esimd
