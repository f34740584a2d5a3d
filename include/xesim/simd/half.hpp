// xesim::half: IEEE 754 binary16, the host class behind sycl::half.
// Operator set and result types follow DPC++'s sycl::half (sycl/detail/half_type_impl.hpp):
// arithmetic is done in float and rounded back to half; half op float -> float, half op double ->
// double, half op integer -> half (the integer is first rounded to half); comparisons are in float.
// Conversions round to nearest even, overflow to infinity and keep NaNs (quieted). They give the
// same bits as the F16C instructions vcvtps2ph / vcvtph2ps, which they use when available.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <type_traits>
#include <typeindex>  // the cheapest standard header that declares std::hash

#if defined(__F16C__)
#include <immintrin.h>
#endif

namespace xesim {

class half;

namespace detail {

// ------------------------------ f32_to_f16_bits_soft
/// float -> binary16 bits, round to nearest even; |x| >= 65520 -> inf; NaN -> quiet NaN keeping
/// the sign and the top 9 payload bits (as vcvtps2ph does). Portable integer code, constexpr.
constexpr std::uint16_t f32_to_f16_bits_soft(float f) noexcept {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
  const auto sign = static_cast<std::uint16_t>((u >> 16) & 0x8000u);
  const std::uint32_t a = u & 0x7fffffffu;
  if (a > 0x7f800000u) {  // NaN
    return static_cast<std::uint16_t>(sign | 0x7e00u | ((a >> 13) & 0x3ffu));
  }
  if (a >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // >= 65520, inf
  if (a >= 0x38800000u) {  // >= 2^-14: normal half. Rebias 127 -> 15, round off 13 bits.
    std::uint32_t r = a - 0x38000000u;
    r += 0x0fffu + ((r >> 13) & 1u);  // a carry into the exponent is the right answer
    return static_cast<std::uint16_t>(sign | (r >> 13));
  }
  if (a <= 0x33000000u) return sign;  // <= 2^-25: rounds to (signed) zero
  // Subnormal half: value = m * 2^(e-150); result in units of 2^-24 is m >> (126 - e).
  const std::uint32_t e = a >> 23;
  const std::uint32_t m = (a & 0x007fffffu) | 0x00800000u;
  const std::uint32_t shift = 126u - e;  // 14..24
  std::uint32_t q = m >> shift;
  const std::uint32_t rem = m & ((1u << shift) - 1u);
  const std::uint32_t halfway = 1u << (shift - 1u);
  if (rem > halfway || (rem == halfway && (q & 1u))) ++q;  // q == 0x400 encodes 2^-14: fine
  return static_cast<std::uint16_t>(sign | q);
}

// ------------------------------ f16_bits_to_f32_soft
/// binary16 bits -> float, exact; a signaling NaN comes back quiet (as vcvtph2ps does).
constexpr float f16_bits_to_f32_soft(std::uint16_t h) noexcept {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t e = (h >> 10) & 0x1fu;
  std::uint32_t m = h & 0x3ffu;
  std::uint32_t u = sign;
  if (e == 0x1fu) {
    u |= 0x7f800000u | (m << 13) | (m != 0 ? 0x00400000u : 0u);
  } else if (e != 0) {
    u |= ((e + 112u) << 23) | (m << 13);
  } else if (m != 0) {  // subnormal: shift the leading one up to bit 10
    const int s = std::countl_zero(m) - 21;
    m <<= s;
    u |= (static_cast<std::uint32_t>(113 - s) << 23) | ((m & 0x3ffu) << 13);
  }
  return std::bit_cast<float>(u);
}

// ------------------------------ f32_to_f16_bits / f16_bits_to_f32
/// The scalar conversions every half uses: F16C instructions at run time when compiled with
/// -mf16c, the portable code otherwise and in constant evaluation. Same bits either way.
constexpr std::uint16_t f32_to_f16_bits(float f) noexcept {
#if defined(__F16C__)
  if (!std::is_constant_evaluated()) {
    return static_cast<std::uint16_t>(_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT));
  }
#endif
  return f32_to_f16_bits_soft(f);
}
constexpr float f16_bits_to_f32(std::uint16_t h) noexcept {
#if defined(__F16C__)
  if (!std::is_constant_evaluated()) return _cvtsh_ss(h);
#endif
  return f16_bits_to_f32_soft(h);
}

// ------------------------------ wide_to_f16_bits
/// double / long double -> binary16 bits, correctly rounded (no double rounding): the value is
/// first rounded to float with round-to-odd (exact for 24 >= 2*11+2 bits), then to nearest even.
template <class Wide>
constexpr std::uint16_t wide_to_f16_bits(Wide x) noexcept {
  if (x != x) return f32_to_f16_bits(static_cast<float>(x));  // NaN
  if (x >= Wide(65520)) return 0x7c00u;
  if (x <= Wide(-65520)) return 0xfc00u;
  float f = static_cast<float>(x);
  if (static_cast<Wide>(f) != x) {
    std::uint32_t u = std::bit_cast<std::uint32_t>(f);
    const Wide af = f < 0 ? -static_cast<Wide>(f) : static_cast<Wide>(f);
    const Wide ax = x < 0 ? -x : x;
    if (af > ax) --u;  // step to the neighbour toward zero, then make it odd
    f = std::bit_cast<float>(u | 1u);
  }
  return f32_to_f16_bits(f);
}

/// Integer and unscoped-enum operands of half's operators: DPC++ overloads half op int, long,
/// long long and their unsigned forms; smaller types promote to int. All give half.
template <class T>
concept half_int_operand = std::is_integral_v<T> ||
    (std::is_enum_v<T>&& std::is_convertible_v<T, long long>);

constexpr half half_from_bits(std::uint16_t bits) noexcept;
constexpr std::uint16_t half_bits(half h) noexcept;

}  // namespace detail

// ------------------------------ half
/// IEEE binary16. Trivially copyable, standard layout, sizeof 2; one _Float16 member that is only
/// storage (arithmetic goes through float, as DPC++'s host half does). Default construction
/// leaves the value uninitialised, like sycl::half. HW: half-float ALU ops, all Intel GPUs.
class half {
 public:
  half() = default;

  // ------------------------------ conversions in
  /// float -> half, round to nearest even, overflow -> inf, NaN kept. HW: mov (f -> hf).
  constexpr half(float f) noexcept : value_(bits_to_raw(detail::f32_to_f16_bits(f))) {}
  /// double -> half, correctly rounded in one step (DPC++ goes through float first, which can
  /// double-round in rare ties; the result here is the exact nearest half).
  constexpr half(double d) noexcept : value_(bits_to_raw(detail::wide_to_f16_bits(d))) {}
  constexpr half(long double d) noexcept : value_(bits_to_raw(detail::wide_to_f16_bits(d))) {}
  /// Integer -> half through float, as DPC++: correctly rounded for every integer width.
  template <detail::half_int_operand I>
  constexpr half(I i) noexcept : half(static_cast<float>(i)) {}

  // ------------------------------ conversion out
  /// half -> float, exact (signaling NaNs come back quiet). HW: mov (hf -> f).
  constexpr operator float() const noexcept { return detail::f16_bits_to_f32(raw_to_bits(value_)); }

  // ------------------------------ compound assignment, ++, --
  /// a op= b: computed in float, rounded to half. Only half operands: others convert first.
  constexpr half& operator+=(const half& r) noexcept {
    return *this = half(float(*this) + float(r));
  }
  constexpr half& operator-=(const half& r) noexcept {
    return *this = half(float(*this) - float(r));
  }
  constexpr half& operator*=(const half& r) noexcept {
    return *this = half(float(*this) * float(r));
  }
  constexpr half& operator/=(const half& r) noexcept {
    return *this = half(float(*this) / float(r));
  }
  constexpr half& operator++() noexcept { return *this += half(1.0f); }
  constexpr half& operator--() noexcept { return *this -= half(1.0f); }
  constexpr half operator++(int) noexcept {
    half old = *this;
    ++*this;
    return old;
  }
  constexpr half operator--(int) noexcept {
    half old = *this;
    --*this;
    return old;
  }

  // ------------------------------ unary minus
  /// Flips the sign bit (also of zeros and NaNs). No unary plus: +h is float, as in DPC++.
  friend constexpr half operator-(half x) noexcept {
    return from_bits(raw_to_bits(x.value_) ^ 0x8000u);
  }

  // ------------------------------ binary arithmetic
  /// half op half -> half; half op float -> float; half op double -> double; half op integer ->
  /// half, the integer first converted to half (DPC++'s exact overload set and semantics).
#define XESIM_HALF_ARITH(op)                                                                       \
  friend constexpr half operator op(half a, half b) noexcept {                                     \
    return half(float(a) op float(b));                                                             \
  }                                                                                                \
  friend constexpr float operator op(half a, float b) noexcept { return float(a) op b; }           \
  friend constexpr float operator op(float a, half b) noexcept { return a op float(b); }           \
  friend constexpr double operator op(half a, double b) noexcept { return double(float(a)) op b; } \
  friend constexpr double operator op(double a, half b) noexcept { return a op double(float(b)); } \
  template <detail::half_int_operand I>                                                            \
  friend constexpr half operator op(half a, I b) noexcept {                                        \
    return a op half(b);                                                                           \
  }                                                                                                \
  template <detail::half_int_operand I>                                                            \
  friend constexpr half operator op(I a, half b) noexcept {                                        \
    return half(a) op b;                                                                           \
  }
  XESIM_HALF_ARITH(+)
  XESIM_HALF_ARITH(-)
  XESIM_HALF_ARITH(*)
  XESIM_HALF_ARITH(/)
#undef XESIM_HALF_ARITH

  // ------------------------------ comparisons
  /// IEEE comparisons in float (NaN unordered, -0 == +0). An integer operand is converted to
  /// float, not to half (DPC++ does the same), so h == 65519 compares against 65519.0f.
#define XESIM_HALF_CMP(op)                                                                       \
  friend constexpr bool operator op(half a, half b) noexcept { return float(a) op float(b); }    \
  friend constexpr bool operator op(half a, float b) noexcept { return float(a) op b; }          \
  friend constexpr bool operator op(float a, half b) noexcept { return a op float(b); }          \
  friend constexpr bool operator op(half a, double b) noexcept { return double(float(a)) op b; } \
  friend constexpr bool operator op(double a, half b) noexcept { return a op double(float(b)); } \
  template <detail::half_int_operand I>                                                          \
  friend constexpr bool operator op(half a, I b) noexcept {                                      \
    return float(a) op static_cast<float>(b);                                                    \
  }                                                                                              \
  template <detail::half_int_operand I>                                                          \
  friend constexpr bool operator op(I a, half b) noexcept {                                      \
    return static_cast<float>(a) op float(b);                                                    \
  }
  XESIM_HALF_CMP(==)
  XESIM_HALF_CMP(!=)
  XESIM_HALF_CMP(<)
  XESIM_HALF_CMP(>)
  XESIM_HALF_CMP(<=)
  XESIM_HALF_CMP(>=)
#undef XESIM_HALF_CMP

 private:
  friend constexpr half detail::half_from_bits(std::uint16_t bits) noexcept;
  friend constexpr std::uint16_t detail::half_bits(half h) noexcept;

  static constexpr _Float16 bits_to_raw(std::uint16_t b) noexcept {
    return std::bit_cast<_Float16>(b);
  }
  static constexpr std::uint16_t raw_to_bits(_Float16 r) noexcept {
    return std::bit_cast<std::uint16_t>(r);
  }
  static constexpr half from_bits(std::uint16_t b) noexcept {
    half h;
    h.value_ = bits_to_raw(b);
    return h;
  }

  _Float16 value_;
};

static_assert(sizeof(half) == 2 && alignof(half) == 2);
static_assert(std::is_trivially_copyable_v<half> && std::is_standard_layout_v<half>);

namespace detail {
// ------------------------------ half_bits / half_from_bits
/// The binary16 bit pattern of h, and the half with a given bit pattern. constexpr bit casts.
constexpr std::uint16_t half_bits(half h) noexcept { return half::raw_to_bits(h.value_); }
constexpr half half_from_bits(std::uint16_t bits) noexcept { return half::from_bits(bits); }
}  // namespace detail

// ------------------------------ stream output / input
/// Writes float(h); reads a float and rounds it to half (as DPC++). Templates, so that this
/// header needs only <iosfwd>: include <ostream>/<istream> where you stream.
template <class Char, class Traits>
std::basic_ostream<Char, Traits>& operator<<(std::basic_ostream<Char, Traits>& os, half h) {
  return os << static_cast<float>(h);
}
template <class Char, class Traits>
std::basic_istream<Char, Traits>& operator>>(std::basic_istream<Char, Traits>& is, half& h) {
  float f = 0.0f;
  is >> f;
  h = half(f);
  return is;
}

}  // namespace xesim

// ------------------------------ std::numeric_limits<xesim::half>
template <>
struct std::numeric_limits<xesim::half> {
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr std::float_denorm_style has_denorm = std::denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_to_nearest;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  static constexpr xesim::half min() noexcept { return xesim::detail::half_from_bits(0x0400); }
  static constexpr xesim::half lowest() noexcept { return xesim::detail::half_from_bits(0xfbff); }
  static constexpr xesim::half max() noexcept { return xesim::detail::half_from_bits(0x7bff); }
  static constexpr xesim::half epsilon() noexcept { return xesim::detail::half_from_bits(0x1400); }
  static constexpr xesim::half round_error() noexcept {
    return xesim::detail::half_from_bits(0x3800);
  }
  static constexpr xesim::half infinity() noexcept { return xesim::detail::half_from_bits(0x7c00); }
  static constexpr xesim::half quiet_NaN() noexcept {
    return xesim::detail::half_from_bits(0x7e00);
  }
  static constexpr xesim::half signaling_NaN() noexcept {
    return xesim::detail::half_from_bits(0x7d00);
  }
  static constexpr xesim::half denorm_min() noexcept {
    return xesim::detail::half_from_bits(0x0001);
  }
};

// ------------------------------ std::hash<xesim::half>
/// Hashes the bit pattern, with -0 and +0 (equal values) hashing alike.
template <>
struct std::hash<xesim::half> {
  std::size_t operator()(xesim::half h) const noexcept {
    const std::uint16_t b = xesim::detail::half_bits(h);
    return (b & 0x7fffu) == 0 ? 0u : std::size_t{b};  // integers hash to themselves
  }
};
