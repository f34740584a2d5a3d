// bench/harness.hpp: "ESIMD kernel vs the same work in native C++", measured the way this machine
// allows. Timings drift up to 2x over minutes on the shared host (DESIGN.md), so absolute times
// taken at different moments cannot be compared: the two callables run in alternation in one
// process (E N, N E, E N, ... the order swapped every other pair) and the figure of merit is the
// median of the per-pair ratios esimd/native, stable to a few percent.
//
//   xesim::bench::runner run(argc, argv);           // --pairs, --filter, --md, --sample-ms
//   run.compare("fma f32x64 L1", [&] { esimd(); }, [&] { native(); }, {.bytes = B, .flops = F});
//   // line: bench fma f32x64 L1 | esimd 37 ns ... | native 36 ns ... | ratio 1.02 [0.97, 1.08] |
//   run.compare3("...", esimd, plain, hand, work, target);  // two natives: plain C++ and
//                                                           // hand-vectorised, both ratios
//   ... return run.finish();                             // non-zero if a case failed its check
//
// A sample during which the thread was descheduled (its CPU time falls short of the wall time)
// measured another process: its pair is dropped and another pair measured instead.
// Each callable does one unit of work (one pass over its arrays). The harness repeats it `inner`
// times per timed sample, `inner` calibrated once so that a sample lasts at least --sample-ms,
// with a compiler barrier between repetitions so that passes are neither merged nor dropped.
// Header-only; needs nothing but the standard library.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace xesim::bench {

// ------------------------------ keep / clobber
/// Makes the compiler assume `v` is read (and may be changed) here: defeats dead-code elimination
/// of the computation that produced it without emitting any instruction.
template <class T>
inline __attribute__((always_inline)) void keep(T& v) {
  asm volatile("" : "+m"(v) : : "memory");
}
/// Makes the compiler assume all memory is read and written here: stores before it must happen,
/// loads after it must be redone.
inline __attribute__((always_inline)) void clobber() { asm volatile("" : : : "memory"); }

/// What one call of a case's callables moves and computes (0: not reported).
struct work {
  double bytes = 0;  // bytes read + written by one call
  double flops = 0;  // arithmetic operations of one call (an FMA counts 2)
};

/// The outcome of one case.
struct result {
  std::string name;
  int pairs = 0;                // pairs the statistics are over
  int attempts = 0;             // pairs measured, including those dropped as descheduled
  bool all_pairs_kept = false;  // too few clean pairs: the statistics include descheduled ones
  long inner = 0;               // calls per timed sample
  double esimd_best_s = 0;      // best time of one call
  double native_best_s = 0;
  double ratio_median = 0;  // median over pairs of esimd/native sample time
  double ratio_min = 0;
  double ratio_max = 0;
  work w;
  double target = 0;  // ratio the case must stay under (0: none)
};

namespace detail {
using clock = std::chrono::steady_clock;

/// CPU time consumed by the calling thread, in seconds (excludes time the thread was not running).
inline double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// One timed sample: wall time (steady_clock, the measurement) and whether the thread ran the
/// whole time (its CPU time matches the wall time), i.e. was not descheduled in between.
struct sample {
  double wall_s;
  bool clean;
};

/// Times `inner` calls of f.
template <class F>
sample time_calls(F& f, long inner) {
  const double c0 = thread_cpu_seconds();
  const auto t0 = clock::now();
  for (long i = 0; i < inner; ++i) {
    f();
    clobber();
  }
  const auto t1 = clock::now();
  const double c1 = thread_cpu_seconds();
  const double wall = std::chrono::duration<double>(t1 - t0).count();
  // Descheduled for more than 2% (plus 20 us of clock granularity): another process ran here.
  return {wall, wall <= 1.02 * (c1 - c0) + 20e-6};
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// "12.3 us", "4.56 ms": a time with 3 significant digits and a unit.
inline std::string fmt_time(double s) {
  char buf[32];
  if (s < 1e-6)
    std::snprintf(buf, sizeof buf, "%.3g ns", s * 1e9);
  else if (s < 1e-3)
    std::snprintf(buf, sizeof buf, "%.3g us", s * 1e6);
  else if (s < 1.0)
    std::snprintf(buf, sizeof buf, "%.3g ms", s * 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.3g s", s);
  return buf;
}

/// "40.1 GB/s" or "123 GFLOP/s" for the best time, or "" when the case gave no counts.
inline std::string fmt_rate(const work& w, double s) {
  char buf[48];
  if (w.bytes > 0 && w.flops > 0)
    std::snprintf(buf, sizeof buf, "%.1f GB/s %.1f GFLOP/s", w.bytes / s * 1e-9,
                  w.flops / s * 1e-9);
  else if (w.bytes > 0)
    std::snprintf(buf, sizeof buf, "%.1f GB/s", w.bytes / s * 1e-9);
  else if (w.flops > 0)
    std::snprintf(buf, sizeof buf, "%.1f GFLOP/s", w.flops / s * 1e-9);
  else
    buf[0] = '\0';
  return buf;
}
}  // namespace detail

// ------------------------------ measure
/// Runs esimd and native alternately (after one warm-up call each and a calibration of the calls
/// per sample) until `pairs` pairs were measured in which neither sample was descheduled (at most
/// 8 x pairs attempts; if fewer clean pairs came, all attempted pairs count), and returns the
/// ratio statistics and best times. On a shared host a sample during which another process took
/// the core measures that process, not the code: such pairs are dropped, not averaged in.
template <class E, class N>
result measure(const std::string& name, E&& esimd, N&& native, int pairs, double sample_s,
               work w = {}) {
  result r;
  r.name = name;
  r.pairs = pairs;
  r.w = w;
  // Warm-up: page in the arrays, fill caches and branch predictors. Then calibrate the calls per
  // sample on the slower of the two, so both get the same inner count.
  detail::time_calls(esimd, 1);
  detail::time_calls(native, 1);
  long inner = 1;
  for (;;) {
    const double t =
        std::max(detail::time_calls(esimd, inner).wall_s, detail::time_calls(native, inner).wall_s);
    if (t >= sample_s || inner >= (1L << 30)) break;
    const double grow = t > 0 ? 1.2 * sample_s / t : 1024.0;
    inner =
        std::max(inner * 2, static_cast<long>(static_cast<double>(inner) * std::min(grow, 1024.0)));
  }
  r.inner = inner;
  std::vector<double> te, tn, ratios_clean, ratios_all, te_all, tn_all;
  for (int p = 0; p < 8 * pairs && static_cast<int>(ratios_clean.size()) < pairs; ++p) {
    detail::sample se{}, sn{};
    if (p % 2 == 0) {
      se = detail::time_calls(esimd, inner);
      sn = detail::time_calls(native, inner);
    } else {
      sn = detail::time_calls(native, inner);
      se = detail::time_calls(esimd, inner);
    }
    ratios_all.push_back(se.wall_s / sn.wall_s);
    te_all.push_back(se.wall_s);
    tn_all.push_back(sn.wall_s);
    if (se.clean && sn.clean) {
      ratios_clean.push_back(se.wall_s / sn.wall_s);
      te.push_back(se.wall_s);
      tn.push_back(sn.wall_s);
    }
    ++r.attempts;
  }
  if (static_cast<int>(ratios_clean.size()) < pairs) {  // too busy a host: keep everything
    ratios_clean = ratios_all;
    te = te_all;
    tn = tn_all;
    r.all_pairs_kept = true;
  }
  r.pairs = static_cast<int>(ratios_clean.size());
  r.ratio_median = detail::median(ratios_clean);
  r.ratio_min = *std::min_element(ratios_clean.begin(), ratios_clean.end());
  r.ratio_max = *std::max_element(ratios_clean.begin(), ratios_clean.end());
  r.esimd_best_s = *std::min_element(te.begin(), te.end()) / static_cast<double>(inner);
  r.native_best_s = *std::min_element(tn.begin(), tn.end()) / static_cast<double>(inner);
  return r;
}

// ------------------------------ measure3
/// The outcome of a case with two native baselines: plain C++ (loops as written for g++ -O2,
/// the baseline) and hand-vectorised (intrinsics, the harder bar).
struct result3 {
  std::string name;
  int triples = 0, attempts = 0;
  bool all_kept = false;
  long inner = 0;
  double esimd_best_s = 0, plain_best_s = 0, hand_best_s = 0;
  double plain_median = 0, plain_min = 0, plain_max = 0;  // esimd / plain C++
  double hand_median = 0, hand_min = 0, hand_max = 0;     // esimd / hand-vectorised
  work w;
  double target = 0;  // judged on the plain-C++ ratio
};

/// measure() for three callables: one sample of each per triple, the order rotated every
/// triple (E P H, P H E, H E P), ratios esimd/plain and esimd/hand per triple, medians over
/// the triples in which no sample was descheduled (else over all, as measure()).
template <class E, class P, class H>
result3 measure3(const std::string& name, E&& esimd, P&& plain, H&& hand, int triples,
                 double sample_s, work w = {}) {
  result3 r;
  r.name = name;
  r.w = w;
  detail::time_calls(esimd, 1);
  detail::time_calls(plain, 1);
  detail::time_calls(hand, 1);
  long inner = 1;
  for (;;) {
    const double t = std::max({detail::time_calls(esimd, inner).wall_s,
                               detail::time_calls(plain, inner).wall_s,
                               detail::time_calls(hand, inner).wall_s});
    if (t >= sample_s || inner >= (1L << 30)) break;
    const double grow = t > 0 ? 1.2 * sample_s / t : 1024.0;
    inner =
        std::max(inner * 2, static_cast<long>(static_cast<double>(inner) * std::min(grow, 1024.0)));
  }
  r.inner = inner;
  struct triple {
    double e, p, h;
  };
  std::vector<triple> clean, all;
  for (int t = 0; t < 8 * triples && static_cast<int>(clean.size()) < triples; ++t) {
    detail::sample s[3]{};
    for (int k = 0; k < 3; ++k) {
      const int which = (t + k) % 3;
      if (which == 0) s[0] = detail::time_calls(esimd, inner);
      if (which == 1) s[1] = detail::time_calls(plain, inner);
      if (which == 2) s[2] = detail::time_calls(hand, inner);
    }
    all.push_back({s[0].wall_s, s[1].wall_s, s[2].wall_s});
    if (s[0].clean && s[1].clean && s[2].clean) clean.push_back(all.back());
    ++r.attempts;
  }
  if (static_cast<int>(clean.size()) < triples) {
    clean = all;
    r.all_kept = true;
  }
  r.triples = static_cast<int>(clean.size());
  std::vector<double> rp, rh;
  r.esimd_best_s = r.plain_best_s = r.hand_best_s = 1e30;
  for (const triple& x : clean) {
    rp.push_back(x.e / x.p);
    rh.push_back(x.e / x.h);
    r.esimd_best_s = std::min(r.esimd_best_s, x.e / static_cast<double>(inner));
    r.plain_best_s = std::min(r.plain_best_s, x.p / static_cast<double>(inner));
    r.hand_best_s = std::min(r.hand_best_s, x.h / static_cast<double>(inner));
  }
  r.plain_median = detail::median(rp);
  r.plain_min = *std::min_element(rp.begin(), rp.end());
  r.plain_max = *std::max_element(rp.begin(), rp.end());
  r.hand_median = detail::median(rh);
  r.hand_min = *std::min_element(rh.begin(), rh.end());
  r.hand_max = *std::max_element(rh.begin(), rh.end());
  return r;
}

/// `bench <name> | esimd <t> | plain <t> | hand <t> | vs plain <median> [min, max] | vs hand
///  <median> [min, max] | triples <kept>/<measured> x <calls>[ ALL KEPT][ | target ...]`
inline std::string format_line3(const result3& r) {
  char buf[640];
  std::snprintf(buf, sizeof buf,
                "bench %-28s | esimd %9s %-22s | plain %9s | hand %9s | vs plain %.3f [%.3f, "
                "%.3f] | vs hand %.3f [%.3f, %.3f] | triples %d/%d x %ld%s%s",
                r.name.c_str(), detail::fmt_time(r.esimd_best_s).c_str(),
                detail::fmt_rate(r.w, r.esimd_best_s).c_str(),
                detail::fmt_time(r.plain_best_s).c_str(), detail::fmt_time(r.hand_best_s).c_str(),
                r.plain_median, r.plain_min, r.plain_max, r.hand_median, r.hand_min, r.hand_max,
                r.triples, r.attempts, r.inner, r.all_kept ? " ALL KEPT" : "",
                r.target > 0 ? (r.plain_median <= r.target ? " | target met" : " | TARGET MISSED")
                             : "");
  return buf;
}
namespace detail {
/// A markdown cell "time (rate)" for work w done in s seconds.
inline std::string time_cell(const work& w, double s) {
  const std::string rate = fmt_rate(w, s);
  return fmt_time(s) + (rate.empty() ? "" : " (" + rate + ")");
}
/// A markdown target cell: "-" without a target, else "<= T met" / "<= T **missed**".
inline std::string target_cell(double target, double median) {
  if (target <= 0) return "-";
  char tgt[48];
  std::snprintf(tgt, sizeof tgt, "<= %.2fx %s", target, median <= target ? "met" : "**missed**");
  return tgt;
}
}  // namespace detail
inline const char* markdown_header3() {
  return "| case | esimd (best) | plain C++ (best) | hand-vectorised (best) | vs plain C++: median "
         "(min-max) | vs hand-vectorised: median (min-max) | triples | target (vs plain) |\n"
         "|---|---|---|---|---|---|---|---|\n";
}
inline std::string markdown_row3(const result3& r) {
  auto cell = [&](double s) { return detail::time_cell(r.w, s); };
  const std::string tgt = detail::target_cell(r.target, r.plain_median);
  char buf[768];
  std::snprintf(buf, sizeof buf,
                "| %s | %s | %s | %s | %.3f (%.3f-%.3f) | %.3f (%.3f-%.3f) | %d/%d%s | %s |\n",
                r.name.c_str(), cell(r.esimd_best_s).c_str(), cell(r.plain_best_s).c_str(),
                cell(r.hand_best_s).c_str(), r.plain_median, r.plain_min, r.plain_max,
                r.hand_median, r.hand_min, r.hand_max, r.triples, r.attempts,
                r.all_kept ? " (all kept)" : "", tgt.c_str());
  return buf;
}

// ------------------------------ format_line / markdown_row
/// One line per case, stable for grep and scripts:
/// `bench <name> | esimd <t> <rate> | native <t> <rate> | ratio <median> [<min>, <max>] |
///  pairs <kept>/<measured> x <calls per sample>[ ALL KEPT][ | target met|TARGET MISSED]`
inline std::string format_line(const result& r) {
  char buf[512];
  std::snprintf(
      buf, sizeof buf,
      "bench %-28s | esimd %9s %-24s | native %9s %-24s | ratio %.3f [%.3f, %.3f] | "
      "pairs %d/%d x %ld%s%s",
      r.name.c_str(), detail::fmt_time(r.esimd_best_s).c_str(),
      detail::fmt_rate(r.w, r.esimd_best_s).c_str(), detail::fmt_time(r.native_best_s).c_str(),
      detail::fmt_rate(r.w, r.native_best_s).c_str(), r.ratio_median, r.ratio_min, r.ratio_max,
      r.pairs, r.attempts, r.inner, r.all_pairs_kept ? " ALL KEPT" : "",
      r.target > 0 ? (r.ratio_median <= r.target ? " | target met" : " | TARGET MISSED") : "");
  return buf;
}
inline const char* markdown_header() {
  return "| case | esimd (best) | native (best) | median ratio | min-max | pairs | target |\n"
         "|---|---|---|---|---|---|---|\n";
}
/// `| name | t (rate) | t (rate) | median | min-max | kept/measured | target |`
inline std::string markdown_row(const result& r) {
  auto cell = [&](double s) { return detail::time_cell(r.w, s); };
  const std::string tgt = detail::target_cell(r.target, r.ratio_median);
  char buf[512];
  std::snprintf(buf, sizeof buf, "| %s | %s | %s | %.3f | %.3f-%.3f | %d/%d%s | %s |\n",
                r.name.c_str(), cell(r.esimd_best_s).c_str(), cell(r.native_best_s).c_str(),
                r.ratio_median, r.ratio_min, r.ratio_max, r.pairs, r.attempts,
                r.all_pairs_kept ? " (all kept)" : "", tgt.c_str());
  return buf;
}

// ------------------------------ runner
/// Command line and bookkeeping of a bench program:
///   --pairs N      pairs per case (default 21; at least 3)
///   --sample-ms X  minimum duration of one timed sample (default 1: short samples are rarely
///                  descheduled; a memory-bound call may take longer, then a sample is one call)
///   --filter S     run only the cases whose name contains S
///   --md FILE      append a Markdown table (header, then one row per case) to FILE
///   --list         print the case names and exit
class runner {
 public:
  runner(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      auto value = [&]() -> std::string {
        if (i + 1 >= argc) usage(argv[0], ("missing value after " + a).c_str());
        return argv[++i];
      };
      if (a == "--pairs")
        pairs_ = std::atoi(value().c_str());
      else if (a == "--sample-ms")
        sample_s_ = std::atof(value().c_str()) * 1e-3;
      else if (a == "--filter")
        filter_ = value();
      else if (a == "--md")
        md_path_ = value();
      else if (a == "--list")
        list_ = true;
      else
        usage(argv[0], ("unknown argument " + a).c_str());
    }
    if (pairs_ < 3) usage(argv[0], "--pairs must be >= 3");
    if (!(sample_s_ > 0)) usage(argv[0], "--sample-ms must be > 0");
  }

  /// Whether a case of this name runs (and, with --list, prints the name).
  bool wants(const std::string& name) const {
    if (list_) {
      std::printf("%s\n", name.c_str());
      return false;
    }
    return filter_.empty() || name.find(filter_) != std::string::npos;
  }

  /// Measures one case (if selected), prints its line and records its Markdown row.
  /// target > 0: the median ratio the case is expected to stay under (reported, not enforced).
  template <class E, class N>
  void compare(const std::string& name, E&& esimd, N&& native, work w = {}, double target = 0) {
    if (!wants(name)) return;
    result r = measure(name, esimd, native, pairs_, sample_s_, w);
    r.target = target;
    std::printf("%s\n", format_line(r).c_str());
    std::fflush(stdout);
    rows_ += markdown_row(r);
  }

  /// Measures one case against two natives (plain C++, hand-vectorised): prints its line and
  /// records its row in the three-way table. target: the ratio vs plain C++ to stay under.
  /// Returns the case's result (empty when not selected).
  template <class E, class P, class H>
  result3 compare3(const std::string& name, E&& esimd, P&& plain, H&& hand, work w = {},
                   double target = 0) {
    if (!wants(name)) return {};
    result3 r = measure3(name, esimd, plain, hand, pairs_, sample_s_, w);
    r.target = target;
    std::printf("%s\n", format_line3(r).c_str());
    std::fflush(stdout);
    rows3_ += markdown_row3(r);
    return r;
  }
  /// Records a failed correctness check; finish() then returns non-zero.
  void fail(const std::string& what) {
    std::fprintf(stderr, "bench: FAIL: %s\n", what.c_str());
    ++failures_;
  }

  /// Appends the Markdown table (if --md) and returns the process exit code.
  int finish() const {
    if (!md_path_.empty() && (!rows_.empty() || !rows3_.empty())) {
      if (std::FILE* f = std::fopen(md_path_.c_str(), "a")) {
        if (!rows3_.empty()) {
          std::fputs(markdown_header3(), f);
          std::fputs(rows3_.c_str(), f);
        }
        if (!rows_.empty()) {
          std::fputs(markdown_header(), f);
          std::fputs(rows_.c_str(), f);
        }
        std::fclose(f);
      } else {
        std::fprintf(stderr, "bench: cannot append to %s\n", md_path_.c_str());
        return 2;
      }
    }
    return failures_ == 0 ? 0 : 1;
  }

 private:
  [[noreturn]] static void usage(const char* prog, const char* why) {
    std::fprintf(stderr,
                 "%s: %s\nusage: %s [--pairs N] [--sample-ms X] [--filter S] [--md FILE] "
                 "[--list]\n",
                 prog, why, prog);
    std::exit(2);
  }

  int pairs_ = 21;
  double sample_s_ = 1e-3;
  std::string filter_;
  std::string md_path_;
  bool list_ = false;
  std::string rows_;
  std::string rows3_;
  int failures_ = 0;
};

}  // namespace xesim::bench
