// replicate-as-multiplier: a replicate_w<N, 1> broadcast used only as a factor.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;
using sycl::half;
constexpr int N = 16, SUB = 4;

void bad(sycl::queue& q, const half* k, const half* v, half* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, N * SUB> k_tile = block_load<half, N * SUB>(k);
    simd<half, N> v_row = block_load<half, N>(v);
    simd<half, N> acc(0.f);
    for (int ii = 0; ii < SUB; ++ii) {
      simd<half, N> k_bcast = k_tile.template replicate_w<N, 1>(ii * N);  // expect: warning replicate-as-multiplier
      acc += k_bcast * v_row;
    }
    acc += k_tile.template replicate_w<N, 1>(3) * v_row;  // expect: warning replicate-as-multiplier
    block_store<half, N>(out, acc);
  });
}

void good(sycl::queue& q, const half* k, const half* v, half* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, N * SUB> k_tile = block_load<half, N * SUB>(k);
    simd<half, N> v_row = block_load<half, N>(v);
    simd<half, N> acc(0.f);
#pragma unroll
    for (int ii = 0; ii < SUB; ++ii) {
      half k_val = k_tile[ii * N];  // a scalar: broadcast by the FMA for free
      acc += k_val * v_row;
    }
    simd<half, N> b = k_tile.template replicate_w<N, 1>(2);  // also stored: not only a factor
    block_store<half, N>(out, acc * b);
    block_store<half, N>(out + N, b);
    simd<half, 2 * N> wide = k_tile.template replicate_w<2, N>(0);  // a row copy, not a broadcast
    block_store<half, 2 * N>(out + 2 * N, wide * 2.f);
  });
}
