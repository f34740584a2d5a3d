// Accuracy of the hybrid 1D convolution against its native reference (FP32, unrounded). Shapes:
// a causal-style window 4 with padding 3, odd windows and strides 2-4, rows whose outputs are
// all edge or leftover (scalar path only), exactly one hot batch, a 1-tap filter, a single row.
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
namespace cv = xesim::kernels::conv1d_hybrid;

template <int Len, int Win, int Stride, int Pad>
void check(int rows) {
  sycl::queue q;
  constexpr int kOut = cv::conv_len(Len, Win, Stride, Pad);
  const std::size_t n_in = static_cast<std::size_t>(rows) * Len, n_out = static_cast<std::size_t>(rows) * kOut;
  half* in = sycl::malloc_shared<half>(n_in, q);
  half* filt = sycl::malloc_shared<half>(static_cast<std::size_t>(rows) * Win, q);
  half* out = sycl::malloc_shared<half>(n_out, q);
  std::vector<float> ref(n_out);
  xt::fill_random(in, n_in, -1.f, 1.f, 42);
  xt::fill_random(filt, static_cast<std::size_t>(rows) * Win, -1.f, 1.f, 43);

  cv::conv1d_hybrid<Len, Win, Stride, Pad>(q, in, filt, out, rows).wait();
  cv::reference(in, filt, ref.data(), rows, Len, Win, Stride, Pad);

  // |out| <= Win (16 products of at most 1): FP16 rounding costs up to 2^-11 relative, FP32
  // sums of <= 16 terms ~1e-7: the guide's default (abs 1e-2 or rel 1e-3) fits.
  const xt::accuracy_report r = xt::compare(out, ref.data(), n_out);
  const std::string label = "conv1d_hybrid " + std::to_string(rows) + "x" + std::to_string(Len) +
                            " win " + std::to_string(Win) + " stride " + std::to_string(Stride) +
                            " pad " + std::to_string(Pad);
  r.print(stdout, label.c_str());
  EXPECT_TRUE(r.pass) << r.line(label.c_str());
  sycl::free(in, q);
  sycl::free(filt, q);
  sycl::free(out, q);
}

}  // namespace

TEST(Conv1dHybrid, Window4Pad3) { check<4096, 4, 1, 3>(8); }
TEST(Conv1dHybrid, OddWindowStride2) { check<1000, 7, 2, 3>(37); }  // 500 outputs
TEST(Conv1dHybrid, Window16Stride4) { check<2050, 16, 4, 1>(5); }
TEST(Conv1dHybrid, ScalarPathOnlySingleRow) { check<50, 16, 4, 0>(1); }  // 9 outputs
TEST(Conv1dHybrid, InteriorShortOfOneBatch) { check<33, 3, 1, 1>(8); }  // 31 interior outputs
TEST(Conv1dHybrid, ExactlyOneHotBatch) { check<34, 3, 1, 1>(8); }       // 32 interior outputs
TEST(Conv1dHybrid, OneTap) { check<100, 1, 1, 0>(3); }
TEST(Conv1dHybrid, Stride3NoPad) { check<777, 5, 3, 0>(6); }
