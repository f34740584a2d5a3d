// barrier() and fence(): work-group synchronisation and memory ordering.
#pragma once

#include <chrono>

#include <atomic>
#include <cstdint>
#include <source_location>

#include "xesim/check/check.hpp"

#include "xesim/runtime/context.hpp"
#include "xesim/runtime/device_model.hpp"
#include "xesim/simd/traits.hpp"

namespace xesim::esimd {

// ------------------------------ fence_mask / memory_kind / fence_flush_op / fence_scope
/// Bits of fence<mask>() (DPC++'s fence_mask). On the CPU every fence is a full fence.
enum fence_mask : uint8_t {
  global_coherent_fence = 0x1,  ///< commit enable: wait for the fence to complete
  l2_flush_instructions = 0x2,
  l2_flush_texture_data = 0x4,
  l2_flush_constant_data = 0x8,
  l2_flush_rw_data = 0x10,
  local_barrier = 0x20,  ///< SLM fence only
  l1_flush_ro_data = 0x40,
  sw_barrier = 0x80,  ///< compiler-only scheduling barrier
  // Names of older DPC++ releases.
  l3_flush_instructions = l2_flush_instructions,
  l3_flush_texture_data = l2_flush_texture_data,
  l3_flush_constant_data = l2_flush_constant_data,
  l3_flush_rw_data = l2_flush_rw_data,
};

/// Memory a fence<Kind, ...>() orders.
enum class memory_kind : uint8_t { global = 0, image = 2, local = 3 };
/// Cache operation after a fence<Kind, FlushOp, ...>() completes (no effect on the CPU).
enum class fence_flush_op : uint8_t { none = 0, evict = 1, invalidate = 2, clean = 4 };
/// Who must observe the writes before a fence<..., Scope>() completes.
enum class fence_scope : uint8_t {
  group = 0,
  local = 1,
  tile = 2,
  gpu = 3,
  gpus = 4,
  system = 5,
  system_acquire = 6
};

// ------------------------------ fence
/// Orders this work-item's memory accesses: every access before the fence is visible to other
/// work-items before any after it. `cntl` is a mask of fence_mask bits (sw_barrier alone only
/// stops compiler reordering). HW: lsc_fence / fence. Platforms: all.
template <uint8_t cntl>
XESIM_INLINE void fence() {
  if constexpr (cntl == sw_barrier) {
    std::atomic_signal_fence(std::memory_order_seq_cst);
  } else {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    rt::fence_progress();
  }
}
/// The same with a run-time mask (older DPC++ releases).
XESIM_INLINE void fence(fence_mask cntl) {
  if (cntl == sw_barrier) {
    std::atomic_signal_fence(std::memory_order_seq_cst);
  } else {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    rt::fence_progress();
  }
}
/// LSC fence of one memory kind, scope and flush operation. On the CPU a full fence whatever
/// the arguments. HW: lsc_fence.<ugm|tgm|slm>.<flush>.<scope>. Platforms: DG2, PVC, Xe2.
template <memory_kind Kind = memory_kind::global, fence_flush_op FenceOp = fence_flush_op::none,
          fence_scope Scope = fence_scope::group>
XESIM_INLINE void fence() {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  rt::fence_progress();
}

// ------------------------------ barrier
/// Work-group barrier: returns when every work-item of the group has reached it, with their
/// SLM and global writes before it visible. Pre: reached by all work-items of the group the same
/// number of times (barrier-divergence), nd_range launch. HW: fence + barrier. Platforms: all.
XESIM_INLINE void barrier(std::source_location loc = std::source_location::current()) {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (check::on()) check::on_barrier(loc);
  rt::barrier();
}

// ------------------------------ named barriers
/// Makes NbarCount named barriers (ids 0 .. NbarCount-1; DPC++'s tests keep id 0 for the
/// work-group barrier) for the work-group. Call in every work-item at the top of an nd_range
/// kernel. Pre: NbarCount <= 32, the same in every work-item (sycl::exception otherwise).
/// HW: nbarrier init (kernel attribute). Platforms: PVC, Xe2.
template <uint8_t NbarCount>
XESIM_INLINE void named_barrier_init() {
  rt::named_barrier_init(NbarCount);
}
/// Signals named barrier `barrier_id` as a producer (mode 1), a consumer (mode 2) or both (0),
/// after a global and SLM fence. A phase of the barrier completes once num_producers producer
/// and num_consumers consumer signals arrived; signalling never blocks.
/// HW: fence + send.gateway (barrier). Platforms: PVC, Xe2.
XESIM_INLINE void named_barrier_signal(uint8_t barrier_id, uint8_t producer_consumer_mode,
                                       uint32_t num_producers, uint32_t num_consumers) {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  rt::named_barrier_signal(barrier_id, producer_consumer_mode, num_producers, num_consumers);
}
/// Waits until the phase of named barrier `id` this work-item signalled (without a signal: the
/// next phase) completes. Pre: the phase can complete (barrier-divergence: no hang).
/// HW: sync.bar. Platforms: PVC, Xe2.
XESIM_INLINE void named_barrier_wait(uint8_t id,
                                     std::source_location loc = std::source_location::current()) {
  if (check::on()) check::on_barrier(loc);
  rt::named_barrier_wait(id);
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

// ------------------------------ rdtsc
/// A timestamp counter (HW: the GPU's tsc register): nanoseconds of a steady clock, strictly
/// increasing across the calls of one OS thread (two reads around any work differ, as on the
/// GPU). Platforms: all.
inline uint64_t rdtsc() {
  thread_local uint64_t last = 0;
  uint64_t t = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                         std::chrono::steady_clock::now().time_since_epoch())
                                         .count());
  if (t <= last) t = last + 1;
  last = t;
  return t;
}

namespace xesim_experimental {
// ------------------------------ wait
/// Keeps the computation of `value` where it is (DPC++: a scoreboard dependency so the compiler
/// neither moves code across this point nor drops the value). On the CPU: a compiler barrier
/// that uses the value. Platforms: all.
template <class T, int N>
XESIM_INLINE void wait(const simd<T, N>& value) {
  asm volatile("" : : "r"(&value) : "memory");
}
template <class BaseT, class RegionT>
XESIM_INLINE void wait(const simd_view<BaseT, RegionT>& value) {
  const auto v = value.read();
  asm volatile("" : : "r"(&v) : "memory");
}

// ------------------------------ split_barrier
/// Halves of the work-group barrier (DPC++ experimental): signal marks this work-item arrived
/// and goes on; wait returns once every work-item of the group signalled (the phase this item
/// signalled, or the next one). Pre: every item signals once per phase (barrier-divergence).
/// HW: barrier signal / sync.bar wait. Platforms: all.
enum class split_barrier_action : uint8_t { wait = 0, signal = 1 };
template <split_barrier_action Flag>
XESIM_INLINE void split_barrier(std::source_location loc = std::source_location::current()) {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if constexpr (Flag == split_barrier_action::signal) {
    rt::split_barrier_signal();
  } else {
    if (check::on()) check::on_barrier(loc);
    rt::split_barrier_wait();
  }
}
// ------------------------------ get_hw_thread_id / get_subdevice_id
/// The hardware thread the work-item runs on: a model of the GPU's thread slots, distinct for
/// work-items that are resident together (global linear id modulo EUs x threads per EU of the
/// device model); 0 outside a kernel. HW: the thread id register. Platforms: all.
inline uint32_t get_hw_thread_id() {
  const rt::item_state* it = rt::current_item();
  if (!it) return 0;
  const dev::device_model& m = dev::current_device();
  const std::size_t slots = std::size_t(m.eus) * std::size_t(m.threads_per_eu);
  const std::size_t* g = it->launch->global;
  const std::size_t lin = (it->global_id[0] * g[1] + it->global_id[1]) * g[2] + it->global_id[2];
  return static_cast<uint32_t>(slots ? lin % slots : 0);
}
/// The sub-device (tile) the work-item runs on: 0 (the model is one root device).
inline uint32_t get_subdevice_id() { return 0; }

/// DPC++ experimental: NbarCount named barriers beyond those named_barrier_init made (ids
/// init .. init + NbarCount - 1), callable from any function the kernel calls; the group takes
/// the largest NbarCount its items ask for. Pre: init + NbarCount <= 32, nd_range launch.
template <uint8_t NbarCount>
XESIM_INLINE void named_barrier_allocate() {
  rt::named_barrier_allocate(NbarCount);
}

/// The named barriers are spelled the same here (sycl::ext::intel::experimental::esimd).
using ::xesim::esimd::named_barrier_init;
using ::xesim::esimd::named_barrier_signal;
using ::xesim::esimd::named_barrier_wait;
}  // namespace xesim_experimental

}  // namespace xesim::esimd
