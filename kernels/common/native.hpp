// What every native reference of the cookbook shares: FP16 rows converted to float and back in
// bulk, the way a native C++ programmer on this CPU would write it (F16C vcvtph2ps / vcvtps2ph,
// 8 lanes at a time). g++ 12 leaves a plain `float(h)` loop scalar (DESIGN.md: a row max over
// half at 7% of memory bandwidth), which would make every reference look slow for no good reason.
// Independent of xesim's own conversions (simd/fp_convert.hpp): the scalar tails use half's
// operator float, the vector part the CPU's instructions directly.
#pragma once

#include <sycl/sycl.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__F16C__)
#include <immintrin.h>
#endif

namespace xesim::kernels::native {

// ------------------------------ widen
/// dst[i] = float(src[i]) for i < n (exact).
inline void widen(const sycl::half* src, float* dst, std::size_t n) {
  std::size_t i = 0;
#if defined(__F16C__)
  static_assert(sizeof(sycl::half) == 2);
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(h));
  }
#endif
  for (; i < n; ++i) dst[i] = static_cast<float>(src[i]);
}

// ------------------------------ narrow
/// dst[i] = half(src[i]) for i < n, rounded to nearest even.
inline void narrow(const float* src, sycl::half* dst, std::size_t n) {
  std::size_t i = 0;
#if defined(__F16C__)
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), h);
  }
#endif
  for (; i < n; ++i) dst[i] = sycl::half(src[i]);
}

}  // namespace xesim::kernels::native
