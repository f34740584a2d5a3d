// sycl::bit_cast and sycl::is_device_copyable.
#pragma once

#include <bit>
#include <type_traits>

namespace xesim::sycl {

// ------------------------------ bit_cast
/// The bits of `from` read as a To (std::bit_cast with SYCL's name). Pre: same size, both
/// trivially copyable (checked at compile time).
template <class To, class From>
constexpr To bit_cast(const From& from) noexcept {
  static_assert(sizeof(To) == sizeof(From),
                "sycl::bit_cast: the source and destination types must have the same size");
  static_assert(std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>,
                "sycl::bit_cast: both types must be trivially copyable");
  return std::bit_cast<To>(from);
}

// ------------------------------ is_device_copyable
/// Types a kernel may capture or a buffer may hold; specialise it for types that are not
/// trivially copyable but may be copied bitwise (SYCL 2020).
template <class T>
struct is_device_copyable : std::is_trivially_copyable<T> {};
template <class T>
inline constexpr bool is_device_copyable_v = is_device_copyable<T>::value;

}  // namespace xesim::sycl
