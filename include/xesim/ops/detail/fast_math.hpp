// Branch-free float kernels for exp2, exp, log2 and log: plain C++ that g++ -O2 vectorises inside
// the lane loops of lanes.hpp (the libm calls would stay scalar: one call per lane).
//
// exp2(x) = 2^n * 2^f with n = round(x), f in [-1/2, 1/2]; 2^f = e^(f ln2) by its Taylor series
// to degree 7 (truncation error < 1e-8 relative).
// exp(x) = 2^n * e^r with n = round(x log2 e), r = x - n ln2 (ln2 split in two parts so that
// n * ln2_hi is exact: Cody and Waite's reduction), |r| <= 0.35, e^r to degree 7.
// log2 / log: x = 2^e * m with m in [sqrt(1/2), sqrt(2)), f = m - 1 (exact); ln m = 2 atanh(s)
// with s = f / (2 + f), |s| <= 0.172, by its odd series to s^11 (truncation error < 3e-9
// relative), arranged as f - s f + s R(s^2) so that the rounding of s only touches a correction.
//
// Measured error over every float in [-152, 130] (exp2), [-105, 90] (exp) and every positive
// float (log2, log), against double-precision libm, subnormal results in units of 2^-149, as
// compiled by g++ 12 -O2 -march=native (which contracts a * b + c into FMAs):
//   exp2 0.91 ulp, exp 0.94 ulp, log2 1.83 ulp, log 0.86 ulp
// (XESIM_EXHAUSTIVE=1 build-ops/bin/test_ops_math_accuracy_test, 38 min on one core; without the
// variable the test checks every 61st float against the bounds 1, 1, 2, 1 ulp).
// Speed: exp over a simd<float, 8192> runs at 0.34 ns per element, a std::exp loop over the same
// floats at 1.68 (best of 50, g++ 12 -O2 -march=native, AVX-512; a throwaway timing program).
// The GPU's own math unit is specified looser: exp2 4 ulp; log2 2^-21 absolute on [0.5, 2] and
// relative elsewhere; DPC++'s exp(x) is exp2(x * 1.442695f), whose rounded product alone costs up
// to ~100 ulp near |x| = 88.
// Special values follow IEEE: exp2(-inf) = 0, exp2(+inf) = +inf, log2(0) = -inf, log2(x < 0) =
// NaN, log2(+inf) = +inf, NaN -> NaN; results below the normal range are subnormal or 0.
#pragma once

#include <cstdint>
#include <limits>

#include "xesim/ops/detail/lanes.hpp"

namespace xesim::esimd::detail::ops {

/// 1/k! * a^k for k = 0..7: the Taylor coefficients of e^(a t) in t.
constexpr double taylor_exp_coef(double a, int k) {
  double c = 1.0;
  for (int i = 1; i <= k; ++i) c = c * a / i;
  return c;
}

inline constexpr double kLn2 = 0.69314718055994530942;
inline constexpr double kLog2e = 1.44269504088896340736;

/// e^(a t) for |a t| <= 0.35, Horner form of the degree-7 Taylor polynomial.
template <bool Base2>
XESIM_INLINE float exp_poly(float t) {
  constexpr double a = Base2 ? kLn2 : 1.0;  // 2^t or e^t
  constexpr float c0 = float(taylor_exp_coef(a, 0)), c1 = float(taylor_exp_coef(a, 1));
  constexpr float c2 = float(taylor_exp_coef(a, 2)), c3 = float(taylor_exp_coef(a, 3));
  constexpr float c4 = float(taylor_exp_coef(a, 4)), c5 = float(taylor_exp_coef(a, 5));
  constexpr float c6 = float(taylor_exp_coef(a, 6)), c7 = float(taylor_exp_coef(a, 7));
  return c0 + t * (c1 + t * (c2 + t * (c3 + t * (c4 + t * (c5 + t * (c6 + t * c7))))));
}

/// 2^n for n in [-151, 129] as two normal factors (their product may be subnormal or inf).
XESIM_INLINE float scale_pow2(float p, int32_t n) {
  const int32_t n1 = n >> 1, n2 = n - n1;
  const float s1 = bits_as<float>(static_cast<uint32_t>(n1 + 127) << 23);
  const float s2 = bits_as<float>(static_cast<uint32_t>(n2 + 127) << 23);
  return p * s1 * s2;
}

/// x with its quiet bit set: NaN inputs come back as quiet NaNs with their sign and payload.
/// An integer op, not x + x: a floating one may trap, and g++ then keeps a branch around it that
/// stops vectorisation.
XESIM_INLINE float quieted(float x) { return bits_as<float>(bits_as<uint32_t>(x) | 0x00400000u); }

/// round-to-nearest of x as (float, int), |x| < 2^22: adds and removes 1.5 * 2^23.
XESIM_INLINE float round_magic(float x, int32_t& n) {
  constexpr float kMagic = 12582912.0f;
  const float t = x + kMagic;
  n = bits_as<int32_t>(t) - bits_as<int32_t>(kMagic);
  return t - kMagic;
}

// ------------------------------ exp2_f32
XESIM_INLINE float exp2_f32(float x) {
  float c = blend(x < -151.0f, -151.0f, x);  // NaN passes through both clamps
  c = blend(c > 129.0f, 129.0f, c);
  int32_t n;
  const float f = c - round_magic(c, n);
  const float r = scale_pow2(exp_poly<true>(f), n);
  return blend(x == x, r, quieted(x));
}

// ------------------------------ exp_f32
XESIM_INLINE float exp_f32(float x) {
  constexpr float kLn2Hi = 0.693359375f;  // 8 significant bits: n * kLn2Hi is exact
  constexpr float kLn2Lo = float(kLn2 - 0.693359375);
  float c = blend(x < -104.0f, -104.0f, x);
  c = blend(c > 89.0f, 89.0f, c);
  int32_t n;
  const float nf = round_magic(c * float(kLog2e), n);
  const float r = (c - nf * kLn2Hi) - nf * kLn2Lo;
  const float y = scale_pow2(exp_poly<false>(r), n);
  return blend(x == x, y, quieted(x));
}

/// x = 2^e * m, m in [sqrt(1/2), sqrt(2)), for finite x > 0 (subnormals included); returns
/// ln(m) and sets e. Other inputs give garbage that the callers replace.
XESIM_INLINE float log_reduce(float x, float& e) {
  const bool sub = x < std::numeric_limits<float>::min();
  const float xs = x * blend(sub, 8388608.0f, 1.0f);  // 2^23
  const uint32_t u = bits_as<uint32_t>(xs);
  int32_t ei = static_cast<int32_t>((u >> 23) & 0xffu) - 127 - (sub ? 23 : 0);
  float m = bits_as<float>((u & 0x007fffffu) | 0x3f800000u);
  const bool big = m > 1.41421356f;
  m = m * blend(big, 0.5f, 1.0f);
  ei += big ? 1 : 0;
  e = static_cast<float>(ei);
  // ln(1 + f) = f - s f + s R(s^2), s = f / (2 + f): the exact f carries the result, the
  // rounded division only its small correction.
  const float f = m - 1.0f;
  const float s = f / (2.0f + f);
  const float z = s * s;
  constexpr float k3 = 2.0f / 3, k5 = 2.0f / 5, k7 = 2.0f / 7, k9 = 2.0f / 9, k11 = 2.0f / 11;
  const float r = z * (k3 + z * (k5 + z * (k7 + z * (k9 + z * k11))));
  const float hfsq = 0.5f * f * f;
  return f - (hfsq - s * (hfsq + r));
}

/// The IEEE results of log at 0, negatives, +inf and NaN; r elsewhere.
XESIM_INLINE float log_special(float x, float r) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  const float special =
      blend(x == 0.0f, -kInf, blend(x == kInf, kInf, std::numeric_limits<float>::quiet_NaN()));
  return blend((x > 0.0f) & (x < kInf), r, blend(x == x, special, quieted(x)));
}

// ------------------------------ log2_f32
XESIM_INLINE float log2_f32(float x) {
  float e;
  const float lm = log_reduce(x, e);
  return log_special(x, e + lm * float(kLog2e));
}

// ------------------------------ log_f32
XESIM_INLINE float log_f32(float x) {
  constexpr float kLn2Hi = 0.693359375f;
  constexpr float kLn2Lo = float(kLn2 - 0.693359375);
  float e;
  const float lm = log_reduce(x, e);
  return log_special(x, e * kLn2Hi + (lm + e * kLn2Lo));
}

}  // namespace xesim::esimd::detail::ops
