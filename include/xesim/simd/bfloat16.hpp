// xesim::bfloat16: the upper half of an IEEE binary32 (8-bit exponent, 7 stored mantissa bits),
// the host class behind sycl::ext::oneapi::bfloat16. Operator set and result types follow
// DPC++'s bfloat16 (sycl_ext_oneapi_bfloat16): every operation is done in float; bfloat16 op T
// gives bfloat16 for any T convertible to float; comparisons give bool.
// float -> bfloat16 rounds to nearest even (subnormals included); bfloat16 -> float is exact.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <type_traits>
#include <typeindex>  // std::hash

#include "xesim/simd/half.hpp"

namespace xesim {

class bfloat16;

namespace detail {

// ------------------------------ f32_to_bf16_bits
/// float -> bfloat16 bits, round to nearest even (overflow -> inf). NaN -> quiet NaN keeping the
/// sign and the top payload bits, as vcvtneps2bf16 does (DPC++'s host code returns 0xffc1 for
/// every NaN; the GPU keeps the sign). Portable integer code, constexpr.
constexpr std::uint16_t f32_to_bf16_bits(float f) noexcept {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((u >> 16) | 0x0040u);
  return static_cast<std::uint16_t>((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

// ------------------------------ bf16_bits_to_f32
/// bfloat16 bits -> float: exact, every pattern kept as is (NaN payloads included).
constexpr float bf16_bits_to_f32(std::uint16_t b) noexcept {
  return std::bit_cast<float>(static_cast<std::uint32_t>(b) << 16);
}

/// Right-hand operands of bfloat16's operator templates: anything convertible to float, except
/// ESIMD vectors and views (they have a static `length`; a one-element simd converts to float,
/// and its own operators must handle `simd<bfloat16, 1> + bfloat16`).
template <class T>
concept bf16_operand =
    std::is_convertible_v<const T&, float> && !std::is_same_v<std::remove_cv_t<T>, bfloat16> &&
    !requires {
  std::remove_cvref_t<T>::length;
};

constexpr bfloat16 bfloat16_from_bits(std::uint16_t bits) noexcept;
constexpr std::uint16_t bfloat16_bits(bfloat16 b) noexcept;

}  // namespace detail

// ------------------------------ bfloat16
/// 16-bit brain float: float's range, 8 significant bits. Trivially copyable, standard layout;
/// default construction leaves it uninitialised. HW: bf16 operands of mov/mad/dpas on
/// Xe-HPG, Xe-HPC, Xe2.
class bfloat16 {
 public:
  bfloat16() = default;

  // ------------------------------ conversions
  /// float -> bfloat16, round to nearest even. HW: mov (f -> bf).
  constexpr bfloat16(const float& f) noexcept : value_(detail::f32_to_bf16_bits(f)) {}
  /// half -> bfloat16 (through float, exact, then rounded).
  constexpr bfloat16(const half& h) noexcept
      : value_(detail::f32_to_bf16_bits(static_cast<float>(h))) {}
  constexpr bfloat16& operator=(const float& f) noexcept { return *this = bfloat16(f); }
  constexpr bfloat16& operator=(const half& h) noexcept { return *this = bfloat16(h); }
  /// bfloat16 -> float, exact. HW: mov (bf -> f), a 16-bit shift.
  constexpr operator float() const noexcept { return detail::bf16_bits_to_f32(value_); }
  /// bfloat16 -> half through float (rounded to nearest even).
  constexpr operator half() const noexcept { return half(static_cast<float>(*this)); }
  /// False for +-0 only (NaN is true), as float(b) != 0.
  constexpr explicit operator bool() const noexcept { return (value_ & 0x7fffu) != 0; }

  // ------------------------------ unary minus, ++, --
  /// Flips the sign bit.
  friend constexpr bfloat16 operator-(const bfloat16& x) noexcept {
    return detail::bfloat16_from_bits(static_cast<std::uint16_t>(x.value_ ^ 0x8000u));
  }
  friend constexpr bfloat16& operator++(bfloat16& x) noexcept { return x = float(x) + 1.0f; }
  friend constexpr bfloat16& operator--(bfloat16& x) noexcept { return x = float(x) - 1.0f; }
  friend constexpr bfloat16 operator++(bfloat16& x, int) noexcept {
    const bfloat16 old = x;
    ++x;
    return old;
  }
  friend constexpr bfloat16 operator--(bfloat16& x, int) noexcept {
    const bfloat16 old = x;
    --x;
    return old;
  }

  // ------------------------------ compound assignment
  /// b op= x and t op= b (t of any type convertible to float): computed in float and assigned
  /// back, as DPC++ does (so double d; d += b; goes through float, like on the GPU).
#define XESIM_BF16_COMPOUND(op)                                                     \
  friend constexpr bfloat16& operator op(bfloat16& l, const bfloat16& r) noexcept { \
    float f = static_cast<float>(l);                                                \
    f op static_cast<float>(r);                                                     \
    return l = f;                                                                   \
  }                                                                                 \
  template <detail::bf16_operand T>                                                 \
  friend constexpr bfloat16& operator op(bfloat16& l, const T& r) noexcept {        \
    float f = static_cast<float>(l);                                                \
    f op static_cast<float>(r);                                                     \
    return l = f;                                                                   \
  }                                                                                 \
  template <detail::bf16_operand T>                                                 \
  friend constexpr T& operator op(T& l, const bfloat16& r) noexcept {               \
    float f = static_cast<float>(l);                                                \
    f op static_cast<float>(r);                                                     \
    return l = f;                                                                   \
  }
  XESIM_BF16_COMPOUND(+=)
  XESIM_BF16_COMPOUND(-=)
  XESIM_BF16_COMPOUND(*=)
  XESIM_BF16_COMPOUND(/=)
#undef XESIM_BF16_COMPOUND

  // ------------------------------ binary arithmetic and comparisons
  /// bfloat16 op bfloat16 / T / bfloat16: float arithmetic rounded to bfloat16 (even when T is
  /// float or double, as DPC++); comparisons are IEEE comparisons in float.
#define XESIM_BF16_BINARY(type, op)                                                  \
  friend constexpr type operator op(const bfloat16& a, const bfloat16& b) noexcept { \
    return type(static_cast<float>(a) op static_cast<float>(b));                     \
  }                                                                                  \
  template <detail::bf16_operand T>                                                  \
  friend constexpr type operator op(const bfloat16& a, const T& b) noexcept {        \
    return type(static_cast<float>(a) op static_cast<float>(b));                     \
  }                                                                                  \
  template <detail::bf16_operand T>                                                  \
  friend constexpr type operator op(const T& a, const bfloat16& b) noexcept {        \
    return type(static_cast<float>(a) op static_cast<float>(b));                     \
  }
  XESIM_BF16_BINARY(bfloat16, +)
  XESIM_BF16_BINARY(bfloat16, -)
  XESIM_BF16_BINARY(bfloat16, *)
  XESIM_BF16_BINARY(bfloat16, /)
  XESIM_BF16_BINARY(bool, ==)
  XESIM_BF16_BINARY(bool, !=)
  XESIM_BF16_BINARY(bool, <)
  XESIM_BF16_BINARY(bool, >)
  XESIM_BF16_BINARY(bool, <=)
  XESIM_BF16_BINARY(bool, >=)
#undef XESIM_BF16_BINARY

 private:
  friend constexpr bfloat16 detail::bfloat16_from_bits(std::uint16_t bits) noexcept;
  friend constexpr std::uint16_t detail::bfloat16_bits(bfloat16 b) noexcept;

  std::uint16_t value_;
};

static_assert(sizeof(bfloat16) == 2 && alignof(bfloat16) == 2);
static_assert(std::is_trivially_copyable_v<bfloat16> && std::is_standard_layout_v<bfloat16>);

namespace detail {
// ------------------------------ bfloat16_bits / bfloat16_from_bits
/// The bit pattern of b, and the bfloat16 with a given bit pattern.
constexpr std::uint16_t bfloat16_bits(bfloat16 b) noexcept { return b.value_; }
constexpr bfloat16 bfloat16_from_bits(std::uint16_t bits) noexcept {
  bfloat16 b;
  b.value_ = bits;
  return b;
}
}  // namespace detail

// ------------------------------ stream output / input
/// Writes float(b); reads a float and rounds it (include <ostream>/<istream> where you stream).
template <class Char, class Traits>
std::basic_ostream<Char, Traits>& operator<<(std::basic_ostream<Char, Traits>& os, bfloat16 b) {
  return os << static_cast<float>(b);
}
template <class Char, class Traits>
std::basic_istream<Char, Traits>& operator>>(std::basic_istream<Char, Traits>& is, bfloat16& b) {
  float f = 0.0f;
  is >> f;
  b = f;
  return is;
}

}  // namespace xesim

// ------------------------------ std::numeric_limits<xesim::bfloat16>
template <>
struct std::numeric_limits<xesim::bfloat16> {
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
  static constexpr bool is_iec559 = false;  // not an IEEE 754 interchange format
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 8;
  static constexpr int digits10 = 2;
  static constexpr int max_digits10 = 4;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -125;
  static constexpr int min_exponent10 = -37;
  static constexpr int max_exponent = 128;
  static constexpr int max_exponent10 = 38;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  using B = xesim::bfloat16;
  static constexpr B min() noexcept { return xesim::detail::bfloat16_from_bits(0x0080); }
  static constexpr B lowest() noexcept { return xesim::detail::bfloat16_from_bits(0xff7f); }
  static constexpr B max() noexcept { return xesim::detail::bfloat16_from_bits(0x7f7f); }
  static constexpr B epsilon() noexcept { return xesim::detail::bfloat16_from_bits(0x3c00); }
  static constexpr B round_error() noexcept { return xesim::detail::bfloat16_from_bits(0x3f00); }
  static constexpr B infinity() noexcept { return xesim::detail::bfloat16_from_bits(0x7f80); }
  static constexpr B quiet_NaN() noexcept { return xesim::detail::bfloat16_from_bits(0x7fc0); }
  static constexpr B signaling_NaN() noexcept { return xesim::detail::bfloat16_from_bits(0x7fa0); }
  static constexpr B denorm_min() noexcept { return xesim::detail::bfloat16_from_bits(0x0001); }
};

// ------------------------------ std::hash<xesim::bfloat16>
/// Hashes the bit pattern, with -0 and +0 hashing alike.
template <>
struct std::hash<xesim::bfloat16> {
  std::size_t operator()(xesim::bfloat16 b) const noexcept {
    const std::uint16_t v = xesim::detail::bfloat16_bits(b);
    return (v & 0x7fffu) == 0 ? 0u : std::size_t{v};
  }
};
