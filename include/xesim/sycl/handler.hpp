// handler: what a command group (queue::submit's function) records. Each command runs when it
// is recorded (synchronously, see docs/engine.md); the handler keeps its event for submit.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <source_location>
#include <string>
#include <type_traits>
#include <vector>

#include "xesim/profile/hooks.hpp"
#include "xesim/runtime/device_model.hpp"
#include "xesim/runtime/launch.hpp"
#include "xesim/runtime/usm_registry.hpp"
#include "xesim/sycl/access.hpp"
#include "xesim/sycl/event.hpp"
#include "xesim/sycl/item.hpp"
#include "xesim/sycl/kernel_properties.hpp"
#include "xesim/sycl/kernel_name.hpp"
#include "xesim/sycl/specialization.hpp"

namespace xesim::sycl {

namespace detail {

// ------------------------------ item invokers
// Each runs one work-item of a kernel. Around the kernel body they keep the grf-overflow measure
// (instrumented builds: the peak live simd bytes; the plain build: the stack-depth proxy) and,
// while profiling, the item's counters (xesim/profile). The stack-depth proxy:
// the invoker's frame address is the top of the item's stack (a kernel inlined here keeps its
// locals below it), the memory port lowers stack_min, and a depth above the GRF budget is
// reported at the end of the item (checks off: stack_min stays at the top, nothing fires).
/// Runs `body` as the work-item `s` (engine-owned, so the const is only the invoker's
/// signature); `top` is the calling invoker's frame address.
template <class Body>
inline __attribute__((always_inline)) void run_item(const rt::item_state& s, const void* top,
                                                    const Body& body) {
  rt::item_state& st = const_cast<rt::item_state&>(s);
  st.stack_top = st.stack_min = reinterpret_cast<std::uintptr_t>(top);
  st.stack_min_loc = st.last_op_loc = {};
  if constexpr (XESIM_SIMD_LIVE) st.live_bytes = st.peak_live_bytes = 0;
  if (st.print_pending) [[unlikely]]  // left by an item of this slot that threw
    rt::flush_kernel_print(st);
  // profile::on() is read twice, not kept: a flag held across the body costs a register there.
  if (profile::on()) [[unlikely]]
    profile::item_begin(st);
  body();
  if (profile::on()) [[unlikely]]
    profile::item_end(st);
  if (st.print_pending) [[unlikely]]
    rt::flush_kernel_print(st);
  if (rt::over_grf_budget<XESIM_SIMD_LIVE>(st)) [[unlikely]]
    rt::report_stack_overflow(st);
}

template <class K, int D>
void invoke_range_item(const void* k, const rt::item_state& s) {
  run_item(s, __builtin_frame_address(0), [&] { (*static_cast<const K*>(k))(item<D>(s)); });
}
/// nd_range kernels take nd_item<D>; DPC++ also runs ones taking item<D> or id<D> (the global
/// id) over an nd_range.
template <class K, int D>
void invoke_nd_item(const void* k, const rt::item_state& s) {
  run_item(s, __builtin_frame_address(0), [&] {
    if constexpr (std::is_invocable_v<const K&, nd_item<D>>)
      (*static_cast<const K*>(k))(nd_item<D>(s));
    else
      (*static_cast<const K*>(k))(item<D>(s));
  });
}
template <class K>
void invoke_task(const void* k, const rt::item_state& s) {
  run_item(s, __builtin_frame_address(0), [&] { (*static_cast<const K*>(k))(); });
}

/// Raised when a kernel with local accessors also took SLM with slm_init / slm_allocator.
[[noreturn, gnu::cold, gnu::noinline]] inline void slm_init_with_local_accessors(
    const rt::item_state& it, std::size_t local_bytes) {
  throw exception(make_error_code(errc::kernel),
                  std::string("kernel '") + it.launch->kernel_name +
                      "': slm_init / slm_allocator used in a kernel with local accessors (SLM "
                      "grew from " +
                      std::to_string(local_bytes) + " to " + std::to_string(it.slm_size) +
                      " bytes); DPC++ forbids it: both place their memory at SLM offset 0");
}

/// An nd_range kernel of a command group with local accessors: each work-item first makes the
/// group's local memory (SLM offsets [0, bytes)) available, then runs the user's kernel. SLM that
/// grew meanwhile means slm_init / slm_allocator overlapped the accessors: an error.
template <class K, int D>
struct local_memory_kernel {
  const K* kernel;
  std::size_t bytes;
  void operator()(nd_item<D> it) const {
    rt::slm_init(bytes);
    if constexpr (std::is_invocable_v<const K&, nd_item<D>>)
      (*kernel)(it);
    else
      (*kernel)(item<D>(*rt::current_item()));
    const rt::item_state& s = *rt::current_item();
    if (s.slm_size > bytes) [[unlikely]]
      slm_init_with_local_accessors(s, bytes);
  }
};

template <class T>
inline constexpr bool always_false_v = false;

/// The kernel name of a launch that wraps kernel K: the user's name, else K's own type.
template <class Name, class K>
using name_or_kernel = std::conditional_t<std::is_same_v<Name, auto_name>, K, Name>;

template <int D>
rt::launch_info make_launch(const char* name, const range<D>& global, const range<D>* local,
                            const std::source_location& call, const std::source_location& submit) {
  rt::launch_info info{name, D, {1, 1, 1}, {1, 1, 1}, local != nullptr, call, submit};
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
  handler(std::shared_ptr<detail::queue_state> q, std::uint64_t submit_ns,
          const std::source_location& submit_loc = {})
      : queue_(std::move(q)), submit_ns_(submit_ns), submit_loc_(submit_loc) {}
  handler(const handler&) = delete;
  handler& operator=(const handler&) = delete;

  // ------------------------------ specialization constants
  /// The value kernels of this command group read for SpecName (through their kernel_handler).
  template <auto& SpecName>
  void set_specialization_constant(
      typename std::remove_reference_t<decltype(SpecName)>::value_type value) {
    spec_constants_.template set<SpecName>(value);
  }
  /// The value set for SpecName in this command group, else its default.
  template <auto& SpecName>
  typename std::remove_reference_t<decltype(SpecName)>::value_type get_specialization_constant() {
    return spec_constants_.template get<SpecName>();
  }

  // ------------------------------ single_task
  /// Runs k() once (one work-item). HW: one EU thread. Every kernel entry point takes a
  /// defaulted std::source_location: the caller's line, named by invalid-launch, kernel-crash
  /// and grf-overflow reports.
  template <class Name = detail::auto_name, class K>
  void single_task(const K& k, const std::source_location& loc = std::source_location::current()) {
    if constexpr (!std::is_invocable_v<const K&> && detail::takes_kernel_handler_v<K>) {
      const detail::with_kernel_handler<K> w{&k, kernel_handler(&spec_constants_)};
      return single_task<detail::name_or_kernel<Name, K>>(w, loc);
    } else {
      static_assert(std::is_invocable_v<const K&>,
                    "single_task: the kernel must be callable as k() (const)");
      no_local_memory("single_task");
      const rt::launch_info info = detail::make_launch<1>(detail::kernel_name<Name, K>(),
                                                          range<1>(1), nullptr, loc, submit_loc_);
      run_kernel(info, {&k, &detail::invoke_task<K>});
    }
  }

  /// The same with kernel properties (ext::oneapi::experimental::properties), accepted as such.
  template <class Name = detail::auto_name, class P, class K>
  requires ext::oneapi::experimental::is_property_list_v<P>
  void single_task(P, const K& k,
                   const std::source_location& loc = std::source_location::current()) {
    single_task<Name>(k, loc);
  }

  // ------------------------------ parallel_for over a range
  /// Runs k(item<D>) for every id of r (k may take id<D>, item<D>, or size_t for D == 1). No
  /// work-groups: no SLM, no barrier. Each work-item is one EU thread. The range may be a braced
  /// list: parallel_for({N}, k), parallel_for({H, W}, k).
  template <class Name = detail::auto_name, class K>
  void parallel_for(range<1> r, const K& k,
                    const std::source_location& loc = std::source_location::current()) {
    launch_range<Name>(r, k, loc);
  }
  template <class Name = detail::auto_name, class K>
  void parallel_for(range<2> r, const K& k,
                    const std::source_location& loc = std::source_location::current()) {
    launch_range<Name>(r, k, loc);
  }
  template <class Name = detail::auto_name, class K>
  void parallel_for(range<3> r, const K& k,
                    const std::source_location& loc = std::source_location::current()) {
    launch_range<Name>(r, k, loc);
  }
  /// parallel_for(range<1>(n), k).
  template <class Name = detail::auto_name, class K>
  void parallel_for(std::size_t n, const K& k,
                    const std::source_location& loc = std::source_location::current()) {
    launch_range<Name>(range<1>(n), k, loc);
  }
  /// Range and nd_range launches with kernel properties before the kernel.
  template <class Name = detail::auto_name, int D, class P, class K>
  requires ext::oneapi::experimental::is_property_list_v<P>
  void parallel_for(range<D> r, P, const K& k,
                    const std::source_location& loc = std::source_location::current()) {
    launch_range<Name>(r, k, loc);
  }
  template <class Name = detail::auto_name, class P, class K>
  requires ext::oneapi::experimental::is_property_list_v<P>
  void parallel_for(std::size_t n, P, const K& k,
                    const std::source_location& loc = std::source_location::current()) {
    launch_range<Name>(range<1>(n), k, loc);
  }
  /// work_group_size<...> is a requirement, as in DPC++: an nd_range whose local range differs
  /// throws errc::nd_range (dimensions compare in order, the last one fastest, as written).
  template <class Name = detail::auto_name, int D, class P, class K>
  requires ext::oneapi::experimental::is_property_list_v<P>
  void parallel_for(nd_range<D> r, P, const K& k,
                    const std::source_location& loc = std::source_location::current()) {
    using wg_key = ext::oneapi::experimental::work_group_size_key;
    if constexpr (P::template has_property<wg_key>()) {
      using wg = decltype(P::template get_property<wg_key>());
      static_assert(std::size(wg::dims) == D,
                    "work_group_size<...>: give as many sizes as the nd_range has dimensions");
      const range<D> local = r.get_local_range();
      bool same = true;
      for (int d = 0; d < D; ++d) same = same && local[d] == wg::dims[d];
      if (!same) {
        std::string want, got;
        for (int d = 0; d < D; ++d) {
          want += (d ? ", " : "") + std::to_string(wg::dims[d]);
          got += (d ? ", " : "") + std::to_string(local[d]);
        }
        throw exception(make_error_code(errc::nd_range),
                        "parallel_for: the nd_range's local size {" + got +
                            "} differs from the kernel's work_group_size<" + want + "> property");
      }
    }
    parallel_for<Name>(r, k, loc);
  }
  /// The SYCL 1.2.1 form with a global offset: not supported (deprecated in SYCL 2020).
  template <class Name = detail::auto_name, class K, int D>
  void parallel_for(range<D>, id<D>, const K&) {
    static_assert(detail::always_false_v<K>,
                  "parallel_for(range, id offset, kernel): kernel offsets are deprecated in "
                  "SYCL 2020 and not supported by xesim");
  }

  // ------------------------------ parallel_for over an nd_range
  /// Runs k(nd_item<D>) for every work-item, work-group by work-group. Pre: global a multiple of
  /// local, local size <= max_work_group_size (errc::nd_range otherwise, thrown by submit).
  template <class Name = detail::auto_name, class K, int D>
  void parallel_for(nd_range<D> r, const K& k,
                    const std::source_location& loc = std::source_location::current()) {
    if constexpr (!std::is_invocable_v<const K&, nd_item<D>> &&
                  !std::is_invocable_v<const K&, item<D>> &&
                  (detail::takes_kernel_handler_v<K, nd_item<D>> ||
                   detail::takes_kernel_handler_v<K, item<D>>)) {
      const detail::with_kernel_handler<K> w{&k, kernel_handler(&spec_constants_)};
      return parallel_for<detail::name_or_kernel<Name, K>>(r, w, loc);
    } else {
      static_assert(
          std::is_invocable_v<const K&, nd_item<D>> || std::is_invocable_v<const K&, item<D>>,
          "parallel_for(nd_range<D>): the kernel must be callable as k(sycl::nd_item<D>), "
          "k(sycl::item<D>) or k(sycl::id<D>) (const)");
      if (r.get_offset() != id<D>())
        throw exception(make_error_code(errc::feature_not_supported),
                        "parallel_for: nd_range global offsets are deprecated in SYCL 2020 and not "
                        "supported by xesim");
      const range<D> global = r.get_global_range(), local = r.get_local_range();
      const rt::launch_info info =
          detail::make_launch<D>(detail::kernel_name<Name, K>(), global, &local, loc, submit_loc_);
      if (local_bytes_ == 0) return run_kernel(info, {&k, &detail::invoke_nd_item<K, D>});
      check_local_memory_size(info.kernel_name);
      const detail::local_memory_kernel<K, D> wrapped{&k, local_bytes_};
      run_kernel(info, {&wrapped, &detail::invoke_nd_item<detail::local_memory_kernel<K, D>, D>});
    }
  }

  // ------------------------------ host_task
  /// Runs f() on the host, now (commands complete at submit). An exception it throws is an
  /// asynchronous error, as from a kernel. host_task taking an interop_handle is not supported.
  template <class F>
  void host_task(F&& f) {
    static_assert(std::is_invocable_v<F&>,
                  "host_task: only host tasks callable as f() are supported by xesim "
                  "(interop_handle is not)");
    claim();
    const std::uint64_t start = rt::now_ns();
    try {
      f();
    } catch (...) {
      queue_->report(std::current_exception());
    }
    record(start, rt::now_ns());
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

  // ------------------------------ memory commands on accessors
  /// Copies the elements src accesses (its range, row-major) to dest.
  template <
      class SrcAcc, class DestT,
      std::enable_if_t<detail::is_buffer_accessor_v<SrcAcc> && !std::is_const_v<DestT>, int> = 0>
  void copy(const SrcAcc& src, DestT* dest) {
    claim();
    const std::uint64_t start = rt::now_ns();
    std::copy(src.begin(), src.end(), dest);
    record(start, rt::now_ns());
  }
  template <class SrcAcc, class DestT,
            std::enable_if_t<detail::is_buffer_accessor_v<SrcAcc>, int> = 0>
  void copy(const SrcAcc& src, std::shared_ptr<DestT> dest) {
    copy(src, dest.get());
  }
  /// Copies dest.size() elements from src into the elements dest accesses.
  template <class SrcT, class DestAcc,
            std::enable_if_t<detail::is_buffer_accessor_v<DestAcc>, int> = 0>
  void copy(const SrcT* src, const DestAcc& dest) {
    claim();
    const std::uint64_t start = rt::now_ns();
    std::copy(src, src + dest.size(), dest.begin());
    record(start, rt::now_ns());
  }
  template <class SrcT, class DestAcc,
            std::enable_if_t<detail::is_buffer_accessor_v<DestAcc>, int> = 0>
  void copy(std::shared_ptr<SrcT> src, const DestAcc& dest) {
    copy(static_cast<const SrcT*>(src.get()), dest);
  }
  /// Copies the elements src accesses to those dest accesses (dest must hold at least as many).
  template <
      class SrcAcc, class DestAcc,
      std::enable_if_t<
          detail::is_buffer_accessor_v<SrcAcc> && detail::is_buffer_accessor_v<DestAcc>, int> = 0>
  void copy(const SrcAcc& src, const DestAcc& dest) {
    if (dest.size() < src.size())
      throw exception(make_error_code(errc::invalid),
                      "handler::copy: the destination accessor is smaller than the source");
    claim();
    const std::uint64_t start = rt::now_ns();
    std::copy(src.begin(), src.end(), dest.begin());
    record(start, rt::now_ns());
  }
  /// Sets every element dest accesses to value.
  template <class DestAcc, class T,
            std::enable_if_t<detail::is_buffer_accessor_v<DestAcc>, int> = 0>
  void fill(const DestAcc& dest, const T& value) {
    claim();
    const std::uint64_t start = rt::now_ns();
    std::fill(dest.begin(), dest.end(), value);
    record(start, rt::now_ns());
  }
  /// Nothing to do: buffer memory is host memory.
  template <class Acc, std::enable_if_t<detail::is_buffer_accessor_v<Acc>, int> = 0>
  void update_host(const Acc&) {
    claim();
    const std::uint64_t now = rt::now_ns();
    record(now, now);
  }
  /// Registers a placeholder accessor with this command group: its buffer's storage is brought
  /// up to date with host-accessor writes made since the accessor was built.
  template <class Acc>
  void require(const Acc& acc) {
    if constexpr (requires { acc.xesim_require(); }) acc.xesim_require();
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

  /// Internal (local_accessor): reserves `bytes` of work-group local memory (SLM) for this
  /// command group's kernel, aligned to max(align, 16); returns its SLM byte offset.
  std::uint32_t xesim_reserve_local_memory(std::size_t bytes, std::size_t align) {
    const std::size_t a = std::max<std::size_t>(align, 16);
    const std::size_t offset = (local_bytes_ + a - 1) / a * a;
    local_bytes_ = offset + bytes;
    return static_cast<std::uint32_t>(offset);
  }

 private:
  template <class Name, class K, int D>
  void launch_range(const range<D>& r, const K& k, const std::source_location& loc) {
    if constexpr (!std::is_invocable_v<const K&, item<D>> &&
                  detail::takes_kernel_handler_v<K, item<D>>) {
      const detail::with_kernel_handler<K> w{&k, kernel_handler(&spec_constants_)};
      return launch_range<detail::name_or_kernel<Name, K>>(r, w, loc);
    } else {
      static_assert(std::is_invocable_v<const K&, item<D>>,
                    "parallel_for(range<D>): the kernel must be callable as k(sycl::id<D>) or "
                    "k(sycl::item<D>) (const)");
      no_local_memory("parallel_for(range)");
      const rt::launch_info info =
          detail::make_launch<D>(detail::kernel_name<Name, K>(), r, nullptr, loc, submit_loc_);
      run_kernel(info, {&k, &detail::invoke_range_item<K, D>});
    }
  }
  /// Local accessors need work-groups: an nd_range launch.
  void no_local_memory(const char* what) const {
    if (local_bytes_)
      throw exception(make_error_code(errc::kernel_argument),
                      std::string(what) +
                          ": the command group declares local accessors, which exist only in "
                          "nd_range kernels (parallel_for(nd_range<D>, ...))");
  }
  /// The command group's local accessors must fit the device's local memory.
  void check_local_memory_size(const char* kernel) const {
    const dev::device_model& m = queue_->dev.model();
    if (local_bytes_ > m.slm_per_group)
      throw exception(make_error_code(errc::memory_allocation),
                      std::string("kernel '") + kernel + "': its local accessors need " +
                          std::to_string(local_bytes_) + " bytes of local memory, above the " +
                          std::to_string(m.slm_per_group) + " bytes a work-group may use on " +
                          m.name + " (info::device::local_mem_size)");
  }
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
  std::source_location submit_loc_;  // queue::submit's caller (reports of invalid launches)
  std::shared_ptr<detail::event_state> event_;
  bool claimed_ = false;
  std::size_t local_bytes_ = 0;            // local accessors' SLM, laid out from offset 0
  detail::spec_constants spec_constants_;  // set_specialization_constant's values
};

}  // namespace xesim::sycl
