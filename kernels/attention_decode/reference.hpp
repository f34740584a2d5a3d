// Native CPU reference of decode attention: oneTBB over query heads; per head plain loops over
// FP32 copies of the key and value rows (F16C widening, common/native.hpp): all S scores, their
// max, exp and sum (two passes, not online), then the weighted sum of value rows.
// Shares nothing with kernel.hpp but the layouts.
// OutT = float: the accuracy oracle, accumulated in double. OutT = sycl::half: what the kernel
// gives, accumulated in float (the native side of the perf comparison).
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "../common/native.hpp"

namespace xesim::kernels::attention_decode {

// ------------------------------ reference
/// out[hq] = softmax(q[hq] . K[hq / G]^T / sqrt(D)) . V[hq / G] for kv_heads * G query heads;
/// q: rows of D halves; k, v: [kv_head][S][D] halves.
template <class OutT>
void reference(const sycl::half* q, const sycl::half* k, const sycl::half* v, OutT* out, int D,
               int G, int kv_heads, int S) {
  using Acc = std::conditional_t<std::is_same_v<OutT, float>, double, float>;
  tbb::parallel_for(tbb::blocked_range<int>(0, kv_heads * G), [&](const tbb::blocked_range<int>& hs) {
    std::vector<float> qf(D), row(D);
    std::vector<Acc> score(S), o(D);
    for (int hq = hs.begin(); hq < hs.end(); ++hq) {
      const std::size_t kv = std::size_t(hq / G) * S * D;
      native::widen(q + std::size_t(hq) * D, qf.data(), D);
      const Acc scale = Acc(1) / std::sqrt(Acc(D));
      Acc mx = -INFINITY;
      for (int s = 0; s < S; ++s) {
        native::widen(k + kv + std::size_t(s) * D, row.data(), D);
        Acc dot = 0;
        for (int d = 0; d < D; ++d) dot += Acc(qf[d]) * Acc(row[d]);
        score[s] = dot * scale;
        mx = std::max(mx, score[s]);
      }
      Acc sum = 0;
      for (int s = 0; s < S; ++s) sum += score[s] = std::exp(score[s] - mx);
      std::fill(o.begin(), o.end(), Acc(0));
      for (int s = 0; s < S; ++s) {
        native::widen(v + kv + std::size_t(s) * D, row.data(), D);
        for (int d = 0; d < D; ++d) o[d] += score[s] * Acc(row[d]);
      }
      for (int d = 0; d < D; ++d) {
        const Acc r = o[d] / sum;
        if constexpr (std::is_same_v<OutT, float>)
          out[std::size_t(hq) * D + d] = float(r);
        else
          out[std::size_t(hq) * D + d] = sycl::half(float(r));
      }
    }
  });
}

}  // namespace xesim::kernels::attention_decode
