// event: the handle of a submitted command. Commands run at submit (see docs/engine.md), so every
// event is complete when returned; its profiling timestamps are those of the real run.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <type_traits>
#include <vector>

#include "xesim/sycl/device.hpp"
#include "xesim/sycl/exception.hpp"
#include "xesim/sycl/info.hpp"

namespace xesim::sycl {

namespace detail {

/// State shared by a queue, its copies and its events: properties and pending async errors.
struct queue_state {
  device dev;
  bool profiling = false;
  bool in_order = false;
  async_handler handler;
  std::mutex mutex;
  std::vector<std::exception_ptr> pending;

  /// Records an asynchronous error (an exception from a kernel) for throw_asynchronous.
  void report(std::exception_ptr e);
  /// Hands pending errors to the async handler; with no handler, rethrows the first of them.
  void throw_asynchronous();
  /// Prints errors nobody collected (no wait_and_throw before the queue went away).
  ~queue_state();
};

struct event_state {
  std::uint64_t submit_ns = 0;
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  std::shared_ptr<queue_state> queue;
};

[[noreturn]] void throw_no_profiling();

}  // namespace detail

// ------------------------------ event
class event {
 public:
  /// An event with no command: complete, and without profiling information.
  event() = default;
  /// Internal: the event of a command that ran.
  explicit event(std::shared_ptr<detail::event_state> s) noexcept : s_(std::move(s)) {}

  /// Returns at once: the command finished before submit returned.
  void wait() const noexcept {}
  /// Delivers the asynchronous errors of the command's queue to its async handler.
  void wait_and_throw() const {
    if (s_ && s_->queue) s_->queue->throw_asynchronous();
  }
  static void wait(const std::vector<event>&) noexcept {}
  static void wait_and_throw(const std::vector<event>& events) {
    for (const event& e : events) e.wait_and_throw();
  }

  /// command_submit / command_start / command_end in ns of the engine clock. Throws
  /// errc::invalid when the queue was made without property::queue::enable_profiling.
  template <class Desc>
  typename Desc::return_type get_profiling_info() const {
    if (!s_ || !s_->queue || !s_->queue->profiling) detail::throw_no_profiling();
    if constexpr (std::is_same_v<Desc, info::event_profiling::command_submit>)
      return s_->submit_ns;
    else if constexpr (std::is_same_v<Desc, info::event_profiling::command_start>)
      return s_->start_ns;
    else if constexpr (std::is_same_v<Desc, info::event_profiling::command_end>)
      return s_->end_ns;
    else
      static_assert(sizeof(Desc) == 0,
                    "get_profiling_info: use info::event_profiling::command_submit|start|end");
  }

  template <class Desc>
  typename Desc::return_type get_info() const {
    static_assert(std::is_same_v<Desc, info::event::command_execution_status>,
                  "event::get_info: only info::event::command_execution_status is supported");
    return info::event_command_status::complete;
  }

  friend bool operator==(const event& a, const event& b) noexcept { return a.s_ == b.s_; }
  friend bool operator!=(const event& a, const event& b) noexcept { return a.s_ != b.s_; }

 private:
  std::shared_ptr<detail::event_state> s_;
};

}  // namespace xesim::sycl
