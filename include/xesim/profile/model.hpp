// The performance model's interface (src/profile): what one launch did, summed over its
// work-items, what it would take on a device, the guide's hints it raises, and the per-kernel
// reports XESIM_PROFILE prints or writes. Tests and `xesim report` use it directly; every constant
// is in docs/model.md with its source.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "xesim/profile/counters.hpp"
#include "xesim/runtime/device_model.hpp"

namespace xesim::profile {

/// Smallest, median and largest value over the work-items of a launch.
struct spread {
  double min = 0, median = 0, max = 0;
};

// ------------------------------ launch_counters
/// One launch: its shape and its work-items' counters, summed.
struct launch_counters {
  std::string name;  ///< the kernel's name as written: its name type, or the lambda's location
  int dims = 1;
  std::uint64_t global[3] = {1, 1, 1};
  std::uint64_t local[3] = {1, 1, 1};
  bool nd_range = false;
  std::uint64_t items = 0;       ///< work-items (= hardware threads on the GPU)
  std::uint64_t group_size = 1;  ///< work-items per group (1 for a range launch)
  std::uint64_t slm_bytes = 0;   ///< SLM one work-group initialised (largest seen)
  bool alu_counted = false;      ///< built with XESIM_PROFILE_COUNT: instructions were counted
  bool live_counted = false;     ///< simd lifetimes were tracked (peak live bytes valid)
  // Sums over the work-items (see item_counters).
  double alu_instr[kWidths][kAluKinds] = {};
  double fp_mul_instr[kWidths] = {};
  double alu_lanes[kAluKinds] = {};
  double msgs[kMsgKinds][kSizeBuckets] = {};
  double bytes[kMsgKinds][kSizeBuckets] = {};
  double gather_lanes = 0, contiguous_gathers = 0, elements = 0;
  double load_bytes = 0, store_bytes = 0;  ///< global payload read / written
  /// Distinct global bytes read / written (address ranges, merged): what DRAM must move when
  /// repeats hit the cache. 0: unknown (the model then takes every payload byte to DRAM).
  double footprint_load = 0, footprint_store = 0;
  double load_rounds = 0, slm_rounds = 0, barriers = 0;
  double dpas = 0, dpas_flops = 0, dpas_int_flops = 0;
  double peak_live_bytes = 0;  ///< largest over the work-items
  // Across work-items.
  spread instr_per_item, bytes_per_item, elements_per_item, live_per_item;
  std::uint64_t slm_groups_private = 0;  ///< groups whose items read only SLM bytes they wrote
  std::uint64_t slm_groups_shared = 0;   ///< groups where some item read another's SLM bytes

  /// Messages and payload bytes of one kind (all sizes).
  double msgs_of(msg_kind k) const;
  double bytes_of(msg_kind k) const;
  /// Global-memory payload bytes (loads, stores, gathers, scatters, atomics; not SLM, prefetch).
  double global_bytes() const;
  /// The bytes DRAM moves: per direction the smaller of payload and footprint (when known).
  double dram_bytes() const;
  /// Floating-point operations: vector fp lanes plus dpas multiply-adds x 2.
  double flops() const;
  /// Adds another launch of the same kernel (sums, larger maxima; spreads of the larger launch).
  void add(const launch_counters& o);
};

// ------------------------------ prediction
/// What the launch would take on one device (docs/model.md "Time").
struct prediction {
  std::string device;        ///< device id
  double time_ns = 0;        ///< predicted device time of the launch
  double mem_ns = 0;         ///< DRAM bytes over bandwidth x efficiency
  double messages_ns = 0;    ///< load/store unit: messages and SLM bytes per Xe-core
  double alu_ns = 0;         ///< vector instructions per EU
  double xmx_ns = 0;         ///< dpas operations over the XMX peak
  double latency_ns = 0;     ///< waits for memory not hidden by the threads resident per EU
  double dispatch_ns = 0;    ///< hardware threads dispatched per Xe-core
  double launch_ns = 0;      ///< fixed start-up of a launch
  std::string bound;         ///< memory, messages, alu, xmx, latency, dispatch or launch
  double bandwidth_gbps = 0; ///< global bytes / time
  double bandwidth_fraction = 0;  ///< of the device's peak bandwidth
  double tflops = 0;
  double threads_per_eu = 0;  ///< resident threads per EU (occupancy)
  double occupancy = 0;       ///< resident threads / hardware threads of the device
  double bytes = 0, flops = 0;  ///< DRAM bytes, floating-point operations
  /// Adds another launch (times, bytes and flops sum; rates recomputed; bound of the longer).
  void add(const prediction& o, const dev::device_model& d);
};

/// The model: `c` on device `d`, in large GRF mode or not.
prediction predict(const dev::device_model& d, const launch_counters& c, bool large_grf);

// ------------------------------ hints
/// One of the guide's rules the kernel breaks, with the numbers that raised it.
struct hint {
  std::string id;    ///< stable: little-work, decoded-1d-range, element-wise-loads, ...
  std::string text;  ///< the guide's words and the numbers
};
std::vector<hint> hints_for(const dev::device_model& d, const launch_counters& c,
                            const prediction& p, bool large_grf);

// ------------------------------ reports
/// One kernel (by name) over every launch so far.
struct kernel_report {
  std::string name;
  std::uint64_t launches = 0;
  launch_counters counters;               ///< summed over launches
  prediction predicted;                   ///< on the current device
  std::vector<prediction> by_device;      ///< every device of the table, in its order
  std::vector<hint> hints;                ///< union over launches (by id)
  double host_ns = 0;                     ///< emulation time on this CPU
};

/// Every kernel profiled so far, in order of first launch.
std::vector<kernel_report> kernel_reports();
/// Forgets them (tests).
void reset_reports();
/// The JSON document XESIM_PROFILE=<file> writes (schema in docs/model.md).
std::string reports_json();
/// The table XESIM_PROFILE=1 prints at exit.
std::string reports_table();
/// Called by the engine after each launch while profiling: collects, predicts, remembers.
/// Returns the predicted device time in ns (XESIM_TIMING=model events use it).
double launch_end(const void* launch_info_ptr, std::uint64_t start_ns, std::uint64_t end_ns);
/// Whether events report predicted device times (XESIM_TIMING=model).
bool timing_model() noexcept;
void set_timing_model(bool on) noexcept;

}  // namespace xesim::profile
