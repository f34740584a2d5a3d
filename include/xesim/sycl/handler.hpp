// handler: what a command group (queue::submit's function) records. Each command runs when it
// is recorded (synchronously, see docs/engine.md); the handler keeps its event for submit.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "xesim/runtime/launch.hpp"
#include "xesim/runtime/usm_registry.hpp"
#include "xesim/sycl/event.hpp"
#include "xesim/sycl/item.hpp"
#include "xesim/sycl/kernel_name.hpp"

namespace xesim::sycl {

namespace detail {

template <class K, int D>
void invoke_range_item(const void* k, const rt::item_state& s) {
  (*static_cast<const K*>(k))(item<D>(s));
}
template <class K, int D>
void invoke_nd_item(const void* k, const rt::item_state& s) {
  (*static_cast<const K*>(k))(nd_item<D>(s));
}
template <class K>
void invoke_task(const void* k, const rt::item_state&) {
  (*static_cast<const K*>(k))();
}

template <int D>
rt::launch_info make_launch(const char* name, const range<D>& global, const range<D>* local) {
  rt::launch_info info{name, D, {1, 1, 1}, {1, 1, 1}, local != nullptr};
  for (int d = 0; d < D; ++d) {
    info.global[d] = global[d];
    if (local) info.local[d] = (*local)[d];
  }
  return info;
}

}  // namespace detail

// ------------------------------ handler
class handler {
 public:
  /// Internal: made by queue::submit.
  handler(std::shared_ptr<detail::queue_state> q, std::uint64_t submit_ns)
      : queue_(std::move(q)), submit_ns_(submit_ns) {}
  handler(const handler&) = delete;
  handler& operator=(const handler&) = delete;

  // ------------------------------ single_task
  /// Runs k() once (one work-item). HW: one EU thread.
  template <class Name = detail::auto_name, class K>
  void single_task(const K& k) {
    static_assert(std::is_invocable_v<const K&>,
                  "single_task: the kernel must be callable as k() (const)");
    const rt::launch_info info =
        detail::make_launch<1>(detail::kernel_name<Name, K>(), range<1>(1), nullptr);
    run_kernel(info, {&k, &detail::invoke_task<K>});
  }

  // ------------------------------ parallel_for over a range
  /// Runs k(item<D>) for every id of r (k may take id<D>, item<D>, or size_t for D == 1). No
  /// work-groups: no SLM, no barrier. Each work-item is one EU thread.
  template <class Name = detail::auto_name, class K, int D>
  void parallel_for(range<D> r, const K& k) {
    static_assert(std::is_invocable_v<const K&, item<D>>,
                  "parallel_for(range<D>): the kernel must be callable as k(sycl::id<D>) or "
                  "k(sycl::item<D>) (const)");
    const rt::launch_info info = detail::make_launch<D>(detail::kernel_name<Name, K>(), r, nullptr);
    run_kernel(info, {&k, &detail::invoke_range_item<K, D>});
  }
  /// parallel_for(range<1>(n), k).
  template <class Name = detail::auto_name, class K>
  void parallel_for(std::size_t n, const K& k) {
    parallel_for<Name>(range<1>(n), k);
  }

  // ------------------------------ parallel_for over an nd_range
  /// Runs k(nd_item<D>) for every work-item, work-group by work-group. Pre: global a multiple of
  /// local, local size <= max_work_group_size (errc::nd_range otherwise, thrown by submit).
  template <class Name = detail::auto_name, class K, int D>
  void parallel_for(nd_range<D> r, const K& k) {
    static_assert(
        std::is_invocable_v<const K&, nd_item<D>>,
        "parallel_for(nd_range<D>): the kernel must be callable as k(sycl::nd_item<D>) (const)");
    if (r.get_offset() != id<D>())
      throw exception(make_error_code(errc::feature_not_supported),
                      "parallel_for: nd_range global offsets are deprecated in SYCL 2020 and not "
                      "supported by xesim");
    const range<D> global = r.get_global_range(), local = r.get_local_range();
    const rt::launch_info info =
        detail::make_launch<D>(detail::kernel_name<Name, K>(), global, &local);
    run_kernel(info, {&k, &detail::invoke_nd_item<K, D>});
  }

  // ------------------------------ memory commands
  /// Copies `bytes` from src to dest (USM or host memory). Throws errc::invalid for a null or
  /// freed USM pointer, or a range past the end of its allocation.
  void memcpy(void* dest, const void* src, std::size_t bytes) {
    claim();
    rt::check_usm_range(src, bytes, "memcpy", "source");
    rt::check_usm_range(dest, bytes, "memcpy", "destination");
    const std::uint64_t start = rt::now_ns();
    if (bytes) std::memmove(dest, src, bytes);
    record(start, rt::now_ns());
  }
  /// Sets `bytes` bytes at ptr to (unsigned char)value. Same checks as memcpy.
  void memset(void* ptr, int value, std::size_t bytes) {
    claim();
    rt::check_usm_range(ptr, bytes, "memset", "destination");
    const std::uint64_t start = rt::now_ns();
    if (bytes) std::memset(ptr, value, bytes);
    record(start, rt::now_ns());
  }
  /// Writes `count` copies of pattern from ptr. Same checks as memcpy.
  template <class T>
  void fill(void* ptr, const T& pattern, std::size_t count) {
    claim();
    rt::check_usm_range(ptr, count * sizeof(T), "fill", "destination");
    const std::uint64_t start = rt::now_ns();
    T* p = static_cast<T*>(ptr);
    for (std::size_t i = 0; i < count; ++i) p[i] = pattern;
    record(start, rt::now_ns());
  }
  /// Copies `count` elements from src to dest. Same checks as memcpy.
  template <class T>
  void copy(const T* src, T* dest, std::size_t count) {
    memcpy(dest, src, count * sizeof(T));
  }

  /// Accepted (host memory needs no migration); validates the range like memcpy.
  void prefetch(const void* ptr, std::size_t bytes) {
    claim();
    rt::check_usm_range(ptr, bytes, "prefetch", "source");
    const std::uint64_t now = rt::now_ns();
    record(now, now);
  }

  /// Dependencies are already complete: commands run at submit.
  void depends_on(const event&) noexcept {}
  void depends_on(const std::vector<event>&) noexcept {}

  /// Internal: the event of the recorded command (an empty event when there was none).
  event take_event() { return event(std::move(event_)); }

 private:
  void run_kernel(const rt::launch_info& info, rt::kernel_ref k) {
    claim();
    rt::launch_times t;
    if (std::exception_ptr e = rt::launch(info, k, &t)) queue_->report(std::move(e));
    record(t.start_ns, t.end_ns);
  }
  void claim() {
    if (claimed_)
      throw exception(
          make_error_code(errc::runtime),
          "handler: a command group may hold only one command (kernel or memory operation)");
    claimed_ = true;
  }
  void record(std::uint64_t start, std::uint64_t end) {
    event_ =
        std::make_shared<detail::event_state>(detail::event_state{submit_ns_, start, end, queue_});
  }

  std::shared_ptr<detail::queue_state> queue_;
  std::uint64_t submit_ns_;
  std::shared_ptr<detail::event_state> event_;
  bool claimed_ = false;
};

}  // namespace xesim::sycl
