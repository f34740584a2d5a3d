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
#include "xesim/simd/simd_view.hpp"

namespace xesim::esimd {
namespace detail {

enum class binop { add, sub, mul, div, rem, shl, shr, bit_and, bit_or, bit_xor };

/// Integer division without a trap. DPC++ leaves x/0 unspecified; xesim gives all ones (-1 for
/// signed types) so that a lane that divides by zero, e.g. one a merge() discards afterwards,
/// never kills the host process. x%0 gives x.
template <class C> XESIM_INLINE C div_int(C a, C b) {
  if constexpr (std::is_signed_v<C>) {
    if (b == 0) return C(-1);
    if (b == C(-1)) return static_cast<C>(C(0) - static_cast<std::make_unsigned_t<C>>(a));
    return a / b;
  } else {
    return b == 0 ? std::numeric_limits<C>::max() : C(a / b);
  }
}
template <class C> XESIM_INLINE C rem_int(C a, C b) {
  if (b == 0) return a;
  if constexpr (std::is_signed_v<C>) {
    if (b == C(-1)) return C(0);
  }
  return a % b;
}

/// One element of `a op b` in the computation type C.
template <binop Op, class C> XESIM_INLINE C apply(C a, C b) {
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
template <class T> XESIM_INLINE void to_float_n(const T* src, float* dst, int n) {
  if constexpr (std::is_same_v<T, ::xesim::half>) {
    ::xesim::detail::f16_to_f32(src, dst, n);
  } else if constexpr (std::is_same_v<T, ::xesim::bfloat16>) {
    ::xesim::detail::bf16_to_f32(src, dst, n);
  } else {
    for (int i = 0; i < n; ++i) dst[i] = static_cast<float>(src[i]);
  }
}
template <class T> XESIM_INLINE void from_float_n(const float* src, T* dst, int n) {
  if constexpr (std::is_same_v<T, ::xesim::half>) {
    ::xesim::detail::f32_to_f16(src, dst, n);
  } else if constexpr (std::is_same_v<T, ::xesim::bfloat16>) {
    ::xesim::detail::f32_to_bf16(src, dst, n);
  } else {
    for (int i = 0; i < n; ++i) dst[i] = T(src[i]);
  }
}

/// An operand of an element-wise loop: N elements in memory, or one scalar for all lanes.
template <class R> struct vec_operand {
  const R* p;
  static constexpr bool kScalar = false;
  XESIM_INLINE R operator[](int i) const { return p[i]; }
};
template <class R> struct scalar_operand {
  R v;
  static constexpr bool kScalar = true;
  XESIM_INLINE R operator[](int) const { return v; }
};

/// Lanes processed per float block when computing on wrapper types.
inline constexpr int kWrapperBlock = 64;

template <class R, class Opnd> XESIM_INLINE void operand_to_float(const Opnd& o, int base, float* f, int n) {
  if constexpr (Opnd::kScalar) {
    const float x = static_cast<float>(o.v);
    for (int i = 0; i < n; ++i) f[i] = x;
  } else {
    to_float_n<R>(o.p + base, f, n);
  }
}

/// r[i] = a[i] op b[i] for add, sub, mul of arithmetic R, in 64-byte GCC vectors (one zmm),
/// fully unrolled: g++ -O2 then keeps every operand in registers and fuses a*b+c into an FMA.
/// (Its auto-vectoriser at -O2 leaves N = 33 scalar and passes N > 16 results through memory.)
/// Integers wrap: computed as unsigned. Returns the lanes done; the caller's loop does the rest.
template <binop Op, class R, int N, class A, class B>
XESIM_INLINE int binop_vec(R* __restrict r, const A& a, const B& b) {
  using C = typename std::conditional_t<std::is_integral_v<R>, std::make_unsigned<R>,
                                        std::type_identity<R>>::type;
  typedef C vec __attribute__((vector_size(64)));
  constexpr int W = 64 / static_cast<int>(sizeof(R));
  auto lanes = [](const auto& o, int k) {
    vec x;
    if constexpr (std::remove_cvref_t<decltype(o)>::kScalar) x = vec{} + static_cast<C>(o.v);
    else __builtin_memcpy(&x, o.p + k * W, 64);
    return x;
  };
#pragma GCC unroll 64
  for (int k = 0; k < N / W; ++k) {
    const vec x = lanes(a, k), y = lanes(b, k);
    vec z;
    if constexpr (Op == binop::add) z = x + y;
    if constexpr (Op == binop::sub) z = x - y;
    if constexpr (Op == binop::mul) z = x * y;
    __builtin_memcpy(r + k * W, &z, 64);
  }
  return N / W * W;
}

#if defined(__AVX512F__)
/// r[i] = a[i] op b[i] for half, 16 lanes at a time converted in registers (vcvtph2ps, op,
/// vcvtps2ph: the same bits as the block path), fully unrolled. Returns the lanes done.
template <binop Op, int N, class A, class B>
XESIM_INLINE int binop_half16(::xesim::half* __restrict r, const A& a, const B& b) {
  auto lanes = [](const auto& o, int k) {
    if constexpr (std::remove_cvref_t<decltype(o)>::kScalar)
      return _mm512_set1_ps(static_cast<float>(o.v));
    else
      return _mm512_maskz_cvtph_ps(
          0xffff, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(o.p + 16 * k)));
  };
#pragma GCC unroll 64
  for (int k = 0; k < N / 16; ++k) {
    const __m512 x = lanes(a, k), y = lanes(b, k);
    __m512 z;
    if constexpr (Op == binop::add) z = _mm512_add_ps(x, y);
    if constexpr (Op == binop::sub) z = _mm512_sub_ps(x, y);
    if constexpr (Op == binop::mul) z = _mm512_mul_ps(x, y);
    if constexpr (Op == binop::div) z = _mm512_div_ps(x, y);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(r + 16 * k),
                        _mm512_maskz_cvtps_ph(0xffff, z, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
  }
  return N / 16 * 16;
}
#endif

/// r[i] = a[i] op b[i] for i < N.
template <binop Op, class R, int N, class A, class B>
XESIM_INLINE void binop_loop(R* __restrict r, const A& a, const B& b) {
  if constexpr (is_wrapper_elem_type_v<R>) {
    int done = 0;
#if defined(__AVX512F__)
    if constexpr (std::is_same_v<R, ::xesim::half>) done = binop_half16<Op, N>(r, a, b);
#endif
    for (int base = done; base < N; base += kWrapperBlock) {
      const int n = N - base < kWrapperBlock ? N - base : kWrapperBlock;
      float fa[kWrapperBlock], fb[kWrapperBlock], fr[kWrapperBlock];
      operand_to_float<R>(a, base, fa, n);
      operand_to_float<R>(b, base, fb, n);
      for (int i = 0; i < n; ++i) fr[i] = apply<Op, float>(fa[i], fb[i]);
      from_float_n<R>(fr, r + base, n);
    }
  } else {
    int i = 0;
    if constexpr (Op == binop::add || Op == binop::sub || Op == binop::mul)
      i = binop_vec<Op, R, N>(r, a, b);
#pragma GCC unroll 16
    for (; i < N; ++i) r[i] = apply<Op, R>(a[i], b[i]);
  }
}

/// An operand as elements of R: a reference when it already is simd<R, N>, else a converted copy.
template <class R, int N, class X> XESIM_INLINE decltype(auto) as_simd(const X& x) {
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
inline constexpr bool arith_operands_v =
    (is_simd_like_v<A> || is_simd_like_v<B>) &&
    (is_simd_like_v<A> || is_valid_simd_elem_type_v<A>) &&
    (is_simd_like_v<B> || is_valid_simd_elem_type_v<B>);

template <class X, bool = is_simd_like_v<X>> struct operand_elem { using type = X; };
template <class X> struct operand_elem<X, true> { using type = element_type_t<X>; };
template <class X> using operand_elem_t = typename operand_elem<X>::type;

template <class A, class B> constexpr int operands_length() {
  if constexpr (is_simd_like_v<A> && is_simd_like_v<B>) {
    static_assert(length_v<A> == length_v<B>, "simd operator: operands differ in length");
    return length_v<A>;
  } else if constexpr (is_simd_like_v<A>) {
    return length_v<A>;
  } else {
    return length_v<B>;
  }
}

template <binop Op, class A, class B> XESIM_INLINE auto binary(const A& a, const B& b) {
  using R = computation_type_t<operand_elem_t<A>, operand_elem_t<B>>;
  constexpr int N = operands_length<A, B>();
  simd<R, N> r;
  if constexpr (!is_simd_like_v<A>) {
    const auto& vb = as_simd<R, N>(b);
    binop_loop<Op, R, N>(r.elems(), scalar_operand<R>{convert_scalar<R>(a)},
                         vec_operand<R>{vb.elems()});
  } else if constexpr (!is_simd_like_v<B>) {
    const auto& va = as_simd<R, N>(a);
    binop_loop<Op, R, N>(r.elems(), vec_operand<R>{va.elems()},
                         scalar_operand<R>{convert_scalar<R>(b)});
  } else {
    const auto& va = as_simd<R, N>(a);
    const auto& vb = as_simd<R, N>(b);
    binop_loop<Op, R, N>(r.elems(), vec_operand<R>{va.elems()}, vec_operand<R>{vb.elems()});
  }
  return r;
}

enum class cmpop { eq, ne, lt, le, gt, ge };
template <cmpop Op, class C> XESIM_INLINE bool compare(C a, C b) {
  if constexpr (Op == cmpop::eq) return a == b;
  if constexpr (Op == cmpop::ne) return a != b;
  if constexpr (Op == cmpop::lt) return a < b;
  if constexpr (Op == cmpop::le) return a <= b;
  if constexpr (Op == cmpop::gt) return a > b;
  if constexpr (Op == cmpop::ge) return a >= b;
}

template <cmpop Op, class A, class B> XESIM_INLINE auto comparison(const A& a, const B& b) {
  using R = computation_type_t<operand_elem_t<A>, operand_elem_t<B>>;
  using C = compute_t<R>;
  constexpr int N = operands_length<A, B>();
  simd_mask<N> m;
  auto* out = m.elems();
  if constexpr (is_wrapper_elem_type_v<R>) {
    // Compare in float: exact for half, bfloat16 and tfloat32 values.
    const simd<float, N> fa = simd<float, N>(as_simd<R, N>(a));
    const simd<float, N> fb = simd<float, N>(as_simd<R, N>(b));
    for (int i = 0; i < N; ++i) out[i] = compare<Op, float>(fa.elems()[i], fb.elems()[i]);
  } else if constexpr (!is_simd_like_v<A>) {
    const C x = convert_scalar<C>(a);
    const auto& vb = as_simd<R, N>(b);
    for (int i = 0; i < N; ++i) out[i] = compare<Op, C>(x, vb.elems()[i]);
  } else if constexpr (!is_simd_like_v<B>) {
    const C y = convert_scalar<C>(b);
    const auto& va = as_simd<R, N>(a);
    for (int i = 0; i < N; ++i) out[i] = compare<Op, C>(va.elems()[i], y);
  } else {
    const auto& va = as_simd<R, N>(a);
    const auto& vb = as_simd<R, N>(b);
    for (int i = 0; i < N; ++i) out[i] = compare<Op, C>(va.elems()[i], vb.elems()[i]);
  }
  return m;
}

template <class X>
inline constexpr bool is_integral_operand_v = std::is_integral_v<operand_elem_t<X>>;

// ---- masks ------------------------------------------------------------------------------------
template <class A, class B>
inline constexpr bool mask_operands_v =
    (is_mask_like_v<A> || is_mask_like_v<B>) &&
    (is_mask_like_v<A> || std::is_integral_v<A>) && (is_mask_like_v<B> || std::is_integral_v<B>);

template <class X, int N> XESIM_INLINE simd_mask<N> as_mask(const X& x) { return simd_mask<N>(x); }
template <class A, class B> constexpr int mask_length() {
  if constexpr (is_mask_like_v<A>) return length_v<A>;
  else return length_v<B>;
}

}  // namespace detail

// ------------------------------ arithmetic and bitwise operators
#define XESIM_DEF_BINOP(OP, ID, COND)                                                 \
  template <class A, class B,                                                        \
            class = std::enable_if_t<detail::arith_operands_v<A, B> && (COND)>>      \
  XESIM_INLINE auto operator OP(const A& a, const B& b) {                            \
    return detail::binary<detail::binop::ID>(a, b);                                  \
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

// ------------------------------ comparisons
#define XESIM_DEF_CMPOP(OP, ID)                                                                \
  template <class A, class B, class = std::enable_if_t<detail::arith_operands_v<A, B>>>       \
  XESIM_INLINE simd_mask<detail::operands_length<A, B>()> operator OP(const A& a, const B& b) { \
    return detail::comparison<detail::cmpop::ID>(a, b);                                       \
  }
XESIM_DEF_CMPOP(==, eq)
XESIM_DEF_CMPOP(!=, ne)
XESIM_DEF_CMPOP(<, lt)
XESIM_DEF_CMPOP(<=, le)
XESIM_DEF_CMPOP(>, gt)
XESIM_DEF_CMPOP(>=, ge)
#undef XESIM_DEF_CMPOP

// ------------------------------ mask operators
#define XESIM_DEF_MASKOP(OP, EXPR)                                                          \
  template <class A, class B, class = std::enable_if_t<detail::mask_operands_v<A, B>>>     \
  XESIM_INLINE simd_mask<detail::mask_length<A, B>()> operator OP(const A& a, const B& b) { \
    constexpr int N = detail::mask_length<A, B>();                                          \
    const simd_mask<N> x = detail::as_mask<A, N>(a), y = detail::as_mask<B, N>(b);          \
    simd_mask<N> r;                                                                         \
    for (int i = 0; i < N; ++i) {                                                           \
      const simd_mask_elem_type p = x.elems()[i], q = y.elems()[i];                         \
      r.elems()[i] = static_cast<simd_mask_elem_type>(EXPR);                                \
    }                                                                                       \
    return r;                                                                               \
  }
XESIM_DEF_MASKOP(&, p & q)
XESIM_DEF_MASKOP(|, p | q)
XESIM_DEF_MASKOP(^, p ^ q)
XESIM_DEF_MASKOP(&&, p && q)
XESIM_DEF_MASKOP(||, p || q)
XESIM_DEF_MASKOP(==, p == q)
XESIM_DEF_MASKOP(!=, p != q)
#undef XESIM_DEF_MASKOP

// ------------------------------ merge (free)
/// r[i] = m[i] ? a[i] : b[i].
template <class T, int N> simd<T, N> merge(const simd<T, N>& a, simd<T, N> b, const simd_mask<N>& m) {
  b.merge(a, m);
  return b;
}
/// r[i] = m[i] ? a[i] : b[i], on masks. (DPC++'s header returns `a` here, ignoring m; xesim gives
/// the documented result.)
template <int N>
simd_mask<N> merge(const simd_mask<N>& a, simd_mask<N> b, const simd_mask<N>& m) {
  b.merge(a, m);
  return b;
}
/// merge of two views of the same length and element type.
template <class B1, class R1, class B2, class R2,
          class = std::enable_if_t<R1::length == R2::length &&
                                   std::is_same_v<typename R1::element_type, typename R2::element_type>>>
auto merge(const simd_view<B1, R1>& a, const simd_view<B2, R2>& b, const simd_mask<R1::length>& m) {
  return merge(a.read(), b.read(), m);
}

}  // namespace xesim::esimd
