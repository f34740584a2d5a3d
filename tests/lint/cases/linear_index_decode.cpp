// linear-index-decode: a 1D range decoded into coordinates (the guide's Rule 1).
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;
using sycl::half;

void bad(sycl::queue& q, const half* input, half* output, int bsz, int heads, int seq, int blocks) {
  q.parallel_for(sycl::range<1>(bsz * heads * seq * blocks), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
    int d4 = idx[0] % blocks;  // expect: warning linear-index-decode
    int d3 = (idx[0] / blocks) % seq;
    int d2 = (idx[0] / (blocks * seq)) % heads;
    int d1 = idx[0] / (blocks * seq * heads);
    output[idx[0]] = input[idx[0]] + half(d1 + d2 + d3 + d4);
  });
}

void bad_via_variable(sycl::queue& q, float* out, int cols) {
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
    const int linear = idx[0];
    const int row = linear / cols;  // expect: warning linear-index-decode
    const int col = linear % cols;
    out[row * cols + col] = 1.f;
  });
}

void good(sycl::queue& q, const half* input, half* output, int bsz, int heads, int seq) {
  q.parallel_for(sycl::range<3>(bsz, heads, seq), [=](sycl::id<3> idx) SYCL_ESIMD_KERNEL {
    int b = idx[0], h = idx[1], s = idx[2];
    output[(b * heads + h) * seq + s] = input[(b * heads + h) * seq + s];
  });
}

void good_1d(sycl::queue& q, const float* in, float* out, int n) {
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
    const int base = idx[0] * 128;  // one row per work-item: no decode
    const int half_n = n / 2;       // not the index
    simd<float, 128> v = block_load<float, 128>(in + base);
    const int parity = int(in[idx[0]]) % 2;  // a value read at idx, not a coordinate
    block_store<float, 128>(out + base, v + float(half_n + parity));
  });
}
