// gather_vec: the vector form of gather_core's loop, with AVX-512 gathers (vpgatherqd /
// vpgatherqq), 8 addresses per instruction; masked-off lanes are never read (the gather's
// k-mask) and take the pass-thru piece in the same instruction.
// Each lane's address is p + offset computed as gather_core does (the offset converted to a
// 64-bit address, a negative signed offset steps back), gathered as absolute addresses. 1- and
// 2-byte elements: the aligned dword holding the element is gathered (it never crosses a page)
// and the element shifted out, then narrowed by vpmovdw / vpmovdb; taken only when every
// element address is aligned to its size (else the scalar loop runs, bit for bit the same).
// gather_pool (32-lane half gathers, 3 per 32 outputs) spent 35-39% in the scalar loop
// (bench/RESULTS.md "Guide patterns (issue 3)").
#pragma once

#include <cstdint>

#include "xesim/simd/simd.hpp"
#include "xesim/simd/vec.hpp"

namespace xesim::esimd::detail {

#if defined(XESIM_VEC_AVX512)
/// Whether gather_vec handles element type T with VS elements per address.
template <class T, int VS>
inline constexpr bool kGatherVec = sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 ||
                                   sizeof(T) == 8;

/// The 64-bit addresses of lanes [i, i + 8): base + offset as gather_core computes them.
template <class OffsetT>
XESIM_INLINE __m512i lane_addresses(std::uintptr_t base, const OffsetT* offs) {
  using W = std::conditional_t<std::is_signed_v<OffsetT>, int64_t, uint64_t>;
  const auto w = __builtin_convertvector(load_lanes<OffsetT, 8>(offs), lanes_t<W, 8>);
  return bitcast_lanes<__m512i>(bitcast_lanes<lanes_t<uint64_t, 8>>(w) + uint64_t(base));
}

// ------------------------------ gather_affine
/// Offsets that step by one or two elements over the whole vector (a row read in order, or
/// every other element: what a GPU coalesces into one message) are read with masked vector
/// loads instead of gathers, 16 lanes per step: vmovdqu{8,16,32,64} {k}, and for stride 2 a
/// load of the span with the odd elements masked off, narrowed by vpmov{wb,dw,qd}. Masked-off
/// lanes are not read. Returns false (nothing written) when the offsets are not of that form.
/// The test runs on the offsets as given (offs[i] == offs[0] + i * step, step a constant
/// candidate, no wrap-around), one compare per 16 lanes. gather_pool's clamped window offsets
/// are stride 2 in every block but a row's first and last.
#if defined(__BMI2__)
template <class T, int L, class OffsetT>
XESIM_INLINE bool gather_affine(const T* p, const OffsetT* offs, const simd_mask_elem_type* m,
                                const T* pt, T* dst) {
  constexpr int kSize = static_cast<int>(sizeof(T));
  static_assert(L % 16 == 0);
  const OffsetT o0 = offs[0], step = static_cast<OffsetT>(offs[1] - o0);
  const bool two = step == OffsetT(2 * kSize);
  if (step != OffsetT(kSize) && !two) return false;
  if (kSize == 8 && two) return false;
  if (!(offs[L - 1] > o0)) return false;  // no wrap-around in OffsetT
  using V = lanes_t<OffsetT, 16>;
  V ids;  // j * kSize: a constant, so no 64-bit vector multiply (vpmullq) per call
  for (int j = 0; j < 16; ++j) ids[j] = static_cast<OffsetT>(j * kSize);
  const V want0 = o0 + (two ? ids + ids : ids);
  V diff{};
#pragma GCC unroll 8
  for (int i = 0; i < L; i += 16)
    diff |= load_lanes<OffsetT, 16>(offs + i) ^ (want0 + static_cast<OffsetT>(i) * step);
  __m512i any;
  if constexpr (sizeof(V) == 64) {
    any = bitcast_lanes<__m512i>(diff);
  } else {
    const auto halves = bitcast_lanes<lanes_t<long long, 16>>(diff);
    any = bitcast_lanes<__m512i>(__builtin_shufflevector(halves, halves, 0, 1, 2, 3, 4, 5, 6, 7) |
                                 __builtin_shufflevector(halves, halves, 8, 9, 10, 11, 12, 13, 14,
                                                         15));
  }
  if (_mm512_test_epi64_mask(any, any) != 0) return false;
  const auto* a0 = reinterpret_cast<const char*>(p) + static_cast<std::uintptr_t>(o0);
  // A row read in steps keeps one miss in flight per step (the gather's tests and masks sit
  // between the loads): ask for the lines a few steps ahead, as the hardware's stream prefetcher
  // does for a plain loop. A prefetch never faults.
  __builtin_prefetch(a0 + (two ? 2 : 1) * kSize * L + 512);
#pragma GCC unroll 8
  for (int i = 0; i < L; i += 16) {
    const __mmask16 k = static_cast<__mmask16>(mask_bits<16>(load_lanes<uint16_t, 16>(m + i)));
    const char* src = a0 + (two ? 2 : 1) * kSize * i;
    T* d = dst + i;
    const T* s = pt ? pt + i : nullptr;
    if constexpr (kSize == 1) {
      const __m128i pass = s ? load_lanes<long long, 2>(s) : _mm_setzero_si128();
      __m128i v;
      if (!two)
        v = _mm_mask_loadu_epi8(pass, k, src);
      else
        v = _mm_mask_blend_epi8(k, pass, _mm256_maskz_cvtepi16_epi8(
                                             0xffff, _mm256_maskz_loadu_epi8(
                                                         _pdep_u32(k, 0x55555555u), src)));
      store_lanes<long long, 2>(d, v);
    } else if constexpr (kSize == 2) {
      const __m256i pass = s ? load_lanes<long long, 4>(s) : _mm256_setzero_si256();
      __m256i v;
      if (!two)
        v = _mm256_mask_loadu_epi16(pass, k, src);
      else
        v = _mm256_mask_blend_epi16(
            k, pass,
            _mm512_maskz_cvtepi32_epi16(0xffff,
                                        _mm512_maskz_loadu_epi16(_pdep_u32(k, 0x55555555u), src)));
      store_lanes<long long, 4>(d, v);
    } else if constexpr (kSize == 4) {
      const __m512i pass = s ? load_lanes<long long, 8>(s) : _mm512_setzero_si512();
      __m512i v;
      if (!two) {
        v = _mm512_mask_loadu_epi32(pass, k, src);
      } else {
        const uint32_t ks = _pdep_u32(k, 0x55555555u);
        using D = lanes_t<uint32_t, 8>;
        const D e0 = bitcast_lanes<D>(_mm512_maskz_cvtepi64_epi32(
            0xff, _mm512_maskz_loadu_epi32(static_cast<__mmask16>(ks), src)));
        const D e1 = bitcast_lanes<D>(_mm512_maskz_cvtepi64_epi32(
            0xff, _mm512_maskz_loadu_epi32(static_cast<__mmask16>(ks >> 16), src + 64)));
        v = _mm512_mask_blend_epi32(k, pass,
                                    bitcast_lanes<__m512i>(__builtin_shufflevector(
                                        e0, e1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                        14, 15)));
      }
      store_lanes<long long, 8>(d, v);
    } else {
      for (int h = 0; h < 2; ++h) {
        const __m512i pass = s ? load_lanes<long long, 8>(s + 8 * h) : _mm512_setzero_si512();
        store_lanes<long long, 8>(
            d + 8 * h, _mm512_mask_loadu_epi64(pass, static_cast<__mmask8>(k >> (8 * h)),
                                               src + 64 * h));
      }
    }
  }
  return true;
}
#endif

// ------------------------------ dword offsets
/// Whether L 4-byte offsets can serve as the sign-extended 32-bit indices of vpgatherdd /
/// vpscatterdd: always for signed ones (the sign extension is the 64-bit address arithmetic
/// gather_core does), for unsigned ones when no offset has its top bit set (one OR per 16 lanes).
/// The dword forms move 16 lanes per instruction and skip the offsets' widening to 64 bits.
template <int L, class OffsetT>
XESIM_INLINE bool dword_offsets_ok(const OffsetT* offs) {
  if constexpr (sizeof(OffsetT) != 4 || L % 16 != 0) {
    return false;
  } else if constexpr (std::is_signed_v<OffsetT>) {
    return true;
  } else {
    lanes_t<uint32_t, 16> all{};
#pragma GCC unroll 16
    for (int i = 0; i < L; i += 16) all |= load_lanes<uint32_t, 16>(offs + i);
    return _mm512_movepi32_mask(bitcast_lanes<__m512i>(all)) == 0;
  }
}

/// gather_vec's 4-byte-element path for dword offsets (dword_offsets_ok): vpgatherdd from p,
/// 16 lanes per instruction; masked-off lanes take pt's elements (or zero) and are not read.
template <class T, int N, int VS, class OffsetT>
XESIM_INLINE void gather_vec_dword(const T* p, const OffsetT* offs, const simd_mask_elem_type* m,
                                   const T* pt, T* r) {
  constexpr int L = N / VS;
#pragma GCC unroll 16
  for (int i = 0; i < L; i += 16) {
    const __m512i idx = load_lanes<long long, 8>(offs + i);
    const auto k = static_cast<__mmask16>(mask_bits<16>(load_lanes<uint16_t, 16>(m + i)));
#pragma GCC unroll 4
    for (int j = 0; j < VS; ++j) {
      const __m512i src = pt ? load_lanes<long long, 8>(pt + j * L + i) : _mm512_setzero_si512();
      store_lanes<long long, 8>(
          r + j * L + i,
          _mm512_mask_i32gather_epi32(src, k, idx, reinterpret_cast<const char*>(p) + 4 * j, 1));
    }
  }
}

/// r[j * L + i] = the VS elements at p + offs[i] for i < L (L = N / VS) where m[i] is set; the
/// other lanes take pt's elements (zeros without pt). Returns false, having written nothing,
/// when a 1- or 2-byte element is misaligned (the caller's scalar loop then runs).
template <class T, int N, int VS, class OffsetT>
XESIM_INLINE bool gather_vec(const T* p, const OffsetT* offs, const simd_mask_elem_type* m,
                             const T* pt, T* r) {
  constexpr int L = N / VS, kMain = L / 8 * 8;
  constexpr int kSize = static_cast<int>(sizeof(T));
#if defined(__BMI2__)
  if constexpr (VS == 1 && L % 16 == 0 && sizeof(OffsetT) >= 4) {
    if (gather_affine<T, L, OffsetT>(p, offs, m, pt, r)) return true;
  }
#endif
  if constexpr (kSize == 4 && sizeof(OffsetT) == 4 && L % 16 == 0) {
    if (dword_offsets_ok<L>(offs)) {
      gather_vec_dword<T, N, VS>(p, offs, m, pt, r);
      return true;
    }
  }
  const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(p);
  if constexpr (kSize < 4) {  // every element inside its aligned dword
    lanes_t<uint64_t, 8> any = {};
#pragma GCC unroll 16
    for (int i = 0; i < kMain; i += 8)
      any |= bitcast_lanes<lanes_t<uint64_t, 8>>(lane_addresses(base, offs + i));
    for (int i = kMain; i < L; ++i) any[0] |= base + static_cast<std::uintptr_t>(offs[i]);
    if (_mm512_test_epi64_mask(bitcast_lanes<__m512i>(any), _mm512_set1_epi64(kSize - 1)))
      return false;
  }
  // Steps of 16 addresses (two gathers of 8) while they last, then of 8: each step's results
  // leave in one store of the piece size the arithmetic reloads them in (16 lanes), so the
  // conversion after a half gather is store-forwarded (8-lane stores read back as one 32-byte
  // load were its hottest stall).
  auto step = [&]<int S>(int i, std::integral_constant<int, S>) XESIM_LAMBDA {
    using A = lanes_t<uint64_t, 8>;
    A addr[S / 8];
    __mmask8 k[S / 8];
#pragma GCC unroll 2
    for (int h = 0; h < S / 8; ++h) {
      addr[h] = bitcast_lanes<A>(lane_addresses(base, offs + i + 8 * h));
      k[h] = static_cast<__mmask8>(mask_bits<8>(load_lanes<uint16_t, 8>(m + i + 8 * h)));
    }
    const uint64_t k_all = S == 16 ? (uint64_t(k[S / 8 - 1]) << 8) | k[0] : k[0];
#pragma GCC unroll 4
    for (int j = 0; j < VS; ++j) {
      T* dst = r + j * L + i;
      const T* src = pt ? pt + j * L + i : nullptr;
      if constexpr (kSize == 8) {
#pragma GCC unroll 2
        for (int h = 0; h < S / 8; ++h) {
          const __m512i s = src ? load_lanes<long long, 8>(src + 8 * h) : _mm512_setzero_si512();
          store_lanes<long long, 8>(dst + 8 * h, _mm512_mask_i64gather_epi64(
              s, k[h], bitcast_lanes<__m512i>(addr[h] + uint64_t(j * kSize)), nullptr, 1));
        }
      } else {
        // Dwords: the element itself (4-byte T) or the aligned dword holding it, shifted down.
        lanes_t<uint32_t, 8> d[S / 8];
#pragma GCC unroll 2
        for (int h = 0; h < S / 8; ++h) {
          const A a = addr[h] + uint64_t(j * kSize);
          const A ga = kSize == 4 ? a : (a & ~uint64_t(3));
          d[h] = bitcast_lanes<lanes_t<uint32_t, 8>>(_mm512_mask_i64gather_epi32(
              _mm256_setzero_si256(), k[h], bitcast_lanes<__m512i>(ga), nullptr, 1));
          if constexpr (kSize < 4)
            d[h] >>= __builtin_convertvector((a & uint64_t(3)) << 3, lanes_t<uint32_t, 8>);
        }
        lanes_t<uint32_t, S> v;
        if constexpr (S == 16)
          v = __builtin_shufflevector(d[0], d[1], 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                      14, 15);
        else
          v = d[0];
        if constexpr (kSize == 4) {
          const auto s = src ? load_lanes<uint32_t, S>(src) : lanes_t<uint32_t, S>{};
          store_lanes<uint32_t, S>(dst, blend_bits<uint32_t, S>(k_all, v, s));
        } else {
          using E = bits_t<T>;
          const auto n = __builtin_convertvector(v, lanes_t<E, S>);  // vpmovdw / vpmovdb
          const auto s = src ? load_lanes<E, S>(src) : lanes_t<E, S>{};
          store_lanes<E, S>(dst, blend_bits<E, S>(k_all, n, s));
        }
      }
    }
  };
  constexpr int kMain16 = L / 16 * 16;
#pragma GCC unroll 16
  for (int i = 0; i < kMain16; i += 16) step(i, std::integral_constant<int, 16>{});
  if constexpr (kMain > kMain16) step(kMain16, std::integral_constant<int, 8>{});
  const auto* b = reinterpret_cast<const unsigned char*>(p);
  for (int i = kMain; i < L; ++i)  // fewer than 8 addresses left
    for (int j = 0; j < VS; ++j) {
      T* dst = r + j * L + i;
      if (m[i])
        __builtin_memcpy(dst, b + static_cast<std::uintptr_t>(offs[i]) + j * sizeof(T), sizeof(T));
      else if (pt)
        *dst = pt[j * L + i];
      else
        __builtin_memset(static_cast<void*>(dst), 0, sizeof(T));
    }
  return true;
}

// ------------------------------ scatter_vec
/// scatter_core's loop for 4- and 8-byte elements, one address per lane: vpscatterqd /
/// vpscatterqq, 8 absolute addresses per instruction, masked-off lanes never written. Where two
/// lanes' addresses coincide the higher lane's value stays (the instruction orders overlapping
/// writes from the lowest lane up), as the per-lane loop leaves it.
/// radix scatter pass (bench/memory_patterns_bench "scatter"): per-lane loop -> this.
template <class T, int L, class OffsetT>
XESIM_INLINE void scatter_vec(T* p, const OffsetT* offs, const simd_mask_elem_type* m,
                              const T* v) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8);
  if constexpr (sizeof(OffsetT) == 4 && L % 16 == 0) {
    if (dword_offsets_ok<L>(offs)) {  // 16 lanes per vpscatterdd / two vpscatterdq
#pragma GCC unroll 16
      for (int i = 0; i < L; i += 16) {
        const __m512i idx = load_lanes<long long, 8>(offs + i);
        const auto k = static_cast<__mmask16>(mask_bits<16>(load_lanes<uint16_t, 16>(m + i)));
        if constexpr (sizeof(T) == 4) {
          const __m512i val = load_lanes<long long, 8>(v + i);  // locals: the intrinsics are macros at -O0
          _mm512_mask_i32scatter_epi32(p, k, idx, val, 1);
        } else {
          const __m256i i0 = load_lanes<long long, 4>(offs + i);
          const __m256i i1 = load_lanes<long long, 4>(offs + i + 8);
          const __m512i v0 = load_lanes<long long, 8>(v + i);
          const __m512i v1 = load_lanes<long long, 8>(v + i + 8);
          const auto k0 = static_cast<__mmask8>(k), k1 = static_cast<__mmask8>(k >> 8);
          _mm512_mask_i32scatter_epi64(p, k0, i0, v0, 1);
          _mm512_mask_i32scatter_epi64(p, k1, i1, v1, 1);
        }
      }
      return;
    }
  }
  constexpr int kMain = L / 8 * 8;
  const std::uintptr_t base = reinterpret_cast<std::uintptr_t>(p);
#pragma GCC unroll 16
  for (int i = 0; i < kMain; i += 8) {
    const __m512i a = lane_addresses(base, offs + i);
    const auto k = static_cast<__mmask8>(mask_bits<8>(load_lanes<uint16_t, 8>(m + i)));
    if constexpr (sizeof(T) == 4) {
      const __m256i val = load_lanes<long long, 4>(v + i);
      _mm512_mask_i64scatter_epi32(nullptr, k, a, val, 1);
    } else {
      const __m512i val = load_lanes<long long, 8>(v + i);
      _mm512_mask_i64scatter_epi64(nullptr, k, a, val, 1);
    }
  }
  auto* b = reinterpret_cast<unsigned char*>(p);
  for (int i = kMain; i < L; ++i)  // fewer than 8 addresses left
    if (m[i]) __builtin_memcpy(b + static_cast<std::uintptr_t>(offs[i]), v + i, sizeof(T));
}
#endif

// ------------------------------ lanes_within
/// Whether every lane m enables has o[i] + bytes <= size: what an SLM gather, scatter or atomic
/// checks once before its vector or unchecked path (a lane past the end takes the per-lane loop,
/// which reports it). One compare per 16 lanes, no horizontal reduction (a vector max folded to
/// a scalar was the hottest stall of lut_gemv's slm_gather).
template <int L>
XESIM_INLINE bool lanes_within(const std::uint32_t* o, const simd_mask_elem_type* m,
                               std::uint64_t bytes, std::uint64_t size) {
  if (size < bytes) return false;
  const std::uint64_t lim64 = size - bytes;  // the largest offset allowed
  const std::uint32_t limit = lim64 > 0xffffffffu ? 0xffffffffu : std::uint32_t(lim64);
  constexpr int kMain = L / 16 * 16;
  lanes_t<uint32_t, 16> bad{};
#pragma GCC unroll 16
  for (int i = 0; i < kMain; i += 16) {
    const auto on = __builtin_convertvector(load_lanes<uint16_t, 16>(m + i), lanes_t<uint32_t, 16>);
    bad |= bitcast_lanes<lanes_t<uint32_t, 16>>(load_lanes<uint32_t, 16>(o + i) > limit) & on;
  }
  std::uint32_t any = 0;
  for (int i = kMain; i < L; ++i) any |= m[i] && o[i] > limit;
  if constexpr (kMain > 0) {
#if defined(XESIM_VEC_AVX512)
    any |= _mm512_test_epi32_mask(bitcast_lanes<__m512i>(bad), bitcast_lanes<__m512i>(bad));
#else
    for (int j = 0; j < 16; ++j) any |= bad[j];
#endif
  }
  return any == 0;
}

}  // namespace xesim::esimd::detail
