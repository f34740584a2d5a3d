// uninitialized-simd: simd<T, N> v; read before written.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;
using sycl::half;
constexpr int K = 8;

void bad(sycl::queue& q, const half* in, half* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, K> heap;
    simd<float, 16> acc;
    for (int j = 0; j < 4; ++j) acc += 1.f;  // expect: error uninitialized-simd
    heap[0] = in[0];
    simd<half, K> topk_heap;
    simd<half, K> x = block_load<half, K>(in);
    topk_heap.merge(x, x > topk_heap);  // expect: error uninitialized-simd
    simd<half, K> other;
    block_store<half, K>(out, other);  // expect: error uninitialized-simd
    out[1] = heap[0] + half(acc[0]) + topk_heap[0];
  });
}

void good(sycl::queue& q, const half* in, half* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, K> heap(-65504.f);                  // broadcast init
    simd<half, K> loaded = block_load<half, K>(in);  // init from a load
    simd<half, K> top;                             // written lane by lane before any read
#pragma unroll
    for (int k = 0; k < K; ++k) top[k] = heap[k];
    simd<float, 16> acc;
    acc = 0.f;  // assigned before use
    acc += 1.f;
    simd<half, K> part;
    part.select<4, 1>(0) = loaded.select<4, 1>(0);
    part.select<4, 1>(4) = loaded.select<4, 1>(4);
    simd<float, 8> c;
    c.copy_from(reinterpret_cast<const float*>(in));
    simd<float, 8> m;
    m.merge(c, c * 2.f, c > 0.f);  // the two-source merge writes every lane
    block_store<half, K>(out, top + loaded + part + half(acc[0]) + half(c[0]) + half(m[0]));
  });
}
