// simd arithmetic: ESIMD simd<T,N> loops vs the same work in native C++ (issue 2 "Speed").
// The issue's targets: simd<float,64> and simd<half,128> multiply-add over arrays within 1.1x of
// native, in cache (16 KB working set: compute and load/store bound) and out of cache (64 MB:
// memory bound). More cases for later work: other lengths (16, 33, 512), int32, a strided
// select, a comparison + merge.
//
// Each case runs one pass over its arrays per call; bench/harness.hpp alternates the ESIMD and
// native calls and reports the median of the per-pair time ratios. Every kernel is a separate
// noinline function so that `objdump -d` of this binary shows each one on its own.
// Native baselines are written the way a careful engineer would for -O2 -march=native: g++ 12's
// -O2 cost model ("very cheap") vectorises a loop only when no scalar epilogue is needed, so a
// plain `for (i < n)` loop stays scalar; the native loops run a fixed-length inner loop instead.
// half data: the native baseline converts 16 lanes at a time with AVX-512 (vcvtph2ps /
// vcvtps2ph) and rounds after each operation as simd<half,N> does (half*half -> half); the
// naive _Float16 loop, which g++ 12 leaves scalar, is reported for reference.
#include <immintrin.h>

#include <cmath>
#include <limits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>
#include <random>
#include <string>

#include "harness.hpp"
#include "xesim/simd/operators.hpp"

namespace {

using xesim::half;
using xesim::bench::runner;
using xesim::bench::work;
using xesim::esimd::simd;
using xesim::esimd::simd_mask;

#define BENCH_NOINLINE __attribute__((noinline))

// ------------------------------ buffers
struct aligned_free {
  void operator()(void* p) const { ::operator delete (p, std::align_val_t{4096}); }
};
/// n elements of T, 64-byte aligned, every byte written once (pages are mapped before timing).
/// Successive buffers start at different offsets modulo 4 KiB (7 cache lines apart), so that the
/// arrays of a loop do not 4K-alias each other (false store-to-load dependencies would make the
/// timings depend on where the allocator happened to put them).
template <class T>
class buffer {
 public:
  explicit buffer(std::size_t n) : n_(n) {
    static unsigned next_slot = 0;
    const std::size_t skew = (next_slot++ % 9) * 448;  // 448 = 7 * 64 bytes
    raw_.reset(static_cast<char*>(::operator new (n * sizeof(T) + 4096, std::align_val_t{4096})));
    p_ = reinterpret_cast<T*>(raw_.get() + skew);
    std::memset(static_cast<void*>(p_), 0, n * sizeof(T));
  }
  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  T& operator[](std::size_t i) { return p_[i]; }
  const T& operator[](std::size_t i) const { return p_[i]; }

 private:
  std::size_t n_;
  std::unique_ptr<char[], aligned_free> raw_;
  T* p_;
};

/// Values in [-2, 2] with few significant bits, exactly representable as half.
template <class T>
void fill_random(buffer<T>& b, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_int_distribution<int> d(-256, 256);
  for (std::size_t i = 0; i < b.size(); ++i) b[i] = T(static_cast<float>(d(g)) / 128.0f);
}

// ------------------------------ float multiply-add
/// ESIMD: o = a * b + c, N lanes per step, loaded with simd(ptr) and stored with copy_to.
template <int N>
BENCH_NOINLINE void esimd_fma_f32(const float* a, const float* b, const float* c, float* o,
                                  std::size_t n) {
  for (std::size_t i = 0; i < n; i += N) {
    const simd<float, N> va(a + i), vb(b + i), vc(c + i);
    const simd<float, N> r = va * vb + vc;
    r.copy_to(o + i);
  }
}
/// Native: the same on plain arrays, in 64-element steps that g++ -O2 vectorises, scalar tail.
BENCH_NOINLINE void native_fma_f32(const float* __restrict a, const float* __restrict b,
                                   const float* __restrict c, float* __restrict o, std::size_t n) {
  std::size_t i = 0;
  for (; i + 64 <= n; i += 64)
    for (int j = 0; j < 64; ++j) o[i + j] = a[i + j] * b[i + j] + c[i + j];
  for (; i < n; ++i) o[i] = a[i] * b[i] + c[i];
}

// ------------------------------ half multiply-add
template <int N>
BENCH_NOINLINE void esimd_fma_f16(const half* a, const half* b, const half* c, half* o,
                                  std::size_t n) {
  for (std::size_t i = 0; i < n; i += N) {
    const simd<half, N> va(a + i), vb(b + i), vc(c + i);
    const simd<half, N> r = va * vb + vc;
    r.copy_to(o + i);
  }
}

#if defined(__AVX512F__)
// All-ones-mask forms: g++ 12.2's plain _mm512_cvtph_ps / _mm512_cvtps_ph trip -Wuninitialized
// in its own headers (GCC PR 105593); these compile to the same instructions.
constexpr __mmask16 kAll16 = 0xffff;
constexpr int kRne = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
inline __m512 load_ph(const std::uint16_t* p) {
  return _mm512_maskz_cvtph_ps(kAll16, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}
inline __m256i to_ph(__m512 x) { return _mm512_maskz_cvtps_ph(kAll16, x, kRne); }

/// Native F16C/AVX-512: 16 lanes per step, rounded to half after the multiply and after the add
/// (the semantics of simd<half,N>: half * half -> half, then half + half -> half).
BENCH_NOINLINE void native_fma_f16_avx512(const std::uint16_t* __restrict a,
                                          const std::uint16_t* __restrict b,
                                          const std::uint16_t* __restrict c,
                                          std::uint16_t* __restrict o, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 16) {
    const __m512 p = _mm512_mul_ps(load_ph(a + i), load_ph(b + i));
    const __m512 p16 = _mm512_maskz_cvtph_ps(kAll16, to_ph(p));  // round the product to half
    const __m512 r = _mm512_add_ps(p16, load_ph(c + i));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + i), to_ph(r));
  }
}
/// Native F16C/AVX-512 with one rounding (vfmadd in float): what FP16 code on this CPU would do
/// when bit-compatibility with half * half -> half is not required. Reference only.
BENCH_NOINLINE void native_fma_f16_avx512_fused(const std::uint16_t* __restrict a,
                                                const std::uint16_t* __restrict b,
                                                const std::uint16_t* __restrict c,
                                                std::uint16_t* __restrict o, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 16) {
    const __m512 r = _mm512_fmadd_ps(load_ph(a + i), load_ph(b + i), load_ph(c + i));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + i), to_ph(r));
  }
}
/// Naive: the plain _Float16 loop (g++ 12 converts one element at a time here).
BENCH_NOINLINE void native_fma_f16_naive(const _Float16* __restrict a, const _Float16* __restrict b,
                                         const _Float16* __restrict c, _Float16* __restrict o,
                                         std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64)
    for (int j = 0; j < 64; ++j) o[i + j] = a[i + j] * b[i + j] + c[i + j];
}
#endif  // __AVX512F__

// ------------------------------ int32 multiply-add (wrapping)
BENCH_NOINLINE void esimd_mad_i32(const int32_t* a, const int32_t* b, const int32_t* c, int32_t* o,
                                  std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64) {
    const simd<int32_t, 64> va(a + i), vb(b + i), vc(c + i);
    const simd<int32_t, 64> r = va * vb + vc;
    r.copy_to(o + i);
  }
}
BENCH_NOINLINE void native_mad_i32(const int32_t* __restrict a, const int32_t* __restrict b,
                                   const int32_t* __restrict c, int32_t* __restrict o,
                                   std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64)
    for (int j = 0; j < 64; ++j)
      o[i + j] =
          static_cast<int32_t>(static_cast<uint32_t>(a[i + j]) * static_cast<uint32_t>(b[i + j]) +
                               static_cast<uint32_t>(c[i + j]));
}

// ------------------------------ strided select: o[k] = x[2k] + x[2k+1]
BENCH_NOINLINE void esimd_select_pairsum(const float* x, float* o, std::size_t n_out) {
  for (std::size_t k = 0; k < n_out; k += 64) {
    simd<float, 128> v(x + 2 * k);
    const simd<float, 64> r = v.select<64, 2>(0) + v.select<64, 2>(1);
    r.copy_to(o + k);
  }
}
BENCH_NOINLINE void native_select_pairsum(const float* __restrict x, float* __restrict o,
                                          std::size_t n_out) {
  for (std::size_t k = 0; k < n_out; k += 64)
    for (int j = 0; j < 64; ++j) o[k + j] = x[2 * (k + j)] + x[2 * (k + j) + 1];
}

// ------------------------------ comparison + merge: o = a > c ? a : b
BENCH_NOINLINE void esimd_cmp_merge(const float* a, const float* b, const float* c, float* o,
                                    std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64) {
    const simd<float, 64> va(a + i), vc(c + i);
    simd<float, 64> r(b + i);
    r.merge(va, va > vc);
    r.copy_to(o + i);
  }
}
BENCH_NOINLINE void native_cmp_merge(const float* __restrict a, const float* __restrict b,
                                     const float* __restrict c, float* __restrict o,
                                     std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64)
    for (int j = 0; j < 64; ++j) {
      const float x = a[i + j], y = b[i + j];  // both loaded: a select, not a branch
      o[i + j] = x > c[i + j] ? x : y;
    }
}

// ------------------------------ same step, native: what simd<float,16> / simd<float,33> compile to
/// Native, 16 lanes per step: the plain loop g++ -O2 vectorises to one zmm per step (the same
/// instructions as esimd_fma_f32<16>; only the loop shape differs from native_fma_f32).
BENCH_NOINLINE void native_fma_f32_step16(const float* __restrict a, const float* __restrict b,
                                          const float* __restrict c, float* __restrict o,
                                          std::size_t n) {
  for (std::size_t i = 0; i < n; i += 16)
    for (int j = 0; j < 16; ++j) o[i + j] = a[i + j] * b[i + j] + c[i + j];
}
#if defined(__AVX512F__)
/// Native AVX-512, 33 lanes per step: two zmm and one scalar lane, what a careful engineer writes
/// for a 33-wide step (a masked third zmm measured 3x slower here).
BENCH_NOINLINE void native_fma_f32_step33(const float* __restrict a, const float* __restrict b,
                                          const float* __restrict c, float* __restrict o,
                                          std::size_t n) {
  for (std::size_t i = 0; i < n; i += 33) {
    for (int k = 0; k < 32; k += 16)
      _mm512_storeu_ps(o + i + k,
                       _mm512_fmadd_ps(_mm512_loadu_ps(a + i + k), _mm512_loadu_ps(b + i + k),
                                       _mm512_loadu_ps(c + i + k)));
    o[i + 32] = a[i + 32] * b[i + 32] + c[i + 32];
  }
}
#endif

// ------------------------------ conversions
/// ESIMD: float -> int32 with the GPU's saturation (NaN -> 0), 64 lanes per step.
[[maybe_unused]] BENCH_NOINLINE void esimd_cvt_f32_i32(const float* a, int32_t* o, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64) {
    const simd<int32_t, 64> r = simd<float, 64>(a + i);
    r.copy_to(o + i);
  }
}
#if defined(__AVX512F__)
/// Native AVX-512: vcvttps2dq gives INT_MIN for NaN and out-of-range lanes; fix the two others.
BENCH_NOINLINE void native_cvt_f32_i32(const float* __restrict a, int32_t* __restrict o,
                                       std::size_t n) {
  const __m512 two31 = _mm512_set1_ps(2147483648.0f);
  for (std::size_t i = 0; i < n; i += 16) {
    const __m512 x = _mm512_loadu_ps(a + i);
    __m512i r = _mm512_maskz_cvttps_epi32(kAll16, x);  // maskz form: GCC PR 105593
    r = _mm512_mask_mov_epi32(r, _mm512_cmp_ps_mask(x, two31, _CMP_GE_OQ),
                              _mm512_set1_epi32(0x7fffffff));
    r = _mm512_maskz_mov_epi32(_mm512_cmp_ps_mask(x, x, _CMP_ORD_Q), r);
    _mm512_storeu_si512(o + i, r);
  }
}
#endif
/// ESIMD: uint8 -> float, scaled (image data), 64 lanes per step.
BENCH_NOINLINE void esimd_cvt_u8_f32(const uint8_t* a, float* o, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64) {
    const simd<float, 64> f = simd<uint8_t, 64>(a + i);
    const simd<float, 64> r = f * 0.5f;
    r.copy_to(o + i);
  }
}
BENCH_NOINLINE void native_cvt_u8_f32(const uint8_t* __restrict a, float* __restrict o,
                                      std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64)
    for (int j = 0; j < 64; ++j) o[i + j] = static_cast<float>(a[i + j]) * 0.5f;
}

/// ESIMD: half -> float -> half through the converting constructors, scaled in float, 64 lanes.
[[maybe_unused]] BENCH_NOINLINE void esimd_cvt_f16_f32(const half* a, half* o, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64) {
    const simd<float, 64> f = simd<half, 64>(a + i);
    const simd<half, 64> r = f * 0.5f;
    r.copy_to(o + i);
  }
}
/// ESIMD: float -> bfloat16 (nearest even) through the converting constructor, 64 lanes.
[[maybe_unused]] BENCH_NOINLINE void esimd_cvt_f32_bf16(const float* a, xesim::bfloat16* o,
                                                        std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64) {
    const simd<xesim::bfloat16, 64> r = simd<float, 64>(a + i);
    r.copy_to(o + i);
  }
}
#if defined(__AVX512F__)
BENCH_NOINLINE void native_cvt_f16_f32(const std::uint16_t* __restrict a,
                                       std::uint16_t* __restrict o, std::size_t n) {
  const __m512 half_scale = _mm512_set1_ps(0.5f);
  for (std::size_t i = 0; i < n; i += 16)
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + i),
                        to_ph(_mm512_mul_ps(load_ph(a + i), half_scale)));
}
/// Native AVX-512 (no AVX512-BF16 here): round to nearest even on the bits, quiet NaNs, vpmovdw.
BENCH_NOINLINE void native_cvt_f32_bf16(const float* __restrict a, std::uint16_t* __restrict o,
                                        std::size_t n) {
  const __m512i bias = _mm512_set1_epi32(0x7fff), one = _mm512_set1_epi32(1);
  const __m512i quiet = _mm512_set1_epi32(0x40);
  for (std::size_t i = 0; i < n; i += 16) {
    const __m512 x = _mm512_loadu_ps(a + i);
    const __m512i u = _mm512_castps_si512(x);
    const __m512i hi = _mm512_maskz_srli_epi32(kAll16, u, 16);  // maskz forms: GCC PR 105593
    __m512i r = _mm512_maskz_srli_epi32(
        kAll16, _mm512_add_epi32(_mm512_add_epi32(u, bias), _mm512_and_si512(hi, one)), 16);
    r = _mm512_mask_or_epi32(r, _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q), hi, quiet);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + i), _mm512_maskz_cvtepi32_epi16(kAll16, r));
  }
}
#endif

// ------------------------------ half comparison + merge: o = a > c ? a : b
[[maybe_unused]] BENCH_NOINLINE void esimd_cmp_merge_f16(const half* a, const half* b,
                                                         const half* c, half* o, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64) {
    const simd<half, 64> va(a + i), vc(c + i);
    simd<half, 64> r(b + i);
    r.merge(va, va > vc);
    r.copy_to(o + i);
  }
}
#if defined(__AVX512F__)
BENCH_NOINLINE void native_cmp_merge_f16(const std::uint16_t* __restrict a,
                                         const std::uint16_t* __restrict b,
                                         const std::uint16_t* __restrict c,
                                         std::uint16_t* __restrict o, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 16) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
    const __m256i y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i));
    const __mmask16 k = _mm512_cmp_ps_mask(load_ph(a + i), load_ph(c + i), _CMP_GT_OQ);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(o + i), _mm256_mask_blend_epi16(k, y, x));
  }
}
#endif

// ------------------------------ strided write (interleave): o[2k] = a[k], o[2k+1] = b[k]
[[maybe_unused]] BENCH_NOINLINE void esimd_interleave(const float* a, const float* b, float* o,
                                                      std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64) {
    const simd<float, 64> va(a + i), vb(b + i);
    simd<float, 128> r;
    r.select<64, 2>(0) = va;
    r.select<64, 2>(1) = vb;
    r.copy_to(o + 2 * i);
  }
}
#if defined(__AVX512F__)
/// Native AVX-512: two vpermt2ps per 16 input pairs.
BENCH_NOINLINE void native_interleave(const float* __restrict a, const float* __restrict b,
                                      float* __restrict o, std::size_t n) {
  const __m512i lo = _mm512_set_epi32(23, 7, 22, 6, 21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
  const __m512i hi = _mm512_set_epi32(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25, 9, 24, 8);
  for (std::size_t i = 0; i < n; i += 16) {
    const __m512 x = _mm512_loadu_ps(a + i), y = _mm512_loadu_ps(b + i);
    _mm512_storeu_ps(o + 2 * i, _mm512_permutex2var_ps(x, lo, y));
    _mm512_storeu_ps(o + 2 * i + 16, _mm512_permutex2var_ps(x, hi, y));
  }
}
#endif

// ------------------------------ 2D region: 2x2 diagonal sums of 16x16 tiles
/// o[y][x] = t[2y][2x] + t[2y+1][2x+1] for each 16x16 float tile t (8x8 outputs).
BENCH_NOINLINE void esimd_tile_2d(const float* t, float* o, std::size_t tiles) {
  for (std::size_t k = 0; k < tiles; ++k) {
    simd<float, 256> v(t + 256 * k);
    auto m = v.bit_cast_view<float, 16, 16>();
    const simd<float, 64> r = m.select<8, 2, 8, 2>(0, 0) + m.select<8, 2, 8, 2>(1, 1);
    r.copy_to(o + 64 * k);
  }
}
BENCH_NOINLINE void native_tile_2d(const float* __restrict t, float* __restrict o,
                                   std::size_t tiles) {
  for (std::size_t k = 0; k < tiles; ++k)
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x)
        o[64 * k + 8 * y + x] = t[256 * k + 32 * y + 2 * x] + t[256 * k + 32 * y + 16 + 2 * x + 1];
}

// ------------------------------ integer bit operations and shifts
/// o = (~a & b) ^ ((a << 3) | (b >> s)), s a per-lane shift count (taken modulo 32).
BENCH_NOINLINE void esimd_bitops_i32(const int32_t* a, const int32_t* b, const int32_t* s,
                                     int32_t* o, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64) {
    const simd<int32_t, 64> va(a + i), vb(b + i), vs(s + i);
    const simd<int32_t, 64> r = (~va & vb) ^ ((va << 3) | (vb >> vs));
    r.copy_to(o + i);
  }
}
BENCH_NOINLINE void native_bitops_i32(const int32_t* __restrict a, const int32_t* __restrict b,
                                      const int32_t* __restrict s, int32_t* __restrict o,
                                      std::size_t n) {
  for (std::size_t i = 0; i < n; i += 64)
    for (int j = 0; j < 64; ++j) {
      const int32_t x = a[i + j], y = b[i + j];
      o[i + j] = (~x & y) ^ static_cast<int32_t>((static_cast<uint32_t>(x) << 3) |
                                                 static_cast<uint32_t>(y >> (s[i + j] & 31)));
    }
}

// ------------------------------ any(): blocks of 64 with some a > c
[[maybe_unused]] BENCH_NOINLINE std::size_t esimd_any(const float* a, const float* c,
                                                      std::size_t n) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; i += 64) {
    const simd<float, 64> va(a + i), vc(c + i);
    count += (va > vc).any();
  }
  return count;
}
#if defined(__AVX512F__)
BENCH_NOINLINE std::size_t native_any(const float* __restrict a, const float* __restrict c,
                                      std::size_t n) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; i += 64) {
    __mmask16 k = 0;
    for (int j = 0; j < 64; j += 16)
      k |= _mm512_cmp_ps_mask(_mm512_loadu_ps(a + i + j), _mm512_loadu_ps(c + i + j), _CMP_GT_OQ);
    count += k != 0;
  }
  return count;
}
#endif

// ------------------------------ checks
/// Element-wise comparison of two results; tol 0 means bit-exact (as floats: -0 == +0).
template <class T>
bool same(runner& run, const std::string& name, const buffer<T>& x, const buffer<T>& y,
          double tol) {
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double u = static_cast<double>(static_cast<float>(x[i]));
    const double v = static_cast<double>(static_cast<float>(y[i]));
    if (tol == 0 ? u != v : std::fabs(u - v) > tol * (1.0 + std::fabs(v))) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "%s: element %zu: %.9g vs %.9g", name.c_str(), i, u, v);
      run.fail(buf);
      return false;
    }
  }
  return true;
}

constexpr std::size_t kL1Bytes = 16 << 10;   // working set of the in-cache cases: 4 arrays
constexpr std::size_t kMemBytes = 64 << 20;  // working set of the memory-bound cases
constexpr std::size_t kMemParts = 16;        // calls per pass over the memory-bound arrays
constexpr double kIssueTarget = 1.1;

/// A pass over n elements cut into `parts` calls, each taking the next segment in rotation.
/// Memory-bound cases use kMemParts: one call moves 4 MB (~0.1 ms), so few samples are hit by a
/// context switch on the shared host, while the working set stays the whole 64 MB (a segment
/// has been evicted from every cache when its turn comes back).
class segments {
 public:
  segments(std::size_t n, std::size_t parts) : len_(n / parts), parts_(parts) {}
  std::size_t len() const { return len_; }
  /// Offset of the segment this call works on.
  std::size_t next() {
    const std::size_t s = k_ * len_;
    k_ = (k_ + 1) % parts_;
    return s;
  }

 private:
  std::size_t len_, parts_, k_ = 0;
};

/// float multiply-add over 4 arrays of `n` floats, ESIMD with N lanes per step; each call does
/// 1/parts of the arrays.
template <int N>
void case_fma_f32(runner& run, const std::string& name, std::size_t n, std::size_t parts,
                  double target) {
  if (!run.wants(name)) return;
  buffer<float> a(n), b(n), c(n), o(n), ref(n);
  fill_random(a, 1);
  fill_random(b, 2);
  fill_random(c, 3);
  esimd_fma_f32<N>(a.data(), b.data(), c.data(), o.data(), n);
  native_fma_f32(a.data(), b.data(), c.data(), ref.data(), n);
  // Either side may contract a*b+c into one FMA (g++ -ffp-contract=fast) or round twice.
  same(run, name, o, ref, 1e-6);
  segments se(n, parts), sn(n, parts);
  const std::size_t m = se.len();
  run.compare(
      name,
      [&] {
        const std::size_t i = se.next();
        esimd_fma_f32<N>(a.data() + i, b.data() + i, c.data() + i, o.data() + i, m);
      },
      [&] {
        const std::size_t i = sn.next();
        native_fma_f32(a.data() + i, b.data() + i, c.data() + i, o.data() + i, m);
      },
      work{4.0 * m * sizeof(float), 2.0 * m}, target);
}

/// half multiply-add over 4 arrays of `n` halves (simd<half,128>) against the AVX-512 baseline;
/// with `refs`, also against the fused AVX-512 loop and the naive _Float16 loop. Each call does
/// 1/parts of the arrays.
void cases_fma_f16(runner& run, const std::string& where, std::size_t n, std::size_t parts,
                   bool refs) {
  const std::string name = "fma f16x128 " + where;
  const std::string name_fused = "fma f16x128 " + where + " vs fused";
  const std::string name_naive = "fma f16x128 " + where + " vs naive";
  if (!run.wants(name) && !(refs && (run.wants(name_fused) || run.wants(name_naive)))) return;
#if !defined(__AVX512F__)
  // The native baseline converts with AVX-512; without it there is nothing fair to compare to.
  std::printf("bench %-28s | skipped: needs AVX-512 (-march=native on this CPU lacks it)\n",
              name.c_str());
  (void)n, (void)parts;
#else
  // ESIMD and the AVX-512 loops use the same arrays (the latter through their bits), so that
  // both run on identical memory placement; the naive loop has its own _Float16 copies.
  buffer<half> a(n), b(n), c(n), o(n), ref(n);
  buffer<_Float16> fa(n), fb(n), fc(n), fo(n);
  fill_random(a, 4);
  fill_random(b, 5);
  fill_random(c, 6);
  const std::size_t bytes = n * sizeof(half);
  std::memcpy(fa.data(), a.data(), bytes);
  std::memcpy(fb.data(), b.data(), bytes);
  std::memcpy(fc.data(), c.data(), bytes);
  auto bits = [](const buffer<half>& x) {
    return reinterpret_cast<const std::uint16_t*>(x.data());
  };
  auto* o_bits = reinterpret_cast<std::uint16_t*>(o.data());
  segments se(n, parts), sn(n, parts);
  const std::size_t m = se.len();
  auto esimd = [&] {
    const std::size_t i = se.next();
    esimd_fma_f16<128>(a.data() + i, b.data() + i, c.data() + i, o.data() + i, m);
  };
  auto avx512 = [&] {
    const std::size_t i = sn.next();
    native_fma_f16_avx512(bits(a) + i, bits(b) + i, bits(c) + i, o_bits + i, m);
  };
  auto fused = [&] {
    const std::size_t i = sn.next();
    native_fma_f16_avx512_fused(bits(a) + i, bits(b) + i, bits(c) + i, o_bits + i, m);
  };
  auto naive = [&] {
    const std::size_t i = sn.next();
    native_fma_f16_naive(fa.data() + i, fb.data() + i, fc.data() + i, fo.data() + i, m);
  };
  const work w{4.0 * static_cast<double>(m * sizeof(half)), 2.0 * m};

  // Same rounding steps: bit-exact.
  native_fma_f16_avx512(bits(a), bits(b), bits(c), reinterpret_cast<std::uint16_t*>(ref.data()), n);
  esimd_fma_f16<128>(a.data(), b.data(), c.data(), o.data(), n);
  same(run, name, o, ref, 0);
  run.compare(name, esimd, avx512, w, kIssueTarget);
  if (!refs) return;
  run.compare(name_fused, esimd, fused, w);
  esimd_fma_f16<128>(a.data(), b.data(), c.data(), o.data(), n);
  native_fma_f16_naive(fa.data(), fb.data(), fc.data(), fo.data(), n);
  std::memcpy(static_cast<void*>(ref.data()), fo.data(), bytes);
  same(run, name_naive, o, ref, 4e-3);  // _Float16 rounding may differ (excess precision)
  run.compare(name_naive, esimd, naive, w);
#endif
}

void case_mad_i32(runner& run, const std::string& name, std::size_t n) {
  if (!run.wants(name)) return;
  buffer<int32_t> a(n), b(n), c(n), o(n), ref(n);
  std::mt19937 g(7);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = static_cast<int32_t>(g());
    b[i] = static_cast<int32_t>(g());
    c[i] = static_cast<int32_t>(g());
  }
  esimd_mad_i32(a.data(), b.data(), c.data(), o.data(), n);
  native_mad_i32(a.data(), b.data(), c.data(), ref.data(), n);
  for (std::size_t i = 0; i < n; ++i)
    if (o[i] != ref[i]) {
      run.fail(name + ": results differ");
      break;
    }
  run.compare(
      name, [&] { esimd_mad_i32(a.data(), b.data(), c.data(), o.data(), n); },
      [&] { native_mad_i32(a.data(), b.data(), c.data(), o.data(), n); },
      work{4.0 * n * sizeof(int32_t), 2.0 * n});
}

void case_select(runner& run, const std::string& name, std::size_t n_out) {
  if (!run.wants(name)) return;
  buffer<float> x(2 * n_out), o(n_out), ref(n_out);
  fill_random(x, 8);
  esimd_select_pairsum(x.data(), o.data(), n_out);
  native_select_pairsum(x.data(), ref.data(), n_out);
  same(run, name, o, ref, 0);
  run.compare(
      name, [&] { esimd_select_pairsum(x.data(), o.data(), n_out); },
      [&] { native_select_pairsum(x.data(), o.data(), n_out); },
      work{3.0 * n_out * sizeof(float), 1.0 * n_out});
}

void case_cmp_merge(runner& run, const std::string& name, std::size_t n) {
  if (!run.wants(name)) return;
  buffer<float> a(n), b(n), c(n), o(n), ref(n);
  fill_random(a, 9);
  fill_random(b, 10);
  fill_random(c, 11);
  esimd_cmp_merge(a.data(), b.data(), c.data(), o.data(), n);
  native_cmp_merge(a.data(), b.data(), c.data(), ref.data(), n);
  same(run, name, o, ref, 0);
  run.compare(
      name, [&] { esimd_cmp_merge(a.data(), b.data(), c.data(), o.data(), n); },
      [&] { native_cmp_merge(a.data(), b.data(), c.data(), o.data(), n); },
      work{4.0 * n * sizeof(float), 1.0 * n});
}

/// Reference rows: the ESIMD loop of N lanes per step against the native loop of the same step.
void cases_same_step(runner& run) {
  const std::size_t n16 = kL1Bytes / 4 / sizeof(float);
  [[maybe_unused]] const std::size_t n33 = 33 * (n16 / 33);
  {
    const std::string name = "fma f32x16 L1 16KB vs same step";
    if (run.wants(name)) {
      buffer<float> a(n16), b(n16), c(n16), o(n16), ref(n16);
      fill_random(a, 1), fill_random(b, 2), fill_random(c, 3);
      esimd_fma_f32<16>(a.data(), b.data(), c.data(), o.data(), n16);
      native_fma_f32_step16(a.data(), b.data(), c.data(), ref.data(), n16);
      same(run, name, o, ref, 1e-6);
      run.compare(
          name, [&] { esimd_fma_f32<16>(a.data(), b.data(), c.data(), o.data(), n16); },
          [&] { native_fma_f32_step16(a.data(), b.data(), c.data(), o.data(), n16); },
          work{4.0 * n16 * sizeof(float), 2.0 * n16});
    }
  }
#if defined(__AVX512F__)
  const std::string name = "fma f32x33 L1 16KB vs same step";
  if (!run.wants(name)) return;
  buffer<float> a(n33), b(n33), c(n33), o(n33), ref(n33);
  fill_random(a, 1), fill_random(b, 2), fill_random(c, 3);
  esimd_fma_f32<33>(a.data(), b.data(), c.data(), o.data(), n33);
  native_fma_f32_step33(a.data(), b.data(), c.data(), ref.data(), n33);
  same(run, name, o, ref, 1e-6);
  run.compare(
      name, [&] { esimd_fma_f32<33>(a.data(), b.data(), c.data(), o.data(), n33); },
      [&] { native_fma_f32_step33(a.data(), b.data(), c.data(), o.data(), n33); },
      work{4.0 * n33 * sizeof(float), 2.0 * n33});
#endif
}

/// Floats with saturating and NaN lanes (1 in 16 each), the rest in int32 range.
[[maybe_unused]] void fill_cvt(buffer<float>& b, unsigned seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> d(-3e9f, 3e9f);
  for (std::size_t i = 0; i < b.size(); ++i)
    b[i] = i % 16 == 5 ? std::numeric_limits<float>::quiet_NaN() : d(g);
}

void case_cvt_f32_i32(runner& run, const std::string& name, std::size_t n) {
  if (!run.wants(name)) return;
#if defined(__AVX512F__)
  buffer<float> a(n);
  buffer<int32_t> o(n), ref(n);
  fill_cvt(a, 12);
  esimd_cvt_f32_i32(a.data(), o.data(), n);
  native_cvt_f32_i32(a.data(), ref.data(), n);
  for (std::size_t i = 0; i < n; ++i)
    if (o[i] != ref[i]) {
      run.fail(name + ": results differ at " + std::to_string(i));
      break;
    }
  run.compare(
      name, [&] { esimd_cvt_f32_i32(a.data(), o.data(), n); },
      [&] { native_cvt_f32_i32(a.data(), o.data(), n); }, work{8.0 * n, 0}, kIssueTarget);
#else
  (void)n;
#endif
}

void case_cvt_u8_f32(runner& run, const std::string& name, std::size_t n) {
  if (!run.wants(name)) return;
  buffer<uint8_t> a(n);
  buffer<float> o(n), ref(n);
  std::mt19937 g(13);
  for (std::size_t i = 0; i < n; ++i) a[i] = static_cast<uint8_t>(g());
  esimd_cvt_u8_f32(a.data(), o.data(), n);
  native_cvt_u8_f32(a.data(), ref.data(), n);
  same(run, name, o, ref, 0);
  run.compare(
      name, [&] { esimd_cvt_u8_f32(a.data(), o.data(), n); },
      [&] { native_cvt_u8_f32(a.data(), o.data(), n); }, work{5.0 * n, 1.0 * n}, kIssueTarget);
}

void case_cvt_f16_f32(runner& run, const std::string& name, std::size_t n) {
  if (!run.wants(name)) return;
#if defined(__AVX512F__)
  buffer<half> a(n), o(n);
  buffer<std::uint16_t> ref(n);
  fill_random(a, 17);
  esimd_cvt_f16_f32(a.data(), o.data(), n);
  const auto* ab = reinterpret_cast<const std::uint16_t*>(a.data());
  native_cvt_f16_f32(ab, ref.data(), n);
  if (std::memcmp(o.data(), ref.data(), n * sizeof(half)) != 0) run.fail(name + ": bits differ");
  auto* ob = reinterpret_cast<std::uint16_t*>(o.data());
  run.compare(
      name, [&] { esimd_cvt_f16_f32(a.data(), o.data(), n); },
      [&] { native_cvt_f16_f32(ab, ob, n); }, work{4.0 * n, 1.0 * n}, kIssueTarget);
#else
  (void)n;
#endif
}

void case_cvt_f32_bf16(runner& run, const std::string& name, std::size_t n) {
  if (!run.wants(name)) return;
#if defined(__AVX512F__)
  buffer<float> a(n);
  buffer<xesim::bfloat16> o(n);
  buffer<std::uint16_t> ref(n);
  fill_cvt(a, 18);
  for (std::size_t i = 0; i < n; i += 7) a[i] *= 1e-30f;  // small and subnormal-ish values too
  esimd_cvt_f32_bf16(a.data(), o.data(), n);
  native_cvt_f32_bf16(a.data(), ref.data(), n);
  if (std::memcmp(o.data(), ref.data(), n * 2) != 0) run.fail(name + ": bits differ");
  auto* ob = reinterpret_cast<std::uint16_t*>(o.data());
  run.compare(
      name, [&] { esimd_cvt_f32_bf16(a.data(), o.data(), n); },
      [&] { native_cvt_f32_bf16(a.data(), ob, n); }, work{6.0 * n, 0}, kIssueTarget);
#else
  (void)n;
#endif
}

void case_cmp_merge_f16(runner& run, const std::string& name, std::size_t n) {
  if (!run.wants(name)) return;
#if defined(__AVX512F__)
  buffer<half> a(n), b(n), c(n), o(n), ref(n);
  fill_random(a, 14), fill_random(b, 15), fill_random(c, 16);
  auto bits = [](const buffer<half>& x) {
    return reinterpret_cast<const std::uint16_t*>(x.data());
  };
  auto* o_bits = reinterpret_cast<std::uint16_t*>(o.data());
  esimd_cmp_merge_f16(a.data(), b.data(), c.data(), o.data(), n);
  native_cmp_merge_f16(bits(a), bits(b), bits(c), reinterpret_cast<std::uint16_t*>(ref.data()), n);
  same(run, name, o, ref, 0);
  run.compare(
      name, [&] { esimd_cmp_merge_f16(a.data(), b.data(), c.data(), o.data(), n); },
      [&] { native_cmp_merge_f16(bits(a), bits(b), bits(c), o_bits, n); },
      work{4.0 * n * sizeof(half), 1.0 * n}, kIssueTarget);
#else
  (void)n;
#endif
}

void case_interleave(runner& run, const std::string& name, std::size_t n) {
  if (!run.wants(name)) return;
#if defined(__AVX512F__)
  buffer<float> a(n), b(n), o(2 * n), ref(2 * n);
  fill_random(a, 17), fill_random(b, 18);
  esimd_interleave(a.data(), b.data(), o.data(), n);
  native_interleave(a.data(), b.data(), ref.data(), n);
  same(run, name, o, ref, 0);
  run.compare(
      name, [&] { esimd_interleave(a.data(), b.data(), o.data(), n); },
      [&] { native_interleave(a.data(), b.data(), o.data(), n); }, work{4.0 * n * sizeof(float), 0},
      kIssueTarget);
#else
  (void)n;
#endif
}

void case_tile_2d(runner& run, const std::string& name, std::size_t tiles) {
  if (!run.wants(name)) return;
  buffer<float> t(256 * tiles), o(64 * tiles), ref(64 * tiles);
  fill_random(t, 19);
  esimd_tile_2d(t.data(), o.data(), tiles);
  native_tile_2d(t.data(), ref.data(), tiles);
  same(run, name, o, ref, 0);
  run.compare(
      name, [&] { esimd_tile_2d(t.data(), o.data(), tiles); },
      [&] { native_tile_2d(t.data(), o.data(), tiles); },
      work{(256.0 + 64.0) * tiles * sizeof(float), 64.0 * tiles}, kIssueTarget);
}

void case_bitops_i32(runner& run, const std::string& name, std::size_t n) {
  if (!run.wants(name)) return;
  buffer<int32_t> a(n), b(n), sh(n), o(n), ref(n);
  std::mt19937 g(20);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = static_cast<int32_t>(g());
    b[i] = static_cast<int32_t>(g());
    sh[i] = static_cast<int32_t>(g() % 100) - 50;
  }
  esimd_bitops_i32(a.data(), b.data(), sh.data(), o.data(), n);
  native_bitops_i32(a.data(), b.data(), sh.data(), ref.data(), n);
  for (std::size_t i = 0; i < n; ++i)
    if (o[i] != ref[i]) {
      run.fail(name + ": results differ at " + std::to_string(i));
      break;
    }
  run.compare(
      name, [&] { esimd_bitops_i32(a.data(), b.data(), sh.data(), o.data(), n); },
      [&] { native_bitops_i32(a.data(), b.data(), sh.data(), o.data(), n); },
      work{4.0 * n * sizeof(int32_t), 5.0 * n}, kIssueTarget);
}

void case_any(runner& run, const std::string& name, std::size_t n) {
  if (!run.wants(name)) return;
#if defined(__AVX512F__)
  buffer<float> a(n), c(n);
  fill_random(a, 21);
  for (std::size_t i = 0; i < n; ++i) c[i] = 1.98f;  // some blocks have a lane above, some not
  const std::size_t want = native_any(a.data(), c.data(), n);
  if (esimd_any(a.data(), c.data(), n) != want) run.fail(name + ": counts differ");
  std::size_t sink = 0;
  run.compare(
      name, [&] { sink += esimd_any(a.data(), c.data(), n); },
      [&] { sink += native_any(a.data(), c.data(), n); }, work{2.0 * n * sizeof(float), 1.0 * n},
      kIssueTarget);
  xesim::bench::keep(sink);
#else
  (void)n;
#endif
}

}  // namespace

int main(int argc, char** argv) {
  runner run(argc, argv);
  constexpr std::size_t kF32L1 = kL1Bytes / 4 / sizeof(float);    // 1024 per array
  constexpr std::size_t kF32Mem = kMemBytes / 4 / sizeof(float);  // 4 Mi per array
  constexpr std::size_t kF16L1 = kL1Bytes / 4 / sizeof(half);     // 2048 per array
  constexpr std::size_t kF16Mem = kMemBytes / 4 / sizeof(half);   // 8 Mi per array

  // The issue's cases.
  case_fma_f32<64>(run, "fma f32x64 L1 16KB", kF32L1, 1, kIssueTarget);
  case_fma_f32<64>(run, "fma f32x64 mem 64MB", kF32Mem, kMemParts, kIssueTarget);
  cases_fma_f16(run, "L1 16KB", kF16L1, 1, true);
  cases_fma_f16(run, "mem 64MB", kF16Mem, kMemParts, true);
  // Other lengths (33: odd, no whole vector register; the array is 31 steps of 33).
  case_fma_f32<16>(run, "fma f32x16 L1 16KB", kF32L1, 1, 0);
  case_fma_f32<33>(run, "fma f32x33 L1 16KB", 33 * (kF32L1 / 33), 1, 0);
  case_fma_f32<512>(run, "fma f32x512 L1 16KB", kF32L1, 1, 0);
  // Integer, regions, masks.
  case_mad_i32(run, "mad i32x64 L1 16KB", kF32L1);
  case_select(run, "select<64,2> f32x128 L1 12KB", kF32L1);
  case_cmp_merge(run, "cmp+merge f32x64 L1 16KB", kF32L1);
  // The rest of the simd core: conversions, half masks, region writes, 2D regions, bit ops, any.
  case_cvt_f32_i32(run, "cvt f32->i32 sat x64 L1 8KB", kF32L1);
  case_cvt_u8_f32(run, "cvt u8->f32 x64 L1 5KB", kF32L1);
  case_cvt_f16_f32(run, "cvt f16->f32->f16 x64 L1 8KB", kF16L1);
  case_cvt_f32_bf16(run, "cvt f32->bf16 x64 L1 6KB", kF32L1);
  case_cmp_merge_f16(run, "cmp+merge f16x64 L1 16KB", kF16L1);
  case_interleave(run, "select<64,2> write f32x128 L1 16KB", kF32L1);
  case_tile_2d(run, "2D select<8,2,8,2> f32 16x16 L1 20KB", 16);
  case_bitops_i32(run, "bitops+shifts i32x64 L1 16KB", kF32L1);
  case_any(run, "cmp+any f32x64 L1 8KB", kF32L1);
  // Reference rows: the same loops against native loops of the same step.
  cases_same_step(run);
  return run.finish();
}
