// convert<To>(v) and saturate<To>(v): element type conversions of whole vectors.
// Lane semantics are the GPU's mov (DPC++'s convert_vector):
//   integer -> narrower integer      keeps the low bits (wraps);
//   floating -> integer              rounds toward zero and saturates, NaN -> 0 (never C++ UB);
//   -> half / bfloat16               round to nearest even, through float (as DPC++'s classes);
//   double -> half                   rounded once, correctly (xesim::half(double));
//   -> tfloat32                      round to nearest even to 10 mantissa bits (the GPU's
//                                    vector conversion; the scalar tfloat32(float) truncates).
// Whole vectors convert in registers, one zmm piece at a time (the simd core's convert_n):
// g++ 12 leaves _Float16 <-> float loops scalar.
#pragma once

#include "xesim/ops/detail/lanes.hpp"
#include "xesim/simd/vec_convert.hpp"
#include "xesim/ops/saturation.hpp"

namespace xesim::esimd {
namespace detail::ops {

/// One lane of convert<To>(v) for To and From that are not half / bfloat16 / tfloat32.
template <class To, class From>
XESIM_INLINE To convert_lane(From v) {
  if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>) {
    return float_to_int_sat<To>(v);
  } else {
    return static_cast<To>(v);
  }
}

/// float -> To for n lanes (To may be a wrapper type).
template <class To>
XESIM_INLINE void from_float_lanes(const float* src, To* dst, int n) {
  if constexpr (std::is_same_v<To, ::xesim::tfloat32>) {
    ::xesim::detail::f32_to_tf32(src, dst, n);
  } else if constexpr (is_wrapper_elem_type_v<To>) {
    from_float_n<To>(src, dst, n);
  } else {
    for (int i = 0; i < n; ++i) dst[i] = convert_lane<To>(src[i]);
  }
}

// ------------------------------ convert_n
/// dst[i] = convert<To>(src[i]) for i < N. The one implementation behind convert(): every pair
/// but -> tfloat32 runs the simd core's piecewise conversion (vec_convert.hpp: one zmm per
/// piece, vcvtph2ps / vcvtps2ph for half, shifts for bfloat16, in registers), whose lane rules
/// are the ones above; -> tfloat32 rounds to nearest even here (the core's truncates, as the
/// scalar tfloat32(float) does).
// rows_3d's convert<float>(simd<half,128>) * ... -> convert<half>: 6.4x -> see bench/RESULTS.md
// "Guide patterns (issue 3)" (the former 64-lane stack-array blocks were 29% of that kernel).
template <class To, class From, int N>
XESIM_INLINE void convert_n(const From* src, To* dst) {
  if constexpr (std::is_same_v<To, ::xesim::tfloat32> && !std::is_same_v<From, To>) {
    for (int base = 0; base < N; base += kFloatBlock) {
      const int n = N - base < kFloatBlock ? N - base : kFloatBlock;
      float f[kFloatBlock];
      if constexpr (is_wrapper_elem_type_v<From>)
        widen<From>(src + base, f, n);
      else
        for (int i = 0; i < n; ++i) f[i] = static_cast<float>(src[base + i]);
      from_float_lanes<To>(f, dst + base, n);
    }
  } else {
    ::xesim::esimd::detail::convert_n<To, From, N>(dst, src);
  }
}

}  // namespace detail::ops

// ------------------------------ convert
/// Every element of `val` converted to To (see the lane rules at the top of this file).
/// Pre: none; From and To any element types. HW: mov with a type change (all platforms);
/// half <-> float also on the CPU's F16C / AVX-512 conversions.
template <class To, class From, int N>
XESIM_INLINE simd<To, N> convert(const simd<From, N>& val) {
  simd<To, N> r;
  detail::ops::convert_n<To, From, N>(val.elems(), r.elems());
  return r;
}

// ------------------------------ saturate
/// Converts with saturation: an integral T0 takes the representable value nearest to each
/// element (floating ones rounded toward zero, NaN -> 0); a floating T0 (== T1) clamps each
/// element to [0, 1] (NaN, -0 -> +0). Pre: T0 integral, or T0 == T1. HW: mov.sat.
template <class T0, class T1, int SZ>
XESIM_INLINE simd<T0, SZ> saturate(simd<T1, SZ> src) {
  constexpr bool kLegal = !detail::is_generic_floating_point_v<T0> || std::is_same_v<T0, T1>;
  static_assert(kLegal,
                "saturate<T0>(simd<T1, N>): a floating T0 must be T1 itself (it clamps to "
                "[0, 1]); an integral T0 accepts any T1. To convert and clamp, use "
                "saturate<T1>(v) then convert<T0>");
  if constexpr (!kLegal) {
    return simd<T0, SZ>{};
  } else if constexpr (detail::is_generic_floating_point_v<T0>) {
    return detail::ops::map_lanes(
        src, [](detail::ops::math_t<T0> x) { return detail::ops::sat_unit(x); });
  } else if constexpr (detail::is_generic_floating_point_v<T1>) {
    return convert<T0>(src);  // floating -> integral conversion already saturates
  } else {
    simd<T0, SZ> r;
    for (int i = 0; i < SZ; ++i) r.elems()[i] = detail::ops::int_to_int_sat<T0>(src.elems()[i]);
    return r;
  }
}

}  // namespace xesim::esimd
