// The reduction tree in CPU vector registers: the lane operations of the esimd_apply_* tags on
// GCC vectors, and folds that keep DPC++'s order (reduce.hpp describes it) bit for bit.
// - N a power of two: the vector is cut into pieces of W lanes (one zmm: 16 floats / ints, 8
//   doubles); pieces fold pairwise (piece k with piece k + P/2, which is lane i with lane
//   i + N/2), then the last piece folds in halves by shuffles (vextract / vpermilps), as the
//   native horizontal reductions do. No stack buffer.
// - any other N: a buffer, folded by vector loads and stores of power-of-two runs.
// Wrapper types (half, bfloat16, tfloat32) compute in float; sums and products round back to
// the type after every level (max / min of representable values need no rounding).
// hybrid_edges' hmax<float>(simd<float,16>) was 70% of that kernel as scalar lane selects.
#pragma once

#include <utility>

#include "xesim/ops/minmax.hpp"

namespace xesim::esimd::detail {
template <class T0, class T1, int SZ>
struct esimd_apply_sum;
template <class T0, class T1, int SZ>
struct esimd_apply_prod;
template <class T0, class T1, int SZ>
struct esimd_apply_reduced_max;
template <class T0, class T1, int SZ>
struct esimd_apply_reduced_min;
}  // namespace xesim::esimd::detail

namespace xesim::esimd::detail::ops {

template <template <class, class, int> class A, template <class, class, int> class B>
inline constexpr bool is_same_template_v = false;
template <template <class, class, int> class A>
inline constexpr bool is_same_template_v<A, A> = true;

/// max / min by one compare and select (vmaxps / vminps): what the reduced max / min tags give
/// when no lane is a NaN or a zero (reduce_in checks that first).
template <class T0, class T1, int SZ>
struct plain_max;
template <class T0, class T1, int SZ>
struct plain_min;

template <template <class, class, int> class Op>
inline constexpr bool is_plain_op_v = is_same_template_v<Op, plain_max> ||
                                      is_same_template_v<Op, plain_min>;

template <template <class, class, int> class Op>
inline constexpr bool is_minmax_op_v = is_plain_op_v<Op> || is_same_template_v<Op, esimd_apply_reduced_max> ||
                                       is_same_template_v<Op, esimd_apply_reduced_min>;

constexpr bool is_pow2(int n) { return n > 0 && (n & (n - 1)) == 0; }
constexpr int floor_pow2(int n) {
  int p = 1;
  while (p * 2 <= n) p *= 2;
  return p;
}

/// The lane operation of an esimd_apply_* tag on one element, in C (float for the wrapper
/// types); integers wrap.
template <template <class, class, int> class Op, class C>
XESIM_INLINE C lane_op(C a, C b) {
  if constexpr (std::is_integral_v<C>) {
    using U = std::make_unsigned_t<C>;
    if constexpr (is_same_template_v<Op, esimd_apply_sum>)
      return static_cast<C>(static_cast<U>(a) + static_cast<U>(b));
    if constexpr (is_same_template_v<Op, esimd_apply_prod>)
      return static_cast<C>(static_cast<U>(a) * static_cast<U>(b));
    if constexpr (is_same_template_v<Op, esimd_apply_reduced_max>) return a > b ? a : b;
    if constexpr (is_same_template_v<Op, esimd_apply_reduced_min>) return a < b ? a : b;
  } else {
    if constexpr (is_same_template_v<Op, esimd_apply_sum>) return a + b;
    if constexpr (is_same_template_v<Op, esimd_apply_prod>) return a * b;
    if constexpr (is_same_template_v<Op, esimd_apply_reduced_max>) return fmax_lane(a, b);
    if constexpr (is_same_template_v<Op, esimd_apply_reduced_min>) return fmin_lane(a, b);
    if constexpr (is_same_template_v<Op, plain_max>) return a > b ? a : b;
    if constexpr (is_same_template_v<Op, plain_min>) return a < b ? a : b;
  }
}

// ------------------------------ vec_op
/// The lane operation on L lanes of C at once (a GCC vector; C itself for one lane): the same
/// results as lane_op lane by lane. Floating max / min: a NaN lane yields the other operand,
/// +0 beats -0 (max) / -0 beats +0 (min), as fmax_lane / fmin_lane; vcmp + vblendm with AVX-512.
template <template <class, class, int> class Op, class C, int L>
XESIM_INLINE lanes_t<C, L> vec_op(const lanes_t<C, L>& a, const lanes_t<C, L>& b) {
  if constexpr (L == 1) {
    return lane_op<Op, C>(a, b);
  } else if constexpr (std::is_integral_v<C>) {
    using U = lanes_t<std::make_unsigned_t<C>, L>;
    const U ua = bitcast_lanes<U>(a), ub = bitcast_lanes<U>(b);
    if constexpr (is_same_template_v<Op, esimd_apply_sum>) return bitcast_lanes<lanes_t<C, L>>(ua + ub);
    if constexpr (is_same_template_v<Op, esimd_apply_prod>) return bitcast_lanes<lanes_t<C, L>>(ua * ub);
    if constexpr (is_minmax_op_v<Op>)
      return minmax_lanes<is_same_template_v<Op, esimd_apply_reduced_max>, C, L>(a, b);
  } else {
    if constexpr (is_same_template_v<Op, esimd_apply_sum>) return a + b;
    if constexpr (is_same_template_v<Op, esimd_apply_prod>) return a * b;
    if constexpr (is_same_template_v<Op, plain_max>) return a > b ? a : b;
    if constexpr (is_same_template_v<Op, plain_min>) return a < b ? a : b;
    if constexpr (is_minmax_op_v<Op> && !is_plain_op_v<Op>)
      return minmax_lanes<is_same_template_v<Op, esimd_apply_reduced_max>, C, L>(a, b);
  }
}

/// x rounded to R and widened back (R a wrapper type, x float lanes); x itself otherwise.
template <class R, int L>
XESIM_INLINE lanes_t<compute_t<R>, L> round_lanes(const lanes_t<compute_t<R>, L>& x) {
  if constexpr (is_wrapper_elem_type_v<R>) {
    R t[L];
    esimd::detail::from_float_lanes<R, L>(t, x);
    return esimd::detail::to_float_lanes<R, L>(t);
  } else {
    return x;
  }
}

/// One level of the tree: op(a, b), rounded to R for sums and products.
template <class R, template <class, class, int> class Op, int L>
XESIM_INLINE lanes_t<compute_t<R>, L> level(const lanes_t<compute_t<R>, L>& a,
                                            const lanes_t<compute_t<R>, L>& b) {
  const auto r = vec_op<Op, compute_t<R>, L>(a, b);
  if constexpr (is_minmax_op_v<Op>)
    return r;
  else
    return round_lanes<R, L>(r);
}

// ------------------------------ fold_reg
/// Folds M lanes (a power of two) in halves, lane i with lane i + M/2, down to one lane.
template <class R, template <class, class, int> class Op, int M>
XESIM_INLINE compute_t<R> fold_reg(const lanes_t<compute_t<R>, M>& x) {
  if constexpr (M == 1) {
    return x;
  } else if constexpr (M == 2) {  // both lanes computed, lane 0 kept: no scalar branches
    return level<R, Op, 2>(x, __builtin_shufflevector(x, x, 1, 0))[0];
  } else {
    return [&]<int... J>(std::integer_sequence<int, J...>) XESIM_LAMBDA {
      return fold_reg<R, Op, M / 2>(level<R, Op, M / 2>(__builtin_shufflevector(x, x, J...),
                                                        __builtin_shufflevector(x, x, (J + M / 2)...)));
    }(std::make_integer_sequence<int, M / 2>{});
  }
}

// ------------------------------ fold_pow2
/// The reduction of N lanes of R at p, N a power of two: P = N / W pieces of W lanes fold
/// pairwise (H = P/2, P/4, ..., 1), then the last piece in registers.
template <class R, template <class, class, int> class Op, int N>
XESIM_INLINE compute_t<R> fold_pow2(const R* p) {
  using C = compute_t<R>;
  constexpr int W = piece_lanes(sizeof(C)) < N ? piece_lanes(sizeof(C)) : N;
  constexpr int P = N / W;
  if constexpr (P == 1) {
    return fold_reg<R, Op, N>(load_compute<R, N>(p));
  } else {
    lanes_t<C, W> v[P];
#pragma GCC unroll 64
    for (int k = 0; k < P; ++k) v[k] = load_compute<R, W>(p + k * W);
    auto step = [&]<int H>(std::integral_constant<int, H>) XESIM_LAMBDA {
#pragma GCC unroll 64
      for (int k = 0; k < H; ++k) v[k] = level<R, Op, W>(v[k], v[k + H]);
    };
    [&]<int... S>(std::integer_sequence<int, S...>) XESIM_LAMBDA {
      (step(std::integral_constant<int, (P >> (S + 1))>{}), ...);
    }(std::make_integer_sequence<int, std::countr_zero(unsigned(P))>{});
    return fold_reg<R, Op, W>(v[0]);
  }
}

// ------------------------------ buffer tree (N not a power of two)
/// A tree over a buffer of C for DPC++'s reduce_pair; runs are powers of two combined by vector
/// loads and stores.
template <class R, template <class, class, int> class Op>
struct tree {
  using C = compute_t<R>;
  /// a[i] = op(a[i], b[i]) for i < M (M a power of two), rounded to R.
  template <int M>
  static XESIM_INLINE void combine(C* a, const C* b) {
    constexpr int W = piece_lanes(sizeof(C)) < M ? piece_lanes(sizeof(C)) : M;
#pragma GCC unroll 16
    for (int k = 0; k < M; k += W)
      store_lanes<C, W>(a + k, level<R, Op, W>(load_lanes<C, W>(a + k), load_lanes<C, W>(b + k)));
  }
  /// Folds a power-of-two run in halves, lane i with lane i + M/2, down to a[0].
  template <int M>
  static XESIM_INLINE C fold(C* a) {
    if constexpr (M > 1) {
      combine<M / 2>(a, a + M / 2);
      return fold<M / 2>(a);
    } else {
      return a[0];
    }
  }
  /// DPC++'s reduce_pair: a holds M1 lanes (a power of two), b the next M2 lanes.
  template <int M1, int M2>
  static XESIM_INLINE C pair(C* a, const C* b) {
    if constexpr (M1 == M2) {
      combine<M1>(a, b);
      return fold<M1>(a);
    } else if constexpr (M1 < M2) {
      combine<M1>(a, b);
      return pair<M1, M2 - M1>(a, b + M1);
    } else {
      combine<M1 / 2>(a, a + M1 / 2);
      return pair<M1 / 2, M2>(a, b);
    }
  }
};

// ------------------------------ has_nan_or_zero
/// Whether some of the N lanes of R at p (floating, N a power of two) is a NaN or a zero: one
/// vfpclassps / vfpclasspd per piece with AVX-512, compares otherwise.
template <class R, int N>
XESIM_INLINE bool has_nan_or_zero(const R* p) {
  using C = compute_t<R>;
  constexpr int W = piece_lanes(sizeof(C)) < N ? piece_lanes(sizeof(C)) : N;
#if defined(XESIM_VEC_AVX512)
  if constexpr (W * sizeof(C) == 64) {
    constexpr int kClass = 0x01 | 0x02 | 0x04 | 0x80;  // QNaN, +0, -0, SNaN
    uint32_t k = 0;
#pragma GCC unroll 64
    for (int i = 0; i < N; i += W) {
      const auto x = load_compute<R, W>(p + i);
      if constexpr (sizeof(C) == 4)
        k |= _mm512_fpclass_ps_mask(x, kClass);
      else
        k |= _mm512_fpclass_pd_mask(x, kClass);
    }
    return k != 0;
  }
#endif
  using S = lanes_t<sint_t<C>, W>;
  S any{};
#pragma GCC unroll 64
  for (int i = 0; i < N; i += W) {
    const auto x = load_compute<R, W>(p + i);
    any |= (x != x) | (x == C(0));
  }
  bool r = false;
  for (int j = 0; j < W; ++j) r |= any[j] != 0;
  return r;
}

// ------------------------------ reduce_in
/// The reduction of the N lanes of R at p with Op, in DPC++'s order, computed in compute_t<R>.
template <class R, template <class, class, int> class Op, int N>
XESIM_INLINE compute_t<R> reduce_in(const R* p) {
  using C = compute_t<R>;
  if constexpr (is_pow2(N) && N >= 4 && is_minmax_op_v<Op> && std::is_floating_point_v<C>) {
    // Without NaN and zero lanes the GPU's max / min is the plain one: vmaxps / vminps, one
    // instruction per level instead of six (hybrid_edges' hmax per output; topk's per round).
    if (!has_nan_or_zero<R, N>(p)) [[likely]] {
      if constexpr (is_same_template_v<Op, esimd_apply_reduced_max>)
        return fold_pow2<R, plain_max, N>(p);
      else
        return fold_pow2<R, plain_min, N>(p);
    }
    return fold_pow2<R, Op, N>(p);
  } else if constexpr (is_pow2(N)) {
    return fold_pow2<R, Op, N>(p);
  } else {
    alignas(64) C buf[N];
    for_pieces<N, piece_lanes(sizeof(C))>([&](int i, auto lc) XESIM_LAMBDA {
      constexpr int L = decltype(lc)::value;
      store_lanes<C, L>(buf + i, load_compute<R, L>(p + i));
    });
    constexpr int N1 = floor_pow2(N);
    return tree<R, Op>::template pair<N1, N - N1>(buf, buf + N1);
  }
}

}  // namespace xesim::esimd::detail::ops
