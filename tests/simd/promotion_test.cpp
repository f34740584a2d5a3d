// DPC++'s element-type promotion for simd operators: C++ rules between std types, the floating
// type wins over an integral one, two different floating types promote through their native types,
// a scalar operand behaves as a vector of its own type. Checked at compile time and by value.
#include <gtest/gtest.h>

#include "test_util.hpp"

using namespace xesim::esimd;
using xesim::bfloat16;
using xesim::half;

namespace {

template <class A, class B> using result_t = decltype(std::declval<A>() + std::declval<B>());

// Between std types: C++'s usual arithmetic conversions (char + char -> int).
static_assert(std::is_same_v<result_t<simd<uint8_t, 8>, simd<uint8_t, 8>>, simd<int, 8>>);
static_assert(std::is_same_v<result_t<simd<int16_t, 8>, simd<uint16_t, 8>>, simd<int, 8>>);
static_assert(std::is_same_v<result_t<simd<int, 8>, simd<unsigned, 8>>, simd<unsigned, 8>>);
static_assert(std::is_same_v<result_t<simd<int, 8>, simd<float, 8>>, simd<float, 8>>);
static_assert(std::is_same_v<result_t<simd<float, 8>, simd<double, 8>>, simd<double, 8>>);
static_assert(std::is_same_v<result_t<simd<int64_t, 8>, simd<uint32_t, 8>>, simd<int64_t, 8>>);
// A scalar is a vector of its own type: simd<float> * 2.0 is simd<double> in DPC++.
static_assert(std::is_same_v<result_t<simd<float, 8>, double>, simd<double, 8>>);
static_assert(std::is_same_v<result_t<simd<float, 8>, int>, simd<float, 8>>);
static_assert(std::is_same_v<result_t<int, simd<int8_t, 8>>, simd<int, 8>>);
static_assert(std::is_same_v<result_t<simd<int, 8>, unsigned>, simd<unsigned, 8>>);
// Wrapper types.
static_assert(std::is_same_v<result_t<simd<half, 8>, simd<half, 8>>, simd<half, 8>>);
static_assert(std::is_same_v<result_t<simd<half, 8>, int>, simd<half, 8>>);
static_assert(std::is_same_v<result_t<half, simd<half, 8>>, simd<half, 8>>);
static_assert(std::is_same_v<result_t<simd<half, 8>, float>, simd<float, 8>>);
static_assert(std::is_same_v<result_t<simd<half, 8>, simd<double, 8>>, simd<double, 8>>);
static_assert(std::is_same_v<result_t<simd<bfloat16, 8>, simd<bfloat16, 8>>, simd<bfloat16, 8>>);
static_assert(std::is_same_v<result_t<simd<bfloat16, 8>, simd<half, 8>>, simd<float, 8>>);
static_assert(std::is_same_v<result_t<simd<uint8_t, 8>, simd<bfloat16, 8>>, simd<bfloat16, 8>>);
// Views promote like the vectors they read as; comparisons give masks.
static_assert(std::is_same_v<decltype(std::declval<simd<uint8_t, 16>&>().select<8, 2>(0) *
                                      std::declval<simd<uint8_t, 8>>()),
                             simd<int, 8>>);
static_assert(std::is_same_v<decltype(std::declval<simd<half, 8>>() < 1.0f), simd_mask<8>>);

// Operators that DPC++ does not define must not exist.
template <class A, class B, class = void> struct has_rem : std::false_type {};
template <class A, class B>
struct has_rem<A, B, std::void_t<decltype(std::declval<A>() % std::declval<B>())>> : std::true_type {};
static_assert(has_rem<simd<int, 4>, simd<int, 4>>::value);
static_assert(!has_rem<simd<float, 4>, simd<float, 4>>::value, "no % on floating vectors");
template <class A, class B, class = void> struct has_and : std::false_type {};
template <class A, class B>
struct has_and<A, B, std::void_t<decltype(std::declval<A>() & std::declval<B>())>> : std::true_type {};
static_assert(!has_and<simd<float, 4>, simd<float, 4>>::value, "no & on floating vectors");
static_assert(has_and<simd_mask<4>, simd_mask<4>>::value);
template <class A, class B, class = void> struct has_add : std::false_type {};
template <class A, class B>
struct has_add<A, B, std::void_t<decltype(std::declval<A>() + std::declval<B>())>> : std::true_type {};
// DPC++'s simd_mask operators: mask + mask is a simd<uint16_t> (the lanes as numbers).
static_assert(has_add<simd_mask<4>, simd_mask<4>>::value);
static_assert(std::is_same_v<decltype(std::declval<simd_mask<4>>() + std::declval<simd_mask<4>>()),
                             simd<uint16_t, 4>>);
static_assert(!has_add<simd_mask<4>, simd_mask<8>>::value, "masks of different lengths");

TEST(SimdPromotion, ValuesFollowThePromotedType) {
  const simd<uint8_t, 4> a(250);
  const auto s = a + a;  // int: no wrap at 256
  EXPECT_EQ(s[0], 500);
  const simd<int, 4> neg(-1);
  const auto u = neg + 0u;  // unsigned
  EXPECT_EQ(u[1], 0xffffffffu);
  const simd<float, 4> f(0.1f);
  const auto d = f * 3.0;  // double
  EXPECT_DOUBLE_EQ(d[2], static_cast<double>(0.1f) * 3.0);
  const simd<half, 4> h(half(0.1f));
  const auto hf = h * 3.0f;  // float: no rounding to half
  EXPECT_EQ(hf[3], static_cast<float>(half(0.1f)) * 3.0f);
  const auto hi = h * 3;  // half: rounded to half
  EXPECT_EQ(static_cast<float>(hi[3]), static_cast<float>(half(static_cast<float>(half(0.1f)) * 3.0f)));
}

}  // namespace
