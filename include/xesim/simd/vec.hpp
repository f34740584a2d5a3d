// Pieces: how every element-wise simd operation is cut into CPU vector registers.
// An operation over N lanes runs in pieces of W lanes, W = 64 bytes / the widest element it
// touches (one zmm), then a tail of W/2, W/4, ..., 1 lanes by the bits of N % W. Each piece is a
// GCC vector (`vector_size`, a plain scalar for 1 lane) loaded with one memcpy at a constant
// offset, computed and stored back, fully unrolled. g++ -O2 then replaces a local simd's array
// by one register per piece and emits one instruction per piece and operation; a loop over the
// array keeps it in memory, and leaves a loop needing a scalar epilogue (N = 33) scalar
// (bench/RESULTS.md). AVX-512 paths (compare to k-mask, blend, half conversions) are guarded by
// XESIM_VEC_AVX512; the portable path is the same arithmetic on GCC vectors.
#pragma once

#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "xesim/simd/fp_convert.hpp"
#include "xesim/simd/traits.hpp"

#if defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512BW__) && defined(__AVX512DQ__)
#include <immintrin.h>
#define XESIM_VEC_AVX512 1
#endif

// Pieces travel between always-inline functions and lambdas as GCC vectors of up to 64 bytes.
// Without AVX-512 g++ notes (-Wpsabi) that passing or returning such a vector would change the
// calling convention: it never happens (nothing here is called), but the note names the end of
// the user's file for template instantiations, so it is silenced for the whole translation unit
// (a -Werror build with -march=x86-64-v3 would fail otherwise).
#pragma GCC diagnostic ignored "-Wpsabi"

/// On a lambda (after its parameter list): always inlined, like XESIM_INLINE functions (g++
/// does not inline the large lambdas of unrolled kernels on its own).
#define XESIM_LAMBDA __attribute__((always_inline))

namespace xesim::esimd::detail {

// ------------------------------ lanes_t
template <int Bytes>
struct uint_of_size;
template <>
struct uint_of_size<1> {
  using type = uint8_t;
};
template <>
struct uint_of_size<2> {
  using type = uint16_t;
};
template <>
struct uint_of_size<4> {
  using type = uint32_t;
};
template <>
struct uint_of_size<8> {
  using type = uint64_t;
};
/// The unsigned integer holding T's bits (merge, select and broadcast move bits, not values).
template <class T>
using bits_t = typename uint_of_size<sizeof(T)>::type;
template <class T>
using sint_t = std::make_signed_t<bits_t<T>>;

template <class T, int L>
struct lanes_of {
  typedef T type __attribute__((vector_size(L * sizeof(T))));
};
template <class T>
struct lanes_of<T, 1> {
  using type = T;
};
/// L lanes of T in one GCC vector; T itself for one lane.
template <class T, int L>
using lanes_t = typename lanes_of<T, L>::type;
template <int L>
using lane_count = std::integral_constant<int, L>;

/// Lanes per piece of an operation whose widest element has `bytes` bytes: one zmm for 4- and
/// 8-byte elements, 16 lanes for narrower ones (they compute as int or float, 16 to a zmm, and a
/// mask takes 16 lanes per 32-bit compare: every kernel cuts a vector of a given type the same
/// way, so g++ can keep each piece in a register across operations).
constexpr int piece_lanes(int bytes) { return bytes >= 64 ? 1 : 64 / (bytes < 4 ? 4 : bytes); }

template <class T, int L>
XESIM_INLINE lanes_t<T, L> load_lanes(const void* p) {
  lanes_t<T, L> x;
  __builtin_memcpy(&x, p, sizeof(x));
  return x;
}
template <class T, int L>
XESIM_INLINE void store_lanes(void* p, const lanes_t<T, L>& x) {
  __builtin_memcpy(p, &x, sizeof(x));
}
/// Every lane x (converted to T).
template <class T, int L, class X>
XESIM_INLINE lanes_t<T, L> splat(X x) {
  if constexpr (L == 1)
    return static_cast<T>(x);
  else
    return lanes_t<T, L>{} + static_cast<T>(x);
}
/// Lane j is j.
template <class T, int L>
XESIM_INLINE lanes_t<T, L> lane_ids() {
  if constexpr (L == 1) {
    return T(0);
  } else {
    lanes_t<T, L> r;
    for (int j = 0; j < L; ++j) r[j] = static_cast<T>(j);
    return r;
  }
}
/// The L lanes of x repeated to M lanes (M a multiple of L), in registers.
template <int M, class V>
XESIM_INLINE auto repeat_lanes(const V& x) {
  constexpr int L = sizeof(V) / sizeof(x[0]);
  return [&]<int... J>(std::integer_sequence<int, J...>) __attribute__((always_inline)) {
    return __builtin_shufflevector(x, x, (J % L)...);
  }
  (std::make_integer_sequence<int, M>{});
}
/// The same bits seen as lanes of another type of the same size.
template <class To, class From>
XESIM_INLINE To bitcast_lanes(const From& x) {
  static_assert(sizeof(To) == sizeof(From));
  To r;
  __builtin_memcpy(&r, &x, sizeof(r));
  return r;
}

// ------------------------------ for_pieces
template <int Begin, int Rem, int L, class F>
XESIM_INLINE void for_tail_pieces(F&& f) {
  if constexpr (L >= 1) {
    if constexpr ((Rem & L) != 0) {
      f(std::integral_constant<int, Begin>{}, lane_count<L>{});
      for_tail_pieces<Begin + L, Rem, L / 2>(f);
    } else {
      for_tail_pieces<Begin, Rem, L / 2>(f);
    }
  }
}
/// Calls f(first_lane, lane_count<L>{}) for the pieces of [0, N): N / W whole pieces of W lanes
/// (unrolled; first_lane an int), then one piece per set bit of N % W, widest first (first_lane
/// a std::integral_constant).
template <int N, int W, class F>
XESIM_INLINE void for_pieces(F&& f) {
  // At most 16 pieces are unrolled in a row (1 KB); longer vectors loop over blocks of 16, which
  // g++ still unrolls later when there are few (simd<float, 512> a*b+c: the same 32 vfmadd).
  // Unrolling all 64 pieces of simd<double, 512> made g++'s RTL combine pass, which grows faster
  // than linearly with the code, dominate tests/simd/arith_test.cpp's compile time.
  constexpr int kPieces = N / W, kBlock = kPieces < 16 ? kPieces : 16;
  if constexpr (kBlock > 0) {
    for (int b = 0; b < kPieces / kBlock; ++b) {
#pragma GCC unroll 16
      for (int k = 0; k < kBlock; ++k) f((b * kBlock + k) * W, lane_count<W>{});
    }
#pragma GCC unroll 16
    for (int k = kPieces / kBlock * kBlock; k < kPieces; ++k) f(k * W, lane_count<W>{});
  }
  for_tail_pieces<N / W * W, N % W, W / 2>(f);
}

// ------------------------------ operands
/// An operand of an element-wise kernel: N elements in memory, or one scalar for all lanes.
template <class R>
struct vec_operand {
  using elem = R;
  const R* p;
  static constexpr bool kScalar = false;
  XESIM_INLINE R operator[](int i) const { return p[i]; }
};
template <class R>
struct scalar_operand {
  using elem = R;
  R v;
  static constexpr bool kScalar = true;
  XESIM_INLINE R operator[](int) const { return v; }
};

// ------------------------------ float <-> half / bfloat16 / tfloat32 lanes
/// L lanes of a wrapper type widened to float (exact), in registers: vcvtph2ps for half, a
/// 16-bit shift for bfloat16, the bits for tfloat32.
template <class R, int L>
XESIM_INLINE lanes_t<float, L> to_float_lanes(const R* p) {
  if constexpr (L == 1) {
    return static_cast<float>(p[0]);
  } else if constexpr (std::is_same_v<R, ::xesim::bfloat16>) {
    const auto u = __builtin_convertvector(load_lanes<uint16_t, L>(p), lanes_t<uint32_t, L>);
    return bitcast_lanes<lanes_t<float, L>>(u << 16);
  } else if constexpr (std::is_same_v<R, ::xesim::tfloat32>) {
    return load_lanes<float, L>(p);
  } else {
    static_assert(std::is_same_v<R, ::xesim::half>);
#if defined(__AVX512F__)
    if constexpr (L == 16)
      return _mm512_maskz_cvtph_ps(0xffff, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
#endif
#if defined(__F16C__)
    if constexpr (L == 8)
      return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    if constexpr (L == 4) return _mm_cvtph_ps(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
#endif
    lanes_t<float, L> r;
    for (int j = 0; j < L; ++j) r[j] = static_cast<float>(p[j]);
    return r;
  }
}
/// Rounds L float lanes to a wrapper type (the bits of its scalar conversion: nearest even for
/// half and bfloat16, truncation for tfloat32) and stores them at p.
template <class R, int L>
XESIM_INLINE void from_float_lanes(R* p, const lanes_t<float, L>& f) {
  if constexpr (L == 1) {
    p[0] = R(f);
  } else if constexpr (std::is_same_v<R, ::xesim::bfloat16>) {
    using U = lanes_t<uint32_t, L>;
    const U u = bitcast_lanes<U>(f);
    const U hi = u >> 16;
    const U r = (u + 0x7fffu + (hi & 1u)) >> 16;
    const auto nan = (u & 0x7fffffffu) > 0x7f800000u;
    store_lanes<uint16_t, L>(p,
                             __builtin_convertvector(nan ? (hi | 0x40u) : r, lanes_t<uint16_t, L>));
  } else if constexpr (std::is_same_v<R, ::xesim::tfloat32>) {
    using U = lanes_t<uint32_t, L>;
    const U u = bitcast_lanes<U>(f);
    const auto nan = (u & 0x7fffffffu) > 0x7f800000u;
    store_lanes<uint32_t, L>(p, (nan ? (u | 0x00400000u) : u) & ::xesim::detail::kTf32Mask);
  } else {
    static_assert(std::is_same_v<R, ::xesim::half>);
#if defined(__F16C__) || defined(__AVX512F__)
    constexpr int kRne = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;
#endif
#if defined(__AVX512F__)
    if constexpr (L == 16) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm512_maskz_cvtps_ph(0xffff, f, kRne));
      return;
    }
#endif
#if defined(__F16C__)
    if constexpr (L == 8) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm256_cvtps_ph(f, kRne));
      return;
    }
    if constexpr (L == 4) {
      _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_cvtps_ph(f, kRne));
      return;
    }
#endif
    for (int j = 0; j < L; ++j) p[j] = R(f[j]);
  }
}

/// L lanes of an operand from lane i on, as C (C the compute type: float for the wrappers).
template <class C, int L, class Opnd>
XESIM_INLINE lanes_t<C, L> operand_lanes(const Opnd& o, int i) {
  using R = typename Opnd::elem;
  if constexpr (Opnd::kScalar)
    return splat<C, L>(static_cast<C>(o.v));
  else if constexpr (is_wrapper_elem_type_v<R>)
    return to_float_lanes<R, L>(o.p + i);
  else
    return load_lanes<C, L>(o.p + i);
}

// ------------------------------ masks: compare, blend
enum class cmpop { eq, ne, lt, le, gt, ge };

/// Lanes of `x op y`: -1 / 0 (GCC vectors) or bool (one lane).
template <cmpop Op, class X>
XESIM_INLINE auto compare_lanes(const X& x, const X& y) {
  if constexpr (Op == cmpop::eq) return x == y;
  if constexpr (Op == cmpop::ne) return x != y;
  if constexpr (Op == cmpop::lt) return x < y;
  if constexpr (Op == cmpop::le) return x <= y;
  if constexpr (Op == cmpop::gt) return x > y;
  if constexpr (Op == cmpop::ge) return x >= y;
}

#if defined(XESIM_VEC_AVX512)
template <cmpop Op>
constexpr int fp_predicate() {
  constexpr int kP[] = {_CMP_EQ_OQ, _CMP_NEQ_UQ, _CMP_LT_OQ, _CMP_LE_OQ, _CMP_GT_OQ, _CMP_GE_OQ};
  return kP[static_cast<int>(Op)];
}
template <cmpop Op>
constexpr int int_predicate() {
  constexpr int kP[] = {_MM_CMPINT_EQ, _MM_CMPINT_NE,  _MM_CMPINT_LT,
                        _MM_CMPINT_LE, _MM_CMPINT_NLE, _MM_CMPINT_NLT};
  return kP[static_cast<int>(Op)];
}
/// Whether compare_bits has a one-instruction form for L lanes of C (vcmpps/vpcmpd... to k).
template <class C, int L>
inline constexpr bool has_compare_bits_v = (L * sizeof(C) == 64 || L * sizeof(C) == 32 ||
                                            L * sizeof(C) == 16) &&
                                           (std::is_same_v<C, float> || std::is_same_v<C, double> ||
                                            std::is_integral_v<C>);

/// Bit j = (x[j] op y[j]): one vcmpps / vcmppd / vpcmp[u]{b,w,d,q} into a k register.
template <cmpop Op, class C, int L>
XESIM_INLINE uint64_t compare_bits(const lanes_t<C, L>& x, const lanes_t<C, L>& y) {
  constexpr int kBytes = L * sizeof(C);
  if constexpr (std::is_same_v<C, float>) {
    constexpr int P = fp_predicate<Op>();
    if constexpr (kBytes == 64) return _mm512_cmp_ps_mask(__m512(x), __m512(y), P);
    if constexpr (kBytes == 32) return _mm256_cmp_ps_mask(__m256(x), __m256(y), P);
    if constexpr (kBytes == 16) return _mm_cmp_ps_mask(__m128(x), __m128(y), P);
  } else if constexpr (std::is_same_v<C, double>) {
    constexpr int P = fp_predicate<Op>();
    if constexpr (kBytes == 64) return _mm512_cmp_pd_mask(__m512d(x), __m512d(y), P);
    if constexpr (kBytes == 32) return _mm256_cmp_pd_mask(__m256d(x), __m256d(y), P);
    if constexpr (kBytes == 16) return _mm_cmp_pd_mask(__m128d(x), __m128d(y), P);
  } else {
    constexpr int P = int_predicate<Op>();
    constexpr bool S = std::is_signed_v<C>;
    constexpr int E = sizeof(C);
#define XESIM_VEC_ICMP(W, REG)                                                        \
  if constexpr (kBytes == W / 8) {                                                    \
    const auto a = bitcast_lanes<REG>(x), b = bitcast_lanes<REG>(y);                  \
    if constexpr (E == 1)                                                             \
      return S ? _mm##W##_cmp_epi8_mask(a, b, P) : _mm##W##_cmp_epu8_mask(a, b, P);   \
    if constexpr (E == 2)                                                             \
      return S ? _mm##W##_cmp_epi16_mask(a, b, P) : _mm##W##_cmp_epu16_mask(a, b, P); \
    if constexpr (E == 4)                                                             \
      return S ? _mm##W##_cmp_epi32_mask(a, b, P) : _mm##W##_cmp_epu32_mask(a, b, P); \
    if constexpr (E == 8)                                                             \
      return S ? _mm##W##_cmp_epi64_mask(a, b, P) : _mm##W##_cmp_epu64_mask(a, b, P); \
  }
    XESIM_VEC_ICMP(512, __m512i)
    XESIM_VEC_ICMP(256, __m256i)
    if constexpr (kBytes == 16) {
      const auto a = bitcast_lanes<__m128i>(x), b = bitcast_lanes<__m128i>(y);
      if constexpr (E == 1) return S ? _mm_cmp_epi8_mask(a, b, P) : _mm_cmp_epu8_mask(a, b, P);
      if constexpr (E == 2) return S ? _mm_cmp_epi16_mask(a, b, P) : _mm_cmp_epu16_mask(a, b, P);
      if constexpr (E == 4) return S ? _mm_cmp_epi32_mask(a, b, P) : _mm_cmp_epu32_mask(a, b, P);
      if constexpr (E == 8) return S ? _mm_cmp_epi64_mask(a, b, P) : _mm_cmp_epu64_mask(a, b, P);
    }
#undef XESIM_VEC_ICMP
  }
}

/// L mask lanes (uint16 0/1) from the bits of k: one vmovdqu16 {z} of a constant of ones (a
/// vpbroadcastw {z} from a GPR, what _mm*_maskz_set1_epi16 gives, is 2 uops: cmp+merge on half
/// 1.35x of native with it, bench/simd_arith_bench).
template <int L>
XESIM_INLINE lanes_t<uint16_t, L> mask_lanes_from_bits(uint64_t k) {
  if constexpr (L == 1) {
    return static_cast<uint16_t>(k & 1u);
  } else if constexpr (L == 32) {
    return bitcast_lanes<lanes_t<uint16_t, 32>>(
        _mm512_maskz_mov_epi16(static_cast<__mmask32>(k), _mm512_set1_epi16(1)));
  } else if constexpr (L == 16) {
    return bitcast_lanes<lanes_t<uint16_t, 16>>(
        _mm256_maskz_mov_epi16(static_cast<__mmask16>(k), _mm256_set1_epi16(1)));
  } else {
    const auto m = bitcast_lanes<lanes_t<uint16_t, 8>>(
        _mm_maskz_mov_epi16(static_cast<__mmask8>(k), _mm_set1_epi16(1)));
    if constexpr (L == 8)
      return m;
    else if constexpr (L == 4)
      return __builtin_shufflevector(m, m, 0, 1, 2, 3);
    else
      return __builtin_shufflevector(m, m, 0, 1);
  }
}
/// Bit j = (m[j] != 0) for L mask lanes: one vptestmw.
template <int L>
XESIM_INLINE uint64_t mask_bits(const lanes_t<uint16_t, L>& m) {
  if constexpr (L == 1) {
    return m != 0;
  } else if constexpr (L == 32) {
    const auto v = bitcast_lanes<__m512i>(m);
    return _mm512_test_epi16_mask(v, v);
  } else if constexpr (L == 16) {
    const auto v = bitcast_lanes<__m256i>(m);
    return _mm256_test_epi16_mask(v, v);
  } else {
    lanes_t<uint16_t, 8> w;
    if constexpr (L == 8)
      w = m;
    else if constexpr (L == 4)
      w = __builtin_shufflevector(m, m, 0, 1, 2, 3, -1, -1, -1, -1);
    else
      w = __builtin_shufflevector(m, m, 0, 1, -1, -1, -1, -1, -1, -1);
    const auto v = bitcast_lanes<__m128i>(w);
    return _mm_test_epi16_mask(v, v) & ((1u << L) - 1u);
  }
}
/// Lane j = bit j of k ? a[j] : b[j] for L lanes of an unsigned type B: one vpblendm{b,w,d,q}.
template <class B, int L>
XESIM_INLINE lanes_t<B, L> blend_bits(uint64_t k, const lanes_t<B, L>& a, const lanes_t<B, L>& b) {
  constexpr int kBytes = L * sizeof(B);
  constexpr int E = sizeof(B);
  if constexpr (L == 1) {
    return (k & 1u) ? a : b;
  } else if constexpr (kBytes == 64) {
    const auto x = bitcast_lanes<__m512i>(a), y = bitcast_lanes<__m512i>(b);
    if constexpr (E == 1) return bitcast_lanes<lanes_t<B, L>>(_mm512_mask_blend_epi8(k, y, x));
    if constexpr (E == 2)
      return bitcast_lanes<lanes_t<B, L>>(_mm512_mask_blend_epi16(static_cast<__mmask32>(k), y, x));
    if constexpr (E == 4)
      return bitcast_lanes<lanes_t<B, L>>(_mm512_mask_blend_epi32(static_cast<__mmask16>(k), y, x));
    if constexpr (E == 8)
      return bitcast_lanes<lanes_t<B, L>>(_mm512_mask_blend_epi64(static_cast<__mmask8>(k), y, x));
  } else if constexpr (kBytes == 32) {
    const auto x = bitcast_lanes<__m256i>(a), y = bitcast_lanes<__m256i>(b);
    if constexpr (E == 1)
      return bitcast_lanes<lanes_t<B, L>>(_mm256_mask_blend_epi8(static_cast<__mmask32>(k), y, x));
    if constexpr (E == 2)
      return bitcast_lanes<lanes_t<B, L>>(_mm256_mask_blend_epi16(static_cast<__mmask16>(k), y, x));
    if constexpr (E == 4)
      return bitcast_lanes<lanes_t<B, L>>(_mm256_mask_blend_epi32(static_cast<__mmask8>(k), y, x));
    if constexpr (E == 8)
      return bitcast_lanes<lanes_t<B, L>>(_mm256_mask_blend_epi64(static_cast<__mmask8>(k), y, x));
  } else if constexpr (kBytes == 16) {
    const auto x = bitcast_lanes<__m128i>(a), y = bitcast_lanes<__m128i>(b);
    if constexpr (E == 1)
      return bitcast_lanes<lanes_t<B, L>>(_mm_mask_blend_epi8(static_cast<__mmask16>(k), y, x));
    if constexpr (E == 2)
      return bitcast_lanes<lanes_t<B, L>>(_mm_mask_blend_epi16(static_cast<__mmask8>(k), y, x));
    if constexpr (E == 4)
      return bitcast_lanes<lanes_t<B, L>>(_mm_mask_blend_epi32(static_cast<__mmask8>(k), y, x));
    if constexpr (E == 8)
      return bitcast_lanes<lanes_t<B, L>>(_mm_mask_blend_epi64(static_cast<__mmask8>(k), y, x));
  } else {
    lanes_t<B, L> r;
    for (int j = 0; j < L; ++j) r[j] = ((k >> j) & 1u) ? a[j] : b[j];
    return r;
  }
}
#endif  // XESIM_VEC_AVX512

/// L mask lanes (uint16 1 / 0) of `x op y`, x and y L lanes of C.
template <cmpop Op, class C, int L>
XESIM_INLINE lanes_t<uint16_t, L> compare_to_mask(const lanes_t<C, L>& x, const lanes_t<C, L>& y) {
  if constexpr (L == 1) {
    return static_cast<uint16_t>(compare_lanes<Op>(x, y));
  } else {
#if defined(XESIM_VEC_AVX512)
    if constexpr (has_compare_bits_v<C, L>) {
      return mask_lanes_from_bits<L>(compare_bits<Op, C, L>(x, y));
    } else if constexpr (L * sizeof(C) < 16 && has_compare_bits_v<C, 16 / sizeof(C)>) {
      constexpr int L16 = 16 / sizeof(C);  // a short tail (simd<float, 3>): compared in an xmm
      return mask_lanes_from_bits<L>(
          compare_bits<Op, C, L16>(repeat_lanes<L16>(x), repeat_lanes<L16>(y)) & ((1u << L) - 1u));
    }
#endif
    const auto c = compare_lanes<Op>(x, y);  // -1 / 0 lanes
    return bitcast_lanes<lanes_t<uint16_t, L>>(-__builtin_convertvector(c, lanes_t<int16_t, L>));
  }
}

/// Lane j = m[j] != 0 ? a[j] : b[j]: m L mask lanes, a and b L lanes of any element type's bits.
template <class B, int L>
XESIM_INLINE lanes_t<B, L> blend_lanes(const lanes_t<uint16_t, L>& m, const lanes_t<B, L>& a,
                                       const lanes_t<B, L>& b) {
  if constexpr (L == 1) {
    const B all = static_cast<B>(B(0) - static_cast<B>(m != 0));  // a select, not a branch
    return static_cast<B>(b ^ ((a ^ b) & all));
  } else {
#if defined(XESIM_VEC_AVX512)
    if constexpr (L * sizeof(B) >= 16) {
      return blend_bits<B, L>(mask_bits<L>(m), a, b);
    } else {
      constexpr int L16 = 16 / sizeof(B);  // a short tail: blended in an xmm
      const lanes_t<B, L16> r =
          blend_bits<B, L16>(mask_bits<L>(m), repeat_lanes<L16>(a), repeat_lanes<L16>(b));
      return [&]<int... J>(std::integer_sequence<int, J...>) XESIM_LAMBDA {
        return __builtin_shufflevector(r, r, J...);
      }
      (std::make_integer_sequence<int, L>{});
    }
#endif
    using S = std::make_signed_t<B>;
    return __builtin_convertvector(m != 0, lanes_t<S, L>) ? a : b;  // -1 / 0 lanes, then narrowed
  }
}

// ------------------------------ element-wise kernels on arrays
/// r[i] = x for i < N (bits copied: any element type).
template <class T, int N>
XESIM_INLINE void fill_n(T* r, T x) {
  using B = bits_t<T>;
  B bits;
  __builtin_memcpy(&bits, &x, sizeof(B));
  for_pieces<N, piece_lanes(sizeof(T))>([&](int i, auto lc) XESIM_LAMBDA {
    constexpr int L = decltype(lc)::value;
    store_lanes<B, L>(r + i, splat<B, L>(bits));
  });
}

/// r[i] = m[i] ? a[i] : b[i] for i < N (r may be a or b).
template <class T, int N>
XESIM_INLINE void merge_n(T* r, const T* a, const T* b, const uint16_t* m) {
  using B = bits_t<T>;
  constexpr int W = piece_lanes(sizeof(T));
  for_pieces<N, W>([&](int i, auto lc) XESIM_LAMBDA {
    constexpr int L = decltype(lc)::value;
    store_lanes<B, L>(r + i, blend_lanes<B, L>(load_lanes<uint16_t, L>(m + i),
                                               load_lanes<B, L>(a + i), load_lanes<B, L>(b + i)));
  });
}

/// m[i] = a[i] op b[i] (1 / 0) for i < N, computed in C (float for the wrapper types).
template <cmpop Op, class C, int N, class A, class B>
XESIM_INLINE void compare_n(uint16_t* m, const A& a, const B& b) {
  constexpr int W = piece_lanes(sizeof(C));
  for_pieces<N, W>([&](int i, auto lc) XESIM_LAMBDA {
    constexpr int L = decltype(lc)::value;
    store_lanes<uint16_t, L>(
        m + i, compare_to_mask<Op, C, L>(operand_lanes<C, L>(a, i), operand_lanes<C, L>(b, i)));
  });
}

/// r[i] = f(a[i]) for i < N, on lanes of T (f takes and returns lanes_t<T, L> or T).
template <class T, int N, class F>
XESIM_INLINE void map_lanes_n(T* r, const T* a, F f) {
  for_pieces<N, piece_lanes(sizeof(T))>([&](int i, auto lc) XESIM_LAMBDA {
    constexpr int L = decltype(lc)::value;
    store_lanes<T, L>(r + i, f(load_lanes<T, L>(a + i)));
  });
}

/// r[i] = f(a[i], b[i]) for i < N, on lanes of T.
template <class T, int N, class F>
XESIM_INLINE void map2_lanes_n(T* r, const T* a, const T* b, F f) {
  for_pieces<N, piece_lanes(sizeof(T))>([&](int i, auto lc) XESIM_LAMBDA {
    constexpr int L = decltype(lc)::value;
    store_lanes<T, L>(r + i, f(load_lanes<T, L>(a + i), load_lanes<T, L>(b + i)));
  });
}

/// r[i] = a[i] for i < N (bits copied, in the pieces the arithmetic uses).
template <class T, int N>
XESIM_INLINE void copy_n(T* r, const T* a) {
  using B = bits_t<T>;
  map_lanes_n<B, N>(reinterpret_cast<B*>(r), reinterpret_cast<const B*>(a),
                    [](auto x) XESIM_LAMBDA { return x; });
}

/// r[i] = (a[i] == 0) (1 / 0) for i < N.
template <class T, int N>
XESIM_INLINE void is_zero_n(uint16_t* m, const T* a) {
  compare_n<cmpop::eq, T, N>(m, vec_operand<T>{a}, scalar_operand<T>{T(0)});
}

/// Whether some lane of a is non-zero (Zero = false) or zero (Zero = true): lanes OR-ed into one
/// register, then one test.
template <class T, int N, bool Zero>
XESIM_INLINE bool any_lane_n(const T* a) {
  using B = bits_t<T>;
  constexpr int W = piece_lanes(sizeof(T));
  lanes_t<B, W> acc = splat<B, W>(0);
  for_pieces<N, W>([&](int i, auto lc) XESIM_LAMBDA {
    constexpr int L = decltype(lc)::value;
    const lanes_t<B, L> x = load_lanes<B, L>(a + i);
    lanes_t<B, L> y;
    if constexpr (!Zero)
      y = x;
    else if constexpr (L == 1)
      y = x == 0 ? B(~B(0)) : B(0);
    else
      y = bitcast_lanes<lanes_t<B, L>>(x == 0);
    if constexpr (L == W) {
      acc |= y;
    } else if constexpr (L == 1) {
      acc[0] |= y;
    } else {
      const lanes_t<B, L> z = splat<B, L>(0);
      acc |= [&]<int... J>(std::integer_sequence<int, J...>) XESIM_LAMBDA {
        return __builtin_shufflevector(y, z, (J < L ? J : L)...);
      }
      (std::make_integer_sequence<int, W>{});
    }
  });
  constexpr int kBytes = W * sizeof(B);
#if defined(XESIM_VEC_AVX512)
  if constexpr (kBytes == 64) {
    const auto v = bitcast_lanes<__m512i>(acc);
    return _mm512_test_epi64_mask(v, v) != 0;  // vptestmq + kortest
  }
#endif
#if defined(__AVX__)
  if constexpr (kBytes == 32) {
    const auto v = bitcast_lanes<__m256i>(acc);
    return !_mm256_testz_si256(v, v);  // vptest
  }
  if constexpr (kBytes == 16) {
    const auto v = bitcast_lanes<__m128i>(acc);
    return !_mm_testz_si128(v, v);
  }
#endif
  const auto w = bitcast_lanes<lanes_t<uint64_t, kBytes / 8>>(acc);
  uint64_t r = 0;
  for (int k = 0; k < kBytes / 8; ++k) r |= w[k];
  return r != 0;
}
/// Some lane non-zero.
template <class T, int N>
XESIM_INLINE bool any_n(const T* a) {
  return any_lane_n<T, N, false>(a);
}
/// Every lane non-zero.
template <class T, int N>
XESIM_INLINE bool all_n(const T* a) {
  return !any_lane_n<T, N, true>(a);
}

/// r[i] = -a[i] for i < N: integers wrap (0 - a), floating types flip the sign bit.
template <class T, int N>
XESIM_INLINE void neg_n(T* r, const T* a) {
  if constexpr (std::is_integral_v<T> || is_wrapper_elem_type_v<T>) {
    using B = bits_t<T>;
    constexpr B kSign = B(B(1) << (sizeof(B) * 8 - 1));
    map_lanes_n<B, N>(reinterpret_cast<B*>(r), reinterpret_cast<const B*>(a),
                      [](auto x) XESIM_LAMBDA {
                        if constexpr (std::is_integral_v<T>)
                          return decltype(x)(B(0) - x);
                        else
                          return decltype(x)(x ^ kSign);
                      });
  } else {
    map_lanes_n<T, N>(r, a, [](auto x) XESIM_LAMBDA { return decltype(x)(-x); });
  }
}

/// r[i] = ~a[i] for i < N (integral T).
template <class T, int N>
XESIM_INLINE void not_n(T* r, const T* a) {
  using B = bits_t<T>;
  map_lanes_n<B, N>(reinterpret_cast<B*>(r), reinterpret_cast<const B*>(a),
                    [](auto x) XESIM_LAMBDA { return decltype(x)(~x); });
}

}  // namespace xesim::esimd::detail
