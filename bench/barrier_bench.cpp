// What a work-group barrier, a work-item and a kernel launch cost in the engine (issue 3 "Speed":
// a barrier costs <= 100 ns per work-item).
//
// barrier: an nd_range kernel whose work-items each run NB iterations of trivial work with a
// barrier() in every iteration, minus the same kernel without the barrier, divided by
// (work-items x NB). Groups of 1, 4, 8, 16, 32, 64 work-items.
//   "steady":   one work-group per launch, which the engine runs on the calling thread, NB large:
//               the per-item cost of a barrier on one core, measured cleanly (descheduled samples
//               are dropped).
//   "first":    the same with NB = 1: a group's first barrier, where the items after the first
//               one move to fibers (woken, not created: they sleep between groups) and switch
//               once more when they return (the guide's SLM reduction has one barrier).
//   "all-thr":  4 groups per engine thread, NB large; the difference in wall time multiplied by
//               the thread count: core time per item and barrier when groups run in parallel.
// The two kernels are timed in alternating pairs (with, without, without, with, ...); the figure
// is the median over pairs of the per-pair difference.
//
// item: the engine's cost per work-item: a kernel writing out[i] = 3*i over 2^18 work-items
// (range, and nd_range with groups of 1 and 8 and no barrier) minus a native tbb::parallel_for
// loop doing the same in an arena of as many threads; wall difference x threads / items.
//
// launch: the time of one tiny kernel launch (writes one int) through sycl::queue, .wait()
// included: range of 1, nd_range of one group of 1, a single_task, and a range of one
// work-item per engine thread (the only one that goes through the thread pool), the last
// next to a native tbb::parallel_for of the same items in an arena of the same size.
//
//   barrier_bench [--pairs N] [--sample-ms X] [--filter S] [--md FILE] [--list]
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <xesim/runtime/launch.hpp>
#include <xesim/testing.hpp>

#include "harness.hpp"

namespace {

namespace hb = xesim::bench::detail;

#define BENCH_NOINLINE __attribute__((noinline))

// ------------------------------ options (the harness's, parsed here: this bench prints its own
// tables, since its figures are differences and absolute times, not ratios)
struct options {
  int pairs = 21;
  double sample_s = 2e-3;
  std::string filter, md_path;
  bool list = false;
};

options parse(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s: missing value after %s\n", argv[0], a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--pairs")
      o.pairs = std::atoi(value().c_str());
    else if (a == "--sample-ms")
      o.sample_s = std::atof(value().c_str()) * 1e-3;
    else if (a == "--filter")
      o.filter = value();
    else if (a == "--md")
      o.md_path = value();
    else if (a == "--list")
      o.list = true;
    else {
      std::fprintf(stderr,
                   "%s: unknown argument %s\nusage: %s [--pairs N] [--sample-ms X] [--filter S] "
                   "[--md FILE] [--list]\n",
                   argv[0], a.c_str(), argv[0]);
      std::exit(2);
    }
  }
  if (o.pairs < 3 || !(o.sample_s > 0)) {
    std::fprintf(stderr, "%s: --pairs must be >= 3 and --sample-ms > 0\n", argv[0]);
    std::exit(2);
  }
  return o;
}

bool wants(const options& o, const std::string& name) {
  if (o.list) {
    std::printf("%s\n", name.c_str());
    return false;
  }
  return o.filter.empty() || name.find(o.filter) != std::string::npos;
}

/// Calls per sample so that the slower of f and g takes >= sample_s (after one warm-up call each).
template <class F, class G>
long calibrate(F& f, G& g, double sample_s) {
  hb::time_calls(f, 1);
  hb::time_calls(g, 1);
  long inner = 1;
  for (;;) {
    const double t = std::max(hb::time_calls(f, inner).wall_s, hb::time_calls(g, inner).wall_s);
    if (t >= sample_s || inner >= (1L << 30)) return inner;
    const double grow = t > 0 ? 1.2 * sample_s / t : 1024.0;
    inner = std::max(inner * 2, static_cast<long>(double(inner) * std::min(grow, 1024.0)));
  }
}

struct stats {
  double median = 0, lo = 0, hi = 0;  // per unit: median, min, max over kept pairs / samples
  int kept = 0, measured = 0;
  long inner = 0;
  bool all_kept = false;
};

stats summarize(std::vector<double> v, std::vector<double> all, int measured, int wanted,
                long inner) {
  stats s;
  s.all_kept = static_cast<int>(v.size()) < wanted;
  if (s.all_kept) v = std::move(all);
  s.kept = static_cast<int>(v.size());
  s.measured = measured;
  s.inner = inner;
  s.median = hb::median(v);
  s.lo = *std::min_element(v.begin(), v.end());
  s.hi = *std::max_element(v.begin(), v.end());
  return s;
}

/// Median over alternating pairs of (time(with) - time(without)) * scale / units per call.
template <class W, class O>
stats measure_difference(W&& with, O&& without, double units, double scale, const options& o) {
  const long inner = calibrate(with, without, o.sample_s);
  std::vector<double> clean, all;
  int p = 0;
  for (; p < 8 * o.pairs && static_cast<int>(clean.size()) < o.pairs; ++p) {
    hb::sample sw{}, so{};
    if (p % 2 == 0) {
      sw = hb::time_calls(with, inner);
      so = hb::time_calls(without, inner);
    } else {
      so = hb::time_calls(without, inner);
      sw = hb::time_calls(with, inner);
    }
    const double d = (sw.wall_s - so.wall_s) * scale / (double(inner) * units);
    all.push_back(d);
    if (sw.clean && so.clean) clean.push_back(d);
  }
  return summarize(std::move(clean), std::move(all), p, o.pairs, inner);
}

/// Median over samples of the time of one call of f.
template <class F>
stats measure_time(F&& f, const options& o) {
  const long inner = calibrate(f, f, o.sample_s);
  std::vector<double> clean, all;
  int p = 0;
  for (; p < 8 * o.pairs && static_cast<int>(clean.size()) < o.pairs; ++p) {
    const hb::sample s = hb::time_calls(f, inner);
    all.push_back(s.wall_s / double(inner));
    if (s.clean) clean.push_back(s.wall_s / double(inner));
  }
  return summarize(std::move(clean), std::move(all), p, o.pairs, inner);
}

// ------------------------------ kernels
/// Each work-item: nb iterations of one dependent integer op (kept by an empty asm), with a
/// barrier() in each iteration when Barrier; writes its result so nothing is dropped.
template <bool Barrier>
BENCH_NOINLINE void barrier_loop(sycl::queue& q, int group, int groups, int nb, int* out) {
  q.parallel_for(sycl::nd_range<1>(group * groups, group), [=](sycl::nd_item<1> it)
                                                               SYCL_ESIMD_KERNEL {
     unsigned acc = static_cast<unsigned>(it.get_global_id(0));
     for (int i = 0; i < nb; ++i) {
       acc = acc * 3u + 1u;         // trivial work
       asm volatile("" : "+r"(acc));  // one iteration per barrier, not folded
       if constexpr (Barrier) sycl::ext::intel::esimd::barrier();
     }
     out[it.get_global_id(0)] = static_cast<int>(acc);
   }).wait();
}

/// out[i] = 3 * i over n work-items: a range launch, or an nd_range with groups of `group`.
BENCH_NOINLINE void item_range(sycl::queue& q, int n, int* out) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
     out[i] = 3 * static_cast<int>(i[0]);
   }).wait();
}
BENCH_NOINLINE void item_nd_range(sycl::queue& q, int n, int group, int* out) {
  q.parallel_for(sycl::nd_range<1>(n, group), [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
     out[it.get_global_id(0)] = 3 * static_cast<int>(it.get_global_id(0));
   }).wait();
}
BENCH_NOINLINE void item_native(int n, int* out) {
  xesim::testing::native_arena().execute([&] {
    tbb::parallel_for(tbb::blocked_range<int>(0, n), [&](const tbb::blocked_range<int>& r) {
      for (int i = r.begin(); i < r.end(); ++i) out[i] = 3 * i;
    });
  });
}

BENCH_NOINLINE void tiny_range(sycl::queue& q, int n, int* out) {
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
     out[i] += 1;
   }).wait();
}
BENCH_NOINLINE void tiny_nd_range(sycl::queue& q, int* out) {
  q.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
     out[it.get_global_id(0)] += 1;
   }).wait();
}
BENCH_NOINLINE void tiny_task(sycl::queue& q, int* out) {
  q.single_task([=]() SYCL_ESIMD_KERNEL { out[0] += 1; }).wait();
}
BENCH_NOINLINE void native_tiny(int n, int* out) {
  xesim::testing::native_arena().execute(
      [&] { tbb::parallel_for(0, n, [&](int i) { out[i] += 1; }); });
}

std::string fmt_ns(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", s * 1e9);
  return buf;
}
std::string fmt_us(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", s * 1e6);
  return buf;
}

}  // namespace

int main(int argc, char** argv) {
  const options o = parse(argc, argv);
  sycl::queue q;
  const int threads = xesim::rt::thread_count();
  if (!o.list)
    std::printf("barrier_bench: %d engine threads (XESIM_THREADS), device %s\n", threads,
                q.get_device().get_info<sycl::info::device::name>().c_str());
  std::string md;
  constexpr double kTargetNs = 100;
  int failures = 0;

  // ---- barrier cost per work-item
  md += "| barrier | group | ns per item per barrier (median) | min-max | pairs | barriers per "
        "item x launches per sample | target |\n|---|---|---|---|---|---|---|\n";
  std::vector<int> out(64 * 4 * std::max(threads, 1));
  enum class mode { steady, first, all_threads };
  for (const mode m : {mode::steady, mode::first, mode::all_threads}) {
    for (const int group : {1, 4, 8, 16, 32, 64}) {
      const char* label = m == mode::steady ? "steady" : m == mode::first ? "first" : "all-thr";
      const std::string name = std::string("barrier ") + label + " wg=" + std::to_string(group);
      if (!wants(o, name)) continue;
      const int groups = m == mode::all_threads ? 4 * threads : 1;
      const int nb = m == mode::first ? 1 : std::max(256, 16384 / group);  // ~1 ms per launch
      const double scale = m == mode::all_threads ? threads : 1;
      // Check: both kernels compute the same values (the barrier changes only the schedule).
      std::vector<int> ref(static_cast<std::size_t>(group) * groups);
      barrier_loop<false>(q, group, groups, nb, out.data());
      std::copy_n(out.begin(), ref.size(), ref.begin());
      barrier_loop<true>(q, group, groups, nb, out.data());
      if (!std::equal(ref.begin(), ref.end(), out.begin())) {
        std::fprintf(stderr, "bench: FAIL: %s: results differ with and without barriers\n",
                     name.c_str());
        ++failures;
        continue;
      }
      const stats s = measure_difference(
          [&] { barrier_loop<true>(q, group, groups, nb, out.data()); },
          [&] { barrier_loop<false>(q, group, groups, nb, out.data()); },
          double(group) * groups * nb, scale, o);
      const bool met = s.median * 1e9 <= kTargetNs;
      std::printf("bench %-28s | %7s ns/item/barrier [%s, %s] | pairs %d/%d x %ld%s | %s\n",
                  name.c_str(), fmt_ns(s.median).c_str(), fmt_ns(s.lo).c_str(),
                  fmt_ns(s.hi).c_str(), s.kept, s.measured, s.inner,
                  s.all_kept ? " ALL KEPT" : "", met ? "target met" : "TARGET MISSED");
      std::fflush(stdout);
      const std::string where =
          m == mode::steady  ? "steady: 1 group, calling thread"
          : m == mode::first ? "first barrier: 1 group, calling thread"
                             : "all threads: " + std::to_string(groups) + " groups, core ns";
      md += "| " + where + " | " + std::to_string(group) + " | " + fmt_ns(s.median) + " | " +
            fmt_ns(s.lo) + "-" + fmt_ns(s.hi) + " | " + std::to_string(s.kept) + "/" +
            std::to_string(s.measured) + (s.all_kept ? " (all kept)" : "") + " | " +
            std::to_string(nb) + " x " + std::to_string(s.inner) + " | <= 100 ns " +
            (met ? "met" : "**missed**") + " |\n";
    }
  }

  // ---- cost per work-item (no barrier)
  md += "\n| work-item overhead (out[i] = 3i, 2^18 items) | core ns per item vs native loop "
        "(median) | min-max | pairs |\n|---|---|---|---|\n";
  constexpr int kItems = 1 << 18;
  std::vector<int> items_e(kItems), items_n(kItems);
  auto item_row = [&](const std::string& name, auto&& esimd) {
    if (!wants(o, name)) return;
    std::fill(items_e.begin(), items_e.end(), 0);
    esimd();
    item_native(kItems, items_n.data());
    if (items_e != items_n) {
      std::fprintf(stderr, "bench: FAIL: %s: results differ from native\n", name.c_str());
      ++failures;
      return;
    }
    const stats s = measure_difference(esimd, [&] { item_native(kItems, items_n.data()); },
                                       kItems, threads, o);
    std::printf("bench %-28s | %7s core ns/item over native [%s, %s] | pairs %d/%d x %ld%s\n",
                name.c_str(), fmt_ns(s.median).c_str(), fmt_ns(s.lo).c_str(),
                fmt_ns(s.hi).c_str(), s.kept, s.measured, s.inner, s.all_kept ? " ALL KEPT" : "");
    std::fflush(stdout);
    md += "| " + name + " | " + fmt_ns(s.median) + " | " + fmt_ns(s.lo) + "-" + fmt_ns(s.hi) +
          " | " + std::to_string(s.kept) + "/" + std::to_string(s.measured) +
          (s.all_kept ? " (all kept)" : "") + " |\n";
  };
  item_row("item range<1>", [&] { item_range(q, kItems, items_e.data()); });
  item_row("item nd_range<1> wg=1", [&] { item_nd_range(q, kItems, 1, items_e.data()); });
  item_row("item nd_range<1> wg=8", [&] { item_nd_range(q, kItems, 8, items_e.data()); });

  // ---- launch overhead
  md += "\n| launch (tiny kernel, .wait() included) | us per launch (median) | min-max | "
        "samples |\n|---|---|---|---|\n";
  std::vector<int> cells(std::max(threads, 1), 0);
  auto launch_row = [&](const std::string& name, auto&& f) {
    if (!wants(o, name)) return;
    const stats s = measure_time(f, o);
    std::printf("bench %-40s | %7s us per launch [%s, %s] | samples %d/%d x %ld%s\n",
                name.c_str(), fmt_us(s.median).c_str(), fmt_us(s.lo).c_str(),
                fmt_us(s.hi).c_str(), s.kept, s.measured, s.inner, s.all_kept ? " ALL KEPT" : "");
    std::fflush(stdout);
    md += "| " + name + " | " + fmt_us(s.median) + " | " + fmt_us(s.lo) + "-" + fmt_us(s.hi) +
          " | " + std::to_string(s.kept) + "/" + std::to_string(s.measured) +
          (s.all_kept ? " (all kept)" : "") + " |\n";
  };
  launch_row("launch range<1>(1)", [&] { tiny_range(q, 1, cells.data()); });
  launch_row("launch nd_range<1>(1, 1)", [&] { tiny_nd_range(q, cells.data()); });
  launch_row("launch single_task", [&] { tiny_task(q, cells.data()); });
  launch_row("launch range<1>(" + std::to_string(threads) + "): one item per thread",
             [&] { tiny_range(q, threads, cells.data()); });
  launch_row("native tbb::parallel_for(" + std::to_string(threads) + ") in a " +
                 std::to_string(threads) + "-thread arena",
             [&] { native_tiny(threads, cells.data()); });

  if (!o.md_path.empty() && !o.list) {
    if (std::FILE* f = std::fopen(o.md_path.c_str(), "a")) {
      std::fputs(md.c_str(), f);
      std::fclose(f);
    } else {
      std::fprintf(stderr, "bench: cannot append to %s\n", o.md_path.c_str());
      return 2;
    }
  }
  return failures == 0 ? 0 : 1;
}
