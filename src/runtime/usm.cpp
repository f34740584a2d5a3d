// The USM registry (include/xesim/runtime/usm_registry.hpp).
//
// Layout: records live in a deque that only grows (pointers to them never dangle); an ordered map
// base -> record indexes the ranges currently owned, freed ones included until a new allocation
// reuses their addresses. Readers first try a small per-thread cache of answered intervals (hits
// or gaps between allocations), valid while the global epoch, bumped by every allocation and free,
// is unchanged; only a miss takes the shared lock.
//
// Freed blocks go to a quarantine before the host heap gets them back, so that for a while no
// plain host allocation can reuse their addresses: a freed USM pointer is reported as such, and a
// host pointer is never mistaken for a freed USM one. Leaving quarantine removes the record from
// the index (the address then reads as plain host memory).
#include <cstdlib>
#include <deque>
#include <map>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "xesim/runtime/usm_registry.hpp"
#include "xesim/sycl/exception.hpp"

namespace xesim::rt {

namespace detail {
constinit std::atomic<std::uint64_t> g_usm_free_epoch{1};
}  // namespace detail

namespace {

constexpr std::size_t kMinAlign = 64;
constexpr int kCacheEntries = 4;
constexpr std::size_t kQuarantineBytes = std::size_t(256) << 20;  // freed bytes kept back at most
constexpr std::size_t kQuarantineBlocks = 4096;

struct registry {
  std::shared_mutex mutex;
  std::deque<allocation> records;                 // stable addresses
  std::map<std::uintptr_t, allocation*> by_base;  // owned ranges, sorted by base
  std::atomic<std::uint64_t> epoch{1};
  std::atomic<std::size_t> live_bytes[4] = {};  // by usm_kind
  std::deque<allocation*> quarantine;           // freed, oldest first, memory not yet released
  std::size_t quarantine_bytes = 0;
};

registry& reg() {
  static registry* r = new registry;  // never destroyed: lookups may run during static teardown
  return *r;
}

// An interval [lo, hi) for which find_allocation answers `rec` (nullptr for a gap).
struct cache_entry {
  std::uintptr_t lo = 0, hi = 0;
  const allocation* rec = nullptr;
  std::uint64_t epoch = 0;
};
thread_local cache_entry tls_cache[kCacheEntries];
thread_local unsigned tls_cache_next = 0;

std::string describe(const allocation& a) {
  return "USM " + std::string(to_string(a.kind)) + " allocation #" + std::to_string(a.serial) +
         " of " + std::to_string(a.size) + " bytes";
}

[[noreturn]] void fail(const std::string& msg) {
  throw sycl::exception(sycl::make_error_code(sycl::errc::invalid), msg);
}

}  // namespace

const char* to_string(usm_kind kind) noexcept {
  switch (kind) {
    case usm_kind::host:
      return "host";
    case usm_kind::device:
      return "device";
    case usm_kind::shared:
      return "shared";
    case usm_kind::buffer:
      return "buffer";
  }
  return "unknown";
}

const allocation* find_allocation(const void* p) noexcept {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  registry& r = reg();
  const std::uint64_t epoch = r.epoch.load(std::memory_order_acquire);
  for (const cache_entry& e : tls_cache)
    if (e.epoch == epoch && a >= e.lo && a < e.hi) return e.rec;

  cache_entry found;
  {
    std::shared_lock lock(r.mutex);
    found.epoch = r.epoch.load(std::memory_order_relaxed);
    auto it = r.by_base.upper_bound(a);  // first base > a
    std::uintptr_t gap_hi = it == r.by_base.end() ? UINTPTR_MAX : it->first;
    std::uintptr_t gap_lo = 0;
    if (it != r.by_base.begin()) {
      --it;
      const std::uintptr_t lo = it->first, hi = lo + it->second->size;
      if (a < hi) {
        found.lo = lo;
        found.hi = hi;
        found.rec = it->second;
      }
      gap_lo = hi;
    }
    if (!found.rec) {
      found.lo = gap_lo;
      found.hi = gap_hi;
    }
  }
  tls_cache[tls_cache_next++ % kCacheEntries] = found;
  return found.rec;
}

const allocation* nearest_allocation(const void* p) noexcept {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  registry& r = reg();
  std::shared_lock lock(r.mutex);
  auto it = r.by_base.upper_bound(a);  // first base > a
  const allocation* after = it == r.by_base.end() ? nullptr : it->second;
  const allocation* before = it == r.by_base.begin() ? nullptr : std::prev(it)->second;
  if (!before || !after) return before ? before : after;
  const std::uintptr_t end = std::uintptr_t(before->base) + before->size;
  if (a < end) return before;
  return a - end <= std::uintptr_t(after->base) - a ? before : after;
}

/// Indexes a new live record for [p, p + bytes). Freed records whose addresses it reuses leave
/// the index (not the deque). Pre: r.mutex held exclusively.
static void insert_record(registry& r, const void* p, std::size_t bytes, usm_kind kind) {
  const auto lo = reinterpret_cast<std::uintptr_t>(p), hi = lo + bytes;
  auto it = r.by_base.lower_bound(lo);
  if (it != r.by_base.begin()) {
    auto prev = std::prev(it);
    if (prev->first + prev->second->size > lo) it = prev;
  }
  while (it != r.by_base.end() && it->first < hi) it = r.by_base.erase(it);
  allocation& rec = r.records.emplace_back();
  rec.base = static_cast<const std::byte*>(p);
  rec.size = bytes;
  rec.kind = kind;
  rec.serial = r.records.size();
  rec.alive.store(true, std::memory_order_relaxed);
  r.by_base.emplace(lo, &rec);
  r.live_bytes[static_cast<int>(kind)].fetch_add(bytes, std::memory_order_relaxed);
  r.epoch.fetch_add(1, std::memory_order_release);
}

void* usm_allocate(std::size_t bytes, std::size_t align, usm_kind kind) noexcept {
  if (bytes == 0) return nullptr;
  if (align < kMinAlign) align = kMinAlign;
  if (align & (align - 1)) return nullptr;  // not a power of two: DPC++ returns nullptr
  const std::size_t rounded = (bytes + align - 1) / align * align;
  void* p = std::aligned_alloc(align, rounded);
  if (!p) return nullptr;
  registry& r = reg();
  std::unique_lock lock(r.mutex);
  insert_record(r, p, bytes, kind);
  return p;
}

bool register_memory(const void* p, std::size_t bytes) noexcept {
  if (!p || bytes == 0) return false;
  registry& r = reg();
  std::unique_lock lock(r.mutex);
  const auto lo = reinterpret_cast<std::uintptr_t>(p), hi = lo + bytes;
  auto it = r.by_base.lower_bound(hi);  // first base >= hi: every earlier range may overlap
  while (it != r.by_base.begin()) {
    --it;
    if (it->first + it->second->size <= lo) break;
    if (it->second->alive.load(std::memory_order_relaxed)) return false;  // USM already
  }
  insert_record(r, p, bytes, usm_kind::buffer);
  return true;
}

void unregister_memory(const void* p) noexcept {
  if (!p) return;
  registry& r = reg();
  std::unique_lock lock(r.mutex);
  auto it = r.by_base.find(reinterpret_cast<std::uintptr_t>(p));
  if (it == r.by_base.end() || it->second->kind != usm_kind::buffer ||
      !it->second->alive.load(std::memory_order_relaxed))
    return;
  it->second->alive.store(false, std::memory_order_release);
  r.live_bytes[static_cast<int>(usm_kind::buffer)].fetch_sub(it->second->size,
                                                             std::memory_order_relaxed);
  // The program owns the memory: it may become anything, so the range leaves the index now.
  r.by_base.erase(it);
  detail::g_usm_free_epoch.fetch_add(1, std::memory_order_release);
  r.epoch.fetch_add(1, std::memory_order_release);
}

void usm_free(void* p) {
  if (!p) return;
  registry& r = reg();
  std::vector<void*> release;  // blocks leaving quarantine, freed outside the lock
  {
    std::unique_lock lock(r.mutex);
    const auto a = reinterpret_cast<std::uintptr_t>(p);
    auto it = r.by_base.upper_bound(a);
    allocation* rec = nullptr;
    if (it != r.by_base.begin() && a < std::prev(it)->first + std::prev(it)->second->size)
      rec = std::prev(it)->second;
    if (!rec) fail("sycl::free: pointer was not allocated by sycl::malloc_*");
    if (!rec->alive.load(std::memory_order_relaxed))
      fail("sycl::free: double free of " + describe(*rec));
    if (rec->base != p)
      fail("sycl::free: pointer is " + std::to_string(a - std::uintptr_t(rec->base)) +
           " bytes inside " + describe(*rec) + ", not its base");
    rec->alive.store(false, std::memory_order_release);
    detail::g_usm_free_epoch.fetch_add(1, std::memory_order_release);
    r.live_bytes[static_cast<int>(rec->kind)].fetch_sub(rec->size, std::memory_order_relaxed);
    r.quarantine.push_back(rec);
    r.quarantine_bytes += rec->size;
    while (r.quarantine_bytes > kQuarantineBytes || r.quarantine.size() > kQuarantineBlocks) {
      allocation* old = r.quarantine.front();
      r.quarantine.pop_front();
      r.quarantine_bytes -= old->size;
      r.by_base.erase(reinterpret_cast<std::uintptr_t>(old->base));
      release.push_back(const_cast<std::byte*>(old->base));
    }
    r.epoch.fetch_add(1, std::memory_order_release);
  }
  for (void* block : release) std::free(block);
}

std::size_t usm_live_bytes(usm_kind kind) noexcept {
  return reg().live_bytes[static_cast<int>(kind)].load(std::memory_order_relaxed);
}

void check_usm_range(const void* p, std::size_t bytes, const char* op, const char* role) {
  if (bytes == 0) return;
  const std::string where = std::string(op) + ": " + role + " ";
  if (!p) fail(where + "pointer is null (" + std::to_string(bytes) + " bytes requested)");
  const allocation* a = find_allocation(p);
  if (!a) return;  // plain host memory: legal, as in DPC++
  const std::size_t offset = static_cast<const std::byte*>(p) - a->base;
  if (!a->alive.load(std::memory_order_acquire))
    fail(where + "points into freed " + describe(*a) + " (use after free)");
  if (bytes > a->size - offset)
    fail(where + "range of " + std::to_string(bytes) + " bytes at offset " +
         std::to_string(offset) + " runs " + std::to_string(bytes - (a->size - offset)) +
         " bytes past the end of " + describe(*a));
}

}  // namespace xesim::rt
