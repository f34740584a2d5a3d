// Depthwise strided 1D convolution with zero padding, the guide's hybrid scalar/vector strategy:
//   out[r, o] = sum_{w < Win} in[r, o*Stride - Pad + w] * filt[r, w]    (taps outside: 0)
// FP16 input, filters and output; FP32 products and sums.
// Hot path: 32 outputs at a time whose windows lie inside the row. Their inputs are one
// contiguous run of 31*Stride + Win halves starting at any element, so one block load with
// alignment<2> fetches it; each tap is then a strided register select times a scalar filter tap
// (no horizontal sums). Edges: windows that cross the row ends, and the last < 32 interior
// outputs, take a plain scalar loop that is obviously correct.
// One work-item per row (channel): range<1>(rows).
#pragma once

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

namespace xesim::kernels::conv1d_hybrid {

using sycl::half;
inline constexpr int kBatch = 32;  // outputs per hot-path step

/// Outputs of a window of `win` taps sliding with `stride` over `len` inputs padded by `pad`.
constexpr int conv_len(int len, int win, int stride, int pad) {
  return (len + 2 * pad - win) / stride + 1;
}

template <int Len, int Win, int Stride, int Pad> class conv1d_kernel;

// ------------------------------ conv1d_hybrid
/// out (rows x conv_len) = each row of in (rows x Len) convolved with its own filter (rows x Win).
/// Pre: USM; 1 <= Win <= 16, 1 <= Stride <= 4, 0 <= Pad < Win, Win <= Len + 2 * Pad.
template <int Len, int Win, int Stride, int Pad>
sycl::event conv1d_hybrid(sycl::queue& q, const half* in, const half* filt, half* out, int rows) {
  static_assert(Win >= 1 && Win <= 16 && Stride >= 1 && Stride <= 4,
                "conv1d_hybrid: 1 <= Win <= 16, 1 <= Stride <= 4");
  static_assert(Pad >= 0 && Pad < Win && Win <= Len + 2 * Pad, "conv1d_hybrid: 0 <= Pad < Win");
  constexpr int OUT = conv_len(Len, Win, Stride, Pad);
  constexpr int kSpan = (kBatch - 1) * Stride + Win;      // inputs of 32 consecutive outputs
  constexpr int kFirst = (Pad + Stride - 1) / Stride;     // first output whose window starts >= 0
  constexpr int kEnd = Len + Pad >= Win ? (Len + Pad - Win) / Stride + 1 : 0;  // last inside + 1
  constexpr int kHot = kEnd > kFirst ? (kEnd - kFirst) / kBatch * kBatch : 0;  // hot outputs
  return q.submit([&](sycl::handler& cgh) {
    cgh.parallel_for<conv1d_kernel<Len, Win, Stride, Pad>>(
        sycl::range<1>(rows), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
          using namespace sycl::ext::intel::esimd;
          const half* src = in + idx[0] * Len;
          half* dst = out + idx[0] * OUT;
          // The row's filter, once: FP32 taps used as scalars (broadcast by the FMA for free).
          simd<float, Win> f = convert<float>(
              block_load<half, Win>(filt + idx[0] * Win, properties{alignment<2>}));

          // Hot path: kHot outputs from kFirst, every window inside the row.
          for (int o = kFirst; o < kFirst + kHot; o += kBatch) {
            // Any element offset: only 2-byte alignment can be asserted.
            simd<float, kSpan> x = convert<float>(
                block_load<half, kSpan>(src + o * Stride - Pad, properties{alignment<2>}));
            simd<float, kBatch> acc(0.f);
#pragma GCC unroll 16
            for (int w = 0; w < Win; ++w) {
              const float tap = f[w];  // a scalar, as the guide extracts one
              acc += x.template select<kBatch, Stride>(w) * tap;
            }
            block_store<half, kBatch>(dst + o, convert<half>(acc), properties{alignment<2>});
          }

          // Edges and the leftover interior outputs: scalar, zero padding by skipping taps.
          for (int o = 0; o < OUT; ++o) {
            if (o == kFirst && kHot > 0) o += kHot;  // jump over the hot outputs
            if (o >= OUT) break;
            float acc = 0.f;
            for (int w = 0; w < Win; ++w) {
              const int i = o * Stride - Pad + w;
              if (i >= 0 && i < Len) acc += static_cast<float>(src[i]) * static_cast<float>(f[w]);
            }
            dst[o] = half(acc);
          }
        });
  });
}

}  // namespace xesim::kernels::conv1d_hybrid
