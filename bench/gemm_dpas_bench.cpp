// The cookbook's dpas GEMM (kernels/gemm_dpas, bf16 in, fp32 out) on xesim against oneDNN's bf16
// matmul on the same cores in one process: repetitions alternate, the figure is the median of
// the per-pair time ratios (xesim / oneDNN; the target: <= 2, half oneDNN's throughput).
// oneDNN runs its OpenMP threads (as many as the engine's, XESIM_THREADS); this program re-runs
// itself with OMP_WAIT_POLICY=PASSIVE so that idle OpenMP threads do not spin on the cores the
// engine's workers need. Both results are checked against each other first.
//   build/bin/gemm_dpas_bench [--pairs N] [--sample-ms X] [--md FILE] [--size N]
#include <oneapi/dnnl/dnnl.hpp>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <xesim/runtime/launch.hpp>
#include <xesim/testing.hpp>

#include "../kernels/gemm_dpas/kernel.hpp"
#include "harness.hpp"

namespace {

using bf16 = sycl::ext::oneapi::bfloat16;

/// oneDNN's bf16 x bf16 -> f32 matmul of plain row-major matrices, built once.
struct onednn_matmul {
  dnnl::engine eng{dnnl::engine::kind::cpu, 0};
  dnnl::stream strm{eng};
  dnnl::memory a, b, c;
  dnnl::matmul prim;
  onednn_matmul(int n, void* pa, void* pb, void* pc) {
    using md = dnnl::memory::desc;
    using dt = dnnl::memory::data_type;
    const md a_md({n, n}, dt::bf16, dnnl::memory::format_tag::ab);
    const md b_md({n, n}, dt::bf16, dnnl::memory::format_tag::ab);
    const md c_md({n, n}, dt::f32, dnnl::memory::format_tag::ab);
    a = dnnl::memory(a_md, eng, pa);
    b = dnnl::memory(b_md, eng, pb);
    c = dnnl::memory(c_md, eng, pc);
    prim = dnnl::matmul(dnnl::matmul::primitive_desc(dnnl::matmul::desc(a_md, b_md, c_md), eng));
  }
  void run() {
    prim.execute(strm, {{DNNL_ARG_SRC, a}, {DNNL_ARG_WEIGHTS, b}, {DNNL_ARG_DST, c}});
    strm.wait();
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (std::getenv("OMP_WAIT_POLICY") == nullptr) {  // before libgomp reads it: start again
    setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    execv("/proc/self/exe", argv);
  }
  int n = 2048;
  std::vector<char*> rest{argv[0]};
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--size") == 0 && i + 1 < argc)
      n = std::atoi(argv[++i]);
    else
      rest.push_back(argv[i]);
  }
  xesim::bench::runner run(int(rest.size()), rest.data());
  const std::size_t nn = std::size_t(n) * n;
  sycl::queue q;
  bf16* a = sycl::malloc_device<bf16>(nn, q);
  namespace gd = xesim::kernels::gemm_dpas;
  bf16* bv = sycl::malloc_device<bf16>(gd::packed_b_elems(n, n, gd::device_exec_size(q)), q);
  float* c = sycl::malloc_device<float>(nn, q);
  std::vector<bf16> b(nn);
  std::vector<float> c_dnnl(nn);
  xesim::testing::fill_random(a, nn, -1.f, 1.f, 42);
  xesim::testing::fill_random(b.data(), nn, -1.f, 1.f, 43);
  gd::pack_b(b.data(), n, n, n, gd::device_exec_size(q),
             bv);  // once, like oneDNN's prepacked weights
  onednn_matmul dn(n, a, b.data(), c_dnnl.data());
  auto esimd = [&] { xesim::kernels::gemm_dpas::gemm<bf16>(q, a, bv, c, n, n, n).wait(); };
  auto native = [&] { dn.run(); };

  esimd();
  native();
  double worst = 0;  // oneDNN sums in another order: relative agreement, not bits
  for (std::size_t i = 0; i < nn; ++i)
    worst = std::max(worst, double(std::fabs(c[i] - c_dnnl[i])) / (1.0 + std::fabs(c_dnnl[i])));
  std::printf(
      "gemm_dpas_bench: %d^3 bf16 -> f32, %d engine threads, oneDNN %d.%d, dpas width %d, "
      "max |xesim - oneDNN| / (1 + |oneDNN|) = %.2g\n",
      n, xesim::rt::thread_count(), dnnl_version()->major, dnnl_version()->minor,
      xesim::kernels::gemm_dpas::device_exec_size(q), worst);
  if (!(worst < 1e-3)) {
    std::printf("gemm_dpas_bench: results differ\n");
    return 1;
  }
  const xesim::bench::work w{3.0 * 2 * double(nn) + 4.0 * double(nn), 2.0 * double(nn) * n};
  run.compare("gemm_dpas bf16 " + std::to_string(n) + "^3 vs oneDNN", esimd, native, w, 2.0);
  sycl::free(a, q);
  sycl::free(bv, q);
  sycl::free(c, q);
  return run.finish();
}
