// xesim::half, xesim::bfloat16, xesim::tfloat32: conversions against an independent integer
// rounding oracle (exhaustive where the domain allows), operator result types and semantics as
// DPC++ defines them, numeric_limits, hash and streams.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <type_traits>
#include <unordered_set>
#include <vector>

#include "xesim/simd/bfloat16.hpp"
#include "xesim/simd/half.hpp"
#include "xesim/simd/tfloat32.hpp"

namespace {

using xesim::bfloat16;
using xesim::half;
using xesim::tfloat32;
using xesim::detail::bfloat16_bits;
using xesim::detail::bfloat16_from_bits;
using xesim::detail::half_bits;
using xesim::detail::half_from_bits;

// ---- the oracle ----------------------------------------------------------------------------
/// A binary floating-point format: `man` stored mantissa bits, `ebits` exponent bits.
struct format {
  int man;
  int ebits;
};
constexpr format kHalf{10, 5}, kBf16{7, 8}, kTf32{10, 8}, kF32{23, 8};

/// Rounds (-1)^neg * sig * 2^e (exact) to `f`, to nearest, ties to even; returns the encoding
/// (sign at bit man + ebits). Pure integer arithmetic on the exact value; shares no code with
/// the headers.
std::uint64_t oracle_round(bool neg, std::uint64_t sig, int e, format f) {
  const int bias = (1 << (f.ebits - 1)) - 1;
  const std::uint64_t sign = static_cast<std::uint64_t>(neg) << (f.man + f.ebits);
  const std::uint64_t inf = ((1ull << f.ebits) - 1) << f.man;
  if (sig == 0) return sign;
  const int msb = 63 - std::countl_zero(sig);
  const int exp = msb + e;                  // value in [2^exp, 2^(exp+1))
  int q = std::max(exp, 1 - bias) - f.man;  // weight of the result's last bit
  std::uint64_t r;
  if (e >= q) {
    r = sig << (e - q);  // exact: fewer than man + 1 significant bits
  } else {
    const int s = q - e;
    if (s > 100) {
      r = 0;  // far below half an ulp
    } else {
      const unsigned __int128 big = sig;
      const unsigned __int128 floor = big >> s;
      const unsigned __int128 rem = big - (floor << s);
      const unsigned __int128 halfway = static_cast<unsigned __int128>(1) << (s - 1);
      r = static_cast<std::uint64_t>(floor);
      if (rem > halfway || (rem == halfway && (r & 1))) ++r;
    }
  }
  if (r >> (f.man + 1)) {  // rounded up to the next power of two
    r >>= 1;
    ++q;
  }
  const int biased = (r >> f.man) ? q + f.man + bias : 0;
  if (biased >= (1 << f.ebits) - 1) return sign | inf;
  return sign | (static_cast<std::uint64_t>(biased) << f.man) | (r & ((1ull << f.man) - 1));
}

/// Oracle float -> format for a finite float; NaN/inf handled by the callers.
std::uint64_t oracle_from_f32(float x, format f) {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(x);
  const std::uint32_t be = (u >> 23) & 0xff, m = u & 0x7fffff;
  const bool neg = u >> 31;
  return be == 0 ? oracle_round(neg, m, -149, f)
                 : oracle_round(neg, m | 0x800000u, int(be) - 150, f);
}
std::uint64_t oracle_from_f64(double x, format f) {
  const std::uint64_t u = std::bit_cast<std::uint64_t>(x);
  const std::uint64_t be = (u >> 52) & 0x7ff, m = u & ((1ull << 52) - 1);
  const bool neg = u >> 63;
  return be == 0 ? oracle_round(neg, m, -1074, f)
                 : oracle_round(neg, m | (1ull << 52), int(be) - 1075, f);
}

/// Expected float -> half bits: the oracle, or for NaN the F16C rule (quiet, payload >> 13).
std::uint16_t expected_f16(float x) {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(x);
  if ((u & 0x7fffffffu) > 0x7f800000u) {
    return static_cast<std::uint16_t>(((u >> 16) & 0x8000u) | 0x7e00u | ((u >> 13) & 0x3ffu));
  }
  if ((u & 0x7fffffffu) == 0x7f800000u)
    return static_cast<std::uint16_t>(((u >> 16) & 0x8000u) | 0x7c00u);
  return static_cast<std::uint16_t>(oracle_from_f32(x, kHalf));
}

std::uint32_t rand32() {
  return (static_cast<std::uint32_t>(std::rand()) << 16) ^ static_cast<std::uint32_t>(std::rand());
}
std::uint32_t f32_bits(float f) { return std::bit_cast<std::uint32_t>(f); }
float f32_from(std::uint32_t u) { return std::bit_cast<float>(u); }

/// Floats that probe every half rounding boundary: each finite half value, the midpoints to its
/// neighbours (exact ties) and the floats one ulp either side of them; plus randoms.
std::vector<float> half_probe_floats() {
  std::vector<float> v;
  for (std::uint32_t b = 0; b < 0x7c00u; ++b) {
    for (std::uint32_t s : {0u, 0x8000u}) {
      const float x = xesim::detail::f16_bits_to_f32_soft(static_cast<std::uint16_t>(b | s));
      // next half up in magnitude (0x7c00 = inf: its "value" for the midpoint is 65536)
      const float y =
          b + 1 == 0x7c00u
              ? (s ? -65536.0f : 65536.0f)
              : xesim::detail::f16_bits_to_f32_soft(static_cast<std::uint16_t>((b + 1) | s));
      const float mid = static_cast<float>((static_cast<double>(x) + y) / 2);  // exact
      for (float p : {x, mid}) {
        v.push_back(p);
        v.push_back(f32_from(f32_bits(p) + 1));
        if ((f32_bits(p) & 0x7fffffffu) != 0) v.push_back(f32_from(f32_bits(p) - 1));
      }
    }
  }
  std::srand(42);
  for (int i = 0; i < 1 << 20; ++i) v.push_back(f32_from(rand32()));  // all exponents
  for (int i = 0; i < 1 << 20; ++i) {                                 // the half range
    const std::uint32_t exp = 100 + static_cast<std::uint32_t>(std::rand() % 45);
    v.push_back(f32_from((rand32() & 0x807fffffu) | (exp << 23)));
  }
  for (std::uint32_t u : {0x7f800000u, 0xff800000u, 0x7f800001u, 0x7fc00000u, 0xffffffffu,
                          0x7f802000u, 0x7fbfffffu, 0x00000001u, 0x80000001u, 0x007fffffu,
                          0x33000000u, 0x33000001u, 0x477fefffu, 0x477ff000u, 0x477ff001u}) {
    v.push_back(f32_from(u));
  }
  return v;
}

// ---- types and layout ----------------------------------------------------------------------
template <class A, class B>
using add_t = decltype(std::declval<A>() + std::declval<B>());
template <class A, class B>
using mul_t = decltype(std::declval<A>() * std::declval<B>());
template <class A, class B>
using lt_t = decltype(std::declval<A>() < std::declval<B>());
enum unscoped_e { kThree = 3 };

static_assert(sizeof(half) == 2 && sizeof(bfloat16) == 2 && sizeof(tfloat32) == 4);
static_assert(std::is_trivially_copyable_v<half> && std::is_standard_layout_v<half>);
static_assert(std::is_trivially_default_constructible_v<half>);
static_assert(std::is_trivially_default_constructible_v<bfloat16>);
static_assert(std::is_trivially_default_constructible_v<tfloat32>);
static_assert(std::is_same_v<decltype(std::bit_cast<_Float16>(half{})), _Float16>);

// half: DPC++'s overload set.
static_assert(std::is_same_v<add_t<half, half>, half>);
static_assert(std::is_same_v<add_t<half, float>, float>);
static_assert(std::is_same_v<add_t<float, half>, float>);
static_assert(std::is_same_v<add_t<half, double>, double>);
static_assert(std::is_same_v<mul_t<double, half>, double>);
static_assert(std::is_same_v<add_t<half, int>, half>);
static_assert(std::is_same_v<add_t<long, half>, half>);
static_assert(std::is_same_v<mul_t<half, unsigned long long>, half>);
static_assert(std::is_same_v<add_t<half, short>, half>);
static_assert(std::is_same_v<add_t<half, char>, half>);
static_assert(std::is_same_v<add_t<half, bool>, half>);
static_assert(std::is_same_v<add_t<half, unscoped_e>, half>);
static_assert(std::is_same_v<decltype(-half{}), half>);
static_assert(std::is_same_v<decltype(+half{}), float>);  // no unary plus in DPC++
static_assert(std::is_same_v<lt_t<half, half>, bool> && std::is_same_v<lt_t<int, half>, bool>);
static_assert(std::is_same_v<decltype(std::declval<half&>() += 1), half&>);
static_assert(std::is_same_v<decltype(std::declval<half&>()++), half>);
static_assert(std::is_same_v<decltype(++std::declval<half&>()), half&>);
static_assert(std::is_convertible_v<half, float> && std::is_convertible_v<double, half>);
static_assert(std::is_convertible_v<int, half> && std::is_convertible_v<long double, half>);
// bfloat16: every op with T convertible to float stays bfloat16.
static_assert(std::is_same_v<add_t<bfloat16, bfloat16>, bfloat16>);
static_assert(std::is_same_v<add_t<bfloat16, float>, bfloat16>);
static_assert(std::is_same_v<mul_t<double, bfloat16>, bfloat16>);
static_assert(std::is_same_v<add_t<int, bfloat16>, bfloat16>);
static_assert(std::is_same_v<add_t<half, bfloat16>, bfloat16>);
static_assert(std::is_same_v<add_t<bfloat16, half>, bfloat16>);
static_assert(std::is_same_v<lt_t<bfloat16, double>, bool>);
static_assert(std::is_same_v<decltype(-bfloat16{}), bfloat16>);
static_assert(std::is_same_v<decltype(std::declval<double&>() += bfloat16{}), double&>);
static_assert(std::is_same_v<decltype(std::declval<bfloat16&>() *= 2), bfloat16&>);
static_assert(std::is_same_v<decltype(std::declval<bfloat16&>()--), bfloat16>);
static_assert(std::is_convertible_v<bfloat16, half> && std::is_convertible_v<half, bfloat16>);
static_assert(std::is_constructible_v<bool, bfloat16>);  // also implicitly, through float
// tfloat32: no arithmetic of its own, so it computes as float.
static_assert(std::is_same_v<add_t<tfloat32, tfloat32>, float>);
static_assert(std::is_same_v<add_t<tfloat32, double>, double>);
static_assert(std::is_same_v<add_t<half, tfloat32>, float>);
static_assert(std::is_same_v<add_t<bfloat16, tfloat32>, bfloat16>);
static_assert(std::is_same_v<decltype(-tfloat32{}), tfloat32>);

// constexpr conversions and arithmetic.
constexpr half kH = 1.5f;
static_assert(float(kH * kH + 1) == 3.25f);
static_assert(half_bits(half(65520.0f)) == 0x7c00 && half_bits(half(65519.996f)) == 0x7bff);
static_assert(half_bits(half(0.1)) == 0x2e66 && half_bits(half(-2)) == 0xc000);
static_assert(half_bits(std::numeric_limits<half>::infinity()) == 0x7c00);
static_assert(bfloat16_bits(bfloat16(1.0f) + bfloat16(2.0f)) == 0x4040);
static_assert(tfloat32(1.0009765625f).raw() == 0x3f802000u);

// ---- half: conversions -----------------------------------------------------------------------
TEST(Half, AllBitPatternsToFloatAndBack) {
  for (std::uint32_t b = 0; b < 0x10000u; ++b) {
    const half h = half_from_bits(static_cast<std::uint16_t>(b));
    const float f = h;
    const std::uint32_t e = (b >> 10) & 0x1f, m = b & 0x3ff;
    if (e == 0x1f && m != 0) {  // NaN: quiet, payload moved up
      ASSERT_TRUE(std::isnan(f)) << std::hex << b;
      ASSERT_EQ(f32_bits(f), ((b & 0x8000u) << 16) | 0x7fc00000u | (m << 13)) << std::hex << b;
      ASSERT_EQ(half_bits(half(f)), b | 0x200u) << std::hex << b;
      continue;
    }
    // The float the oracle builds from the integer significand and exponent.
    std::uint64_t want;
    if (e == 0x1f) {
      want = ((b & 0x8000u) << 16) | 0x7f800000u;
    } else {
      want = e == 0 ? oracle_round(b >> 15, m, -24, kF32)
                    : oracle_round(b >> 15, m | 0x400u, int(e) - 25, kF32);
    }
    ASSERT_EQ(f32_bits(f), want) << std::hex << b;
    ASSERT_EQ(f32_bits(xesim::detail::f16_bits_to_f32_soft(static_cast<std::uint16_t>(b))), want);
    ASSERT_EQ(f32_bits(static_cast<float>(std::bit_cast<_Float16>(static_cast<std::uint16_t>(b)))),
              want);                                    // g++'s own conversion agrees
    ASSERT_EQ(half_bits(half(f)), b) << std::hex << b;  // round trip
  }
}

TEST(Half, FloatToHalfMatchesOracle) {
  for (float x : half_probe_floats()) {
    const std::uint16_t want = expected_f16(x);
    ASSERT_EQ(half_bits(half(x)), want) << std::hex << f32_bits(x);
    ASSERT_EQ(xesim::detail::f32_to_f16_bits_soft(x), want) << std::hex << f32_bits(x);
    if (!std::isnan(x)) {
      ASSERT_EQ(std::bit_cast<std::uint16_t>(static_cast<_Float16>(x)), want);  // g++ agrees
    }
  }
}

TEST(Half, FloatToHalfTiesAndLimits) {
  EXPECT_EQ(half_bits(half(1.0f + 0x1p-11f)), 0x3c00);      // tie -> even (down)
  EXPECT_EQ(half_bits(half(1.0f + 3 * 0x1p-11f)), 0x3c02);  // tie -> even (up)
  EXPECT_EQ(half_bits(half(65504.0f)), 0x7bff);
  EXPECT_EQ(half_bits(half(65520.0f)), 0x7c00);  // tie above max -> inf
  EXPECT_EQ(half_bits(half(-1e10f)), 0xfc00);
  EXPECT_EQ(half_bits(half(0x1p-24f)), 0x0001);  // denorm_min
  EXPECT_EQ(half_bits(half(0x1p-25f)), 0x0000);  // tie -> even zero
  EXPECT_EQ(half_bits(half(-0x1.8p-25f)), 0x8001);
  EXPECT_EQ(half_bits(half(0x1.ffcp-15f)), 0x0400);  // 1023.5 units: tie up to min normal
  EXPECT_EQ(half_bits(half(-0.0f)), 0x8000);
  EXPECT_EQ(half_bits(half(f32_from(0x7f800001u))), 0x7e00);  // NaN stays NaN
}

TEST(Half, DoubleAndIntegerToHalfAreCorrectlyRounded) {
  std::srand(42);
  for (int i = 0; i < 1 << 20; ++i) {
    const std::uint64_t u = (static_cast<std::uint64_t>(rand32()) << 32) | rand32();
    const int exp = 1023 - 30 + std::rand() % 50;  // 2^-30 .. 2^19
    const double d = std::bit_cast<double>((u & 0x800fffffffffffffull) |
                                           (static_cast<std::uint64_t>(exp) << 52));
    ASSERT_EQ(half_bits(half(d)), oracle_from_f64(d, kHalf)) << d;
  }
  // Just above a tie by less than a float ulp: rounding through float would tie to even (down).
  const double above = 1.0 + 0x1p-11 + 0x1p-40;
  EXPECT_EQ(half_bits(half(above)), 0x3c01);
  EXPECT_EQ(half_bits(half(-above)), 0xbc01);
  EXPECT_EQ(half_bits(half(static_cast<long double>(above))), 0x3c01);
  EXPECT_EQ(half_bits(half(65519.99999)), 0x7bff);
  EXPECT_EQ(half_bits(half(1e300)), 0x7c00);
  EXPECT_TRUE(std::isnan(float(half(std::nan("")))));
  for (long i = -70000; i <= 70000; ++i) {
    ASSERT_EQ(half_bits(half(i)), oracle_from_f64(double(i), kHalf)) << i;
  }
  EXPECT_EQ(half_bits(half(std::numeric_limits<long long>::min())), 0xfc00);
  EXPECT_EQ(half_bits(half(std::numeric_limits<unsigned long long>::max())), 0x7c00);
  EXPECT_EQ(half_bits(half(true)), 0x3c00);
  EXPECT_EQ(half_bits(half(kThree)), 0x4200);
}

// ---- half: operators -------------------------------------------------------------------------
TEST(Half, ArithmeticIsCorrectlyRounded) {
  std::srand(42);
  for (int i = 0; i < 1 << 18; ++i) {
    const half a = half_from_bits(static_cast<std::uint16_t>(std::rand() & 0xffff));
    const half b = half_from_bits(static_cast<std::uint16_t>(std::rand() & 0xffff));
    const double x = float(a), y = float(b);
    if (std::isnan(x) || std::isnan(y) || std::isinf(x) || std::isinf(y)) continue;
    // + - * are exact in double, / is rounded once with 53 >= 2*11+2 bits: the oracle's single
    // rounding of the double result is the correctly rounded half.
    ASSERT_EQ(half_bits(a + b), oracle_from_f64(x + y, kHalf));
    ASSERT_EQ(half_bits(a - b), oracle_from_f64(x - y, kHalf));
    ASSERT_EQ(half_bits(a * b), oracle_from_f64(x * y, kHalf));
    if (y != 0) {
      ASSERT_EQ(half_bits(a / b), oracle_from_f64(x / y, kHalf));
    }
    half c = a;
    c *= b;
    ASSERT_EQ(half_bits(c), half_bits(a * b));
    ASSERT_EQ(a < b, x < y);
    ASSERT_EQ(a == b, x == y);
    ASSERT_EQ(a >= b, x >= y);
    ASSERT_EQ(a + 0.5f, float(a) + 0.5f);
  }
}

TEST(Half, MixedOperandsFollowDpcpp) {
  const half h = 0.5f;
  // half op int: the int is rounded to half first (2049 -> 2048), then half arithmetic.
  EXPECT_EQ(float(h + 2049), 2048.0f);
  EXPECT_EQ(float(2049 + h), 2048.0f);
  EXPECT_EQ(float(h + 70000), std::numeric_limits<float>::infinity());
  // half op float / double: computed in float / double, not rounded.
  EXPECT_EQ(h + 2049.0f, 2049.5f);
  EXPECT_EQ(h + 1e-10, 0.5 + 1e-10);
  // Comparisons with an integer convert it to float, not to half.
  EXPECT_FALSE(half(2048.0f) == 2049);
  EXPECT_TRUE(half(2048.0f) < 2049);
  EXPECT_TRUE(half(2048.0f) == 2048u);
  // ++ adds half(1): 2048 + 1 = 2049 rounds back to 2048 (tie to even).
  half big = 2048.0f;
  EXPECT_EQ(float(big++), 2048.0f);
  EXPECT_EQ(float(big), 2048.0f);
  half one = 1.0f;
  EXPECT_EQ(float(++one), 2.0f);
  EXPECT_EQ(float(one--), 2.0f);
  EXPECT_EQ(float(one), 1.0f);
  // Compound assignment converts its operand to half first.
  half acc = 1.0f;
  acc += 0x1p-12f;  // 2^-12 is a half; 1 + 2^-12 rounds back to 1
  EXPECT_EQ(float(acc), 1.0f);
  acc -= 3;
  EXPECT_EQ(float(acc), -2.0f);
  acc /= 0.5;
  EXPECT_EQ(float(acc), -4.0f);
}

TEST(Half, SignZeroAndNaN) {
  const half nan = std::numeric_limits<half>::quiet_NaN();
  EXPECT_EQ(half_bits(-half(0.0f)), 0x8000);
  EXPECT_EQ(half_bits(-nan), 0xfe00);
  EXPECT_TRUE(half(0.0f) == half(-0.0f));
  EXPECT_FALSE(nan == nan);
  EXPECT_TRUE(nan != nan);
  EXPECT_FALSE(nan < 1.0f || nan > 1 || nan <= 1.0);
  EXPECT_TRUE(std::isnan(float(nan + 1)));
}

TEST(Half, NumericLimits) {
  using L = std::numeric_limits<half>;
  EXPECT_EQ(float(L::min()), 0x1p-14f);
  EXPECT_EQ(float(L::max()), 65504.0f);
  EXPECT_EQ(float(L::lowest()), -65504.0f);
  EXPECT_EQ(float(L::epsilon()), float(half_from_bits(0x3c01)) - 1.0f);
  EXPECT_EQ(float(L::denorm_min()), 0x1p-24f);
  EXPECT_EQ(float(L::round_error()), 0.5f);
  EXPECT_EQ(float(L::infinity()), std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(float(L::quiet_NaN())) && (half_bits(L::quiet_NaN()) & 0x200));
  EXPECT_TRUE(std::isnan(float(L::signaling_NaN())) && !(half_bits(L::signaling_NaN()) & 0x200));
  EXPECT_EQ(L::digits, 11);
  EXPECT_TRUE(L::is_specialized && L::is_signed && !L::is_integer && L::is_iec559);
  EXPECT_TRUE(L::has_infinity && L::has_quiet_NaN && L::has_signaling_NaN);
  EXPECT_TRUE(std::numeric_limits<const half>::is_specialized);
}

/// The derived members of numeric_limits<T> agree with its values (C++ definitions).
template <class T>
void check_limits_consistent() {
  using L = std::numeric_limits<T>;
  const double lg2 = std::log10(2.0);
  EXPECT_EQ(L::digits10, int(std::floor((L::digits - 1) * lg2)));
  EXPECT_EQ(L::max_digits10, int(std::ceil(1 + L::digits * lg2)));
  EXPECT_EQ(double(float(L::min())), std::ldexp(1.0, L::min_exponent - 1));
  EXPECT_EQ(double(float(L::epsilon())), std::ldexp(1.0, 1 - L::digits));
  EXPECT_EQ(double(float(L::denorm_min())), std::ldexp(1.0, L::min_exponent - L::digits));
  EXPECT_EQ(double(float(L::max())),
            std::ldexp(2.0 - std::ldexp(1.0, 1 - L::digits), L::max_exponent - 1));
  EXPECT_EQ(float(L::lowest()), -float(L::max()));
  EXPECT_GE(std::pow(10.0, L::min_exponent10), double(float(L::min())));
  EXPECT_LT(std::pow(10.0, L::min_exponent10 - 1), double(float(L::min())));
  EXPECT_LE(std::pow(10.0, L::max_exponent10), double(float(L::max())));
  EXPECT_GT(std::pow(10.0, L::max_exponent10 + 1), double(float(L::max())));
  EXPECT_TRUE(std::isinf(float(L::infinity())) && float(L::infinity()) > 0);
  EXPECT_TRUE(std::isnan(float(L::quiet_NaN())) && std::isnan(float(L::signaling_NaN())));
}
TEST(Limits, ConsistentForAllThreeTypes) {
  check_limits_consistent<half>();
  check_limits_consistent<bfloat16>();
  check_limits_consistent<tfloat32>();
}

TEST(Half, HashAndStreams) {
  const std::hash<half> hh;
  EXPECT_EQ(hh(half(0.0f)), hh(half(-0.0f)));
  std::unordered_set<half> set;
  for (int i = -100; i < 100; ++i) set.insert(half(i));
  set.insert(half(-0.0f));
  EXPECT_EQ(set.size(), 200u);
  EXPECT_EQ(set.count(half(7)), 1u);
  std::ostringstream os;
  os << half(1.5f) << ' ' << half(-65504.0f);
  EXPECT_EQ(os.str(), "1.5 -65504");
  std::istringstream is("0.1 70000");
  half a, b;
  is >> a >> b;
  EXPECT_EQ(half_bits(a), 0x2e66);
  EXPECT_EQ(half_bits(b), 0x7c00);
}

// ---- bfloat16 ----------------------------------------------------------------------------------
TEST(Bfloat16, AllBitPatternsToFloatAndBack) {
  for (std::uint32_t b = 0; b < 0x10000u; ++b) {
    const bfloat16 x = bfloat16_from_bits(static_cast<std::uint16_t>(b));
    const float f = x;
    ASSERT_EQ(f32_bits(f), b << 16);
    const bool nan = (b & 0x7fffu) > 0x7f80u;
    ASSERT_EQ(bfloat16_bits(bfloat16(f)), nan ? (b | 0x40u) : b) << std::hex << b;
  }
}

TEST(Bfloat16, FloatToBfloat16MatchesOracle) {
  std::vector<std::uint32_t> in;
  for (std::uint32_t b = 0; b < 0x10000u; ++b) {
    for (std::uint32_t lo : {0x0000u, 0x0001u, 0x7fffu, 0x8000u, 0x8001u, 0xffffu}) {
      in.push_back((b << 16) | lo);  // exact, just above, ties, just below the next
    }
  }
  std::srand(42);
  for (int i = 0; i < 1 << 20; ++i) in.push_back(rand32());
  for (std::uint32_t u : in) {
    const float x = f32_from(u);
    const bfloat16 got = x;
    std::uint64_t want;
    if ((u & 0x7fffffffu) > 0x7f800000u) {
      want = (u >> 16) | 0x40u;  // quiet NaN, sign and payload top kept (vcvtneps2bf16)
    } else if ((u & 0x7fffffffu) == 0x7f800000u) {
      want = u >> 16;
    } else {
      want = oracle_from_f32(x, kBf16);
    }
    ASSERT_EQ(bfloat16_bits(got), want) << std::hex << u;
  }
  EXPECT_EQ(bfloat16_bits(bfloat16(f32_from(0x7f7fffffu))), 0x7f80);  // FLT_MAX -> inf
  EXPECT_EQ(bfloat16_bits(bfloat16(f32_from(0x00008000u))), 0x0000);  // subnormal tie -> even
  EXPECT_EQ(bfloat16_bits(bfloat16(f32_from(0x00018000u))), 0x0002);  // subnormal tie -> even
  EXPECT_EQ(bfloat16_bits(bfloat16(f32_from(0x7f800001u))), 0x7fc0);  // sNaN -> qNaN
}

TEST(Bfloat16, OperatorsComputeInFloat) {
  std::srand(42);
  for (int i = 0; i < 1 << 16; ++i) {
    const bfloat16 a = f32_from(rand32()), b = f32_from(rand32());
    const float x = a, y = b;
    const auto same = [](bfloat16 p, float q) {
      return bfloat16_bits(p) == bfloat16_bits(bfloat16(q));
    };
    ASSERT_TRUE(same(a + b, x + y));
    ASSERT_TRUE(same(a * b, x * y));
    ASSERT_TRUE(same(a - 3, x - 3.0f));
    ASSERT_TRUE(same(2.5 / b, 2.5f / y));  // the double operand goes through float
    ASSERT_EQ(a < b, x < y);
    ASSERT_EQ(a == y, x == y);
  }
  bfloat16 v = 1.0f;
  ++v;
  EXPECT_EQ(float(v), 2.0f);
  EXPECT_EQ(float(v++), 2.0f);
  EXPECT_EQ(float(v), 3.0f);
  v += half(0.5f);
  EXPECT_EQ(float(v), 3.5f);
  v = 256.0f;
  v += 1;  // 257 is not a bfloat16: the tie rounds to even (256)
  EXPECT_EQ(float(v), 256.0f);
  double d = 1.0;
  d += bfloat16(0x1p-30f);  // the sum is formed in float, as DPC++ does: 1 + 2^-30 -> 1
  EXPECT_EQ(d, 1.0);
  half h = 1.0f;
  h *= bfloat16(3.0f);
  EXPECT_EQ(float(h), 3.0f);
  EXPECT_EQ(bfloat16_bits(-bfloat16(0.0f)), 0x8000);
  EXPECT_FALSE(static_cast<bool>(bfloat16(-0.0f)));
  EXPECT_TRUE(static_cast<bool>(bfloat16(1e-40f)));
  EXPECT_EQ(half_bits(half(bfloat16(1.0f / 3))), half_bits(half(float(bfloat16(1.0f / 3)))));
  std::ostringstream os;
  os << bfloat16(1.5f);
  EXPECT_EQ(os.str(), "1.5");
}

TEST(Bfloat16, NumericLimits) {
  using L = std::numeric_limits<bfloat16>;
  EXPECT_EQ(float(L::min()), std::numeric_limits<float>::min());
  EXPECT_EQ(float(L::max()), 0x1.fep127f);
  EXPECT_EQ(float(L::epsilon()), 0x1p-7f);
  EXPECT_EQ(float(L::denorm_min()), 0x1p-133f);
  EXPECT_EQ(L::digits, 8);
  EXPECT_EQ(bfloat16_bits(L::infinity()), 0x7f80);
  EXPECT_FALSE(bfloat16_bits(L::signaling_NaN()) & 0x40);
  EXPECT_EQ(std::hash<bfloat16>{}(bfloat16(0.0f)), std::hash<bfloat16>{}(bfloat16(-0.0f)));
}

// ---- tfloat32 ----------------------------------------------------------------------------------
TEST(Tfloat32, ConversionTruncatesLikeDpcpp) {
  std::srand(42);
  for (int i = 0; i < 1 << 20; ++i) {
    const std::uint32_t u = rand32();
    const tfloat32 t = f32_from(u);
    const float back = t;
    if ((u & 0x7fffffffu) > 0x7f800000u) {
      ASSERT_TRUE(std::isnan(back)) << std::hex << u;  // even when the payload was in low bits
    } else {
      ASSERT_EQ(t.raw(), u & 0xffffe000u) << std::hex << u;
      ASSERT_EQ(f32_bits(back), u & 0xffffe000u);
      ASSERT_LE(std::fabs(back), std::fabs(f32_from(u)));  // toward zero
    }
  }
  EXPECT_EQ(tfloat32(1.0f + 0x1.fp-11f).raw(), 0x3f800000u);  // truncation, not rounding
  EXPECT_TRUE(std::isnan(float(tfloat32(f32_from(0x7f800001u)))));
  EXPECT_EQ((-tfloat32(2.0f)).raw(), 0xc0000000u);
  EXPECT_FALSE(static_cast<bool>(tfloat32(-0.0f)));
  EXPECT_EQ(tfloat32(3.0f) * tfloat32(0.5f), 1.5f);  // a float
  tfloat32 t = 1.0f;
  t = 0.1f;
  EXPECT_EQ(t.raw(), f32_bits(0.1f) & 0xffffe000u);
  EXPECT_EQ(std::numeric_limits<tfloat32>::round_style, std::round_toward_zero);
  EXPECT_EQ(float(std::numeric_limits<tfloat32>::epsilon()), 0x1p-10f);
}

TEST(Tfloat32, RoundToNearestEvenHelperMatchesOracle) {
  std::vector<std::uint32_t> in;
  for (std::uint32_t b = 0; b < (1u << 19); b += 7) {
    for (std::uint32_t lo : {0x0000u, 0x0fffu, 0x1000u, 0x1001u}) in.push_back((b << 13) | lo);
  }
  std::srand(42);
  for (int i = 0; i < 1 << 20; ++i) in.push_back(rand32());
  for (std::uint32_t u : in) {
    const std::uint32_t got = xesim::detail::f32_to_tf32_bits_rne(f32_from(u));
    if ((u & 0x7fffffffu) > 0x7f800000u) {
      ASSERT_EQ(got, (u | 0x00400000u) & 0xffffe000u);
    } else if ((u & 0x7fffffffu) == 0x7f800000u) {
      ASSERT_EQ(got, u);
    } else {
      ASSERT_EQ(got, oracle_from_f32(f32_from(u), kTf32) << 13) << std::hex << u;
    }
  }
}

}  // namespace
