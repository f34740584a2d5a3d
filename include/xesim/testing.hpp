// The guide's test method as a library: seeded random inputs, and an accuracy report with the
// maximum absolute and relative errors, the worst element of each, and PASS/FAIL.
// Usable from a plain main() or from GoogleTest (`EXPECT_TRUE(report.pass) << report.line()`).
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>

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

}  // namespace xesim::testing
