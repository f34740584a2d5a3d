// Native CPU reference of top-K: oneTBB over rows; per row an FP32 copy, std::nth_element on the
// column indices to find the K first, std::sort to order them. "First" is: larger value, or
// equal value and lower column. Shares nothing with kernel.hpp.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "../common/native.hpp"

namespace xesim::kernels::topk {

// ------------------------------ reference
/// vals[r, 0..k) / idxs[r, 0..k): the k first elements of row r of in (rows x cols).
inline void reference(const sycl::half* in, sycl::half* vals, int* idxs, int rows, int cols,
                      int k) {
  tbb::parallel_for(tbb::blocked_range<int>(0, rows), [&](const tbb::blocked_range<int>& rs) {
    std::vector<float> x(static_cast<std::size_t>(cols));
    std::vector<int> order(x.size());
    for (int r = rs.begin(); r < rs.end(); ++r) {
      const std::size_t base = static_cast<std::size_t>(r) * cols;
      native::widen(in + base, x.data(), cols);
      std::iota(order.begin(), order.end(), 0);
      const auto first = [&](int a, int b) { return x[a] > x[b] || (x[a] == x[b] && a < b); };
      std::nth_element(order.begin(), order.begin() + (k - 1), order.end(), first);
      std::sort(order.begin(), order.begin() + k, first);
      for (int i = 0; i < k; ++i) {
        vals[static_cast<std::size_t>(r) * k + i] = in[base + order[i]];
        idxs[static_cast<std::size_t>(r) * k + i] = order[i];
      }
    }
  });
}

}  // namespace xesim::kernels::topk
