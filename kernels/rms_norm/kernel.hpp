// RMSNorm: out[r, c] = in[r, c] / sqrt(mean_c(in[r, :]^2) + eps) * weight[c].
// FP16 activations, weights and outputs; the sum of squares and the scaling are FP32 (the guide:
// accumulate sums of more than ~1000 terms in FP32). Cols is a template parameter: loop bounds
// and the tail size are compile-time constants.
// One work-item per row (range<1>(rows)): a row (up to 8192 elements) is a complete unit of work.
#pragma once

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

namespace xesim::kernels::rms_norm {

using sycl::half;

/// Bytes of alignment of every row start, given a 16-byte aligned base (USM allocations are).
template <int Cols> inline constexpr int kRowAlign = Cols % 8 == 0 ? 16 : Cols % 2 == 0 ? 4 : 2;

/// FP32 copy of the N halves at p, asserting only the row's alignment.
template <int N, int Align>
ESIMD_INLINE sycl::ext::intel::esimd::simd<float, N> load_f32(const half* p) {
  using namespace sycl::ext::intel::esimd;
  return convert<float>(block_load<half, N>(p, properties{alignment<Align>}));
}

/// y[i] = x[i] * inv_rms * w[i] for i < N, rounded to FP16.
template <int N, int Align>
ESIMD_INLINE void scale_store(const half* x, const half* w, half* y, float inv_rms) {
  using namespace sycl::ext::intel::esimd;
  simd<float, N> v = load_f32<N, Align>(x) * inv_rms;
  v *= load_f32<N, Align>(w);  // weights: the same for every row, hot in cache
  block_store<half, N>(y, convert<half>(v), properties{alignment<Align>});
}

template <int Cols> class rms_norm_kernel;

// ------------------------------ rms_norm
/// out = RMSNorm(in) * weight for a rows x Cols row-major matrix; weight has Cols elements.
/// Pre: in, weight, out 16-byte aligned USM; 1 <= Cols <= 16384; eps > 0.
template <int Cols>
sycl::event rms_norm(sycl::queue& q, const half* in, const half* weight, half* out, int rows,
                     float eps = 1e-6f) {
  static_assert(Cols >= 1 && Cols <= 16384, "rms_norm: rows of 1..16384 elements");
  constexpr int VL = Cols < 128 ? Cols : 128;  // 256-byte loads: the guide's preferred size
  constexpr int kChunks = Cols / VL, kTail = Cols % VL, A = kRowAlign<Cols>;
  constexpr int kLoads = kChunks < 4 ? kChunks : 4;  // loads in flight before their compute
  return q.submit([&](sycl::handler& cgh) {
    cgh.parallel_for<rms_norm_kernel<Cols>>(
        sycl::range<1>(rows), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
          using namespace sycl::ext::intel::esimd;
          const half* x = in + idx[0] * Cols;
          half* y = out + idx[0] * Cols;

          // Pass 1: sum of squares in FP32 lanes; groups of kLoads chunks are loaded before
          // any of them is squared, so their memory requests overlap.
          simd<float, VL> acc(0.f);
          for (int g = 0; g < kChunks / kLoads; ++g) {
            simd<float, VL> v[kLoads];
#pragma GCC unroll 4
            for (int i = 0; i < kLoads; ++i) v[i] = load_f32<VL, A>(x + (g * kLoads + i) * VL);
#pragma GCC unroll 4
            for (int i = 0; i < kLoads; ++i) acc += v[i] * v[i];
          }
          for (int c = kChunks / kLoads * kLoads; c < kChunks; ++c) {  // < kLoads leftovers
            const simd<float, VL> v = load_f32<VL, A>(x + c * VL);
            acc += v * v;
          }
          float sum_sq = sycl::ext::intel::esimd::detail::sum<float, float, VL>(acc);
          if constexpr (kTail > 0) {
            const simd<float, kTail> t = load_f32<kTail, A>(x + kChunks * VL);
            sum_sq += sycl::ext::intel::esimd::detail::sum<float, float, kTail>(t * t);
          }
          // One reciprocal square root per row, hoisted out of pass 2.
          const float inv_rms = rsqrt(sum_sq * (1.f / Cols) + eps);

          // Pass 2: scale by 1/rms and the weights; the row is re-read from cache.
          for (int k = 0; k < kChunks; ++k)
            scale_store<VL, A>(x + k * VL, weight + k * VL, y + k * VL, inv_rms);
          if constexpr (kTail > 0)
            scale_store<kTail, A>(x + kChunks * VL, weight + kChunks * VL, y + kChunks * VL, inv_rms);
        });
  });
}

}  // namespace xesim::kernels::rms_norm
