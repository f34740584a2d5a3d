// Saturation: the tags that switch it on for a math function, and the saturating lane
// conversions behind saturate(), convert() and the `.sat` forms.
#pragma once

#include <limits>
#include <type_traits>
#include <utility>

#include "xesim/simd/traits.hpp"

namespace xesim::esimd {

// ------------------------------ saturation_on / saturation_off
/// Last argument of the math functions (`sqrt(v, saturation_on)`): saturation_on clamps a
/// floating result to [0, 1] (the GPU's `.sat` modifier). saturation_off is the default.
struct saturation_on_tag : std::true_type {};
struct saturation_off_tag : std::false_type {};
inline constexpr saturation_on_tag saturation_on{};
inline constexpr saturation_off_tag saturation_off{};

namespace detail::ops {

template <class Sat>
inline constexpr bool is_saturation_tag_v =
    std::is_same_v<Sat, saturation_on_tag> || std::is_same_v<Sat, saturation_off_tag>;

/// Whether the math, rounding and shift functions saturate: DPC++ tests
/// `!std::is_same_v<Sat, saturation_off_tag>`, so every Sat type but saturation_off_tag (the
/// default) switches saturation on.
template <class Sat>
constexpr bool sat_on() {
  return !std::is_same_v<Sat, saturation_off_tag>;
}
/// Whether max / min saturate: DPC++ tests `std::is_same_v<Sat, saturation_on_tag>`, so any other
/// Sat type (`max<float, N, float>(a, b)` names one) leaves it off.
template <class Sat>
constexpr bool minmax_sat_on() {
  return std::is_same_v<Sat, saturation_on_tag>;
}

/// DPC++'s is_esimd_scalar: a type a simd may hold (arithmetic but bool, half, bfloat16, tfloat32).
template <class T>
inline constexpr bool is_esimd_scalar_v = is_valid_simd_elem_type_v<std::remove_cv_t<T>>;

// ------------------------------ sat_unit
/// Floating `.sat`: x clamped to [0, 1]; NaN and -0 give +0.
template <class C>
XESIM_INLINE C sat_unit(C x) {
  const C hi = x < C(1) ? x : C(1);
  return x > C(0) ? hi : C(0);
}

// ------------------------------ float_to_int_sat
/// The integer of type To nearest to x rounded toward zero: values beyond To's range give its
/// min / max, NaN gives 0. Branch-free so that lane loops vectorise (vcvttps2dq + blends).
template <class To, class F>
XESIM_INLINE To float_to_int_sat(F x) {
  static_assert(std::is_integral_v<To> && std::is_floating_point_v<F>);
  constexpr F kLo = static_cast<F>(std::numeric_limits<To>::lowest());
  // 2^bits (2^(bits-1) for signed To) is exact in F; kHiIn is the largest F below it.
  constexpr F kHiExcl = static_cast<F>(std::numeric_limits<To>::max() / 2 + 1) * F(2);
  constexpr F kHiIn = kHiExcl * (F(1) - std::numeric_limits<F>::epsilon() / F(2));
  F c = x < kLo ? kLo : x;
  c = c > kHiIn ? kHiIn : c;
  c = x == x ? c : F(0);
  const To r = static_cast<To>(c);
  return x >= kHiExcl ? std::numeric_limits<To>::max() : r;
}

// ------------------------------ int_to_int_sat
/// v clamped to To's range.
/// Every integral pair (char, char16_t, ... too: std::cmp_less rejects those), compared in the
/// widest type of the right signedness.
template <class To, class From>
XESIM_INLINE To int_to_int_sat(From v) {
  static_assert(std::is_integral_v<To> && std::is_integral_v<From>);
  constexpr To kLo = std::numeric_limits<To>::lowest();
  constexpr To kHi = std::numeric_limits<To>::max();
  if constexpr (std::is_signed_v<From>) {
    const long long x = static_cast<long long>(v);
    if constexpr (std::is_signed_v<To>) {
      if (x < static_cast<long long>(kLo)) return kLo;
      if (x > static_cast<long long>(kHi)) return kHi;
    } else {
      if (x < 0) return To(0);
      if (static_cast<unsigned long long>(x) > static_cast<unsigned long long>(kHi)) return kHi;
    }
  } else {
    const unsigned long long x = static_cast<unsigned long long>(v);
    if (x > static_cast<unsigned long long>(kHi)) return kHi;
  }
  return static_cast<To>(v);
}

// ------------------------------ sat_convert
/// One lane of saturate<To>(v): To integral takes the nearest representable value (floating
/// values rounded toward zero, NaN -> 0); To floating (To == From) clamps to [0, 1].
template <class To, class From>
XESIM_INLINE To sat_convert(From v) {
  if constexpr (std::is_integral_v<To> && std::is_integral_v<From>) {
    return int_to_int_sat<To>(v);
  } else if constexpr (std::is_integral_v<To>) {
    using F = std::conditional_t<std::is_same_v<From, double>, double, float>;
    return float_to_int_sat<To>(static_cast<F>(v));
  } else {
    using F = std::conditional_t<std::is_same_v<From, double>, double, float>;
    return To(sat_unit<F>(static_cast<F>(v)));
  }
}

}  // namespace detail::ops
}  // namespace xesim::esimd
