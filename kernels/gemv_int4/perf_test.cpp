// Performance of the int4 GEMV: the guide's perf line (best of 5 launches, event profiling) and
// the ESIMD/native ratio against reference.hpp on the same threads, then the accuracy line of the
// timed output. `--smoke`: a small size for CI. Exit status 0 = output correct.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

int main(int argc, char** argv) {
  using sycl::half;
  namespace xt = xesim::testing;
  namespace gv = xesim::kernels::gemv_int4;
  const bool smoke = xt::has_flag(argc, argv, "--smoke");
  constexpr int kK = 4096, kG = 128, kT = 8, kR = 8;  // a 4096-wide LLM projection
  const int n = smoke ? 256 : 16384;
  const std::size_t wbytes = static_cast<std::size_t>(n) * kK / 2, nscales = wbytes * 2 / kG;

  sycl::queue q{sycl::property::queue::enable_profiling{}};
  uint8_t* w = sycl::malloc_device<uint8_t>(wbytes, q);
  half* scales = sycl::malloc_device<half>(nscales, q);
  half* x = sycl::malloc_device<half>(kK, q);
  half* y = sycl::malloc_device<half>(n, q);
  std::vector<half> ref(n);
  std::srand(42);
  for (std::size_t i = 0; i < wbytes; ++i) w[i] = static_cast<uint8_t>(std::rand() & 0xFF);
  xt::fill_random(scales, nscales, 0.005f, 0.02f, 43);
  xt::fill_random(x, kK, -1.f, 1.f, 44);

  std::printf("gemv_int4: %d x %d int4 weights, group %d, %d threads x %d rows per work-group\n",
              n, kK, kG, kT, kR);
  std::printf("%s\n", xt::config_line().c_str());
  auto launch = [&] { return gv::gemv_int4<kK, kG, kT, kR>(q, w, scales, x, y, n); };
  // Bytes: the packed weights, the scales, x and y. Flops: a multiply and an add per weight.
  const double bytes = double(wbytes) + 2.0 * (double(nscales) + kK + n);
  const xt::perf_report perf = xt::run_perf(launch, bytes, 2.0 * n * kK);
  perf.print();
  const xt::native_report nat = xt::compare_native(
      launch, [&] { gv::reference(w, scales, x, ref.data(), n, kK, kG); }, smoke ? 3 : 7);
  nat.print();
  // Both sides round FP32 sums (in different orders) to FP16: one FP16 ulp apart at most.
  const xt::accuracy_report acc = xt::compare(y, ref.data(), n, {1e-2, 2e-3});
  acc.print();
  sycl::free(w, q);
  sycl::free(scales, q);
  sycl::free(x, q);
  sycl::free(y, q);
  return acc.pass ? 0 : 1;
}
