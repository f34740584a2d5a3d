// Register shuffles of 2D loads: VNNI interleaving of row pairs (16-bit) and row quadruples
// (8-bit), and 8 x 8 transposes of 32-bit tiles, on GCC vectors with compile-time shuffles
// (__builtin_shufflevector: vpunpck / vpermt2 with AVX-512, SSE shuffles elsewhere; same bits).
// Measured against plain loops in bench/block_2d_bench.cpp (bench/RESULTS.md "2D block loads").
#pragma once

#include <cstdint>
#include <cstring>
#include <utility>

#include "xesim/simd/traits.hpp"

namespace xesim::esimd::detail {

template <class E, int L>
struct gvec {
  typedef E type __attribute__((vector_size(L * sizeof(E))));
};

template <class V, std::size_t... K>
XESIM_INLINE auto interleave2(V a, V b, std::index_sequence<K...>) {
  constexpr int kW = static_cast<int>(sizeof...(K) / 2);
  return __builtin_shufflevector(a, b, static_cast<int>((K % 2) * kW + K / 2)...);
}

/// Whether vnni_rows has a shuffle form for W elements of `bytes` each.
constexpr bool vnni_shuffle_ok(int bytes, int w) {
  return (bytes == 1 || bytes == 2) && w >= 2 && (w & (w - 1)) == 0 && w * bytes >= 4;
}

/// VNNI of one group of 4/bytes rows of W elements (`src` rows `stride` bytes apart) into
/// 4/bytes*W elements at `dst`: element c*V + k is row k, column c.
template <int Bytes, int W>
XESIM_INLINE void vnni_rows(void* dst, const void* src, std::ptrdiff_t stride) {
  const auto* s = static_cast<const unsigned char*>(src);
  if constexpr (Bytes == 2) {
    using V = typename gvec<std::uint16_t, W>::type;
    V a, b;
    std::memcpy(&a, s, sizeof(V));
    std::memcpy(&b, s + stride, sizeof(V));
    const auto r = interleave2(a, b, std::make_index_sequence<2 * W>());
    std::memcpy(dst, &r, sizeof(r));
  } else {
    using V = typename gvec<std::uint8_t, W>::type;
    V a, b, c, d;
    std::memcpy(&a, s, sizeof(V));
    std::memcpy(&b, s + stride, sizeof(V));
    std::memcpy(&c, s + 2 * stride, sizeof(V));
    std::memcpy(&d, s + 3 * stride, sizeof(V));
    const auto ab = interleave2(a, b, std::make_index_sequence<2 * W>());
    const auto cd = interleave2(c, d, std::make_index_sequence<2 * W>());
    using V16 = typename gvec<std::uint16_t, W>::type;
    V16 ab16, cd16;
    std::memcpy(&ab16, &ab, sizeof(V16));
    std::memcpy(&cd16, &cd, sizeof(V16));
    const auto r = interleave2(ab16, cd16, std::make_index_sequence<2 * W>());
    std::memcpy(dst, &r, sizeof(r));
  }
}

/// Transposes an 8 x 8 tile of 32-bit elements (rows 8 apart) into `out` (rows 8 apart):
/// out[c][r] = in[r][c]. Three stages of two-input shuffles (unpack, shuffle, lane permute).
XESIM_INLINE void transpose8x8_32(std::uint32_t* out, const std::uint32_t* in) {
  // Named values, no arrays: g++ keeps them in registers (an array of vectors stayed in memory).
  using V = gvec<std::uint32_t, 8>::type;
  // (no lambdas returning vectors: -Wpsabi in TUs built without AVX)
  V r0, r1, r2, r3, r4, r5, r6, r7;
  std::memcpy(&r0, in, sizeof r0);
  std::memcpy(&r1, in + 8, sizeof r1);
  std::memcpy(&r2, in + 16, sizeof r2);
  std::memcpy(&r3, in + 24, sizeof r3);
  std::memcpy(&r4, in + 32, sizeof r4);
  std::memcpy(&r5, in + 40, sizeof r5);
  std::memcpy(&r6, in + 48, sizeof r6);
  std::memcpy(&r7, in + 56, sizeof r7);
#define XESIM_LO(p, q) __builtin_shufflevector(p, q, 0, 8, 1, 9, 4, 12, 5, 13)
#define XESIM_HI(p, q) __builtin_shufflevector(p, q, 2, 10, 3, 11, 6, 14, 7, 15)
  const V t0 = XESIM_LO(r0, r1), t1 = XESIM_HI(r0, r1), t2 = XESIM_LO(r2, r3),
          t3 = XESIM_HI(r2, r3), t4 = XESIM_LO(r4, r5), t5 = XESIM_HI(r4, r5),
          t6 = XESIM_LO(r6, r7), t7 = XESIM_HI(r6, r7);
#undef XESIM_LO
#undef XESIM_HI
#define XESIM_LO(p, q) __builtin_shufflevector(p, q, 0, 1, 8, 9, 4, 5, 12, 13)
#define XESIM_HI(p, q) __builtin_shufflevector(p, q, 2, 3, 10, 11, 6, 7, 14, 15)
  const V u0 = XESIM_LO(t0, t2), u1 = XESIM_HI(t0, t2), u2 = XESIM_LO(t1, t3),
          u3 = XESIM_HI(t1, t3), u4 = XESIM_LO(t4, t6), u5 = XESIM_HI(t4, t6),
          u6 = XESIM_LO(t5, t7), u7 = XESIM_HI(t5, t7);
#undef XESIM_LO
#undef XESIM_HI
#define XESIM_LO(p, q) __builtin_shufflevector(p, q, 0, 1, 2, 3, 8, 9, 10, 11)
#define XESIM_HI(p, q) __builtin_shufflevector(p, q, 4, 5, 6, 7, 12, 13, 14, 15)
  const V o0 = XESIM_LO(u0, u4), o1 = XESIM_LO(u1, u5), o2 = XESIM_LO(u2, u6),
          o3 = XESIM_LO(u3, u7), o4 = XESIM_HI(u0, u4), o5 = XESIM_HI(u1, u5),
          o6 = XESIM_HI(u2, u6), o7 = XESIM_HI(u3, u7);
  std::memcpy(out, &o0, sizeof o0);
  std::memcpy(out + 8, &o1, sizeof o1);
  std::memcpy(out + 16, &o2, sizeof o2);
  std::memcpy(out + 24, &o3, sizeof o3);
  std::memcpy(out + 32, &o4, sizeof o4);
  std::memcpy(out + 40, &o5, sizeof o5);
  std::memcpy(out + 48, &o6, sizeof o6);
  std::memcpy(out + 56, &o7, sizeof o7);
#undef XESIM_LO
#undef XESIM_HI
}

}  // namespace xesim::esimd::detail
