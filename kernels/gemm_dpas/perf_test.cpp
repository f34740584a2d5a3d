// Performance of the dpas GEMM (bf16 in, fp32 out): the guide's perf line (best of 5 launches,
// event profiling) and the ESIMD/native ratio against reference.hpp on the same threads, then the
// accuracy line of the timed output. `--smoke`: a small size for CI. Exit status 0 = correct.
// The comparison with oneDNN's bf16 matmul is bench/gemm_dpas_bench.cpp.
#include <cstdio>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

int main(int argc, char** argv) {
  using bf16 = sycl::ext::oneapi::bfloat16;
  namespace xt = xesim::testing;
  namespace gd = xesim::kernels::gemm_dpas;
  const bool smoke = xt::has_flag(argc, argv, "--smoke");
  const int n = smoke ? 256 : 1024;  // M = N = K
  const std::size_t nn = std::size_t(n) * n;

  sycl::queue q{sycl::property::queue::enable_profiling{}};
  bf16* a = sycl::malloc_device<bf16>(nn, q);
  bf16* bv = sycl::malloc_device<bf16>(gd::packed_b_elems(n, n, gd::device_exec_size(q)), q);
  float* c = sycl::malloc_device<float>(nn, q);
  std::vector<bf16> b(nn);
  std::vector<float> ref(nn);
  xt::fill_random(a, nn, -1.f, 1.f, 42);
  xt::fill_random(b.data(), nn, -1.f, 1.f, 43);
  gd::pack_b(b.data(), n, n, n, gd::device_exec_size(q), bv);

  std::printf("gemm_dpas: %d x %d x %d, bf16 in, fp32 out, dpas width %d\n", n, n, n,
              gd::device_exec_size(q));
  std::printf("%s\n", xt::config_line().c_str());
  auto launch = [&] { return gd::gemm<bf16>(q, a, bv, c, n, n, n); };
  const xt::perf_report perf = xt::run_perf(launch, 2.0 * 3 * nn + 2.0 * nn, 2.0 * nn * n);
  perf.print();
  const xt::native_report nat = xt::compare_native(
      launch, [&] { gd::reference(a, b.data(), ref.data(), n, n, n); }, smoke ? 3 : 5);
  nat.print();
  const xt::accuracy_report acc = xt::compare(c, ref.data(), nn);
  acc.print();
  sycl::free(a, q);
  sycl::free(bv, q);
  sycl::free(c, q);
  return acc.pass ? 0 : 1;
}
