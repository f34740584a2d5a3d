// Pattern 2 of the guide: a work-group reduction through SLM. Each work-group computes one output
// y[row] = dot(A[row, :], x) with G work-items splitting K; partial sums meet in SLM after a
// barrier and work-item 0 adds them. Note the SLM store of one float: its offset lid*4 is only
// 4-byte aligned, so it says so with properties{alignment<4>} (without it DPC++ assumes 16 B, which
// Gen12 GPUs get wrong).
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdio>
#include <vector>

#include <xesim/testing.hpp>

using sycl::half;
constexpr int ROWS = 512, K = 4096, G = 8;  // G work-items per row
constexpr int SLICE = K / G, VL = 128;      // each work-item: 512 elements in 4 loads of 128

sycl::event gemv(sycl::queue& q, const half* a, const half* x, float* y) {
  return q.submit([&](sycl::handler& cgh) {
    cgh.parallel_for<class SlmReduce>(
        sycl::nd_range<1>(ROWS * G, G), [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
          using namespace sycl::ext::intel::esimd;
          slm_init<G * sizeof(float)>();  // unconditional, first
          const int row = item.get_group(0), lid = item.get_local_id(0);
          const half* arow = a + row * K + lid * SLICE;
          simd<half, VL> av[SLICE / VL], xv[SLICE / VL];
#pragma unroll
          for (int i = 0; i < SLICE / VL; ++i) {  // all loads before any compute
            av[i] = block_load<half, VL>(arow + i * VL);
            xv[i] = block_load<half, VL>(x + lid * SLICE + i * VL);
          }
          simd<float, VL> acc = 0.f;  // FP32 accumulation: K terms
#pragma unroll
          for (int i = 0; i < SLICE / VL; ++i) acc += convert<float>(av[i]) * convert<float>(xv[i]);
          const float partial = sycl::ext::intel::esimd::detail::sum<float, float, VL>(acc);
          slm_block_store<float, 1>(lid * sizeof(float), simd<float, 1>(partial),
                                    properties{alignment<4>});
          barrier();  // reached by every work-item
          if (lid == 0) {
            simd<float, G> parts = slm_block_load<float, G>(0);
            y[row] = sycl::ext::intel::esimd::detail::sum<float, float, G>(parts);
          }
        });
  });
}

int main() {
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  half* a = sycl::malloc_shared<half>(ROWS * K, q);
  half* x = sycl::malloc_shared<half>(K, q);
  float* y = sycl::malloc_shared<float>(ROWS, q);
  xesim::testing::fill_random(a, ROWS * K, -1.f, 1.f, 42);
  xesim::testing::fill_random(x, K, -1.f, 1.f, 43);

  sycl::event ev = gemv(q, a, x, y);
  ev.wait();
  const double ns = double(ev.get_profiling_info<sycl::info::event_profiling::command_end>() -
                           ev.get_profiling_info<sycl::info::event_profiling::command_start>());

  std::vector<double> ref(ROWS, 0.0);
  for (int r = 0; r < ROWS; ++r)
    for (int k = 0; k < K; ++k) ref[r] += double(float(a[r * K + k])) * double(float(x[k]));
  const auto report = xesim::testing::compare(y, ref.data(), ROWS);
  std::printf("slm_reduction: %d rows x %d, %d work-items per group, %.3f ms on the CPU\n", ROWS, K,
              G, ns * 1e-6);
  report.print();
  sycl::free(a, q);
  sycl::free(x, q);
  sycl::free(y, q);
  return report.pass ? 0 : 1;
}
