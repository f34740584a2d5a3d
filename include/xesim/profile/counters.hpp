// The counters one work-item collects while profiling is on (XESIM_PROFILE, XESIM_TRACE or
// XESIM_TIMING=model), as the performance model (src/profile) reads them. They live in the
// work-item's rt::item_state, so fibers that switch at a barrier keep their own.
//
// Who fills what:
//  - memory messages: the memory port (xesim/memory/port.hpp), in every build;
//  - barriers and SLM size: the engine (item_state), in every build;
//  - instructions by kind and peak live simd bytes: the simd layer, only in builds instrumented
//    with XESIM_PROFILE_COUNT=1 (`xesim c++ --profile`, `xesim run` under XESIM_PROFILE) or
//    XESIM_CHECK_UNINIT=1 (live bytes only, for grf-overflow). The plain build's arithmetic stays
//    plain vector code with no hook (docs/model.md "Counting").
// Nothing here includes the runtime: context.hpp includes this file.
#pragma once

#include <cstdint>

#ifndef XESIM_PROFILE_COUNT
#define XESIM_PROFILE_COUNT 0
#endif
#ifndef XESIM_CHECK_UNINIT
#define XESIM_CHECK_UNINIT 0
#endif
/// Whether this translation unit's simd objects track their lifetimes (peak live simd bytes).
#define XESIM_SIMD_LIVE (XESIM_PROFILE_COUNT != 0 || XESIM_CHECK_UNINIT != 0)

namespace xesim::profile {

// ------------------------------ kinds
/// Vector instruction kinds, as the model prices them (docs/model.md "ALU").
enum class alu_kind : std::uint8_t { fp32, fp16, fp64, integer, math, convert, count };
inline constexpr int kAluKinds = static_cast<int>(alu_kind::count);

/// Memory message kinds. `scalar`: a one-element global access (block of 1, gather of 1 lane).
enum class msg_kind : std::uint8_t {
  block_load,
  block_store,
  gather,
  scatter,
  scalar,
  atomic,
  prefetch,
  slm_block,
  slm_gather,
  slm_atomic,
  block_2d,
  count
};
inline constexpr int kMsgKinds = static_cast<int>(msg_kind::count);
/// Message sizes by power of two: bucket b holds messages of [2^b, 2^(b+1)) bytes (b < 15).
inline constexpr int kSizeBuckets = 16;

/// Register widths an instruction count is kept at: 32 bytes (Xe-HPG, Xe-LPG: 8 fp32 lanes) and
/// 64 bytes (Xe-HPC, Xe2: 16 fp32 lanes). The model reads the one of its device.
inline constexpr int kWidths = 2;

// ------------------------------ item_counters
/// What one work-item did. Zeroed at the item's start while profiling is on (`on` set).
struct item_counters {
  bool on;  ///< profiling this item (set by the item invoker)
  /// Instructions per kind at each register width ([0]: 32 B, [1]: 64 B).
  std::uint64_t alu_instr[kWidths][kAluKinds];
  /// Floating multiplies at each width (a mul feeding an add fuses into one mad on the GPU).
  std::uint64_t fp_mul_instr[kWidths];
  std::uint64_t alu_lanes[kAluKinds];  ///< element operations (flops for fp32/fp16/fp64)
  std::uint64_t msgs[kMsgKinds][kSizeBuckets];   ///< messages by kind and size
  std::uint64_t bytes[kMsgKinds][kSizeBuckets];  ///< their payload bytes
  std::uint64_t gather_lanes;       ///< addresses of gathers / scatters / atomics
  std::uint64_t contiguous_gathers; ///< gathers or scatters whose lanes were consecutive elements
  std::uint64_t elements;           ///< global elements loaded or stored
  std::uint64_t load_rounds;        ///< loads that follow arithmetic (a new wait for memory)
  std::uint64_t slm_rounds;         ///< SLM accesses that follow arithmetic or an SLM store
  std::uint64_t dpas;               ///< dpas instructions
  std::uint64_t dpas_flops;         ///< their multiply-adds x 2
  std::uint64_t dpas_int;           ///< of which integer (int8 / int4 / uint8 ...)
  std::uint64_t load_bytes, store_bytes;     ///< global payload bytes read / written
  /// Global address ranges read ([0]) and written ([1]), merged (at most kRanges each; a new
  /// range far from all is merged into the nearest): the footprint DRAM sees.
  static constexpr int kRanges = 4;
  std::uint64_t range_lo[2][kRanges], range_hi[2][kRanges];
  std::uint8_t ranges[2];
  std::uint64_t slm_write_lo, slm_write_hi;  ///< SLM byte range this item wrote
  std::uint64_t slm_read_lo, slm_read_hi;    ///< and read
  bool alu_since_load;  ///< an ALU op ran since the last load (opens a new load round)
  bool slm_stored;      ///< the last SLM access was a store
};

}  // namespace xesim::profile
