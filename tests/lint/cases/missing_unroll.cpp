// missing-unroll: a compile-time trip-count loop indexing registers, no #pragma unroll.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;
using sycl::half;
constexpr int STATIC_N = 8, D = 32;

template <int K>
void bad(sycl::queue& q, const half* ptr, const half* w, float* results) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, D> vecs[K];
    simd<float, STATIC_N> acc(0.f);
    for (int j = 0; j < K; j++) vecs[j] = block_load<half, D>(ptr + j * D);  // expect: warning missing-unroll
    for (int j = 0; j < STATIC_N; j++) acc[j] = float(vecs[0][j]);  // expect: warning missing-unroll
    simd<float, 64> x = block_load<float, 64>(results);
    for (int c = 0; c < 4; ++c)  // expect: warning missing-unroll
      x.template select<16, 1>(c * 16) = x.template select<16, 1>(c * 16) * 2.f;
    block_store<float, STATIC_N>(results, acc + x.template select<STATIC_N, 1>(0));
  });
}

template <int K>
void good(sycl::queue& q, const half* ptr, float* results, int n) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, D> vecs[K];
    simd<float, STATIC_N> acc(0.f);
#pragma unroll
    for (int j = 0; j < K; j++) vecs[j] = block_load<half, D>(ptr + j * D);
#pragma unroll 4
    for (int j = 0; j < STATIC_N; j++) acc[j] = float(vecs[0][j]);
#pragma GCC unroll 4
    for (int j = 0; j < STATIC_N; j++) acc[j] += 1.f;
    for (int j = 0; j < n; j++) results[j] = 0.f;               // run-time trip count
    for (int j = 0; j < 1024; j++) results[j] += 1.f;           // memory only, no registers
    for (int j = 0; j < STATIC_N; j++) {
      if (results[j] > 0.f) break;                              // an edge path with a branch
      results[j] = acc[j];
    }
    block_store<float, STATIC_N>(results, acc);
  });
}
