// queue: submits command groups to the modelled device. Every command runs before submit returns
// (synchronous execution, in order); errors raised while a kernel runs are asynchronous errors,
// delivered by wait_and_throw / throw_asynchronous to the async handler.
#pragma once

#include <cstddef>
#include <memory>
#include <source_location>
#include <type_traits>
#include <utility>
#include <vector>

#include "xesim/sycl/backend.hpp"
#include "xesim/sycl/device.hpp"
#include "xesim/sycl/event.hpp"
#include "xesim/sycl/handler.hpp"
#include "xesim/sycl/property.hpp"

namespace xesim::sycl {

class queue;
namespace info::queue {
/// queue::get_info descriptors (SYCL 2020 4.6.5).
struct context {
  using return_type = sycl::context;
};
struct device {
  using return_type = sycl::device;
};
struct reference_count {
  using return_type = std::uint32_t;
};
}  // namespace info::queue

class queue {
  template <class S>
  static constexpr bool is_selector_v = std::is_invocable_r_v<int, const S&, const device&>;

 public:
  explicit queue(const property_list& props = {}) : queue(device(), async_handler(), props) {}
  explicit queue(const async_handler& h, const property_list& props = {})
      : queue(device(), h, props) {}
  template <class Selector, std::enable_if_t<is_selector_v<Selector>, int> = 0>
  explicit queue(const Selector& s, const property_list& props = {})
      : queue(device(s), async_handler(), props) {}
  template <class Selector, std::enable_if_t<is_selector_v<Selector>, int> = 0>
  queue(const Selector& s, const async_handler& h, const property_list& props = {})
      : queue(device(s), h, props) {}
  explicit queue(const device& d, const property_list& props = {})
      : queue(d, async_handler(), props) {}
  queue(const device& d, const async_handler& h, const property_list& props = {})
      : state_(std::make_shared<detail::queue_state>()) {
    state_->dev = d;
    state_->handler = h;
    state_->profiling = props.has_property<property::queue::enable_profiling>();
    state_->in_order = props.has_property<property::queue::in_order>();
    rt::start_workers();
  }
  template <class Selector, std::enable_if_t<is_selector_v<Selector>, int> = 0>
  queue(const context&, const Selector& s, const property_list& props = {})
      : queue(device(s), async_handler(), props) {}
  template <class Selector, std::enable_if_t<is_selector_v<Selector>, int> = 0>
  queue(const context&, const Selector& s, const async_handler& h, const property_list& props = {})
      : queue(device(s), h, props) {}
  queue(const context&, const device& d, const property_list& props = {})
      : queue(d, async_handler(), props) {}
  queue(const context&, const device& d, const async_handler& h, const property_list& props = {})
      : queue(d, h, props) {}

  device get_device() const { return state_->dev; }
  context get_context() const { return context(state_->dev); }
  /// The backend of a DPC++ Intel GPU queue: Level Zero.
  backend get_backend() const noexcept { return backend::ext_oneapi_level_zero; }
  bool is_in_order() const noexcept { return state_->in_order; }
  /// info::queue::context, device or reference_count (the queue's shared owners).
  template <class Desc>
  typename Desc::return_type get_info() const {
    if constexpr (std::is_same_v<Desc, info::queue::context>) return get_context();
    else if constexpr (std::is_same_v<Desc, info::queue::device>) return get_device();
    else if constexpr (std::is_same_v<Desc, info::queue::reference_count>)
      return static_cast<std::uint32_t>(state_.use_count());
    else static_assert(sizeof(Desc) == 0, "xesim: not a queue info descriptor");
  }
  template <class Prop>
  bool has_property() const noexcept {
    if constexpr (std::is_same_v<Prop, property::queue::enable_profiling>)
      return state_->profiling;
    else if constexpr (std::is_same_v<Prop, property::queue::in_order>)
      return state_->in_order;
    else
      return false;
  }

  // ------------------------------ submit
  /// Calls cgf(handler&), which records one command; the command runs now. Invalid launches
  /// throw here (synchronous errors); errors inside the kernel go to the async handler. `loc`
  /// (defaulted: the caller's line) is named in reports about the launch.
  template <class CGF>
  event submit(CGF&& cgf, const std::source_location& loc = std::source_location::current()) {
    handler h(state_, rt::now_ns(), loc);
    std::forward<CGF>(cgf)(h);
    return h.take_event();
  }

  /// Returns at once: commands are complete when submit returns.
  void wait() noexcept {}
  /// Hands the asynchronous errors so far to the async handler (no handler: rethrows the first).
  void wait_and_throw() { state_->throw_asynchronous(); }
  void throw_asynchronous() { state_->throw_asynchronous(); }

  // ------------------------------ memory shortcuts
  event memcpy(void* dest, const void* src, std::size_t bytes) {
    return submit([&](handler& h) { h.memcpy(dest, src, bytes); });
  }
  event memcpy(void* dest, const void* src, std::size_t bytes, const event&) {
    return memcpy(dest, src, bytes);
  }
  event memcpy(void* dest, const void* src, std::size_t bytes, const std::vector<event>&) {
    return memcpy(dest, src, bytes);
  }
  event memset(void* ptr, int value, std::size_t bytes) {
    return submit([&](handler& h) { h.memset(ptr, value, bytes); });
  }
  event memset(void* ptr, int value, std::size_t bytes, const event&) {
    return memset(ptr, value, bytes);
  }
  event memset(void* ptr, int value, std::size_t bytes, const std::vector<event>&) {
    return memset(ptr, value, bytes);
  }
  template <class T>
  event fill(void* ptr, const T& pattern, std::size_t count) {
    return submit([&](handler& h) { h.fill(ptr, pattern, count); });
  }
  template <class T>
  event fill(void* ptr, const T& pattern, std::size_t count, const event&) {
    return fill(ptr, pattern, count);
  }
  template <class T>
  event fill(void* ptr, const T& pattern, std::size_t count, const std::vector<event>&) {
    return fill(ptr, pattern, count);
  }
  template <class T>
  event copy(const T* src, T* dest, std::size_t count) {
    return submit([&](handler& h) { h.copy(src, dest, count); });
  }
  template <class T>
  event copy(const T* src, T* dest, std::size_t count, const event&) {
    return copy(src, dest, count);
  }
  template <class T>
  event copy(const T* src, T* dest, std::size_t count, const std::vector<event>&) {
    return copy(src, dest, count);
  }
  /// Accepted; host memory needs no migration.
  event prefetch(const void* ptr, std::size_t bytes) {
    return submit([&](handler& h) { h.prefetch(ptr, bytes); });
  }

  // ------------------------------ kernel shortcuts
  // Each takes a defaulted std::source_location after the kernel: the caller's line, named in
  // invalid-launch, kernel-crash and grf-overflow reports. DPC++ call forms are unchanged.
#define XESIM_LOC const std::source_location& loc = std::source_location::current()
  template <class Name = detail::auto_name, class K>
  event single_task(const K& k, XESIM_LOC) {
    return submit([&](handler& h) { h.single_task<Name>(k, loc); }, loc);
  }
  template <class Name = detail::auto_name, class K>
  event single_task(const event&, const K& k, XESIM_LOC) {
    return single_task<Name>(k, loc);
  }
  template <class Name = detail::auto_name, class K>
  event single_task(const std::vector<event>&, const K& k, XESIM_LOC) {
    return single_task<Name>(k, loc);
  }

  // With kernel properties (ext::oneapi::experimental::properties) before the kernel.
  template <class Name = detail::auto_name, class P, class K>
  requires ext::oneapi::experimental::is_property_list_v<P> event single_task(P props, const K& k,
                                                                              XESIM_LOC) {
    return submit([&](handler& h) { h.single_task<Name>(props, k, loc); }, loc);
  }
  template <class Name = detail::auto_name, int D, class P, class K>
  requires ext::oneapi::experimental::is_property_list_v<P> event parallel_for(range<D> r, P props,
                                                                               const K& k,
                                                                               XESIM_LOC) {
    return submit([&](handler& h) { h.parallel_for<Name>(r, props, k, loc); }, loc);
  }
  template <class Name = detail::auto_name, class P, class K>
  requires ext::oneapi::experimental::is_property_list_v<P> event parallel_for(std::size_t n,
                                                                               P props, const K& k,
                                                                               XESIM_LOC) {
    return submit([&](handler& h) { h.parallel_for<Name>(n, props, k, loc); }, loc);
  }
  template <class Name = detail::auto_name, int D, class P, class K>
  requires ext::oneapi::experimental::is_property_list_v<P> event parallel_for(nd_range<D> r,
                                                                               P props, const K& k,
                                                                               XESIM_LOC) {
    return submit([&](handler& h) { h.parallel_for<Name>(r, props, k, loc); }, loc);
  }

  // Range launches: one overload per dimension so a braced list works: parallel_for({N}, k).
#define XESIM_QUEUE_RANGE_FORMS(D)                                                   \
  template <class Name = detail::auto_name, class K>                                 \
  event parallel_for(range<D> r, const K& k, XESIM_LOC) {                            \
    return submit([&](handler& h) { h.parallel_for<Name>(r, k, loc); }, loc);        \
  }                                                                                  \
  template <class Name = detail::auto_name, class K>                                 \
  event parallel_for(range<D> r, const event&, const K& k, XESIM_LOC) {              \
    return parallel_for<Name>(r, k, loc);                                            \
  }                                                                                  \
  template <class Name = detail::auto_name, class K>                                 \
  event parallel_for(range<D> r, const std::vector<event>&, const K& k, XESIM_LOC) { \
    return parallel_for<Name>(r, k, loc);                                            \
  }
  XESIM_QUEUE_RANGE_FORMS(1)
  XESIM_QUEUE_RANGE_FORMS(2)
  XESIM_QUEUE_RANGE_FORMS(3)
#undef XESIM_QUEUE_RANGE_FORMS
  template <class Name = detail::auto_name, class K>
  event parallel_for(std::size_t n, const K& k, XESIM_LOC) {
    return parallel_for<Name>(range<1>(n), k, loc);
  }
  template <class Name = detail::auto_name, class K>
  event parallel_for(std::size_t n, const event&, const K& k, XESIM_LOC) {
    return parallel_for<Name>(range<1>(n), k, loc);
  }

  template <class Name = detail::auto_name, class K, int D>
  event parallel_for(nd_range<D> r, const K& k, XESIM_LOC) {
    return submit([&](handler& h) { h.parallel_for<Name>(r, k, loc); }, loc);
  }
  template <class Name = detail::auto_name, class K, int D>
  event parallel_for(nd_range<D> r, const event&, const K& k, XESIM_LOC) {
    return parallel_for<Name>(r, k, loc);
  }
  template <class Name = detail::auto_name, class K, int D>
  event parallel_for(nd_range<D> r, const std::vector<event>&, const K& k, XESIM_LOC) {
    return parallel_for<Name>(r, k, loc);
  }
#undef XESIM_LOC

  friend bool operator==(const queue& a, const queue& b) noexcept { return a.state_ == b.state_; }
  friend bool operator!=(const queue& a, const queue& b) noexcept { return a.state_ != b.state_; }

 private:
  std::shared_ptr<detail::queue_state> state_;
};

}  // namespace xesim::sycl
