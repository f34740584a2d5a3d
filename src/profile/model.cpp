// The performance model: a launch's counters on one device row -> predicted time and its bound.
// Each term is a throughput or latency limit of one unit of the GPU; the launch takes the 3-norm
// of the terms plus a fixed start-up (docs/model.md "Time", every constant with its source).
#include <algorithm>
#include <cmath>

#include "xesim/profile/model.hpp"

namespace xesim::profile {

namespace {

// ------------------------------ model constants (docs/model.md)
/// Fraction of the peak DRAM bandwidth large block messages reach. Calibrated: the guide's
/// 3D-range kernel with a row per thread reaches ~73% of bandwidth.
constexpr double kStreamEfficiency = 0.80;
/// DRAM efficiency by message size (block messages), relative to kStreamEfficiency.
constexpr double block_efficiency(int bucket) {
  return bucket >= 8 ? 1.0 : bucket == 7 ? 0.9 : bucket == 6 ? 0.75 : bucket == 5 ? 0.5 : 0.3;
}
constexpr double kGatherEfficiency = 0.5;   ///< per-lane addresses: partial lines
constexpr double kScalarEfficiency = 0.25;  ///< one element per message
constexpr double kAtomicEfficiency = 0.1;   ///< read-modify-write at the L2
constexpr double kBlock2dEfficiency = 1.0;  ///< 2D block messages: whole lines
/// Load/store unit: a block message moves 64 bytes per clock per Xe-core; a gather resolves
/// 4 addresses per clock; any message takes at least one clock.
constexpr double kLscBytesPerClk = 64;
constexpr double kLscAddrPerClk = 4;
/// Cycles a hardware thread waits for a global load (DRAM), an SLM access (guide: ~30 cycles),
/// a barrier. kMemLatencyClk calibrated against the guide's +29% (separate load/compute loops).
constexpr double kMemLatencyClk = 600;
constexpr double kSlmLatencyClk = 30;
constexpr double kBarrierClk = 60;
/// Cycles per instruction of each kind on one EU (extended math: a quarter-rate unit).
constexpr double kCpi[kAluKinds] = {1, 1, 1, 1, 4, 1};
constexpr double kCpiFp64Emulated = 8;  ///< devices without FP64 (DG2): emulated
/// Thread dispatch: cycles per hardware thread per Xe-core. Calibrated: the guide's 1D range with
/// one element per thread runs 21.7x slower than a 3D range with a row per thread.
constexpr double kDispatchClk = 14;
/// Fixed start-up of one launch in the device timeline (model choice: ~1 us; not calibrated).
constexpr double kLaunchNs = 1000;
/// Fraction of the XMX peak dpas reaches (calibrated: bf16 GEMM at ~70-80% of peak).
constexpr double kXmxEfficiency = 0.80;
/// The norm the terms combine with: 3 (a max when one term dominates; two equal terms take
/// 2^(1/3) = 1.26x one of them: throughput and latency overlap imperfectly). Calibrated: the
/// guide's +29% for separate load and compute loops.
constexpr double kNorm = 3;

bool is_global(msg_kind k) {
  return k != msg_kind::slm_block && k != msg_kind::slm_gather && k != msg_kind::slm_atomic &&
         k != msg_kind::prefetch;
}

double dram_efficiency(msg_kind k, int bucket) {
  switch (k) {
    case msg_kind::block_load:
    case msg_kind::block_store:
      return block_efficiency(bucket);
    case msg_kind::gather:
    case msg_kind::scatter:
      return kGatherEfficiency;
    case msg_kind::scalar:
      return kScalarEfficiency;
    case msg_kind::atomic:
      return kAtomicEfficiency;
    case msg_kind::block_2d:
      return kBlock2dEfficiency;
    default:
      return 1.0;
  }
}

/// Load/store-unit clocks of `n` messages of kind k totalling `bytes` in size bucket b.
double lsc_clocks(msg_kind k, double n, double bytes, double lanes_per_msg) {
  if (n == 0) return 0;
  switch (k) {
    case msg_kind::gather:
    case msg_kind::scatter:
    case msg_kind::atomic:
    case msg_kind::slm_gather:
    case msg_kind::slm_atomic:
      return n * std::max({1.0, lanes_per_msg / kLscAddrPerClk, bytes / n / kLscBytesPerClk});
    default:
      return n * std::max(1.0, bytes / n / kLscBytesPerClk);
  }
}

}  // namespace

// ------------------------------ launch_counters
double launch_counters::msgs_of(msg_kind k) const {
  double s = 0;
  for (int b = 0; b < kSizeBuckets; ++b) s += msgs[static_cast<int>(k)][b];
  return s;
}
double launch_counters::bytes_of(msg_kind k) const {
  double s = 0;
  for (int b = 0; b < kSizeBuckets; ++b) s += bytes[static_cast<int>(k)][b];
  return s;
}
double launch_counters::global_bytes() const {
  double s = 0;
  for (int k = 0; k < kMsgKinds; ++k)
    if (is_global(static_cast<msg_kind>(k))) s += bytes_of(static_cast<msg_kind>(k));
  return s;
}
double launch_counters::dram_bytes() const {
  const double g = global_bytes();
  if (footprint_load + footprint_store <= 0 || load_bytes + store_bytes <= 0) return g;
  const double d = std::min(load_bytes, footprint_load) + std::min(store_bytes, footprint_store);
  return std::min(g, d * g / (load_bytes + store_bytes));
}
double launch_counters::flops() const {
  return alu_lanes[static_cast<int>(alu_kind::fp32)] + alu_lanes[static_cast<int>(alu_kind::fp16)] +
         alu_lanes[static_cast<int>(alu_kind::fp64)] + dpas_flops;
}

void launch_counters::add(const launch_counters& o) {
  const bool bigger = o.items >= items;
  items += o.items;
  slm_bytes = std::max(slm_bytes, o.slm_bytes);
  alu_counted |= o.alu_counted;
  live_counted |= o.live_counted;
  for (int w = 0; w < kWidths; ++w) {
    for (int k = 0; k < kAluKinds; ++k) alu_instr[w][k] += o.alu_instr[w][k];
    fp_mul_instr[w] += o.fp_mul_instr[w];
  }
  for (int k = 0; k < kAluKinds; ++k) alu_lanes[k] += o.alu_lanes[k];
  for (int k = 0; k < kMsgKinds; ++k)
    for (int b = 0; b < kSizeBuckets; ++b) {
      msgs[k][b] += o.msgs[k][b];
      bytes[k][b] += o.bytes[k][b];
    }
  gather_lanes += o.gather_lanes;
  load_bytes += o.load_bytes;
  store_bytes += o.store_bytes;
  footprint_load += o.footprint_load;  // launches of one kernel: the sum bounds the union
  footprint_store += o.footprint_store;
  contiguous_gathers += o.contiguous_gathers;
  elements += o.elements;
  load_rounds += o.load_rounds;
  slm_rounds += o.slm_rounds;
  barriers += o.barriers;
  dpas += o.dpas;
  dpas_flops += o.dpas_flops;
  dpas_int_flops += o.dpas_int_flops;
  peak_live_bytes = std::max(peak_live_bytes, o.peak_live_bytes);
  if (bigger) {
    instr_per_item = o.instr_per_item;
    bytes_per_item = o.bytes_per_item;
    elements_per_item = o.elements_per_item;
    live_per_item = o.live_per_item;
  }
  slm_groups_private += o.slm_groups_private;
  slm_groups_shared += o.slm_groups_shared;
}

// ------------------------------ prediction
void prediction::add(const prediction& o, const dev::device_model& d) {
  if (o.time_ns > time_ns) {
    bound = o.bound;
    threads_per_eu = o.threads_per_eu;
    occupancy = o.occupancy;
  }
  device = o.device;
  time_ns += o.time_ns;
  mem_ns += o.mem_ns;
  messages_ns += o.messages_ns;
  alu_ns += o.alu_ns;
  xmx_ns += o.xmx_ns;
  latency_ns += o.latency_ns;
  dispatch_ns += o.dispatch_ns;
  launch_ns += o.launch_ns;
  bytes += o.bytes;
  flops += o.flops;
  bandwidth_gbps = time_ns > 0 ? bytes / time_ns : 0;
  bandwidth_fraction = bandwidth_gbps / d.mem_bandwidth_gbs;
  tflops = time_ns > 0 ? flops / time_ns / 1e3 : 0;
}

// ------------------------------ predict
prediction predict(const dev::device_model& d, const launch_counters& c, bool large_grf) {
  prediction p;
  p.device = d.id;
  const double clk = d.max_clock_mhz * 1e6;  // Hz
  const double T = std::max<double>(1, static_cast<double>(c.items));
  const int wi = d.simd_width * 4 >= 64 ? 1 : 0;  // register width the counts are read at

  // Occupancy: resident hardware threads per Xe-core, limited by GRF mode, SLM and groups.
  const double threads_per_eu = large_grf ? d.threads_per_eu / 2.0 : d.threads_per_eu;
  const double threads_per_core = threads_per_eu * d.eus_per_xe_core;
  double resident_per_core = threads_per_core;
  if (c.nd_range) {
    const double g = static_cast<double>(std::max<std::uint64_t>(1, c.group_size));
    double groups = std::floor(threads_per_core / g);
    if (c.slm_bytes > 0)
      groups = std::min(groups, std::floor(double(d.slm_per_xe_core) / double(c.slm_bytes)));
    resident_per_core = std::max(1.0, groups) * g;
  }
  const double active_eus = std::min<double>(T, d.eus);
  const double resident = std::min(T, resident_per_core * d.xe_cores);
  const double k = std::clamp(resident / active_eus, 1.0, std::max(1.0, threads_per_eu));
  p.threads_per_eu = k;
  p.occupancy = resident / (double(d.eus) * d.threads_per_eu);

  // DRAM: global bytes over bandwidth x efficiency of each message kind and size.
  double dram_s = 0, lsc_clk = 0;
  for (int kk = 0; kk < kMsgKinds; ++kk) {
    const msg_kind kind = static_cast<msg_kind>(kk);
    const double lanes_per_msg = c.msgs_of(kind) > 0 && (kind == msg_kind::gather ||
                                                         kind == msg_kind::scatter ||
                                                         kind == msg_kind::atomic ||
                                                         kind == msg_kind::slm_gather ||
                                                         kind == msg_kind::slm_atomic)
                                     ? c.gather_lanes / std::max(1.0, c.msgs_of(msg_kind::gather) +
                                                                          c.msgs_of(msg_kind::scatter) +
                                                                          c.msgs_of(msg_kind::atomic) +
                                                                          c.msgs_of(msg_kind::slm_gather) +
                                                                          c.msgs_of(msg_kind::slm_atomic))
                                     : 1.0;
    for (int b = 0; b < kSizeBuckets; ++b) {
      const double n = c.msgs[kk][b], bytes = c.bytes[kk][b];
      if (n == 0) continue;
      if (is_global(kind))
        dram_s += bytes / (d.mem_bandwidth_gbs * 1e9 * kStreamEfficiency * dram_efficiency(kind, b));
      lsc_clk += lsc_clocks(kind, n, bytes, lanes_per_msg);
    }
  }
  // Repeated bytes hit the L2 (payload above the footprint): DRAM moves the footprint.
  const double g = c.global_bytes();
  if (g > 0) dram_s *= c.dram_bytes() / g;
  p.mem_ns = dram_s * 1e9;
  p.messages_ns = lsc_clk / (d.xe_cores * clk) * 1e9;

  // ALU: instructions at the device's width; a floating mul pairs with an add into one mad.
  double alu_clk = 0;
  for (int kk = 0; kk < kAluKinds; ++kk) {
    double cpi = kCpi[kk];
    if (kk == static_cast<int>(alu_kind::fp64) && !d.has_fp64) cpi = kCpiFp64Emulated;
    alu_clk += c.alu_instr[wi][kk] * cpi;
  }
  const double fp = c.alu_instr[wi][static_cast<int>(alu_kind::fp32)] +
                    c.alu_instr[wi][static_cast<int>(alu_kind::fp16)] +
                    c.alu_instr[wi][static_cast<int>(alu_kind::fp64)];
  alu_clk -= std::min(c.fp_mul_instr[wi], fp - c.fp_mul_instr[wi]);
  p.alu_ns = alu_clk / (active_eus * clk) * 1e9;

  // XMX: dpas operations over the peak (int8 peak for integer operands).
  if (c.dpas_flops > 0) {
    const double fl = c.dpas_flops - c.dpas_int_flops, in = c.dpas_int_flops;
    const double peak_f = d.peak_xmx_fp16_tflops > 0 ? d.peak_xmx_fp16_tflops * 1e12
                                                     : d.peak_fp16_tflops * 1e12;
    const double peak_i = d.peak_xmx_int8_tops > 0 ? d.peak_xmx_int8_tops * 1e12
                                                   : d.peak_fp16_tflops * 1e12;
    p.xmx_ns = (fl / peak_f + in / peak_i) / kXmxEfficiency * 1e9;
  }

  // Latency: each thread's chain of waits, overlapped by the k threads resident on its EU.
  const double chain_clk = (c.load_rounds * kMemLatencyClk + c.slm_rounds * kSlmLatencyClk +
                            c.barriers * kBarrierClk + alu_clk) / T;
  const double waves = T / (active_eus * k);
  p.latency_ns = waves * chain_clk / clk * 1e9;

  // Dispatch: every hardware thread is started by its Xe-core's dispatcher.
  p.dispatch_ns = T * kDispatchClk / (std::min<double>(d.xe_cores, T) * clk) * 1e9;
  p.launch_ns = kLaunchNs;

  const struct {
    const char* name;
    double ns;
  } terms[] = {{"memory", p.mem_ns},   {"messages", p.messages_ns}, {"alu", p.alu_ns},
               {"xmx", p.xmx_ns},      {"latency", p.latency_ns},   {"dispatch", p.dispatch_ns}};
  double norm = 0, top = 0;
  p.bound = "launch";
  for (const auto& t : terms) {
    norm += std::pow(t.ns, kNorm);
    if (t.ns > top) {
      top = t.ns;
      p.bound = t.name;
    }
  }
  const double body = std::pow(norm, 1.0 / kNorm);
  if (p.launch_ns > body) p.bound = "launch";
  p.time_ns = body + p.launch_ns;
  p.bytes = c.dram_bytes();
  p.flops = c.flops();
  p.bandwidth_gbps = p.bytes / p.time_ns;
  p.bandwidth_fraction = p.bandwidth_gbps / d.mem_bandwidth_gbs;
  p.tflops = p.flops / p.time_ns / 1e3;
  return p;
}

}  // namespace xesim::profile
