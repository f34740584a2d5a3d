// Element types of ESIMD vectors and the promotion rules of their operators.
// Rules follow DPC++: two std types promote as in C++ (char + char -> int); the same wrapper
// type stays itself (half + half -> half); a floating type wins over an integral one
// (half + int -> half); two different floating types promote through their native types
// (half + float -> float, half + double -> double).
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "xesim/simd/bfloat16.hpp"
#include "xesim/simd/half.hpp"
#include "xesim/simd/tfloat32.hpp"

#define XESIM_INLINE inline __attribute__((always_inline))

namespace xesim::esimd {

template <class T, int N>
class simd;
template <class T, int N>
class simd_mask_impl;
template <class BaseTy, class RegionTy>
class simd_view;

/// Element type of simd_mask: DPC++'s simd_mask_elem_type.
using simd_mask_elem_type = uint16_t;
template <int N>
using simd_mask = simd_mask_impl<simd_mask_elem_type, N>;

namespace detail {

template <class T>
using remove_cvref_t = std::remove_cv_t<std::remove_reference_t<T>>;

/// half, bfloat16, tfloat32: stored as classes, computed in float.
template <class T>
inline constexpr bool is_wrapper_elem_type_v =
    std::is_same_v<T, ::xesim::half> || std::is_same_v<T, ::xesim::bfloat16> ||
    std::is_same_v<T, ::xesim::tfloat32>;

/// Types a simd may hold: every arithmetic type but bool, and the wrapper floating types.
template <class T>
inline constexpr bool is_valid_simd_elem_type_v =
    (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) || is_wrapper_elem_type_v<T>;

template <class T>
inline constexpr bool is_generic_floating_point_v =
    std::is_floating_point_v<T> || is_wrapper_elem_type_v<T>;

/// The C++ type an element is computed in: float for the wrappers, itself otherwise.
template <class T>
using compute_t = std::conditional_t<is_wrapper_elem_type_v<T>, float, T>;

/// The type whose promotion a wrapper follows against another floating type (device native).
template <class T>
using native_t = std::conditional_t<std::is_same_v<T, ::xesim::half>, _Float16, compute_t<T>>;

template <class T1, class T2, class = void>
struct computation_type {};
template <class T1, class T2>
struct computation_type<
    T1, T2, std::enable_if_t<is_valid_simd_elem_type_v<T1> && is_valid_simd_elem_type_v<T2>>> {
 private:
  static constexpr bool kWr1 = is_wrapper_elem_type_v<T1>;
  static constexpr bool kWr2 = is_wrapper_elem_type_v<T2>;
  static constexpr bool kFp1 = is_generic_floating_point_v<T1>;
  static constexpr bool kFp2 = is_generic_floating_point_v<T2>;
  using native_sum = decltype(std::declval<native_t<T1>>() + std::declval<native_t<T2>>());
  using native_sum_t =
      std::conditional_t<std::is_same_v<native_sum, _Float16>, ::xesim::half, native_sum>;

 public:
  using type = std::conditional_t<
      !kWr1 && !kWr2, decltype(std::declval<T1>() + std::declval<T2>()),
      std::conditional_t<
          std::is_same_v<T1, T2>, T1,
          std::conditional_t<kFp1 != kFp2, std::conditional_t<kFp1, T1, T2>, native_sum_t>>>;
};
template <class T>
struct simd_traits;
/// With a simd (or view) operand: simd<computation type of the elements, its length>, as DPC++'s
/// computation_type_t<simd<T1, N>[, T2]> (both simd-like: equal lengths).
template <class T1, class T2>
struct computation_type<
    T1, T2,
    std::enable_if_t<(simd_traits<T1>::is_simd || simd_traits<T2>::is_simd) &&
                     !(is_valid_simd_elem_type_v<T1> && is_valid_simd_elem_type_v<T2>)>> {
 private:
  template <class X>
  static auto elem() {
    if constexpr (simd_traits<X>::is_simd)
      return std::type_identity<typename simd_traits<X>::element_type>{};
    else
      return std::type_identity<X>{};
  }
  using E1 = typename decltype(elem<T1>())::type;
  using E2 = typename decltype(elem<T2>())::type;
  template <class X>
  static constexpr int len() {
    if constexpr (simd_traits<X>::is_simd)
      return simd_traits<X>::length;
    else
      return 0;
  }
  static constexpr int kN1 = len<T1>();
  static constexpr int kN2 = len<T2>();
  static_assert(kN1 == 0 || kN2 == 0 || kN1 == kN2, "computation_type_t: lengths differ");

 public:
  using type = simd<typename computation_type<E1, E2>::type, kN1 != 0 ? kN1 : kN2>;
};
/// Element type of `a op b` for elements a: T1, b: T2 (T2 defaults to T1, as in DPC++).
template <class T1, class T2 = T1>
using computation_type_t = typename computation_type<remove_cvref_t<T1>, remove_cvref_t<T2>>::type;

// ---- what is simd-like ----------------------------------------------------------------------
template <class T>
struct simd_traits {
  static constexpr bool is_simd = false, is_mask = false, is_view = false;
};
template <class T, int N>
struct simd_traits<simd<T, N>> {
  static constexpr bool is_simd = true, is_mask = false, is_view = false;
  using element_type = T;
  using value_type = simd<T, N>;
  static constexpr int length = N;
};
template <class T, int N>
struct simd_traits<simd_mask_impl<T, N>> {
  static constexpr bool is_simd = false, is_mask = true, is_view = false;
  using element_type = T;
  using value_type = simd_mask_impl<T, N>;
  static constexpr int length = N;
};
template <class B, class R>
struct simd_traits<simd_view<B, R>> {
  static constexpr bool is_simd = !simd_traits<B>::is_mask, is_mask = simd_traits<B>::is_mask;
  static constexpr bool is_view = true;
  using element_type = typename R::element_type;
  using value_type = std::conditional_t<is_mask, simd_mask_impl<element_type, R::length>,
                                        simd<element_type, R::length>>;
  static constexpr int length = R::length;
};

/// simd or a view of a simd (arithmetic operands).
template <class T>
inline constexpr bool is_simd_like_v = simd_traits<remove_cvref_t<T>>::is_simd;
/// simd_mask or a view of one.
template <class T>
inline constexpr bool is_mask_like_v = simd_traits<remove_cvref_t<T>>::is_mask;
template <class T>
inline constexpr bool is_simd_view_v = simd_traits<remove_cvref_t<T>>::is_view;
template <class T>
inline constexpr bool is_simd_type_v =
    simd_traits<remove_cvref_t<T>>::is_simd && !simd_traits<remove_cvref_t<T>>::is_view;
template <class T>
inline constexpr bool is_simd_mask_type_v =
    simd_traits<remove_cvref_t<T>>::is_mask && !simd_traits<remove_cvref_t<T>>::is_view;

template <class T>
using element_type_t = typename simd_traits<remove_cvref_t<T>>::element_type;
template <class T>
using value_type_t = typename simd_traits<remove_cvref_t<T>>::value_type;
template <class T>
inline constexpr int length_v = simd_traits<remove_cvref_t<T>>::length;

// ---- scalar conversion with GPU semantics ----------------------------------------------------
/// Converts one element. Floating -> integral saturates (NaN -> 0) as the GPU's mov does, instead
/// of C++'s undefined behaviour; floating -> half/bfloat16/tfloat32 rounds to nearest even.
template <class To, class From>
XESIM_INLINE To convert_scalar(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (std::is_integral_v<To> && is_generic_floating_point_v<From>) {
    using F = std::conditional_t<std::is_same_v<From, double>, double, float>;
    F x = static_cast<F>(v);
    constexpr F kLo = static_cast<F>(std::numeric_limits<To>::lowest());
    // The largest F not above To's max: 2^bits is exact in F, so compare with >=.
    constexpr F kHiExcl = static_cast<F>(std::numeric_limits<To>::max() / 2 + 1) * F(2);
    if (!(x == x)) return To(0);
    if (x <= kLo) return std::numeric_limits<To>::lowest();
    if (x >= kHiExcl) return std::numeric_limits<To>::max();
    return static_cast<To>(x);
  } else if constexpr (is_wrapper_elem_type_v<To> && is_wrapper_elem_type_v<From>) {
    return To(static_cast<float>(v));
  } else {
    return static_cast<To>(v);
  }
}

/// Reads/writes an element of type T at a byte address without strict-aliasing assumptions
/// (views may reinterpret a vector's bytes as another element type).
template <class T>
XESIM_INLINE T load_elem(const unsigned char* p) {
  T v;
  std::memcpy(static_cast<void*>(&v), p, sizeof(T));
  return v;
}
template <class T>
XESIM_INLINE void store_elem(unsigned char* p, T v) {
  std::memcpy(p, static_cast<const void*>(&v), sizeof(T));
}

constexpr int simd_alignment(int bytes, int elem_align) {
  int a = 1;
  while (a < bytes && a < 64) a *= 2;
  return a < elem_align ? elem_align : a;
}

}  // namespace detail

// ---- alignment flags of copy_from / copy_to / load constructors --------------------------------
namespace detail {
/// The element type a flag's alignment<VT> is asked about: VT's elements, or VT itself when it is
/// a scalar (DPC++'s element_type_t; Intel's tests ask overaligned_tag<4>::alignment<T>).
template <class VT, class = void>
struct flag_elem {
  using type = VT;
};
template <class VT>
struct flag_elem<VT, std::void_t<typename VT::element_type>> {
  using type = typename VT::element_type;
};
template <class VT>
using flag_elem_t = typename flag_elem<VT>::type;
}  // namespace detail
/// The address is aligned to the element type.
struct element_aligned_tag {
  template <class VT, class ET = detail::flag_elem_t<VT>>
  static constexpr unsigned alignment = alignof(ET);
};
/// The address is aligned to the whole vector (power-of-two rounded, as DPC++ computes it).
struct vector_aligned_tag {
  template <class VT, class ET = detail::flag_elem_t<VT>>
  static constexpr unsigned alignment = VT::storage_alignment;
};
/// The address is aligned to N bytes (N a power of two).
template <unsigned N>
struct overaligned_tag {
  static_assert((N & (N - 1)) == 0, "overaligned_tag: N must be a power of two");
  template <class VT, class ET = detail::flag_elem_t<VT>>
  static constexpr unsigned alignment = N;
};
inline constexpr element_aligned_tag element_aligned = {};
inline constexpr vector_aligned_tag vector_aligned = {};
template <unsigned N>
inline constexpr overaligned_tag<N> overaligned = {};

template <class T>
struct is_simd_flag_type : std::false_type {};
template <>
struct is_simd_flag_type<element_aligned_tag> : std::true_type {};
template <>
struct is_simd_flag_type<vector_aligned_tag> : std::true_type {};
template <unsigned N>
struct is_simd_flag_type<overaligned_tag<N>> : std::true_type {};
template <class T>
inline constexpr bool is_simd_flag_type_v = is_simd_flag_type<T>::value;

}  // namespace xesim::esimd
