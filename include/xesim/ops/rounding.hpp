// Rounding to integral values: rndd / floor, rndu / ceil, rnde, rndz / trunc, and
// experimental::frc. As in DPC++, the input is always simd<float, N> (or a float) and the result
// is converted to the requested element type RT (convert rules: to integers round toward zero
// and saturate, NaN -> 0). With saturation_on the float result is first clamped to [0, 1].
// Lanes are branch-free float code (the 2^23 trick) that g++ -O2 vectorises; std::floor is
// left scalar by g++ 12 at -O2.
#pragma once

#include "xesim/ops/convert.hpp"

namespace xesim::esimd {
namespace detail::ops {

/// x rounded to the nearest integer, ties to even; +-0, +-inf and NaN unchanged, sign kept
/// (rnde(-0.3) == -0). Floats of magnitude >= 2^23 are already integers.
XESIM_INLINE float rnde_lane(float x) {
  constexpr float kTwo23 = 8388608.0f;
  const float ax = abs_bits(x);
  const float r = (ax + kTwo23) - kTwo23;  // exact in round-to-nearest-even mode
  return copy_sign(ax < kTwo23 ? r : ax, x);
}
/// floor and ceil from rnde; the result always has x's sign (ceil(-0.5) == -0).
XESIM_INLINE float rndd_lane(float x) {
  const float r = rnde_lane(x);
  return copy_sign(r > x ? r - 1.0f : r, x);
}
XESIM_INLINE float rndu_lane(float x) {
  const float r = rnde_lane(x);
  return copy_sign(r < x ? r + 1.0f : r, x);
}
XESIM_INLINE float rndz_lane(float x) { return copy_sign(rndd_lane(abs_bits(x)), x); }
/// x - floor(x): in [0, 1) (may round up to 1.0f for tiny negative x); +-inf -> NaN.
XESIM_INLINE float frc_lane(float x) { return x - rndd_lane(x); }

enum class round_fn { down, up, even, zero };

/// The one implementation behind rndd/rndu/rnde/rndz and their floor/ceil/trunc aliases.
template <round_fn F, class RT, int N, class Sat>
XESIM_INLINE simd<RT, N> round_core(const simd<float, N>& x) {
  simd<float, N> r = map_lanes(x, [](float v) {
    if constexpr (F == round_fn::down) return rndd_lane(v);
    if constexpr (F == round_fn::up) return rndu_lane(v);
    if constexpr (F == round_fn::even) return rnde_lane(v);
    if constexpr (F == round_fn::zero) return rndz_lane(v);
  });
  if constexpr (sat_on<Sat>()) r = map_lanes(r, [](float v) { return sat_unit(v); });
  return convert<RT>(r);
}

}  // namespace detail::ops

// ------------------------------ rndd
/// Rounds each element down (toward -inf), result converted to RT. Pre: none.
/// HW: rndd, all platforms.
template <class RT, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE simd<RT, SZ> rndd(simd<float, SZ> src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::down, RT, SZ, Sat>(src0);
}
template <class RT, class Sat = saturation_off_tag>
XESIM_INLINE RT rndd(float src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::down, RT, 1, Sat>(simd<float, 1>(src0))
      .elems()[0];
}

// ------------------------------ rndu
/// Rounds each element up (toward +inf), result converted to RT. Pre: none.
/// HW: rndu (rndd of the negation on Gen12+), all platforms.
template <class RT, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE simd<RT, SZ> rndu(simd<float, SZ> src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::up, RT, SZ, Sat>(src0);
}
template <class RT, class Sat = saturation_off_tag>
XESIM_INLINE RT rndu(float src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::up, RT, 1, Sat>(simd<float, 1>(src0))
      .elems()[0];
}

// ------------------------------ rnde
/// Rounds each element to the nearest integer, ties to even (2.5 -> 2, -0.5 -> -0), result
/// converted to RT. Pre: none. HW: rnde, all platforms.
template <class RT, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE simd<RT, SZ> rnde(simd<float, SZ> src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::even, RT, SZ, Sat>(src0);
}
template <class RT, class Sat = saturation_off_tag>
XESIM_INLINE RT rnde(float src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::even, RT, 1, Sat>(simd<float, 1>(src0))
      .elems()[0];
}

// ------------------------------ rndz
/// Rounds each element toward zero, result converted to RT. Pre: none. HW: rndz, all platforms.
template <class RT, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE simd<RT, SZ> rndz(simd<float, SZ> src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::zero, RT, SZ, Sat>(src0);
}
template <class RT, class Sat = saturation_off_tag>
XESIM_INLINE RT rndz(float src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::zero, RT, 1, Sat>(simd<float, 1>(src0))
      .elems()[0];
}

// ------------------------------ floor / ceil / trunc
/// floor<RT>(v) is rndd<RT>(v); ceil is rndu; trunc is rndz (DPC++'s aliases, same forms).
/// HW: rndd / rndu / rndz.
template <class RT, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE simd<RT, SZ> floor(const simd<float, SZ> src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::down, RT, SZ, Sat>(src0);
}
template <class RT, class Sat = saturation_off_tag>
XESIM_INLINE RT floor(float src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::down, RT, 1, Sat>(simd<float, 1>(src0))
      .elems()[0];
}
template <class RT, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE simd<RT, SZ> ceil(const simd<float, SZ> src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::up, RT, SZ, Sat>(src0);
}
template <class RT, class Sat = saturation_off_tag>
XESIM_INLINE RT ceil(float src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::up, RT, 1, Sat>(simd<float, 1>(src0))
      .elems()[0];
}
template <class RT, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE simd<RT, SZ> trunc(const simd<float, SZ>& src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::zero, RT, SZ, Sat>(src0);
}
template <class RT, class Sat = saturation_off_tag>
XESIM_INLINE RT trunc(float src0, Sat = {}) {
  return detail::ops::round_core<detail::ops::round_fn::zero, RT, 1, Sat>(simd<float, 1>(src0))
      .elems()[0];
}

namespace xesim_experimental {

// ------------------------------ frc (experimental)
/// Fraction x - floor(x) per element, computed in float and converted back to T: in [0, 1)
/// (1.0f when a tiny negative x rounds up), +-inf -> NaN. DPC++ has it in
/// sycl::ext::intel::experimental::esimd. Pre: none. HW: frc, all platforms.
template <class T, int SZ>
XESIM_INLINE simd<T, SZ> frc(simd<T, SZ> src0) {
  const simd<float, SZ> x = convert<float>(src0);
  return convert<T>(detail::ops::map_lanes(x, [](float v) { return detail::ops::frc_lane(v); }));
}
template <class T, class = std::enable_if_t<detail::ops::is_esimd_scalar_v<T>>>
XESIM_INLINE T frc(T src0) {
  return frc<T, 1>(simd<T, 1>(src0)).elems()[0];
}

}  // namespace xesim_experimental
}  // namespace xesim::esimd
