// Max pooling with strided windows, 1D over rows and 2D over NCHW planes, FP16 in and out.
// Each work-item produces a whole output row in batches of 32 outputs (the FP16 gather width):
// for every tap of the window one gather collects that tap for 32 outputs at once. Offsets are
// clamped into the input row before the cast to uint32_t, branchlessly: a padded position reads
// the edge element instead, which cannot change a maximum as long as every window still covers
// a real element (Pad < Win). Padding therefore behaves as -infinity, as in PyTorch.
#pragma once

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
#include <cmath>

namespace xesim::kernels::max_pool {

using sycl::half;
namespace esimd = sycl::ext::intel::esimd;
inline constexpr int kBatch = 32;  // outputs per gather

/// Outputs of a window of `win` taps sliding with `stride` over `len` inputs padded by `pad`.
constexpr int pooled_len(int len, int win, int stride, int pad) {
  return (len + 2 * pad - win) / stride + 1;
}
/// Bytes of alignment of every output row start of `len` halves (16-byte aligned base).
constexpr int row_align(int len) { return len % 8 == 0 ? 16 : len % 2 == 0 ? 4 : 2; }

/// The 32 lanes' input positions first + lane * Stride, clamped to [0, Len), as byte offsets.
template <int Len, int Stride>
ESIMD_INLINE esimd::simd<uint32_t, kBatch> clamped_offsets(int first) {
  using namespace esimd;
  simd<int, kBatch> pos = simd<int, kBatch>(0, Stride) + first;
  pos = max(pos, 0);        // low clamp first: nothing negative reaches the unsigned cast
  pos = min(pos, Len - 1);  // high clamp
  return simd<uint32_t, kBatch>(pos) * static_cast<uint32_t>(sizeof(half));
}

/// Stores the first n <= 32 lanes of v at dst: one block store for a full batch, else a scalar
/// tail (the last batch of a row).
template <int Align>
ESIMD_INLINE void store_batch(half* dst, esimd::simd<float, kBatch> v, int n) {
  using namespace esimd;
  simd<half, kBatch> h = convert<half>(v);
  if (n == kBatch)
    block_store<half, kBatch>(dst, h, properties{alignment<Align>});
  else
    for (int i = 0; i < n; ++i) dst[i] = h[i];
}

template <int Len, int Win, int Stride, int Pad> class max_pool_1d_kernel;
template <int H, int W, int KH, int KW, int SH, int SW, int PH, int PW> class max_pool_2d_kernel;

// ------------------------------ max_pool_1d
/// out[r, o] = max of in[r, o*Stride - Pad + w] over the taps w < Win inside the row, for each
/// of rows rows of Len halves. Pre: 16-byte aligned USM; Pad < Win <= 16; Stride >= 1.
template <int Len, int Win, int Stride, int Pad>
sycl::event max_pool_1d(sycl::queue& q, const half* in, half* out, int rows) {
  static_assert(Win >= 1 && Win <= 16 && Stride >= 1 && Pad >= 0 && Pad < Win && Win <= Len + 2 * Pad,
                "max_pool_1d: 1 <= Win <= 16, Stride >= 1, 0 <= Pad < Win");
  constexpr int OUT = pooled_len(Len, Win, Stride, Pad);
  return q.submit([&](sycl::handler& cgh) {
    cgh.parallel_for<max_pool_1d_kernel<Len, Win, Stride, Pad>>(
        sycl::range<1>(rows), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
          using namespace sycl::ext::intel::esimd;
          const half* src = in + idx[0] * Len;
          half* dst = out + idx[0] * OUT;
          for (int o = 0; o < OUT; o += kBatch) {
            simd<half, kBatch> tap[Win];  // all gathers in flight before any max
#pragma GCC unroll 16
            for (int w = 0; w < Win; ++w)
              tap[w] = gather<half, kBatch>(src, clamped_offsets<Len, Stride>(o * Stride - Pad + w));
            simd<float, kBatch> best = convert<float>(tap[0]);
#pragma GCC unroll 16
            for (int w = 1; w < Win; ++w) best = max(best, convert<float>(tap[w]));
            store_batch<row_align(OUT)>(dst + o, best, std::min(kBatch, OUT - o));
          }
        });
  });
}

// ------------------------------ max_pool_2d
/// NCHW: out[n, c, oh, ow] = max of in[n, c, oh*SH - PH + kh, ow*SW - PW + kw] over the taps
/// inside the H x W plane. One work-item per output row: range<3>(batch, channels, OH).
/// Pre: 16-byte aligned USM; PH < KH, PW < KW; KH * KW <= 16; strides >= 1.
template <int H, int W, int KH, int KW, int SH, int SW, int PH, int PW>
sycl::event max_pool_2d(sycl::queue& q, const half* in, half* out, int batch, int channels) {
  static_assert(KH * KW >= 1 && KH * KW <= 16 && SH >= 1 && SW >= 1, "max_pool_2d: 1..16 taps");
  static_assert(PH >= 0 && PH < KH && PW >= 0 && PW < KW, "max_pool_2d: 0 <= pad < window");
  constexpr int OH = pooled_len(H, KH, SH, PH), OW = pooled_len(W, KW, SW, PW);
  return q.submit([&](sycl::handler& cgh) {
    cgh.parallel_for<max_pool_2d_kernel<H, W, KH, KW, SH, SW, PH, PW>>(
        sycl::range<3>(batch, channels, OH), [=](sycl::id<3> idx) SYCL_ESIMD_KERNEL {
          using namespace sycl::ext::intel::esimd;
          const size_t plane = idx[0] * channels + idx[1];
          const int oh = idx[2];
          const half* src = in + plane * H * W;
          half* dst = out + (plane * OH + oh) * OW;
          int row_off[KH];  // input rows of this output row, clamped like the columns
#pragma GCC unroll 4
          for (int kh = 0; kh < KH; ++kh)
            row_off[kh] = std::min(std::max(oh * SH - PH + kh, 0), H - 1) * W * int(sizeof(half));
          for (int o = 0; o < OW; o += kBatch) {
            simd<half, kBatch> tap[KH * KW];  // all gathers in flight before any max
#pragma GCC unroll 4
            for (int kw = 0; kw < KW; ++kw) {
              const simd<uint32_t, kBatch> col = clamped_offsets<W, SW>(o * SW - PW + kw);
#pragma GCC unroll 4
              for (int kh = 0; kh < KH; ++kh)
                tap[kh * KW + kw] = gather<half, kBatch>(src, col + row_off[kh]);
            }
            simd<float, kBatch> best = convert<float>(tap[0]);
#pragma GCC unroll 16
            for (int t = 1; t < KH * KW; ++t) best = max(best, convert<float>(tap[t]));
            store_batch<row_align(OW)>(dst + o, best, std::min(kBatch, OW - o));
          }
        });
  });
}

}  // namespace xesim::kernels::max_pool
