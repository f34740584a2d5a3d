// The guide's rules a profiled kernel breaks, each with the numbers that raised it. The wording
// names the guide's rule and target (docs/model.md "Hints" lists them with their thresholds).
#include <cstdio>
#include <string>

#include "xesim/profile/model.hpp"

namespace xesim::profile {

namespace {

std::string num(double v) {
  char b[32];
  if (v >= 100 || v == static_cast<long long>(v))
    std::snprintf(b, sizeof b, "%.0f", v);
  else
    std::snprintf(b, sizeof b, "%.1f", v);
  return b;
}
std::string pct(double f) { return num(f * 100) + "%"; }

}  // namespace

std::vector<hint> hints_for(const dev::device_model& d, const launch_counters& c,
                            const prediction& p, bool large_grf) {
  std::vector<hint> out;
  const double items = c.items ? double(c.items) : 1.0;
  const double elems = c.elements_per_item.median;
  const double hw_threads = double(d.eus) * d.threads_per_eu;

  // Kernel design rule 2: 32-128+ elements per thread.
  if (c.items > 1 && c.elements > 0 && elems < 32)
    out.push_back({"little-work",
                   "too little work per thread: a median of " + num(elems) +
                       " elements per work-item over " + num(items) +
                       " work-items (guide, kernel design: target 32-128+ elements per thread, or "
                       "a whole row, column or tile); thread dispatch is " +
                       pct(p.dispatch_ns / std::max(1.0, p.time_ns)) + " of the predicted " +
                       num(p.time_ns / 1e3) + " us"});

  // Kernel design rule 1: match the range's dimensions to the data.
  if (c.dims == 1 && !c.nd_range && items > 4 * hw_threads && c.elements > 0 && elems < 32)
    out.push_back({"decoded-1d-range",
                   "a 1D range of " + num(items) + " work-items with " + num(elems) +
                       " elements each: if the kernel decodes its index into several dimensions, "
                       "launch a range<2> or range<3> over the data's shape with a row per "
                       "work-item instead (guide, kernel design: a decoded 1D range reached 1% of "
                       "bandwidth, a 3D range ~73%, 21.7x faster); predicted here: " +
                       pct(p.bandwidth_fraction) + " of " + d.name + "'s bandwidth"});

  // Memory access: element-wise loads.
  const double scalars = c.msgs_of(msg_kind::scalar) / items;
  if (scalars >= 16)
    out.push_back({"element-wise-loads",
                   "element-wise memory access: " + num(scalars) +
                       " one-element loads or stores per work-item; load contiguous elements with "
                       "one block_load (guide: 128 scalar loads vs one 256-byte block load)"});

  // Memory access: gathers over contiguous addresses.
  if (c.contiguous_gathers > 0)
    out.push_back({"contiguous-gather",
                   num(c.contiguous_gathers) + " gathers or scatters (" +
                       num(c.contiguous_gathers / items) +
                       " per work-item) whose lanes address consecutive elements: use "
                       "block_load / block_store, one message instead of one address per lane"});

  // Memory access: loads under 128 bytes.
  double small = 0, all = 0;
  for (msg_kind k : {msg_kind::block_load, msg_kind::block_store}) {
    for (int b = 0; b < kSizeBuckets; ++b) {
      all += c.msgs[static_cast<int>(k)][b];
      if (b < 7) small += c.msgs[static_cast<int>(k)][b];
    }
  }
  if (all > 0 && small / all > 0.5 && small / items >= 1)
    out.push_back({"small-loads",
                   pct(small / all) + " of block loads and stores (" + num(small / items) +
                       " per work-item) move under 128 bytes; make each thread's block 128 bytes "
                       "or more (whole rows or tiles) so every message fills cache lines"});

  // Register file: GRF overflow, with the large-GRF trade-off.
  const double grf = large_grf ? d.grf_bytes_large : d.grf_bytes;
  if (c.live_counted && c.peak_live_bytes > grf) {
    std::string t = "GRF overflow: up to " + num(c.peak_live_bytes) +
                    " bytes of simd data live at once in a work-item, above the " + num(grf) +
                    " bytes of GRF per thread on " + d.name + " (" +
                    (large_grf ? "large" : "normal") + " GRF): the registers spill to memory";
    if (!large_grf && c.peak_live_bytes <= d.grf_bytes_large)
      t += "; large GRF mode (-Xs \"-doubleGRF\") gives " + num(d.grf_bytes_large) +
           " bytes but halves the threads per EU (" + num(d.threads_per_eu) + " -> " +
           num(d.threads_per_eu / 2.0) + "): worth it only when spills cost more than occupancy";
    else
      t += "; use smaller tiles so fewer simd values are live at once";
    out.push_back({"grf-overflow", t});
  }

  // Register file vs SLM: SLM for data no other work-item reads.
  if (c.slm_groups_private > 0 && c.slm_groups_shared == 0)
    out.push_back({"slm-private-data",
                   "SLM holds data no other work-item reads (" + num(double(c.slm_groups_private)) +
                       " work-groups, each item read back only the SLM bytes it wrote): keep "
                       "per-thread data in registers (guide: register file ~1 cycle vs SLM ~30 "
                       "cycles; SLM for sharing between threads)"});

  // Workgroup patterns: a barrier per loop iteration.
  const double barriers = c.barriers / items;
  if (barriers >= 4)
    out.push_back({"barrier-per-iteration",
                   num(barriers) + " barriers per work-item: a barrier in every loop iteration "
                                   "stalls the whole group each time; accumulate in registers and "
                                   "synchronise once per reduction"});

  // Workgroup patterns: group size for an SLM reduction.
  if (c.nd_range && c.slm_bytes > 0 && c.barriers > 0 && (c.group_size < 4 || c.group_size > 8))
    out.push_back({"slm-reduction-group-size",
                   "work-group of " + num(double(c.group_size)) +
                       " work-items for an SLM reduction (" + num(double(c.slm_bytes)) +
                       " bytes of SLM, " + num(barriers) +
                       " barriers per item): the guide recommends GROUP_SIZE 4-8; larger groups "
                       "add SLM pressure and barrier cost"});

  // Kernel design rule 4: separate load and compute loops.
  const double rounds = c.load_rounds / items;
  if (c.alu_counted && rounds >= 4)
    out.push_back({"interleaved-loads",
                   num(rounds) + " rounds of loads per work-item, each waiting for the compute "
                                 "before it: issue all block_loads first, then compute (guide, "
                                 "kernel design: separate load and compute loops, +29% measured); "
                                 "memory latency is " +
                       pct(p.latency_ns / std::max(1.0, p.time_ns)) + " of the predicted time"});
  return out;
}

}  // namespace xesim::profile
