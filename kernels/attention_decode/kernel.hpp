// Attention for one decoding step: each query head attends to S cached keys and values of its
// KV head: out[h] = softmax(q[h] . K^T / sqrt(D)) . V. FP16 q, K, V and out; scores, the online
// softmax (running max m, running sum l) and the accumulation are FP32.
// Grouped-query attention: the G query heads sharing a KV head are the rows (repeat count) of
// one dpas, so every K and V tile is loaded once for all of them.
//   scores (G x 16 keys) = dpas(Q chunk (G x 16 of D), K^T tile: a transposed 2D load of K read
//                                as dwords, i.e. already the VNNI B operand)
//   out    (G x 16 of D) += dpas(P (G x 16 keys, FP16), V tile: a VNNI-transformed 2D load)
// Flash-decoding split: work-item (h, j) takes keys [j*chunk, (j+1)*chunk) of KV head h and
// writes its partial (m, l, O); the last split of a head to finish (an atomic count) merges them.
// Targets Xe2 and Xe-HPC (dpas execution size 16 and 2D block loads).
#pragma once

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>
#include <sycl/ext/intel/esimd/xmx/dpas.hpp>

#include <cmath>
#include <cstdint>

namespace xesim::kernels::attention_decode {

using sycl::half;

/// One partial result: D output sums, m, l, padded to 16 bytes (aligned block stores).
template <int D> inline constexpr int kRecord = D + 4;
/// Floats of scratch: a record per (KV head, split, query head), then one counter per KV head.
/// Zero it once before the first launch; every launch leaves the counters at 0 again.
template <int D, int G>
constexpr std::size_t scratch_floats(int kv_heads, int splits) {
  return std::size_t(kv_heads) * splits * G * kRecord<D> + kv_heads;
}

template <int D, int G> class attention_kernel;

// ------------------------------ merge_splits
/// out = sum_j O_j e^(m_j - M) / sum_j l_j e^(m_j - M), M = max_j m_j, for one query head whose
/// records are `next` floats apart (one per split); an empty split (l = 0) weighs 0.
template <int D>
ESIMD_INLINE void merge_splits(const float* part, std::size_t next, int splits, half* out) {
  using namespace sycl::ext::intel::esimd;
  float mx = -INFINITY;
  for (int j = 0; j < splits; ++j) mx = std::max(mx, part[j * next + D]);
  simd<float, D> o(0.f);
  float den = 0.f;
  for (int j = 0; j < splits; ++j) {
    const simd<float, 4> ml = block_load<float, 4>(part + j * next + D);
    if (ml[1] == 0.f) continue;
    const float w = exp(simd<float, 1>(ml[0] - mx))[0];
    o += w * block_load<float, D>(part + j * next);
    den += w * ml[1];
  }
  block_store<half, D>(out, convert<half>(o / den));
}

// ------------------------------ attention_decode
/// out[h*D ..] for the kv_heads * G query heads of q (rows of D halves); k, v: kv_heads caches of
/// S rows of D halves ([kv_head][s][d]). Keys are cut into `splits` chunks of a multiple of 16.
/// Pre: 1 <= S <= 8192; q, k, v, out USM (k, v 64-byte aligned: 2D surfaces); scratch:
/// scratch_floats<D, G>(kv_heads, splits) floats, 16-byte aligned, zeroed before first use.
template <int D, int G>
sycl::event attention_decode(sycl::queue& q, const half* qp, const half* k, const half* v,
                             half* out, float* scratch, int kv_heads, int S, int splits) {
  static_assert(D == 64 || D == 128, "attention_decode: head dim 64 or 128");
  static_assert(G >= 1 && G <= 8, "attention_decode: 1..8 query heads per KV head (dpas rows)");
  constexpr int kKeys = 16, kChunksD = D / 16;  // dpas: 16 keys (N) x 16 of D (K) per step
  const int chunk = (S + splits * kKeys - 1) / (splits * kKeys) * kKeys;
  const float scale = 1.f / std::sqrt(float(D));
  // The caches as 2D surfaces: rows of D halves (bytes - 1), S rows (- 1).
  const unsigned row_bytes = D * sizeof(half) - 1, rows = unsigned(S) - 1;
  constexpr int R = kRecord<D>;
  uint32_t* counters = reinterpret_cast<uint32_t*>(scratch + scratch_floats<D, G>(kv_heads, splits) - kv_heads);
  return q.parallel_for<attention_kernel<D, G>>(
      sycl::range<2>(kv_heads, splits), [=](sycl::id<2> id) SYCL_ESIMD_KERNEL {
        using namespace sycl::ext::intel::esimd;
        namespace xmx = sycl::ext::intel::esimd::xmx;
        const int h = int(id[0]), s0 = int(id[1]) * chunk, s1 = std::min(S, s0 + chunk);
        const half* kh = k + std::size_t(h) * S * D;
        const half* vh = v + std::size_t(h) * S * D;
        // Q of the group as dpas A operands: G rows of 16, one per 16 of D.
        simd<half, G * 16> qa[kChunksD];
        for (int c = 0; c < kChunksD; ++c)
          for (int g = 0; g < G; ++g)
            qa[c].template select<16, 1>(g * 16) =
                block_load<half, 16>(qp + (h * G + g) * D + c * 16, properties{alignment<2>});
        simd<float, G * 16> acc[kChunksD];  // G rows of D, by 16-column chunks
        for (int c = 0; c < kChunksD; ++c) acc[c] = 0.f;
        simd<float, G> m(-INFINITY), l(0.f);

        for (int s = s0; s < s1; s += kKeys) {
          // Scores of 16 keys: K read as dwords (pairs of D) transposed = the VNNI K^T tile.
          simd<float, G * 16> sc(0.f);
          for (int c = 0; c < kChunksD; ++c) {
            simd<uint32_t, 128> kt = load_2d<uint32_t, 8, 16, 1, true>(
                reinterpret_cast<const uint32_t*>(kh), row_bytes, rows, row_bytes, c * 8, s);
            sc = xmx::dpas<8, G, float>(sc, kt.template bit_cast_view<half>().read(), qa[c]);
          }
          sc *= scale;
          // Keys past this split (or past S) score -inf: the 2D load read 0 for them.
          const simd<int, 16> key(s, 1);
          const simd_mask<16> dead = key >= s1;
          // Online softmax, row by row: new max, rescale what was accumulated, add exp(sc - m).
          simd<float, G> m_new, corr;
#pragma unroll
          for (int g = 0; g < G; ++g) {
            auto row = sc.template select<16, 1>(g * 16);
            row.merge(simd<float, 16>(-INFINITY), dead);
            m_new[g] = std::max(float(m[g]), hmax<float>(simd<float, 16>(row)));
          }
          corr = exp(m - m_new);  // 0 on the first block (m = -inf)
          simd<float, G * 16> p(0.f);
#pragma unroll
          for (int g = 0; g < G; ++g)
            p.template select<16, 1>(g * 16) = exp(sc.template select<16, 1>(g * 16) - float(m_new[g]));
#pragma unroll
          for (int g = 0; g < G; ++g)
            l[g] = float(l[g]) * float(corr[g]) +
                   sycl::ext::intel::esimd::detail::sum<float, float, 16>(p.template select<16, 1>(g * 16).read());
          m = m_new;
          const simd<half, G * 16> ph = convert<half>(p);  // dpas A: P in FP16
          for (int c = 0; c < kChunksD; c += 2) {
            // V tiles: 16 keys x 2 blocks of 16 of D (whole 64-byte rows), VNNI-transformed:
            // each block is a dpas B operand as loaded.
            simd<half, 512> vt = load_2d<half, 16, 16, 2, false, true>(vh, row_bytes, rows,
                                                                       row_bytes, c * 16, s);
            for (int b = 0; b < 2; ++b) {
#pragma unroll
              for (int g = 0; g < G; ++g) acc[c + b].template select<16, 1>(g * 16) *= float(corr[g]);
              acc[c + b] = xmx::dpas<8, G, float>(acc[c + b], vt.template select<256, 1>(b * 256).read(), ph);
            }
          }
        }
        // Partial result of this split: D sums, m, l per query head.
        float* part = scratch + (std::size_t(h) * splits + id[1]) * G * R;
        for (int g = 0; g < G; ++g) {
          for (int c = 0; c < kChunksD; ++c)
            block_store<float, 16>(part + g * R + c * 16, acc[c].template select<16, 1>(g * 16).read());
          block_store<float, 4>(part + g * R + D, simd<float, 4>({float(m[g]), float(l[g]), 0.f, 0.f}));
        }
        // The last split of head h to arrive merges the head's records (fences: its partials
        // are visible before the count, the others' before its reads), then resets the count.
        fence<memory_kind::global, fence_flush_op::none, fence_scope::gpu>();
        const simd<uint32_t, 1> slot(uint32_t(h) * sizeof(uint32_t));
        if (atomic_update<atomic_op::inc, uint32_t, 1>(counters, slot)[0] != uint32_t(splits - 1))
          return;
        fence<memory_kind::global, fence_flush_op::none, fence_scope::gpu>();
        const float* head = scratch + std::size_t(h) * splits * G * R;
        for (int g = 0; g < G; ++g)
          merge_splits<D>(head + g * R, std::size_t(G) * R, splits, out + (h * G + g) * D);
        atomic_update<atomic_op::store, uint32_t, 1>(counters, slot, simd<uint32_t, 1>(0u));
      });
}

}  // namespace xesim::kernels::attention_decode
