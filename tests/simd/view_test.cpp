// simd_view: select (1D, 2D, nested) for reading, writing and compound assignment; bit_cast_view
// in 1D and 2D; views as operands wherever a simd is taken; class template argument deduction.
#include <gtest/gtest.h>

#include "test_util.hpp"

using namespace xesim::esimd;
using xesim::half;

namespace {

template <class C> class SimdSelect : public ::testing::Test {};
using xesim_test::Case;
using SelectCases = ::testing::Types<Case<int32_t, 8>, Case<int32_t, 33>, Case<int32_t, 128>,
                                     Case<float, 16>, Case<float, 512>, Case<half, 32>,
                                     Case<half, 128>, Case<uint8_t, 64>, Case<double, 16>>;
TYPED_TEST_SUITE(SimdSelect, SelectCases);

TYPED_TEST(SimdSelect, ReadWriteAndCompoundAssignMatchIndexArithmetic) {
  using T = typename TypeParam::type;
  constexpr int N = TypeParam::n;
  constexpr int S = N / 4 > 0 ? N / 4 : 1;  // 4 strided lanes
  srand(42);
  T ref[N];
  for (auto& x : ref) x = T(static_cast<float>(rand() % 50));
  simd<T, N> v(ref);

  // Read: every 4th element from offset 1 (or 0 when too short).
  constexpr int off = N >= 8 ? 1 : 0;
  constexpr int kStride = N >= 8 ? 4 : 1;
  constexpr int kCount = (N - 1 - off) / kStride + 1;
  const simd<T, kCount> r = v.template select<kCount, kStride>(off);
  for (int i = 0; i < kCount; ++i)
    ASSERT_TRUE(xesim_test::same_value<T>(r[i], ref[off + i * kStride])) << i;

  // Write a broadcast, then a vector, then compound-assign through the view.
  v.template select<kCount, kStride>(off) = T(7);
  for (int i = 0; i < kCount; ++i) ref[off + i * kStride] = T(7);
  simd<T, S> inc(T(1), T(1));
  v.template select<S, 1>(N - S) += inc;
  for (int i = 0; i < S; ++i) ref[N - S + i] = T(static_cast<float>(ref[N - S + i]) + float(i + 1));
  v.template select<S, 1>(0) *= T(2);
  for (int i = 0; i < S; ++i) ref[i] = T(static_cast<float>(ref[i]) * 2.f);
  for (int i = 0; i < N; ++i) ASSERT_TRUE(xesim_test::same_value<T>(v[i], ref[i])) << "lane " << i;

  // Nested select: the odd elements of the first half, then every other one of those.
  constexpr int H = N / 2;
  if constexpr (H >= 4) {
    auto half_view = v.template select<H, 1>(0);
    auto odd = half_view.template select<H / 2, 2>(1);
    constexpr int kS2 = H / 4 > 1 ? 2 : 1;
    auto odd2 = odd.template select<H / 4, kS2>(0);  // elements 1, 5, 9, ...
    odd2 = T(3);
    for (int i = 0; i < H / 4; ++i) ref[1 + 4 * i] = T(3);
    for (int i = 0; i < N; ++i) ASSERT_TRUE(xesim_test::same_value<T>(v[i], ref[i])) << "nested " << i;
  }
}

TEST(SimdView, TwoDimensionalSelectOfBitCastView) {
  simd<int, 16> v(0, 1);  // a 4x4 matrix 0..15 (row-major)
  auto m = v.bit_cast_view<int, 4, 4>();
  // Rows 1..2, columns 0 and 2.
  const simd<int, 4> sub = m.select<2, 1, 2, 2>(1, 0);
  const int want[4] = {4, 6, 8, 10};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(sub[i], want[i]);
  m.select<2, 2, 2, 1>(0, 2) = simd<int, 4>({-1, -2, -3, -4});  // rows 0 and 2, columns 2..3
  EXPECT_EQ(v[2], -1);
  EXPECT_EQ(v[3], -2);
  EXPECT_EQ(v[10], -3);
  EXPECT_EQ(v[11], -4);
  EXPECT_EQ(v[6], 6);
  // A 2D view of a 2D view, then a row and a column.
  const simd<int, 4> row2 = m.row(2);
  EXPECT_EQ(row2[0], 8);
  EXPECT_EQ(row2[3], -4);
  const simd<int, 4> col1 = m.column(1);
  EXPECT_EQ(col1[3], 13);
  m.row(3) += 100;
  EXPECT_EQ(v[15], 115);
}

TEST(SimdView, BitCastViewReinterpretsInPlace) {
  simd<float, 4> f({1.0f, -2.0f, 0.5f, 0.0f});
  auto bits = f.bit_cast_view<uint32_t>();
  EXPECT_EQ(bits[0], 0x3f800000u);
  bits[3] = 0x40400000u;  // 3.0f
  EXPECT_EQ(f[3], 3.0f);
  // Flip the sign bits through the integer view.
  bits ^= simd<uint32_t, 4>(0x80000000u);
  EXPECT_EQ(f[0], -1.0f);
  EXPECT_EQ(f[1], 2.0f);
  // half <-> uint16_t and a 2D bit-cast of a sub-view.
  simd<half, 8> h(half(1.0f));
  auto hb = h.bit_cast_view<uint16_t>();
  EXPECT_EQ(hb[5], 0x3c00);
  simd<uint8_t, 16> bytes(0, 1);
  auto words = bytes.select<8, 1>(8).bit_cast_view<uint16_t>();
  EXPECT_EQ(static_cast<uint16_t>(words[0]), 0x0908);  // little-endian bytes 8, 9
  auto quads = bytes.bit_cast_view<uint32_t, 2, 2>();
  EXPECT_EQ(static_cast<uint32_t>(quads.row(1)[1]), 0x0f0e0d0cu);
  // The guide's pattern: convert unsigned bits to signed through a named lvalue.
  simd<uint32_t, 4> fb = simd<uint32_t, 4>(0xffffffffu);
  const simd<int32_t, 4> as_int = fb.bit_cast_view<int32_t>();
  EXPECT_EQ(as_int[2], -1);
  const simd<int32_t, 4> read = fb.bit_cast_view<int32_t>().read();
  EXPECT_EQ(read[1], -1);
}

TEST(SimdView, ViewsAreOperandsAndDeduce) {
  simd<float, 16> a(0.f, 1.f);
  simd<float, 8> b(10.f);
  // view op simd, simd op view, view op view, scalar op view.
  const simd<float, 8> s1 = a.select<8, 2>(0) + b;
  const simd<float, 8> s2 = b * a.select<8, 1>(8);
  const simd<float, 8> s3 = a.select<8, 1>(0) - a.select<8, 1>(8);
  const simd<float, 8> s4 = 2.f * a.select<8, 2>(1);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(s1[i], 2.f * i + 10.f);
    EXPECT_EQ(s2[i], 10.f * (8 + i));
    EXPECT_EQ(s3[i], -8.f);
    EXPECT_EQ(s4[i], 2.f * (2 * i + 1));
  }
  const simd_mask<8> gt = a.select<8, 1>(4) > a.select<8, 1>(0);
  EXPECT_EQ(gt.all(), 1);
  // CTAD: `simd v = view` takes the view's element type and length.
  simd v = a.select<4, 4>(3);
  static_assert(std::is_same_v<decltype(v), simd<float, 4>>);
  EXPECT_EQ(v[3], 15.f);
  auto w = a.select<4, 1>(0);
  simd_view w2 = w;  // copy deduction keeps the view type
  w2 = 0.f;
  EXPECT_EQ(a[2], 0.f);
  // A one-element view converts to its element (the guide's scalar extraction).
  half k = simd<half, 4>(half(1.5f))[2];
  simd<half, 4> hv(half(2.0f));
  const simd<half, 4> prod = k * hv;  // scalar half * simd<half>
  EXPECT_EQ(static_cast<float>(prod[0]), 3.0f);
  float e = a[5];
  EXPECT_EQ(e, 5.f);
  int idx = simd<int, 4>(0, 1)[3];
  EXPECT_EQ(idx, 3);
  // Views passed to a function taking simd.
  auto sum4 = [](simd<float, 4> x) { return x[0] + x[1] + x[2] + x[3]; };
  EXPECT_EQ(sum4(a.select<4, 1>(12)), 12.f + 13.f + 14.f + 15.f);
  // merge through a view, and the free merge of two views.
  simd<int, 8> m8(0, 1);
  m8.select<4, 2>(0).merge(simd<int, 4>(-1), simd_mask<4>({1, 0, 1, 0}));
  EXPECT_EQ(m8[0], -1);
  EXPECT_EQ(m8[2], 2);
  EXPECT_EQ(m8[4], -1);
  simd<int, 8> other(100);
  const simd<int, 4> mv = merge(m8.select<4, 1>(0), other.select<4, 1>(4), simd_mask<4>({0, 1, 0, 1}));
  EXPECT_EQ(mv[0], 100);
  EXPECT_EQ(mv[1], 1);
}

TEST(SimdView, RvalueSelectReturnsValues) {
  const simd<int, 8> r = (simd<int, 16>(0, 1) * 2).select<8, 2>(0);
  EXPECT_EQ(r[7], 28);
}

}  // namespace
