// The guide's BAD patterns (and its buggy first-match snippet), written as kernels: each flagged.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdint>
#include <functional>

using namespace sycl::ext::intel::esimd;
using sycl::half;
constexpr int N = 256, TT = 4, SUB_HD = 16;

void decode(sycl::queue& q, const half* input, half* output, int bsz, int heads, int seq, int blocks) {
  q.parallel_for(sycl::range<1>(bsz * heads * seq * blocks), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
    int d4 = idx[0] % blocks;  // expect: warning linear-index-decode
    int d1 = idx[0] / (blocks * seq * heads);
    output[idx[0]] = input[idx[0]] + half(d1 + d4);
  });
}

void traps(sycl::queue& q, const half* ptr, const uint8_t* bytes, half* out, float* f, int a, int b) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<half, 8> data = block_load<half, 8>(ptr + 3);  // expect: error unaligned-block-access
    simd<uint8_t, 8> u = block_load<uint8_t, 8>(bytes + 3);  // expect: error unaligned-block-access
    simd<half, 8> c = block_load<half, 8>(ptr, properties{alignment<2>{}});  // expect: error alignment-braces
    int n = sycl::min(a, b);  // expect: error sycl-minmax-in-esimd
    simd<float, 16> vec = block_load<float, 16>(f);
    float s = reduce<float>(vec, std::plus<float>());  // expect: error std-reduce-trap
    simd<half, 8> heap;
    heap = heap + data;  // expect: error uninitialized-simd
    out[0] = heap[0] + c[0] + half(s + n + u[0]);
  });
}

void element_wise(sycl::queue& q, const half* ptr, half* out, int offset) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<half, 128> val(0.f);
    for (int i = 0; i < 128; i++) val[i] = ptr[offset + i];  // expect: warning scalar-memory-loop
    block_store<half, 128>(out, val);
  });
}

void broadcast(sycl::queue& q, const half* k, const half* v, half* out) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<half, TT * SUB_HD> k_tile = block_load<half, TT * SUB_HD>(k);
    simd<half, 32> v_row = block_load<half, 32>(v);
    simd<half, 32> acc(0.f);
#pragma unroll
    for (int tt = 0; tt < TT; ++tt) {
      simd<half, 32> k_bcast = k_tile.template replicate_w<32, 1>(tt * SUB_HD);  // expect: warning replicate-as-multiplier
      acc += k_bcast * v_row;
    }
    block_store<half, 32>(out, acc);
  });
}

void spill(sycl::queue& q, float* out) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<float, 256> a(0.f), b(1.f), c(2.f), d(3.f), e(4.f), f(5.f), g(6.f), h(7.f);  // expect: warning grf-budget
    block_store<float, 256>(out, a + b + c + d + e + f + g + h);
  });
}

template <int STATIC_N>
void no_unroll(sycl::queue& q, float* out) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<float, STATIC_N> v(1.f);
    for (int i = 0; i < STATIC_N; i++) v[i] = v[i] * float(i);  // expect: warning missing-unroll
    block_store<float, STATIC_N>(out, v);
  });
}

void slm(sycl::queue& q, float* out) {
  q.parallel_for(sycl::nd_range<1>(32, 8), [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
    const int local_id = item.get_local_id(0);
    if (local_id < 4) slm_init<1024>();  // expect: error conditional-slm-init
    if (local_id < 2) barrier();  // expect: error conditional-barrier
    out[local_id] = 0.f;
  });
}

// The guide's own chunked first match: hmax picks the last matching chunk.
void first_match(sycl::queue& q, const half* in, int* out, half target) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<half, N> vec = block_load<half, N>(in);
    constexpr int MASK_N = N / 32;
    simd<uint32_t, MASK_N> masks;
#pragma unroll
    for (int mi = 0; mi < MASK_N; mi++) {
      simd<half, 32> chunk = vec.template select<32, 1>(mi * 32);
      masks[mi] = pack_mask(chunk == target);
    }
    simd<uint32_t, MASK_N> fbl_r = fbl(masks);
    simd<int32_t, MASK_N> bit_idx = fbl_r.template bit_cast_view<int32_t>();
    simd<int32_t, MASK_N> glob = bit_idx + simd<int32_t, MASK_N>(0, 32);
    glob = merge(bit_idx, glob, bit_idx == -1);
    int pos = (int)hmax<int32_t>(glob);  // expect: error first-match-hmax
    out[0] = pos;
  });
}
