// grf-overflow (warning, basic): a work-item whose live simd data would not fit the device's GRF
// (register file) per hardware thread. On a GPU the compiler then spills registers to memory
// (slow, silent) or fails. Two measures, by build:
//  - builds that track simd lifetimes (XESIM_SIMD_LIVE: `xesim c++ --profile`, `--check=full`):
//    the work-item's peak live simd bytes (every simd adds its bytes while it exists,
//    xesim/profile/hooks.hpp live_tracker), the measure the rule is about;
//  - the plain build (no hook in the arithmetic): the stack depth of the work-item, from the item
//    invoker's frame (include/xesim/sycl/handler.hpp) down to the lowest stack pointer the memory
//    port saw (check::sample_stack). Spills of the host compiler, call frames and the port's own
//    lane arrays count too, so the proxy errs on the high side for small kernels and is exact in
//    spirit for the large tiles that matter.
#include <atomic>
#include <mutex>
#include <set>
#include <string>

#include "internal.hpp"
#include "report.hpp"
#include "xesim/check/check.hpp"
#include "xesim/check/uninit.hpp"
#include "xesim/runtime/device_model.hpp"

namespace xesim::check {

namespace {

// Kernels already reported (by name): the first overflowing work-item of a kernel reports, the
// others return after one relaxed load of `g_last` (the common case) or one lookup.
std::atomic<const char*> g_last{nullptr};
std::mutex g_mutex;
std::set<const char*>& reported() {
  static std::set<const char*>* s = new std::set<const char*>;  // reports may come at exit
  return *s;
}

}  // namespace

namespace detail {

void on_kernel_begin(const rt::launch_info&) {
  const dev::device_model& m = dev::current_device();
  const int bytes = dev::large_grf() ? m.grf_bytes_large : m.grf_bytes;
  // Instrumented programs compare the peak live simd bytes (their stack also holds shadows and
  // counters), the plain ones the stack depth: the same budget either way.
  rt::detail::g_stack_budget.store(static_cast<std::uintptr_t>(bytes), std::memory_order_relaxed);
}

// ------------------------------ grf-overflow
void on_grf_overflow(const rt::item_state& it) noexcept {
  if (!on()) return;
  const char* kernel = it.launch->kernel_name;
  if (g_last.load(std::memory_order_relaxed) == kernel) return;
  {
    std::lock_guard lock(g_mutex);
    if (!reported().insert(kernel).second) return;
  }
  g_last.store(kernel, std::memory_order_relaxed);
  const dev::device_model& m = dev::current_device();
  const bool large = dev::large_grf();
  const bool live = it.peak_live_bytes > 0;  // the instrumented measure
  const std::uintptr_t depth = live ? static_cast<std::uintptr_t>(it.peak_live_bytes)
                                    : it.stack_top - it.stack_min;
  const std::uintptr_t budget =
      static_cast<std::uintptr_t>(large ? m.grf_bytes_large : m.grf_bytes);
  const std::uintptr_t over = depth - budget;
  std::string what = "work-item uses about " + std::to_string(depth) +
                     (live ? " bytes of live simd data (peak of the simd values alive at once), "
                           : " bytes of live data (stack depth at its deepest memory op), ") +
                     std::to_string(over) + " bytes (" + std::to_string(over * 100 / budget) +
                     "%) more than the " + std::to_string(budget) + " bytes of GRF per thread on " +
                     m.name + " (" + (large ? "large" : "normal") +
                     " GRF mode): on the GPU the registers spill to memory";
  std::string details = item_lines(&it);
  if (!live)
    details +=
        "    call: memory op at " + where(it.stack_min_loc) + " (where the stack was deepest)\n";
  if (it.launch->call_loc.line() != 0)
    details += "    launch: " + where(it.launch->call_loc) + "\n";
  details += std::string("    device: ") + m.name + " (" + m.arch + "): GRF " +
             std::to_string(m.grf_bytes) + " bytes per thread, " +
             std::to_string(m.grf_bytes_large) + " with large GRF (-doubleGRF)" +
             (large ? " (selected)" : "") + "\n";
  const std::string fix =
      large || depth > static_cast<std::uintptr_t>(m.grf_bytes_large)
          ? "use smaller tiles (fewer or shorter simd values live at once) so the data fits " +
                std::to_string(m.grf_bytes_large) + " bytes"
          : "compile with -Xs \"-doubleGRF\" (large GRF: " + std::to_string(m.grf_bytes_large) +
                " bytes, half the threads per EU; XESIM_GRF=large to try it) or use smaller tiles";
  report(severity::warning, "grf-overflow", std::string("kernel ") + kernel, what, details,
         fix.c_str());
}

}  // namespace detail

}  // namespace xesim::check
