// Accuracy of the top-K kernel against its native reference: values and indices must match
// exactly. Shapes: the largest rows and K, a width that is not a multiple of the 128-lane chunk
// or of 32, K = 1, K = Cols, K between 32 and 64 (two-part heap), a single row, and rows full of
// ties (a handful of distinct values, +0 and -0 among them) where only the lower-index rule
// decides the order.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

namespace {

using sycl::half;
namespace xt = xesim::testing;

/// levels > 0: values are floor(u * levels) - levels / 2 with every 7th a -0: many ties.
template <int Cols, int K>
void check(int rows, int levels = 0) {
  sycl::queue q;
  const std::size_t n = static_cast<std::size_t>(rows) * Cols, nk = static_cast<std::size_t>(rows) * K;
  half* in = sycl::malloc_shared<half>(n, q);
  half* vals = sycl::malloc_shared<half>(nk, q);
  int* idxs = sycl::malloc_shared<int>(nk, q);
  std::vector<half> ref_vals(nk);
  std::vector<int> ref_idxs(nk);
  xt::fill_random(in, n, -1.f, 1.f, 42);
  if (levels > 0)
    for (std::size_t i = 0; i < n; ++i)
      in[i] = i % 7 == 0 ? half(-0.f)
                         : half(std::floor((float(in[i]) + 1.f) * 0.5f * levels) - levels / 2);

  xesim::kernels::topk::topk<Cols, K>(q, in, vals, idxs, rows).wait();
  xesim::kernels::topk::reference(in, ref_vals.data(), ref_idxs.data(), rows, Cols, K);

  // Selection moves values without arithmetic: both must match exactly.
  const std::string label = "topk " + std::to_string(rows) + "x" + std::to_string(Cols) +
                            " K=" + std::to_string(K) + (levels ? " ties" : "");
  const xt::accuracy_report rv = xt::compare(vals, ref_vals.data(), nk, {1e-30, 0.0});
  const xt::accuracy_report ri = xt::compare(idxs, ref_idxs.data(), nk, xt::kExact);
  rv.print(stdout, (label + " values").c_str());
  ri.print(stdout, (label + " indices").c_str());
  EXPECT_TRUE(rv.pass) << rv.line(label.c_str());
  EXPECT_TRUE(ri.pass) << ri.line(label.c_str());
  sycl::free(in, q);
  sycl::free(vals, q);
  sycl::free(idxs, q);
}

}  // namespace

TEST(Topk, LargestRowsAndK) { check<4096, 64>(24); }
TEST(Topk, WidthNotAMultipleOfTheVector) { check<1000, 10>(37); }  // 7 x 128 + 3 x 32 + 8
TEST(Topk, KIsOne) { check<300, 1>(16); }
TEST(Topk, KIsTheWholeRow) { check<20, 20>(9); }
TEST(Topk, TwoPartHeapSingleRow) { check<4095, 40>(1); }
TEST(Topk, TiesGoToTheLowerIndex) { check<777, 50>(12, 6); }
TEST(Topk, TiesSmallK) { check<128, 8>(20, 3); }
TEST(Topk, PlusAndMinusZeroAreEqual) { check<200, 16>(4, 1); }  // all zeros, every 7th a -0
