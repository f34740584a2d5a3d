// Conversions between element types on pieces (vec.hpp): simd<To, N>(simd<From, N>) and the
// iota constructor. g++ 12's __builtin_convertvector is one instruction only for some pairs: it
// goes lane by lane for uint8 -> float (11x slower than native, bench "cvt u8->f32") and takes
// 3-4 instructions for every 2x widening or narrowing; with AVX-512 each integer width change
// here is one vpmov[sz]x / vpmov, and float -> integer saturation is vcvtt* with a k-masked fix-up
// (what a careful engineer writes). Every path gives convert_scalar's bits, but -> tfloat32
// rounds to nearest even as the GPU's vector conversion does (convert_scalar truncates).
#pragma once

#include "xesim/simd/vec.hpp"

namespace xesim::esimd::detail {

// ------------------------------ integer width changes
/// A piece as a __m128i / __m256i / __m512i of its size (upper bytes zero when it is smaller).
template <class V, class X>
XESIM_INLINE V as_reg(const X& x) {
  V r{};
  __builtin_memcpy(&r, &x, sizeof(X) < sizeof(V) ? sizeof(X) : sizeof(V));
  return r;
}
/// The first L lanes of T in a register.
template <class T, int L, class V>
XESIM_INLINE lanes_t<T, L> from_reg(const V& v) {
  lanes_t<T, L> r;
  __builtin_memcpy(&r, &v, sizeof(r));
  return r;
}

/// Integer -> integer of another width (truncation or sign / zero extension of From): one
/// vpmovsx / vpmovzx / vpmov with AVX-512 for whole pieces, else 2x steps of convertvector.
template <class To, class From, int L>
XESIM_INLINE lanes_t<To, L> int_convert(const lanes_t<From, L>& x) {
  constexpr int kTo = sizeof(To), kFrom = sizeof(From);
  if constexpr (kTo == kFrom) {
    return bitcast_lanes<lanes_t<To, L>>(x);
  } else {
#if defined(XESIM_VEC_AVX512)
    constexpr bool S = std::is_signed_v<From>;
    if constexpr (kTo > kFrom && L * kTo == 64) {  // widen into one zmm
      if constexpr (kTo == 4 && kFrom == 1) {
        const auto v = as_reg<__m128i>(x);
        return from_reg<To, L>(S ? _mm512_maskz_cvtepi8_epi32(0xffff, v)
                                 : _mm512_maskz_cvtepu8_epi32(0xffff, v));
      } else if constexpr (kTo == 4 && kFrom == 2) {
        const auto v = as_reg<__m256i>(x);
        return from_reg<To, L>(S ? _mm512_maskz_cvtepi16_epi32(0xffff, v)
                                 : _mm512_maskz_cvtepu16_epi32(0xffff, v));
      } else if constexpr (kTo == 8 && kFrom == 1) {
        const auto v = as_reg<__m128i>(x);
        return from_reg<To, L>(S ? _mm512_maskz_cvtepi8_epi64(0xff, v)
                                 : _mm512_maskz_cvtepu8_epi64(0xff, v));
      } else if constexpr (kTo == 8 && kFrom == 2) {
        const auto v = as_reg<__m128i>(x);
        return from_reg<To, L>(S ? _mm512_maskz_cvtepi16_epi64(0xff, v)
                                 : _mm512_maskz_cvtepu16_epi64(0xff, v));
      } else {
        const auto v = as_reg<__m256i>(x);
        return from_reg<To, L>(S ? _mm512_maskz_cvtepi32_epi64(0xff, v)
                                 : _mm512_maskz_cvtepu32_epi64(0xff, v));
      }
    } else if constexpr (kTo == 2 && kFrom == 1 && L == 16) {
      const auto v = as_reg<__m128i>(x);
      return from_reg<To, L>(S ? _mm256_maskz_cvtepi8_epi16(0xffff, v)
                               : _mm256_maskz_cvtepu8_epi16(0xffff, v));
    } else if constexpr (kTo < kFrom && L * kFrom == 64) {  // narrow one zmm
      const auto v = as_reg<__m512i>(x);
      if constexpr (kFrom == 4 && kTo == 1)
        return from_reg<To, L>(_mm512_maskz_cvtepi32_epi8(0xffff, v));
      else if constexpr (kFrom == 4 && kTo == 2)
        return from_reg<To, L>(_mm512_maskz_cvtepi32_epi16(0xffff, v));
      else if constexpr (kFrom == 8 && kTo == 1)
        return from_reg<To, L>(_mm512_maskz_cvtepi64_epi8(0xff, v));
      else if constexpr (kFrom == 8 && kTo == 2)
        return from_reg<To, L>(_mm512_maskz_cvtepi64_epi16(0xff, v));
      else
        return from_reg<To, L>(_mm512_maskz_cvtepi64_epi32(0xff, v));
    } else if constexpr (kFrom == 2 && kTo == 1 && L == 16) {
      return from_reg<To, L>(_mm256_maskz_cvtepi16_epi8(0xffff, as_reg<__m256i>(x)));
    } else if constexpr (kFrom == 4 && kTo < 4 && L == 8) {  // double pieces: 8 lanes of int32
      const auto v = as_reg<__m256i>(x);
      if constexpr (kTo == 1)
        return from_reg<To, L>(_mm256_maskz_cvtepi32_epi8(0xff, v));
      else
        return from_reg<To, L>(_mm256_maskz_cvtepi32_epi16(0xff, v));
    }
#endif
    if constexpr (kTo == 2 * kFrom || kFrom == 2 * kTo) {
      return __builtin_convertvector(x, lanes_t<To, L>);
    } else if constexpr (kTo > kFrom) {  // widen in 2x steps, keeping From's signedness
      using UMid = typename uint_of_size<2 * kFrom>::type;
      using Mid = std::conditional_t<std::is_signed_v<From>, std::make_signed_t<UMid>, UMid>;
      return int_convert<To, Mid, L>(__builtin_convertvector(x, lanes_t<Mid, L>));
    } else {
      using Mid = typename uint_of_size<kFrom / 2>::type;
      return int_convert<To, Mid, L>(__builtin_convertvector(x, lanes_t<Mid, L>));
    }
  }
}

// ------------------------------ floating -> integer, saturating
/// The integral range of To as F, and the largest F below 2^bits (To's max when F holds it).
template <class To, class F>
struct sat_bounds {
  static constexpr F kLo = static_cast<F>(std::numeric_limits<To>::lowest());
  static constexpr F kHiExcl = static_cast<F>(std::numeric_limits<To>::max() / 2 + 1) * F(2);
  static constexpr bool kHiExact = std::numeric_limits<To>::digits < std::numeric_limits<F>::digits;
  static constexpr F kHiIn =
      kHiExact ? static_cast<F>(std::numeric_limits<To>::max())
               : kHiExcl - kHiExcl / static_cast<F>(uint64_t(1) << std::numeric_limits<F>::digits);
};

/// Floating F -> integral To, saturating, NaN -> 0 (convert_scalar). AVX-512: vcvtt* into the
/// lanes that are in range or saturate the way the instruction does (INT_MIN / UINT_MAX), a
/// k-masked move for the other end, NaN zeroed by the conversion's mask.
template <class To, class F, int L>
XESIM_INLINE lanes_t<To, L> saturate_convert(const lanes_t<F, L>& f) {
  using B = sat_bounds<To, F>;
#if defined(XESIM_VEC_AVX512)
  constexpr bool kFloat = std::is_same_v<F, float>;
  if constexpr (L * sizeof(F) == 64 || L * sizeof(To) == 64) {
    using FR = lanes_t<F, L>;  // converts to __m512 / __m512d / __m256 / __m256d
    const FR v = f;
    auto cmp = [&](F c, int pred) XESIM_LAMBDA {
      if constexpr (sizeof(FR) == 64) {
        if constexpr (kFloat)
          return _mm512_cmp_ps_mask(v, _mm512_set1_ps(c), pred);
        else
          return _mm512_cmp_pd_mask(v, _mm512_set1_pd(c), pred);
      } else {
        if constexpr (kFloat)
          return _mm256_cmp_ps_mask(v, _mm256_set1_ps(c), pred);
        else
          return _mm256_cmp_pd_mask(v, _mm256_set1_pd(c), pred);
      }
    };
    constexpr bool kSigned = std::is_signed_v<To>;
    if constexpr (sizeof(To) >= 4) {
      // In range: truncated. Signed: too low -> INT_MIN (vcvtt's indefinite value), NaN -> 0 by
      // the conversion's mask, too high -> INT_MAX by a masked move. Unsigned: too high ->
      // UINT_MAX (indefinite), <= 0 and NaN -> 0 by the mask.
      const auto on = kSigned ? cmp(F(0), _CMP_ORD_Q) : cmp(F(0), _CMP_GT_OQ);
      lanes_t<To, L> r;
      if constexpr (sizeof(To) == 4 && kFloat) {
        r = from_reg<To, L>(kSigned ? _mm512_maskz_cvttps_epi32(on, v)
                                    : _mm512_maskz_cvttps_epu32(on, v));
      } else if constexpr (sizeof(To) == 4) {
        r = from_reg<To, L>(kSigned ? _mm512_maskz_cvttpd_epi32(on, v)
                                    : _mm512_maskz_cvttpd_epu32(on, v));
      } else if constexpr (kFloat) {
        r = from_reg<To, L>(kSigned ? _mm512_maskz_cvttps_epi64(on, v)
                                    : _mm512_maskz_cvttps_epu64(on, v));
      } else {
        r = from_reg<To, L>(kSigned ? _mm512_maskz_cvttpd_epi64(on, v)
                                    : _mm512_maskz_cvttpd_epu64(on, v));
      }
      if constexpr (kSigned) {
        return blend_bits<To, L>(cmp(B::kHiExcl, _CMP_GE_OQ),
                                 splat<To, L>(std::numeric_limits<To>::max()), r);
      } else {
        return r;
      }
    } else {
      // 8/16-bit: clamp in F (max/min keep a NaN: it is their second operand), truncate to
      // int32 with NaN lanes zeroed, narrow. (maskz forms: GCC PR 105593 warns on the plain ones.)
      FR c;
      if constexpr (sizeof(FR) == 64 && kFloat)
        c = _mm512_maskz_min_ps(0xffff, _mm512_set1_ps(B::kHiIn),
                                _mm512_maskz_max_ps(0xffff, _mm512_set1_ps(B::kLo), v));
      else if constexpr (sizeof(FR) == 64)
        c = _mm512_maskz_min_pd(0xff, _mm512_set1_pd(B::kHiIn),
                                _mm512_maskz_max_pd(0xff, _mm512_set1_pd(B::kLo), v));
      else if constexpr (kFloat)
        c = _mm256_min_ps(_mm256_set1_ps(B::kHiIn), _mm256_max_ps(_mm256_set1_ps(B::kLo), v));
      else
        c = _mm256_min_pd(_mm256_set1_pd(B::kHiIn), _mm256_max_pd(_mm256_set1_pd(B::kLo), v));
      const auto ord = cmp(F(0), _CMP_ORD_Q);
      lanes_t<int32_t, L> i32;
      if constexpr (sizeof(FR) == 64 && kFloat)
        i32 = from_reg<int32_t, L>(_mm512_maskz_cvttps_epi32(ord, c));
      else if constexpr (sizeof(FR) == 64)
        i32 = from_reg<int32_t, L>(_mm512_maskz_cvttpd_epi32(ord, c));
      else if constexpr (kFloat)
        i32 = from_reg<int32_t, L>(_mm256_maskz_cvttps_epi32(ord, c));
      else
        i32 = from_reg<int32_t, L>(_mm256_maskz_cvttpd_epi32(ord, c));
      return int_convert<To, int32_t, L>(i32);
    }
  }
#endif
  lanes_t<F, L> c = f < B::kLo ? splat<F, L>(B::kLo) : f;
  c = c > B::kHiIn ? splat<F, L>(B::kHiIn) : c;
  c = f == f ? c : splat<F, L>(0);  // NaN -> 0
  if constexpr (sizeof(To) < 4) {   // in range now: through int32, then narrowed
    return int_convert<To, int32_t, L>(__builtin_convertvector(c, lanes_t<int32_t, L>));
  } else {
    const lanes_t<To, L> r = __builtin_convertvector(c, lanes_t<To, L>);
    if constexpr (B::kHiExact) {
      return r;
    } else {
      const auto big = __builtin_convertvector(f >= B::kHiExcl, lanes_t<sint_t<To>, L>);
      return big ? splat<To, L>(std::numeric_limits<To>::max()) : r;
    }
  }
}

// ------------------------------ convert_lanes
/// L lanes of arithmetic From converted to arithmetic To with convert_scalar's semantics.
template <class To, class From, int L>
XESIM_INLINE lanes_t<To, L> convert_lanes(const lanes_t<From, L>& x) {
  if constexpr (L == 1) {
    return convert_scalar<To>(x);
  } else if constexpr (std::is_same_v<To, From>) {
    return x;
  } else if constexpr (std::is_integral_v<To> && std::is_integral_v<From>) {
    return int_convert<To, From, L>(x);
  } else if constexpr (std::is_integral_v<To>) {
    using F = std::conditional_t<std::is_same_v<From, double>, double, float>;
    return saturate_convert<To, F, L>(__builtin_convertvector(x, lanes_t<F, L>));
  } else if constexpr (std::is_integral_v<From> && sizeof(From) < 4) {  // exact through int32
    using I = std::conditional_t<std::is_signed_v<From>, int32_t, uint32_t>;
    return __builtin_convertvector(int_convert<I, From, L>(x), lanes_t<To, L>);
  } else {
    return __builtin_convertvector(x, lanes_t<To, L>);
  }
}

// ------------------------------ tf32_rne_lanes
/// Rounds L float lanes to tfloat32, nearest even (overflow -> infinity, NaN quieted), and
/// stores them at p: f32_to_tf32_bits_rne per lane, the GPU's vector float -> tf32 conversion.
/// (The scalar tfloat32(float) truncates instead.)
template <int L>
XESIM_INLINE void tf32_rne_lanes(::xesim::tfloat32* p, const lanes_t<float, L>& f) {
  if constexpr (L == 1) {
    const uint32_t b = ::xesim::detail::f32_to_tf32_bits_rne(f);
    __builtin_memcpy(static_cast<void*>(p), &b, sizeof(b));
  } else {
    using U = lanes_t<uint32_t, L>;
    const U u = bitcast_lanes<U>(f);
    const auto nan = (u & 0x7fffffffu) > 0x7f800000u;
    const U r = u + 0x0fffu + ((u >> 13) & 1u);  // a carry may step into the exponent: exact
    store_lanes<uint32_t, L>(p, (nan ? (u | 0x00400000u) : r) & ::xesim::detail::kTf32Mask);
  }
}

// ------------------------------ convert_n
/// r[i] = a[i] converted to To for i < N: convert_scalar's bits, except that -> tfloat32 rounds
/// to nearest even (the GPU's vector conversion; convert_scalar truncates like the scalar
/// class). Wrapper types go through float lanes (exact from them; to half and bfloat16 the bits
/// of their scalar constructors); double -> half stays scalar (it rounds once from double, see
/// half(double)). To == From copies.
template <class To, class From, int N>
XESIM_INLINE void convert_n(To* r, const From* a) {
  constexpr bool kWrapFrom = is_wrapper_elem_type_v<From>, kWrapTo = is_wrapper_elem_type_v<To>;
  if constexpr (std::is_same_v<To, From>) {
    copy_n<To, N>(r, a);
  } else if constexpr (std::is_same_v<To, ::xesim::half> && std::is_same_v<From, double>) {
    for (int i = 0; i < N; ++i) r[i] = convert_scalar<To>(a[i]);
  } else {
    constexpr int kFrom = sizeof(compute_t<From>), kTo = sizeof(compute_t<To>);
    for_pieces<N, piece_lanes(kFrom > kTo ? kFrom : kTo)>([&](int i, auto lc) XESIM_LAMBDA {
      constexpr int L = decltype(lc)::value;
      if constexpr (kWrapFrom || kWrapTo) {
        lanes_t<float, L> f;
        if constexpr (kWrapFrom)
          f = to_float_lanes<From, L>(a + i);
        else
          f = convert_lanes<float, From, L>(load_lanes<From, L>(a + i));
        if constexpr (std::is_same_v<To, ::xesim::tfloat32>)
          tf32_rne_lanes<L>(r + i, f);
        else if constexpr (kWrapTo)
          from_float_lanes<To, L>(r + i, f);
        else
          store_lanes<To, L>(r + i, convert_lanes<To, float, L>(f));
      } else {
        store_lanes<To, L>(r + i, convert_lanes<To, From, L>(load_lanes<From, L>(a + i)));
      }
    });
  }
}

// ------------------------------ iota_n
/// r[i] = base + i * step for i < N, computed in T's compute type (integers wrap).
template <class T, int N>
XESIM_INLINE void iota_n(T* r, T base, T step) {
  if constexpr (std::is_integral_v<T>) {
    using U = std::conditional_t<(sizeof(T) > 4), uint64_t, uint32_t>;
    const U b = static_cast<U>(base), s = static_cast<U>(step);
    for_pieces<N, piece_lanes(sizeof(U))>([&](int i, auto lc) XESIM_LAMBDA {
      constexpr int L = decltype(lc)::value;
      const lanes_t<U, L> v = b + (lane_ids<U, L>() + static_cast<U>(i)) * s;
      store_lanes<T, L>(r + i, convert_lanes<T, U, L>(v));
    });
  } else {
    using C = compute_t<T>;
    const C b = static_cast<C>(base), s = static_cast<C>(step);
    for_pieces<N, piece_lanes(sizeof(C))>([&](int i, auto lc) XESIM_LAMBDA {
      constexpr int L = decltype(lc)::value;
      const lanes_t<C, L> v = b + (lane_ids<C, L>() + static_cast<C>(i)) * s;
      if constexpr (is_wrapper_elem_type_v<T>)
        from_float_lanes<T, L>(r + i, v);
      else
        store_lanes<T, L>(r + i, v);
    });
  }
}

}  // namespace xesim::esimd::detail
