// Performance of max pooling, 1D and 2D: for each, the guide's perf line (best of 5 launches,
// event profiling; GB/s only: comparisons are not flops) and the ESIMD/native ratio against
// reference.hpp on the same threads, then the accuracy line of the timed output.
// `--smoke`: small sizes for CI. Exit status 0 = both outputs correct.
#include <cstdio>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

namespace {

using sycl::half;
namespace xt = xesim::testing;
namespace mp = xesim::kernels::max_pool;

bool run_1d(sycl::queue& q, bool smoke) {
  constexpr int kLen = 4096, kWin = 3, kStride = 2, kPad = 1;
  constexpr int kOut = mp::pooled_len(kLen, kWin, kStride, kPad);
  const int rows = smoke ? 64 : 8192;
  const std::size_t n_in = static_cast<std::size_t>(rows) * kLen, n_out = static_cast<std::size_t>(rows) * kOut;
  half* in = sycl::malloc_device<half>(n_in, q);
  half* out = sycl::malloc_device<half>(n_out, q);
  std::vector<half> ref(n_out);
  xt::fill_random(in, n_in, -4.f, 4.f, 42);
  std::printf("max_pool_1d: %d rows x %d halves, window %d stride %d pad %d\n", rows, kLen, kWin,
              kStride, kPad);
  auto launch = [&] { return mp::max_pool_1d<kLen, kWin, kStride, kPad>(q, in, out, rows); };
  xt::run_perf(launch, double(n_in + n_out) * sizeof(half), 0.0).print();
  xt::compare_native(
      launch, [&] { mp::reference_1d(in, ref.data(), rows, kLen, kWin, kStride, kPad); },
      smoke ? 3 : 7)
      .print();
  const xt::accuracy_report acc = xt::compare(out, ref.data(), n_out, {1e-30, 0.0});
  acc.print();
  sycl::free(in, q);
  sycl::free(out, q);
  return acc.pass;
}

bool run_2d(sycl::queue& q, bool smoke) {
  constexpr int kH = 112, kW = 112, kK = 3, kS = 2, kP = 1;  // a ResNet stem pooling
  constexpr int kOH = mp::pooled_len(kH, kK, kS, kP), kOW = mp::pooled_len(kW, kK, kS, kP);
  const int batch = smoke ? 1 : 16, channels = 64;
  const std::size_t planes = static_cast<std::size_t>(batch) * channels;
  const std::size_t n_in = planes * kH * kW, n_out = planes * kOH * kOW;
  half* in = sycl::malloc_device<half>(n_in, q);
  half* out = sycl::malloc_device<half>(n_out, q);
  std::vector<half> ref(n_out);
  xt::fill_random(in, n_in, -4.f, 4.f, 42);
  std::printf("max_pool_2d: %d x %d x %d x %d halves, window %dx%d stride %d pad %d\n", batch,
              channels, kH, kW, kK, kK, kS, kP);
  auto launch = [&] {
    return mp::max_pool_2d<kH, kW, kK, kK, kS, kS, kP, kP>(q, in, out, batch, channels);
  };
  xt::run_perf(launch, double(n_in + n_out) * sizeof(half), 0.0).print();
  xt::compare_native(
      launch,
      [&] { mp::reference_2d(in, ref.data(), int(planes), kH, kW, kK, kK, kS, kS, kP, kP); },
      smoke ? 3 : 7)
      .print();
  const xt::accuracy_report acc = xt::compare(out, ref.data(), n_out, {1e-30, 0.0});
  acc.print();
  sycl::free(in, q);
  sycl::free(out, q);
  return acc.pass;
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = xt::has_flag(argc, argv, "--smoke");
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  std::printf("%s\n", xt::config_line().c_str());
  const bool ok_1d = run_1d(q, smoke);
  const bool ok_2d = run_2d(q, smoke);
  return ok_1d && ok_2d ? 0 : 1;
}
