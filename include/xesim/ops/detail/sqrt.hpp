// Vector square roots of M lanes. std::sqrt keeps a scalar errno branch per lane (g++ does not
// vectorise it without -fno-math-errno), so whole vectors go through the CPU's vsqrtps / vsqrtpd;
// the results are the same correctly rounded values.
#pragma once

#include <cmath>

#if defined(__AVX512F__) || defined(__AVX__) || defined(__SSE2__)
#include <immintrin.h>
#endif

#include "xesim/simd/traits.hpp"

namespace xesim::esimd::detail::ops {

// ------------------------------ sqrt_n
/// out[i] = sqrt(in[i]) for i < M (float or double; in may equal out). IEEE: sqrt(-0) = -0,
/// sqrt(x < 0) = NaN. HW (CPU): vsqrtps / vsqrtpd.
template <int M, class C>
XESIM_INLINE void sqrt_n(const C* in, C* out) {
  static_assert(std::is_same_v<C, float> || std::is_same_v<C, double>);
  int i = 0;
#if defined(__AVX512F__)
  // The zero-masking forms: the plain ones trip -Wuninitialized in g++ 12.2 (GCC PR 105593).
  if constexpr (std::is_same_v<C, float>) {
    for (; i + 16 <= M; i += 16)
      _mm512_storeu_ps(out + i, _mm512_maskz_sqrt_ps(0xffff, _mm512_loadu_ps(in + i)));
  } else {
    for (; i + 8 <= M; i += 8)
      _mm512_storeu_pd(out + i, _mm512_maskz_sqrt_pd(0xff, _mm512_loadu_pd(in + i)));
  }
#endif
#if defined(__AVX__)
  if constexpr (std::is_same_v<C, float>) {
    for (; i + 8 <= M; i += 8) _mm256_storeu_ps(out + i, _mm256_sqrt_ps(_mm256_loadu_ps(in + i)));
  } else {
    for (; i + 4 <= M; i += 4) _mm256_storeu_pd(out + i, _mm256_sqrt_pd(_mm256_loadu_pd(in + i)));
  }
#endif
#if defined(__SSE2__)
  if constexpr (std::is_same_v<C, float>) {
    for (; i + 4 <= M; i += 4) _mm_storeu_ps(out + i, _mm_sqrt_ps(_mm_loadu_ps(in + i)));
  } else {
    for (; i + 2 <= M; i += 2) _mm_storeu_pd(out + i, _mm_sqrt_pd(_mm_loadu_pd(in + i)));
  }
#endif
  for (; i < M; ++i) out[i] = std::sqrt(in[i]);
}

}  // namespace xesim::esimd::detail::ops
