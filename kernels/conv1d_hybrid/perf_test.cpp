// Performance of the hybrid 1D convolution: the guide's perf line (best of 5 launches, event
// profiling) and the ESIMD/native ratio against reference.hpp on the same threads, then the
// accuracy line of the timed output. `--smoke`: a small size for CI. Exit status 0 = correct.
#include <cstdio>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

int main(int argc, char** argv) {
  using sycl::half;
  namespace xt = xesim::testing;
  namespace cv = xesim::kernels::conv1d_hybrid;
  const bool smoke = xt::has_flag(argc, argv, "--smoke");
  constexpr int kLen = 4096, kWin = 8, kStride = 2, kPad = 3;
  constexpr int kOut = cv::conv_len(kLen, kWin, kStride, kPad);
  const int rows = smoke ? 64 : 8192;
  const std::size_t n_in = static_cast<std::size_t>(rows) * kLen, n_out = static_cast<std::size_t>(rows) * kOut;

  sycl::queue q{sycl::property::queue::enable_profiling{}};
  half* in = sycl::malloc_device<half>(n_in, q);
  half* filt = sycl::malloc_device<half>(static_cast<std::size_t>(rows) * kWin, q);
  half* out = sycl::malloc_device<half>(n_out, q);
  std::vector<half> ref(n_out);
  xt::fill_random(in, n_in, -1.f, 1.f, 42);
  xt::fill_random(filt, static_cast<std::size_t>(rows) * kWin, -1.f, 1.f, 43);

  std::printf("conv1d_hybrid: %d rows x %d halves, window %d stride %d pad %d -> %d outputs\n",
              rows, kLen, kWin, kStride, kPad, kOut);
  std::printf("%s\n", xt::config_line().c_str());
  auto launch = [&] { return cv::conv1d_hybrid<kLen, kWin, kStride, kPad>(q, in, filt, out, rows); };
  // Bytes: input, filters, output. Flops: a multiply and an add per tap per output.
  const double bytes = double(n_in + n_out + static_cast<std::size_t>(rows) * kWin) * sizeof(half);
  const xt::perf_report perf = xt::run_perf(launch, bytes, 2.0 * kWin * n_out);
  perf.print();
  const xt::native_report nat = xt::compare_native(
      launch, [&] { cv::reference(in, filt, ref.data(), rows, kLen, kWin, kStride, kPad); },
      smoke ? 3 : 7);
  nat.print();
  // Both sides round FP32 sums (in different orders) to FP16: one FP16 ulp apart at most.
  const xt::accuracy_report acc = xt::compare(out, ref.data(), n_out, {1e-2, 2e-3});
  acc.print();
  sycl::free(in, q);
  sycl::free(filt, q);
  sycl::free(out, q);
  return acc.pass ? 0 : 1;
}
