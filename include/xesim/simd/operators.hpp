// Binary and comparison operators of simd, simd_mask and simd_view.
// `a op b` with a simd-like operand (simd or view) and a simd-like or scalar other operand gives
// simd<computation_type_t<Ta, Tb>, N>; comparisons give simd_mask<N>. Integer arithmetic wraps
// (as on the GPU, never C++ UB): shift counts are taken modulo the bit width, integer division
// never traps (see div_int), INT_MIN / -1 wraps.
// half/bfloat16/tfloat32 compute in float and round once per operation, converting 16 lanes at a
// time (F16C / AVX-512 BF16), because g++ leaves _Float16<->float loops scalar.
#pragma once

#include <limits>

#include "xesim/simd/fp_convert.hpp"
#include "xesim/simd/dpcpp_detail.hpp"
#include "xesim/simd/simd_view.hpp"
#include "xesim/simd/vec.hpp"

namespace xesim::esimd {
namespace detail {

enum class binop { add, sub, mul, div, rem, shl, shr, bit_and, bit_or, bit_xor };

/// Integer division without a trap. DPC++ leaves x/0 unspecified; xesim gives all ones (-1 for
/// signed types) so that a lane that divides by zero, e.g. one a merge() discards afterwards,
/// never kills the host process. x%0 gives x.
template <class C>
XESIM_INLINE C div_int(C a, C b) {
  if constexpr (std::is_signed_v<C>) {
    if (b == 0) return C(-1);
    if (b == C(-1)) return static_cast<C>(C(0) - static_cast<std::make_unsigned_t<C>>(a));
    return a / b;
  } else {
    return b == 0 ? std::numeric_limits<C>::max() : C(a / b);
  }
}
template <class C>
XESIM_INLINE C rem_int(C a, C b) {
  if (b == 0) return a;
  if constexpr (std::is_signed_v<C>) {
    if (b == C(-1)) return C(0);
  }
  return a % b;
}

/// One element of `a op b` in the computation type C.
template <binop Op, class C>
XESIM_INLINE C apply(C a, C b) {
  if constexpr (std::is_integral_v<C>) {
    using U = std::make_unsigned_t<C>;
    constexpr int kBits = static_cast<int>(sizeof(C) * 8);
    if constexpr (Op == binop::add) return static_cast<C>(static_cast<U>(a) + static_cast<U>(b));
    if constexpr (Op == binop::sub) return static_cast<C>(static_cast<U>(a) - static_cast<U>(b));
    if constexpr (Op == binop::mul) return static_cast<C>(static_cast<U>(a) * static_cast<U>(b));
    if constexpr (Op == binop::div) return div_int(a, b);
    if constexpr (Op == binop::rem) return rem_int(a, b);
    if constexpr (Op == binop::shl)
      return static_cast<C>(static_cast<U>(a) << (static_cast<U>(b) & (kBits - 1)));
    if constexpr (Op == binop::shr) return static_cast<C>(a >> (static_cast<U>(b) & (kBits - 1)));
    if constexpr (Op == binop::bit_and) return a & b;
    if constexpr (Op == binop::bit_or) return a | b;
    if constexpr (Op == binop::bit_xor) return a ^ b;
  } else {
    if constexpr (Op == binop::add) return a + b;
    if constexpr (Op == binop::sub) return a - b;
    if constexpr (Op == binop::mul) return a * b;
    if constexpr (Op == binop::div) return a / b;
  }
}

/// Converts n wrapper elements to float / back, vectorised where the CPU allows.
template <class T>
XESIM_INLINE void to_float_n(const T* src, float* dst, int n) {
  if constexpr (std::is_same_v<T, ::xesim::half>) {
    ::xesim::detail::f16_to_f32(src, dst, n);
  } else if constexpr (std::is_same_v<T, ::xesim::bfloat16>) {
    ::xesim::detail::bf16_to_f32(src, dst, n);
  } else {
    for (int i = 0; i < n; ++i) dst[i] = static_cast<float>(src[i]);
  }
}
template <class T>
XESIM_INLINE void from_float_n(const float* src, T* dst, int n) {
  if constexpr (std::is_same_v<T, ::xesim::half>) {
    ::xesim::detail::f32_to_f16(src, dst, n);
  } else if constexpr (std::is_same_v<T, ::xesim::bfloat16>) {
    ::xesim::detail::f32_to_bf16(src, dst, n);
  } else {
    for (int i = 0; i < n; ++i) dst[i] = T(src[i]);
  }
}

/// One piece of `x op y` (GCC vectors or scalars of the computation type; integers unsigned,
/// except for >>, which keeps the signedness: an arithmetic shift for signed types).
template <binop Op, class X>
XESIM_INLINE X apply_lanes(const X& x, const X& y) {
  if constexpr (Op == binop::add) return x + y;
  if constexpr (Op == binop::sub) return x - y;
  if constexpr (Op == binop::mul) return x * y;
  if constexpr (Op == binop::div) return x / y;
  if constexpr (Op == binop::bit_and) return x & y;
  if constexpr (Op == binop::bit_or) return x | y;
  if constexpr (Op == binop::bit_xor) return x ^ y;
  if constexpr (Op == binop::shl || Op == binop::shr) {
    using E = std::remove_cvref_t<decltype(x[0])>;
    constexpr int kBits = static_cast<int>(sizeof(E) * 8);
    if constexpr (Op == binop::shl)
      return x << (y & (kBits - 1));
    else
      return x >> (y & (kBits - 1));
  }
}
template <binop Op, class C>
XESIM_INLINE C apply_scalar(C x, C y) {
  if constexpr (Op == binop::shl || Op == binop::shr) {
    constexpr int kBits = static_cast<int>(sizeof(C) * 8);
    if constexpr (Op == binop::shl)
      return static_cast<C>(x << (y & (kBits - 1)));
    else
      return static_cast<C>(x >> (y & (kBits - 1)));
  } else {
    return apply<Op, C>(x, y);
  }
}

/// r[i] = a[i] op b[i] for i < N, in pieces of one zmm (vec.hpp): g++ -O2 keeps every operand in
/// registers and fuses a*b+c into an FMA. (Its auto-vectoriser at -O2 leaves N = 33 scalar and
/// passes N > 16 results through memory.) half, bfloat16 and tfloat32 compute 16 lanes at a time
/// in float (vcvtph2ps, op, vcvtps2ph: rounded once per operation, as their scalar constructors
/// round); integer division stays scalar (no vector instruction; never traps, see div_int).
template <binop Op, class R, int N, class A, class B>
XESIM_INLINE void binop_loop(R* __restrict r, const A& a, const B& b) {
  if constexpr (is_wrapper_elem_type_v<R>) {
    for_pieces<N, 16>([&](int i, auto lc) XESIM_LAMBDA {
      constexpr int L = decltype(lc)::value;
      const auto x = operand_lanes<float, L>(a, i), y = operand_lanes<float, L>(b, i);
      if constexpr (L == 1)
        from_float_lanes<R, L>(r + i, apply<Op, float>(x, y));
      else
        from_float_lanes<R, L>(r + i, apply_lanes<Op>(x, y));
    });
  } else if constexpr (std::is_integral_v<R> && (Op == binop::div || Op == binop::rem)) {
    for (int i = 0; i < N; ++i) r[i] = apply<Op, R>(a[i], b[i]);
  } else {
    // Integers wrap: computed as unsigned (>> keeps the sign for an arithmetic shift).
    using C = std::conditional_t<std::is_integral_v<R> && Op != binop::shr, std::make_unsigned<R>,
                                 std::type_identity<R>>::type;
    for_pieces<N, piece_lanes(sizeof(R))>([&](int i, auto lc) XESIM_LAMBDA {
      constexpr int L = decltype(lc)::value;
      const lanes_t<C, L> x = operand_lanes<C, L>(a, i), y = operand_lanes<C, L>(b, i);
      if constexpr (L == 1)
        store_lanes<R, L>(r + i, static_cast<R>(apply_scalar<Op, C>(x, y)));
      else
        store_lanes<C, L>(r + i, apply_lanes<Op>(x, y));
    });
  }
}

/// An operand as elements of R: a reference when it already is simd<R, N>, else a converted copy.
template <class R, int N, class X>
XESIM_INLINE decltype(auto) as_simd(const X& x) {
  if constexpr (std::is_same_v<X, simd<R, N>>) {
    return (x);
  } else if constexpr (is_simd_view_v<X>) {
    return simd<R, N>(x.read());
  } else {
    return simd<R, N>(x);
  }
}

/// Both operands usable by an arithmetic operator: at least one simd-like, the other simd-like of
/// the same length or a valid scalar.
template <class A, class B>
inline constexpr bool arith_operands_v = (is_simd_like_v<A> || is_simd_like_v<B>)&&(
    is_simd_like_v<A> || is_valid_simd_elem_type_v<A>)&&(is_simd_like_v<B> ||
                                                         is_valid_simd_elem_type_v<B>);

template <class X, bool = is_simd_like_v<X>>
struct operand_elem {
  using type = X;
};
template <class X>
struct operand_elem<X, true> {
  using type = element_type_t<X>;
};
template <class X>
using operand_elem_t = typename operand_elem<X>::type;

/// A one-element view against a longer simd or view: DPC++ reads the one-element view as a
/// scalar of its element type (`row - other_row[k]`, `v * s[i]` on a non-const s).
/// 1: A is that view, 2: B, 0: neither.
template <class A, class B>
constexpr int view_broadcast_side() {
  if constexpr (is_simd_like_v<A> && is_simd_like_v<B> &&
                (is_simd_view_v<A> || is_simd_view_v<B>)) {
    if constexpr (is_simd_view_v<A> && length_v<A> == 1 && length_v<B> != 1)
      return 1;
    else if constexpr (is_simd_view_v<B> && length_v<B> == 1 && length_v<A> != 1)
      return 2;
    else
      return 0;
  } else {
    return 0;
  }
}

template <class A, class B>
constexpr int operands_length() {
  if constexpr (view_broadcast_side<A, B>() == 1) {
    return length_v<B>;
  } else if constexpr (view_broadcast_side<A, B>() == 2) {
    return length_v<A>;
  } else if constexpr (is_simd_like_v<A> && is_simd_like_v<B>) {
    static_assert(length_v<A> == length_v<B>,
                  "simd operator: operands differ in length (only a one-element view is "
                  "broadcast)");
    return length_v<A>;
  } else if constexpr (is_simd_like_v<A>) {
    return length_v<A>;
  } else {
    return length_v<B>;
  }
}

/// The instruction kind of `Op` on R for the profile: a floating divide is extended math.
template <binop Op, class R>
constexpr profile::alu_kind alu_kind_of() {
  if constexpr (Op == binop::div && !std::is_integral_v<R>)
    return profile::alu_kind::math;
  else
    return profile::kind_of_elem<R>();
}

template <binop Op, class A, class B>
XESIM_INLINE auto binary(const A& a, const B& b) {
  if constexpr (view_broadcast_side<A, B>() == 1) {
    return binary<Op>(a.get(0), b);
  } else if constexpr (view_broadcast_side<A, B>() == 2) {
    return binary<Op>(a, b.get(0));
  } else {
    return binary_same<Op>(a, b);
  }
}

template <binop Op, class A, class B>
XESIM_INLINE auto binary_same(const A& a, const B& b) {
  using R = computation_type_t<operand_elem_t<A>, operand_elem_t<B>>;
  constexpr int N = operands_length<A, B>();
  simd<R, N> r;
  if constexpr (!is_simd_like_v<A>) {
    const auto& vb = as_simd<R, N>(b);
    binop_loop<Op, R, N>(r.elems(), scalar_operand<R>{convert_scalar<R>(a)},
                         vec_operand<R>{vb.elems()});
    XESIM_UNINIT(check::uninit::propagate(r, vb);)
  } else if constexpr (!is_simd_like_v<B>) {
    const auto& va = as_simd<R, N>(a);
    binop_loop<Op, R, N>(r.elems(), vec_operand<R>{va.elems()},
                         scalar_operand<R>{convert_scalar<R>(b)});
    XESIM_UNINIT(check::uninit::propagate(r, va);)
  } else {
    const auto& va = as_simd<R, N>(a);
    const auto& vb = as_simd<R, N>(b);
    binop_loop<Op, R, N>(r.elems(), vec_operand<R>{va.elems()}, vec_operand<R>{vb.elems()});
    XESIM_UNINIT(check::uninit::propagate(r, va, vb);)
  }
  XESIM_PROF(profile::count_alu < alu_kind_of<Op, R>(), N, sizeof(R),
             Op == binop::mul && !std::is_integral_v < R >> ();)
  return r;
}

/// m[i] = a[i] op b[i] (1 / 0): computed in compute_t<R> (float for the wrapper types: exact),
/// 16 lanes per piece, each compare straight to a k-mask and from it to the mask's lanes.
template <cmpop Op, class A, class B>
XESIM_INLINE auto comparison(const A& a, const B& b) {
  if constexpr (view_broadcast_side<A, B>() == 1) {
    return comparison<Op>(a.get(0), b);
  } else if constexpr (view_broadcast_side<A, B>() == 2) {
    return comparison<Op>(a, b.get(0));
  } else {
    return comparison_same<Op>(a, b);
  }
}

template <cmpop Op, class A, class B>
XESIM_INLINE auto comparison_same(const A& a, const B& b) {
  using R = computation_type_t<operand_elem_t<A>, operand_elem_t<B>>;
  using C = compute_t<R>;
  constexpr int N = operands_length<A, B>();
  simd_mask<N> m;
  if constexpr (!is_simd_like_v<A>) {
    const auto& vb = as_simd<R, N>(b);
    compare_n<Op, C, N>(m.elems(), scalar_operand<R>{convert_scalar<R>(a)},
                        vec_operand<R>{vb.elems()});
  } else if constexpr (!is_simd_like_v<B>) {
    const auto& va = as_simd<R, N>(a);
    compare_n<Op, C, N>(m.elems(), vec_operand<R>{va.elems()},
                        scalar_operand<R>{convert_scalar<R>(b)});
  } else {
    const auto& va = as_simd<R, N>(a);
    const auto& vb = as_simd<R, N>(b);
    compare_n<Op, C, N>(m.elems(), vec_operand<R>{va.elems()}, vec_operand<R>{vb.elems()});
  }
  XESIM_PROF(profile::count_alu<profile::kind_of_elem<R>(), N, sizeof(R)>();)
  return m;
}

template <class X>
inline constexpr bool is_integral_operand_v = std::is_integral_v<operand_elem_t<X>>;

// ---- masks ------------------------------------------------------------------------------------
template <class A, class B>
inline constexpr bool mask_operands_v = (is_mask_like_v<A> || is_mask_like_v<B>)&&(
    is_mask_like_v<A> || std::is_integral_v<A>)&&(is_mask_like_v<B> || std::is_integral_v<B>);

/// An operand of a mask operator as a simd_mask<N>: a one-element view against a longer view is
/// broadcast (DPC++'s view rule), a scalar too.
template <class X, int N>
XESIM_INLINE simd_mask<N> as_mask(const X& x) {
  if constexpr (is_simd_view_v<X>) {
    if constexpr (length_v<X> == 1 && N != 1)
      return simd_mask<N>(x.get(0));
    else
      return simd_mask<N>(x);
  } else {
    return simd_mask<N>(x);
  }
}
template <class A, class B>
constexpr int mask_length() {
  if constexpr (is_mask_like_v<A> && is_mask_like_v<B>) {
    constexpr int kA = length_v<A>, kB = length_v<B>;
    constexpr bool kBroadcast = is_simd_view_v<A> && is_simd_view_v<B> && (kA == 1 || kB == 1);
    static_assert(kA == kB || kBroadcast, "simd_mask operator: operands differ in length");
    return kA == 1 ? kB : kA;
  } else if constexpr (is_mask_like_v<A>) {
    return length_v<A>;
  } else {
    return length_v<B>;
  }
}

}  // namespace detail

// ------------------------------ arithmetic and bitwise operators
#define XESIM_DEF_BINOP(OP, ID, COND)                                                             \
  template <class A, class B, class = std::enable_if_t<detail::arith_operands_v<A, B> && (COND)>> \
  XESIM_INLINE auto operator OP(const A& a, const B& b) {                                         \
    return detail::binary<detail::binop::ID>(a, b);                                               \
  }
XESIM_DEF_BINOP(+, add, true)
XESIM_DEF_BINOP(-, sub, true)
XESIM_DEF_BINOP(*, mul, true)
XESIM_DEF_BINOP(/, div, true)
XESIM_DEF_BINOP(%, rem, detail::is_integral_operand_v<A>&& detail::is_integral_operand_v<B>)
XESIM_DEF_BINOP(<<, shl, detail::is_integral_operand_v<A>&& detail::is_integral_operand_v<B>)
XESIM_DEF_BINOP(>>, shr, detail::is_integral_operand_v<A>&& detail::is_integral_operand_v<B>)
XESIM_DEF_BINOP(&, bit_and, detail::is_integral_operand_v<A>&& detail::is_integral_operand_v<B>)
XESIM_DEF_BINOP(|, bit_or, detail::is_integral_operand_v<A>&& detail::is_integral_operand_v<B>)
XESIM_DEF_BINOP(^, bit_xor, detail::is_integral_operand_v<A>&& detail::is_integral_operand_v<B>)
#undef XESIM_DEF_BINOP

// ------------------------------ arithmetic with masks (DPC++'s simd_mask operators)
/// `simd op mask`, `mask op simd`, `scalar op mask`, `mask op scalar` and `mask op mask` for
/// + - * / (and % << >> with integral elements): the mask's 0 / 1 lanes converted to the other
/// operand's element type (uint16_t for two masks), computed as simd op simd, and returned as
/// that type (simd<uint8_t> + mask is a simd<uint8_t>, as in DPC++). Views of masks are not
/// operands here, as in DPC++.
namespace detail {
template <class X>
inline constexpr bool is_plain_simd_v = is_simd_type_v<X>;
template <class X>
inline constexpr bool is_plain_mask_v = is_simd_mask_type_v<X>;
/// S a simd or a view of one (Intel's mask_math test adds a bit_cast_view and a mask).
template <class S, class M>
constexpr bool simd_mask_pair() {
  if constexpr (is_simd_like_v<S> && is_plain_mask_v<M>)
    return length_v<S> == length_v<M>;
  else
    return false;
}
template <class S, class M>
inline constexpr bool simd_mask_pair_v = simd_mask_pair<S, M>();
template <class T, class M>
inline constexpr bool scalar_mask_pair_v = is_valid_simd_elem_type_v<T>&& is_plain_mask_v<M>;
}  // namespace detail

#define XESIM_DEF_MASK_ARITH(OP, INTEGRAL_ONLY)                                           \
  template <class S, class M,                                                             \
            class = std::enable_if_t<detail::simd_mask_pair_v<S, M> &&                    \
                                     (!(INTEGRAL_ONLY) ||                                 \
                                      std::is_integral_v<typename S::element_type>)>>     \
  XESIM_INLINE auto operator OP(const S& a, const M& m)->detail::value_type_t<S> {        \
    using V = detail::value_type_t<S>;                                                    \
    return V(V(a) OP V(m));                                                               \
  }                                                                                       \
  template <class M, class S,                                                             \
            class = std::enable_if_t<detail::simd_mask_pair_v<S, M> &&                    \
                                     (!(INTEGRAL_ONLY) ||                                 \
                                      std::is_integral_v<typename S::element_type>)>,     \
            class = void>                                                                 \
  XESIM_INLINE auto operator OP(const M& m, const S& a)->detail::value_type_t<S> {        \
    using V = detail::value_type_t<S>;                                                    \
    return V(V(m) OP V(a));                                                               \
  }                                                                                       \
  template <class T, class M,                                                             \
            class = std::enable_if_t<detail::scalar_mask_pair_v<T, M> &&                  \
                                     (!(INTEGRAL_ONLY) || std::is_integral_v<T>)>>        \
  XESIM_INLINE simd<T, M::length> operator OP(T x, const M& m) {                          \
    using S = simd<T, M::length>;                                                         \
    return S(x OP S(m));                                                                  \
  }                                                                                       \
  template <class M, class T,                                                             \
            class = std::enable_if_t<detail::scalar_mask_pair_v<T, M> &&                  \
                                     (!(INTEGRAL_ONLY) || std::is_integral_v<T>)>,        \
            class = void>                                                                 \
  XESIM_INLINE simd<T, M::length> operator OP(const M& m, T x) {                          \
    using S = simd<T, M::length>;                                                         \
    return S(S(m) OP x);                                                                  \
  }                                                                                       \
  template <class M, class = std::enable_if_t<detail::is_plain_mask_v<M>>>                \
  XESIM_INLINE simd<simd_mask_elem_type, M::length> operator OP(const M& a, const M& b) { \
    using S = simd<simd_mask_elem_type, M::length>;                                       \
    return S(S(a) OP S(b));                                                               \
  }
XESIM_DEF_MASK_ARITH(+, false)
XESIM_DEF_MASK_ARITH(-, false)
XESIM_DEF_MASK_ARITH(*, false)
XESIM_DEF_MASK_ARITH(/, false)
XESIM_DEF_MASK_ARITH(%, true)
XESIM_DEF_MASK_ARITH(<<, true)
XESIM_DEF_MASK_ARITH(>>, true)
#undef XESIM_DEF_MASK_ARITH

/// Bitwise & | ^ of a simd (or simd view) with a mask: the mask's lanes converted to the simd's
/// element type; the result is that simd type. (A mask with a mask or an integer stays a mask,
/// see the mask operators below.)
#define XESIM_DEF_MASK_BITWISE(OP)                                                  \
  template <class S, class M,                                                       \
            class = std::enable_if_t<detail::simd_mask_pair_v<S, M> &&              \
                                     std::is_integral_v<typename S::element_type>>> \
  XESIM_INLINE auto operator OP(const S& a, const M& m)->detail::value_type_t<S> {  \
    using V = detail::value_type_t<S>;                                              \
    return V(V(a) OP V(m));                                                         \
  }                                                                                 \
  template <class M, class S,                                                       \
            class = std::enable_if_t<detail::simd_mask_pair_v<S, M> &&              \
                                     std::is_integral_v<typename S::element_type>>, \
            class = void>                                                           \
  XESIM_INLINE auto operator OP(const M& m, const S& a)->detail::value_type_t<S> {  \
    using V = detail::value_type_t<S>;                                              \
    return V(V(m) OP V(a));                                                         \
  }
XESIM_DEF_MASK_BITWISE(&)
XESIM_DEF_MASK_BITWISE(|)
XESIM_DEF_MASK_BITWISE(^)
#undef XESIM_DEF_MASK_BITWISE

/// Comparisons with a mask operand (Intel's mask_math test): the mask's lanes as a simd of the
/// other operand's element type (uint16_t against a mask or an integer... as the other's type),
/// compared lane by lane; the result is a mask. RELOPS also take two masks and any scalar;
/// == and != take a floating scalar here (masks against integers and masks are below).
#define XESIM_DEF_MASK_CMP(OP, RELOP)                                                   \
  template <class S, class M, class = std::enable_if_t<detail::simd_mask_pair_v<S, M>>> \
  XESIM_INLINE simd_mask<M::length> operator OP(const S& a, const M& m) {               \
    using V = detail::value_type_t<S>;                                                  \
    return V(a) OP V(m);                                                                \
  }                                                                                     \
  template <class M, class S, class = std::enable_if_t<detail::simd_mask_pair_v<S, M>>, \
            class = void>                                                               \
  XESIM_INLINE simd_mask<M::length> operator OP(const M& m, const S& a) {               \
    using V = detail::value_type_t<S>;                                                  \
    return V(m) OP V(a);                                                                \
  }                                                                                     \
  template <class T, class M,                                                           \
            class = std::enable_if_t<detail::scalar_mask_pair_v<T, M> &&                \
                                     ((RELOP) || !std::is_integral_v<T>)>>              \
  XESIM_INLINE simd_mask<M::length> operator OP(T x, const M& m) {                      \
    return x OP simd<T, M::length>(m);                                                  \
  }                                                                                     \
  template <class M, class T,                                                           \
            class = std::enable_if_t<detail::scalar_mask_pair_v<T, M> &&                \
                                     ((RELOP) || !std::is_integral_v<T>)>,              \
            class = void>                                                               \
  XESIM_INLINE simd_mask<M::length> operator OP(const M& m, T x) {                      \
    return simd<T, M::length>(m) OP x;                                                  \
  }
XESIM_DEF_MASK_CMP(<, true)
XESIM_DEF_MASK_CMP(<=, true)
XESIM_DEF_MASK_CMP(>, true)
XESIM_DEF_MASK_CMP(>=, true)
XESIM_DEF_MASK_CMP(==, false)
XESIM_DEF_MASK_CMP(!=, false)
#undef XESIM_DEF_MASK_CMP
#define XESIM_DEF_MASK_MASK_RELOP(OP)                                      \
  template <class M, class = std::enable_if_t<detail::is_plain_mask_v<M>>> \
  XESIM_INLINE simd_mask<M::length> operator OP(const M& a, const M& b) {  \
    using V = simd<simd_mask_elem_type, M::length>;                        \
    return V(a) OP V(b);                                                   \
  }
XESIM_DEF_MASK_MASK_RELOP(<)
XESIM_DEF_MASK_MASK_RELOP(<=)
XESIM_DEF_MASK_MASK_RELOP(>)
XESIM_DEF_MASK_MASK_RELOP(>=)
#undef XESIM_DEF_MASK_MASK_RELOP

// ------------------------------ comparisons
#define XESIM_DEF_CMPOP(OP, ID)                                                                 \
  template <class A, class B, class = std::enable_if_t<detail::arith_operands_v<A, B>>>         \
  XESIM_INLINE simd_mask<detail::operands_length<A, B>()> operator OP(const A& a, const B& b) { \
    return detail::comparison<detail::cmpop::ID>(a, b);                                         \
  }
XESIM_DEF_CMPOP(==, eq)
XESIM_DEF_CMPOP(!=, ne)
XESIM_DEF_CMPOP(<, lt)
XESIM_DEF_CMPOP(<=, le)
XESIM_DEF_CMPOP(>, gt)
XESIM_DEF_CMPOP(>=, ge)
#undef XESIM_DEF_CMPOP

// ------------------------------ mask operators
/// Element-wise on the uint16 lanes: & | ^ bitwise; && || == != give 1 / 0. A scalar operand
/// is broadcast.
#define XESIM_DEF_MASKOP(OP, EXPR)                                                          \
  template <class A, class B, class = std::enable_if_t<detail::mask_operands_v<A, B>>>      \
  XESIM_INLINE simd_mask<detail::mask_length<A, B>()> operator OP(const A& a, const B& b) { \
    constexpr int N = detail::mask_length<A, B>();                                          \
    const simd_mask<N> x = detail::as_mask<A, N>(a), y = detail::as_mask<B, N>(b);          \
    simd_mask<N> r;                                                                         \
    detail::map2_lanes_n<simd_mask_elem_type, N>(                                           \
        r.elems(), x.elems(), y.elems(), [](auto p, auto q) XESIM_LAMBDA {                  \
          return (decltype(p))(EXPR); /* a vector cast reinterprets: lanes 0/1 stay */      \
        });                                                                                 \
    return r;                                                                               \
  }
XESIM_DEF_MASKOP(&, p& q)
XESIM_DEF_MASKOP(|, p | q)
XESIM_DEF_MASKOP(^, p ^ q)
XESIM_DEF_MASKOP(&&, ((p != 0) & (q != 0)) & 1)
XESIM_DEF_MASKOP(||, ((p != 0) | (q != 0)) & 1)
XESIM_DEF_MASKOP(==, (p == q) & 1)
XESIM_DEF_MASKOP(!=, (p != q) & 1)
#undef XESIM_DEF_MASKOP

// ------------------------------ merge (free)
/// r[i] = m[i] ? a[i] : b[i].
template <class T, int N>
XESIM_INLINE simd<T, N> merge(const simd<T, N>& a, simd<T, N> b, const simd_mask<N>& m) {
  b.merge(a, m);
  return b;
}
/// r[i] = m[i] ? a[i] : b[i], on masks. (DPC++'s header returns `a` here, ignoring m; xesim gives
/// the documented result.)
template <int N>
XESIM_INLINE simd_mask<N> merge(const simd_mask<N>& a, simd_mask<N> b, const simd_mask<N>& m) {
  b.merge(a, m);
  return b;
}
/// merge of two views of the same length and element type.
template <
    class B1, class R1, class B2, class R2,
    class = std::enable_if_t<R1::length == R2::length &&
                             std::is_same_v<typename R1::element_type, typename R2::element_type>>>
XESIM_INLINE auto merge(const simd_view<B1, R1>& a, const simd_view<B2, R2>& b,
                        const simd_mask<R1::length>& m) {
  return merge(a.read(), b.read(), m);
}

}  // namespace xesim::esimd
