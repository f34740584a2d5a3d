// The extended-math functions (the GPU's "math" instruction): inv, sqrt, sqrt_ieee, rsqrt, exp2,
// log2, exp, log, sin, cos, pow, div_ieee, with DPC++'s vector and scalar forms.
// Element types, as DPC++ accepts them: half, bfloat16, tfloat32 and float ("math types"); the
// IEEE forms sqrt_ieee and div_ieee take float, tfloat32 and double; sqrt and rsqrt also take
// double. half / bfloat16 / tfloat32 lanes are computed in float and rounded once.
// Every function takes a last `Sat` argument: saturation_on clamps the result to [0, 1].
// Accuracy: sqrt, sqrt_ieee, inv, div_ieee are correctly rounded (in float for the 16-bit types);
// rsqrt is 1/sqrt(x) (two roundings, < 1.5 ulp); exp2, exp, log2, log are the vectorised kernels of
// detail/fast_math.hpp (exp2, exp, log < 1 ulp; log2 < 2 ulp; measured there); sin, cos, pow
// are the C library's (scalar calls).
#pragma once

#include <cmath>

#include "xesim/ops/detail/fast_math.hpp"
#include "xesim/ops/detail/sqrt.hpp"
#include "xesim/ops/saturation.hpp"

namespace xesim::esimd {
namespace detail::ops {

/// Element types of the extended math (DPC++: generic floating point, at most 4 bytes).
template <class T>
inline constexpr bool is_emath_type_v = is_generic_floating_point_v<std::remove_cv_t<T>> &&
                                        sizeof(T) <= 4;
/// Element types of the IEEE forms (generic floating point, at least 4 bytes).
template <class T>
inline constexpr bool is_ieee_math_type_v = is_generic_floating_point_v<std::remove_cv_t<T>> &&
                                            sizeof(T) >= 4;

enum class math_fn { inv, sqrt, rsqrt, exp2, log2, exp, log, sin, cos };

/// One lane of a unary math function in C (float or double).
template <math_fn F, class C>
XESIM_INLINE C math_lane(C x) {
  if constexpr (F == math_fn::inv) return C(1) / x;
  if constexpr (F == math_fn::exp2) return exp2_f32(x);
  if constexpr (F == math_fn::log2) return log2_f32(x);
  if constexpr (F == math_fn::exp) return exp_f32(x);
  if constexpr (F == math_fn::log) return log_f32(x);
  if constexpr (F == math_fn::sin) return std::sin(x);
  if constexpr (F == math_fn::cos) return std::cos(x);
}

/// The one implementation behind every unary math function: lanes in math_t<T>, then `.sat`.
template <math_fn F, class T, int N, class Sat>
XESIM_INLINE simd<T, N> unary_math(const simd<T, N>& x) {
  using C = math_t<T>;
  simd<T, N> r;
  if constexpr (F == math_fn::sqrt) {
    r = map_blocks(x, []<int M>(const C* in, C* out) { sqrt_n<M>(in, out); });
  } else if constexpr (F == math_fn::rsqrt) {
    r = map_blocks(x, []<int M>(const C* in, C* out) {
      sqrt_n<M>(in, out);
      map_n<M>(out, out, [](C s) { return C(1) / s; });
    });
  } else {
    r = map_lanes(x, [](C v) { return math_lane<F, C>(v); });
  }
  if constexpr (sat_on<Sat>()) r = map_lanes(r, [](C v) { return sat_unit(v); });
  XESIM_PROF(profile::count_alu<profile::alu_kind::math, N, sizeof(T)>();)
  return r;
}

template <class T, int N, class Sat>
XESIM_INLINE simd<T, N> pow_core(const simd<T, N>& a, const simd<T, N>& b) {
  using C = math_t<T>;
  simd<T, N> r = map2_lanes(a, b, [](C x, C y) { return std::pow(x, y); });
  if constexpr (sat_on<Sat>()) r = map_lanes(r, [](C v) { return sat_unit(v); });
  XESIM_PROF(profile::count_alu<profile::alu_kind::math, N, sizeof(T)>();)
  return r;
}
template <class T, int N, class Sat>
XESIM_INLINE simd<T, N> div_core(const simd<T, N>& a, const simd<T, N>& b) {
  using C = math_t<T>;
  simd<T, N> r = map2_lanes(a, b, [](C x, C y) { return x / y; });
  if constexpr (sat_on<Sat>()) r = map_lanes(r, [](C v) { return sat_unit(v); });
  XESIM_PROF(profile::count_alu<profile::alu_kind::math, N, sizeof(T)>();)
  return r;
}

}  // namespace detail::ops

// Each function has a vector form `f<T, N, Sat>(simd<T, N>, Sat = {})` (static_assert on T) and a
// scalar form `f<T, Sat>(T, Sat = {})` that only exists for the legal T (as DPC++'s enable_if, so
// that f(2) still finds ::f(double) from <cmath>).
#define XESIM_EMATH_STATIC_CHECK(name, cond, legal) \
  static_assert(cond<T>, #name ": element type must be " legal)
#define XESIM_EMATH_LEGAL "half, bfloat16, tfloat32 or float"
#define XESIM_IEEE_LEGAL "float, tfloat32 or double"

// ------------------------------ inv
/// 1 / x per element, correctly rounded. Pre: T a math type (see top). HW: math.inv, all
/// platforms (the GPU's is 1 ulp).
template <class T, int N, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> inv(simd<T, N> src, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(inv, detail::ops::is_emath_type_v, XESIM_EMATH_LEGAL);
  return detail::ops::unary_math<detail::ops::math_fn::inv, T, N, Sat>(src);
}
template <class T, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_emath_type_v<T>>>
XESIM_INLINE T inv(T src, Sat = {}) {
  return detail::ops::unary_math<detail::ops::math_fn::inv, T, 1, Sat>(simd<T, 1>(src)).elems()[0];
}

// ------------------------------ log2
/// log2(x) per element (IEEE specials: log2(0) = -inf, log2(x<0) = NaN). < 2 ulp.
/// Pre: T a math type. HW: math.log, all platforms (2^-21 abs. error on [0.5, 2], rel. elsewhere).
template <class T, int N, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> log2(simd<T, N> src, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(log2, detail::ops::is_emath_type_v, XESIM_EMATH_LEGAL);
  return detail::ops::unary_math<detail::ops::math_fn::log2, T, N, Sat>(src);
}
template <class T, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_emath_type_v<T>>>
XESIM_INLINE T log2(T src, Sat = {}) {
  return detail::ops::unary_math<detail::ops::math_fn::log2, T, 1, Sat>(simd<T, 1>(src)).elems()[0];
}

// ------------------------------ exp2
/// 2^x per element (exp2(-inf) = 0, overflow -> inf, subnormal results kept). < 1 ulp.
/// Pre: T a math type. HW: math.exp, all platforms (4 ulp).
template <class T, int N, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> exp2(simd<T, N> src, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(exp2, detail::ops::is_emath_type_v, XESIM_EMATH_LEGAL);
  return detail::ops::unary_math<detail::ops::math_fn::exp2, T, N, Sat>(src);
}
template <class T, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_emath_type_v<T>>>
XESIM_INLINE T exp2(T src, Sat = {}) {
  return detail::ops::unary_math<detail::ops::math_fn::exp2, T, 1, Sat>(simd<T, 1>(src)).elems()[0];
}

// ------------------------------ log
/// Natural logarithm per element, < 1 ulp (DPC++ computes log2(x) * ln2 on the GPU).
/// Pre: T a math type. HW: math.log + mul, all platforms.
template <class T, int N, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> log(simd<T, N> src, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(log, detail::ops::is_emath_type_v, XESIM_EMATH_LEGAL);
  return detail::ops::unary_math<detail::ops::math_fn::log, T, N, Sat>(src);
}
template <class T, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_emath_type_v<T>>>
XESIM_INLINE T log(T src, Sat = {}) {
  return detail::ops::unary_math<detail::ops::math_fn::log, T, 1, Sat>(simd<T, 1>(src)).elems()[0];
}

// ------------------------------ exp
/// e^x per element, < 1 ulp (DPC++ computes exp2(x * log2(e)) on the GPU, less accurate for
/// large |x|). Pre: T a math type. HW: mul + math.exp, all platforms.
template <class T, int N, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> exp(simd<T, N> src, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(exp, detail::ops::is_emath_type_v, XESIM_EMATH_LEGAL);
  return detail::ops::unary_math<detail::ops::math_fn::exp, T, N, Sat>(src);
}
template <class T, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_emath_type_v<T>>>
XESIM_INLINE T exp(T src, Sat = {}) {
  return detail::ops::unary_math<detail::ops::math_fn::exp, T, 1, Sat>(simd<T, 1>(src)).elems()[0];
}

// ------------------------------ sqrt
/// Square root per element, correctly rounded (the GPU's math.sqrt is 4 ulp; for double it is
/// sqrt_ieee). Pre: T a math type or double. HW: math.sqrt (double: math.sqrt_ieee).
template <class T, int N, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> sqrt(simd<T, N> src, Sat = {}) {
  static_assert(detail::ops::is_emath_type_v<T> || std::is_same_v<T, double>,
                "sqrt: element type must be half, bfloat16, tfloat32, float or double");
  return detail::ops::unary_math<detail::ops::math_fn::sqrt, T, N, Sat>(src);
}
template <class T, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_emath_type_v<T> || std::is_same_v<T, double>>>
XESIM_INLINE T sqrt(T src, Sat = {}) {
  return detail::ops::unary_math<detail::ops::math_fn::sqrt, T, 1, Sat>(simd<T, 1>(src)).elems()[0];
}

// ------------------------------ sqrt_ieee
/// IEEE 754 square root per element (correctly rounded). Pre: T float, tfloat32 or double.
/// HW: math.sqrt_ieee (DG2, PVC, Xe2; emulated where absent).
template <class T, int N, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> sqrt_ieee(simd<T, N> src, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(sqrt_ieee, detail::ops::is_ieee_math_type_v, XESIM_IEEE_LEGAL);
  return detail::ops::unary_math<detail::ops::math_fn::sqrt, T, N, Sat>(src);
}
template <class T, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_ieee_math_type_v<T>>>
XESIM_INLINE T sqrt_ieee(T src, Sat = {}) {
  return detail::ops::unary_math<detail::ops::math_fn::sqrt, T, 1, Sat>(simd<T, 1>(src)).elems()[0];
}

// ------------------------------ rsqrt
/// 1 / sqrt(x) per element (two roundings: < 1.5 ulp). Pre: T a math type or double.
/// HW: math.rsqt, all platforms (4 ulp); double: 1 / sqrt_ieee.
template <class T, int N, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> rsqrt(simd<T, N> src, Sat = {}) {
  static_assert(detail::ops::is_emath_type_v<T> || std::is_same_v<T, double>,
                "rsqrt: element type must be half, bfloat16, tfloat32, float or double");
  return detail::ops::unary_math<detail::ops::math_fn::rsqrt, T, N, Sat>(src);
}
template <class T, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_emath_type_v<T> || std::is_same_v<T, double>>>
XESIM_INLINE T rsqrt(T src, Sat = {}) {
  return detail::ops::unary_math<detail::ops::math_fn::rsqrt, T, 1, Sat>(simd<T, 1>(src))
      .elems()[0];
}

// ------------------------------ sin
/// sin(x) per element (radians; the C library's, not vectorised). Pre: T a math type.
/// HW: math.sin, all platforms (abs. error <= 0.0008 on [-32767 pi, 32767 pi]).
template <class T, int N, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> sin(simd<T, N> src, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(sin, detail::ops::is_emath_type_v, XESIM_EMATH_LEGAL);
  return detail::ops::unary_math<detail::ops::math_fn::sin, T, N, Sat>(src);
}
template <class T, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_emath_type_v<T>>>
XESIM_INLINE T sin(T src, Sat = {}) {
  return detail::ops::unary_math<detail::ops::math_fn::sin, T, 1, Sat>(simd<T, 1>(src)).elems()[0];
}

// ------------------------------ cos
/// cos(x) per element (radians; the C library's, not vectorised). Pre: T a math type.
/// HW: math.cos, all platforms (abs. error <= 0.0008 on [-32767 pi, 32767 pi]).
template <class T, int N, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> cos(simd<T, N> src, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(cos, detail::ops::is_emath_type_v, XESIM_EMATH_LEGAL);
  return detail::ops::unary_math<detail::ops::math_fn::cos, T, N, Sat>(src);
}
template <class T, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_emath_type_v<T>>>
XESIM_INLINE T cos(T src, Sat = {}) {
  return detail::ops::unary_math<detail::ops::math_fn::cos, T, 1, Sat>(simd<T, 1>(src)).elems()[0];
}

// ------------------------------ pow
/// src0 ^ src1 per element; src1's elements are first converted to T (convert rules). The C
/// library's powf (IEEE specials: pow(x<0, non-integer) = NaN). Pre: T a math type.
/// HW: math.pow (all platforms but DG2 and PVC, where it is emulated).
template <class T, int N, class U, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> pow(simd<T, N> src0, simd<U, N> src1, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(pow, detail::ops::is_emath_type_v, XESIM_EMATH_LEGAL);
  return detail::ops::pow_core<T, N, Sat>(src0, convert<T>(src1));
}
/// pow with a scalar exponent for every element.
template <class T, int N, class U, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_esimd_scalar_v<U>>>
XESIM_INLINE simd<T, N> pow(simd<T, N> src0, U src1, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(pow, detail::ops::is_emath_type_v, XESIM_EMATH_LEGAL);
  return detail::ops::pow_core<T, N, Sat>(src0, simd<T, N>(src1));
}
/// pow of two scalars (src1 converted to T).
template <
    class T, class U, class Sat = saturation_off_tag,
    class = std::enable_if_t<detail::ops::is_emath_type_v<T> && detail::ops::is_esimd_scalar_v<U>>>
XESIM_INLINE T pow(T src0, U src1, Sat = {}) {
  return detail::ops::pow_core<T, 1, Sat>(simd<T, 1>(src0), simd<T, 1>(src1)).elems()[0];
}

// ------------------------------ div_ieee
/// IEEE 754 division src0 / src1 per element (src1 converted to T first). Pre: T float,
/// tfloat32 or double. HW: the IEEE divide macro sequence (DG2, PVC, Xe2).
template <class T, int N, class U, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, N> div_ieee(simd<T, N> src0, simd<U, N> src1, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(div_ieee, detail::ops::is_ieee_math_type_v, XESIM_IEEE_LEGAL);
  return detail::ops::div_core<T, N, Sat>(src0, convert<T>(src1));
}
/// div_ieee by one scalar for every element.
template <class T, int N, class U, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_esimd_scalar_v<U>>>
XESIM_INLINE simd<T, N> div_ieee(simd<T, N> src0, U src1, Sat = {}) {
  XESIM_EMATH_STATIC_CHECK(div_ieee, detail::ops::is_ieee_math_type_v, XESIM_IEEE_LEGAL);
  return detail::ops::div_core<T, N, Sat>(src0, simd<T, N>(src1));
}
/// div_ieee of two scalars.
template <class T, class U, class Sat = saturation_off_tag,
          class = std::enable_if_t<detail::ops::is_ieee_math_type_v<T> &&
                                   detail::ops::is_esimd_scalar_v<U>>>
XESIM_INLINE T div_ieee(T src0, U src1, Sat = {}) {
  return detail::ops::div_core<T, 1, Sat>(simd<T, 1>(src0), simd<T, 1>(src1)).elems()[0];
}

#undef XESIM_EMATH_STATIC_CHECK
#undef XESIM_EMATH_LEGAL
#undef XESIM_IEEE_LEGAL

}  // namespace xesim::esimd
