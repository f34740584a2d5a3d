// abs, min and max: vector and scalar forms with DPC++'s template-argument orders.
#pragma once

#include "xesim/ops/convert.hpp"

namespace xesim::esimd {
namespace detail::ops {

// ------------------------------ abs_lane
/// |x| in x's own type: integers wrap (abs(INT_MIN) == INT_MIN, as the GPU); floating types clear
/// the sign bit (also of NaNs and zeros).
template <class T>
XESIM_INLINE T abs_lane(T x) {
  if constexpr (std::is_unsigned_v<T>) {
    return x;
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(x < 0 ? static_cast<U>(0u - static_cast<U>(x)) : static_cast<U>(x));
  } else if constexpr (std::is_same_v<T, ::xesim::half>) {
    return ::xesim::detail::half_from_bits(::xesim::detail::half_bits(x) & 0x7fffu);
  } else if constexpr (std::is_same_v<T, ::xesim::bfloat16>) {
    return ::xesim::detail::bfloat16_from_bits(::xesim::detail::bfloat16_bits(x) & 0x7fffu);
  } else if constexpr (std::is_same_v<T, ::xesim::tfloat32>) {
    return ::xesim::detail::tfloat32_from_bits(x.raw() & 0x7fffffffu);
  } else {
    return abs_bits(x);
  }
}

template <class T, int N>
XESIM_INLINE simd<T, N> abs_core(const simd<T, N>& x) {
  simd<T, N> r;
  for (int i = 0; i < N; ++i) r.elems()[i] = abs_lane(x.elems()[i]);
  return r;
}

// ------------------------------ min / max lanes
/// Floating max / min as the GPU's max/min: a NaN operand yields the other operand (both NaN:
/// the second), and -0 orders below +0. Branch-free.
template <class C>
XESIM_INLINE C fmax_lane(C a, C b) {
  using U = std::conditional_t<sizeof(C) == 8, uint64_t, uint32_t>;
  C m = a > b ? a : b;
  m = a == b ? bits_as<C>(static_cast<U>(bits_as<U>(a) & bits_as<U>(b))) : m;  // +0 beats -0
  m = b != b ? a : m;
  return a != a ? b : m;
}
template <class C>
XESIM_INLINE C fmin_lane(C a, C b) {
  using U = std::conditional_t<sizeof(C) == 8, uint64_t, uint32_t>;
  C m = a < b ? a : b;
  m = a == b ? bits_as<C>(static_cast<U>(bits_as<U>(a) | bits_as<U>(b))) : m;  // -0 beats +0
  m = b != b ? a : m;
  return a != a ? b : m;
}

/// max / min of L lanes of C at once (a GCC vector; C itself for one lane), lane for lane the
/// results of fmax_lane / fmin_lane (integers: plain compare). AVX-512: vcmp + vblendm.
template <bool IsMax, class C, int L>
XESIM_INLINE lanes_t<C, L> minmax_lanes(const lanes_t<C, L>& a, const lanes_t<C, L>& b) {
  if constexpr (L == 1 && std::is_integral_v<C>) {
    return IsMax ? (a > b ? a : b) : (a < b ? a : b);
  } else if constexpr (L == 1) {
    return IsMax ? fmax_lane(a, b) : fmin_lane(a, b);
  } else if constexpr (std::is_integral_v<C>) {
    return IsMax ? (a > b ? a : b) : (a < b ? a : b);
  } else {
    using V = lanes_t<C, L>;
    using U = lanes_t<bits_t<C>, L>;
    const U ua = bitcast_lanes<U>(a), ub = bitcast_lanes<U>(b);
    V m = IsMax ? (a > b ? a : b) : (a < b ? a : b);
    m = a == b ? bitcast_lanes<V>(IsMax ? (ua & ub) : (ua | ub)) : m;  // signed zeros
    m = b != b ? a : m;
    return a != a ? b : m;
  }
}

/// L lanes of R at p in R's compute type (float for the wrapper types, exact).
template <class R, int L>
XESIM_INLINE lanes_t<compute_t<R>, L> load_compute(const R* p) {
  if constexpr (is_wrapper_elem_type_v<R>)
    return esimd::detail::to_float_lanes<R, L>(p);
  else
    return load_lanes<R, L>(p);
}

template <bool IsMax, class T, int N, class Sat>
XESIM_INLINE simd<T, N> minmax_core(const simd<T, N>& a, const simd<T, N>& b) {
  simd<T, N> r;
  if constexpr (is_generic_floating_point_v<T> && minmax_sat_on<Sat>()) {
    using C = math_t<T>;
    r = map2_lanes(a, b, [](C x, C y) { return IsMax ? fmax_lane(x, y) : fmin_lane(x, y); });
    r = map_lanes(r, [](C x) { return sat_unit(x); });
  } else {
    // In registers, one zmm piece at a time (vec.hpp); the result of a wrapper type is one of
    // its operands, so narrowing it back is exact. Integer saturation to T's own range changes
    // nothing.
    using C = compute_t<T>;
    for_pieces<N, piece_lanes(sizeof(C))>([&](int i, auto lc) XESIM_LAMBDA {
      constexpr int L = decltype(lc)::value;
      const lanes_t<C, L> m =
          minmax_lanes<IsMax, C, L>(load_compute<T, L>(a.elems() + i), load_compute<T, L>(b.elems() + i));
      if constexpr (is_wrapper_elem_type_v<T>)
        esimd::detail::from_float_lanes<T, L>(r.elems() + i, m);
      else
        store_lanes<T, L>(r.elems() + i, m);
    });
  }
  return r;
}

}  // namespace detail::ops

// ------------------------------ abs
/// |x| per element, in TArg, then converted to TRes (convert rules). Integer abs wraps:
/// abs(INT_MIN) == INT_MIN. Floating: clears the sign bit. Pre: none. HW: mov with the (abs)
/// source modifier, all platforms.
template <class TRes, class TArg, int SZ>
XESIM_INLINE std::enable_if_t<!std::is_same_v<std::remove_const_t<TRes>, std::remove_const_t<TArg>>,
                              simd<TRes, SZ>>
abs(simd<TArg, SZ> src0) {
  return convert<TRes>(detail::ops::abs_core(src0));
}
/// Scalar form of abs<TRes, TArg>.
template <class TRes, class TArg>
XESIM_INLINE std::enable_if_t<
    !std::is_same_v<std::remove_const_t<TRes>, std::remove_const_t<TArg>> &&
        detail::ops::is_esimd_scalar_v<TRes> && detail::ops::is_esimd_scalar_v<TArg>,
    std::remove_const_t<TRes>>
abs(TArg src0) {
  return convert<std::remove_const_t<TRes>>(
      detail::ops::abs_core(simd<std::remove_const_t<TArg>, 1>(src0)))[0];
}
/// |x| per element in T1.
template <class T1, int SZ>
XESIM_INLINE simd<T1, SZ> abs(simd<T1, SZ> src0) {
  return detail::ops::abs_core(src0);
}
/// |x| of a scalar in T1.
template <class T1>
XESIM_INLINE std::enable_if_t<detail::ops::is_esimd_scalar_v<T1>, std::remove_const_t<T1>> abs(
    T1 src0) {
  return detail::ops::abs_lane<std::remove_const_t<T1>>(src0);
}

// ------------------------------ max
/// Element-wise maximum. Floating: a NaN operand yields the other one (both NaN: src1), -0 < +0.
/// With saturation_on a floating result is clamped to [0, 1]. Pre: none.
/// HW: sel.ge (max), all platforms.
template <class T, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, SZ>(max)(simd<T, SZ> src0, simd<T, SZ> src1, Sat = {}) {
  return detail::ops::minmax_core<true, T, SZ, Sat>(src0, src1);
}
/// Element-wise maximum of a vector and a scalar.
template <class T, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::ops::is_esimd_scalar_v<T>, simd<T, SZ>>(max)(simd<T, SZ> src0,
                                                                                   T src1,
                                                                                   Sat = {}) {
  return detail::ops::minmax_core<true, T, SZ, Sat>(src0, simd<T, SZ>(src1));
}
/// Element-wise maximum of a scalar and a vector.
template <class T, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::ops::is_esimd_scalar_v<T>, simd<T, SZ>>(max)(T src0,
                                                                                   simd<T, SZ> src1,
                                                                                   Sat = {}) {
  return detail::ops::minmax_core<true, T, SZ, Sat>(simd<T, SZ>(src0), src1);
}
/// Maximum of two scalars (GPU semantics, see above).
template <class T, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::ops::is_esimd_scalar_v<T>, T>(max)(T src0, T src1, Sat = {}) {
  return detail::ops::minmax_core<true, T, 1, Sat>(simd<T, 1>(src0), simd<T, 1>(src1)).elems()[0];
}

// ------------------------------ min
/// Element-wise minimum. Floating: a NaN operand yields the other one (both NaN: src1), -0 < +0.
/// With saturation_on a floating result is clamped to [0, 1]. Pre: none.
/// HW: sel.l (min), all platforms.
template <class T, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE simd<T, SZ>(min)(simd<T, SZ> src0, simd<T, SZ> src1, Sat = {}) {
  return detail::ops::minmax_core<false, T, SZ, Sat>(src0, src1);
}
/// Element-wise minimum of a vector and a scalar.
template <class T, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::ops::is_esimd_scalar_v<T>, simd<T, SZ>>(min)(simd<T, SZ> src0,
                                                                                   T src1,
                                                                                   Sat = {}) {
  return detail::ops::minmax_core<false, T, SZ, Sat>(src0, simd<T, SZ>(src1));
}
/// Element-wise minimum of a scalar and a vector.
template <class T, int SZ, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::ops::is_esimd_scalar_v<T>, simd<T, SZ>>(min)(T src0,
                                                                                   simd<T, SZ> src1,
                                                                                   Sat = {}) {
  return detail::ops::minmax_core<false, T, SZ, Sat>(simd<T, SZ>(src0), src1);
}
/// Minimum of two scalars (GPU semantics, see above).
template <class T, class Sat = saturation_off_tag>
XESIM_INLINE std::enable_if_t<detail::ops::is_esimd_scalar_v<T>, T>(min)(T src0, T src1, Sat = {}) {
  return detail::ops::minmax_core<false, T, 1, Sat>(simd<T, 1>(src0), simd<T, 1>(src1)).elems()[0];
}

}  // namespace xesim::esimd
