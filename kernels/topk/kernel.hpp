// Per-row top-K of FP16 rows: the K largest values of each row, largest first, with their column
// indices; equal values are ordered by the lower index first. Rows up to 4096, K up to 64.
//
// Each value becomes a 32-bit key: its FP16 bits mapped so that unsigned order is numeric order
// (-0 folded onto +0) in the high half, 0xFFFF - column in the low half. Keys are all distinct,
// and "larger key" is exactly "comes first", ties included. The row is streamed once against a
// register heap of the K best keys so far: a 128-lane compare rejects most chunks outright; a
// lane that beats the heap's minimum is found with pack_mask/fbl and replaces the minimum
// (located with pack_mask/fbl too), then hmin gives the new minimum. A final K rounds of hmax
// emit the heap in order. One work-item per row (range<1>(rows)).
#pragma once

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdint>

namespace xesim::kernels::topk {

using sycl::half;
namespace esimd = sycl::ext::intel::esimd;

/// Keys of N halves given as bits, the first at column `first`.
template <int N>
ESIMD_INLINE esimd::simd<uint32_t, N> make_keys(esimd::simd<uint16_t, N> bits, uint32_t first) {
  using namespace esimd;
  simd<uint32_t, N> b = bits;
  b.merge(simd<uint32_t, N>(0u), b == 0x8000u);  // -0 == +0: one key order for equal values
  // Negative: flip all 16 bits (larger magnitude sorts lower); positive: set the top bit.
  const simd<uint32_t, N> ord = merge(b ^ 0xFFFFu, b | 0x8000u, b >= 0x8000u);
  return (ord << 16) | (0xFFFFu - simd<uint32_t, N>(first, 1u));
}

/// The lowest lane of v holding x, with the guide's pack_mask/fbl pattern: one 32-bit mask per
/// 32 lanes, a vector fbl over the masks, the smallest hit. Pre: some lane holds x.
template <int N>
ESIMD_INLINE int lane_of(esimd::simd<uint32_t, N>& v, uint32_t x) {
  using namespace esimd;
  if constexpr (N <= 32) {
    return static_cast<int>(fbl(pack_mask(v == x)));
  } else {
    constexpr int P = N / 32;
    simd<uint32_t, P> masks(0u);
#pragma GCC unroll 2
    for (int p = 0; p < P; ++p) {
      simd<uint32_t, 32> part = v.template select<32, 1>(32 * p);
      masks[p] = pack_mask(part == x);
    }
    simd<uint32_t, P> lane = fbl(masks) + simd<uint32_t, P>(0u, 32u);
    lane.merge(simd<uint32_t, P>(N), masks == 0u);  // no hit in this part
    return static_cast<int>(hmin<uint32_t>(lane));
  }
}

/// Offers N keys to the heap: each key above the current minimum replaces it.
template <int N, int H>
ESIMD_INLINE void offer(esimd::simd<uint32_t, N> keys, esimd::simd<uint32_t, H>& heap,
                        uint32_t& heap_min) {
  using namespace esimd;
  uint32_t todo = pack_mask(keys > heap_min);
  while (todo != 0) {
    const int lane = static_cast<int>(fbl(todo));
    heap[lane_of(heap, heap_min)] = keys[lane];  // the minimum makes room (keys are distinct)
    heap_min = hmin<uint32_t>(heap);
    todo &= pack_mask(keys > heap_min) & ~((2u << lane) - 1u);  // later lanes still above it
  }
}

template <int Cols, int K> class topk_kernel;

// ------------------------------ topk
/// For each row r < rows of in (rows x Cols): vals[r, 0..K) the K largest values, largest first,
/// idxs[r, 0..K) their columns; equal values in increasing column order.
/// Pre: 16-byte aligned USM; no NaN inputs; 1 <= K <= min(64, Cols), Cols <= 4096.
template <int Cols, int K>
sycl::event topk(sycl::queue& q, const half* in, half* vals, int* idxs, int rows) {
  static_assert(Cols >= 1 && Cols <= 4096, "topk: rows of 1..4096 elements (16-bit columns)");
  static_assert(K >= 1 && K <= 64 && K <= Cols, "topk: 1 <= K <= min(64, Cols)");
  constexpr int VL = 128, kBlocks = Cols / VL, kTail = Cols % VL;  // 256-byte loads
  constexpr int H = K <= 32 ? K : 64;  // heap lanes: one pack_mask, or two of 32
  constexpr int kInAlign = Cols % 8 == 0 ? 16 : Cols % 2 == 0 ? 4 : 2;
  constexpr int kValAlign = K % 8 == 0 ? 16 : K % 2 == 0 ? 4 : 2, kIdxAlign = K % 4 == 0 ? 16 : 4;
  return q.submit([&](sycl::handler& cgh) {
    cgh.parallel_for<topk_kernel<Cols, K>>(
        sycl::range<1>(rows), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
          using namespace sycl::ext::intel::esimd;
          const uint16_t* src = reinterpret_cast<const uint16_t*>(in) + idx[0] * Cols;

          // Heap of the K best keys: key 0 is below every real key; lanes past K (H = 64)
          // hold the largest key, so they are never the minimum.
          simd<uint32_t, H> heap(0u);
          if constexpr (H > K) heap.template select<H - K, 1>(K) = 0xFFFFFFFFu;
          uint32_t heap_min = 0;

          for (int c = 0; c < kBlocks; ++c) {
            simd<uint32_t, VL> keys = make_keys<VL>(block_load<uint16_t, VL>(src + c * VL, properties{alignment<kInAlign>}), c * VL);
            if (!(keys > heap_min).any()) continue;  // the common case once the heap is warm
#pragma GCC unroll 4
            for (int p = 0; p < VL / 32; ++p) offer<32>(keys.template select<32, 1>(32 * p).read(), heap, heap_min);
          }
#pragma GCC unroll 4
          for (int p = 0; p < kTail / 32; ++p) {  // tail: whole pieces of 32, then the rest
            const int c0 = kBlocks * VL + 32 * p;
            offer<32>(make_keys<32>(block_load<uint16_t, 32>(src + c0, properties{alignment<kInAlign>}), c0), heap, heap_min);
          }
          if constexpr (kTail % 32 != 0) {
            constexpr int kLast = kTail % 32, c0 = Cols - kLast;
            offer<kLast>(make_keys<kLast>(block_load<uint16_t, kLast>(src + c0, properties{alignment<kInAlign>}), c0), heap, heap_min);
          }

          // Emit in order: K rounds of "largest key, then knock it out".
          if constexpr (H > K) heap.template select<H - K, 1>(K) = 0u;
          simd<uint32_t, K> top(0u);
#pragma GCC unroll 4
          for (int k = 0; k < K; ++k) {
            const uint32_t best = hmax<uint32_t>(heap);
            top[k] = best;
            heap[lane_of(heap, best)] = 0u;
          }

          // Keys back to FP16 bits and columns.
          const simd<uint32_t, K> ord = top >> 16;
          simd<uint16_t, K> bits = merge(ord & 0x7FFFu, ord ^ 0xFFFFu, ord >= 0x8000u);
          const simd<int, K> col = 0xFFFF - simd<int, K>(top & 0xFFFFu);
          block_store<half, K>(vals + idx[0] * K, bits.template bit_cast_view<half>().read(),
                               properties{alignment<kValAlign>});
          block_store<int, K>(idxs + idx[0] * K, col, properties{alignment<kIdxAlign>});
        });
  });
}

}  // namespace xesim::kernels::topk
