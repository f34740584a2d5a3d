// Unified shared memory: sycl::malloc_device/host/shared, aligned_alloc_*, malloc, free,
// get_pointer_type, usm_allocator. All three kinds are host memory here; each allocation is
// recorded in the USM registry (xesim/runtime/usm_registry.hpp) so memory operations and the
// checks can tell USM from plain host memory and catch use after free.
#pragma once

#include <cstddef>
#include <limits>
#include <new>

#include "xesim/runtime/usm_registry.hpp"
#include "xesim/sycl/device.hpp"
#include "xesim/sycl/property.hpp"
#include "xesim/sycl/queue.hpp"

namespace xesim::sycl {

namespace usm {
enum class alloc : char { host = 0, device = 1, shared = 2, unknown = 3 };
}  // namespace usm

namespace detail {
inline rt::usm_kind to_kind(usm::alloc a) {
  switch (a) {
    case usm::alloc::host:
      return rt::usm_kind::host;
    case usm::alloc::device:
      return rt::usm_kind::device;
    case usm::alloc::shared:
      return rt::usm_kind::shared;
    default:
      break;
  }
  throw exception(make_error_code(errc::invalid),
                  "sycl::malloc: usm::alloc::unknown is not an allocation kind");
}
inline void* usm_alloc(std::size_t align, std::size_t bytes, usm::alloc kind) {
  return rt::usm_allocate(bytes, align, to_kind(kind));
}
template <class T>
T* usm_alloc_n(std::size_t align, std::size_t count, usm::alloc kind) {
  if (count > std::numeric_limits<std::size_t>::max() / sizeof(T)) return nullptr;
  return static_cast<T*>(usm_alloc(align ? align : alignof(T), count * sizeof(T), kind));
}
}  // namespace detail

// ------------------------------ malloc_device / malloc_host / malloc_shared
/// Allocates `bytes` (or `count` T) of the named USM kind; nullptr for 0 bytes or on failure.
/// Alignment: at least 64 bytes (aligned_alloc_*: max(alignment, 64), a power of two).
#define XESIM_USM_KIND_FUNCS(kind)                                                                \
  inline void* malloc_##kind(std::size_t bytes, const device&, const context&,                    \
                             const property_list& = {}) {                                         \
    return detail::usm_alloc(0, bytes, usm::alloc::kind);                                         \
  }                                                                                               \
  inline void* malloc_##kind(std::size_t bytes, const queue&, const property_list& = {}) {        \
    return detail::usm_alloc(0, bytes, usm::alloc::kind);                                         \
  }                                                                                               \
  template <class T>                                                                              \
  T* malloc_##kind(std::size_t count, const device&, const context&, const property_list& = {}) { \
    return detail::usm_alloc_n<T>(0, count, usm::alloc::kind);                                    \
  }                                                                                               \
  template <class T>                                                                              \
  T* malloc_##kind(std::size_t count, const queue&, const property_list& = {}) {                  \
    return detail::usm_alloc_n<T>(0, count, usm::alloc::kind);                                    \
  }                                                                                               \
  inline void* aligned_alloc_##kind(std::size_t align, std::size_t bytes, const device&,          \
                                    const context&, const property_list& = {}) {                  \
    return detail::usm_alloc(align, bytes, usm::alloc::kind);                                     \
  }                                                                                               \
  inline void* aligned_alloc_##kind(std::size_t align, std::size_t bytes, const queue&,           \
                                    const property_list& = {}) {                                  \
    return detail::usm_alloc(align, bytes, usm::alloc::kind);                                     \
  }                                                                                               \
  template <class T>                                                                              \
  T* aligned_alloc_##kind(std::size_t align, std::size_t count, const device&, const context&,    \
                          const property_list& = {}) {                                            \
    return detail::usm_alloc_n<T>(align, count, usm::alloc::kind);                                \
  }                                                                                               \
  template <class T>                                                                              \
  T* aligned_alloc_##kind(std::size_t align, std::size_t count, const queue&,                     \
                          const property_list& = {}) {                                            \
    return detail::usm_alloc_n<T>(align, count, usm::alloc::kind);                                \
  }
XESIM_USM_KIND_FUNCS(device)
XESIM_USM_KIND_FUNCS(shared)
#undef XESIM_USM_KIND_FUNCS

// Host allocations take no device.
inline void* malloc_host(std::size_t bytes, const context&, const property_list& = {}) {
  return detail::usm_alloc(0, bytes, usm::alloc::host);
}
inline void* malloc_host(std::size_t bytes, const queue&, const property_list& = {}) {
  return detail::usm_alloc(0, bytes, usm::alloc::host);
}
template <class T>
T* malloc_host(std::size_t count, const context&, const property_list& = {}) {
  return detail::usm_alloc_n<T>(0, count, usm::alloc::host);
}
template <class T>
T* malloc_host(std::size_t count, const queue&, const property_list& = {}) {
  return detail::usm_alloc_n<T>(0, count, usm::alloc::host);
}
inline void* aligned_alloc_host(std::size_t align, std::size_t bytes, const context&,
                                const property_list& = {}) {
  return detail::usm_alloc(align, bytes, usm::alloc::host);
}
inline void* aligned_alloc_host(std::size_t align, std::size_t bytes, const queue&,
                                const property_list& = {}) {
  return detail::usm_alloc(align, bytes, usm::alloc::host);
}
template <class T>
T* aligned_alloc_host(std::size_t align, std::size_t count, const context&,
                      const property_list& = {}) {
  return detail::usm_alloc_n<T>(align, count, usm::alloc::host);
}
template <class T>
T* aligned_alloc_host(std::size_t align, std::size_t count, const queue&,
                      const property_list& = {}) {
  return detail::usm_alloc_n<T>(align, count, usm::alloc::host);
}

// ------------------------------ malloc / aligned_alloc with a kind
inline void* malloc(std::size_t bytes, const device&, const context&, usm::alloc kind,
                    const property_list& = {}) {
  return detail::usm_alloc(0, bytes, kind);
}
inline void* malloc(std::size_t bytes, const queue&, usm::alloc kind, const property_list& = {}) {
  return detail::usm_alloc(0, bytes, kind);
}
template <class T>
T* malloc(std::size_t count, const device&, const context&, usm::alloc kind,
          const property_list& = {}) {
  return detail::usm_alloc_n<T>(0, count, kind);
}
template <class T>
T* malloc(std::size_t count, const queue&, usm::alloc kind, const property_list& = {}) {
  return detail::usm_alloc_n<T>(0, count, kind);
}
inline void* aligned_alloc(std::size_t align, std::size_t bytes, const device&, const context&,
                           usm::alloc kind, const property_list& = {}) {
  return detail::usm_alloc(align, bytes, kind);
}
inline void* aligned_alloc(std::size_t align, std::size_t bytes, const queue&, usm::alloc kind,
                           const property_list& = {}) {
  return detail::usm_alloc(align, bytes, kind);
}
template <class T>
T* aligned_alloc(std::size_t align, std::size_t count, const queue&, usm::alloc kind,
                 const property_list& = {}) {
  return detail::usm_alloc_n<T>(align, count, kind);
}

// ------------------------------ free
/// Frees a USM allocation; nullptr is a no-op. Throws errc::invalid for anything else that is
/// not the base of a live USM allocation (double free, interior or non-USM pointer).
inline void free(void* ptr, const context&) { rt::usm_free(ptr); }
inline void free(void* ptr, const queue&) { rt::usm_free(ptr); }

// ------------------------------ get_pointer_type / get_pointer_device
/// The kind of the live USM allocation holding ptr; usm::alloc::unknown for anything else
/// (host memory, freed memory).
inline usm::alloc get_pointer_type(const void* ptr, const context&) {
  const rt::allocation* a = rt::find_allocation(ptr);
  if (!a || !a->alive.load(std::memory_order_acquire)) return usm::alloc::unknown;
  switch (a->kind) {
    case rt::usm_kind::host:
      return usm::alloc::host;
    case rt::usm_kind::device:
      return usm::alloc::device;
    case rt::usm_kind::shared:
      return usm::alloc::shared;
    case rt::usm_kind::buffer:  // a buffer's storage is not USM
      return usm::alloc::unknown;
  }
  return usm::alloc::unknown;
}
/// The device of a USM pointer (the one device). Throws errc::invalid for non-USM pointers.
inline device get_pointer_device(const void* ptr, const context& ctx) {
  if (get_pointer_type(ptr, ctx) == usm::alloc::unknown)
    throw exception(make_error_code(errc::invalid),
                    "get_pointer_device: pointer is not a live USM allocation");
  return device();
}

// ------------------------------ usm_allocator
/// A standard allocator drawing from USM of kind Kind (host or shared: device memory cannot back
/// a host container in SYCL, so AllocKind::device does not compile).
template <class T, usm::alloc Kind, std::size_t Alignment = 0>
class usm_allocator {
  static_assert(Kind != usm::alloc::device && Kind != usm::alloc::unknown,
                "usm_allocator: only usm::alloc::host and usm::alloc::shared are allowed");

 public:
  using value_type = T;
  template <class U>
  struct rebind {
    using other = usm_allocator<U, Kind, Alignment>;
  };

  usm_allocator() = delete;
  usm_allocator(const context&, const device&, const property_list& = {}) noexcept {}
  usm_allocator(const queue&, const property_list& = {}) noexcept {
  }  // NOLINT: implicit, as in SYCL
  template <class U>
  usm_allocator(const usm_allocator<U, Kind, Alignment>&) noexcept {}

  T* allocate(std::size_t count) {
    T* p = detail::usm_alloc_n<T>(Alignment ? Alignment : alignof(T), count, Kind);
    if (!p && count)
      throw exception(make_error_code(errc::memory_allocation), "usm_allocator: allocation failed");
    return p;
  }
  void deallocate(T* p, std::size_t) { rt::usm_free(p); }

  template <class U, std::size_t A2>
  friend bool operator==(const usm_allocator&, const usm_allocator<U, Kind, A2>&) noexcept {
    return true;
  }
};

}  // namespace xesim::sycl
