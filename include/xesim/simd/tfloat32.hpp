// xesim::tfloat32: TensorFloat-32 (1 sign, 8 exponent, 10 mantissa bits) kept in the top 19 bits
// of a 32-bit word, the host class behind sycl::ext::intel::experimental::esimd::tfloat32.
// As in DPC++ the scalar class converts from float by truncation (the low 13 mantissa bits are
// cleared) and defines no arithmetic: tf op x uses operator float, so tf + tf is a float.
// The GPU's vector conversion (simd<tfloat32, N> from float) rounds to nearest even instead:
// that is detail::f32_to_tf32_bits_rne and, in bulk, detail::f32_to_tf32 in fp_convert.hpp.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <type_traits>

namespace xesim {

class tfloat32;

namespace detail {

inline constexpr std::uint32_t kTf32Mask = 0xffffe000u;  ///< the 19 bits a tfloat32 keeps

// ------------------------------ f32_to_tf32_bits_trunc
/// float -> tfloat32 bits by truncation (round toward zero), as DPC++'s tfloat32(float).
/// A NaN stays a NaN: its quiet bit is set, so a payload held only in the cleared bits cannot
/// turn it into infinity (DPC++ would).
constexpr std::uint32_t f32_to_tf32_bits_trunc(float f) noexcept {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (u | 0x00400000u) & kTf32Mask;
  return u & kTf32Mask;
}

// ------------------------------ f32_to_tf32_bits_rne
/// float -> tfloat32 bits, round to nearest even (overflow -> inf, NaN -> quiet NaN).
/// HW: the vector float -> tf32 conversion (__esimd_tf32_cvt, mov f -> tf32), Xe-HPC / Xe2.
constexpr std::uint32_t f32_to_tf32_bits_rne(float f) noexcept {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return (u | 0x00400000u) & kTf32Mask;
  return (u + 0x0fffu + ((u >> 13) & 1u)) & kTf32Mask;
}

constexpr tfloat32 tfloat32_from_bits(std::uint32_t bits) noexcept;

}  // namespace detail

// ------------------------------ tfloat32
/// 32-bit storage whose low 13 bits are always zero; converts to float exactly.
/// Default construction leaves it uninitialised. HW: dpas tf32 operands on Xe-HPC, Xe2.
class tfloat32 {
 public:
  tfloat32() = default;

  /// float -> tfloat32 by truncation (as DPC++; see f32_to_tf32_bits_trunc).
  constexpr tfloat32(const float& f) noexcept : value_(detail::f32_to_tf32_bits_trunc(f)) {}
  constexpr tfloat32& operator=(const float& f) noexcept { return *this = tfloat32(f); }
  /// tfloat32 -> float, exact.
  constexpr operator float() const noexcept { return std::bit_cast<float>(value_); }
  /// The 32-bit pattern (low 13 bits zero).
  constexpr std::uint32_t raw() const noexcept { return value_; }
  /// False for +-0 only.
  constexpr explicit operator bool() const noexcept { return (value_ & 0x7fffffffu) != 0; }
  /// Flips the sign bit. (DPC++ takes a non-const lvalue; a const one here also gives tfloat32.)
  friend constexpr tfloat32 operator-(const tfloat32& x) noexcept {
    return detail::tfloat32_from_bits(x.value_ ^ 0x80000000u);
  }

 private:
  friend constexpr tfloat32 detail::tfloat32_from_bits(std::uint32_t bits) noexcept;

  std::uint32_t value_;
};

static_assert(sizeof(tfloat32) == 4 && alignof(tfloat32) == 4);
static_assert(std::is_trivially_copyable_v<tfloat32> && std::is_standard_layout_v<tfloat32>);

namespace detail {
// ------------------------------ tfloat32_from_bits
/// The tfloat32 with the given 32-bit pattern; the low 13 bits are cleared.
constexpr tfloat32 tfloat32_from_bits(std::uint32_t bits) noexcept {
  tfloat32 t;
  t.value_ = bits & kTf32Mask;
  return t;
}
}  // namespace detail

// ------------------------------ stream output
/// Writes float(t) (include <ostream> where you stream).
template <class Char, class Traits>
std::basic_ostream<Char, Traits>& operator<<(std::basic_ostream<Char, Traits>& os, tfloat32 t) {
  return os << static_cast<float>(t);
}

}  // namespace xesim

// ------------------------------ std::numeric_limits<xesim::tfloat32>
/// Limits of the scalar class: truncating conversion, so round_style is toward zero.
template <>
struct std::numeric_limits<xesim::tfloat32> {
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr std::float_denorm_style has_denorm = std::denorm_present;
  static constexpr bool has_denorm_loss = false;
  static constexpr std::float_round_style round_style = std::round_toward_zero;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -125;
  static constexpr int min_exponent10 = -37;
  static constexpr int max_exponent = 128;
  static constexpr int max_exponent10 = 38;
  static constexpr bool traps = false;
  static constexpr bool tinyness_before = false;

  using T = xesim::tfloat32;
  static constexpr T min() noexcept { return xesim::detail::tfloat32_from_bits(0x00800000u); }
  static constexpr T lowest() noexcept { return xesim::detail::tfloat32_from_bits(0xff7fe000u); }
  static constexpr T max() noexcept { return xesim::detail::tfloat32_from_bits(0x7f7fe000u); }
  static constexpr T epsilon() noexcept { return xesim::detail::tfloat32_from_bits(0x3a800000u); }
  static constexpr T round_error() noexcept {
    return xesim::detail::tfloat32_from_bits(0x3f800000u);
  }
  static constexpr T infinity() noexcept { return xesim::detail::tfloat32_from_bits(0x7f800000u); }
  static constexpr T quiet_NaN() noexcept { return xesim::detail::tfloat32_from_bits(0x7fc00000u); }
  static constexpr T signaling_NaN() noexcept {
    return xesim::detail::tfloat32_from_bits(0x7fa00000u);
  }
  static constexpr T denorm_min() noexcept {
    return xesim::detail::tfloat32_from_bits(0x00002000u);
  }
};
