// Horizontal reductions: hmax, hmin, reduce(v, std::plus<>() / std::multiplies<>()), and
// detail::sum / detail::prod (the names the guide calls).
//
// Order (DPC++'s, reproduced so that float sums round the same way): for a power-of-two N the
// vector is folded in halves, lane i with lane i + N/2, until one lane is left. Otherwise
// v = [A | B] with |A| = the largest power of two below N, and reduce_pair(A, B) repeats:
//   |A| == |B|: fold A with B lane by lane, then fold the result in halves;
//   |A| <  |B|: fold A with B's first |A| lanes; B = the rest of B;
//   |A| >  |B|: fold A in halves.
// E.g. N = 13: A = v[0..8), B = v[8..13) -> A = A[0..4) op A[4..8) -> A = A op B[0..4), B = v[12]
// -> A halved twice -> A[0] op B[0].
// Accumulation type: sum / prod compute in computation_type_t<T1, T1> (int for 8/16-bit integers,
// T1 otherwise: half sums round to half at every step, as on the GPU) and convert the result to
// T0; hmax / hmin compute in T1.
#pragma once

#include <functional>

#include "xesim/ops/detail/tree.hpp"
#include "xesim/ops/minmax.hpp"

namespace xesim::esimd {
namespace detail {

// ------------------------------ esimd_apply_*
/// The lane-wise operations of the reductions (DPC++'s names): op(v1, v2) -> simd<T0, SZ>.
template <class T0, class T1, int SZ>
struct esimd_apply_sum {
  simd<T0, SZ> operator()(simd<T1, SZ> v1, simd<T1, SZ> v2) const { return v1 + v2; }
};
template <class T0, class T1, int SZ>
struct esimd_apply_prod {
  simd<T0, SZ> operator()(simd<T1, SZ> v1, simd<T1, SZ> v2) const { return v1 * v2; }
};
template <class T0, class T1, int SZ>
struct esimd_apply_reduced_max {
  simd<T0, SZ> operator()(simd<T1, SZ> v1, simd<T1, SZ> v2) const { return (esimd::max)(v1, v2); }
};
template <class T0, class T1, int SZ>
struct esimd_apply_reduced_min {
  simd<T0, SZ> operator()(simd<T1, SZ> v1, simd<T1, SZ> v2) const { return (esimd::min)(v1, v2); }
};

}  // namespace detail

namespace detail::ops {

// ------------------------------ tree_reduce
/// The one implementation behind every reduction: v's lanes combined with Op in R, in the order
/// described at the top of this file, in vector registers (ops/detail/tree.hpp).
template <class R, template <class, class, int> class Op, class T1, int N>
XESIM_INLINE R tree_reduce(const simd<T1, N>& v) {
  compute_t<R> r;
  if constexpr (std::is_same_v<R, T1>) {
    r = reduce_in<R, Op, N>(v.elems());
  } else {
    const simd<R, N> w = convert<R>(v);  // lanes converted in registers
    r = reduce_in<R, Op, N>(w.elems());
  }
  if constexpr (is_wrapper_elem_type_v<R>)
    return R(r);
  else
    return r;
}

template <class T1>
using sum_t = computation_type_t<T1, T1>;

template <class>
inline constexpr bool kAlwaysFalse = false;

}  // namespace detail::ops

namespace detail {

/// DPC++'s detail::reduce<T0, T1, SZ, OpType>(v): OpType one of the esimd_apply_* templates,
/// computed in T0.
template <class T0, class T1, int SZ, template <class, class, int> class OpType>
XESIM_INLINE T0 reduce(simd<T1, SZ> v) {
  return ops::tree_reduce<T0, OpType>(v);
}

// ------------------------------ sum / prod
/// Sum of v's elements computed in computation_type_t<T1, T1> (tree order above), converted
/// to T0. Pre: none. HW: a log2(N)-deep tree of add on halves of the register.
template <class T0, class T1, int SZ>
XESIM_INLINE T0 sum(simd<T1, SZ> v) {
  return convert_scalar<T0>(ops::tree_reduce<ops::sum_t<T1>, esimd_apply_sum>(v));
}
/// Product of v's elements, computed like sum. Pre: none. HW: a tree of mul.
template <class T0, class T1, int SZ>
XESIM_INLINE T0 prod(simd<T1, SZ> v) {
  return convert_scalar<T0>(ops::tree_reduce<ops::sum_t<T1>, esimd_apply_prod>(v));
}

}  // namespace detail

// ------------------------------ hmax
/// The largest element of v (computed in T1 with max's rules: NaNs are skipped unless all lanes
/// are NaN), converted to T0. Pre: v is a simd (read views and masks into one first).
/// HW: a tree of sel.ge, all platforms.
template <class T0, class T1, int SZ>
XESIM_INLINE T0 hmax(simd<T1, SZ> v XESIM_UNINIT(, const std::source_location& loc = std::source_location::current())) {
  XESIM_UNINIT(check::uninit::sink(v, nullptr, "hmax", loc);)
  return detail::convert_scalar<T0>(
      detail::ops::tree_reduce<T1, detail::esimd_apply_reduced_max>(v));
}
/// Rejects what DPC++ rejects (a simd_mask, a view): hmax takes simd<T, N> only.
template <class T0, class V>
requires(!detail::is_simd_type_v<V>) T0 hmax(const V&) {
  static_assert(
      detail::ops::kAlwaysFalse<V>,
      "hmax<T0>(v): v must be a simd<T, N> (DPC++ does not deduce one from a simd_view or "
      "a simd_mask): write `simd<T, N> tmp = view;` first; for masks use any()/all() or "
      "pack_mask");
  return T0{};
}

// ------------------------------ hmin
/// The smallest element of v (min's rules), converted to T0. Pre: v is a simd.
/// HW: a tree of sel.l, all platforms.
template <class T0, class T1, int SZ>
XESIM_INLINE T0 hmin(simd<T1, SZ> v XESIM_UNINIT(, const std::source_location& loc = std::source_location::current())) {
  XESIM_UNINIT(check::uninit::sink(v, nullptr, "hmin", loc);)
  return detail::convert_scalar<T0>(
      detail::ops::tree_reduce<T1, detail::esimd_apply_reduced_min>(v));
}
/// Rejects what DPC++ rejects (a simd_mask, a view): hmin takes simd<T, N> only.
template <class T0, class V>
requires(!detail::is_simd_type_v<V>) T0 hmin(const V&) {
  static_assert(
      detail::ops::kAlwaysFalse<V>,
      "hmin<T0>(v): v must be a simd<T, N> (DPC++ does not deduce one from a simd_view or "
      "a simd_mask): write `simd<T, N> tmp = view;` first; for masks use any()/all() or "
      "pack_mask");
  return T0{};
}

// ------------------------------ reduce
/// reduce<T0>(v, std::plus<>()) is detail::sum<T0>(v); reduce<T0>(v, std::multiplies<>()) is
/// detail::prod<T0>(v). Pre: op is std::plus<>() or std::multiplies<>(), the only operations
/// DPC++ implements (it compiles std::plus<T>() too but returns an undefined value: the guide's
/// "silent zero"). HW: see sum / prod.
template <class T0, class T1, int SZ, class BinaryOperation>
XESIM_INLINE T0 reduce(simd<T1, SZ> v, BinaryOperation XESIM_UNINIT(, const std::source_location& loc = std::source_location::current())) {
  XESIM_UNINIT(check::uninit::sink(v, nullptr, "reduce", loc);)
  using Op = detail::remove_cvref_t<BinaryOperation>;
  static_assert(std::is_same_v<Op, std::plus<>> || std::is_same_v<Op, std::multiplies<>>,
                "reduce<T0>(v, op): op must be std::plus<>() or std::multiplies<>() (DPC++ "
                "returns an undefined value for any other op, std::plus<T>() included); use "
                "hmax / hmin for maximum / minimum");
  if constexpr (std::is_same_v<Op, std::multiplies<>>) {
    return detail::prod<T0>(v);
  } else {
    return detail::sum<T0>(v);
  }
}

}  // namespace xesim::esimd
