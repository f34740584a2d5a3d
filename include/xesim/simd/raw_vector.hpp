// Raw storage vectors: DPC++'s `vector_type_t<T, N>` (the type `simd<T, N>::data()` returns and a
// simd converts from) and the raw / enclosing C++ element types of the wrapper types.
// DPC++ uses a clang ext_vector_type of any length; g++ vectors need a power-of-two byte size, so
// other lengths get a small aggregate with the same element access (v[i]).
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "xesim/simd/traits.hpp"

namespace xesim::esimd::detail {

// ------------------------------ element_type_traits
/// RawT: how an element is stored (the bits of half, bfloat16, tfloat32);
/// EnclosingCppT: the C++ type it is computed in. DPC++'s element_type_traits.
template <class T, class = void>
struct element_type_traits {
  using RawT = T;
  using EnclosingCppT = T;
  static constexpr bool use_native_cpp_ops = true;
  static constexpr bool is_floating_point = std::is_floating_point_v<T>;
};
template <>
struct element_type_traits<::xesim::half> {
  using RawT = _Float16;
  using EnclosingCppT = float;
  static constexpr bool use_native_cpp_ops = false;
  static constexpr bool is_floating_point = true;
};
template <>
struct element_type_traits<::xesim::bfloat16> {
  using RawT = uint16_t;
  using EnclosingCppT = float;
  static constexpr bool use_native_cpp_ops = false;
  static constexpr bool is_floating_point = true;
};
template <>
struct element_type_traits<::xesim::tfloat32> {
  using RawT = uint32_t;
  using EnclosingCppT = float;
  static constexpr bool use_native_cpp_ops = false;
  static constexpr bool is_floating_point = true;
};
/// DPC++'s __raw_t / __cpp_t.
template <class T>
using __raw_t = typename element_type_traits<std::remove_cv_t<T>>::RawT;
template <class T>
using __cpp_t = typename element_type_traits<std::remove_cv_t<T>>::EnclosingCppT;

// ------------------------------ vector_type_t
/// N elements of T for lengths whose byte size is not a power of two (g++ vectors need one).
/// Not an aggregate (so a braced list never picks a simd's raw-vector constructor).
template <class T, int N>
struct raw_array_vector {
  raw_array_vector() = default;
  T v[N];
  T& operator[](int i) { return v[i]; }
  const T& operator[](int i) const { return v[i]; }
};
constexpr bool is_pow2_bytes(int bytes) { return bytes > 0 && (bytes & (bytes - 1)) == 0; }

template <class T, int Bytes, bool kGcc>
struct raw_vector_pick {
  using type = raw_array_vector<T, Bytes / static_cast<int>(sizeof(T))>;
};
template <class T, int Bytes>
struct raw_vector_pick<T, Bytes, true> {
  typedef T type __attribute__((vector_size(Bytes)));
};
template <class T, int N>
struct raw_vector_type {
  static_assert(!std::is_const_v<T>, "vector_type_t: const element type not supported");
  static_assert(N > 0, "vector_type_t: zero-element vector not supported");
  static constexpr int length = N;
  static constexpr int kBytes = static_cast<int>(sizeof(T)) * N;
  /// A g++ vector for integral, float and double elements of a power-of-two total size.
  static constexpr bool kGcc =
      is_pow2_bytes(kBytes) &&
      (std::is_integral_v<T> || std::is_same_v<T, float> || std::is_same_v<T, double>);
  using type = typename raw_vector_pick<T, kBytes, kGcc>::type;
};
/// DPC++'s vector_type_t<T, N>: N raw elements of T indexable with v[i].
template <class T, int N>
using vector_type_t = typename raw_vector_type<T, N>::type;

/// The raw vector of N raw elements of T (a g++ vector or raw_array_vector).
template <class T, int N>
using raw_vector_of_t = vector_type_t<__raw_t<T>, N>;

/// Copies N elements between a simd's storage and its raw vector (same bytes).
template <class T, int N, class V>
XESIM_INLINE void raw_store(V& dst, const T* src) {
  static_assert(sizeof(V) >= sizeof(T) * N);
  std::memcpy(static_cast<void*>(&dst), static_cast<const void*>(src), sizeof(T) * N);
}
template <class T, int N, class V>
XESIM_INLINE void raw_load(T* dst, const V& src) {
  std::memcpy(static_cast<void*>(dst), static_cast<const void*>(&src), sizeof(T) * N);
}

}  // namespace xesim::esimd::detail
