// Bulk conversions between float and the 16/19-bit element types, used by simd<half, N>,
// simd<bfloat16, N> and simd<tfloat32, N> arithmetic (computed in float).
// g++ 12 leaves _Float16 <-> float conversion loops scalar (one vcvtph2ps per element: a row max
// over half ran at 7% of memory bandwidth, DESIGN.md); these convert whole vectors instead.
//
// Each public function chains vector kernels, widest first (16 lanes with AVX-512, 8 with
// F16C / AVX2), then a scalar tail; without those ISA extensions only the scalar loop remains.
// Every path gives the same bits as the scalar conversions of half.hpp / bfloat16.hpp /
// tfloat32.hpp, NaN, infinities, subnormals, ties and overflow included
// (tests/simd/fp_convert_test.cpp checks each kernel). Header-only, no allocation.
// src and dst must not overlap. n <= 0 does nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "xesim/simd/bfloat16.hpp"
#include "xesim/simd/half.hpp"
#include "xesim/simd/tfloat32.hpp"

#if defined(__AVX512F__) || defined(__AVX2__) || defined(__F16C__)
#include <immintrin.h>
#endif

namespace xesim::detail {

/// The kernels behind the public functions. Each `_xW` kernel converts the longest prefix of
/// whole W-lane vectors and returns its length; `_x1` converts everything it is given.
namespace fpcvt {

// ---- scalar --------------------------------------------------------------------------------
[[gnu::always_inline]] inline void f16_to_f32_x1(const half* src, float* dst, int n) noexcept {
  for (int i = 0; i < n; ++i) dst[i] = f16_bits_to_f32(half_bits(src[i]));
}
[[gnu::always_inline]] inline void f32_to_f16_x1(const float* src, half* dst, int n) noexcept {
  for (int i = 0; i < n; ++i) dst[i] = half_from_bits(f32_to_f16_bits(src[i]));
}
[[gnu::always_inline]] inline void bf16_to_f32_x1(const bfloat16* src, float* dst, int n) noexcept {
  for (int i = 0; i < n; ++i) dst[i] = bf16_bits_to_f32(bfloat16_bits(src[i]));
}
[[gnu::always_inline]] inline void f32_to_bf16_x1(const float* src, bfloat16* dst, int n) noexcept {
  for (int i = 0; i < n; ++i) dst[i] = bfloat16_from_bits(f32_to_bf16_bits(src[i]));
}
[[gnu::always_inline]] inline void f32_to_tf32_x1(const float* src, tfloat32* dst, int n) noexcept {
  for (int i = 0; i < n; ++i) dst[i] = tfloat32_from_bits(f32_to_tf32_bits_rne(src[i]));
}

// ---- AVX-512: 16 lanes ---------------------------------------------------------------------
#if defined(__AVX512F__)
// The zero-masking forms with an all-ones mask compile to the plain instructions; the plain
// intrinsics trip -Wuninitialized in g++ 12.2's headers (GCC PR 105593, fixed in 12.3).
inline constexpr __mmask16 kAll16 = 0xffff;

[[gnu::always_inline]] inline int f16_to_f32_x16(const half* src, float* dst, int n) noexcept {
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    _mm512_storeu_ps(dst + i, _mm512_maskz_cvtph_ps(kAll16, h));  // vcvtph2ps zmm
  }
  return i;
}
[[gnu::always_inline]] inline int f32_to_f16_x16(const float* src, half* dst, int n) noexcept {
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512 f = _mm512_loadu_ps(src + i);
    const __m256i h =
        _mm512_maskz_cvtps_ph(kAll16, f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), h);  // vcvtps2ph zmm
  }
  return i;
}
[[gnu::always_inline]] inline int bf16_to_f32_x16(const bfloat16* src, float* dst, int n) noexcept {
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    const __m512i u = _mm512_maskz_slli_epi32(kAll16, _mm512_maskz_cvtepu16_epi32(kAll16, b), 16);
    _mm512_storeu_si512(dst + i, u);
  }
  return i;
}
/// float bits -> bfloat16 bits for 16 lanes with integer ops: the same formula as
/// f32_to_bf16_bits (add 0x7fff + lsb, keep the top half; NaN -> top half | 0x40).
[[gnu::always_inline]] inline __m256i f32_to_bf16_int16(__m512i u) noexcept {
  const __m512i hi = _mm512_maskz_srli_epi32(kAll16, u, 16);
  const __m512i lsb = _mm512_and_si512(hi, _mm512_set1_epi32(1));
  const __m512i r = _mm512_maskz_srli_epi32(
      kAll16, _mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7fff)), lsb), 16);
  const __mmask16 nan = _mm512_cmpgt_epu32_mask(_mm512_and_si512(u, _mm512_set1_epi32(0x7fffffff)),
                                                _mm512_set1_epi32(0x7f800000));
  const __m512i b32 = _mm512_mask_or_epi32(r, nan, hi, _mm512_set1_epi32(0x40));
  return _mm512_maskz_cvtepi32_epi16(kAll16, b32);
}
[[gnu::always_inline]] inline int f32_to_bf16_x16(const float* src, bfloat16* dst, int n) noexcept {
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512i u = _mm512_loadu_si512(src + i);
#if defined(__AVX512BF16__)
    // vcvtneps2bf16 rounds to nearest even and quiets NaNs like f32_to_bf16_bits, but flushes
    // subnormal inputs to zero: redo a vector holding any zero-exponent lane with integer ops.
    __m256i b = reinterpret_cast<__m256i>(_mm512_cvtneps_pbh(_mm512_castsi512_ps(u)));
    if (_mm512_testn_epi32_mask(u, _mm512_set1_epi32(0x7f800000)) != 0) {
      b = f32_to_bf16_int16(u);
    }
#else
    const __m256i b = f32_to_bf16_int16(u);
#endif
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), b);
  }
  return i;
}
/// f32_to_tf32_bits_rne on 16 lanes: add 0xfff + lsb, clear 13 bits; NaN -> (u | quiet) & mask.
[[gnu::always_inline]] inline int f32_to_tf32_x16(const float* src, tfloat32* dst, int n) noexcept {
  const __m512i mask = _mm512_set1_epi32(static_cast<int>(kTf32Mask));
  int i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m512i u = _mm512_loadu_si512(src + i);
    const __m512i lsb =
        _mm512_and_si512(_mm512_maskz_srli_epi32(kAll16, u, 13), _mm512_set1_epi32(1));
    const __m512i r = _mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x0fff)), lsb);
    const __mmask16 nan = _mm512_cmpgt_epu32_mask(
        _mm512_and_si512(u, _mm512_set1_epi32(0x7fffffff)), _mm512_set1_epi32(0x7f800000));
    const __m512i q = _mm512_mask_or_epi32(r, nan, u, _mm512_set1_epi32(0x00400000));
    _mm512_storeu_si512(dst + i, _mm512_and_si512(q, mask));
  }
  return i;
}
#endif  // __AVX512F__

// ---- F16C / AVX2: 8 lanes ------------------------------------------------------------------
#if defined(__F16C__)
[[gnu::always_inline]] inline int f16_to_f32_x8(const half* src, float* dst, int n) noexcept {
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(h));  // vcvtph2ps ymm
  }
  return i;
}
[[gnu::always_inline]] inline int f32_to_f16_x8(const float* src, half* dst, int n) noexcept {
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), h);  // vcvtps2ph ymm
  }
  return i;
}
#endif  // __F16C__

#if defined(__AVX2__)
[[gnu::always_inline]] inline int bf16_to_f32_x8(const bfloat16* src, float* dst, int n) noexcept {
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    const __m256i u = _mm256_slli_epi32(_mm256_cvtepu16_epi32(b), 16);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), u);
  }
  return i;
}
[[gnu::always_inline]] inline int f32_to_bf16_x8(const float* src, bfloat16* dst, int n) noexcept {
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256i u = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    const __m256i hi = _mm256_srli_epi32(u, 16);
    const __m256i lsb = _mm256_and_si256(hi, _mm256_set1_epi32(1));
    const __m256i r = _mm256_srli_epi32(
        _mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x7fff)), lsb), 16);
    // |u| > inf as signed 32-bit compare: both sides are non-negative.
    const __m256i nan = _mm256_cmpgt_epi32(_mm256_and_si256(u, _mm256_set1_epi32(0x7fffffff)),
                                           _mm256_set1_epi32(0x7f800000));
    const __m256i q = _mm256_or_si256(hi, _mm256_set1_epi32(0x40));
    const __m256i b32 = _mm256_blendv_epi8(r, q, nan);
    // Pack 8 x u32 (all <= 0xffff) to 8 x u16: packus works per 128-bit lane, so gather the
    // two useful 64-bit quarters afterwards.
    const __m256i p = _mm256_permute4x64_epi64(_mm256_packus_epi32(b32, b32), 0x08);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm256_castsi256_si128(p));
  }
  return i;
}
[[gnu::always_inline]] inline int f32_to_tf32_x8(const float* src, tfloat32* dst, int n) noexcept {
  const __m256i mask = _mm256_set1_epi32(static_cast<int>(kTf32Mask));
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256i u = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 13), _mm256_set1_epi32(1));
    const __m256i r = _mm256_add_epi32(_mm256_add_epi32(u, _mm256_set1_epi32(0x0fff)), lsb);
    const __m256i nan = _mm256_cmpgt_epi32(_mm256_and_si256(u, _mm256_set1_epi32(0x7fffffff)),
                                           _mm256_set1_epi32(0x7f800000));
    const __m256i q = _mm256_blendv_epi8(r, _mm256_or_si256(u, _mm256_set1_epi32(0x00400000)), nan);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), _mm256_and_si256(q, mask));
  }
  return i;
}
#endif  // __AVX2__

}  // namespace fpcvt

// ------------------------------ f16_to_f32
/// dst[i] = float(src[i]) for i in [0, n): exact, signaling NaNs come back quiet.
/// Pre: src, dst valid for n elements, no overlap. HW (CPU): vcvtph2ps; GPU: mov hf -> f.
[[gnu::always_inline]] inline void f16_to_f32(const half* src, float* dst, int n) noexcept {
  int i = 0;
#if defined(__AVX512F__)
  i += fpcvt::f16_to_f32_x16(src, dst, n);
#endif
#if defined(__F16C__)
  i += fpcvt::f16_to_f32_x8(src + i, dst + i, n - i);
#endif
  fpcvt::f16_to_f32_x1(src + i, dst + i, n - i);
}

// ------------------------------ f32_to_f16
/// dst[i] = half(src[i]): round to nearest even, |x| >= 65520 -> inf, NaN -> quiet NaN.
/// Pre: src, dst valid for n elements, no overlap. HW (CPU): vcvtps2ph; GPU: mov f -> hf.
[[gnu::always_inline]] inline void f32_to_f16(const float* src, half* dst, int n) noexcept {
  int i = 0;
#if defined(__AVX512F__)
  i += fpcvt::f32_to_f16_x16(src, dst, n);
#endif
#if defined(__F16C__)
  i += fpcvt::f32_to_f16_x8(src + i, dst + i, n - i);
#endif
  fpcvt::f32_to_f16_x1(src + i, dst + i, n - i);
}

// ------------------------------ bf16_to_f32
/// dst[i] = float(src[i]): exact, a 16-bit shift (NaN payloads kept as they are).
/// Pre: src, dst valid for n elements, no overlap. HW (CPU): vpmovzxwd + vpslld; GPU: mov.
[[gnu::always_inline]] inline void bf16_to_f32(const bfloat16* src, float* dst, int n) noexcept {
  int i = 0;
#if defined(__AVX512F__)
  i += fpcvt::bf16_to_f32_x16(src, dst, n);
#endif
#if defined(__AVX2__)
  i += fpcvt::bf16_to_f32_x8(src + i, dst + i, n - i);
#endif
  fpcvt::bf16_to_f32_x1(src + i, dst + i, n - i);
}

// ------------------------------ f32_to_bf16
/// dst[i] = bfloat16(src[i]): round to nearest even (subnormals too), NaN -> quiet NaN.
/// Pre: src, dst valid for n elements, no overlap. HW (CPU): vcvtneps2bf16 (+ a subnormal
/// fix-up) or integer ops; GPU: mov f -> bf.
[[gnu::always_inline]] inline void f32_to_bf16(const float* src, bfloat16* dst, int n) noexcept {
  int i = 0;
#if defined(__AVX512F__)
  i += fpcvt::f32_to_bf16_x16(src, dst, n);
#endif
#if defined(__AVX2__)
  i += fpcvt::f32_to_bf16_x8(src + i, dst + i, n - i);
#endif
  fpcvt::f32_to_bf16_x1(src + i, dst + i, n - i);
}

// ------------------------------ tf32_to_f32
/// dst[i] = float(src[i]): exact (a copy of the bits). Pre: no overlap. HW: none (mov).
[[gnu::always_inline]] inline void tf32_to_f32(const tfloat32* src, float* dst, int n) noexcept {
  if (n > 0) std::memcpy(dst, src, static_cast<std::size_t>(n) * sizeof(float));
}

// ------------------------------ f32_to_tf32
/// dst[i] = src[i] rounded to nearest even to 10 mantissa bits (NaN -> quiet NaN), as the GPU's
/// vector conversion does; the scalar tfloat32(float) truncates instead (DPC++'s class).
/// Pre: no overlap. HW: __esimd_tf32_cvt (Xe-HPC, Xe2); on the CPU integer vector ops.
[[gnu::always_inline]] inline void f32_to_tf32(const float* src, tfloat32* dst, int n) noexcept {
  int i = 0;
#if defined(__AVX512F__)
  i += fpcvt::f32_to_tf32_x16(src, dst, n);
#endif
#if defined(__AVX2__)
  i += fpcvt::f32_to_tf32_x8(src + i, dst + i, n - i);
#endif
  fpcvt::f32_to_tf32_x1(src + i, dst + i, n - i);
}

}  // namespace xesim::detail
