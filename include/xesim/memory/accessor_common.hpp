// What the accessor overloads of the ESIMD memory operations share: which accessors each accepts
// (device or local, readable or writable, as DPC++'s is_device_accessor_with_v /
// is_local_accessor_with_v) and how an accessor becomes an address. DPC++'s default stateless
// mode: a device accessor stands for its buffer's base pointer (byte offsets count from the
// buffer's first element), a local accessor for the SLM offset where its memory starts.
#pragma once

#include <cstdint>
#include <source_location>

#include "xesim/memory/properties.hpp"
#include "xesim/sycl/accessor_traits.hpp"
#include "xesim/simd/traits.hpp"

namespace xesim::esimd::detail {

template <class A>
inline constexpr bool acc_read_v = ::xesim::sycl::detail::device_accessor_readable_v<A>;
template <class A>
inline constexpr bool acc_write_v = ::xesim::sycl::detail::device_accessor_writable_v<A>;
template <class A>
inline constexpr bool lacc_read_v = ::xesim::sycl::detail::local_accessor_readable_v<A>;
template <class A>
inline constexpr bool lacc_write_v = ::xesim::sycl::detail::local_accessor_writable_v<A>;
/// Read-write accessors: what atomic_update accepts (DPC++'s is_rw_*_accessor_v).
template <class A>
inline constexpr bool acc_rw_v = acc_read_v<A>&& acc_write_v<A>;
template <class A>
inline constexpr bool lacc_rw_v = lacc_read_v<A>&& lacc_write_v<A>;

/// Byte `byte_offset` of the buffer a device accessor reaches, as a T*.
template <class T, class A>
XESIM_INLINE T* acc_ptr(const A& acc, std::uint64_t byte_offset) noexcept {
  return reinterpret_cast<T*>(
      static_cast<unsigned char*>(::xesim::sycl::detail::accessor_base(acc)) + byte_offset);
}
/// The SLM byte offset of byte `byte_offset` of a local accessor's memory.
template <class A>
XESIM_INLINE std::uint32_t lacc_off(const A& acc, std::uint32_t byte_offset) noexcept {
  return ::xesim::sycl::detail::accessor_slm_offset(acc) + byte_offset;
}

}  // namespace xesim::esimd::detail
