// The USM registry: every sycl::malloc_* allocation, alive or freed, found by any address in it.
// Implemented in src/runtime/usm.cpp. Lookups are lock-free on a per-thread cache hit and
// O(log n) under a shared lock otherwise; allocation and free take an exclusive lock.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace xesim::rt {

/// host, device, shared: sycl::malloc_*; buffer: the storage behind a sycl::buffer (its own or,
/// with use_host_ptr, the program's), which accessors reach.
enum class usm_kind : std::uint8_t { host, device, shared, buffer };

/// One USM allocation. Records are never destroyed, so a pointer to one stays valid for the whole
/// run; `alive` turns false when the allocation is freed.
struct allocation {
  const std::byte* base;
  std::size_t size;  ///< bytes requested
  usm_kind kind;
  std::uint64_t serial;  ///< 1, 2, ... in allocation order
  std::atomic<bool> alive;
};

namespace detail {
/// Bumped by every usm_free: a range found alive stays alive while this is unchanged.
extern constinit std::atomic<std::uint64_t> g_usm_free_epoch;
}  // namespace detail
/// The free epoch (one relaxed load): the checks' cache of a live range is valid while it holds.
inline std::uint64_t usm_free_epoch() noexcept {
  return detail::g_usm_free_epoch.load(std::memory_order_relaxed);
}

/// "host", "device", "shared" or "buffer".
const char* to_string(usm_kind kind) noexcept;

// ------------------------------ find_allocation
/// The allocation whose [base, base + size) holds p (alive or freed; a freed range later reused
/// by a new allocation belongs to the new one), or nullptr for memory USM did not allocate.
/// Thread-safe; a hit on the calling thread's last lookups costs a few loads and no lock.
const allocation* find_allocation(const void* p) noexcept;

/// The allocation (alive or freed, still indexed) whose range is nearest to p: the one holding
/// it, else the closer of its neighbours; nullptr when USM holds nothing. For diagnostics.
const allocation* nearest_allocation(const void* p) noexcept;

// ------------------------------ usm_allocate / usm_free
/// Allocates `bytes` aligned to max(align, 64) and records it. Returns nullptr for 0 bytes or when
/// the host is out of memory (as sycl::malloc_* do).
void* usm_allocate(std::size_t bytes, std::size_t align, usm_kind kind) noexcept;
/// Frees a USM allocation made by usm_allocate. nullptr is a no-op. Throws sycl::exception
/// (errc::invalid) for a pointer that is not the base of a live USM allocation (double free,
/// interior pointer, or memory USM did not allocate).
void usm_free(void* p);

/// Records program memory [p, p + bytes) that a use_host_ptr buffer adopts as kind `buffer`,
/// so accessor accesses are bounds-checked against it; returns false (nothing recorded) when the
/// range is empty or lies in a live USM allocation already. Undo with unregister_memory.
bool register_memory(const void* p, std::size_t bytes) noexcept;
/// Forgets a range register_memory recorded (its record reads as freed until the address is
/// reused). No-op for null.
void unregister_memory(const void* p) noexcept;

/// Bytes of `kind` allocations currently alive (requested sizes).
std::size_t usm_live_bytes(usm_kind kind) noexcept;

// ------------------------------ check_usm_range
/// Validates a host-side memory operation (queue::memcpy/memset/fill/copy) on [p, p + bytes):
/// throws sycl::exception (errc::invalid) naming `op` and `role` ("source", "destination") when p
/// is null, points into a freed USM allocation, or the range runs past the end of its USM
/// allocation. Plain host memory is accepted. bytes == 0 accepts anything.
void check_usm_range(const void* p, std::size_t bytes, const char* op, const char* role);

}  // namespace xesim::rt
