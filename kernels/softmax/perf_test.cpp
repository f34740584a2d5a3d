// Performance of the softmax kernel: the guide's perf line (best of 5 launches, event profiling)
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
  namespace sm = xesim::kernels::softmax;
  const bool smoke = xt::has_flag(argc, argv, "--smoke");
  constexpr int kCols = 4096;
  const int rows = smoke ? 64 : 4096;
  const std::size_t n = static_cast<std::size_t>(rows) * kCols;

  sycl::queue q{sycl::property::queue::enable_profiling{}};
  half* in = sycl::malloc_device<half>(n, q);
  half* out = sycl::malloc_device<half>(n, q);
  std::vector<half> ref(n);
  xt::fill_random(in, n, -4.f, 4.f, 42);

  std::printf("softmax: %d rows x %d halves\n", rows, kCols);
  std::printf("%s\n", xt::config_line().c_str());
  auto launch = [&] { return sm::softmax<kCols>(q, in, out, rows); };
  // Bytes: read the row once and write it once (passes 2 and 3 re-read it from cache).
  // Flops per element: max, subtract, exp, add (pass 2); subtract, exp, multiply (pass 3).
  const xt::perf_report perf = xt::run_perf(launch, 2.0 * n * sizeof(half), 7.0 * n);
  perf.print();
  const xt::native_report nat =
      xt::compare_native(launch, [&] { sm::reference(in, ref.data(), rows, kCols); }, smoke ? 3 : 7);
  nat.print();
  // Both sides round to FP16 from FP32 results that differ in the last bits: one FP16 ulp apart
  // at most (2^-10 relative); outputs are at most ~0.01 here, so 2e-5 absolute covers it too.
  const xt::accuracy_report acc = xt::compare(out, ref.data(), n, {2e-5, 2e-3});
  acc.print();
  sycl::free(in, q);
  sycl::free(out, q);
  return acc.pass ? 0 : 1;
}
