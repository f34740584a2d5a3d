// Performance of the RMSNorm kernel: the guide's perf line (best of 5 launches, event profiling)
// and the ESIMD/native ratio against reference.hpp on the same threads, then the accuracy line of
// the timed output. `--smoke`: a small size for CI. Exit status 0 = output correct.
#include <cstdio>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

int main(int argc, char** argv) {
  using sycl::half;
  namespace xt = xesim::testing;
  namespace rn = xesim::kernels::rms_norm;
  const bool smoke = xt::has_flag(argc, argv, "--smoke");
  constexpr int kCols = 4096;  // a common LLM hidden size
  const int rows = smoke ? 64 : 8192;
  const std::size_t n = static_cast<std::size_t>(rows) * kCols;

  sycl::queue q{sycl::property::queue::enable_profiling{}};
  half* in = sycl::malloc_device<half>(n, q);
  half* weight = sycl::malloc_device<half>(kCols, q);
  half* out = sycl::malloc_device<half>(n, q);
  std::vector<half> ref(n);
  xt::fill_random(in, n, -1.f, 1.f, 42);
  xt::fill_random(weight, kCols, 0.5f, 1.5f, 43);

  std::printf("rms_norm: %d rows x %d halves\n", rows, kCols);
  std::printf("%s\n", xt::config_line().c_str());
  auto launch = [&] { return rn::rms_norm<kCols>(q, in, weight, out, rows); };
  // Bytes: the rows in and out (the weights stay in cache). Flops per element: square and add
  // (pass 1), two multiplies (pass 2).
  const xt::perf_report perf = xt::run_perf(launch, 2.0 * n * sizeof(half), 4.0 * n);
  perf.print();
  const xt::native_report nat = xt::compare_native(
      launch, [&] { rn::reference(in, weight, ref.data(), rows, kCols); }, smoke ? 3 : 7);
  nat.print();
  // Both sides round to FP16: at most one FP16 ulp apart (2^-10 relative, ~0.004 at |out| ~ 4).
  const xt::accuracy_report acc = xt::compare(out, ref.data(), n, {1e-2, 2e-3});
  acc.print();
  sycl::free(in, q);
  sycl::free(weight, q);
  sycl::free(out, q);
  return acc.pass ? 0 : 1;
}
