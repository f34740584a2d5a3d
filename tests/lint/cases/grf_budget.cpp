// grf-budget: simd locals live together over the GRF (default model: 8 KB; --device=arc-a770: 4 KB).
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;

void bad(sycl::queue& q, const float* in, float* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<float, 256> a = block_load<float, 256>(in), b = a + 1.f, c = a + 2.f, d = a + 3.f;
    simd<float, 256> e = a * 2.f, f = b * 2.f, g = c * 2.f;
    simd<float, 256> h = d * 2.f;  // expect: warning grf-budget
    block_store<float, 256>(out, a + b + c + d + e + f + g + h);
  });
}

void good(sycl::queue& q, const float* in, float* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<float, 256> acc(0.f);
    for (int k = 0; k < 8; ++k) {
      simd<float, 128> tmp = block_load<float, 128>(in + k * 128);  // one temporary, reused
      acc.template select<128, 1>(0) += tmp;
    }
    {
      simd<float, 512> scratch = acc.template replicate<2>();  // 2 KB, its own scope
      block_store<float, 512>(out, scratch);
    }
    {
      simd<float, 512> scratch2 = acc.template replicate<2>();  // the first scope has ended
      block_store<float, 512>(out + 512, scratch2);
    }
  });
}

// Arrays count with all their elements: 8 x 4 x simd<float, 64> = 8 KB.
void tiles(sycl::queue& q, float* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<float, 64> q_tiles[8][4];  // expect: warning grf-budget
#pragma unroll
    for (int m = 0; m < 8; ++m) q_tiles[m][0] = 0.f;
    block_store<float, 64>(out, q_tiles[0][0]);
  });
}
