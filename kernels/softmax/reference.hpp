// Native CPU reference of softmax: oneTBB over rows, plain loops over an FP32 copy of each row,
// std::exp, FP32 sum. Shares nothing with kernel.hpp but the element type.
// OutT = float gives the unrounded result (the accuracy oracle); OutT = sycl::half gives what
// the kernel gives (the native side of the perf comparison).
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "../common/native.hpp"

namespace xesim::kernels::softmax {

// ------------------------------ reference
/// out[r, :] = softmax(in[r, :]) for a rows x cols row-major matrix of halves.
template <class OutT>
void reference(const sycl::half* in, OutT* out, int rows, int cols) {
  tbb::parallel_for(tbb::blocked_range<int>(0, rows), [&](const tbb::blocked_range<int>& rs) {
    std::vector<float> x(static_cast<std::size_t>(cols));
    for (int r = rs.begin(); r < rs.end(); ++r) {
      const std::size_t base = static_cast<std::size_t>(r) * cols;
      native::widen(in + base, x.data(), cols);
      float mx = -INFINITY;
      for (int c = 0; c < cols; ++c) mx = std::max(mx, x[c]);
      float sum = 0.f;
      for (int c = 0; c < cols; ++c) {
        x[c] = std::exp(x[c] - mx);
        sum += x[c];
      }
      const float inv = 1.f / sum;
      for (int c = 0; c < cols; ++c) x[c] *= inv;
      if constexpr (std::is_same_v<OutT, float>)
        std::copy(x.begin(), x.end(), out + base);
      else
        native::narrow(x.data(), out + base, cols);
    }
  });
}

}  // namespace xesim::kernels::softmax
