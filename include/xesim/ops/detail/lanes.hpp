// Lane loops shared by the math, conversion and rounding operations.
// Every op computes one lane with a small branch-free function (a "kernel": C k(C) or
// C k(C, C), C = float or double); these helpers run a kernel over a whole simd so that g++ -O2
// turns the loop into vector instructions:
// - g++ 12 at -O2 vectorises only loops whose trip count is a known multiple of the vector
//   length (its "very cheap" cost model), so a length-N loop runs as N/16*16 lanes plus one
//   padded 16-lane block (padding lanes compute on 1.0 and are dropped);
// - half / bfloat16 / tfloat32 lanes are widened to float 64 at a time with the block
//   conversions of fp_convert.hpp (g++ leaves _Float16 <-> float loops scalar), computed in float
//   and rounded back once, the way simd arithmetic on these types rounds.
#pragma once

#include <bit>

#include "xesim/simd/operators.hpp"

namespace xesim::esimd::detail::ops {

/// Lanes of the padded tail block: a multiple of every CPU vector length (AVX-512: 16 floats).
inline constexpr int kLaneBlock = 16;
/// Wrapper-type lanes widened to float per step (multiple of kLaneBlock).
inline constexpr int kFloatBlock = 64;

/// The C++ type a lane of T is computed in: double for double, float for every other
/// floating type (half, bfloat16, tfloat32 included).
template <class T>
using math_t = std::conditional_t<std::is_same_v<T, double>, double, float>;

// ------------------------------ map_n / map2_n
/// out[i] = k(in[i]) for i < N (in and out may be the same array).
template <int N, class C, class K>
XESIM_INLINE void map_n(const C* in, C* out, K k) {
  constexpr int kMain = N / kLaneBlock * kLaneBlock;
  for (int i = 0; i < kMain; ++i) out[i] = k(in[i]);
  if constexpr (kMain < N) {
    constexpr int kTail = N - kMain;
    C a[kLaneBlock], r[kLaneBlock];
    for (int i = 0; i < kLaneBlock; ++i) a[i] = C(1);
    for (int i = 0; i < kTail; ++i) a[i] = in[kMain + i];
    for (int i = 0; i < kLaneBlock; ++i) r[i] = k(a[i]);
    for (int i = 0; i < kTail; ++i) out[kMain + i] = r[i];
  }
}
/// out[i] = k(a[i], b[i]) for i < N.
template <int N, class C, class K>
XESIM_INLINE void map2_n(const C* a, const C* b, C* out, K k) {
  constexpr int kMain = N / kLaneBlock * kLaneBlock;
  for (int i = 0; i < kMain; ++i) out[i] = k(a[i], b[i]);
  if constexpr (kMain < N) {
    constexpr int kTail = N - kMain;
    C x[kLaneBlock], y[kLaneBlock], r[kLaneBlock];
    for (int i = 0; i < kLaneBlock; ++i) x[i] = y[i] = C(1);
    for (int i = 0; i < kTail; ++i) x[i] = a[kMain + i], y[i] = b[kMain + i];
    for (int i = 0; i < kLaneBlock; ++i) r[i] = k(x[i], y[i]);
    for (int i = 0; i < kTail; ++i) out[kMain + i] = r[i];
  }
}

// ------------------------------ widen / narrow
/// dst[0, n) = float(src[0, n)) and back, for the wrapper types.
template <class T>
XESIM_INLINE void widen(const T* src, float* dst, int n) {
  to_float_n<T>(src, dst, n);
}
template <class T>
XESIM_INLINE void narrow(const float* src, T* dst, int n) {
  from_float_n<T>(src, dst, n);
}

// ------------------------------ map_blocks
/// Runs a block kernel `bk` over x's lanes computed in math_t<T> and returns the results as T.
/// bk.template operator()<M>(const C* in, C* out) computes M lanes (M a constant): it gets the
/// whole vector for float and double; half, bfloat16 and tfloat32 lanes are widened to float
/// in blocks of kFloatBlock (padded with 1.0) and rounded back once.
template <class T, int N, class BK>
XESIM_INLINE simd<T, N> map_blocks(const simd<T, N>& x, BK bk) {
  simd<T, N> r;
  if constexpr (is_wrapper_elem_type_v<T>) {
    for (int base = 0; base < N; base += kFloatBlock) {
      const int n = N - base < kFloatBlock ? N - base : kFloatBlock;
      float a[kFloatBlock];
      widen<T>(x.elems() + base, a, n);
      for (int i = n; i < kFloatBlock; ++i) a[i] = 1.0f;
      bk.template operator()<kFloatBlock>(a, a);
      narrow<T>(a, r.elems() + base, n);
    }
  } else {
    bk.template operator()<N>(x.elems(), r.elems());
  }
  return r;
}

// ------------------------------ map_lanes / map2_lanes
/// r[i] = k(x[i]), k a lane kernel on math_t<T> (see map_blocks for the wrapper types).
template <class T, int N, class K>
XESIM_INLINE simd<T, N> map_lanes(const simd<T, N>& x, K k) {
  using C = math_t<T>;
  return map_blocks(x, [k]<int M>(const C* in, C* out) { map_n<M>(in, out, k); });
}

/// r[i] = k(a[i], b[i]) computed in math_t<T>.
template <class T, int N, class K>
XESIM_INLINE simd<T, N> map2_lanes(const simd<T, N>& a, const simd<T, N>& b, K k) {
  simd<T, N> r;
  if constexpr (is_wrapper_elem_type_v<T>) {
    for (int base = 0; base < N; base += kFloatBlock) {
      const int n = N - base < kFloatBlock ? N - base : kFloatBlock;
      float x[kFloatBlock], y[kFloatBlock];
      widen<T>(a.elems() + base, x, n);
      widen<T>(b.elems() + base, y, n);
      for (int i = n; i < kFloatBlock; ++i) x[i] = y[i] = 1.0f;
      map2_n<kFloatBlock>(x, y, x, k);
      narrow<T>(x, r.elems() + base, n);
    }
  } else {
    map2_n<N>(a.elems(), b.elems(), r.elems(), k);
  }
  return r;
}

// ------------------------------ bit helpers
template <class To, class From>
XESIM_INLINE constexpr To bits_as(From v) {
  return std::bit_cast<To>(v);
}
/// c ? a : b without a branch. g++ lowers a floating ?: to if/else, then sinks the computation
/// of the unselected arm into a branch, where trapping float ops block if-conversion and the
/// loop stays scalar; an integer blend keeps both arms unconditional.
XESIM_INLINE float blend(bool c, float a, float b) {
  const uint32_t m = 0u - static_cast<uint32_t>(c);
  return bits_as<float>((bits_as<uint32_t>(a) & m) | (bits_as<uint32_t>(b) & ~m));
}

/// |x| with the sign bit cleared (NaNs keep their payload).
XESIM_INLINE float abs_bits(float x) { return bits_as<float>(bits_as<uint32_t>(x) & 0x7fffffffu); }
XESIM_INLINE double abs_bits(double x) {
  return bits_as<double>(bits_as<uint64_t>(x) & 0x7fffffffffffffffull);
}
/// The magnitude of `mag` with the sign of `sgn`.
XESIM_INLINE float copy_sign(float mag, float sgn) {
  return bits_as<float>((bits_as<uint32_t>(mag) & 0x7fffffffu) |
                        (bits_as<uint32_t>(sgn) & 0x80000000u));
}
XESIM_INLINE double copy_sign(double mag, double sgn) {
  return bits_as<double>((bits_as<uint64_t>(mag) & 0x7fffffffffffffffull) |
                         (bits_as<uint64_t>(sgn) & 0x8000000000000000ull));
}

}  // namespace xesim::esimd::detail::ops
