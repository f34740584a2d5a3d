// Accuracy of the RMSNorm kernel against its native reference (FP32, unrounded) over several
// shapes: an LLM hidden size, a width that is not a multiple of the 128-lane chunk, a single row,
// rows narrower than one vector, one column, and large activations (FP16 squares would overflow).
#include <gtest/gtest.h>

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
void check(int rows, float amplitude) {
  sycl::queue q;
  const std::size_t n = static_cast<std::size_t>(rows) * Cols;
  half* in = sycl::malloc_shared<half>(n, q);
  half* weight = sycl::malloc_shared<half>(Cols, q);
  half* out = sycl::malloc_shared<half>(n, q);
  std::vector<float> ref(n);
  xt::fill_random(in, n, -amplitude, amplitude, 42);
  xt::fill_random(weight, Cols, 0.5f, 1.5f, 43);

  xesim::kernels::rms_norm::rms_norm<Cols>(q, in, weight, out, rows).wait();
  xesim::kernels::rms_norm::reference(in, weight, ref.data(), rows, Cols);

  // Outputs are O(1) (|x| / rms <= sqrt(Cols), times weights <= 1.5); the FP16 rounding of the
  // output costs up to 2^-11 relative, so the guide's default (abs 1e-2 or rel 1e-3) fits.
  const xt::accuracy_report r = xt::compare(out, ref.data(), n);
  const std::string label = "rms_norm " + std::to_string(rows) + "x" + std::to_string(Cols);
  r.print(stdout, label.c_str());
  EXPECT_TRUE(r.pass) << r.line(label.c_str());
  sycl::free(in, q);
  sycl::free(weight, q);
  sycl::free(out, q);
}

}  // namespace

TEST(RmsNorm, HiddenSize4096) { check<4096>(16, 1.f); }
TEST(RmsNorm, WidthNotAMultipleOfTheChunk) { check<1000>(37, 1.f); }  // 7 x 128 + 104
TEST(RmsNorm, SingleRow) { check<8191>(1, 2.f); }
TEST(RmsNorm, NarrowerThanOneVector) { check<5>(33, 1.f); }
TEST(RmsNorm, OneColumn) { check<1>(9, 1.f); }  // out = weight * sign(x), up to eps
TEST(RmsNorm, LargeActivations) { check<640>(8, 3000.f); }  // x^2 up to 9e6: beyond FP16
