// Performance of the top-K kernel: the guide's perf line (best of 5 launches, event profiling;
// GB/s only: selection has no flops to speak of) and the ESIMD/native ratio against
// reference.hpp on the same threads, then the accuracy lines of the timed output.
// `--smoke`: a small size for CI. Exit status 0 = output correct.
#include <cstdio>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

int main(int argc, char** argv) {
  using sycl::half;
  namespace xt = xesim::testing;
  namespace tk = xesim::kernels::topk;
  const bool smoke = xt::has_flag(argc, argv, "--smoke");
  constexpr int kCols = 4096, kK = 64;
  const int rows = smoke ? 64 : 8192;
  const std::size_t n = static_cast<std::size_t>(rows) * kCols, nk = static_cast<std::size_t>(rows) * kK;

  sycl::queue q{sycl::property::queue::enable_profiling{}};
  half* in = sycl::malloc_device<half>(n, q);
  half* vals = sycl::malloc_device<half>(nk, q);
  int* idxs = sycl::malloc_device<int>(nk, q);
  std::vector<half> ref_vals(nk);
  std::vector<int> ref_idxs(nk);
  xt::fill_random(in, n, -1.f, 1.f, 42);

  std::printf("topk: %d rows x %d halves, K = %d\n", rows, kCols, kK);
  std::printf("%s\n", xt::config_line().c_str());
  auto launch = [&] { return tk::topk<kCols, kK>(q, in, vals, idxs, rows); };
  const double bytes = double(n) * sizeof(half) + double(nk) * (sizeof(half) + sizeof(int));
  const xt::perf_report perf = xt::run_perf(launch, bytes, 0.0);
  perf.print();
  const xt::native_report nat = xt::compare_native(
      launch, [&] { tk::reference(in, ref_vals.data(), ref_idxs.data(), rows, kCols, kK); },
      smoke ? 3 : 7);
  nat.print();
  const xt::accuracy_report rv = xt::compare(vals, ref_vals.data(), nk, {1e-30, 0.0});
  const xt::accuracy_report ri = xt::compare(idxs, ref_idxs.data(), nk, xt::kExact);
  rv.print(stdout, "accuracy (values)");
  ri.print(stdout, "accuracy (indices)");
  sycl::free(in, q);
  sycl::free(vals, q);
  sycl::free(idxs, q);
  return rv.pass && ri.pass ? 0 : 1;
}
