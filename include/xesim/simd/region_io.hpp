// Reading and writing a region of a vector (simd_view, select on rvalues, replicate) in registers.
// The base vector is seen as "chunks": its own 64-byte pieces (vec.hpp), or the whole vector when
// it is a power of two below 64 bytes. A piece of the region's lanes is read from the two chunks
// around each group of nearby lanes with one two-source permute (vpermt2ps and kin) whose index
// vector is the lanes' compile-time positions plus the view offset; groups are blended with
// constant masks. When the offset is a compile-time constant after inlining (select<64,2>(1)),
// every index folds and g++ keeps the base in registers: the permutes read its pieces directly.
// With a run-time offset the chunks are aligned loads of the pieces the base was stored as, so
// store-to-load forwarding works (unaligned loads of a just-stored vector stall it: 8x slower,
// bench/simd_arith_bench "select<64,2>").
// Writes with a constant offset blend the value into the chunks the same way; with a run-time
// offset they store lane by lane. Vectors whose size is neither a multiple of 64 bytes nor a
// power of two (simd<float, 33>) are read and written lane by lane.
#pragma once

#include <utility>

#include "xesim/simd/region.hpp"
#include "xesim/simd/vec.hpp"

namespace xesim::esimd::detail {

/// Bytes of a chunk of a base vector of `bytes` bytes of `elem`-byte elements (the pieces it is
/// stored as), or 0 when it has no chunks.
constexpr int chunk_bytes(int bytes, int elem) {
  const int piece = piece_lanes(elem) * elem;
  if (bytes % piece == 0) return piece;
  if (bytes < piece && (bytes & (bytes - 1)) == 0) return bytes;
  return 0;
}

/// The lanes [I, I + L) of a region, split into groups whose positions span at most 2 * WG
/// elements: each group lies in three consecutive chunks whatever the offset, in two when its
/// span is at most WG + 1 or the offset puts it there.
struct lane_groups {
  int count = 0;
  int group[64] = {};  // group of lane j
  int lo[64] = {};     // lowest position of group g (elements from the view's start)
  int span[64] = {};   // highest - lowest position + 1 of group g
};
template <class R, int I, int L, int WG>
constexpr lane_groups make_lane_groups() {
  lane_groups g;
  bool done[64] = {};
  for (;;) {
    int first = -1;
    for (int j = 0; j < L; ++j)
      if (!done[j] && (first < 0 || R::elem_offset(I + j) < R::elem_offset(I + first))) first = j;
    if (first < 0) break;
    const int lo = R::elem_offset(I + first);
    int hi = lo;
    for (int j = 0; j < L; ++j)
      if (!done[j] && R::elem_offset(I + j) - lo < 2 * WG) {
        done[j] = true;
        g.group[j] = g.count;
        if (R::elem_offset(I + j) > hi) hi = R::elem_offset(I + j);
      }
    g.span[g.count] = hi - lo + 1;
    g.lo[g.count++] = lo;
  }
  return g;
}

template <class R, int I, int L, int WG>
inline constexpr lane_groups kLaneGroups = make_lane_groups<R, I, L, WG>();

/// Region traits for a base of BaseBytes bytes of BaseElem-byte elements.
template <class R, int BaseBytes, int BaseElem>
struct region_io {
  using T = typename R::element_type;
  using B = bits_t<T>;
  using S = sint_t<T>;
  static constexpr int E = sizeof(T);
  static constexpr int G = chunk_bytes(BaseBytes, BaseElem);  // chunk bytes (0: lane by lane)
  static constexpr int WG = G / E;                            // lanes of T per chunk
  static constexpr int kLastChunk = G > 0 ? BaseBytes / G - 1 : 0;
  static constexpr bool kChunked = G > 0 && G % E == 0 && WG >= 2;
  static constexpr int W = piece_lanes(E);  // lanes per piece of the region's value
  /// Lanes per piece on the chunked paths: at most a chunk's (a 32-byte chunk of a 16-bit base
  /// holds 8 lanes of a 32-bit view, a piece of its value 16).
  static constexpr int CW = W < WG ? W : WG;
};

/// Lane j of the index vector of group Gi: the lane's position from the group's lowest one.
template <class R, int I, int L, int WG, int Gi>
constexpr int group_rel(int j) {
  constexpr const lane_groups& g = kLaneGroups<R, I, L, WG>;
  return j < L && g.group[j] == Gi ? R::elem_offset(I + j) - g.lo[Gi] : 0;
}

/// The index vector of group Gi (lane j: its position from the group's lowest one; other lanes 0)
/// plus r.
template <class R, int I, int L, int WG, int Gi, class IV, class S, int... J>
XESIM_INLINE IV group_index(S r, std::integer_sequence<int, J...>) {
  return IV{static_cast<S>(group_rel<R, I, L, WG, Gi>(J))...} + r;
}
/// acc with the lanes of group Gi taken from t.
template <class R, int I, int L, int WG, int Gi, class CV, int... J>
XESIM_INLINE CV take_group(const CV& acc, const CV& t, std::integer_sequence<int, J...>) {
  return __builtin_shufflevector(
      acc, t, (J < L && kLaneGroups<R, I, L, WG>.group[J] == Gi ? WG + J : J)...);
}
/// The first L lanes of v.
template <class V, int... J>
XESIM_INLINE auto first_lanes(const V& v, std::integer_sequence<int, J...>) {
  return __builtin_shufflevector(v, v, J...);
}

/// Chunk q + k of the base, clamped to the last one (a clamped chunk's lanes are never used).
template <class io>
XESIM_INLINE uint32_t chunk_at(uint32_t q, uint32_t k) {
  return q + k <= static_cast<uint32_t>(io::kLastChunk) ? q + k : q;
}

/// Reads group Gi of lanes [I, I + L) of region R into acc: a two-source permute of the chunks
/// holding the group's first element and the next one, and when the group may reach a third
/// chunk a second permute blended in where the index passes 2 * WG.
template <class R, int BaseBytes, int BaseElem, int I, int L, int Gi, class CV>
XESIM_INLINE void read_group(CV& acc, const unsigned char* base, uint32_t off_e) {
  using io = region_io<R, BaseBytes, BaseElem>;
  using B = typename io::B;
  using S = typename io::S;
  constexpr int WG = io::WG;
  constexpr const lane_groups& g = kLaneGroups<R, I, L, WG>;
  const uint32_t e = off_e + static_cast<uint32_t>(g.lo[Gi]);
  const uint32_t q = e / WG, r = e % WG;
  const CV c0 = load_lanes<B, WG>(base + q * io::G);
  const CV c1 = load_lanes<B, WG>(base + chunk_at<io>(q, 1) * io::G);
  const auto idx = group_index<R, I, L, WG, Gi, lanes_t<S, WG>>(
      static_cast<S>(r), std::make_integer_sequence<int, WG>{});
  CV t = __builtin_shuffle(c0, c1, idx);
  if constexpr (g.span[Gi] > WG + 1) {
    const CV c2 = load_lanes<B, WG>(base + chunk_at<io>(q, 2) * io::G);
    t = idx >= static_cast<S>(2 * WG) ? __builtin_shuffle(c1, c2, idx - static_cast<S>(WG)) : t;
  }
  if constexpr (Gi == 0)
    acc = t;
  else
    acc = take_group<R, I, L, WG, Gi>(acc, t, std::make_integer_sequence<int, WG>{});
}
template <class R, int BaseBytes, int BaseElem, int I, int L, class CV, int... Gi>
XESIM_INLINE void read_groups(CV& acc, const unsigned char* base, uint32_t off_e,
                              std::integer_sequence<int, Gi...>) {
  (read_group<R, BaseBytes, BaseElem, I, L, Gi>(acc, base, off_e), ...);
}

/// Lanes [I, I + L) of region R read from a chunked base at element offset off_e.
template <class R, int BaseBytes, int BaseElem, int I, int L>
XESIM_INLINE auto read_piece_chunked(const unsigned char* base, uint32_t off_e) {
  using io = region_io<R, BaseBytes, BaseElem>;
  constexpr int WG = io::WG;
  lanes_t<typename io::B, WG> acc;
  read_groups<R, BaseBytes, BaseElem, I, L>(
      acc, base, off_e, std::make_integer_sequence<int, kLaneGroups<R, I, L, WG>.count>{});
  if constexpr (L == WG)
    return acc;
  else
    return first_lanes(acc, std::make_integer_sequence<int, L>{});
}

/// Lanes [I, I + L) of region R are consecutive elements.
template <class R, int I, int L>
constexpr bool is_run() {
  for (int j = 0; j < L; ++j)
    if (R::elem_offset(I + j) != R::elem_offset(I) + j) return false;
  return true;
}

/// Lanes [I, I + L) of region R from the view's first byte p, one element at a time (a vector
/// load when they are consecutive).
template <class R, int I, int L>
XESIM_INLINE auto read_piece_lanes(const unsigned char* p) {
  using B = bits_t<typename R::element_type>;
  constexpr int E = sizeof(B);
  if constexpr (L == 1) {
    return load_lanes<B, 1>(p + R::elem_offset(I) * E);
  } else if constexpr (is_run<R, I, L>()) {
    return load_lanes<B, L>(p + R::elem_offset(I) * E);
  } else {
    return [&]<int... J>(std::integer_sequence<int, J...>) XESIM_LAMBDA {
      return lanes_t<B, L>{load_lanes<B, 1>(p + R::elem_offset(I + J) * E)...};
    }
    (std::make_integer_sequence<int, L>{});
  }
}

// ------------------------------ region_read
/// out[i] = the i-th element of region R of a base vector of BaseBytes bytes at `base`, the view
/// starting `off` bytes in. Pre: the region lies inside the base.
template <class R, int BaseBytes, int BaseElem>
XESIM_INLINE void region_read(const unsigned char* base, uint32_t off,
                              typename R::element_type* out) {
  using io = region_io<R, BaseBytes, BaseElem>;
  using B = typename io::B;
  constexpr int N = R::length;
  if constexpr (N == 1) {  // one element (v[i]): a scalar load
    store_lanes<B, 1>(out, load_lanes<B, 1>(base + off));
    return;
  }
  auto by_lanes = [&]() XESIM_LAMBDA {
    [&]<int... P>(std::integer_sequence<int, P...>) XESIM_LAMBDA {
      (store_lanes<B, io::W>(out + P * io::W, read_piece_lanes<R, P * io::W, io::W>(base + off)),
       ...);
    }
    (std::make_integer_sequence<int, N / io::W>{});
    for_tail_pieces<N / io::W * io::W, N % io::W, io::W / 2>([&](auto ic, auto lc) XESIM_LAMBDA {
      constexpr int I = decltype(ic)::value, L = decltype(lc)::value;
      store_lanes<B, L>(out + I, read_piece_lanes<R, I, L>(base + off));
    });
  };
  if constexpr (io::kChunked) {
    if (off % io::E == 0) {
      const uint32_t off_e = off / io::E;
      [&]<int... P>(std::integer_sequence<int, P...>) XESIM_LAMBDA {
        (store_lanes<B, io::CW>(
             out + P * io::CW,
             read_piece_chunked<R, BaseBytes, BaseElem, P * io::CW, io::CW>(base, off_e)),
         ...);
      }
      (std::make_integer_sequence<int, N / io::CW>{});
      for_tail_pieces<N / io::CW * io::CW, N % io::CW, io::CW / 2>([&](auto ic,
                                                                       auto lc) XESIM_LAMBDA {
        constexpr int I = decltype(ic)::value, L = decltype(lc)::value;
        if constexpr (L == 1)
          store_lanes<B, 1>(out + I, load_lanes<B, 1>(base + off + R::elem_offset(I) * io::E));
        else
          store_lanes<B, L>(out + I, read_piece_chunked<R, BaseBytes, BaseElem, I, L>(base, off_e));
      });
      return;
    }
  }
  by_lanes();
}

// ------------------------------ region_write
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
/// Loads the chunk a write blends into. Lanes outside the region may never have been written
/// (simd<float, 16> v; v.select<8, 1>(0) = a;): they are stored back unchanged, so reading them
/// is harmless, and g++ must not warn about it in user code built with -Werror.
template <class CV>
XESIM_INLINE CV load_lanes_uninit(const unsigned char* p) {
  CV x;
  __builtin_memcpy(&x, p, sizeof(x));
  return x;
}
#pragma GCC diagnostic pop

/// Chunk c with the lanes of group Gi of the value (vw, in WG lanes) that fall in it: lane k takes
/// the value lane whose position is c * WG + k. Every compare folds when off_e is a constant.
template <class R, int BaseBytes, int BaseElem, int I, int L, int Gi, class CV, int... J>
XESIM_INLINE void write_chunk(unsigned char* base, uint32_t off_e, uint32_t c, const CV& vw,
                              std::integer_sequence<int, J...>) {
  using io = region_io<R, BaseBytes, BaseElem>;
  using B = typename io::B;
  using S = typename io::S;
  using IV = lanes_t<S, io::WG>;
  const IV abs = lane_ids<S, io::WG>() + static_cast<S>(c * io::WG);
  IV perm = splat<S, io::WG>(0), hit = splat<S, io::WG>(0);
  auto lane = [&](auto jc) XESIM_LAMBDA {
    constexpr int j = decltype(jc)::value;
    if constexpr (j < L && kLaneGroups<R, I, L, io::WG>.group[j] == Gi) {
      const IV h = abs == static_cast<S>(off_e + R::elem_offset(I + j));
      perm = h ? splat<S, io::WG>(j) : perm;
      hit |= h;
    }
  };
  (lane(std::integral_constant<int, J>{}), ...);
  const CV old = load_lanes_uninit<CV>(base + c * io::G);
  store_lanes<B, io::WG>(base + c * io::G, hit ? __builtin_shuffle(vw, perm) : old);
}
template <class R, int BaseBytes, int BaseElem, int I, int L, int Gi, class CV>
XESIM_INLINE void write_group(unsigned char* base, uint32_t off_e, const CV& vw) {
  using io = region_io<R, BaseBytes, BaseElem>;
  constexpr int WG = io::WG;
  const uint32_t q = (off_e + static_cast<uint32_t>(kLaneGroups<R, I, L, WG>.lo[Gi])) / WG;
  const uint32_t q1 = chunk_at<io>(q, 1), q2 = chunk_at<io>(q, 2);
  write_chunk<R, BaseBytes, BaseElem, I, L, Gi>(base, off_e, q, vw,
                                                std::make_integer_sequence<int, WG>{});
  if (q1 != q)
    write_chunk<R, BaseBytes, BaseElem, I, L, Gi>(base, off_e, q1, vw,
                                                  std::make_integer_sequence<int, WG>{});
  if (kLaneGroups<R, I, L, WG>.span[Gi] > WG + 1 && q2 != q1)
    write_chunk<R, BaseBytes, BaseElem, I, L, Gi>(base, off_e, q2, vw,
                                                  std::make_integer_sequence<int, WG>{});
}
template <class R, int BaseBytes, int BaseElem, int I, int L, class CV, int... Gi>
XESIM_INLINE void write_groups(unsigned char* base, uint32_t off_e, const CV& vw,
                               std::integer_sequence<int, Gi...>) {
  (write_group<R, BaseBytes, BaseElem, I, L, Gi>(base, off_e, vw), ...);
}
/// v with its L lanes repeated to WG lanes (lanes past L are don't-cares).
template <class V, int L, int... J>
XESIM_INLINE auto widen_lanes(const V& v, std::integer_sequence<int, J...>) {
  return __builtin_shufflevector(v, v, (J < L ? J : 0)...);
}

/// Writes lanes [I, I + L) of the value (piece v) into a chunked base at element offset off_e.
/// Used when off_e is a compile-time constant (then it is a few permutes and blends).
template <class R, int BaseBytes, int BaseElem, int I, int L, class V>
XESIM_INLINE void write_piece_chunked(unsigned char* base, uint32_t off_e, const V& v) {
  using io = region_io<R, BaseBytes, BaseElem>;
  using B = typename io::B;
  constexpr int WG = io::WG;
  lanes_t<B, WG> vw;
  if constexpr (L == WG)
    vw = v;
  else if constexpr (L == 1)
    vw = splat<B, WG>(v);
  else
    vw = widen_lanes<V, L>(v, std::make_integer_sequence<int, WG>{});
  write_groups<R, BaseBytes, BaseElem, I, L>(
      base, off_e, vw, std::make_integer_sequence<int, kLaneGroups<R, I, L, WG>.count>{});
}

/// Stores lanes [I, I + L) of the value (piece v) at their positions from the view's first byte p.
template <class R, int I, int L, class V>
XESIM_INLINE void write_piece_lanes(unsigned char* p, const V& v) {
  using B = bits_t<typename R::element_type>;
  constexpr int E = sizeof(B);
  if constexpr (L == 1) {
    store_lanes<B, 1>(p + R::elem_offset(I) * E, v);
  } else if constexpr (is_run<R, I, L>()) {
    store_lanes<B, L>(p + R::elem_offset(I) * E, v);
  } else {
    [&]<int... J>(std::integer_sequence<int, J...>) XESIM_LAMBDA {
      (store_lanes<B, 1>(p + R::elem_offset(I + J) * E, v[J]), ...);
    }
    (std::make_integer_sequence<int, L>{});
  }
}

/// The i-th element of region R (view `off` bytes into a base of BaseBytes bytes) = in[i].
/// Pre: the region lies inside the base; `in` does not overlap the base.
template <class R, int BaseBytes, int BaseElem>
XESIM_INLINE void region_write(unsigned char* base, uint32_t off,
                               const typename R::element_type* in) {
  using io = region_io<R, BaseBytes, BaseElem>;
  using B = typename io::B;
  constexpr int N = R::length;
  if constexpr (N == 1) {  // one element (v[i] = x): a scalar store
    store_lanes<B, 1>(base + off, load_lanes<B, 1>(in));
    return;
  }
  if constexpr (io::kChunked) {
    if (__builtin_constant_p(off) && off % io::E == 0) {
      const uint32_t off_e = off / io::E;
      [&]<int... P>(std::integer_sequence<int, P...>) XESIM_LAMBDA {
        (write_piece_chunked<R, BaseBytes, BaseElem, P * io::CW, io::CW>(
             base, off_e, load_lanes<B, io::CW>(in + P * io::CW)),
         ...);
      }
      (std::make_integer_sequence<int, N / io::CW>{});
      for_tail_pieces<N / io::CW * io::CW, N % io::CW, io::CW / 2>([&](auto ic,
                                                                       auto lc) XESIM_LAMBDA {
        constexpr int I = decltype(ic)::value, L = decltype(lc)::value;
        write_piece_chunked<R, BaseBytes, BaseElem, I, L>(base, off_e, load_lanes<B, L>(in + I));
      });
      return;
    }
  }
  [&]<int... P>(std::integer_sequence<int, P...>) XESIM_LAMBDA {
    (write_piece_lanes<R, P * io::W, io::W>(base + off, load_lanes<B, io::W>(in + P * io::W)), ...);
  }
  (std::make_integer_sequence<int, N / io::W>{});
  for_tail_pieces<N / io::W * io::W, N % io::W, io::W / 2>([&](auto ic, auto lc) XESIM_LAMBDA {
    constexpr int I = decltype(ic)::value, L = decltype(lc)::value;
    write_piece_lanes<R, I, L>(base + off, load_lanes<B, L>(in + I));
  });
}

}  // namespace xesim::esimd::detail
