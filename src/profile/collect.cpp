// Collecting the counters: the item invoker's item_begin / item_end, the memory port's
// count_msg, dpas, and the engine's launch_end, which folds every worker's work-items into one
// launch_counters, predicts it on every device row and files it under its kernel's name.
#include <algorithm>
#include <bit>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "internal.hpp"
#include "xesim/memory/port.hpp"
#include "xesim/profile/hooks.hpp"
#include "xesim/profile/model.hpp"
#include "xesim/runtime/context.hpp"
#include "xesim/runtime/device_model.hpp"

namespace xesim::profile {

namespace detail {
constinit bool g_on = false;
}  // namespace detail

namespace {

/// Ranges closer than this merge (a row stride leaves gaps the DRAM pages still cover).
constexpr std::uint64_t kRangeGap = 4096;

/// Adds [lo, hi) to the item's ranges of direction `dir` (0 read, 1 written).
void add_range(item_counters& c, int dir, std::uint64_t lo, std::uint64_t hi) {
  std::uint64_t* rl = c.range_lo[dir];
  std::uint64_t* rh = c.range_hi[dir];
  int best = -1;
  std::uint64_t best_gap = ~std::uint64_t(0);
  for (int i = 0; i < c.ranges[dir]; ++i) {
    const std::uint64_t gap = lo > rh[i] ? lo - rh[i] : rl[i] > hi ? rl[i] - hi : 0;
    if (gap < best_gap) {
      best_gap = gap;
      best = i;
    }
  }
  if (best < 0 || (best_gap > kRangeGap && c.ranges[dir] < item_counters::kRanges)) {
    const int i = c.ranges[dir]++;
    rl[i] = lo;
    rh[i] = hi;
    return;
  }
  rl[best] = std::min(rl[best], lo);
  rh[best] = std::max(rh[best], hi);
}

/// Merged address intervals: start -> end.
using interval_map = std::map<std::uint64_t, std::uint64_t>;
void add_interval(interval_map& m, std::uint64_t lo, std::uint64_t hi) {
  auto it = m.upper_bound(lo);
  if (it != m.begin()) {
    auto prev = std::prev(it);
    if (prev->second + kRangeGap >= lo) {
      lo = prev->first;
      hi = std::max(hi, prev->second);
      it = m.erase(prev);
    }
  }
  while (it != m.end() && it->first <= hi + kRangeGap) {
    hi = std::max(hi, it->second);
    it = m.erase(it);
  }
  m.emplace(lo, hi);
}
double interval_bytes(const interval_map& m) {
  double s = 0;
  for (const auto& [lo, hi] : m) s += double(hi - lo);
  return s;
}


// Per-item samples are kept up to this many per worker and launch; above it every other item is
// kept (the spread is then over a sample).
constexpr std::size_t kMaxSamples = std::size_t(1) << 20;

/// One worker thread's share of the running launch.
struct worker_acc {
  const rt::launch_info* launch = nullptr;
  launch_counters sums;
  std::vector<float> instr, bytes, elements, live;
  std::uint64_t seen = 0;
  interval_map footprint[2];  ///< global bytes read / written by this worker's items
  // SLM sharing of the group being run: each item's write and read ranges.
  std::uint64_t group = ~std::uint64_t(0);
  struct ranges {
    std::uint64_t wlo, whi, rlo, rhi;
  };
  std::vector<ranges> group_items;

  void flush_group() {
    if (group_items.empty()) return;
    bool any_slm = false, shared = false;
    for (std::size_t i = 0; i < group_items.size(); ++i) {
      const ranges& a = group_items[i];
      if (a.whi > a.wlo || a.rhi > a.rlo) any_slm = true;
      for (std::size_t j = 0; j < group_items.size() && !shared; ++j) {
        if (i == j) continue;
        const ranges& b = group_items[j];  // a reads what b wrote?
        if (a.rhi > a.rlo && b.whi > b.wlo && a.rlo < b.whi && b.wlo < a.rhi) shared = true;
      }
    }
    if (any_slm) ++(shared ? sums.slm_groups_shared : sums.slm_groups_private);
    group_items.clear();
  }
};

std::mutex g_workers_mutex;
std::vector<worker_acc*>& workers() {
  static auto* v = new std::vector<worker_acc*>;
  return *v;
}
worker_acc& my_acc() {
  thread_local worker_acc* acc = [] {
    auto* a = new worker_acc;  // lives for the process: launch_end reads it after the worker ran
    std::lock_guard lock(g_workers_mutex);
    workers().push_back(a);
    return a;
  }();
  return *acc;
}

spread spread_of(std::vector<float>& v) {
  spread s;
  if (v.empty()) return s;
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  s.median = *mid;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  s.min = *lo;
  s.max = *hi;
  return s;
}

int size_bucket(std::uint64_t bytes) {
  if (bytes == 0) return 0;
  const int b = 63 - std::countl_zero(bytes);
  return b < kSizeBuckets ? b : kSizeBuckets - 1;
}

bool g_timing_model = false;

}  // namespace

void set_enabled(bool on) noexcept {
  detail::g_on = on;
  auto& port = check::detail::g_port;
  port = static_cast<std::uint8_t>((port & ~check::detail::kPortProfile) |
                                   (on ? check::detail::kPortProfile : 0));
}
bool timing_model() noexcept { return g_timing_model; }
void set_timing_model(bool on) noexcept { g_timing_model = on; }

// ------------------------------ item_begin / item_end
// Counter blocks of this thread's running items (a work-group's fibers each hold one).
static thread_local std::vector<item_counters*> tls_free_counters;

void item_begin(rt::item_state& it) noexcept {
  item_counters* c;
  if (tls_free_counters.empty()) {
    c = new item_counters;
  } else {
    c = tls_free_counters.back();
    tls_free_counters.pop_back();
  }
  std::memset(static_cast<void*>(c), 0, sizeof(*c));
  c->on = true;
  c->alu_since_load = true;
  c->slm_write_lo = c->slm_read_lo = ~std::uint64_t(0);
  it.prof = c;
}

void item_end(rt::item_state& it) noexcept {
  if (!it.prof) return;
  item_counters* block = it.prof;
  it.prof = nullptr;
  tls_free_counters.push_back(block);  // reused by the next item (the data is read below)
  worker_acc& acc = my_acc();
  if (acc.launch != it.launch) {  // the first item of a launch on this worker
    acc.launch = it.launch;
    acc.sums = launch_counters{};
    acc.instr.clear();
    acc.bytes.clear();
    acc.elements.clear();
    acc.live.clear();
    acc.seen = 0;
    acc.footprint[0].clear();
    acc.footprint[1].clear();
    acc.group = ~std::uint64_t(0);
    acc.group_items.clear();
  }
  const item_counters& c = *block;
  launch_counters& s = acc.sums;
  ++s.items;
  double instr = 0, bytes = 0;
  for (int w = 0; w < kWidths; ++w) {
    for (int k = 0; k < kAluKinds; ++k) s.alu_instr[w][k] += double(c.alu_instr[w][k]);
    s.fp_mul_instr[w] += double(c.fp_mul_instr[w]);
  }
  for (int k = 0; k < kAluKinds; ++k) {
    s.alu_lanes[k] += double(c.alu_lanes[k]);
    instr += double(c.alu_instr[1][k]);
  }
  for (int k = 0; k < kMsgKinds; ++k)
    for (int b = 0; b < kSizeBuckets; ++b) {
      s.msgs[k][b] += double(c.msgs[k][b]);
      s.bytes[k][b] += double(c.bytes[k][b]);
      bytes += double(c.bytes[k][b]);
    }
  s.load_bytes += double(c.load_bytes);
  s.store_bytes += double(c.store_bytes);
  for (int dir = 0; dir < 2; ++dir)
    for (int i = 0; i < c.ranges[dir]; ++i)
      add_interval(acc.footprint[dir], c.range_lo[dir][i], c.range_hi[dir][i]);
  s.gather_lanes += double(c.gather_lanes);
  s.contiguous_gathers += double(c.contiguous_gathers);
  s.elements += double(c.elements);
  s.load_rounds += double(c.load_rounds);
  s.slm_rounds += double(c.slm_rounds);
  s.barriers += double(it.barriers_passed);
  s.dpas += double(c.dpas);
  s.dpas_flops += double(c.dpas_flops);
  s.dpas_int_flops += double(c.dpas_int);
  s.peak_live_bytes = std::max(s.peak_live_bytes, double(it.peak_live_bytes));
  s.slm_bytes = std::max<std::uint64_t>(s.slm_bytes, it.slm_size);
  if (acc.seen++ < kMaxSamples || acc.seen % 2 == 0) {
    acc.instr.push_back(float(instr));
    acc.bytes.push_back(float(bytes));
    acc.elements.push_back(float(c.elements));
    acc.live.push_back(float(it.peak_live_bytes));
  }
  if (it.group) {  // nd_range: SLM sharing within the group
    if (acc.group != it.group_linear_id) {
      acc.flush_group();
      acc.group = it.group_linear_id;
    }
    acc.group_items.push_back({c.slm_write_lo, c.slm_write_hi, c.slm_read_lo, c.slm_read_hi});
  }
}

// ------------------------------ count_msg
void count_msg(const msg_record& m) noexcept {
  rt::item_state* it = rt::current_item();
  if (!it || !it->prof) return;
  item_counters& c = *it->prof;
  using esimd::detail::mem_op;
  const mem_op op = static_cast<mem_op>(m.op);
  const bool load = op == mem_op::block_load || op == mem_op::gather || op == mem_op::atomic;
  const bool store = op == mem_op::block_store || op == mem_op::scatter;
  const std::uint64_t bytes = std::uint64_t(m.elem_bytes) * m.elems * m.lanes;
  msg_kind k;
  if (m.slm) {
    k = op == mem_op::atomic                                  ? msg_kind::slm_atomic
        : op == mem_op::gather || op == mem_op::scatter ? msg_kind::slm_gather
                                                              : msg_kind::slm_block;
  } else if (op == mem_op::prefetch) {
    k = msg_kind::prefetch;
  } else if (op == mem_op::atomic) {
    k = msg_kind::atomic;
  } else if (m.lanes * m.elems == 1) {
    k = msg_kind::scalar;
  } else if (op == mem_op::block_load) {
    k = msg_kind::block_load;
  } else if (op == mem_op::block_store) {
    k = msg_kind::block_store;
  } else if (op == mem_op::gather) {
    k = msg_kind::gather;
  } else if (op == mem_op::scatter) {
    k = msg_kind::scatter;
  } else {
    k = msg_kind::block_2d;  // kinds added after these (LSC 2D blocks)
  }
  const int ki = static_cast<int>(k), b = size_bucket(bytes);
  ++c.msgs[ki][b];
  c.bytes[ki][b] += bytes;
  if (op == mem_op::gather || op == mem_op::scatter || op == mem_op::atomic) {
    c.gather_lanes += m.lanes;
    if (m.contiguous) ++c.contiguous_gathers;
  }
  if (m.slm) {
    if (m.lo <= m.hi) {
      if (store || op == mem_op::atomic) {
        c.slm_write_lo = std::min(c.slm_write_lo, m.lo);
        c.slm_write_hi = std::max(c.slm_write_hi, m.hi);
      }
      if (load) {
        c.slm_read_lo = std::min(c.slm_read_lo, m.lo);
        c.slm_read_hi = std::max(c.slm_read_hi, m.hi);
      }
    }
    if (load && (c.alu_since_load || c.slm_stored)) ++c.slm_rounds;
    c.slm_stored = store;
    if (load) c.alu_since_load = false;
  } else if (op != mem_op::prefetch) {
    c.elements += std::uint64_t(m.lanes) * m.elems;
    (store ? c.store_bytes : c.load_bytes) += bytes;
    if (m.lo <= m.hi) add_range(c, store ? 1 : 0, m.base + m.lo, m.base + m.hi);
    if (load && c.alu_since_load) {
      ++c.load_rounds;
      c.alu_since_load = false;
    }
  }
}

// ------------------------------ dpas
void count_dpas_slow(int repeat, int exec_size, int depth, int ops_per_channel,
                     bool integer) noexcept {
  rt::item_state* it = rt::current_item();
  if (!it || !it->prof) return;
  const std::uint64_t flops =
      2ull * std::uint64_t(repeat) * std::uint64_t(exec_size) * std::uint64_t(depth) *
      std::uint64_t(ops_per_channel);
  ++it->prof->dpas;
  it->prof->dpas_flops += flops;
  if (integer) it->prof->dpas_int += flops;
  it->prof->alu_since_load = true;
}

// ------------------------------ launch_end
launch_counters collect_launch(const rt::launch_info& info) {
  launch_counters total;
  std::vector<float> instr, bytes, elements, live;
  interval_map footprint[2];
  {
    std::lock_guard lock(g_workers_mutex);
    for (worker_acc* a : workers()) {
      if (a->launch != &info) continue;
      a->flush_group();
      total.add(a->sums);
      for (int dir = 0; dir < 2; ++dir)
        for (const auto& [lo, hi] : a->footprint[dir]) add_interval(footprint[dir], lo, hi);
      instr.insert(instr.end(), a->instr.begin(), a->instr.end());
      bytes.insert(bytes.end(), a->bytes.begin(), a->bytes.end());
      elements.insert(elements.end(), a->elements.begin(), a->elements.end());
      live.insert(live.end(), a->live.begin(), a->live.end());
      a->launch = nullptr;
    }
  }
  total.footprint_load = interval_bytes(footprint[0]);
  total.footprint_store = interval_bytes(footprint[1]);
  total.instr_per_item = spread_of(instr);
  total.bytes_per_item = spread_of(bytes);
  total.elements_per_item = spread_of(elements);
  total.live_per_item = spread_of(live);
  total.name = kernel_display_name(info);
  total.dims = info.dims;
  total.nd_range = info.is_nd_range;
  total.group_size = 1;
  for (int d = 0; d < 3; ++d) {
    total.global[d] = info.global[d];
    total.local[d] = info.local[d];
    total.group_size *= info.local[d];
  }
  return total;
}

/// A name type as written: "main()::Copy" and "gemv(...)::<lambda(...)>::SlmReduce" are the
/// user's `class Copy` / `class SlmReduce` (DPC++ wants kernel names unique, so the last
/// component names the kernel); namespaces are kept ("ns::K").
std::string written_name(const std::string& n) {
  if (n.find(")::") == std::string::npos) return n;
  int depth = 0;
  std::size_t cut = 0;
  for (std::size_t i = 0; i + 1 < n.size(); ++i) {
    const char ch = n[i];
    if (ch == '<' || ch == '(') ++depth;
    if (ch == '>' || ch == ')') --depth;
    if (depth == 0 && ch == ':' && n[i + 1] == ':' && i > 0 && (n[i - 1] == ')' || n[i - 1] == '>'))
      cut = i + 2;
  }
  return cut ? n.substr(cut) : n;
}

std::string kernel_display_name(const rt::launch_info& info) {
  const std::string n =
      written_name(info.kernel_name ? info.kernel_name : "(unnamed kernel)");
  if (n.rfind("<lambda", 0) != 0 || info.call_loc.line() == 0) return n;
  // An unnamed lambda: its location, as the user wrote it (the parallel_for call).
  std::string file = info.call_loc.file_name();
  if (const std::size_t slash = file.rfind('/'); slash != std::string::npos)
    file = file.substr(slash + 1);
  return "lambda at " + file + ":" + std::to_string(info.call_loc.line());
}

double launch_end(const void* launch_info_ptr, std::uint64_t start_ns, std::uint64_t end_ns) {
  const auto& info = *static_cast<const rt::launch_info*>(launch_info_ptr);
  launch_counters c = collect_launch(info);
  c.alu_counted = instrumented_build();
  c.live_counted = c.alu_counted || c.peak_live_bytes > 0;
  return record_launch(std::move(c), start_ns, end_ns);
}

}  // namespace xesim::profile
