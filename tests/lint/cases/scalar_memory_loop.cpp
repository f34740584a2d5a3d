// scalar-memory-loop: element-wise loads/stores where one block access would do.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;
using sycl::half;

void bad(sycl::queue& q, const half* ptr, half* out, int offset) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, 128> val;
#pragma unroll
    for (int k = 0; k < 128; k++) val[k] = ptr[offset + k];  // expect: warning scalar-memory-loop
    for (int k = 0; k < 128; k++) {  // expect: warning scalar-memory-loop
      out[offset + k] = val[k];
    }
  });
}

void good(sycl::queue& q, const half* ptr, half* out, int offset, int num_outputs) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, 128> val = block_load<half, 128>(ptr + offset, properties{alignment<2>});
    block_store<half, 128>(out + offset, val, properties{alignment<2>});
    // The guide's scalar tail: a run-time count of leftover elements.
    const int n = num_outputs - offset;
    for (int k = 0; k < n; k++) out[offset + k] = val[k];
    // Strided: not one contiguous block.
#pragma unroll
    for (int k = 0; k < 16; k++) out[2 * k] = val[k];
  });
}

void reduce_loop(sycl::queue& q, const float* ptr, float* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    float s = 0.f;
    for (int k = 0; k < 64; ++k) s += ptr[i[0] * 64 + k];  // expect: warning scalar-memory-loop
    float t = 0.f;
    for (int k = 0; k < 64; ++k) t += ptr[2 * k];  // strided: silent
    out[i[0]] = s + t;
  });
}
