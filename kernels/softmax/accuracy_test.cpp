// Accuracy of the softmax kernel against its native reference (FP32, unrounded) over several
// shapes: long rows, widths that are not multiples of the 128-lane chunk, a single row, rows
// narrower than one vector, one column, and inputs large enough to overflow exp() without the
// max subtraction.
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

template <int Cols>
void check(int rows, float lo, float hi) {
  sycl::queue q;
  const std::size_t n = static_cast<std::size_t>(rows) * Cols;
  half* in = sycl::malloc_shared<half>(n, q);
  half* out = sycl::malloc_shared<half>(n, q);
  std::vector<float> ref(n);
  xt::fill_random(in, n, lo, hi, 42);

  xesim::kernels::softmax::softmax<Cols>(q, in, out, rows).wait();
  xesim::kernels::softmax::reference(in, ref.data(), rows, Cols);

  // Outputs lie in (0, 1]; rounding to FP16 costs up to 2^-11 of the value, and outputs below
  // 2^-14 are subnormal with a fixed spacing of 2^-24, where the relative error grows. So: pass
  // when every error is within 6e-4 of the largest output (half an FP16 ulp of it, 4.9e-4, plus
  // the FP32 exp/sum error), or every relative error is within the guide's 1e-3.
  double max_out = 0.0;
  for (float v : ref) max_out = std::max(max_out, static_cast<double>(v));
  const xt::accuracy_report r = xt::compare(out, ref.data(), n, {6e-4 * max_out, 1e-3});
  const std::string label = "softmax " + std::to_string(rows) + "x" + std::to_string(Cols);
  r.print(stdout, label.c_str());
  EXPECT_TRUE(r.pass) << r.line(label.c_str());
  sycl::free(in, q);
  sycl::free(out, q);
}

}  // namespace

TEST(Softmax, LongestRows) { check<8192>(6, -1.f, 1.f); }
TEST(Softmax, WidthNotAMultipleOfTheChunk) { check<1000>(37, -4.f, 4.f); }  // 7 x 128 + 104
TEST(Softmax, SingleRow) { check<4095>(1, -2.f, 2.f); }
TEST(Softmax, NarrowerThanOneVector) { check<7>(33, -1.f, 1.f); }
TEST(Softmax, OneColumn) { check<1>(5, -1.f, 1.f); }  // every output is exactly 1
TEST(Softmax, LargeInputsNeedTheMaxSubtraction) { check<256>(16, -200.f, 200.f); }
