// The floating-point functions of DPC++'s experimental math (sycl::ext::intel::experimental::
// esimd): dp4, srnd, fma, sincos, atan, acos, asin, atan2, atan2_fast, fmod, sin_emu, cos_emu,
// tanh, tanh_cody_waite, and the deprecated Gen9 dot products dp2, dp3, dp4, dph, line, lrp.
// DPC++ builds atan, acos, asin, atan2, fmod, sin_emu and tanh from polynomial sequences of EU
// instructions; xesim computes them with the C library in float (double for double), which is
// at least as accurate, so a program's tolerance against std:: results holds here too.
#pragma once

#include <cmath>
#include <cstdint>

#include "xesim/ops/experimental_bits.hpp"
#include "xesim/ops/math.hpp"

namespace xesim::esimd {
namespace detail::ops {

/// r[i] = f(x[i]) in math_t<T> (float, or double for double), T a std floating type.
template <class T, int N, class F>
XESIM_INLINE simd<T, N> libm_lanes(const simd<T, N>& x, F f) {
  simd<T, N> r;
  for (int i = 0; i < N; ++i) r.elems()[i] = static_cast<T>(f(static_cast<math_t<T>>(x.elems()[i])));
  return r;
}
template <class T, int N, class F>
XESIM_INLINE simd<T, N> libm_lanes2(const simd<T, N>& a, const simd<T, N>& b, F f) {
  simd<T, N> r;
  for (int i = 0; i < N; ++i)
    r.elems()[i] = static_cast<T>(
        f(static_cast<math_t<T>>(a.elems()[i]), static_cast<math_t<T>>(b.elems()[i])));
  return r;
}

/// float -> half with stochastic rounding: the result is x truncated toward zero to half, or
/// the next half away from zero when the 13-bit fraction of the gap between them plus the low
/// 13 bits of `rnd` reaches 2^13 (so it rounds up with probability equal to the fraction).
inline ::xesim::half srnd_lane(float x, uint16_t rnd) {
  using ::xesim::detail::half_bits;
  using ::xesim::detail::half_from_bits;
  if (!std::isfinite(x)) return ::xesim::half(x);
  const float ax = std::fabs(x);
  uint16_t lo = half_bits(::xesim::half(ax));  // nearest; step down if it rounded up
  if (static_cast<float>(half_from_bits(lo)) > ax) --lo;
  const uint16_t hi = static_cast<uint16_t>(lo + 1);  // 0x7c00 (+inf) past the largest half
  const double flo = static_cast<float>(half_from_bits(lo));
  const double fhi = static_cast<float>(half_from_bits(hi));
  const uint32_t frac13 = static_cast<uint32_t>((ax - flo) / (fhi - flo) * 8192.0);
  const uint16_t mag = frac13 + (rnd & 0x1fffu) >= 0x2000u ? hi : lo;
  return half_from_bits(static_cast<uint16_t>(mag | (std::signbit(x) ? 0x8000u : 0u)));
}

}  // namespace detail::ops

namespace xesim_experimental {

// ------------------------------ dp4 (current form)
/// Dot product of each group of 4 lanes of v1 and v2, written to all 4 lanes of the group;
/// computed in float (double for double), rounded once to T. Pre: N a multiple of 4.
/// HW: dp4 (Gen9) / mul + add sequence.
template <class T, int N>
XESIM_INLINE simd<T, N> dp4(simd<T, N> v1, simd<T, N> v2) {
  static_assert(N % 4 == 0, "dp4: the vector size must be a multiple of 4");
  using C = detail::ops::math_t<T>;
  simd<T, N> r;
  for (int i = 0; i < N; i += 4) {
    C s = C(0);
    for (int k = 0; k < 4; ++k)
      s += static_cast<C>(v1.elems()[i + k]) * static_cast<C>(v2.elems()[i + k]);
    for (int k = 0; k < 4; ++k) r.elems()[i + k] = static_cast<T>(s);
  }
  return r;
}

// ------------------------------ srnd
/// float -> half with stochastic rounding driven by src1 (see detail::ops::srnd_lane).
/// HW: srnd (PVC-XT and later).
template <int N>
XESIM_INLINE simd<::xesim::half, N> srnd(simd<float, N> src0, simd<uint16_t, N> src1) {
  simd<::xesim::half, N> r;
  for (int i = 0; i < N; ++i) r.elems()[i] = detail::ops::srnd_lane(src0.elems()[i], src1.elems()[i]);
  return r;
}

// ------------------------------ fma
/// a * b + c rounded once in T's enclosing C++ type (float for half / bfloat16 / tfloat32, then
/// rounded to T as DPC++ does). Pre: T floating. HW: mad.
template <class T, int N>
XESIM_INLINE simd<T, N> fma(simd<T, N> a, simd<T, N> b, simd<T, N> c) {
  static_assert(detail::is_generic_floating_point_v<T>, "fma only supports floating point types");
  using C = detail::__cpp_t<T>;
  simd<T, N> r;
  for (int i = 0; i < N; ++i)
    r.elems()[i] = static_cast<T>(std::fma(static_cast<C>(a.elems()[i]), static_cast<C>(b.elems()[i]),
                                           static_cast<C>(c.elems()[i])));
  return r;
}

// ------------------------------ sincos
/// Returns sin(src0), writes cos(src0) to dstcos (esimd::sin / cos, with Sat).
template <int SZ, class U, class Sat = saturation_off_tag>
XESIM_INLINE simd<float, SZ> sincos(simd<float, SZ>& dstcos, U src0, Sat sat = {}) {
  dstcos = esimd::cos(src0, sat);
  return esimd::sin(src0, sat);
}

// ------------------------------ atan / acos / asin
/// Inverse trigonometric functions per element, radians. Pre: T float or double.
template <class T, int SZ>
XESIM_INLINE simd<T, SZ> atan(simd<T, SZ> src0) {
  static_assert(std::is_floating_point_v<T>, "Floating point argument type is expected.");
  return detail::ops::libm_lanes(src0, [](auto x) { return std::atan(x); });
}
template <class T>
XESIM_INLINE T atan(T src0) {
  static_assert(std::is_floating_point_v<T>, "Floating point argument type is expected.");
  return atan(simd<T, 1>(src0)).elems()[0];
}
template <class T, int SZ>
XESIM_INLINE std::enable_if_t<std::is_floating_point_v<T>, simd<T, SZ>> acos(simd<T, SZ> src0) {
  return detail::ops::libm_lanes(src0, [](auto x) { return std::acos(x); });
}
template <class T>
XESIM_INLINE std::enable_if_t<std::is_floating_point_v<T>, T> acos(T src0) {
  return acos(simd<T, 1>(src0)).elems()[0];
}
template <class T, int SZ>
XESIM_INLINE std::enable_if_t<std::is_floating_point_v<T>, simd<T, SZ>> asin(simd<T, SZ> src0) {
  return detail::ops::libm_lanes(src0, [](auto x) { return std::asin(x); });
}
template <class T>
XESIM_INLINE std::enable_if_t<std::is_floating_point_v<T>, T> asin(T src0) {
  return asin(simd<T, 1>(src0)).elems()[0];
}

// ------------------------------ atan2 / atan2_fast / fmod
/// atan2(y, x) per element in (-pi, pi]. atan2_fast is DPC++'s cheaper approximation; here both
/// are the C library's. Scalar forms take float only (DPC++ defines only that specialization).
template <int N>
XESIM_INLINE simd<float, N> atan2(simd<float, N> y, simd<float, N> x) {
  return detail::ops::libm_lanes2(y, x, [](float a, float b) { return std::atan2(a, b); });
}
template <class T>
XESIM_INLINE float atan2(T y, T x) {
  static_assert(std::is_same_v<T, float>, "atan2: the scalar form takes float");
  return atan2(simd<float, 1>(y), simd<float, 1>(x)).elems()[0];
}
template <int N>
XESIM_INLINE simd<float, N> atan2_fast(simd<float, N> y, simd<float, N> x) {
  return atan2(y, x);
}
template <class T>
XESIM_INLINE float atan2_fast(T y, T x) {
  static_assert(std::is_same_v<T, float>, "atan2_fast: the scalar form takes float");
  return atan2(simd<float, 1>(y), simd<float, 1>(x)).elems()[0];
}
/// y - x * trunc(y / x) with y's sign, exact (std::fmod).
template <int N>
XESIM_INLINE simd<float, N> fmod(simd<float, N> y, simd<float, N> x) {
  return detail::ops::libm_lanes2(y, x, [](float a, float b) { return std::fmod(a, b); });
}
template <class T>
XESIM_INLINE float fmod(T y, T x) {
  static_assert(std::is_same_v<T, float>, "fmod: the scalar form takes float");
  return fmod(simd<float, 1>(y), simd<float, 1>(x)).elems()[0];
}

// ------------------------------ sin_emu / cos_emu / tanh / tanh_cody_waite
/// sin, cos and tanh computed without the math unit on the GPU; here the C library's.
template <int N>
XESIM_INLINE simd<float, N> sin_emu(simd<float, N> x) {
  return detail::ops::libm_lanes(x, [](float v) { return std::sin(v); });
}
template <class T>
XESIM_INLINE float sin_emu(T x) {
  static_assert(std::is_same_v<T, float>, "sin_emu: the scalar form takes float");
  return sin_emu(simd<float, 1>(x)).elems()[0];
}
template <int N>
XESIM_INLINE simd<float, N> cos_emu(simd<float, N> x) {
  return detail::ops::libm_lanes(x, [](float v) { return std::cos(v); });
}
template <class T>
XESIM_INLINE float cos_emu(T x) {
  static_assert(std::is_same_v<T, float>, "cos_emu: the scalar form takes float");
  return cos_emu(simd<float, 1>(x)).elems()[0];
}
template <int N>
XESIM_INLINE simd<float, N> tanh(simd<float, N> x) {
  return detail::ops::libm_lanes(x, [](float v) { return std::tanh(v); });
}
inline float tanh(float x) { return std::tanh(x); }
template <int N>
XESIM_INLINE simd<float, N> tanh_cody_waite(simd<float, N> x) {
  return tanh(x);
}
inline float tanh_cody_waite(float x) { return std::tanh(x); }

// ------------------------------ dp2 / dp3 / dp4 / dph / line / lrp (deprecated Gen9 forms)
// DPC++'s emulation sequences, lane for lane: src1 is a scalar broadcast to every lane; a group
// of 4 lanes all get the group's result; saturation (any Sat but saturation_off_tag) clamps the
// float result to [0, 1]. Pre: float operands, SZ a multiple of 4.
#define XESIM_GEN9_DEPRECATED [[deprecated("Gen9 specific: use emulation sequence")]]
#define XESIM_GEN9_FLOATS(A, B)                                                      \
  detail::is_fp_or_dword_type<A>::value&& std::is_floating_point_v<A>&&            \
      detail::is_fp_or_dword_type<B>::value&& std::is_floating_point_v<B>

namespace gen9 {
/// Lanes of the group starting at i all take v; the result saturated when Sat, then to T0.
template <class T0, int SZ, bool Sat>
XESIM_INLINE simd<T0, SZ> finish(const simd<float, SZ>& r) {
  if constexpr (Sat) return simd<T0, SZ>(saturate<float>(r));
  else return simd<T0, SZ>(r);
}
/// sum over k < K of src0[i + k] * s, plus (Dph) 1.0 * s in double, per group of 4.
template <int K, bool Dph, class T1, int SZ>
XESIM_INLINE simd<float, SZ> dot(const simd<T1, SZ>& src0, float s) {
  static_assert(SZ % 4 == 0, "result size is not a multiple of 4");
  simd<float, SZ> r;
  for (int i = 0; i < SZ; i += 4) {
    float acc = static_cast<float>(src0.elems()[i]) * s;
    for (int k = 1; k < K; ++k) acc = acc + static_cast<float>(src0.elems()[i + k]) * s;
    const float v = Dph ? static_cast<float>(static_cast<double>(acc) + 1.0 * s) : acc;
    for (int k = 0; k < 4; ++k) r.elems()[i + k] = v;
  }
  return r;
}
}  // namespace gen9

template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_GEN9_DEPRECATED XESIM_INLINE std::enable_if_t<XESIM_GEN9_FLOATS(T1, U), simd<T0, SZ>> dp2(
    simd<T1, SZ> src0, U src1, Sat = {}) {
  return gen9::finish<T0, SZ, detail::ops::sat_on<Sat>()>(
      gen9::dot<2, false>(src0, static_cast<float>(src1)));
}
template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_GEN9_DEPRECATED XESIM_INLINE std::enable_if_t<XESIM_GEN9_FLOATS(T1, U), simd<T0, SZ>> dp3(
    simd<T1, SZ> src0, U src1, Sat = {}) {
  return gen9::finish<T0, SZ, detail::ops::sat_on<Sat>()>(
      gen9::dot<3, false>(src0, static_cast<float>(src1)));
}
template <class T0, class T1, int SZ, class U, class Sat = saturation_off_tag>
XESIM_GEN9_DEPRECATED XESIM_INLINE std::enable_if_t<XESIM_GEN9_FLOATS(T1, U), simd<T0, SZ>> dp4(
    simd<T1, SZ> src0, U src1, Sat = {}) {
  return gen9::finish<T0, SZ, detail::ops::sat_on<Sat>()>(
      gen9::dot<4, false>(src0, static_cast<float>(src1)));
}
/// Three products plus 1.0 * src1 (DPC++'s sequence, the last term added in double).
template <class T, class U, int SZ, class Sat = saturation_off_tag>
XESIM_GEN9_DEPRECATED XESIM_INLINE std::enable_if_t<XESIM_GEN9_FLOATS(T, U), simd<T, SZ>> dph(
    simd<T, SZ> src0, U src1, Sat = {}) {
  return gen9::finish<T, SZ, detail::ops::sat_on<Sat>()>(
      gen9::dot<3, true>(src0, static_cast<float>(src1)));
}
/// All 4 lanes of group i get src0[0] * src1[i] + src0[3] (DPC++'s sequence reads lane i of
/// each group only).
template <class T, int SZ, class Sat = saturation_off_tag>
XESIM_GEN9_DEPRECATED XESIM_INLINE
    std::enable_if_t<detail::is_fp_or_dword_type<T>::value && std::is_floating_point_v<T>,
                     simd<T, SZ>>
    line(simd<T, 4> src0, simd<T, SZ> src1, Sat = {}) {
  static_assert(SZ % 4 == 0, "result size is not a multiple of 4");
  simd<float, SZ> r;
  for (int i = 0; i < SZ; i += 4) {
    const float v = static_cast<float>(src0.elems()[0]) * static_cast<float>(src1.elems()[i]) +
                    static_cast<float>(src0.elems()[3]);
    for (int k = 0; k < 4; ++k) r.elems()[i + k] = v;
  }
  return gen9::finish<T, SZ, detail::ops::sat_on<Sat>()>(r);
}
/// line with src0 = {P, P, P, Q}.
template <class T, int SZ, class Sat = saturation_off_tag>
XESIM_GEN9_DEPRECATED XESIM_INLINE
    std::enable_if_t<detail::is_fp_or_dword_type<T>::value && std::is_floating_point_v<T>,
                     simd<T, SZ>>
    line(float P, float Q, simd<T, SZ> src1, Sat sat = {}) {
  simd<T, 4> src0(static_cast<T>(P));
  src0.elems()[3] = static_cast<T>(Q);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  return line<T, SZ, Sat>(src0, src1, sat);
#pragma GCC diagnostic pop
}
/// src1 * src0 + src2 * (1 - src0) per element, in float.
template <class T, int SZ, class U, class V, class Sat = saturation_off_tag>
XESIM_GEN9_DEPRECATED XESIM_INLINE std::enable_if_t<XESIM_GEN9_FLOATS(T, U), simd<T, SZ>> lrp(
    simd<T, SZ> src0, U src1, V src2, Sat = {}) {
  const simd<float, SZ> a(src1), b(src2), t(src0);
  const simd<float, SZ> r = a * t + b * (1.0f - t);
  return gen9::finish<T, SZ, detail::ops::sat_on<Sat>()>(r);
}
#undef XESIM_GEN9_DEPRECATED
#undef XESIM_GEN9_FLOATS

}  // namespace xesim_experimental
}  // namespace xesim::esimd
