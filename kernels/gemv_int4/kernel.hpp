// y = W x with W in 4-bit integers: W is n x K, two weights per byte (even k in the low nibble,
// odd k in the high one), each weight (q - 8) * scale with one FP16 scale per group of G
// consecutive k (G = 32 or 128); x is FP16, y FP16, every sum FP32.
// Split-K: a work-group of T threads (the guide: 4-8) computes R rows; each thread takes a
// slice of the K groups, its partial sums meet in SLM after one barrier, and thread 0 adds them.
// R rows per group (not one) so that each thread's slice of x, unpacked once into registers,
// serves R rows, and the barrier is paid once per R rows. Weights are unpacked from dwords in
// 32-bit lanes (8 nibbles each), never in bytes.
#pragma once

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
#include <cstdint>

namespace xesim::kernels::gemv_int4 {

using sycl::half;

template <int K, int G, int T, int R> class gemv_int4_kernel;

// ------------------------------ gemv_int4
/// y[r] = sum_k (q[r, k] - 8) * scales[r, k / G] * x[k] for r < n.
/// w: n x K/2 bytes; scales: n x K/G halves; x: K halves; y: n halves.
/// Pre: 16-byte aligned USM; n >= 1; K a multiple of G; K / T <= 2048 (x slice in registers).
template <int K, int G, int T = 8, int R = 8>
sycl::event gemv_int4(sycl::queue& q, const uint8_t* w, const half* scales, const half* x,
                      half* y, int n) {
  static_assert(G == 32 || G == 128, "gemv_int4: group size 32 or 128");
  static_assert(K % G == 0, "gemv_int4: K must be a multiple of the group size");
  static_assert(T >= 4 && T <= 8, "gemv_int4: 4-8 threads per work-group (the guide)");
  static_assert(R == 4 || R == 8, "gemv_int4: 4 or 8 rows per work-group (16-byte SLM rows)");
  constexpr int kGroups = K / G;                  // scale groups per row
  constexpr int kPer = (kGroups + T - 1) / T;     // groups per thread (the last may have fewer)
  constexpr int D = G / 8;                        // dwords (8 weights each) per group
  static_assert(kPer * G <= 2048, "gemv_int4: x slice over 8 KB of registers: raise T");
  const int groups = (n + R - 1) / R;
  return q.submit([&](sycl::handler& cgh) {
    cgh.parallel_for<gemv_int4_kernel<K, G, T, R>>(
        sycl::nd_range<1>(groups * T, T), [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
          using namespace sycl::ext::intel::esimd;
          slm_init<T * R * sizeof(float)>();  // first and unconditional: [T][R] partial sums
          const int t = it.get_local_id(0), r0 = it.get_group(0) * R;

          // This thread's x slice, once for R rows. The weights are read as dwords of 8 nibbles
          // (dword j of a group holds k = 8j..8j+7, nibble p at bits 4p), so x is split by nibble
          // position: xp[g][p][j] = x[8j + p]. Groups past K (when T does not divide K / G) are
          // clamped to the last one and weighted 0: branchless.
          simd<float, D> xp[kPer][8];
          int grp[kPer];
          float live[kPer];
#pragma GCC unroll 16
          for (int g = 0; g < kPer; ++g) {
            grp[g] = std::min(t * kPer + g, kGroups - 1);
            live[g] = t * kPer + g < kGroups ? 1.f : 0.f;
            simd<float, G> xg = convert<float>(block_load<half, G>(x + grp[g] * G));  // 64/256 B
#pragma GCC unroll 8
            for (int p = 0; p < 8; ++p) xp[g][p] = xg.template select<D, 8>(p);
          }

          simd<float, R> part(0.f);
          for (int i = 0; i < R; ++i) {
            const int row = std::min(r0 + i, n - 1);  // rows past n: computed, never stored
            const uint32_t* wrow = reinterpret_cast<const uint32_t*>(w + static_cast<size_t>(row) * (K / 2));
            // All of the row's loads before any compute: G/8 dwords per group (offsets are
            // multiples of 16 bytes: K / 2 and G / 2 are), and one scale per group.
            simd<uint32_t, D> q[kPer];
            float s[kPer];
#pragma GCC unroll 16
            for (int g = 0; g < kPer; ++g) {
              q[g] = block_load<uint32_t, D>(wrow + grp[g] * D);
              s[g] = static_cast<float>(scales[row * kGroups + grp[g]]) * live[g];
            }
            // Unpack in 32-bit lanes (shift, mask, subtract the zero point 8): no byte regions.
            simd<float, D> acc(0.f);  // FP32 accumulation: K / T terms
#pragma GCC unroll 16
            for (int g = 0; g < kPer; ++g) {
              simd<float, D> dot(0.f);
#pragma GCC unroll 8
              for (int p = 0; p < 8; ++p) {
                const simd<int, D> wq = simd<int, D>((q[g] >> (4 * p)) & 0xFu) - 8;
                dot += convert<float>(wq) * xp[g][p];
              }
              acc += s[g] * dot;  // the group's scale, once per group
            }
            part[i] = sycl::ext::intel::esimd::detail::sum<float, float, D>(acc);
          }

          // Split-K reduction: every thread writes its R partials, one barrier, thread 0 adds.
          slm_block_store<float, R>(t * R * sizeof(float), part);  // 16-byte aligned (R % 4 == 0)
          barrier();  // reached by every thread of the group
          if (t == 0) {
            simd<float, T * R> all = slm_block_load<float, T * R>(0);
            simd<float, R> total = all.template select<R, 1>(0);
#pragma GCC unroll 8
            for (int j = 1; j < T; ++j) total += all.template select<R, 1>(j * R);
            const simd<half, R> out = convert<half>(total);
            if (r0 + R <= n)
              block_store<half, R>(y + r0, out, properties{alignment<2 * R>});
            else
              for (int i = 0; i < n - r0; ++i) y[r0 + i] = out[i];  // last group: scalar tail
          }
        });
  });
}

}  // namespace xesim::kernels::gemv_int4
