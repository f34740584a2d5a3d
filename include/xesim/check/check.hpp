// The checking mode seen from the ESIMD headers: the level (XESIM_CHECK=off|basic|full) and the
// out-of-line entry points the memory port and the SLM calls use when a check is on. Reports,
// their format and the summary at exit live in src/check (docs/checks.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <source_location>

#include "xesim/runtime/context.hpp"

namespace xesim::check {

// ------------------------------ level
/// off: no diagnostics (SLM errors raise sycl::exception as before). basic (default): the cheap
/// rules. full: adds the costly ones (slm-race).
enum class level : std::uint8_t { off = 0, basic = 1, full = 2 };

namespace detail {
/// Set before main from XESIM_CHECK (src/check/state.cpp); read by every memory op.
extern constinit level g_level;
/// Whether a memory op must call the port: bit kPortCheck while a check runs, kPortProfile
/// while profiling (xesim/profile). One byte, so the off path is one load and one branch.
inline constexpr std::uint8_t kPortCheck = 1, kPortProfile = 2;
extern constinit std::uint8_t g_port;
/// The USM ranges [lo, hi) of this thread's last in-bounds accesses (a kernel touches a few
/// buffers), valid while the USM free epoch equals `epoch`: the memory port's inline fast path
/// (src/check/access.cpp fills them, round-robin).
struct usm_window {
  // 8: a radix scatter pass touches 5 arrays; with 4 ranges filled in turn every access missed
  // (memory_patterns_bench scatter, checks basic/off 26x -> see bench/RESULTS.md).
  static constexpr int kRanges = 8;
  std::uintptr_t lo[kRanges] = {}, hi[kRanges] = {};
  std::uint64_t epoch = 0;
  unsigned next = 0;
  /// Whether [addr, addr + bytes) lies in one cached range (no wrap-around).
  bool holds(std::uintptr_t addr, std::uint64_t bytes) const noexcept {
    for (int i = 0; i < kRanges; ++i)
      if (addr >= lo[i] && addr <= hi[i] && bytes <= hi[i] - addr) return true;
    return false;
  }
};
extern constinit thread_local usm_window tls_usm_window;
}  // namespace detail

/// The current level: one load, no call.
inline level current_level() noexcept { return detail::g_level; }
/// Whether any check runs (the one branch a memory op pays).
inline bool on() noexcept { return detail::g_level != level::off; }
/// The port's gate byte. A relaxed atomic load: g++ then compares it with memory at each op
/// instead of hoisting it into a register held across the kernel's loop (a plain load did,
/// and gather_pool paid a spill for it: bench/RESULTS.md "Profile hooks").
inline std::uint8_t port_gate() noexcept {
  return __atomic_load_n(&detail::g_port, __ATOMIC_RELAXED);
}
/// Whether a memory op calls its port (checks or profiling on): the one branch it pays.
inline bool port_on() noexcept { return port_gate() != 0; }
/// Changes the level (tests, tools). Not synchronised: call between launches.
void set_level(level l) noexcept;
/// "off", "basic" or "full".
const char* to_string(level l) noexcept;
/// The level XESIM_CHECK=`value` names, or `fallback` for null and unknown values.
level level_from_string(const char* value, level fallback) noexcept;

// ------------------------------ counts
/// Errors and warnings reported so far in this process (every occurrence, repeats included).
std::uint64_t error_count() noexcept;
std::uint64_t warning_count() noexcept;
/// Forgets every report and count (tests).
void reset_reports() noexcept;

// ------------------------------ entry points of the headers
/// slm_init(bytes) called from `loc`: slm-too-large (error over the model, warning > 64 KB) and
/// slm-init-misuse (called twice, or by only some work-items). Returns the bytes to initialise
/// (0 when the call must be skipped).
std::size_t on_slm_init(std::size_t bytes, const std::source_location& loc);
/// barrier() called from `loc` by the running work-item (remembered for barrier-divergence
/// reports, and the SLM race epoch under full).
void on_barrier(const std::source_location& loc) noexcept;

// ------------------------------ grf-overflow
/// Records, at a memory op called from `loc` moving `payload` bytes, the stack depth of the
/// running work-item (the proxy of its live simd data) and the op's location (for kernel-crash
/// reports). The op's own payload is not counted: the CPU copies a stored value or a loaded
/// result through the stack, a GPU reads and writes those registers in place (calibrated in
/// tests/check/grf_overflow_test.cpp). Inline: one thread_local load, one compare. Only called
/// while checks are on.
inline __attribute__((always_inline)) void sample_stack(const std::source_location& loc,
                                                        std::uint64_t payload) noexcept {
  rt::item_state* it = rt::current_item();
  if (!it) [[unlikely]]
    return;
  const std::uintptr_t sp = rt::stack_pointer() + static_cast<std::uintptr_t>(payload);
  it->last_op_loc = loc;
  if (sp < it->stack_min) [[unlikely]] {
    it->stack_min = sp;
    it->stack_min_loc = loc;
  }
}

}  // namespace xesim::check
