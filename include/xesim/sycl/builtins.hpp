// The SYCL 2020 built-in functions (SYCL 2020 section 4.17) on scalars, as <sycl/sycl.hpp>
// declares them for host and device code: math (sycl::sqrt, sycl::fabs, sycl::nan, ...),
// native:: and half_precision:: variants, integer (sycl::abs, sycl::clz, sycl::mul_hi, ...),
// common (sycl::clamp, sycl::min, sycl::max, sycl::mix, ...) and relational (sycl::isnan,
// sycl::signbit, sycl::select, ...). float and double compute in their own type through <cmath>;
// sycl::half computes in float and rounds once. sycl::vec / marray operands are not provided.
// The simd<float, N> overloads of cos/sin/exp/log are in builtins_esimd.hpp.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <type_traits>

#include "xesim/simd/half.hpp"

namespace xesim::sycl {

namespace detail {
template <class T>
inline constexpr bool is_genfloat_v =
    std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, ::xesim::half>;
template <class T>
inline constexpr bool is_geninteger_v = std::is_integral_v<T> && !std::is_same_v<T, bool>;
/// The type a genfloat computes in: half in float, others in themselves.
template <class T>
using calc_t = std::conditional_t<std::is_same_v<T, ::xesim::half>, float, T>;
/// The unsigned integer of T's width.
template <class T>
using unsigned_of_t = std::make_unsigned_t<T>;
}  // namespace detail

template <class T>
concept genfloat = detail::is_genfloat_v<T>;
template <class T>
concept geninteger = detail::is_geninteger_v<T>;

// ------------------------------ math: one argument
#define XESIM_SYCL_MATH1(name, expr) \
  template <genfloat T>              \
  inline T name(T x) {               \
    using C = detail::calc_t<T>;     \
    const C v = static_cast<C>(x);   \
    return static_cast<T>(expr);     \
  }
XESIM_SYCL_MATH1(acos, std::acos(v))
XESIM_SYCL_MATH1(acosh, std::acosh(v))
XESIM_SYCL_MATH1(acospi, std::acos(v) / C(M_PI))
XESIM_SYCL_MATH1(asin, std::asin(v))
XESIM_SYCL_MATH1(asinh, std::asinh(v))
XESIM_SYCL_MATH1(asinpi, std::asin(v) / C(M_PI))
XESIM_SYCL_MATH1(atan, std::atan(v))
XESIM_SYCL_MATH1(atanh, std::atanh(v))
XESIM_SYCL_MATH1(atanpi, std::atan(v) / C(M_PI))
XESIM_SYCL_MATH1(cbrt, std::cbrt(v))
XESIM_SYCL_MATH1(ceil, std::ceil(v))
XESIM_SYCL_MATH1(cos, std::cos(v))
XESIM_SYCL_MATH1(cosh, std::cosh(v))
XESIM_SYCL_MATH1(cospi, std::cos(C(M_PI) * v))
XESIM_SYCL_MATH1(erfc, std::erfc(v))
XESIM_SYCL_MATH1(erf, std::erf(v))
XESIM_SYCL_MATH1(exp, std::exp(v))
XESIM_SYCL_MATH1(exp2, std::exp2(v))
XESIM_SYCL_MATH1(exp10, std::pow(C(10), v))
XESIM_SYCL_MATH1(expm1, std::expm1(v))
XESIM_SYCL_MATH1(fabs, std::fabs(v))
XESIM_SYCL_MATH1(floor, std::floor(v))
XESIM_SYCL_MATH1(lgamma, std::lgamma(v))
XESIM_SYCL_MATH1(log, std::log(v))
XESIM_SYCL_MATH1(log2, std::log2(v))
XESIM_SYCL_MATH1(log10, std::log10(v))
XESIM_SYCL_MATH1(log1p, std::log1p(v))
XESIM_SYCL_MATH1(logb, std::logb(v))
XESIM_SYCL_MATH1(rint, std::rint(v))
XESIM_SYCL_MATH1(round, std::round(v))
XESIM_SYCL_MATH1(rsqrt, C(1) / std::sqrt(v))
XESIM_SYCL_MATH1(sin, std::sin(v))
XESIM_SYCL_MATH1(sinh, std::sinh(v))
XESIM_SYCL_MATH1(sinpi, std::sin(C(M_PI) * v))
XESIM_SYCL_MATH1(sqrt, std::sqrt(v))
XESIM_SYCL_MATH1(tan, std::tan(v))
XESIM_SYCL_MATH1(tanh, std::tanh(v))
XESIM_SYCL_MATH1(tanpi, std::tan(C(M_PI) * v))
XESIM_SYCL_MATH1(tgamma, std::tgamma(v))
XESIM_SYCL_MATH1(trunc, std::trunc(v))
#undef XESIM_SYCL_MATH1

// ------------------------------ math: two and three arguments
#define XESIM_SYCL_MATH2(name, expr)                      \
  template <genfloat T>                                   \
  inline T name(T x, T y) {                               \
    using C = detail::calc_t<T>;                          \
    const C a = static_cast<C>(x), b = static_cast<C>(y); \
    return static_cast<T>(expr);                          \
  }
XESIM_SYCL_MATH2(atan2, std::atan2(a, b))
XESIM_SYCL_MATH2(atan2pi, std::atan2(a, b) / C(M_PI))
XESIM_SYCL_MATH2(copysign, std::copysign(a, b))
XESIM_SYCL_MATH2(fdim, std::fdim(a, b))
XESIM_SYCL_MATH2(fmod, std::fmod(a, b))
XESIM_SYCL_MATH2(hypot, std::hypot(a, b))
XESIM_SYCL_MATH2(maxmag, std::fabs(a) > std::fabs(b)   ? a
                         : std::fabs(b) > std::fabs(a) ? b
                                                       : std::fmax(a, b))
XESIM_SYCL_MATH2(minmag, std::fabs(a) < std::fabs(b)   ? a
                         : std::fabs(b) < std::fabs(a) ? b
                                                       : std::fmin(a, b))
XESIM_SYCL_MATH2(nextafter, std::nextafter(a, b))
XESIM_SYCL_MATH2(pow, std::pow(a, b))
XESIM_SYCL_MATH2(powr, std::pow(a, b))
XESIM_SYCL_MATH2(remainder, std::remainder(a, b))
#undef XESIM_SYCL_MATH2

/// fmax / fmin: also with a scalar second operand of the same type (SYCL's (genfloat, sgenfloat)).
template <genfloat T>
inline T fmax(T x, T y) {
  using C = detail::calc_t<T>;
  return static_cast<T>(std::fmax(static_cast<C>(x), static_cast<C>(y)));
}
template <genfloat T>
inline T fmin(T x, T y) {
  using C = detail::calc_t<T>;
  return static_cast<T>(std::fmin(static_cast<C>(x), static_cast<C>(y)));
}
template <genfloat T>
inline T fma(T a, T b, T c) {
  using C = detail::calc_t<T>;
  return static_cast<T>(std::fma(static_cast<C>(a), static_cast<C>(b), static_cast<C>(c)));
}
/// a * b + c; SYCL allows any precision: computed as fma.
template <genfloat T>
inline T mad(T a, T b, T c) {
  return fma(a, b, c);
}
template <genfloat T>
inline T fract(T x, T* iptr) {
  using C = detail::calc_t<T>;
  const C v = static_cast<C>(x), fl = std::floor(v);
  *iptr = static_cast<T>(fl);
  return static_cast<T>(std::fmin(v - fl, std::nextafter(C(1), C(0))));
}
template <genfloat T>
inline T frexp(T x, int* exp) {
  return static_cast<T>(std::frexp(static_cast<detail::calc_t<T>>(x), exp));
}
template <genfloat T>
inline int ilogb(T x) {
  return std::ilogb(static_cast<detail::calc_t<T>>(x));
}
template <genfloat T>
inline T ldexp(T x, int k) {
  return static_cast<T>(std::ldexp(static_cast<detail::calc_t<T>>(x), k));
}
template <genfloat T>
inline T lgamma_r(T x, int* signp) {
  using C = detail::calc_t<T>;
  const C v = static_cast<C>(x);
  *signp = std::tgamma(v) < C(0) ? -1 : 1;
  return static_cast<T>(std::lgamma(v));
}
template <genfloat T>
inline T modf(T x, T* iptr) {
  using C = detail::calc_t<T>;
  C ip;
  const C r = std::modf(static_cast<C>(x), &ip);
  *iptr = static_cast<T>(ip);
  return static_cast<T>(r);
}
template <genfloat T>
inline T pown(T x, int y) {
  using C = detail::calc_t<T>;
  return static_cast<T>(std::pow(static_cast<C>(x), C(y)));
}
template <genfloat T>
inline T rootn(T x, int y) {
  using C = detail::calc_t<T>;
  return static_cast<T>(std::pow(static_cast<C>(x), C(1) / C(y)));
}
template <genfloat T>
inline T remquo(T x, T y, int* quo) {
  using C = detail::calc_t<T>;
  return static_cast<T>(std::remquo(static_cast<C>(x), static_cast<C>(y), quo));
}
template <genfloat T>
inline T sincos(T x, T* cosval) {
  using C = detail::calc_t<T>;
  *cosval = static_cast<T>(std::cos(static_cast<C>(x)));
  return static_cast<T>(std::sin(static_cast<C>(x)));
}

// ------------------------------ nan
/// A quiet NaN whose payload holds nancode (SYCL: the unsigned integer of the result's width).
inline float nan(std::uint32_t nancode) {
  return __builtin_bit_cast(float, 0x7fc00000u | (nancode & 0x003fffffu));
}
inline double nan(std::uint64_t nancode) {
  return __builtin_bit_cast(double, 0x7ff8000000000000ull | (nancode & 0x0007ffffffffffffull));
}
inline double nan(unsigned long long nancode) { return nan(std::uint64_t(nancode)); }
inline ::xesim::half nan(std::uint16_t nancode) {
  return ::xesim::detail::half_from_bits(std::uint16_t(0x7e00u | (nancode & 0x01ffu)));
}

// ------------------------------ native:: and half_precision::
/// The implementation-defined-precision variants: computed as the full-precision functions.
namespace native {
#define XESIM_SYCL_NATIVE1(name)   \
  template <genfloat T>            \
  inline T name(T x) {             \
    return ::xesim::sycl::name(x); \
  }
XESIM_SYCL_NATIVE1(cos)
XESIM_SYCL_NATIVE1(exp)
XESIM_SYCL_NATIVE1(exp2)
XESIM_SYCL_NATIVE1(exp10)
XESIM_SYCL_NATIVE1(log)
XESIM_SYCL_NATIVE1(log2)
XESIM_SYCL_NATIVE1(log10)
XESIM_SYCL_NATIVE1(rsqrt)
XESIM_SYCL_NATIVE1(sin)
XESIM_SYCL_NATIVE1(sqrt)
XESIM_SYCL_NATIVE1(tan)
template <genfloat T>
inline T recip(T x) {
  return static_cast<T>(detail::calc_t<T>(1) / static_cast<detail::calc_t<T>>(x));
}
template <genfloat T>
inline T divide(T x, T y) {
  using C = detail::calc_t<T>;
  return static_cast<T>(static_cast<C>(x) / static_cast<C>(y));
}
template <genfloat T>
inline T powr(T x, T y) {
  return ::xesim::sycl::powr(x, y);
}
}  // namespace native
namespace half_precision {
XESIM_SYCL_NATIVE1(cos)
XESIM_SYCL_NATIVE1(exp)
XESIM_SYCL_NATIVE1(exp2)
XESIM_SYCL_NATIVE1(exp10)
XESIM_SYCL_NATIVE1(log)
XESIM_SYCL_NATIVE1(log2)
XESIM_SYCL_NATIVE1(log10)
XESIM_SYCL_NATIVE1(rsqrt)
XESIM_SYCL_NATIVE1(sin)
XESIM_SYCL_NATIVE1(sqrt)
XESIM_SYCL_NATIVE1(tan)
template <genfloat T>
inline T recip(T x) {
  return native::recip(x);
}
template <genfloat T>
inline T divide(T x, T y) {
  return native::divide(x, y);
}
template <genfloat T>
inline T powr(T x, T y) {
  return ::xesim::sycl::powr(x, y);
}
#undef XESIM_SYCL_NATIVE1
}  // namespace half_precision

// ------------------------------ integer functions
template <geninteger T>
inline T abs(T x) {
  if constexpr (std::is_signed_v<T>)
    return x < 0 ? T(-x) : x;
  else
    return x;
}
template <geninteger T>
inline detail::unsigned_of_t<T> abs_diff(T x, T y) {
  using U = detail::unsigned_of_t<T>;
  return x > y ? U(U(x) - U(y)) : U(U(y) - U(x));
}
template <geninteger T>
inline T add_sat(T x, T y) {
  T r;
  if (!__builtin_add_overflow(x, y, &r)) return r;
  return std::is_signed_v<T> && y < 0 ? std::numeric_limits<T>::min()
                                      : std::numeric_limits<T>::max();
}
template <geninteger T>
inline T sub_sat(T x, T y) {
  T r;
  if (!__builtin_sub_overflow(x, y, &r)) return r;
  if constexpr (std::is_signed_v<T>)
    return y > 0 ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
  else
    return T(0);
}
/// (x + y) >> 1 and (x + y + 1) >> 1 without overflow.
template <geninteger T>
inline T hadd(T x, T y) {
  return T((x >> 1) + (y >> 1) + (x & y & 1));
}
template <geninteger T>
inline T rhadd(T x, T y) {
  return T((x >> 1) + (y >> 1) + ((x | y) & 1));
}
template <geninteger T>
inline T clz(T x) {
  using U = detail::unsigned_of_t<T>;
  constexpr int kBits = int(sizeof(T) * 8);
  const U u = U(x);
  if (u == 0) return T(kBits);
  return T(__builtin_clzll(static_cast<unsigned long long>(u)) - (64 - kBits));
}
template <geninteger T>
inline T ctz(T x) {
  using U = detail::unsigned_of_t<T>;
  const U u = U(x);
  if (u == 0) return T(sizeof(T) * 8);
  return T(__builtin_ctzll(static_cast<unsigned long long>(u)));
}
template <geninteger T>
inline T popcount(T x) {
  return T(__builtin_popcountll(static_cast<unsigned long long>(detail::unsigned_of_t<T>(x))));
}
/// The high half of the full product.
template <geninteger T>
inline T mul_hi(T x, T y) {
  if constexpr (sizeof(T) == 8) {
    using W = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
    return T((W(x) * W(y)) >> 64);
  } else {
    using W = std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>;
    return T((W(x) * W(y)) >> (8 * sizeof(T)));
  }
}
template <geninteger T>
inline T mad_hi(T a, T b, T c) {
  return T(mul_hi(a, b) + c);
}
template <geninteger T>
inline T mad_sat(T a, T b, T c) {
  using W = std::conditional_t<std::is_signed_v<T>, __int128, unsigned __int128>;
  const W r = W(a) * W(b) + W(c);
  if (r > W(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  if (r < W(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
  return T(r);
}
template <geninteger T>
inline T rotate(T v, T i) {
  using U = detail::unsigned_of_t<T>;
  constexpr unsigned kBits = sizeof(T) * 8;
  const unsigned s = unsigned(U(i)) % kBits;
  const U u = U(v);
  return s == 0 ? v : T(U(u << s) | U(u >> (kBits - s)));
}
/// (hi << bits of lo) | lo, in the integer twice as wide.
inline std::int16_t upsample(std::int8_t hi, std::uint8_t lo) {
  return std::int16_t(std::uint16_t(std::uint8_t(hi)) << 8 | lo);
}
inline std::uint16_t upsample(std::uint8_t hi, std::uint8_t lo) {
  return std::uint16_t(std::uint16_t(hi) << 8 | lo);
}
inline std::int32_t upsample(std::int16_t hi, std::uint16_t lo) {
  return std::int32_t(std::uint32_t(std::uint16_t(hi)) << 16 | lo);
}
inline std::uint32_t upsample(std::uint16_t hi, std::uint16_t lo) {
  return std::uint32_t(hi) << 16 | lo;
}
inline std::int64_t upsample(std::int32_t hi, std::uint32_t lo) {
  return std::int64_t(std::uint64_t(std::uint32_t(hi)) << 32 | lo);
}
inline std::uint64_t upsample(std::uint32_t hi, std::uint32_t lo) {
  return std::uint64_t(hi) << 32 | lo;
}
/// 24-bit multiplies: exact for operands in the 24-bit range (SYCL leaves the rest undefined).
template <geninteger T>
requires(sizeof(T) == 4) inline T mul24(T x, T y) { return T(x * y); }
template <geninteger T>
requires(sizeof(T) == 4) inline T mad24(T x, T y, T z) { return T(x * y + z); }

// ------------------------------ common functions (and integer min / max / clamp)
template <class T>
requires(genfloat<T> || geninteger<T>) inline T min(T x, T y) {
  if constexpr (genfloat<T>)
    return fmin(x, y);
  else
    return y < x ? y : x;
}
template <class T>
requires(genfloat<T> || geninteger<T>) inline T max(T x, T y) {
  if constexpr (genfloat<T>)
    return fmax(x, y);
  else
    return x < y ? y : x;
}
template <class T>
requires(genfloat<T> || geninteger<T>) inline T clamp(T x, T lo, T hi) {
  return min(max(x, lo), hi);
}
template <genfloat T>
inline T degrees(T radians) {
  using C = detail::calc_t<T>;
  return static_cast<T>(C(180) / C(M_PI) * static_cast<C>(radians));
}
template <genfloat T>
inline T radians(T degrees) {
  using C = detail::calc_t<T>;
  return static_cast<T>(C(M_PI) / C(180) * static_cast<C>(degrees));
}
template <genfloat T>
inline T mix(T x, T y, T a) {
  using C = detail::calc_t<T>;
  const C cx = static_cast<C>(x);
  return static_cast<T>(cx + (static_cast<C>(y) - cx) * static_cast<C>(a));
}
template <genfloat T>
inline T step(T edge, T x) {
  return static_cast<detail::calc_t<T>>(x) < static_cast<detail::calc_t<T>>(edge) ? T(0) : T(1);
}
template <genfloat T>
inline T smoothstep(T edge0, T edge1, T x) {
  using C = detail::calc_t<T>;
  const C e0 = static_cast<C>(edge0), e1 = static_cast<C>(edge1);
  C t = (static_cast<C>(x) - e0) / (e1 - e0);
  t = t < C(0) ? C(0) : t > C(1) ? C(1) : t;
  return static_cast<T>(t * t * (C(3) - C(2) * t));
}
template <genfloat T>
inline T sign(T x) {
  using C = detail::calc_t<T>;
  const C v = static_cast<C>(x);
  if (std::isnan(v)) return T(0);
  return v > C(0) ? T(1) : v < C(0) ? T(-1) : x;  // keeps the sign of a zero
}

// ------------------------------ relational functions (scalars: bool results)
#define XESIM_SYCL_REL2(name, expr)                       \
  template <genfloat T>                                   \
  inline bool name(T x, T y) {                            \
    using C = detail::calc_t<T>;                          \
    const C a = static_cast<C>(x), b = static_cast<C>(y); \
    return expr;                                          \
  }
XESIM_SYCL_REL2(isequal, a == b)
XESIM_SYCL_REL2(isnotequal, a != b)
XESIM_SYCL_REL2(isgreater, std::isgreater(a, b))
XESIM_SYCL_REL2(isgreaterequal, std::isgreaterequal(a, b))
XESIM_SYCL_REL2(isless, std::isless(a, b))
XESIM_SYCL_REL2(islessequal, std::islessequal(a, b))
XESIM_SYCL_REL2(islessgreater, std::islessgreater(a, b))
XESIM_SYCL_REL2(isordered, !std::isunordered(a, b))
XESIM_SYCL_REL2(isunordered, std::isunordered(a, b))
#undef XESIM_SYCL_REL2
#define XESIM_SYCL_REL1(name, fn)                 \
  template <genfloat T>                           \
  inline bool name(T x) {                         \
    return fn(static_cast<detail::calc_t<T>>(x)); \
  }
XESIM_SYCL_REL1(isfinite, std::isfinite)
XESIM_SYCL_REL1(isinf, std::isinf)
XESIM_SYCL_REL1(isnan, std::isnan)
XESIM_SYCL_REL1(isnormal, std::isnormal)
XESIM_SYCL_REL1(signbit, std::signbit)
#undef XESIM_SYCL_REL1
/// any / all of a scalar integer: its most significant bit.
template <geninteger T>
inline bool any(T x) {
  return std::is_signed_v<T> ? x < 0 : (x >> (sizeof(T) * 8 - 1)) != 0;
}
template <geninteger T>
inline bool all(T x) {
  return any(x);
}
/// Each bit of the result from b where c's bit is 1, else from a.
template <geninteger T>
inline T bitselect(T a, T b, T c) {
  return T((a & ~c) | (b & c));
}
template <genfloat T>
inline T bitselect(T a, T b, T c) {
  using U = std::conditional_t<sizeof(T) == 8, std::uint64_t,
                               std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint16_t>>;
  const U ua = __builtin_bit_cast(U, a), ub = __builtin_bit_cast(U, b),
          uc = __builtin_bit_cast(U, c);
  return __builtin_bit_cast(T, U((ua & ~uc) | (ub & uc)));
}
/// c ? b : a (scalar select: any nonzero c picks b).
template <class T, class C>
requires((genfloat<T> || geninteger<T>)&&(geninteger<C> || std::is_same_v<C, bool>)) inline T
    select(T a, T b, C c) {
  return c ? b : a;
}

}  // namespace xesim::sycl
