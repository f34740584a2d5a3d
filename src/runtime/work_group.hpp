// One running work-group: its work-items, their fibers, its SLM and its barrier.
// One instance per worker thread, reused for every group that thread runs.
#pragma once

#include <boost/context/fiber.hpp>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <vector>

#include "xesim/runtime/context.hpp"
#include "xesim/runtime/launch.hpp"

namespace xesim::rt {

/// Schedules the work-items of one group on the calling thread.
///
/// Items run straight, one after the other, on the thread's own stack until one calls barrier():
/// that item's stack (the worker's) becomes the "host" context and the items after it start as
/// fibers on pooled stacks. Fibers switch only inside barrier(), round-robin; a group with no
/// barrier never creates or switches a fiber. When every live item waits at a barrier but some
/// items already returned, the group is divergent: it is abandoned (fibers unwound) and reported.
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
  /// slm_init of this group: `bytes` already checked against the model limit.
  void slm_init(std::size_t bytes);

 private:
  enum class phase : std::uint8_t { not_started, ready, waiting, done };
  struct slot {
    boost::context::fiber ctx;  // suspended context of a started item (host: the worker stack)
    phase state = phase::not_started;
  };
  static constexpr std::size_t kNone = ~std::size_t(0);

  std::size_t pick_next(std::size_t from) const noexcept;
  void switch_to(std::size_t to);
  boost::context::fiber fiber_main(boost::context::fiber&& caller, std::size_t idx);
  void on_item_exit(std::size_t idx);
  bool divergent() const noexcept;
  void report_divergence();
  void record_error(std::exception_ptr e) noexcept;

  const launch_info* launch_ = nullptr;
  kernel_ref kernel_{};
  std::size_t n_ = 0;         // items in the group
  std::size_t done_ = 0;      // items that returned
  std::size_t arrived_ = 0;   // items waiting at the current barrier
  std::size_t host_ = kNone;  // item running on the worker stack once fibers exist
  std::size_t current_ = 0;   // item whose context runs now
  std::size_t prev_ = 0;      // item that switched to the current context
  bool abort_ = false;
  std::exception_ptr error_;
  std::vector<item_state> items_;
  std::vector<slot> slots_;
  std::vector<std::size_t> exited_ids_, waiting_ids_;
  std::vector<std::uint32_t> barrier_counts_;
  std::byte* slm_ = nullptr;  // model's slm_per_group bytes, allocated on first use
  std::size_t slm_capacity_ = 0;
  std::size_t slm_size_ = 0;
  mutable std::uint64_t rng_ = 0;  // XESIM_SCHEDULE=random:<seed> state
};

/// The calling thread's work_group.
work_group& thread_work_group();

}  // namespace xesim::rt
