// Accuracy of the vectorised exp2 / exp / log2 / log kernels over the whole float range, against
// double-precision libm, in ulps (subnormal results in units of 2^-149). Checks every 61st float
// pattern by default; XESIM_EXHAUSTIVE=1 checks all 2^32 and prints the worst case of each
// (that run gave the figures in include/xesim/ops/detail/fast_math.hpp).
#include "ops_test_util.hpp"

namespace es = xesim::esimd;
using ops_test::simd;

namespace {

enum class kernel { exp2, exp, log2, log };

struct worst_case {
  double ulp = 0.0;
  float x = 0.0f;
};

/// Runs one kernel over every `step`-th float pattern in its domain, 512 lanes at a time through
/// the public simd function (the vectorised path), and returns the worst error.
template <kernel K>
worst_case sweep_kernel(uint64_t step) {
  constexpr int kN = 512;
  worst_case w;
  simd<float, kN> x;
  int n = 0;
  auto flush = [&](int count) {
    simd<float, kN> r;
    if constexpr (K == kernel::exp2) r = es::exp2(x);
    if constexpr (K == kernel::exp) r = es::exp(x);
    if constexpr (K == kernel::log2) r = es::log2(x);
    if constexpr (K == kernel::log) r = es::log(x);
    for (int i = 0; i < count; ++i) {
      const double xi = x.elems()[i];
      double want;
      if constexpr (K == kernel::exp2) want = std::exp2(xi);
      if constexpr (K == kernel::exp) want = std::exp(xi);
      if constexpr (K == kernel::log2) want = std::log2(xi);
      if constexpr (K == kernel::log) want = std::log(xi);
      // Results past FLT_MAX round to inf; at the boundary either neighbour is within the error.
      const float got = r.elems()[i];
      const bool overflow = std::isinf(static_cast<float>(want)) ||
                            (std::isinf(got) && want >= 0x1.fffffep127 * (1.0 - 0x1p-23));
      const double e =
          overflow ? (std::isinf(got) ? 0.0 : 1e30) : ops_test::ulp_diff<float>(got, want);
      if (e > w.ulp) w = {e, x.elems()[i]};
    }
  };
  for (uint64_t b = 0; b < (1ull << 32); b += step) {
    const float f = std::bit_cast<float>(static_cast<uint32_t>(b));
    bool in_domain;
    if constexpr (K == kernel::exp2) in_domain = f >= -152.0f && f <= 130.0f;
    if constexpr (K == kernel::exp) in_domain = f >= -105.0f && f <= 90.0f;
    if constexpr (K == kernel::log2 || K == kernel::log) in_domain = f >= 0.0f;  // NaNs excluded
    if (!in_domain) continue;
    x.elems()[n++] = f;
    if (n == kN) flush(n), n = 0;
  }
  if (n > 0) flush(n);
  return w;
}

bool exhaustive() {
  const char* e = std::getenv("XESIM_EXHAUSTIVE");
  return e != nullptr && e[0] == '1';
}

template <kernel K>
void check(const char* name, double bound) {
  const worst_case w = sweep_kernel<K>(exhaustive() ? 1 : 61);
  std::printf("%s: worst %.3f ulp at %.9g\n", name, w.ulp, static_cast<double>(w.x));
  EXPECT_LE(w.ulp, bound) << name << " at x = " << w.x;
}

TEST(MathAccuracy, Exp2) { check<kernel::exp2>("exp2", 1.0); }
TEST(MathAccuracy, Exp) { check<kernel::exp>("exp", 1.0); }
TEST(MathAccuracy, Log2) { check<kernel::log2>("log2", 2.0); }
TEST(MathAccuracy, Log) { check<kernel::log>("log", 1.0); }

}  // namespace
