// What ESIMD calls made inside a kernel ask of the engine: the running work-item, its group's
// SLM, barriers. Implemented in src/runtime. Cheap: one thread_local load per call.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <source_location>

#include "xesim/profile/counters.hpp"

namespace xesim::rt {

class work_group;  // src/runtime: the scheduler of one running work-group

/// The launch a work-item belongs to; fixed for the whole launch.
struct launch_info {
  const char* kernel_name;  ///< demangled kernel name type, or "(unnamed kernel)"
  int dims;                 ///< 1, 2 or 3
  std::size_t global[3];    ///< global range (dims used; others 1)
  std::size_t local[3];     ///< work-group range; all 1 for a plain range launch
  bool is_nd_range;
  /// The user's parallel_for / single_task call and the queue::submit around it (defaulted
  /// std::source_location arguments of the host API; line 0 when unknown).
  std::source_location call_loc{};
  std::source_location submit_loc{};
};

/// The running work-item. One per work-item, owned by the engine; valid only while it runs.
struct item_state {
  const launch_info* launch;
  std::size_t global_id[3];
  std::size_t local_id[3];
  std::size_t group_id[3];
  std::size_t local_linear_id;
  std::size_t group_linear_id;
  std::byte* slm;        ///< this work-group's SLM (null before slm_init, or in range launches)
  std::size_t slm_size;  ///< bytes made available by slm_init
  /// Bytes the GPU would allocate for slm_size (its SLM steps, dev::slm_granted), backed here
  /// too: accesses in [slm_size, slm_granted) are warnings and performed. 0: just slm_size.
  std::size_t slm_granted;
  work_group* group;     ///< engine: this item's work-group (null in range launches)
  std::uint32_t barriers_passed;  ///< barrier() calls this work-item has returned from
  // Check layer (src/check) state, reset by the engine for every work-item it starts.
  std::source_location barrier_loc;   ///< the barrier() this item called last (checks on)
  std::source_location slm_init_loc;  ///< its first slm_init (checks on)
  std::uint32_t slm_inits;            ///< slm_init calls it made (checks on)
  // grf-overflow and kernel-crash: set by the item invoker (include/xesim/sycl/handler.hpp) for
  // every work-item it runs; the memory port updates them while checks are on.
  std::uintptr_t stack_top;            ///< the invoker's frame, just above the kernel body
  std::uintptr_t stack_min;            ///< lowest stack pointer seen at a memory op
  std::source_location stack_min_loc;  ///< the memory op where stack_min was seen
  std::source_location last_op_loc;    ///< the last memory op the item called
  /// Kernel printf left an unfinished line for this item (flushed when the item ends).
  bool print_pending;
  /// Atomic operations since this item last gave the thread to another of its group
  /// (atomic_progress).
  std::uint32_t atomic_polls;
  /// Compare-exchanges in a row in which a lane found another value than the expected one, and
  /// when the streak's first clock reading was taken (cas_progress, the kernel-hang bound).
  std::uint32_t cas_fails;
  std::uint64_t cas_fail_since_ns;
  // Simd lifetimes (builds with XESIM_SIMD_LIVE) and profiling counters (xesim/profile).
  std::int64_t live_bytes;       ///< simd bytes alive now in this work-item
  std::int64_t peak_live_bytes;  ///< the most simd bytes alive at once (grf-overflow, profile)
  /// This item's counters while profiling is on (null otherwise). A pointer, not the ~3 KB
  /// block itself: a larger item_state slowed rows_3d L2 by 13-20% with profiling off
  /// (bench/RESULTS.md "Profile hooks").
  profile::item_counters* prof;
};

namespace detail {
/// The running work-item of this OS thread (engine-owned; read through current_item()).
extern constinit thread_local item_state* tls_current_item;
}  // namespace detail

/// The work-item running on this thread, or nullptr on the host. One thread_local load.
inline item_state* current_item() noexcept { return detail::tls_current_item; }

// ------------------------------ stack_pointer
/// The current stack pointer: the grf-overflow proxy samples it at memory ops (one register
/// read, no call). Not volatile: within one function the value is fixed after the prologue, so
/// the compiler may share one read between ops (bench/check_levels_bench "gather basic": the
/// volatile read measured ~0.05-0.1x more of off on 32-lane gathers, within the host's noise).
inline __attribute__((always_inline)) std::uintptr_t stack_pointer() noexcept {
#if defined(__x86_64__)
  std::uintptr_t sp;
  asm("mov %%rsp, %0" : "=r"(sp));
  return sp;
#else
  return reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
#endif
}

// ------------------------------ stack budget (grf-overflow)
namespace detail {
/// The stack bytes a work-item may use before it is reported: the device model's GRF per thread
/// (normal or large), set at every launch by the check layer (src/check/grf.cpp); max until then.
extern constinit std::atomic<std::uintptr_t> g_stack_budget;
}  // namespace detail
/// Whether the finished work-item `it` went deeper than the budget (inline, no call).
inline __attribute__((always_inline)) bool stack_over_budget(const item_state& it) noexcept {
  return it.stack_top - it.stack_min > detail::g_stack_budget.load(std::memory_order_relaxed);
}
/// Whether the finished work-item `it` holds more data than the GRF budget: its peak live simd
/// bytes in builds that track simd lifetimes (`Live`, XESIM_SIMD_LIVE), else its stack depth.
template <bool Live>
inline __attribute__((always_inline)) bool over_grf_budget(const item_state& it) noexcept {
  if constexpr (Live)
    return static_cast<std::uintptr_t>(it.peak_live_bytes) >
           detail::g_stack_budget.load(std::memory_order_relaxed);
  else
    return stack_over_budget(it);
}
/// Hands such a work-item to the check layer (hooks().stack_overflow; nothing when unset).
[[gnu::cold, gnu::noinline]] void report_stack_overflow(const item_state& it) noexcept;

/// slm_init: makes `bytes` of SLM available to the current work-group. Throws sycl::exception
/// (errc::invalid) above the device model's per-group limit or outside an nd_range kernel.
void slm_init(std::size_t bytes);

/// Work-group barrier: returns when every work-item of the group has reached it.
void barrier();

/// Kernel printf output: whole lines go to stdout at once (under a lock, so lines of different
/// work-items never mix); an unfinished line waits in the work-item's buffer for the rest.
void kernel_print(const char* text, std::size_t n);
/// Writes the unfinished line of item `it` (the item invoker calls it when print_pending).
void flush_kernel_print(item_state& it);

/// Named barriers (ESIMD): the work-group's scheduler does them (src/runtime/work_group.hpp).
/// Throw sycl::exception (errc::invalid) outside an nd_range kernel or for an id the group's
/// named_barrier_init did not make.
void named_barrier_init(unsigned count);
/// named_barrier_allocate<count>: raises the group's named barrier count to at least `count`.
void named_barrier_allocate(unsigned count);
void named_barrier_signal(unsigned id, unsigned mode, unsigned producers, unsigned consumers);
void named_barrier_wait(unsigned id);
/// Called by fence(): in a group that uses named or split barriers, gives the thread to the
/// next runnable item. Producer/consumer code orders its items with fences between named-barrier
/// phases; on the GPU the items run side by side, so an item released from a wait does not run
/// ahead of the others' reads into its next phase's writes. Elsewhere a fence is only a fence.
void fence_progress();
/// split_barrier<signal>() / <wait>(): the work-group barrier in two halves.
void split_barrier_signal();
void split_barrier_wait();

// ------------------------------ atomic_progress
/// Gives the thread to another runnable work-item of `it`'s group, if there is one (the group's
/// items run on one thread as fibers); returns when `it` is scheduled again.
void yield_item(item_state& it);
/// Atomic operations every which a work-item yields (atomic_progress).
inline constexpr std::uint32_t kAtomicPollsPerYield = 64;
/// Called by every atomic operation. Work-items of a group wait for each other without a barrier
/// only through atomics (a lock taken with compare-exchange, a flag polled with atomic loads): on
/// the GPU the others run meanwhile, here they share one thread, so an item yields after a
/// compare-exchange that failed (`stalled`) and after every kAtomicPollsPerYield atomics. Without
/// this such a spin-wait on a later item of the group would never end.
inline void atomic_progress(bool stalled) {
  item_state* it = detail::tls_current_item;
  if (it == nullptr || it->group == nullptr) return;  // host code, range launches
  if (!stalled && ++it->atomic_polls < kAtomicPollsPerYield) [[likely]]
    return;
  it->atomic_polls = 0;
  yield_item(*it);
}

/// Compare-exchanges failed in a row between two readings of the clock (cas_progress).
inline constexpr std::uint32_t kCasFailsPerClock = 4096;
/// Out of line, every kCasFailsPerClock failures: throws sycl::exception (errc::runtime) naming
/// the work-item once its compare-exchanges have failed for XESIM_HANG_SECONDS (default 30) in
/// a row: the value the loop waits for never appears (a livelock), so the launch stops with
/// an error instead of hanging.
void check_cas_hang(item_state& it);
/// atomic_progress for a compare-exchange (`failed`: a lane found another value than the
/// expected one), with the kernel-hang bound on a streak of failures.
inline void cas_progress(bool failed) {
  item_state* it = detail::tls_current_item;
  if (it == nullptr) return;  // host code
  if (!failed)
    it->cas_fails = 0;
  else if ((++it->cas_fails & (kCasFailsPerClock - 1)) == 0) [[unlikely]]
    check_cas_hang(*it);
  atomic_progress(failed);
}

}  // namespace xesim::rt
