// Accuracy of max pooling (1D and 2D NCHW) against its native reference: a maximum of FP16 values
// is one of them, so outputs must match exactly. Shapes: output counts that are and are not
// multiples of the 32-output batch, fewer outputs than one batch, stride 1 (overlapping windows),
// padding on both sides, a window as wide as the padded row, a single row / plane, and 2D
// windows with different strides and pads per axis.
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
namespace mp = xesim::kernels::max_pool;

void expect_exact(const half* out, const half* ref, std::size_t n, const std::string& label) {
  const xt::accuracy_report r = xt::compare(out, ref, n, {1e-30, 0.0});
  r.print(stdout, label.c_str());
  EXPECT_TRUE(r.pass) << r.line(label.c_str());
}

template <int Len, int Win, int Stride, int Pad>
void check_1d(int rows) {
  sycl::queue q;
  constexpr int kOut = mp::pooled_len(Len, Win, Stride, Pad);
  const std::size_t n_in = static_cast<std::size_t>(rows) * Len, n_out = static_cast<std::size_t>(rows) * kOut;
  half* in = sycl::malloc_shared<half>(n_in, q);
  half* out = sycl::malloc_shared<half>(n_out, q);
  std::vector<half> ref(n_out);
  xt::fill_random(in, n_in, -4.f, 4.f, 42);
  mp::max_pool_1d<Len, Win, Stride, Pad>(q, in, out, rows).wait();
  mp::reference_1d(in, ref.data(), rows, Len, Win, Stride, Pad);
  expect_exact(out, ref.data(), n_out,
               "max_pool_1d " + std::to_string(rows) + "x" + std::to_string(Len) + " win " +
                   std::to_string(Win) + " stride " + std::to_string(Stride) + " pad " +
                   std::to_string(Pad));
  sycl::free(in, q);
  sycl::free(out, q);
}

template <int H, int W, int KH, int KW, int SH, int SW, int PH, int PW>
void check_2d(int batch, int channels) {
  sycl::queue q;
  constexpr int kOH = mp::pooled_len(H, KH, SH, PH), kOW = mp::pooled_len(W, KW, SW, PW);
  const std::size_t planes = static_cast<std::size_t>(batch) * channels;
  const std::size_t n_in = planes * H * W, n_out = planes * kOH * kOW;
  half* in = sycl::malloc_shared<half>(n_in, q);
  half* out = sycl::malloc_shared<half>(n_out, q);
  std::vector<half> ref(n_out);
  xt::fill_random(in, n_in, -4.f, 4.f, 42);
  mp::max_pool_2d<H, W, KH, KW, SH, SW, PH, PW>(q, in, out, batch, channels).wait();
  mp::reference_2d(in, ref.data(), static_cast<int>(planes), H, W, KH, KW, SH, SW, PH, PW);
  expect_exact(out, ref.data(), n_out,
               "max_pool_2d " + std::to_string(batch) + "x" + std::to_string(channels) + "x" +
                   std::to_string(H) + "x" + std::to_string(W) + " window " + std::to_string(KH) +
                   "x" + std::to_string(KW));
  sycl::free(in, q);
  sycl::free(out, q);
}

}  // namespace

TEST(MaxPool1d, Window3Stride2Pad1) { check_1d<4096, 3, 2, 1>(16); }  // 2048 outputs: 64 batches
TEST(MaxPool1d, OutputsNotAMultipleOf32) { check_1d<1000, 5, 3, 2>(37); }  // 334 outputs
TEST(MaxPool1d, FewerOutputsThanABatchSingleRow) { check_1d<31, 2, 2, 0>(1); }  // 15 outputs
TEST(MaxPool1d, Stride1Overlapping) { check_1d<100, 4, 1, 0>(9); }
TEST(MaxPool1d, WindowCoversThePaddedRow) { check_1d<7, 7, 1, 3>(5); }  // 7 outputs, pads both sides
TEST(MaxPool2d, ResNetStem3x3Stride2) { check_2d<112, 112, 3, 3, 2, 2, 1, 1>(2, 3); }
TEST(MaxPool2d, AsymmetricWindowStridesPads) { check_2d<15, 33, 2, 3, 1, 2, 1, 0>(1, 5); }
TEST(MaxPool2d, SinglePlane2x2) { check_2d<9, 65, 2, 2, 2, 2, 0, 0>(1, 1); }
TEST(MaxPool2d, OneRowPlane) { check_2d<1, 50, 1, 3, 1, 3, 0, 1>(3, 2); }
