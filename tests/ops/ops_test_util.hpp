// Helpers of the ops tests: type x length sweeps, random lanes, exact and ulp comparisons.
// A sweep instantiates one templated functor per (type, length) through type lists, so a test
// file holds one TEST per op rather than one per combination.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "xesim/ops/ops.hpp"

namespace ops_test {

using xesim::bfloat16;
using xesim::half;
using xesim::tfloat32;
using xesim::esimd::simd;
using xesim::esimd::simd_mask;

template <class... Ts>
struct types {};
template <int... Ns>
struct lengths {};

/// The lengths every op is swept over (where the op allows them).
using all_lengths = lengths<1, 3, 8, 16, 32, 33, 128, 512>;
using int_types = types<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t>;
using float_types = types<float, double, half, bfloat16>;

/// Calls f.template operator()<T, N>() for every T in Ts and N in Ns.
template <class F, class... Ts, int... Ns>
void sweep(F&& f, types<Ts...>, lengths<Ns...>) {
  ([&]<class T>() { (f.template operator()<T, Ns>(), ...); }.template operator()<Ts>(), ...);
}

template <class T>
std::string type_name() {
  if constexpr (std::is_same_v<T, half>)
    return "half";
  else if constexpr (std::is_same_v<T, bfloat16>)
    return "bfloat16";
  else if constexpr (std::is_same_v<T, tfloat32>)
    return "tfloat32";
  else if constexpr (std::is_same_v<T, float>)
    return "float";
  else if constexpr (std::is_same_v<T, double>)
    return "double";
  else
    return (std::is_signed_v<T> ? "int" : "uint") + std::to_string(8 * sizeof(T));
}
template <class T, int N>
std::string case_name() {
  return type_name<T>() + " x " + std::to_string(N);
}

template <class T>
inline constexpr bool is_fp_v = xesim::esimd::detail::is_generic_floating_point_v<T>;

/// 64 random bits from rand() (tests seed it with srand(42)).
inline uint64_t rand64() {
  uint64_t r = 0;
  for (int i = 0; i < 4; ++i) r = (r << 16) ^ static_cast<uint64_t>(rand() & 0xffff);
  return r;
}
/// Uniform in [lo, hi].
inline double rand_uniform(double lo, double hi) {
  return lo + (hi - lo) * (static_cast<double>(rand()) / RAND_MAX);
}

/// A random T: any bit pattern for integers, uniform in [lo, hi] for floating types.
template <class T>
T random_value(double lo = -100.0, double hi = 100.0) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(rand64());
  } else if constexpr (std::is_same_v<T, double>) {
    return rand_uniform(lo, hi);
  } else {
    return T(static_cast<float>(rand_uniform(lo, hi)));
  }
}

template <class T, int N>
simd<T, N> random_simd(double lo = -100.0, double hi = 100.0) {
  simd<T, N> v;
  for (int i = 0; i < N; ++i) v.elems()[i] = random_value<T>(lo, hi);
  return v;
}

/// The value of a floating lane as a double (exact for every element type).
template <class T>
double as_double(T v) {
  if constexpr (std::is_same_v<T, double>)
    return v;
  else
    return static_cast<double>(static_cast<float>(v));
}

/// Bit pattern of a lane, widened.
template <class T>
uint64_t bits_of(T v) {
  if constexpr (sizeof(T) == 8)
    return std::bit_cast<uint64_t>(v);
  else if constexpr (sizeof(T) == 4)
    return std::bit_cast<uint32_t>(v);
  else if constexpr (sizeof(T) == 2)
    return std::bit_cast<uint16_t>(v);
  else
    return std::bit_cast<uint8_t>(v);
}

/// Same value: integers equal; floating equal as numbers with the same sign of zero, or both NaN.
template <class T>
bool same(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return a == b;
  } else {
    const double x = as_double(a), y = as_double(b);
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    return x == y && std::signbit(x) == std::signbit(y);
  }
}

template <class T>
std::string show(T v) {
  if constexpr (std::is_integral_v<T>) {
    return std::is_signed_v<T> ? std::to_string(static_cast<long long>(v))
                               : std::to_string(static_cast<unsigned long long>(v));
  } else {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", as_double(v));
    return buf;
  }
}

// ---- oracles for the 16/19-bit types: nearest value by comparing the two candidates ----------

/// The nearest value of a float format with `mbits` mantissa bits kept out of float's 23 (bfloat16:
/// 7, tfloat32: 10) to f, ties to even; NaN stays NaN. Returns the float bit pattern.
inline uint32_t round_float_bits(float f, int keep) {
  if (std::isnan(f)) return std::bit_cast<uint32_t>(f) | 0x00400000u;
  const int drop = 23 - keep;
  const uint32_t u = std::bit_cast<uint32_t>(f);
  const uint32_t lo = u & ~((1u << drop) - 1u), hi = lo + (1u << drop);  // same sign, |hi| > |lo|
  const long double d = std::fabs(static_cast<long double>(f));
  const long double dlo = d - std::fabs(static_cast<long double>(std::bit_cast<float>(lo)));
  // hi may be +-inf: the distance to it is then larger unless f rounds past the largest value.
  const float fhi = std::bit_cast<float>(hi);
  const long double dhi = std::isinf(fhi) ? std::ldexp(1.0L, 128) - d  // inf stands for 2^128 here
                                          : std::fabs(static_cast<long double>(fhi)) - d;
  if (dlo < dhi) return lo;
  if (dhi < dlo) return hi;
  return ((lo >> drop) & 1u) ? hi : lo;
}
inline bfloat16 to_bf16_oracle(float f) {
  return xesim::detail::bfloat16_from_bits(static_cast<uint16_t>(round_float_bits(f, 7) >> 16));
}
inline tfloat32 to_tf32_oracle(float f) {
  return xesim::detail::tfloat32_from_bits(round_float_bits(f, 10));
}
/// float / double -> half by g++'s own _Float16 conversion (correctly rounded in one step).
template <class F>
half to_half_oracle(F f) {
  return xesim::detail::half_from_bits(std::bit_cast<uint16_t>(static_cast<_Float16>(f)));
}

/// Significand bits (with the implicit one) and minimum exponent (as numeric_limits) of T.
template <class T>
struct fmt {
  static constexpr int digits = std::numeric_limits<T>::digits;
  static constexpr int min_exp = std::numeric_limits<T>::min_exponent;
};
template <>
struct fmt<tfloat32> {
  static constexpr int digits = 11;
  static constexpr int min_exp = -125;
};

/// Distance between got and want in units in the last place of T at want (the exact value).
template <class T>
double ulp_diff(double got, double want) {
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got) ? 0.0 : 1e30;
  if (std::isinf(want) || std::isinf(got)) return got == want ? 0.0 : 1e30;
  constexpr int kDigits = fmt<T>::digits;
  constexpr int kMinExp = fmt<T>::min_exp;  // values are 0.1xxx * 2^e
  const int e = want == 0.0 ? kMinExp : std::max(std::ilogb(want) + 1, kMinExp);
  return std::fabs(got - want) / std::ldexp(1.0, e - kDigits);
}

}  // namespace ops_test
