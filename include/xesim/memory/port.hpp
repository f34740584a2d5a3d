// The memory port: the one place every ESIMD memory operation reports itself, and the SLM
// lookups they share. Each op's core function (detail::block_load_core, gather_core, ...) calls
// the port once with what the call asserts (address, size, alignment, mask) and the user's
// source location; the checking layer (src/check: misaligned-block-access, out-of-bounds,
// slm-not-initialized, slm-out-of-range, slm-race) answers which lanes may be performed, and the
// port samples the stack depth for grf-overflow; while profiling, it counts the message
// (xesim/profile). With XESIM_CHECK=off and profiling off the port is one predictable branch
// and no call (the callers test check::port_on()).
#pragma once

#include <cstddef>
#include <cstdint>
#include <source_location>
#include <string>

#include "xesim/check/check.hpp"
#include "xesim/profile/hooks.hpp"
#include "xesim/runtime/context.hpp"
#include "xesim/runtime/usm_registry.hpp"
#include "xesim/simd/simd_mask.hpp"
#include "xesim/sycl/exception.hpp"

namespace xesim::esimd::detail {

// ------------------------------ port
/// Kinds of memory operation, as the port, the checks and the counters name them.
enum class mem_op : uint8_t { block_load, block_store, gather, scatter, atomic, prefetch };
/// Address spaces: USM (global) memory or the work-group's SLM.
enum class mem_space : uint8_t { global, slm };

/// One memory operation as it was called. `base` is the USM pointer (null for SLM);
/// `offset` the scalar byte offset (block ops); `lane_offsets` the byte offset of each address
/// (gathers, scatters, atomics; null for block ops); `mask` null when every lane is on.
struct mem_access {
  mem_op op;
  mem_space space;
  const void* base;
  std::uint64_t offset;
  std::uint32_t elem_bytes;  ///< sizeof(T)
  std::uint32_t lanes;       ///< addresses accessed (1 for block ops)
  std::uint32_t elems;       ///< elements moved per address (N for block ops, VS for gathers)
  std::uint32_t align;       ///< byte alignment the call asserts (props, flags or DPC++ default)
  const simd_mask_elem_type* mask;
  bool align_default;                 ///< `align` is DPC++'s default, not the user's assertion
  const std::uint64_t* lane_offsets;  ///< `lanes` entries, or null
};

/// src/check: reports every rule the access breaks. Returns true when it may be performed as
/// called; false when some lanes must be skipped: `ok` (lanes entries) then holds the lanes to
/// perform (block ops: none).
bool check_access(const mem_access& a, simd_mask_elem_type* ok,
                  const std::source_location& loc) noexcept;

/// After the port rejects a global block access: how many of its leading elements lie inside
/// the allocation the access starts in (0: none), which the op still performs (a load gives
/// zeros for the rest, a store drops it), as the GPU reads and writes the part in bounds.
inline thread_local std::uint32_t tls_block_prefix = 0;

/// The port's out-of-line half for one address. `a` by value: the caller's record then never
/// has its address taken on the fast path, so g++ keeps its fields in registers instead of
/// storing the whole record on every op (hybrid_edges' loads: ~8 stores each).
[[gnu::noinline, gnu::cold]] inline bool memory_port_slow(mem_access a,
                                                          const std::source_location& loc) noexcept {
  simd_mask_elem_type ok[1] = {0};
  const bool all = check_access(a, ok, loc);
  if (!all) tls_block_prefix = ok[0];
  return all;
}

/// The out-of-line half of memory_port_lanes: each lane's offset as an address offset (as the
/// op forms the address), then src/check.
template <int L, class OffsetT>
[[gnu::noinline, gnu::cold]] const simd_mask_elem_type* memory_port_lanes_slow(
    mem_access a, const OffsetT* o, const simd_mask_elem_type* mask, simd_mask_elem_type* ok,
    const std::source_location& loc) noexcept {
  std::uint64_t offs[L];
  for (int i = 0; i < L; ++i)
    offs[i] = static_cast<std::uint64_t>(static_cast<std::uintptr_t>(o[i]));
  a.lane_offsets = offs;
  a.mask = mask;
  return check_access(a, ok, loc) ? mask : ok;
}

// ------------------------------ profile
/// The message record of access `a` for the profile; `o` its lane offsets (null: a block op).
template <int L = 1, class OffsetT = std::uint64_t>
[[gnu::noinline, gnu::cold]] void profile_access(mem_access a, const OffsetT* o) noexcept {
  profile::msg_record m{static_cast<std::uint8_t>(a.op), a.space == mem_space::slm, false,
                        a.elem_bytes, a.lanes, a.elems,
                        reinterpret_cast<std::uintptr_t>(a.base), 1, 0};
  const std::uint64_t step = std::uint64_t(a.elem_bytes) * a.elems, bytes = step;
  if (!o) {
    m.lo = a.offset;
    m.hi = a.offset + bytes;
  } else {
    bool contiguous = true;
    std::uint64_t lo = ~std::uint64_t(0), hi = 0;
    for (int i = 0; i < L; ++i) {
      const std::uint64_t v = static_cast<std::uint64_t>(static_cast<std::uintptr_t>(o[i]));
      contiguous &= v == static_cast<std::uint64_t>(static_cast<std::uintptr_t>(o[0])) + i * step;
      lo = v < lo ? v : lo;
      hi = v + bytes > hi ? v + bytes : hi;
    }
    m.contiguous = contiguous && L > 1;
    m.lo = lo;
    m.hi = hi;
  }
  profile::count_msg(m);
}

/// The port while profiling: counts the message, then (checks on) the checks' slow path, which
/// answers the common case too. One cold call, so the port's hot path stays as without profiling
/// (two cold calls there cost gather_pool registers: bench/RESULTS.md "Profile hooks").
[[gnu::noinline, gnu::cold]] inline bool memory_port_profiled(mem_access a,
                                                              const std::source_location& loc) noexcept {
  if (check::port_gate() & check::detail::kPortProfile)
    profile_access(a, static_cast<const std::uint64_t*>(nullptr));
  if (!check::on()) return true;
  check::sample_stack(loc, std::uint64_t(a.elem_bytes) * a.elems);
  return memory_port_slow(a, loc);
}
template <int L, class OffsetT>
[[gnu::noinline, gnu::cold]] const simd_mask_elem_type* memory_port_lanes_profiled(
    mem_access a, const OffsetT* o, const simd_mask_elem_type* mask, simd_mask_elem_type* ok,
    const std::source_location& loc) noexcept {
  if (check::port_gate() & check::detail::kPortProfile) profile_access<L>(a, o);
  if (!check::on()) return mask;
  check::sample_stack(loc, std::uint64_t(a.elem_bytes) * a.elems * L);
  return memory_port_lanes_slow<L>(a, o, mask, ok, loc);
}

/// The live simd bytes at access `a` of `lanes` addresses (a stored payload not counted).
XESIM_INLINE void sample_live_at(const mem_access& a, int lanes) noexcept {
  const bool store = a.op == mem_op::block_store || a.op == mem_op::scatter;
  profile::sample_live(store ? std::int64_t(a.elem_bytes) * a.elems * lanes : 0);
}

// ------------------------------ port
/// A block access (one address): true to perform it, false to skip it (the load gives zeros).
/// basic: an aligned access inside the last USM range (or the initialised SLM) returns inline;
/// anything else, and every access under full, goes to src/check.
XESIM_INLINE bool memory_port(const mem_access& a, const std::source_location& loc) noexcept {
#if XESIM_SIMD_LIVE
  if (check::port_on()) sample_live_at(a, 1);  // peak live simd bytes (grf-overflow)
#endif
  // Profiling on (or checks off): one compare on the common path, one cold call otherwise.
  if (check::port_gate() != check::detail::kPortCheck) [[unlikely]]
    return memory_port_profiled(a, loc);
  check::sample_stack(loc, std::uint64_t(a.elem_bytes) * a.elems);  // grf-overflow, kernel-crash
  const std::uint64_t bytes = std::uint64_t(a.elem_bytes) * a.elems;
  if (a.space == mem_space::global) {
    const std::uintptr_t addr = reinterpret_cast<std::uintptr_t>(a.base) + a.offset;
    const check::detail::usm_window& w = check::detail::tls_usm_window;
    if (addr % a.align == 0 && w.epoch == rt::usm_free_epoch() && w.holds(addr, bytes)) [[likely]]
      return true;
  } else if (check::current_level() == check::level::basic) {
    const rt::item_state* it = rt::current_item();
    if (it && it->slm && a.offset % a.align == 0 && a.offset + bytes <= it->slm_size) [[likely]]
      return true;
  }
  return memory_port_slow(a, loc);
}

/// A per-lane access: returns the mask of the lanes to perform: `mask` as called, or `ok` with
/// the bad lanes cleared. Offsets are converted to addresses as the op does (`Wrap`: 64-bit
/// pointer arithmetic, a negative signed offset steps back; SLM offsets are 32-bit).
template <int L, class OffsetT>
XESIM_INLINE const simd_mask_elem_type* memory_port_lanes(
    mem_access a, const simd<OffsetT, L>& offsets, const simd_mask_elem_type* mask,
    simd_mask_elem_type* ok, const std::source_location& loc) noexcept {
#if XESIM_SIMD_LIVE
  if (check::port_on()) sample_live_at(a, L);
#endif
  if (check::port_gate() != check::detail::kPortCheck) [[unlikely]]
    return memory_port_lanes_profiled<L>(a, offsets.elems(), mask, ok, loc);
  check::sample_stack(loc, std::uint64_t(a.elem_bytes) * a.elems * L);
  // The largest address offset, as one vector max over the offsets in their own width (a
  // negative signed offset makes it huge: the slow path); the per-lane copy is made only there.
  const OffsetT* o = offsets.elems();
  std::uint64_t hi = 0;
  if constexpr (sizeof(OffsetT) <= 4) {
    using U = std::make_unsigned_t<OffsetT>;
    U top = 0;
    OffsetT low = 0;
    for (int i = 0; i < L; ++i) {
      top = static_cast<U>(o[i]) > top ? static_cast<U>(o[i]) : top;
      low = o[i] < low ? o[i] : low;
    }
    hi = low < 0 ? ~std::uint64_t(0) : std::uint64_t(top);
  } else {
    for (int i = 0; i < L; ++i) {
      const std::uint64_t v = static_cast<std::uint64_t>(static_cast<std::uintptr_t>(o[i]));
      hi = v > hi ? v : hi;
    }
  }
  const std::uint64_t bytes = std::uint64_t(a.elem_bytes) * a.elems;
  if (a.space == mem_space::global) {  // every lane inside the last USM range: inline
    const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(a.base);
    const check::detail::usm_window& w = check::detail::tls_usm_window;
    if (hi < (std::uint64_t(1) << 62) && w.epoch == rt::usm_free_epoch() &&
        w.holds(base, hi + bytes)) [[likely]]
      return mask;
  } else if (check::current_level() == check::level::basic) {
    const rt::item_state* it = rt::current_item();
    if (it && it->slm && hi < it->slm_size && bytes <= it->slm_size - hi) [[likely]]
      return mask;
  }
  return memory_port_lanes_slow<L>(a, o, mask, ok, loc);
}

// ------------------------------ SLM access
/// Raises the error of an SLM access outside what the work-group initialised (the checking issue
/// turns these into diagnostics). Cold: only reached on a bad access.
[[noreturn, gnu::cold, gnu::noinline]] inline void slm_fail(const char* op, const char* rule,
                                                            std::uint64_t offset,
                                                            std::uint64_t bytes) {
  const rt::item_state* it = rt::current_item();
  std::string msg = std::string("xesim: error: [") + rule + "] " + op;
  if (!it) {
    msg += " called outside a kernel: SLM exists only inside an nd_range kernel";
  } else {
    msg += " of " + std::to_string(bytes) + " bytes at SLM byte offset " + std::to_string(offset) +
           " in kernel '" + it->launch->kernel_name + "', work-group " +
           std::to_string(it->group_linear_id) + ", work-item " +
           std::to_string(it->local_linear_id) + ": ";
    if (it->slm_size == 0)
      msg += "no SLM was initialised; call slm_init<BYTES>() at the top of the kernel";
    else
      msg += "only " + std::to_string(it->slm_size) +
             " bytes of SLM were initialised; the access ends at byte " +
             std::to_string(offset + bytes) + ". Fix the offset or raise slm_init";
  }
  throw sycl::exception(sycl::make_error_code(sycl::errc::kernel), msg);
}

/// The running work-item's SLM; `op` names the caller in the error raised outside a kernel.
XESIM_INLINE const rt::item_state& slm_item(const char* op) {
  const rt::item_state* it = rt::current_item();
  if (!it) [[unlikely]]
    slm_fail(op, "slm-not-initialized", 0, 0);
  return *it;
}

/// Address of SLM bytes [offset, offset + bytes) of the running work-group, after checking they
/// lie in what slm_init made available (slm-not-initialized / slm-out-of-range otherwise).
XESIM_INLINE std::byte* slm_addr(const rt::item_state& it, std::uint64_t offset,
                                 std::uint64_t bytes, const char* op) {
  if (offset + bytes > it.slm_size || !it.slm) [[unlikely]]
    if (!it.slm || offset + bytes > (it.slm_granted > it.slm_size ? it.slm_granted : it.slm_size))
      slm_fail(op, it.slm_size == 0 ? "slm-not-initialized" : "slm-out-of-range", offset, bytes);
  return it.slm + offset;
}

// ------------------------------ LSC block rules
/// DPC++'s legal block sizes of an LSC transposed message: 1, 2, 3, 4, 8, 16, 32, 64 units
/// (check_lsc_vector_size in DPC++'s common.hpp).
constexpr bool lsc_vector_size_ok(int n) {
  return n == 1 || n == 2 || n == 3 || n == 4 || n == 8 || n == 16 || n == 32 || n == 64;
}
/// Whether DPC++ accepts a predicated or cache-hinted block access of N T's with alignment
/// `align` (block_load_impl / block_store_impl in DPC++'s memory.hpp): the data moves as
/// N*sizeof(T) bytes in 4- or 8-byte units, 1..64 units; 8-byte units need alignment >= 8.
template <class T, int N>
constexpr bool lsc_block_align_ok(std::size_t align) {
  return sizeof(T) <= 4 ? align >= 4 : align >= 8;
}
template <class T, int N>
constexpr bool lsc_block_size_ok(std::size_t align) {
  constexpr int kSize = static_cast<int>(sizeof(T));
  constexpr int kFactor32 = kSize < 4 ? 4 / kSize : 1;
  if (N <= 0 || N % kFactor32 != 0) return false;
  const bool use64 = align >= 8 && (N * kSize) % 8 == 0 && (kSize != 4 || N * kSize > 256);
  const int factor = use64 ? 8 / kSize : kFactor32;
  return lsc_vector_size_ok(N / factor);
}

}  // namespace xesim::esimd::detail
