// Every cookbook kernel, at its perf_test.cpp size, against its native reference built with
// -O3 -ffast-math (fast_native.cpp): the ESIMD/native ratio (median of alternating pairs) against
// the strongest plain-C++ baseline. Prints one line per kernel. `--smoke`: small sizes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <xesim/testing.hpp>

#include "../conv1d_hybrid/kernel.hpp"
#include "../gemv_int4/kernel.hpp"
#include "../max_pool/kernel.hpp"
#include "../rms_norm/kernel.hpp"
#include "../softmax/kernel.hpp"
#include "../topk/kernel.hpp"
#include "fast_native.hpp"

namespace {

using sycl::half;
namespace xt = xesim::testing;
namespace kn = xesim::kernels;
namespace fast = xesim::kernels::fast_native;

template <class Launch, class Native>
void row(const char* name, int pairs, Launch&& launch, Native&& native) {
  const xt::native_report r = xt::compare_native(launch, native, pairs);
  std::printf("%-14s %s\n", name, r.line("fast native").c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const bool smoke = xt::has_flag(argc, argv, "--smoke");
  const int pairs = smoke ? 3 : 9;
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  std::printf("%s\n", xt::config_line().c_str());
  constexpr int kC = 4096;
  const int rows = smoke ? 64 : 8192;
  const std::size_t n = static_cast<std::size_t>(rows) * kC;
  half* in = sycl::malloc_device<half>(n, q);
  half* out = sycl::malloc_device<half>(n, q);
  half* aux = sycl::malloc_device<half>(static_cast<std::size_t>(rows) * 64, q);
  int* idx = sycl::malloc_device<int>(static_cast<std::size_t>(rows) * 64, q);
  std::vector<half> ref(n);
  std::vector<int> ref_idx(static_cast<std::size_t>(rows) * 64);
  xt::fill_random(in, n, -1.f, 1.f, 42);
  xt::fill_random(aux, static_cast<std::size_t>(rows) * 64, 0.5f, 1.5f, 43);

  const int sm_rows = smoke ? 64 : 4096;  // softmax_perf's size
  row("softmax", pairs, [&] { return kn::softmax::softmax<kC>(q, in, out, sm_rows); },
      [&] { fast::softmax(in, ref.data(), sm_rows, kC); });
  row("rms_norm", pairs, [&] { return kn::rms_norm::rms_norm<kC>(q, in, aux, out, rows); },
      [&] { fast::rms_norm(in, aux, ref.data(), rows, kC); });
  row("conv1d_hybrid", pairs,
      [&] { return kn::conv1d_hybrid::conv1d_hybrid<kC, 8, 2, 3>(q, in, aux, out, rows); },
      [&] { fast::conv1d(in, aux, ref.data(), rows, kC, 8, 2, 3); });
  row("max_pool_1d", pairs, [&] { return kn::max_pool::max_pool_1d<kC, 3, 2, 1>(q, in, out, rows); },
      [&] { fast::max_pool_1d(in, ref.data(), rows, kC, 3, 2, 1); });
  const int batch = smoke ? 1 : 16, planes = batch * 64;
  row("max_pool_2d", pairs,
      [&] { return kn::max_pool::max_pool_2d<112, 112, 3, 3, 2, 2, 1, 1>(q, in, out, batch, 64); },
      [&] { fast::max_pool_2d(in, ref.data(), planes, 112, 112, 3, 3, 2, 2, 1, 1); });
  row("topk", pairs, [&] { return kn::topk::topk<kC, 64>(q, in, aux, idx, rows); },
      [&] { fast::topk(in, ref.data(), ref_idx.data(), rows, kC, 64); });

  const int gn = smoke ? 256 : 16384;  // gemv_int4_perf's size
  const std::size_t wbytes = static_cast<std::size_t>(gn) * kC / 2;
  uint8_t* w = sycl::malloc_device<uint8_t>(wbytes, q);
  half* scales = sycl::malloc_device<half>(wbytes * 2 / 128, q);
  std::srand(42);
  for (std::size_t i = 0; i < wbytes; ++i) w[i] = static_cast<uint8_t>(std::rand() & 0xFF);
  xt::fill_random(scales, wbytes * 2 / 128, 0.005f, 0.02f, 43);
  row("gemv_int4", pairs,
      [&] { return kn::gemv_int4::gemv_int4<kC, 128, 8, 8>(q, w, scales, in, out, gn); },
      [&] { fast::gemv_int4(w, scales, in, ref.data(), gn, kC, 128); });

  for (void* p : {static_cast<void*>(in), static_cast<void*>(out), static_cast<void*>(aux),
                  static_cast<void*>(idx), static_cast<void*>(w), static_cast<void*>(scales)})
    sycl::free(p, q);
  return 0;
}
