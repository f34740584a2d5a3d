// Native CPU reference of RMSNorm: oneTBB over rows, plain loops over FP32 copies of the row and
// of the weights, an FP32 sum of squares. Shares nothing with kernel.hpp but the element type.
// OutT = float: the unrounded result (accuracy oracle); OutT = sycl::half: the kernel's output
// type (the native side of the perf comparison).
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "../common/native.hpp"

namespace xesim::kernels::rms_norm {

// ------------------------------ reference
/// out[r, c] = in[r, c] / sqrt(mean(in[r, :]^2) + eps) * weight[c].
template <class OutT>
void reference(const sycl::half* in, const sycl::half* weight, OutT* out, int rows, int cols,
               float eps = 1e-6f) {
  tbb::parallel_for(tbb::blocked_range<int>(0, rows), [&](const tbb::blocked_range<int>& rs) {
    std::vector<float> x(static_cast<std::size_t>(cols)), w(x.size());
    native::widen(weight, w.data(), cols);
    for (int r = rs.begin(); r < rs.end(); ++r) {
      const std::size_t base = static_cast<std::size_t>(r) * cols;
      native::widen(in + base, x.data(), cols);
      float sum_sq = 0.f;
      for (int c = 0; c < cols; ++c) sum_sq += x[c] * x[c];
      const float inv_rms = 1.f / std::sqrt(sum_sq / static_cast<float>(cols) + eps);
      for (int c = 0; c < cols; ++c) x[c] = x[c] * inv_rms * w[c];
      if constexpr (std::is_same_v<OutT, float>)
        std::copy(x.begin(), x.end(), out + base);
      else
        native::narrow(x.data(), out + base, cols);
    }
  });
}

}  // namespace xesim::kernels::rms_norm
