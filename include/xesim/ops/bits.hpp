// Bit operations: pack_mask, unpack_mask, ballot, cbit, fbl, fbh.
// Forms and restrictions are DPC++'s; what DPC++ rejects fails here with a static_assert that
// lists what is legal.
#pragma once

#include <bit>
#include <cstdint>

#include "xesim/ops/reduce.hpp"

namespace xesim::esimd {
namespace detail::ops {

/// Bit i of the result is 1 where lane i of m is non-zero (N <= 32). AVX-512 and 16-bit lanes:
/// one vptestmw per piece of 16 lanes, the pieces a compare writes mask lanes in (a 32-lane
/// load of two 16-lane stores is not store-forwarded); topk's pack_mask<32> was a 32-step bit
/// loop, 14% of that kernel.
template <class E, int N>
XESIM_INLINE uint32_t pack_bits(const E* m) {
#if defined(XESIM_VEC_AVX512)
  if constexpr (sizeof(E) == 2) {
    uint64_t r = 0;
    for_pieces<N, 16>([&](auto i, auto lc) XESIM_LAMBDA {
      constexpr int L = decltype(lc)::value;
      r |= mask_bits<L>(load_lanes<uint16_t, L>(m + i)) << static_cast<int>(i);
    });
    return static_cast<uint32_t>(r);
  }
#endif
  uint32_t r = 0;
  for (int i = 0; i < N; ++i) r |= static_cast<uint32_t>(m[i] != 0) << i;
  return r;
}

/// Index of the lowest set bit of a 32-bit value, all ones if none.
XESIM_INLINE uint32_t fbl_lane(uint32_t x) {
  return x == 0 ? 0xffffffffu : static_cast<uint32_t>(std::popcount((x & (0u - x)) - 1u));
}
/// Leading zeros of x (unsigned) / leading bits equal to the sign bit of x (signed); all ones
/// for 0 (and for -1 when signed). The GPU's fbh.
XESIM_INLINE uint32_t fbh_lane(uint32_t x, bool is_signed) {
  const uint32_t y = is_signed && (x >> 31) ? ~x : x;
  return y == 0 ? 0xffffffffu : static_cast<uint32_t>(std::countl_zero(y));
}

template <class T>
inline constexpr bool is_cbit_type_v = std::is_integral_v<T> && sizeof(T) <= 4;
template <class T>
inline constexpr bool is_fb_type_v = std::is_integral_v<T> && sizeof(T) == 4;

}  // namespace detail::ops

// ------------------------------ pack_mask
/// A 32-bit word whose bit i is 1 where lane i of src0 is non-zero; bits >= N are 0.
/// Pre: N <= 32 (DPC++: 8, 16 and 32 natively, smaller masks zero-padded). HW: mov of the
/// lanes' flag bits, all platforms.
template <int N>
XESIM_INLINE uint32_t pack_mask(simd_mask<N> src0) {
  static_assert(N >= 1 && N <= 32,
                "pack_mask(simd_mask<N>): N must be 1..32 (8, 16, 32 natively; smaller masks are "
                "zero-padded). For more lanes pack 32-lane pieces: "
                "pack_mask(simd_mask<32>(m.template select<32, 1>(32 * i)))");
  return detail::ops::pack_bits<simd_mask_elem_type, N>(src0.elems());
}
/// Rejects what DPC++ rejects: pack_mask takes a simd_mask only.
template <class V>
requires(!detail::is_simd_mask_type_v<V>) uint32_t pack_mask(const V&) {
  static_assert(detail::ops::kAlwaysFalse<V>,
                "pack_mask(m): m must be a simd_mask<N>, N <= 32 (read a mask view first: "
                "simd_mask<N> m2 = view;); for simd<ushort or uint, N> use ballot(v)");
  return 0;
}

// ------------------------------ unpack_mask
/// A simd_mask<N> whose lane i is bit i of src0 (1 or 0). Pre: N is 8, 16 or 32.
/// HW: mov to a flag register, all platforms.
template <int N>
XESIM_INLINE simd_mask<N> unpack_mask(uint32_t src0) {
  static_assert(N == 8 || N == 16 || N == 32, "unpack_mask<N>: N must be 8, 16 or 32");
  simd_mask<N> r;
#if defined(XESIM_VEC_AVX512)
  detail::store_lanes<uint16_t, N>(r.elems(), detail::mask_lanes_from_bits<N>(src0));  // vmovdqu16{z}
#else
  for (int i = 0; i < N; ++i) r.elems()[i] = static_cast<simd_mask_elem_type>((src0 >> i) & 1u);
#endif
  return r;
}

// ------------------------------ ballot
/// A 32-bit word whose bit i is 1 where mask[i] != 0. Pre: T is ushort (uint16_t) or uint
/// (uint32_t), 1 <= N <= 32. HW: cmp to a flag register + mov, all platforms.
template <class T, int N>
XESIM_INLINE uint32_t ballot(simd<T, N> mask) {
  static_assert(std::is_same_v<T, uint16_t> || std::is_same_v<T, uint32_t>,
                "ballot(simd<T, N>): T must be ushort (uint16_t) or uint (uint32_t); for a "
                "simd_mask use pack_mask");
  static_assert(N >= 1 && N <= 32, "ballot(simd<T, N>): N must be 1..32");
  return detail::ops::pack_bits<T, N>(mask.elems());
}
/// Rejects what DPC++ rejects: ballot takes a simd<ushort or uint, N> only.
template <class V>
requires(!detail::is_simd_type_v<V>) uint32_t ballot(const V&) {
  static_assert(detail::ops::kAlwaysFalse<V>,
                "ballot(v): v must be a simd<ushort or uint, N>, N <= 32; for a simd_mask use "
                "pack_mask(m)");
  return 0;
}

// ------------------------------ cbit
/// Number of set bits of each element (of its own width: cbit(int8_t(-1)) == 8).
/// Pre: T integral, sizeof(T) <= 4. HW: cbit, all platforms.
template <class T, int N>
XESIM_INLINE simd<uint32_t, N> cbit(simd<T, N> src) {
  static_assert(detail::ops::is_cbit_type_v<T>,
                "cbit: element type must be an integer of 1, 2 or 4 bytes");
  simd<uint32_t, N> r;
  for (int i = 0; i < N; ++i)
    r.elems()[i] =
        static_cast<uint32_t>(std::popcount(static_cast<std::make_unsigned_t<T>>(src.elems()[i])));
  return r;
}
/// Scalar form.
template <class T>
XESIM_INLINE std::enable_if_t<detail::ops::is_cbit_type_v<T>, uint32_t> cbit(T src) {
  return static_cast<uint32_t>(std::popcount(static_cast<std::make_unsigned_t<T>>(src)));
}
/// One-element view form: cbit(v[i]).
template <class B, class R>
XESIM_INLINE uint32_t cbit(simd_view<B, R> src) {
  using T = typename R::element_type;
  static_assert(R::length == 1,
                "cbit(view): only one-element views (v[i]); read longer views into a simd");
  static_assert(detail::ops::is_cbit_type_v<T>,
                "cbit: element type must be an integer of 1, 2 or 4 bytes");
  return cbit<T>(src.get(0));
}

// ------------------------------ fbl
/// Index of the lowest set bit of each element; 0xFFFFFFFF (-1 for int) where it is 0.
/// Pre: T a 4-byte integer. HW: fbl, all platforms.
template <class T, int N>
XESIM_INLINE simd<T, N> fbl(simd<T, N> src) {
  static_assert(detail::ops::is_fb_type_v<T>, "fbl: element type must be int32_t or uint32_t");
  simd<T, N> r;
  for (int i = 0; i < N; ++i)
    r.elems()[i] = static_cast<T>(detail::ops::fbl_lane(static_cast<uint32_t>(src.elems()[i])));
  return r;
}
/// Scalar form.
template <class T>
XESIM_INLINE std::enable_if_t<detail::ops::is_fb_type_v<T>, T> fbl(T src) {
  return static_cast<T>(detail::ops::fbl_lane(static_cast<uint32_t>(src)));
}
/// One-element view form: fbl(v[i]).
template <class B, class R>
XESIM_INLINE typename R::element_type fbl(simd_view<B, R> src) {
  using T = typename R::element_type;
  static_assert(R::length == 1,
                "fbl(view): only one-element views (v[i]); read longer views into a simd");
  static_assert(detail::ops::is_fb_type_v<T>, "fbl: element type must be int32_t or uint32_t");
  return fbl<T>(src.get(0));
}

// ------------------------------ fbh
/// From the most significant bit: unsigned T counts leading zeros; signed T counts the leading
/// bits equal to the sign bit (fbh(1) == 31, fbh(-2) == 31). 0xFFFFFFFF (-1) for 0, and for -1
/// when signed. Pre: T a 4-byte integer. HW: fbh, all platforms.
template <class T, int N>
XESIM_INLINE simd<T, N> fbh(simd<T, N> src) {
  static_assert(detail::ops::is_fb_type_v<T>, "fbh: element type must be int32_t or uint32_t");
  simd<T, N> r;
  for (int i = 0; i < N; ++i)
    r.elems()[i] = static_cast<T>(
        detail::ops::fbh_lane(static_cast<uint32_t>(src.elems()[i]), std::is_signed_v<T>));
  return r;
}
/// Scalar form.
template <class T>
XESIM_INLINE std::enable_if_t<detail::ops::is_fb_type_v<T>, T> fbh(T src) {
  return static_cast<T>(detail::ops::fbh_lane(static_cast<uint32_t>(src), std::is_signed_v<T>));
}
/// One-element view form: fbh(v[i]).
template <class B, class R>
XESIM_INLINE typename R::element_type fbh(simd_view<B, R> src) {
  using T = typename R::element_type;
  static_assert(R::length == 1,
                "fbh(view): only one-element views (v[i]); read longer views into a simd");
  static_assert(detail::ops::is_fb_type_v<T>, "fbh: element type must be int32_t or uint32_t");
  return fbh<T>(src.get(0));
}

}  // namespace xesim::esimd
