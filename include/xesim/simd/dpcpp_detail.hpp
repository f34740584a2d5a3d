// The helpers of DPC++'s `sycl::ext::intel::esimd::detail` namespace (its detail/util.hpp,
// types.hpp and common.hpp) that Intel's own tests and third-party kernels name:
// __ESIMD_DNS::uint_type_t, getNextPowerOf2, isPowerOf2, is_dword_type, computation_type_t, ...
// Same names, same values; nothing here is used by xesim itself.
#pragma once

#include <cstdint>
#include <type_traits>

#include "xesim/ops/saturation.hpp"
#include "xesim/simd/raw_vector.hpp"
#include "xesim/simd/traits.hpp"

namespace xesim::esimd {

/// DPC++'s short names of the unsigned types (common.hpp).
using uchar = unsigned char;
using ushort = unsigned short;
using uint = unsigned int;

namespace detail {

// ------------------------------ sizes and powers of two
/// Operand sizes in bytes (DPC++'s OperandSize).
struct OperandSize {
  enum { BYTE = 1, WORD = 2, DWORD = 4, QWORD = 8, OWORD = 16, GRF = 32 };
};
/// The smallest power of two >= N; 0 for 0.
template <unsigned int N>
constexpr unsigned int getNextPowerOf2() {
  unsigned int k = 1;
  while (k < N) k *= 2;
  return N == 0 ? 0 : k;
}
/// floor(log2(N)); 0 for N <= 1.
template <unsigned int N>
constexpr unsigned int log2() {
  unsigned int r = 0;
  for (unsigned int n = N; n > 1; n >>= 1) ++r;
  return r;
}
/// n & (n - 1) == 0 (so 0 counts as a power of two, as in DPC++).
constexpr bool isPowerOf2(unsigned int n) { return (n & (n - 1)) == 0; }
/// A power of two (or 0) not above limit.
constexpr bool isPowerOf2(unsigned int n, unsigned int limit) {
  return (n & (n - 1)) == 0 && n <= limit;
}
/// The unsigned integer of N bytes (void for other N).
template <int N>
using uint_type_t = std::conditional_t<
    N == 1, uint8_t,
    std::conditional_t<
        N == 2, uint16_t,
        std::conditional_t<N == 4, uint32_t, std::conditional_t<N == 8, uint64_t, void>>>>;

/// std::numbers::ln2_v<float>, log2e_v<float> as DPC++'s math.hpp spells them.
inline constexpr float ln2 = 0.69314718f;
inline constexpr float log2e = 1.442695f;

// ------------------------------ type predicates (DPC++'s util.hpp / types.hpp)
template <class T, int N>
using is_hw_int_type = std::bool_constant<std::is_integral_v<T> && sizeof(T) == N>;
template <class T>
using is_qword_type = is_hw_int_type<T, 8>;
template <class T>
using is_dword_type = is_hw_int_type<T, 4>;
template <class T>
using is_word_type = is_hw_int_type<T, 2>;
template <class T>
using is_byte_type = is_hw_int_type<T, 1>;
template <class T, int N>
using is_hw_fp_type = std::bool_constant<std::is_floating_point_v<T> && sizeof(T) == N>;
template <class T>
using is_fp_type = is_hw_fp_type<T, 4>;
template <class T>
using is_df_type = is_hw_fp_type<T, 8>;
template <class T>
using is_fp_or_dword_type = std::bool_constant<is_fp_type<T>::value || is_dword_type<T>::value>;

/// U is one of Ts (ignoring const).
template <class U>
constexpr bool is_type() {
  return false;
}
template <class U, class T, class... Ts>
constexpr bool is_type() {
  return std::is_same_v<std::remove_const_t<U>, std::remove_const_t<T>> || is_type<U, Ts...>();
}

/// Arithmetic C++ types with + - * / (not the wrapper types, not simd).
template <class T, class = void>
struct is_esimd_arithmetic_type : std::false_type {};
template <class T>
struct is_esimd_arithmetic_type<T, std::void_t<std::enable_if_t<std::is_arithmetic_v<T>>,
                                               decltype(std::declval<T>() + std::declval<T>()),
                                               decltype(std::declval<T>() * std::declval<T>())>>
    : std::true_type {};
template <class T>
inline constexpr bool is_esimd_arithmetic_type_v = is_esimd_arithmetic_type<T>::value;
template <class T>
struct is_vectorizable : std::bool_constant<is_valid_simd_elem_type_v<std::remove_cv_t<T>>> {};
template <class T>
inline constexpr bool is_vectorizable_v = is_vectorizable<T>::value;
/// A scalar a simd may hold (std arithmetic but bool, half, bfloat16, tfloat32).
template <class T>
inline constexpr bool is_esimd_scalar_v = is_valid_simd_elem_type_v<std::remove_cv_t<T>>;
template <class T>
using is_esimd_scalar = std::bool_constant<is_esimd_scalar_v<T>>;

template <class T>
struct is_esimd_vector : std::false_type {};
template <class T, int N>
struct is_esimd_vector<simd<T, N>> : std::true_type {};
template <class T>
struct is_simd_type : std::bool_constant<is_simd_type_v<T>> {};
template <class T>
struct is_simd_mask_type : std::bool_constant<is_simd_mask_type_v<T>> {};
template <class T>
struct is_any_simd_view_type : std::false_type {};
template <class B, class R>
struct is_any_simd_view_type<simd_view<B, R>> : std::true_type {};
template <class T>
inline constexpr bool is_any_simd_view_type_v = is_any_simd_view_type<remove_cvref_t<T>>::value;
/// A view of a simd (not of a mask).
template <class T>
struct is_simd_view_type : std::bool_constant<is_any_simd_view_type_v<T> && is_simd_like_v<T>> {};
template <class T>
inline constexpr bool is_simd_view_type_v = is_simd_view_type<T>::value;
template <class T>
inline constexpr bool is_simd_or_view_type_v = is_simd_view_type_v<T> || is_simd_type_v<T>;
/// simd or simd_mask (DPC++: derives from simd_obj_impl).
template <class T>
inline constexpr bool is_simd_obj_impl_derivative_v = is_simd_type_v<T> || is_simd_mask_type_v<T>;
template <class T>
struct is_simd_obj_impl_derivative : std::bool_constant<is_simd_obj_impl_derivative_v<T>> {};
template <class T>
inline constexpr bool is_simd_like_type_v =
    is_any_simd_view_type_v<T> || is_simd_obj_impl_derivative_v<T>;
template <class T>
struct is_saturation_tag {
  static constexpr bool value =
      std::is_same_v<T, saturation_on_tag> || std::is_same_v<T, saturation_off_tag>;
};
template <class T>
inline constexpr bool is_saturation_tag_v = is_saturation_tag<T>::value;

// ------------------------------ simd type builders
/// DPC++ defines simd_mask_impl in detail (simd_mask<N> is its alias); programs name it there
/// (__ESIMD_DNS::simd_mask_impl as a template template argument in Intel's unary_ops_heavy).
using ::xesim::esimd::simd_mask_impl;
template <int N>
using simd_mask_type = simd_mask_impl<simd_mask_elem_type, N>;
/// The raw vector a simd_mask<N> holds (DPC++'s simd_mask_storage_t).
template <int N>
using simd_mask_storage_t = vector_type_t<simd_mask_elem_type, N>;

template <class SimdT, int M>
struct resize_a_simd_type;
template <class T, int N, int M>
struct resize_a_simd_type<simd<T, N>, M> {
  using type = simd<T, M>;
};
template <class T, int N, int M>
struct resize_a_simd_type<simd_mask_impl<T, N>, M> {
  using type = simd_mask_impl<T, M>;
};
template <class SimdT, int M>
using resize_a_simd_type_t = typename resize_a_simd_type<SimdT, M>::type;

template <class SimdT, class NewT>
struct convert_simd_elem_type;
template <class T, int N, class NewT>
struct convert_simd_elem_type<simd<T, N>, NewT> {
  using type = simd<NewT, N>;
};
template <class T, int N, class NewT>
struct convert_simd_elem_type<simd_mask_impl<T, N>, NewT> {
  using type = simd_mask_impl<NewT, N>;
};
template <class SimdT, class NewT>
using convert_simd_elem_type_t = typename convert_simd_elem_type<SimdT, NewT>::type;
/// A simd of SimdT's kind with element type T and N elements.
template <class SimdT, class T, int N>
using construct_a_simd_type_t = convert_simd_elem_type_t<resize_a_simd_type_t<SimdT, N>, T>;

template <class T>
struct simd_like_obj_info {
  using element_type = T;
  static constexpr int vector_length = 0;
};
template <class T, int N>
struct simd_like_obj_info<simd<T, N>> {
  using element_type = T;
  static constexpr int vector_length = N;
};
template <class T, int N>
struct simd_like_obj_info<simd_mask_impl<T, N>> {
  using element_type = simd_mask_elem_type;
  static constexpr int vector_length = N;
};
template <class B, class R>
struct simd_like_obj_info<simd_view<B, R>> {
  using element_type = typename R::element_type;
  static constexpr int vector_length = R::length;
};
template <class T>
using get_vector_element_type = typename simd_like_obj_info<T>::element_type;
template <class T>
inline constexpr int get_vector_length = simd_like_obj_info<T>::vector_length;

/// A scalar T as simd<T, 1> (DPC++'s simd_type).
template <class T>
struct simd_type {
  using type = simd<T, 1>;
};
template <class T, int N>
struct simd_type<simd<T, N>> {
  using type = simd<T, N>;
};
template <class T>
struct simd_type<T&> : simd_type<T> {};
template <class T>
struct simd_type<T&&> : simd_type<T> {};
template <class T>
struct simd_type<const T> : simd_type<T> {};

/// The 4-byte integer a narrower one widens to (DPC++'s dword_type; others map to themselves).
template <class T>
struct dword_type {
  using type = T;
};
template <>
struct dword_type<char> {
  using type = int;
};
template <>
struct dword_type<signed char> {
  using type = int;
};
template <>
struct dword_type<short> {
  using type = int;
};
template <>
struct dword_type<uchar> {
  using type = uint;
};
template <>
struct dword_type<ushort> {
  using type = uint;
};
template <class T>
struct byte_type {
  using type = T;
};
template <>
struct byte_type<short> {
  using type = char;
};
template <>
struct byte_type<int> {
  using type = char;
};
template <>
struct byte_type<ushort> {
  using type = uchar;
};
template <>
struct byte_type<uint> {
  using type = uchar;
};
template <class T>
struct word_type {
  using type = T;
};
template <>
struct word_type<char> {
  using type = short;
};
template <>
struct word_type<int> {
  using type = short;
};
template <>
struct word_type<uchar> {
  using type = ushort;
};
template <>
struct word_type<uint> {
  using type = ushort;
};

/// Compile-time loop: ForHelper<N>::unroll(f) calls f(0), ..., f(N-1).
template <unsigned N>
class ForHelper {
  template <unsigned I, class Action>
  static void repeat(Action a) {
    if constexpr (I < N) {
      a(I);
      repeat<I + 1, Action>(a);
    }
  }

 public:
  template <class Action>
  static void unroll(Action a) {
    repeat<0, Action>(a);
  }
};

}  // namespace detail

/// DPC++'s old name of simd_mask<N>'s raw storage vector.
template <int N>
using mask_type_t = detail::simd_mask_storage_t<N>;

}  // namespace xesim::esimd

#ifndef __ESIMD_UNSUPPORTED_ON_HOST
/// DPC++ throws this on the host for device-only features; xesim runs everything, so it is only
/// defined for code that names it.
#define __ESIMD_UNSUPPORTED_ON_HOST                                          \
  throw ::xesim::sycl::exception(::xesim::sycl::errc::feature_not_supported, \
                                 "This ESIMD feature is not supported on HOST")
#endif
