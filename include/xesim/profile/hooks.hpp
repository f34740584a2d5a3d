// What the ESIMD headers call to feed the profile (src/profile): the on/off switch, the memory
// port's message record, dpas, and, in instrumented builds only (XESIM_PROFILE_COUNT /
// XESIM_CHECK_UNINIT), the simd layer's instruction and lifetime hooks. With profiling off a
// memory op pays nothing more than the port's one branch (see xesim/memory/port.hpp), and the
// plain build's arithmetic has no hook at all.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "xesim/profile/counters.hpp"
#include "xesim/runtime/context.hpp"

namespace xesim::profile {

namespace detail {
/// Set before main from XESIM_PROFILE / XESIM_TRACE / XESIM_TIMING=model (src/profile).
extern constinit bool g_on;
}  // namespace detail

/// Whether kernels are being profiled (one load).
inline bool on() noexcept { return detail::g_on; }
/// Turns profiling on or off (tests, tools). Call between launches.
void set_enabled(bool on) noexcept;
/// Called before main by programs built with XESIM_PROFILE_COUNT=1 (instructions are counted).
void mark_instrumented_build() noexcept;
#if XESIM_PROFILE_COUNT
namespace detail {
inline const bool kMarkedCounting = (mark_instrumented_build(), true);
}  // namespace detail
#endif

// ------------------------------ item start / end
/// The item invoker's calls around one work-item while profiling is on.
void item_begin(rt::item_state& it) noexcept;
void item_end(rt::item_state& it) noexcept;

// ------------------------------ peak live simd bytes
/// Raises the running work-item's peak live simd bytes to what is alive now, less `payload`
/// (a stored value: the GPU sends it from its registers in place). Instrumented builds only.
inline __attribute__((always_inline)) void sample_live(std::int64_t payload) noexcept {
  rt::item_state* it = rt::current_item();
  if (!it) return;
  const std::int64_t v = it->live_bytes - payload;
  if (v > it->peak_live_bytes) it->peak_live_bytes = v;
}

// ------------------------------ memory messages
/// One memory message as the port saw it: kind, global or SLM, elements of `elem_bytes`,
/// `lanes` addresses, `elems` per address, the SLM byte offset (SLM block ops), whether a gather's
/// lanes were consecutive. Out of line: only called while profiling.
struct msg_record {
  std::uint8_t op;  ///< esimd::detail::mem_op
  bool slm;
  bool contiguous;
  std::uint32_t elem_bytes;
  std::uint32_t lanes;
  std::uint32_t elems;
  std::uintptr_t base;   ///< the USM pointer (0 for SLM)
  std::uint64_t lo, hi;  ///< byte offsets from base the message touches: [lo, hi)
};
[[gnu::cold, gnu::noinline]] void count_msg(const msg_record& m) noexcept;

// ------------------------------ dpas
/// One xmx::dpas: RepeatCount rows x ExecSize columns x SystolicDepth*OpsPerChannel terms.
/// `integer` for int8/uint8/int4/uint4/int2 operands. Called by the dpas implementation (every
/// build: its cost is one branch); tests call it with synthetic shapes.
[[gnu::cold, gnu::noinline]] void count_dpas_slow(int repeat, int exec_size, int depth,
                                                  int ops_per_channel, bool integer) noexcept;
inline __attribute__((always_inline)) void count_dpas(int repeat, int exec_size, int depth,
                                                      int ops_per_channel, bool integer) noexcept {
#if XESIM_SIMD_LIVE
  sample_live(0);  // an XMX kernel's tiles are all live at its dpas
#endif
  if (on()) [[unlikely]]
    count_dpas_slow(repeat, exec_size, depth, ops_per_channel, integer);
}

// ------------------------------ instrumented builds: instructions
/// Instructions an op on N elements of `Bytes` bytes takes at register width W bytes: one
/// instruction covers min(32, W / Bytes) lanes (SIMD32 is the widest execution size).
constexpr std::uint64_t instr_at(int n, int bytes, int width) noexcept {
  const int per = width / bytes < 32 ? (width / bytes > 0 ? width / bytes : 1) : 32;
  return static_cast<std::uint64_t>((n + per - 1) / per);
}

/// The kind of an arithmetic op on element type T (integers, fp32, fp16/bf16, fp64).
template <class T>
constexpr alu_kind kind_of_elem() noexcept {
  if constexpr (sizeof(T) == 8 && !std::is_integral_v<T>)
    return alu_kind::fp64;
  else if constexpr (std::is_integral_v<T>)
    return alu_kind::integer;
  else if constexpr (sizeof(T) == 2)
    return alu_kind::fp16;
  else
    return alu_kind::fp32;
}

/// Counts one vector op of kind K on N elements of `Bytes` bytes in the running work-item.
template <alu_kind K, int N, int Bytes, bool Mul = false>
inline void count_alu() noexcept {
  rt::item_state* it = rt::current_item();
  if (!it || !it->prof) return;
  item_counters& c = *it->prof;
  constexpr int k = static_cast<int>(K);
  c.alu_instr[0][k] += instr_at(N, Bytes, 32);
  c.alu_instr[1][k] += instr_at(N, Bytes, 64);
  if constexpr (Mul) {
    c.fp_mul_instr[0] += instr_at(N, Bytes, 32);
    c.fp_mul_instr[1] += instr_at(N, Bytes, 64);
  }
  c.alu_lanes[k] += N;
  c.alu_since_load = true;
}

// ------------------------------ instrumented builds: lifetimes
/// An empty member of every simd that adds its vector's bytes to the running work-item's live
/// simd bytes while it exists (builds with XESIM_SIMD_LIVE; `no_live` otherwise).
/// The peak is sampled at memory ops and dpas (sample_live), not at every construction: C++
/// keeps an expression's temporaries until the end of the statement, where the GPU's register
/// allocator reuses them at once, so a peak taken mid-expression overstates what the kernel needs
/// (examples/slm_reduction: 4608 B mid-expression vs 2564 B at its memory ops, GRF 4096 B).
template <int Bytes>
struct live_tracker {
  static void add(std::int64_t b) noexcept {
    if (rt::item_state* it = rt::current_item()) it->live_bytes += b;
  }
  live_tracker() noexcept { add(Bytes); }
  live_tracker(const live_tracker&) noexcept { add(Bytes); }
  live_tracker& operator=(const live_tracker&) noexcept = default;
  ~live_tracker() { add(-Bytes); }
};
struct no_live {};
template <int Bytes>
using live_t = std::conditional_t<XESIM_SIMD_LIVE, live_tracker<Bytes>, no_live>;

}  // namespace xesim::profile

/// Expands to its argument in builds instrumented for profiling (XESIM_PROFILE_COUNT=1).
#if XESIM_PROFILE_COUNT
#define XESIM_PROF(...) __VA_ARGS__
#else
#define XESIM_PROF(...)
#endif
