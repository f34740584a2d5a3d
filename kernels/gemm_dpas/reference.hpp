// Native CPU reference of the GEMM: oneTBB over rows of C, B widened to FP32 once, then per row
// c[i, :] += a[i, k] * b[k, :] for k in order. Each element is thus summed in k order like the
// dpas chain (one rounding per product, exact here, and one per add), so results match bit for
// bit on finite data. Shares nothing with kernel.hpp: B is the plain row-major K x N matrix.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <cstddef>
#include <type_traits>
#include <vector>

#include "../common/native.hpp"

namespace xesim::kernels::gemm_dpas {

/// dst[i] = float(src[i]) (exact): F16C for half, a 16-bit shift for bfloat16.
template <class T>
void widen(const T* src, float* dst, std::size_t n) {
  if constexpr (std::is_same_v<T, sycl::half>)
    native::widen(src, dst, n);
  else
    for (std::size_t i = 0; i < n; ++i) dst[i] = static_cast<float>(src[i]);
}

// ------------------------------ reference
/// c (M x N) = a (M x K) x b (K x N), all row-major; T = sycl::half or bfloat16.
template <class T>
void reference(const T* a, const T* b, float* c, int M, int N, int K) {
  std::vector<float> bf(static_cast<std::size_t>(K) * N);
  widen(b, bf.data(), bf.size());
  tbb::parallel_for(tbb::blocked_range<int>(0, M), [&](const tbb::blocked_range<int>& rs) {
    std::vector<float> af(static_cast<std::size_t>(K));
    for (int i = rs.begin(); i < rs.end(); ++i) {
      widen(a + static_cast<std::size_t>(i) * K, af.data(), static_cast<std::size_t>(K));
      float* ci = c + static_cast<std::size_t>(i) * N;
      for (int j = 0; j < N; ++j) ci[j] = 0.0f;
      for (int k = 0; k < K; ++k) {
        const float x = af[k];
        const float* bk = bf.data() + static_cast<std::size_t>(k) * N;
        for (int j = 0; j < N; ++j) ci[j] += x * bk[j];  // exact product: fused or not, same bits
      }
    }
  });
}

}  // namespace xesim::kernels::gemm_dpas
