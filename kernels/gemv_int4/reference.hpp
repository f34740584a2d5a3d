// Native CPU reference of the int4 GEMV: oneTBB over rows, a plain loop per row over the packed
// bytes, FP32 sums per scale group, x widened to FP32 once per task. Shares nothing with
// kernel.hpp but the data layout: w is n x K/2 bytes (even k in the low nibble), weight =
// (nibble - 8) * scale, one FP16 scale per group of g consecutive k.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cstdint>
#include <vector>

#include "../common/native.hpp"

namespace xesim::kernels::gemv_int4 {

// ------------------------------ reference
/// y[r] = sum_k (q[r, k] - 8) * scales[r, k / g] * x[k], r < n. OutT float or sycl::half.
template <class OutT>
void reference(const uint8_t* w, const sycl::half* scales, const sycl::half* x, OutT* y, int n,
               int k, int g) {
  const int groups = k / g;
  tbb::parallel_for(tbb::blocked_range<int>(0, n), [&](const tbb::blocked_range<int>& rs) {
    std::vector<float> xf(static_cast<std::size_t>(k)), sf(static_cast<std::size_t>(groups));
    native::widen(x, xf.data(), k);
    for (int r = rs.begin(); r < rs.end(); ++r) {
      const uint8_t* wr = w + static_cast<std::size_t>(r) * (k / 2);
      native::widen(scales + static_cast<std::size_t>(r) * groups, sf.data(), groups);
      float acc = 0.f;
      for (int gi = 0; gi < groups; ++gi) {
        float dot = 0.f;
        for (int j = 0; j < g / 2; ++j) {
          const int b = wr[gi * (g / 2) + j], kk = gi * g + 2 * j;
          dot += static_cast<float>((b & 15) - 8) * xf[kk] + static_cast<float>((b >> 4) - 8) * xf[kk + 1];
        }
        acc += sf[gi] * dot;
      }
      y[r] = static_cast<OutT>(acc);
    }
  });
}

}  // namespace xesim::kernels::gemv_int4
