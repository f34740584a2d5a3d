// What the ESIMD layer needs to know about an accessor, without depending on the SYCL host API:
// where its memory is (a device buffer or the work-group's SLM), whether it may be read or
// written, its buffer's base address or its SLM byte offset. Accessor classes publish this as
// kXesimSpace / kXesimCanRead / kXesimCanWrite and xesim_base() / xesim_slm_offset().
#pragma once

#include <cstdint>
#include <type_traits>

namespace xesim::sycl::detail {

/// Where an accessor's memory is, for the ESIMD memory functions: none (not usable there), a
/// device buffer (accessor<..., target::device>) or SLM (local_accessor).
enum class acc_space : std::uint8_t { none, global, local };

template <class A, class = void>
struct accessor_info {
  static constexpr acc_space kSpace = acc_space::none;
  static constexpr bool kCanRead = false;
  static constexpr bool kCanWrite = false;
};
template <class A>
struct accessor_info<A, std::void_t<decltype(A::kXesimSpace)>> {
  static constexpr acc_space kSpace = A::kXesimSpace;
  static constexpr bool kCanRead = A::kXesimCanRead;
  static constexpr bool kCanWrite = A::kXesimCanWrite;
};

template <class A>
using accessor_info_t = accessor_info<std::remove_cvref_t<A>>;

/// A device (buffer) accessor the ESIMD memory functions accept.
template <class A>
inline constexpr bool is_device_accessor_v = accessor_info_t<A>::kSpace == acc_space::global;
/// A local accessor (SLM) the ESIMD memory functions accept.
template <class A>
inline constexpr bool is_local_accessor_v = accessor_info_t<A>::kSpace == acc_space::local;
/// Device or local accessor whose mode allows reading / writing.
template <class A>
inline constexpr bool accessor_readable_v =
    accessor_info_t<A>::kSpace != acc_space::none&& accessor_info_t<A>::kCanRead;
template <class A>
inline constexpr bool accessor_writable_v =
    accessor_info_t<A>::kSpace != acc_space::none&& accessor_info_t<A>::kCanWrite;
template <class A>
inline constexpr bool device_accessor_readable_v =
    is_device_accessor_v<A>&& accessor_info_t<A>::kCanRead;
template <class A>
inline constexpr bool device_accessor_writable_v =
    is_device_accessor_v<A>&& accessor_info_t<A>::kCanWrite;
template <class A>
inline constexpr bool local_accessor_readable_v =
    is_local_accessor_v<A>&& accessor_info_t<A>::kCanRead;
template <class A>
inline constexpr bool local_accessor_writable_v =
    is_local_accessor_v<A>&& accessor_info_t<A>::kCanWrite;

/// The first byte of the buffer a device accessor reaches (ESIMD byte offsets start there,
/// whatever the accessor's own offset, as DPC++'s stateless accessor functions do).
template <class A>
inline void* accessor_base(const A& acc) noexcept {
  return const_cast<void*>(static_cast<const void*>(acc.xesim_base()));
}
/// The SLM byte offset where a local accessor's memory starts.
template <class A>
inline std::uint32_t accessor_slm_offset(const A& acc) noexcept {
  return acc.xesim_slm_offset();
}

}  // namespace xesim::sycl::detail
