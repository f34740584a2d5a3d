// dpas on the CPU's own dot-product instructions, each used only where it gives the reference's
// bits (dpas_core.hpp), else the caller falls back to the portable loops:
//   int8/int4/int2  vpdpbusd (AVX512-VNNI): integer sums are exact, any order gives the same bits.
//   fp16            vfmadd231ps: an fp16 x fp16 product is exact in fp32, so fma(a, b, acc) is
//                   fl(acc + fl(a * b)); the k order is kept. No condition.
//   bf16, tf32      vfmadd231ps when every element of A and B is 0 or has |exponent| <= 63 (the
//                   product is then exact: no overflow, no bits below 2^-149).
//   bf16            vdpbf16ps (AVX512-BF16) when A and B are 0 or in [2^-56, 2^32) and C is 0
//                   or finite and >= 2^-103 in magnitude: all products and partial sums are then
//                   multiples of 2^-126, so the instruction's flush of subnormals never acts and
//                   its two roundings per pair (the odd element first, Intel SDM; checked at first
//                   use against the reference) give the reference's bits with each pair swapped.
// NaN results are made the canonical 0x7fc00000 on every path (the vdpbf16ps path takes only a
// finite C, so none arises there). AMX tdpbf16ps is not used: it sums the even and the odd
// products of a tile row apart before adding them to C (Intel SDM), another order than the
// reference's, so its bits differ whenever a sum rounds.
// The paths are picked at run time (CPUID through src/xmx, XESIM_XMX_PATH=portable) among those
// the compiler was allowed to emit (-march=native in xesim c++).
#pragma once

#include <cstdint>
#include <cstring>

#include "xesim/xmx/dpas_types.hpp"
#include "xesim/xmx/runtime.hpp"

#if defined(__AVX512F__) && defined(__AVX512BW__) && defined(__AVX512VL__) && \
    defined(__AVX512DQ__) && defined(__FMA__)
#include <immintrin.h>
#define XESIM_XMX_AVX512 1
#endif

namespace xesim::esimd::xmx::detail {
template <P Prec, int M, int N, int K>
void float_portable(const float* cin, float* out, const unsigned char* a, const unsigned char* b);
}  // namespace xesim::esimd::xmx::detail

// g++ 12 reports the intrinsics' own _mm512_undefined_* operands as maybe-uninitialized when
// they are inlined here; user code builds with -Werror.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

namespace xesim::esimd::xmx::detail::x86 {

/// Whether this translation unit was compiled with the AVX-512 paths (-march allowing them).
#if defined(XESIM_XMX_AVX512)
inline constexpr bool kAvx512Built = true;
#else
inline constexpr bool kAvx512Built = false;
#endif
/// Whether it was compiled with the VNNI integer path.
#if defined(XESIM_XMX_AVX512) && defined(__AVX512VNNI__)
inline constexpr bool kVnniBuilt = true;
#else
inline constexpr bool kVnniBuilt = false;
#endif

#if defined(XESIM_XMX_AVX512)
// ------------------------------ vector of one B row (N = 16: zmm, N = 8: ymm)
template <int N>
struct vec;
template <>
struct vec<16> {
  using F = __m512;
  using I = __m512i;
  static F loadf(const float* p) { return _mm512_loadu_ps(p); }
  static void storef(float* p, F v) { _mm512_storeu_ps(p, v); }
  static I loadi(const void* p) { return _mm512_loadu_si512(p); }
  static I loadi16(const void* p) {
    return _mm512_cvtepu16_epi32(_mm256_loadu_si256(static_cast<const __m256i*>(p)));
  }
  static I set1i(std::uint32_t x) { return _mm512_set1_epi32(int(x)); }
  static F set1(float x) { return _mm512_set1_ps(x); }
  static F fma(F a, F b, F c) { return _mm512_fmadd_ps(a, b, c); }
  static F cast(I v) { return _mm512_castsi512_ps(v); }
  static I andi(I a, std::uint32_t m) { return _mm512_and_si512(a, set1i(m)); }
  static I shl16(I a) { return _mm512_slli_epi32(a, 16); }
  static I shr16(I a) { return _mm512_srli_epi32(a, 16); }
  static I rot16(I a) { return _mm512_rol_epi32(a, 16); }
  static F cvtph(I a) { return _mm512_cvtph_ps(_mm512_cvtepi32_epi16(a)); }
  static I add(I a, I b) { return _mm512_add_epi32(a, b); }
  static I sub(I a, I b) { return _mm512_sub_epi32(a, b); }
  static F canon(F v) {
    return _mm512_mask_mov_ps(v, _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q),
                              cast(set1i(kCanonicalNan)));
  }
#if defined(__AVX512VNNI__)
  static I dpbusd(I acc, I u, I s) { return _mm512_dpbusd_epi32(acc, u, s); }
#endif
#if defined(__AVX512BF16__)
  static F dpbf16(F acc, I a, I b) { return _mm512_dpbf16_ps(acc, (__m512bh)a, (__m512bh)b); }
#endif
};
template <>
struct vec<8> {
  using F = __m256;
  using I = __m256i;
  static F loadf(const float* p) { return _mm256_loadu_ps(p); }
  static void storef(float* p, F v) { _mm256_storeu_ps(p, v); }
  static I loadi(const void* p) { return _mm256_loadu_si256(static_cast<const __m256i*>(p)); }
  static I loadi16(const void* p) {
    return _mm256_cvtepu16_epi32(_mm_loadu_si128(static_cast<const __m128i*>(p)));
  }
  static I set1i(std::uint32_t x) { return _mm256_set1_epi32(int(x)); }
  static F set1(float x) { return _mm256_set1_ps(x); }
  static F fma(F a, F b, F c) { return _mm256_fmadd_ps(a, b, c); }
  static F cast(I v) { return _mm256_castsi256_ps(v); }
  static I andi(I a, std::uint32_t m) { return _mm256_and_si256(a, set1i(m)); }
  static I shl16(I a) { return _mm256_slli_epi32(a, 16); }
  static I shr16(I a) { return _mm256_srli_epi32(a, 16); }
  static I rot16(I a) { return _mm256_rol_epi32(a, 16); }
  static F cvtph(I a) { return _mm256_cvtph_ps(_mm256_cvtepi32_epi16(a)); }
  static I add(I a, I b) { return _mm256_add_epi32(a, b); }
  static I sub(I a, I b) { return _mm256_sub_epi32(a, b); }
  static F canon(F v) {
    return _mm256_mask_mov_ps(v, _mm256_cmp_ps_mask(v, v, _CMP_UNORD_Q),
                              cast(set1i(kCanonicalNan)));
  }
#if defined(__AVX512VNNI__)
  static I dpbusd(I acc, I u, I s) { return _mm256_dpbusd_epi32(acc, u, s); }
#endif
#if defined(__AVX512BF16__)
  static F dpbf16(F acc, I a, I b) { return _mm256_dpbf16_ps(acc, (__m256bh)a, (__m256bh)b); }
#endif
};

// ------------------------------ range guards
/// Whether each of the n 16-bit words at p, sign cleared, is 0 or in [lo, hi].
XESIM_INLINE bool words_in_range(const unsigned char* p, int n, std::uint16_t lo,
                                 std::uint16_t hi) {
  __m512i mx = _mm512_setzero_si512(), mn = _mm512_set1_epi16(-1);
  const __m512i abs = _mm512_set1_epi16(0x7fff), one = _mm512_set1_epi16(1);
  for (int i = 0; i < n; i += 32) {
    const __mmask32 live = n - i >= 32 ? ~__mmask32(0) : (__mmask32(1) << (n - i)) - 1;
    const __m512i v = _mm512_and_si512(_mm512_maskz_loadu_epi16(live, p + 2 * i), abs);
    mx = _mm512_max_epu16(mx, v);
    mn = _mm512_min_epu16(mn, _mm512_sub_epi16(v, one));  // 0 -> 0xffff: passes
  }
  return (_mm512_cmpgt_epu16_mask(mx, _mm512_set1_epi16(short(hi))) |
          _mm512_cmplt_epu16_mask(mn, _mm512_set1_epi16(short(lo - 1)))) == 0;
}
/// The same for n 32-bit words (sign cleared, `ignore` low bits cleared).
XESIM_INLINE bool dwords_in_range(const void* p, int n, std::uint32_t lo, std::uint32_t hi,
                                  std::uint32_t keep = 0x7fffffffu) {
  __m512i mx = _mm512_setzero_si512(), mn = _mm512_set1_epi32(-1);
  const __m512i k = _mm512_set1_epi32(int(keep)), one = _mm512_set1_epi32(1);
  for (int i = 0; i < n; i += 16) {
    const __mmask16 live = n - i >= 16 ? __mmask16(0xffff) : __mmask16((1u << (n - i)) - 1);
    const __m512i v = _mm512_and_si512(
        _mm512_maskz_loadu_epi32(live, static_cast<const unsigned char*>(p) + 4 * i), k);
    mx = _mm512_max_epu32(mx, v);
    mn = _mm512_min_epu32(mn, _mm512_sub_epi32(v, one));
  }
  return (_mm512_cmpgt_epu32_mask(mx, _mm512_set1_epi32(int(hi))) |
          _mm512_cmplt_epu32_mask(mn, _mm512_set1_epi32(int(lo - 1)))) == 0;
}
/// Elements of A and B (bf16 / tf32) are 0 or have a biased exponent in [elo, ehi].
template <P Prec>
XESIM_INLINE bool operands_in_range(const unsigned char* a, int na, const unsigned char* b, int nb,
                                    unsigned elo, unsigned ehi) {
  if constexpr (Prec == P::bf16) {
    const auto lo = std::uint16_t(elo << 7), hi = std::uint16_t(ehi << 7 | 0x7f);
    return words_in_range(a, na, lo, hi) && words_in_range(b, nb, lo, hi);
  } else {
    const std::uint32_t lo = elo << 23, hi = ehi << 23 | 0x7fe000u;
    return dwords_in_range(a, na, lo, hi, 0x7fffe000u) &&
           dwords_in_range(b, nb, lo, hi, 0x7fffe000u);
  }
}

// ------------------------------ float_fma
/// acc += A x B with one vfmadd231ps per (m, k) in k order; false (nothing done) when a bf16 /
/// tf32 product could be inexact.
template <P Prec, int M, int N, int K>
XESIM_INLINE bool float_fma(const float* cin, float* out, const unsigned char* a,
                            const unsigned char* b) {
  using V = vec<N>;
  if constexpr (Prec != P::fp16)
    if (!operands_in_range<Prec>(a, M * K, b, K * N, 127 - 63, 127 + 63)) return false;
  typename V::F bk[K];
  if constexpr (Prec == P::tf32) {
    for (int k = 0; k < K; ++k) bk[k] = V::cast(V::andi(V::loadi(b + 4 * k * N), 0xffffe000u));
  } else {
    for (int j = 0; j < K / 2; ++j) {
      const typename V::I w = V::loadi(b + 4 * j * N);
      bk[2 * j] = Prec == P::bf16 ? V::cast(V::shl16(w)) : V::cvtph(w);
      bk[2 * j + 1] = Prec == P::bf16 ? V::cast(V::andi(w, 0xffff0000u)) : V::cvtph(V::shr16(w));
    }
  }
  alignas(64) float af[M * K];
  for (int m = 0; m < M; ++m) {
    if constexpr (Prec == P::tf32) {
      _mm256_storeu_ps(af + m * K,
                       _mm256_castsi256_ps(_mm256_and_si256(
                           _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + 4 * m * K)),
                           _mm256_set1_epi32(int(0xffffe000u)))));
    } else if constexpr (Prec == P::bf16) {
      vec<16>::storef(af + m * K, vec<16>::cast(vec<16>::shl16(vec<16>::loadi16(a + 2 * m * K))));
    } else {
      vec<16>::storef(
          af + m * K,
          _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + 2 * m * K))));
    }
  }
  typename V::F c[M];
  for (int m = 0; m < M; ++m) c[m] = V::loadf(cin + m * N);
#pragma GCC unroll 16
  for (int k = 0; k < K; ++k)
#pragma GCC unroll 8
    for (int m = 0; m < M; ++m) c[m] = V::fma(V::set1(af[m * K + k]), bk[k], c[m]);
  for (int m = 0; m < M; ++m) V::storef(out + m * N, V::canon(c[m]));
  return true;
}

#if defined(__AVX512BF16__)
// ------------------------------ bf16_dp
/// The range guards of the vdpbf16ps path over Bytes bytes of W-byte words (bf16 or fp32). They
/// run before every such dpas, so their cost is counted in vector operations per 64 bytes.
template <int Bytes, int W>
struct range_pass {
  static_assert(W == 2 || W == 4);
  /// 64 bytes from p + i; the lanes past Bytes read as `fill` (a word that passes).
  XESIM_INLINE static __m512i load(const unsigned char* p, int i, std::uint32_t fill) {
    const __m512i f = W == 2 ? _mm512_set1_epi16(short(fill)) : _mm512_set1_epi32(int(fill));
    if (Bytes - i >= 64) return _mm512_loadu_si512(p + i);
    if constexpr (W == 2)
      return _mm512_mask_loadu_epi16(f, (__mmask32(1) << ((Bytes - i) / 2)) - 1, p + i);
    else
      return _mm512_mask_loadu_epi32(f, __mmask16((1u << ((Bytes - i) / 4)) - 1), p + i);
  }
  /// Quick pass, two operations per 64 bytes: whether every word w has ((w + add) & mask) ==
  /// want. `add` goes to the exponent field (a carry out of it lands in the sign bit, outside
  /// mask), so that an aligned window of exponents is one pattern of the top exponent bits; zero
  /// never passes. With bf16_dp's constants it accepts a subset of what `exact` accepts.
  XESIM_INLINE static bool quick(const unsigned char* p, std::uint32_t add, std::uint32_t mask,
                                 std::uint32_t want, std::uint32_t fill) {
    const __m512i k = W == 2 ? _mm512_set1_epi16(short(add)) : _mm512_set1_epi32(int(add));
    const __m512i w = W == 2 ? _mm512_set1_epi16(short(want)) : _mm512_set1_epi32(int(want));
    __m512i bad = _mm512_setzero_si512();
#pragma GCC unroll 16
    for (int i = 0; i < Bytes; i += 64) {
      const __m512i v = load(p, i, fill);
      const __m512i y = W == 2 ? _mm512_add_epi16(v, k) : _mm512_add_epi32(v, k);
      bad = _mm512_ternarylogic_epi32(bad, y, w, 0xf6);  // bad | (y ^ want)
    }
    const __m512i m = W == 2 ? _mm512_set1_epi16(short(mask)) : _mm512_set1_epi32(int(mask));
    return _mm512_test_epi32_mask(bad, m) == 0;
  }
  /// Exact pass, four operations per 64 bytes (run when the quick one fails): whether every
  /// word is 0 or has x = 2 |w| (the sign shifted out) in [lo, hi]: max x <= hi and
  /// min (x - 1) >= lo - 1 (a zero wraps to the top).
  XESIM_INLINE static bool exact(const unsigned char* p, std::uint32_t lo, std::uint32_t hi) {
    __m512i mx = _mm512_setzero_si512(), mn = _mm512_set1_epi32(-1);
    const __m512i one = W == 2 ? _mm512_set1_epi16(1) : _mm512_set1_epi32(1);
#pragma GCC unroll 16
    for (int i = 0; i < Bytes; i += 64) {
      const __m512i v = load(p, i, lo >> 1);
      if constexpr (W == 2) {
        const __m512i x = _mm512_add_epi16(v, v);
        mx = _mm512_max_epu16(mx, x);
        mn = _mm512_min_epu16(mn, _mm512_sub_epi16(x, one));
      } else {
        const __m512i x = _mm512_add_epi32(v, v);
        mx = _mm512_max_epu32(mx, x);
        mn = _mm512_min_epu32(mn, _mm512_sub_epi32(x, one));
      }
    }
    if constexpr (W == 2)
      return (_mm512_cmpgt_epu16_mask(mx, _mm512_set1_epi16(short(hi))) |
              _mm512_cmplt_epu16_mask(mn, _mm512_set1_epi16(short(lo - 1)))) == 0;
    else
      return (_mm512_cmpgt_epu32_mask(mx, _mm512_set1_epi32(int(hi))) |
              _mm512_cmplt_epu32_mask(mn, _mm512_set1_epi32(int(lo - 1)))) == 0;
  }
};

/// bf16 operands of the vdpbf16ps path: 0 or exponent 127-56 .. 127+31 (|x| in [2^-56, 2^32)).
/// Quick window: exponent + 33 in [128, 192) (top bits 10): exponent 95 .. 158, |x| in
/// [2^-32, 2^32).
template <int Bytes>
XESIM_INLINE bool bf16_words_ok(const unsigned char* p) {
  using R = range_pass<Bytes, 2>;
  return R::quick(p, 33u << 7, 0x6000u, 0x4000u, 0x3f80u) ||
         R::exact(p, (127u - 56u) << 8, ((127u + 31u) << 8) | 0xfeu);
}
/// fp32 accumulators of the vdpbf16ps path: 0, or finite with exponent >= 127-103 (|c| >=
/// 2^-103). Quick window: exponent + 64 in [128, 256) (top bit set): exponent 64 .. 191, |c| in
/// [2^-63, 2^65).
template <int Bytes>
XESIM_INLINE bool acc_words_ok(const unsigned char* p) {
  using R = range_pass<Bytes, 4>;
  return R::quick(p, 64u << 23, 0x40000000u, 0x40000000u, 0x3f800000u) ||
         R::exact(p, (127u - 103u) << 24, 0xfeffffffu);
}

/// acc += A x B for bf16 with one vdpbf16ps per (m, pair of k); false when outside the range
/// where it provably matches the reference (header comment): A and B 0 or in [2^-56, 2^32), C 0
/// or finite in [2^-103, max]. C being finite, no NaN can arise (the products are finite; an
/// overflowed sum stays that infinity), so the result needs no NaN canonicalisation.
template <int M, int N>
XESIM_INLINE bool bf16_dp(const float* cin, float* out, const unsigned char* a,
                          const unsigned char* b) {
  using V = vec<N>;
  constexpr int K = 16;
  if (!bf16_words_ok<2 * M * K>(a) || !bf16_words_ok<2 * K * N>(b) ||
      !acc_words_ok<4 * M * N>(reinterpret_cast<const unsigned char*>(cin)))
    return false;
  typename V::I bs[K / 2];
#pragma GCC unroll 8
  for (int j = 0; j < K / 2; ++j) bs[j] = V::rot16(V::loadi(b + 4 * j * N));  // k even first
  // A's pairs swapped too, two rows per zmm (one ymm for an odd last row).
  alignas(64) std::uint32_t as[M * K / 2];
#pragma GCC unroll 4
  for (int m = 0; m + 1 < M; m += 2)
    _mm512_store_si512(as + m * 8, vec<16>::rot16(vec<16>::loadi(a + 2 * m * K)));
  if constexpr (M % 2 != 0)
    _mm256_store_si256(reinterpret_cast<__m256i*>(as + (M - 1) * 8),
                       vec<8>::rot16(vec<8>::loadi(a + 2 * (M - 1) * K)));
  // Broadcast each A pair from memory (a load-port operation): left to itself g++ keeps the
  // rotated rows in registers and extracts every pair with shuffles, on the vector ports the
  // dot products need.
  asm("" : "+m"(as));
  typename V::F c[M];
#pragma GCC unroll 8
  for (int m = 0; m < M; ++m) c[m] = V::loadf(cin + m * N);
#pragma GCC unroll 8
  for (int j = 0; j < K / 2; ++j)
#pragma GCC unroll 8
    for (int m = 0; m < M; ++m) c[m] = V::dpbf16(c[m], V::set1i(as[m * 8 + j]), bs[j]);
#pragma GCC unroll 8
  for (int m = 0; m < M; ++m) V::storef(out + m * N, c[m]);
  return true;
}

/// Whether this CPU's vdpbf16ps rounds as bf16_dp assumes: a fixed problem whose pair order
/// changes the result, against the reference. Run once.
[[gnu::noinline]] inline bool bf16_dp_selftest() {
  alignas(64) std::uint16_t a[8 * 16];
  alignas(64) std::uint32_t bv[8 * 16] = {};
  alignas(64) float c1[8 * 16], c2[8 * 16];
  std::uint32_t s = 12345;
  auto next = [&] { return s = s * 1664525u + 1013904223u; };
  for (auto& x : a) x = std::uint16_t(0x3f00 + (next() >> 22));  // [0.5, 8): normal, in range
  for (auto& w : bv)  // two bf16 in [0.125, 16) of random sign
    for (int h = 0; h < 2; ++h)
      w |= std::uint32_t(((next() >> 31) << 15) | (0x3e00 + (next() >> 22))) << (16 * h);
  for (int i = 0; i < 8 * 16; ++i)  // full 24-bit significands in [-2, -1] u [1, 2]
    c1[i] = c2[i] = __builtin_bit_cast(float, 0x3f800000u | (next() >> 9) | (next() & 0x80000000u));
  const auto* pa = reinterpret_cast<const unsigned char*>(a);
  const auto* pb = reinterpret_cast<const unsigned char*>(bv);
  if (!bf16_dp<8, 16>(c1, c1, pa, pb)) return false;
  float_portable<P::bf16, 8, 16, 16>(c2, c2, pa, pb);
  return std::memcmp(c1, c2, sizeof c1) == 0;
}
inline bool bf16_dp_trusted() {
  static const bool ok = bf16_dp_selftest();
  return ok;
}
#endif  // __AVX512BF16__

// ------------------------------ float_fast
template <P Prec, int M, int N, int K>
XESIM_INLINE bool float_fast(const float* cin, float* out, const unsigned char* a,
                             const unsigned char* b) {
  if (!::xesim::xmx::cpu_has(::xesim::xmx::cpu_avx512)) return false;
#if defined(__AVX512BF16__)
  if constexpr (Prec == P::bf16)
    if (::xesim::xmx::cpu_has(::xesim::xmx::cpu_avx512_bf16) && bf16_dp_trusted() &&
        bf16_dp<M, N>(cin, out, a, b))
      return true;
#endif
  return float_fma<Prec, M, N, K>(cin, out, a, b);
}

#if defined(__AVX512VNNI__)
// ------------------------------ int_fast (vpdpbusd)
/// acc += A x B for every integer precision pair: sub-byte operands are first widened to bytes
/// (A row-major, B in 4-byte VNNI groups), then vpdpbusd takes the unsigned side as its first
/// source; s8 x s8 and u8 x u8 shift one side by 128 and subtract the shift's share exactly.
template <P BP, P AP, int M, int N, int K>
XESIM_INLINE bool int_fast(std::uint32_t* acc, const unsigned char* a, const unsigned char* b) {
  if (!::xesim::xmx::cpu_has(::xesim::xmx::cpu_avx512_vnni)) return false;
  using V = vec<N>;
  constexpr int kA = precision_bits(AP), kB = precision_bits(BP);
  alignas(64) unsigned char ab[kA == 8 ? 1 : M * K];
  alignas(64) std::uint32_t bb[kB == 8 ? 1 : K / 4 * N];
  const unsigned char* pa = a;
  const unsigned char* pb = b;
  if constexpr (kA != 8) {
    for (int i = 0; i < M * K; ++i)
      ab[i] = static_cast<unsigned char>(int_value<AP>(packed_raw<kA>(a, i)));
    pa = ab;
  }
  if constexpr (kB != 8) {
    for (int g = 0; g < K / 4; ++g)
      for (int n = 0; n < N; ++n) {
        std::uint32_t w = 0;
        for (int j = 0; j < 4; ++j)
          w |= (static_cast<std::uint32_t>(int_value<BP>(vnni_raw<kB, N>(b, 4 * g + j, n))) & 0xffu)
               << (8 * j);
        bb[g * N + n] = w;
      }
    pb = reinterpret_cast<const unsigned char*>(bb);
  }
  constexpr bool kAs = is_signed_precision(AP), kBs = is_signed_precision(BP);
  const typename V::I flip = V::set1i(kAs == kBs ? 0x80808080u : 0u);
  typename V::I c[M];
  for (int m = 0; m < M; ++m) c[m] = V::loadi(acc + m * N);
  typename V::I corr = V::set1i(0);
#pragma GCC unroll 16
  for (int g = 0; g < K / 4; ++g) {
    typename V::I brow = V::loadi(pb + 4 * g * N);
    if constexpr (kAs && kBs) corr = V::dpbusd(corr, V::set1i(0x80808080u), brow);  // 128 * sum b
    if constexpr (!kAs && !kBs) brow = brow ^ flip;                                 // b - 128
#pragma GCC unroll 8
    for (int m = 0; m < M; ++m) {
      std::uint32_t aw;
      std::memcpy(&aw, pa + m * K + 4 * g, 4);
      if constexpr (kAs && kBs) aw ^= 0x80808080u;  // a + 128
      if constexpr (kAs && !kBs)
        c[m] = V::dpbusd(c[m], brow, V::set1i(aw));
      else
        c[m] = V::dpbusd(c[m], V::set1i(aw), brow);
    }
  }
  for (int m = 0; m < M; ++m) {
    if constexpr (kAs && kBs) c[m] = V::sub(c[m], corr);
    if constexpr (!kAs && !kBs) {
      std::uint32_t sum = 0;  // 128 * sum of a's row, added back
      for (int k = 0; k < K; ++k) sum += pa[m * K + k];
      c[m] = V::add(c[m], V::set1i(sum << 7));
    }
    std::memcpy(acc + m * N, &c[m], sizeof c[m]);
  }
  return true;
}
#else
template <P BP, P AP, int M, int N, int K>
XESIM_INLINE bool int_fast(std::uint32_t*, const unsigned char*, const unsigned char*) {
  return false;  // no VNNI in this build: the portable loops run
}
#endif

#else   // no AVX-512 in this build: every dpas runs the portable loops
template <P Prec, int M, int N, int K>
XESIM_INLINE bool float_fast(const float*, float*, const unsigned char*, const unsigned char*) {
  return false;
}
template <P BP, P AP, int M, int N, int K>
XESIM_INLINE bool int_fast(std::uint32_t*, const unsigned char*, const unsigned char*) {
  return false;
}
#endif  // XESIM_XMX_AVX512

}  // namespace xesim::esimd::xmx::detail::x86

#pragma GCC diagnostic pop
