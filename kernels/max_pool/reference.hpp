// Native CPU references of max pooling: oneTBB over rows (1D) or planes (2D), an FP32 copy of
// the input, and the textbook loops: every output scans its window and skips the taps that fall
// in the padding. Shares nothing with kernel.hpp.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "../common/native.hpp"

namespace xesim::kernels::max_pool {

// ------------------------------ reference_1d
/// out[r, o] = max over w < win of in[r, o*stride - pad + w], taps outside [0, len) skipped.
inline void reference_1d(const sycl::half* in, sycl::half* out, int rows, int len, int win,
                         int stride, int pad) {
  const int n_out = (len + 2 * pad - win) / stride + 1;
  tbb::parallel_for(tbb::blocked_range<int>(0, rows), [&](const tbb::blocked_range<int>& rs) {
    std::vector<float> x(static_cast<std::size_t>(len)), y(static_cast<std::size_t>(n_out));
    for (int r = rs.begin(); r < rs.end(); ++r) {
      native::widen(in + static_cast<std::size_t>(r) * len, x.data(), len);
      for (int o = 0; o < n_out; ++o) {
        float m = -INFINITY;
        for (int w = 0; w < win; ++w) {
          const int i = o * stride - pad + w;
          if (i >= 0 && i < len) m = std::max(m, x[i]);
        }
        y[o] = m;
      }
      native::narrow(y.data(), out + static_cast<std::size_t>(r) * n_out, n_out);
    }
  });
}

// ------------------------------ reference_2d
/// NCHW max pooling of planes planes of h x w with a kh x kw window, strides sh, sw, pads ph, pw.
inline void reference_2d(const sycl::half* in, sycl::half* out, int planes, int h, int w, int kh,
                         int kw, int sh, int sw, int ph, int pw) {
  const int oh_n = (h + 2 * ph - kh) / sh + 1, ow_n = (w + 2 * pw - kw) / sw + 1;
  tbb::parallel_for(tbb::blocked_range<int>(0, planes), [&](const tbb::blocked_range<int>& ps) {
    std::vector<float> x(static_cast<std::size_t>(h) * w), y(static_cast<std::size_t>(oh_n) * ow_n);
    for (int p = ps.begin(); p < ps.end(); ++p) {
      native::widen(in + static_cast<std::size_t>(p) * h * w, x.data(), x.size());
      for (int oh = 0; oh < oh_n; ++oh)
        for (int ow = 0; ow < ow_n; ++ow) {
          float m = -INFINITY;
          for (int i = oh * sh - ph; i < oh * sh - ph + kh; ++i)
            for (int j = ow * sw - pw; j < ow * sw - pw + kw; ++j)
              if (i >= 0 && i < h && j >= 0 && j < w) m = std::max(m, x[static_cast<std::size_t>(i) * w + j]);
          y[static_cast<std::size_t>(oh) * ow_n + ow] = m;
        }
      native::narrow(y.data(), out + static_cast<std::size_t>(p) * y.size(), y.size());
    }
  });
}

}  // namespace xesim::kernels::max_pool
