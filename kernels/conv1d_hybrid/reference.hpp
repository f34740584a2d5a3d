// Native CPU reference of the depthwise strided 1D convolution: oneTBB over rows, FP32 copies of
// the row and its filter, and the textbook loop: every output sums its taps, skipping those in
// the zero padding. Shares nothing with kernel.hpp.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <type_traits>
#include <vector>

#include "../common/native.hpp"

namespace xesim::kernels::conv1d_hybrid {

// ------------------------------ reference
/// out[r, o] = sum_{w < win} in[r, o*stride - pad + w] * filt[r, w], taps outside [0, len) = 0.
/// OutT = float: unrounded (accuracy oracle); sycl::half: the kernel's output type.
template <class OutT>
void reference(const sycl::half* in, const sycl::half* filt, OutT* out, int rows, int len,
               int win, int stride, int pad) {
  const int n_out = (len + 2 * pad - win) / stride + 1;
  tbb::parallel_for(tbb::blocked_range<int>(0, rows), [&](const tbb::blocked_range<int>& rs) {
    std::vector<float> x(static_cast<std::size_t>(len)), f(static_cast<std::size_t>(win));
    std::vector<float> y(static_cast<std::size_t>(n_out));
    for (int r = rs.begin(); r < rs.end(); ++r) {
      native::widen(in + static_cast<std::size_t>(r) * len, x.data(), len);
      native::widen(filt + static_cast<std::size_t>(r) * win, f.data(), win);
      for (int o = 0; o < n_out; ++o) {
        float acc = 0.f;
        for (int w = 0; w < win; ++w) {
          const int i = o * stride - pad + w;
          if (i >= 0 && i < len) acc += x[i] * f[w];
        }
        y[o] = acc;
      }
      OutT* dst = out + static_cast<std::size_t>(r) * n_out;
      if constexpr (std::is_same_v<OutT, float>)
        std::copy(y.begin(), y.end(), dst);
      else
        native::narrow(y.data(), dst, n_out);
    }
  });
}

}  // namespace xesim::kernels::conv1d_hybrid
