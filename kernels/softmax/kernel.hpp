// Row softmax: out[r, :] = exp(in[r, :] - max_r) / sum(exp(in[r, :] - max_r)).
// FP16 in and out; the max, the exponentials and the sum are FP32 (the guide: softmax exponents
// and sums of more than ~1000 terms want FP32). Rows of 1..8192 elements; Cols is a template
// parameter so every loop bound and the tail size are compile-time constants.
// One work-item per row (range<1>(rows)): a row is a complete unit of work, 1..8192 elements.
#pragma once

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
#include <cmath>

namespace xesim::kernels::softmax {

using sycl::half;

/// Bytes of alignment of every row start, given a 16-byte aligned base (USM allocations are).
template <int Cols> inline constexpr int kRowAlign = Cols % 8 == 0 ? 16 : Cols % 2 == 0 ? 4 : 2;

/// FP32 copy of the N halves at p, asserting only the row's alignment.
template <int N, int Align>
ESIMD_INLINE sycl::ext::intel::esimd::simd<float, N> load_f32(const half* p) {
  using namespace sycl::ext::intel::esimd;
  return convert<float>(block_load<half, N>(p, properties{alignment<Align>}));
}

/// Stores the FP32 values v as N halves at p, asserting only the row's alignment.
template <int N, int Align>
ESIMD_INLINE void store_f16(half* p, sycl::ext::intel::esimd::simd<float, N> v) {
  using namespace sycl::ext::intel::esimd;
  block_store<half, N>(p, convert<half>(v), properties{alignment<Align>});
}

template <int Cols> class softmax_kernel;

// ------------------------------ softmax
/// out[r, c] = softmax of row r of in (rows x Cols, row-major), for r < rows.
/// Pre: in, out 16-byte aligned USM, rows x Cols halves each; 1 <= Cols <= 8192.
template <int Cols>
sycl::event softmax(sycl::queue& q, const half* in, half* out, int rows) {
  static_assert(Cols >= 1 && Cols <= 8192, "softmax: rows of 1..8192 elements");
  constexpr int VL = Cols < 128 ? Cols : 128;  // 256-byte loads: the guide's preferred size
  constexpr int kChunks = Cols / VL, kTail = Cols % VL, A = kRowAlign<Cols>;
  return q.submit([&](sycl::handler& cgh) {
    cgh.parallel_for<softmax_kernel<Cols>>(
        sycl::range<1>(rows), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
          using namespace sycl::ext::intel::esimd;
          const half* src = in + idx[0] * Cols;
          half* dst = out + idx[0] * Cols;
          const half* src_tail = src + kChunks * VL;  // the last Cols % VL elements

          // Pass 1: the row max, lane-wise then across lanes (exact in FP32). Subtracting it
          // keeps every exponent <= 0: no overflow whatever the inputs.
          simd<float, VL> vmax(-INFINITY);
          for (int c = 0; c < kChunks; ++c) vmax = max(vmax, load_f32<VL, A>(src + c * VL));
          float row_max = hmax<float>(vmax);
          if constexpr (kTail > 0) row_max = std::max(row_max, hmax<float>(load_f32<kTail, A>(src_tail)));

          // Pass 2: the sum of exp(x - max), lane-wise FP32 accumulators (up to 8192 terms).
          simd<float, VL> vsum(0.f);
          for (int c = 0; c < kChunks; ++c) vsum += exp(load_f32<VL, A>(src + c * VL) - row_max);
          float row_sum = sycl::ext::intel::esimd::detail::sum<float, float, VL>(vsum);
          if constexpr (kTail > 0)
            row_sum += sycl::ext::intel::esimd::detail::sum<float, float, kTail>(
                exp(load_f32<kTail, A>(src_tail) - row_max));
          const float inv_sum = 1.f / row_sum;  // hoisted: one divide per row

          // Pass 3: recompute the exponentials (the row is still in cache; keeping 8192 FP32
          // values would need 32 KB of registers) and store them scaled, rounded to FP16.
          for (int c = 0; c < kChunks; ++c)
            store_f16<VL, A>(dst + c * VL, exp(load_f32<VL, A>(src + c * VL) - row_max) * inv_sum);
          if constexpr (kTail > 0)
            store_f16<kTail, A>(dst + kChunks * VL, exp(load_f32<kTail, A>(src_tail) - row_max) * inv_sum);
        });
  });
}

}  // namespace xesim::kernels::softmax
