// The engine: validates launches and runs them on a oneTBB arena
// (include/xesim/runtime/launch.hpp), plus the in-kernel calls of context.hpp (slm_init, barrier).
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

#include "work_group.hpp"
#include "xesim/check/check.hpp"
#include "xesim/profile/hooks.hpp"
#include "xesim/profile/model.hpp"
#include "xesim/runtime/device_model.hpp"
#include "xesim/runtime/hooks.hpp"
#include "xesim/runtime/launch.hpp"
#include "xesim/sycl/exception.hpp"

#ifndef XESIM_VERSION
#define XESIM_VERSION "unknown"
#endif

namespace xesim::rt {

namespace detail {
constinit thread_local item_state* tls_current_item = nullptr;
constinit std::atomic<std::uintptr_t> g_stack_budget{~std::uintptr_t(0)};
}  // namespace detail

void report_stack_overflow(const item_state& it) noexcept {
  if (hooks().stack_overflow) hooks().stack_overflow(it);
}

namespace {

[[noreturn]] void fail(sycl::errc code, const std::string& msg) {
  throw sycl::exception(sycl::make_error_code(code), msg);
}

std::string dims_string(const std::size_t* v, int dims) {
  std::string s = "{";
  for (int d = 0; d < dims; ++d) s += (d ? ", " : "") + std::to_string(v[d]);
  return s + "}";
}

tbb::task_arena& arena() {
  // XESIM_THREADS above the core count needs oneTBB's global worker limit raised too.
  static tbb::global_control allow(
      tbb::global_control::max_allowed_parallelism,
      std::max<std::size_t>(thread_count(), tbb::global_control::active_value(
                                                tbb::global_control::max_allowed_parallelism)));
  static tbb::task_arena a(thread_count());
  return a;
}

// Shared by the tasks of one launch: the first error stops the others.
struct launch_run {
  launch_run(const launch_info* i, kernel_ref k) : info(i), kernel(k) {}
  const launch_info* info;
  kernel_ref kernel;
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::exception_ptr error;

  void record(std::exception_ptr e) {
    std::lock_guard lock(mutex);
    if (!error) error = std::move(e);
    failed.store(true, std::memory_order_relaxed);
  }
};

// Range launch: work-items [begin, end) in linear order (last dimension fastest), straight on
// this thread's stack, one item_state reused for all of them.
void run_range_items(launch_run& run, std::size_t begin, std::size_t end) {
  const std::size_t* g = run.info->global;
  item_state st{};
  st.launch = run.info;
  std::size_t i0 = begin / (g[1] * g[2]), i1 = (begin / g[2]) % g[1], i2 = begin % g[2];
  detail::tls_current_item = &st;
  for (std::size_t lin = begin; lin < end; ++lin) {
    if (run.failed.load(std::memory_order_relaxed)) break;
    st.global_id[0] = st.group_id[0] = i0;
    st.global_id[1] = st.group_id[1] = i1;
    st.global_id[2] = st.group_id[2] = i2;
    st.group_linear_id = lin;
    st.slm = nullptr;  // each item of a range launch is a group of one: fresh SLM (slm_init)
    st.slm_size = 0;
    st.slm_granted = 0;
    st.cas_fails = 0;
    try {
      run.kernel.invoke(run.kernel.object, st);
    } catch (...) {
      run.record(std::current_exception());
      break;
    }
    if (++i2 == g[2]) {
      i2 = 0;
      if (++i1 == g[1]) {
        i1 = 0;
        ++i0;
      }
    }
  }
  detail::tls_current_item = nullptr;
}

void run_groups(launch_run& run, std::size_t begin, std::size_t end) {
  work_group& wg = thread_work_group();
  for (std::size_t g = begin; g < end; ++g) {
    if (run.failed.load(std::memory_order_relaxed)) break;
    if (std::exception_ptr e = wg.run(*run.info, run.kernel, g)) run.record(std::move(e));
  }
}

}  // namespace

int thread_count() noexcept {
  static const int n = [] {
    if (const char* env = std::getenv("XESIM_THREADS")) {
      char* end = nullptr;
      const long v = std::strtol(env, &end, 10);
      if (end != env && *end == '\0' && v >= 1 && v <= 4096) return static_cast<int>(v);
    }
    return tbb::info::default_concurrency();
  }();
  return n;
}

void start_workers() {
  static const bool started = [] {
    if (thread_count() > 1) {
      // Touch every worker once: the arena creates its threads lazily on first use.
      arena().execute([] { tbb::parallel_for(0, thread_count(), [](int) {}); });
    }
    return true;
  }();
  (void)started;
}

std::uint64_t now_ns() noexcept {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
}

const char* version_string() noexcept { return "xesim " XESIM_VERSION; }

// Every program that launches a kernel gets the checking layer (src/check/state.cpp installs its
// hooks before main), not only programs whose kernels call a memory op: invalid-launch and
// kernel-crash must report for any kernel. This reference links state.o whenever engine.o is.
[[gnu::used]] const void* const kLinkCheckLayer = &check::detail::g_level;

engine_hooks& hooks() noexcept {
  static engine_hooks table;
  return table;
}

void validate_launch(const launch_info& info) {
  if (info.dims < 1 || info.dims > 3)
    fail(sycl::errc::invalid, "launch: dimensions must be 1, 2 or 3");
  if (!info.is_nd_range) return;
  const std::string what = std::string("nd_range launch of kernel '") + info.kernel_name + "': ";
  std::size_t group_size = 1;
  for (int d = 0; d < info.dims; ++d) {
    if (info.local[d] == 0)
      fail(sycl::errc::nd_range, what + "local range " + dims_string(info.local, info.dims) +
                                     " has a zero extent in dimension " + std::to_string(d));
    if (info.global[d] % info.local[d] != 0)
      fail(sycl::errc::nd_range, what + "global range " + dims_string(info.global, info.dims) +
                                     " is not a multiple of local range " +
                                     dims_string(info.local, info.dims) + " in dimension " +
                                     std::to_string(d) +
                                     " (non-uniform work-groups are not supported)");
    group_size *= info.local[d];
  }
  const dev::device_model& m = dev::current_device();
  if (group_size > static_cast<std::size_t>(m.max_work_group_size))
    fail(sycl::errc::nd_range, what + "work-group of " + std::to_string(group_size) +
                                   " work-items exceeds max_work_group_size " +
                                   std::to_string(m.max_work_group_size) + " of " + m.name);
}

std::exception_ptr launch(const launch_info& info, kernel_ref kernel, launch_times* times) {
  if (current_item())
    fail(sycl::errc::invalid,
         std::string("kernel '") + info.kernel_name +
             "' submitted from inside a running kernel: launches nest only on the host");
  try {
    validate_launch(info);
  } catch (const sycl::exception& e) {
    if (hooks().invalid_launch) hooks().invalid_launch(info, e.what());
    throw;
  }
  if (hooks().kernel_begin) hooks().kernel_begin(info);
  launch_run run(&info, kernel);
  const std::size_t items = info.global[0] * info.global[1] * info.global[2];
  const std::uint64_t start = now_ns();
  if (info.is_nd_range) {
    const std::size_t groups = items / (info.local[0] * info.local[1] * info.local[2]);
    if (groups <= 1 || thread_count() == 1) {
      run_groups(run, 0, groups);  // one group (or one thread): no task overhead
    } else {
      arena().execute([&] {
        tbb::parallel_for(
            tbb::blocked_range<std::size_t>(0, groups),
            [&](const tbb::blocked_range<std::size_t>& r) { run_groups(run, r.begin(), r.end()); });
      });
    }
  } else if (items <= 1 || thread_count() == 1) {
    run_range_items(run, 0, items);
  } else {
    arena().execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, items),
                        [&](const tbb::blocked_range<std::size_t>& r) {
                          run_range_items(run, r.begin(), r.end());
                        });
    });
  }
  const std::uint64_t end = now_ns();
  if (times) *times = {start, end};
  if (profile::on()) [[unlikely]] {  // counters -> model; XESIM_TIMING=model: predicted times
    const double device_ns = profile::launch_end(&info, start, end);
    if (times && profile::timing_model()) times->end_ns = start + std::uint64_t(device_ns);
  }
  if (hooks().kernel_end) hooks().kernel_end(info);
  return run.error;
}

// ------------------------------ slm_init
namespace {
// A range launch runs each work-item as a work-group of one (DPC++ picks the group size; one is
// a size it may pick), so an item's SLM is its own: a buffer per worker thread, refilled with
// the uninitialised-SLM pattern for every item that calls slm_init.
void range_slm_init(item_state& it, std::size_t bytes, std::size_t capacity) {
  constexpr std::size_t kAlign = 4096;
  struct buffer {
    std::byte* p = nullptr;
    ~buffer() { std::free(p); }
  };
  static thread_local buffer slm;
  if (!slm.p) {
    const std::size_t cap = capacity == 0 ? kAlign : (capacity + kAlign - 1) / kAlign * kAlign;
    slm.p = static_cast<std::byte*>(std::aligned_alloc(kAlign, cap));
    if (!slm.p)
      fail(sycl::errc::memory_allocation, "slm_init: cannot allocate the work-item's SLM");
  }
  if (it.slm == nullptr) it.slm_size = 0;
  if (bytes > it.slm_size) {  // the step the GPU allocates too (see work_group::slm_init)
    const dev::device_model& m = dev::current_device();
    const std::size_t cap = capacity == 0 ? kAlign : (capacity + kAlign - 1) / kAlign * kAlign;
    const std::size_t granted = std::min(dev::slm_granted(m, bytes), cap);
    const std::size_t filled = std::min(dev::slm_granted(m, it.slm_size), cap);
    if (granted > filled) std::memset(slm.p + filled, 0xCD, granted - filled);
    it.slm_granted = granted;
  }
  it.slm = slm.p;
  if (bytes > it.slm_size) it.slm_size = bytes;
}
}  // namespace

void slm_init(std::size_t bytes) {
  item_state* it = current_item();
  if (!it) fail(sycl::errc::invalid, "slm_init called outside a kernel");
  const dev::device_model& m = dev::current_device();
  if (bytes > m.slm_per_group)
    fail(sycl::errc::invalid,
         std::string("slm_init(") + std::to_string(bytes) + ") in kernel '" +
             it->launch->kernel_name + "': above the " + std::to_string(m.slm_per_group) +
             " bytes of SLM a work-group may use on " + m.name + " (info::device::local_mem_size)");
  if (it->group) {
    it->group->slm_init(bytes);
    return;
  }
  range_slm_init(*it, bytes, m.slm_per_group);
}

// ------------------------------ barrier
void barrier() {
  item_state* it = current_item();
  if (!it) fail(sycl::errc::invalid, "barrier() called outside a kernel");
  if (!it->group)
    fail(sycl::errc::invalid,
         std::string("barrier() in kernel '") + it->launch->kernel_name +
             "': work-group barriers need an nd_range launch (this one was a range)");
  it->group->barrier(*it);
}

// ------------------------------ named barriers
namespace {
item_state& named_barrier_item(const char* call) {
  item_state* it = current_item();
  if (!it) fail(sycl::errc::invalid, std::string(call) + " called outside a kernel");
  if (!it->group)
    fail(sycl::errc::invalid,
         std::string(call) + " in kernel '" + it->launch->kernel_name +
             "': named and split barriers need an nd_range launch (this one was a "
             "range)");
  return *it;
}
}  // namespace

void named_barrier_init(unsigned count) {
  item_state& it = named_barrier_item("named_barrier_init");
  it.group->named_barrier_init(it, count);
}
void named_barrier_allocate(unsigned count) {
  item_state& it = named_barrier_item("named_barrier_allocate");
  it.group->named_barrier_allocate(it, count);
}
void named_barrier_signal(unsigned id, unsigned mode, unsigned producers, unsigned consumers) {
  item_state& it = named_barrier_item("named_barrier_signal");
  it.group->named_barrier_signal(it, id, mode, producers, consumers);
}
void named_barrier_wait(unsigned id) {
  item_state& it = named_barrier_item("named_barrier_wait");
  it.group->named_barrier_wait(it, id);
}
void fence_progress() {
  item_state* it = detail::tls_current_item;
  if (it && it->group && it->group->uses_named_barriers()) it->group->yield(*it);
}
void split_barrier_signal() {
  item_state& it = named_barrier_item("split_barrier");
  it.group->split_barrier_signal(it);
}
// ------------------------------ kernel-hang bound (cas_progress)
namespace {
std::uint64_t steady_ns() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                        std::chrono::steady_clock::now().time_since_epoch())
                                        .count());
}
/// XESIM_HANG_SECONDS: how long a streak of failed compare-exchanges may last (default 30 s;
/// a positive number, fractions allowed; anything else keeps the default).
double hang_seconds() {
  static const double s = [] {
    if (const char* env = std::getenv("XESIM_HANG_SECONDS")) {
      char* end = nullptr;
      const double v = std::strtod(env, &end);
      if (end != env && *end == '\0' && v > 0) return v;
    }
    return 30.0;
  }();
  return s;
}
std::string seconds_text(double secs) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", secs);
  return buf;
}
std::string ids_of(const item_state& it) {
  std::string s = "work-item ";
  const auto three = [&s](const std::size_t* v) {
    s.append(1, '(').append(std::to_string(v[0])).append(1, ',').append(std::to_string(v[1]));
    s.append(1, ',').append(std::to_string(v[2])).append(1, ')');
  };
  three(it.global_id);
  if (it.group) {
    s += " (local ";
    three(it.local_id);
    s += " of work-group ";
    three(it.group_id);
    s += ")";
  }
  return s;
}
}  // namespace

void check_cas_hang(item_state& it) {
  const std::uint64_t now = steady_ns();
  if (it.cas_fails == kCasFailsPerClock) {  // the streak's first reading
    it.cas_fail_since_ns = now;
    return;
  }
  const double secs = static_cast<double>(now - it.cas_fail_since_ns) * 1e-9;
  if (secs < hang_seconds()) return;
  std::string what = std::string("kernel-hang: in kernel '") + it.launch->kernel_name + "', " + ids_of(it) +
                     ", a compare-exchange found another value than the expected one " +
                     std::to_string(it.cas_fails) + " times in a row over " +
                     seconds_text(secs) + " s: the value the loop waits for never appears (a livelock; xesim stops "
                     "the launch instead of hanging, bound XESIM_HANG_SECONDS)";
  if (it.last_op_loc.line() != 0)
    what += "; its last checked memory op is at " + std::string(it.last_op_loc.file_name()) + ":" +
            std::to_string(it.last_op_loc.line());
  what +=
      ". Check the operands: atomic_update<atomic_op::cmpxchg> and slm_atomic_update take src0 = "
      "new value, src1 = expected; the experimental lsc_*atomic_update forms take the expected "
      "value first. And check that the work-item meant to write the value is not itself waiting";
  throw sycl::exception(sycl::make_error_code(sycl::errc::runtime), what);
}

void yield_item(item_state& it) {
  if (it.group) it.group->yield(it);
}
void split_barrier_wait() {
  item_state& it = named_barrier_item("split_barrier");
  it.group->split_barrier_wait(it);
}

}  // namespace xesim::rt
