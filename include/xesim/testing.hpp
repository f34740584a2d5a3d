// The guide's test method as a library ("Testing New Kernels"):
//   accuracy: seeded random inputs, and a report with the maximum absolute and relative errors,
//             the worst element of each, and PASS/FAIL (abs < 1e-2 or rel < 1e-3 unless told);
//   perf:     the best of 5 launches from event profiling, as ms, GB/s and TFLOPS from byte and
//             flop counts the caller gives (the guide's `perf:` line);
//   native:   a CPU reference timed on as many threads as the engine, alternating with the kernel
//             in the same run; the ESIMD/native ratio is the median of the per-pair ratios
//             (DESIGN.md: memory-bound timings drift up to 2x on a shared host, the median of
//             alternated pairs is stable to about 4%).
// Usable from a plain main() or from GoogleTest (`EXPECT_TRUE(report.pass) << report.line()`).
#pragma once

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "xesim/runtime/launch.hpp"
#include "xesim/sycl/event.hpp"
#include "xesim/sycl/info.hpp"

namespace xesim::testing {

// ------------------------------ fill_random
/// Fills p[0..n) with values uniform in [lo, hi] from rand() after srand(seed): the guide's
/// `srand(42)` inputs. T is any type constructible from float (half, bfloat16, float, int...).
template <class T> void fill_random(T* p, std::size_t n, float lo = -1.f, float hi = 1.f,
                                    unsigned seed = 42) {
  std::srand(seed);
  for (std::size_t i = 0; i < n; ++i) {
    const float u = static_cast<float>(std::rand()) / static_cast<float>(RAND_MAX);
    p[i] = static_cast<T>(lo + u * (hi - lo));
  }
}

/// Pass when the maximum absolute error is below `abs` OR the maximum relative error is below `rel`
/// (the guide's rule: pure absolute error misjudges large and tiny outputs).
struct tolerance {
  double abs = 1e-2;
  double rel = 1e-3;
};

// ------------------------------ accuracy_report
struct accuracy_report {
  std::size_t n = 0;
  double max_abs_err = 0.0, max_rel_err = 0.0;
  std::size_t abs_idx = 0, rel_idx = 0;
  double abs_out = 0.0, abs_ref = 0.0, rel_out = 0.0, rel_ref = 0.0;
  std::size_t non_finite = 0;  ///< outputs that are NaN/inf where the reference is finite
  tolerance tol;
  bool pass = true;

  /// One line: "accuracy: max_abs_err=... (idx=.. out=.. ref=..)  max_rel_err=... (...)  PASS".
  std::string line(const char* label = "accuracy") const {
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "  %s: max_abs_err=%.6g (idx=%zu out=%.6g ref=%.6g)  max_rel_err=%.6g (idx=%zu "
                  "out=%.6g ref=%.6g)  n=%zu%s  %s",
                  label, max_abs_err, abs_idx, abs_out, abs_ref, max_rel_err, rel_idx, rel_out,
                  rel_ref, n, non_finite ? "  NON-FINITE OUTPUTS" : "", pass ? "PASS" : "FAIL");
    return buf;
  }
  void print(std::FILE* f = stdout, const char* label = "accuracy") const {
    std::fprintf(f, "%s\n", line(label).c_str());
  }
};

// ------------------------------ compare
/// Compares out[i] with ref[i] for i < n. Out and Ref convert to double (half, bfloat16 too).
template <class Out, class Ref>
accuracy_report compare(const Out* out, const Ref* ref, std::size_t n, tolerance tol = {}) {
  accuracy_report r;
  r.n = n;
  r.tol = tol;
  for (std::size_t i = 0; i < n; ++i) {
    const double o = static_cast<double>(static_cast<float>(out[i]));
    const double f = static_cast<double>(static_cast<float>(ref[i]));
    if (!std::isfinite(o) && std::isfinite(f)) ++r.non_finite;
    double abs_err = std::fabs(o - f);
    if (std::isnan(abs_err)) abs_err = (std::isnan(o) && std::isnan(f)) ? 0.0 : INFINITY;
    const double rel_err = abs_err / (std::fabs(f) + 1e-6);
    if (abs_err > r.max_abs_err || (i == 0 && abs_err == r.max_abs_err)) {
      r.max_abs_err = abs_err;
      r.abs_idx = i;
      r.abs_out = o;
      r.abs_ref = f;
    }
    if (rel_err > r.max_rel_err || (i == 0 && rel_err == r.max_rel_err)) {
      r.max_rel_err = rel_err;
      r.rel_idx = i;
      r.rel_out = o;
      r.rel_ref = f;
    }
  }
  r.pass = r.non_finite == 0 && (r.max_abs_err < tol.abs || r.max_rel_err < tol.rel);
  return r;
}

/// Tolerance for outputs that must match exactly (indices, integers): abs error below 0.5 and
/// no relative escape.
inline constexpr tolerance kExact{0.5, 0.0};

// ------------------------------ perf_report
/// The best of `runs` launches. GB/s and TFLOPS come from the caller's byte and flop counts
/// (flops == 0: a pure memory op, the line shows GB/s only, as the guide says).
struct perf_report {
  double best_ns = 0.0;
  double bytes = 0.0, flops = 0.0;
  int runs = 0;

  double ms() const { return best_ns * 1e-6; }
  double gb_per_s() const { return best_ns > 0.0 ? bytes / best_ns : 0.0; }       // B/ns = GB/s
  double tflops() const { return best_ns > 0.0 ? flops / best_ns * 1e-3 : 0.0; }  // GFLOP/s/1e3

  /// The guide's line: "  perf: 1.234 ms   0.0123 TFLOPS   45.6 GB/s".
  std::string line(const char* label = "perf") const {
    char buf[256];
    if (flops > 0.0)
      std::snprintf(buf, sizeof buf, "  %s: %.3f ms   %.4f TFLOPS   %.1f GB/s", label, ms(),
                    tflops(), gb_per_s());
    else
      std::snprintf(buf, sizeof buf, "  %s: %.3f ms   %.1f GB/s", label, ms(), gb_per_s());
    return buf;
  }
  void print(std::FILE* f = stdout, const char* label = "perf") const {
    std::fprintf(f, "%s\n", line(label).c_str());
  }
};

/// The guide's run count: 5 launches, keep the best, no warm-up.
inline constexpr int kPerfRuns = 5;

// ------------------------------ event_ns
/// Kernel-only time of a finished command: command_end - command_start, in ns.
/// Pre: the event comes from a queue made with property::queue::enable_profiling (else throws
/// sycl::exception, errc::invalid).
inline double event_ns(const sycl::event& ev) {
  ev.wait();
  const auto start = ev.get_profiling_info<sycl::info::event_profiling::command_start>();
  const auto end = ev.get_profiling_info<sycl::info::event_profiling::command_end>();
  return static_cast<double>(end - start);
}

// ------------------------------ run_perf
/// Calls launch() `runs` times; each call submits the kernel and returns its sycl::event.
/// Reports the best kernel time. Pre: a profiling queue (see event_ns); runs >= 1.
template <class Launch>
perf_report run_perf(Launch&& launch, double bytes, double flops, int runs = kPerfRuns) {
  perf_report r;
  r.bytes = bytes;
  r.flops = flops;
  r.runs = runs;
  r.best_ns = std::numeric_limits<double>::infinity();
  for (int i = 0; i < runs; ++i) r.best_ns = std::min(r.best_ns, event_ns(launch()));
  return r;
}

// ------------------------------ native_arena
/// A oneTBB arena with as many threads as the engine runs kernels on (XESIM_THREADS, else every
/// hardware thread): native references run in it, so both sides get the same parallelism.
inline tbb::task_arena& native_arena() {
  static tbb::global_control allow(
      tbb::global_control::max_allowed_parallelism,
      std::max<std::size_t>(static_cast<std::size_t>(rt::thread_count()),
                            tbb::global_control::active_value(
                                tbb::global_control::max_allowed_parallelism)));
  static tbb::task_arena arena(rt::thread_count());
  return arena;
}

/// Wall-clock ns of native() run inside native_arena().
template <class Native>
double native_ns(Native& native) {
  const auto t0 = std::chrono::steady_clock::now();
  native_arena().execute([&] { native(); });
  const auto t1 = std::chrono::steady_clock::now();
  return static_cast<double>(std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count());
}

// ------------------------------ native_report
/// The kernel against its native reference, timed in alternating pairs in one process.
struct native_report {
  int pairs = 0;
  double esimd_best_ns = 0.0, native_best_ns = 0.0;  ///< best of the pairs, each side
  double ratio_median = 0.0, ratio_min = 0.0, ratio_max = 0.0;  ///< esimd / native per pair

  /// "  native: 1.234 ms   esimd/native: 1.08x (median of 7 pairs, 1.01x-1.20x)".
  std::string line(const char* label = "native") const {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "  %s: %.3f ms   esimd: %.3f ms   esimd/native: %.2fx (median of %d pairs, "
                  "%.2fx-%.2fx)",
                  label, native_best_ns * 1e-6, esimd_best_ns * 1e-6, ratio_median, pairs,
                  ratio_min, ratio_max);
    return buf;
  }
  void print(std::FILE* f = stdout, const char* label = "native") const {
    std::fprintf(f, "%s\n", line(label).c_str());
  }
};

/// The median of v (the mean of the two middle values for an even count). Pre: v non-empty.
inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// ------------------------------ compare_native
/// Times launch() (event profiling, as run_perf) against native() (wall clock inside
/// native_arena()) in `pairs` pairs whose order alternates (kernel first, then native first), so
/// slow drift of the host hits both sides alike; ratio = kernel / native per pair, reported as the
/// median. native() runs once untimed first (first-touch of its outputs, arena threads).
/// Pre: a profiling queue; pairs >= 1; native() computes what the kernel computes.
template <class Launch, class Native>
native_report compare_native(Launch&& launch, Native&& native, int pairs = 7) {
  native_report r;
  r.pairs = pairs;
  r.esimd_best_ns = r.native_best_ns = std::numeric_limits<double>::infinity();
  native_ns(native);
  std::vector<double> ratios;
  for (int p = 0; p < pairs; ++p) {
    double k = 0.0, n = 0.0;
    if (p % 2 == 0) {
      k = event_ns(launch());
      n = native_ns(native);
    } else {
      n = native_ns(native);
      k = event_ns(launch());
    }
    r.esimd_best_ns = std::min(r.esimd_best_ns, k);
    r.native_best_ns = std::min(r.native_best_ns, n);
    ratios.push_back(k / std::max(n, 1.0));
  }
  r.ratio_median = median(ratios);
  r.ratio_min = *std::min_element(ratios.begin(), ratios.end());
  r.ratio_max = *std::max_element(ratios.begin(), ratios.end());
  return r;
}

// ------------------------------ config_line
/// "  config: 2 threads, XESIM_CHECK=off": what a timing depends on besides the code (the
/// engine's threads, which native_arena() matches, and the check level: basic, the default,
/// checks every memory access).
inline std::string config_line() {
  const char* check = std::getenv("XESIM_CHECK");
  char buf[160];
  std::snprintf(buf, sizeof buf, "  config: %d threads, XESIM_CHECK=%s", rt::thread_count(),
                check && *check ? check : "basic (default)");
  return buf;
}

// ------------------------------ has_flag
/// Whether argv holds `flag` (e.g. "--smoke": a perf test's small, quick size for CI).
inline bool has_flag(int argc, char** argv, const char* flag) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], flag) == 0) return true;
  return false;
}

}  // namespace xesim::testing
