// first-match-hmax: the guide's chunked first match with hmax returns the LAST chunk's lane.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <climits>
#include <cstdint>

using namespace sycl::ext::intel::esimd;
using sycl::half;
constexpr int N = 128, MASK_N = N / 32;

void bad(sycl::queue& q, const half* in, int* out, half target) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, N> vec = block_load<half, N>(in + i[0] * N);
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
    out[i[0]] = pos;
  });
}

void good(sycl::queue& q, const half* in, int* out, half target) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, N> vec = block_load<half, N>(in + i[0] * N);
    simd<uint32_t, MASK_N> masks;
#pragma unroll
    for (int mi = 0; mi < MASK_N; mi++) {
      simd<half, 32> chunk = vec.template select<32, 1>(mi * 32);
      masks[mi] = pack_mask(chunk == target);
    }
    simd<uint32_t, MASK_N> fbl_r = fbl(masks);
    simd<int32_t, MASK_N> bit_idx = fbl_r.template bit_cast_view<int32_t>();
    simd<int32_t, MASK_N> glob = bit_idx + simd<int32_t, MASK_N>(0, 32);
    glob.merge(simd<int32_t, MASK_N>(INT_MAX), bit_idx == -1);
    int first = hmin<int32_t>(glob);
    int pos = first == INT_MAX ? -1 : first;
    const half mx = hmax<half>(vec);  // hmax of data: fine
    out[i[0]] = pos + int(mx);
    out[1] = (int)fbl(pack_mask(vec.template select<32, 1>(0) == target));  // N <= 32: scalar fbl
  });
}
