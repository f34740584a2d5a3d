// One running work-group: its work-items, their fibers, its SLM and its barrier.
// One instance per worker thread, reused for every group that thread runs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "fiber_stack.hpp"
#include "xesim/runtime/context.hpp"
#include "xesim/runtime/launch.hpp"

namespace xesim::rt {

/// Schedules the work-items of one group on the calling thread.
///
/// Items run straight, one after the other, on the thread's own stack until one calls barrier():
/// that item's stack (the worker's) becomes the "host" context and the items after it run on
/// fibers. Fiber k belongs to item slot k and lives as long as the work_group (one per worker):
/// it runs item k of every group that needs it, and between groups it sleeps where its last item
/// returned, so a group's first barrier resumes fibers instead of creating them. Contexts switch
/// only inside barrier() and when an item returns, round-robin (or XESIM_SCHEDULE=random:<seed>);
/// a group with no barrier never switches. When every live item waits at a barrier but some
/// items already returned, the group is divergent. An abandoned group (divergence, or an
/// exception from an item) is unwound: each item stopped at a barrier is resumed once and
/// throws from it, so its destructors run, and its fiber goes back to sleep.
class work_group {
 public:
  work_group();
  ~work_group();
  work_group(const work_group&) = delete;
  work_group& operator=(const work_group&) = delete;

  /// Runs group `group_linear` of `launch` to completion. Returns an error (kernel exception or
  /// divergence) instead of throwing; nullptr when every item finished.
  std::exception_ptr run(const launch_info& launch, kernel_ref kernel, std::size_t group_linear);

  /// barrier() of item `me` (an item of this group).
  void barrier(item_state& me);
  /// Named barriers of this group (ESIMD, PVC): named_barrier_init<count>, signal, wait.
  /// Barrier id completes a phase once num_producers producer signals and num_consumers
  /// consumer signals arrived (mode 0 counts as both, 1 producer, 2 consumer); wait(id) returns
  /// when the phase this item signalled (or, without a signal, the next one) completed.
  void named_barrier_init(item_state& me, unsigned count);
  void named_barrier_allocate(item_state& me, unsigned count);
  void named_barrier_signal(item_state& me, unsigned id, unsigned mode, unsigned producers,
                            unsigned consumers);
  void named_barrier_wait(item_state& me, unsigned id);
  /// Whether this group made named barriers or used split barriers: fences then let the other
  /// items run (rt::fence_progress).
  bool uses_named_barriers() const noexcept { return named_count_ != 0 || split_used_; }
  /// split_barrier<signal>() / <wait>() (ESIMD experimental): a work-group barrier in two halves,
  /// kept as one more barrier slot whose phases need every work-item's signal.
  /// atomic_progress: item `me` lets the next runnable item of the group run (none: returns at
  /// once); it stays runnable and resumes in turn.
  void yield(item_state& me);
  void split_barrier_signal(item_state& me);
  void split_barrier_wait(item_state& me);
  /// slm_init of this group: `bytes` already checked against the model limit.
  void slm_init(std::size_t bytes);

 private:
  enum class phase : std::uint8_t { not_started, ready, waiting, done };
  struct slot {
    void* sp = nullptr;  // slot k's fiber while suspended (nullptr: not made on this worker yet)
    phase state = phase::not_started;  // of item k in the current group
    std::int8_t nbar = -1;             // waiting: the named barrier id (-1: the plain barrier)
  };
  static constexpr unsigned kMaxNamedBarriers = 32;
  static constexpr unsigned kSplitBarrier = kMaxNamedBarriers;  // its slot, after the named ones
  static constexpr unsigned kBarrierSlots = kMaxNamedBarriers + 1;
  struct named_barrier {
    std::uint32_t producers = 0, consumers = 0;  // expected per phase (from the last signal)
    std::uint32_t produced = 0, consumed = 0;    // signals of the current phase
    std::uint32_t phase = 0;                     // completed phases
  };
  static constexpr std::size_t kNone = ~std::size_t(0);

  /// Where the context of item idx is saved while it is suspended.
  void*& saved_sp(std::size_t idx) noexcept { return idx == host_ ? host_sp_ : slots_[idx].sp; }
  bool runnable(std::size_t j) const noexcept {
    return slots_[j].state == phase::ready || slots_[j].state == phase::not_started;
  }
  std::size_t pick_next(std::size_t from) noexcept;
  std::size_t pick_random(std::size_t from) noexcept;
  void switch_to(std::size_t to);
  void block(item_state& me);
  [[noreturn]] void named_barrier_error(const item_state& me, const std::string& what) const;
  void raise_named_count(unsigned count);
  static void fiber_entry(void* self);
  [[noreturn]] void fiber_main(std::size_t idx);
  void run_item(std::size_t idx);
  std::size_t next_after_exit(std::size_t idx);
  bool divergent() const noexcept {
    // Every live item waits (at the barrier or a named barrier), yet none can release the
    // others: the items that returned never will arrive.
    return arrived_ + named_waiting_ > 0 && arrived_ + named_waiting_ == n_ - done_;
  }
  void report_divergence();
  void record_error(std::exception_ptr e) noexcept;
  void unwind_stopped_items();

  stack_pool stacks_;  // the fibers' stacks, unmapped with the work_group
  const launch_info* launch_ = nullptr;
  kernel_ref kernel_{};
  std::size_t n_ = 0;              // items in the group
  std::size_t done_ = 0;           // items that returned
  std::size_t arrived_ = 0;        // items waiting at the current barrier
  std::size_t named_waiting_ = 0;  // items waiting at a named barrier
  unsigned named_count_ = 0;       // named barriers of this group (0: none)
  unsigned named_init_ = 0;        // named_barrier_init's count (every caller must agree)
  unsigned named_alloc_ = 0;       // the largest named_barrier_allocate count
  named_barrier named_[kBarrierSlots];
  bool split_used_ = false;   // split_barrier called in this group (named_target_ sized)
  std::size_t host_ = kNone;  // item running on the worker stack once fibers run
  std::size_t current_ = 0;   // item whose context runs now
  std::uint64_t seed_ = 0;    // XESIM_SCHEDULE=random:<seed> (0: sequential)
  std::uint64_t rng_ = 0;     // its state, reset per group
  bool abort_ = false;
  std::exception_ptr error_;
  void* host_sp_ = nullptr;  // the worker's stack while a fiber runs
  std::vector<item_state> items_;
  std::vector<slot> slots_;
  std::vector<std::size_t> exited_ids_, waiting_ids_;
  std::vector<std::uint32_t> barrier_counts_;
  std::vector<std::int8_t> waiting_nbar_;
  std::vector<std::uint32_t> named_target_;  // [item * kBarrierSlots + id]: phase awaited
  void barrier_slots_reset();
  void slot_signal(item_state& me, unsigned id, unsigned mode, unsigned producers,
                   unsigned consumers);
  void slot_wait(item_state& me, unsigned id);
  std::byte* slm_ = nullptr;  // model's slm_per_group bytes, allocated on first use
  std::size_t slm_capacity_ = 0;
  std::size_t slm_size_ = 0;
};

/// The calling thread's work_group.
work_group& thread_work_group();

}  // namespace xesim::rt
