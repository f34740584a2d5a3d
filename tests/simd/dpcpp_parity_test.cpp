// DPC++ simd / simd_mask / simd_view forms that real programs use (issue 10), each against a
// scalar oracle on random inputs: raw types and data(), DPC++'s detail helpers, CTAD of
// simd_view, 2D replicate offsets, one-element view broadcast between views (the kmeans
// pattern), mask <-> simd conversions, view merge forms, one-element view comparisons.
#include <gtest/gtest.h>

#include <sycl/ext/intel/esimd.hpp>

#include <sstream>

#include "test_util.hpp"

using namespace sycl::ext::intel::esimd;

namespace {

// ------------------------------ raw types, data(), mask_type_t
TEST(DpcppParity, RawTypesAndDataRoundTrip) {
  static_assert(std::is_same_v<simd_mask<8>::raw_element_type, uint16_t>);
  static_assert(std::is_same_v<simd<float, 8>::raw_element_type, float>);
  static_assert(std::is_same_v<simd<sycl::half, 8>::raw_element_type, _Float16>);
  static_assert(std::is_same_v<mask_type_t<16>, simd_mask<16>::raw_vector_type>);
  srand(42);
  simd<int, 16> v;
  int ref[16];
  for (int i = 0; i < 16; ++i) v[i] = ref[i] = rand();
  const auto raw = v.data();
  for (int i = 0; i < 16; ++i) EXPECT_EQ(raw[i], ref[i]);
  const simd<int, 16> back = raw;
  for (int i = 0; i < 16; ++i) EXPECT_EQ(back[i], ref[i]);
  // Odd lengths use an indexable aggregate instead of a g++ vector.
  simd<float, 3> f(1.5f, 2.0f);
  const auto rf = f.data();
  EXPECT_EQ(rf[2], 5.5f);
  mask_type_t<8> mt;
  for (int i = 0; i < 8; ++i) mt[i] = static_cast<uint16_t>(ref[i] & 1);
  const simd_mask<8> m = mt;
  for (int i = 0; i < 8; ++i) EXPECT_EQ(m[i], ref[i] & 1) << i;
}

// ------------------------------ DPC++'s detail helpers
TEST(DpcppParity, DetailHelpersMatchTheirDefinitions) {
  namespace d = sycl::ext::intel::esimd::detail;
  static_assert(d::getNextPowerOf2<0>() == 0 && d::getNextPowerOf2<1>() == 1);
  static_assert(d::getNextPowerOf2<5>() == 8 && d::getNextPowerOf2<64>() == 64);
  static_assert(d::log2<1>() == 0 && d::log2<8>() == 3 && d::log2<9>() == 3);
  static_assert(d::isPowerOf2(0) && d::isPowerOf2(16) && !d::isPowerOf2(12));
  static_assert(d::isPowerOf2(8, 8) && !d::isPowerOf2(16, 8));
  static_assert(std::is_same_v<__ESIMD_DNS::uint_type_t<2>, uint16_t> &&
                std::is_same_v<__ESIMD_DNS::uint_type_t<8>, uint64_t> &&
                std::is_void_v<__ESIMD_DNS::uint_type_t<3>>);
  static_assert(d::is_dword_type<int>::value && !d::is_dword_type<float>::value);
  static_assert(d::is_fp_or_dword_type<float>::value && !d::is_fp_or_dword_type<short>::value);
  static_assert(d::is_type<const int, short, int>() && !d::is_type<long, short, int>());
  static_assert(!__ESIMD_DNS::is_esimd_arithmetic_type_v<simd<int, 8>> &&
                __ESIMD_DNS::is_esimd_arithmetic_type_v<int>);
  static_assert(d::is_esimd_scalar<sycl::half>::value && !d::is_esimd_scalar<simd<int, 4>>::value);
  static_assert(std::is_same_v<d::computation_type_t<simd<uint8_t, 8>>, simd<int, 8>>);
  static_assert(std::is_same_v<d::computation_type_t<simd<float, 4>, double>, simd<double, 4>>);
  static_assert(std::is_same_v<d::dword_type<short>::type, int> &&
                std::is_same_v<d::dword_type<uint16_t>::type, uint32_t>);
  static_assert(d::is_simd_view_type_v<decltype(std::declval<simd<int, 8>&>().select<2, 1>(0))>);
  static_assert(!d::is_simd_view_type_v<simd<int, 8>>);
  static_assert(std::is_same_v<d::construct_a_simd_type_t<simd<int, 8>, float, 4>, simd<float, 4>>);
  int sum = 0;
  d::ForHelper<5>::unroll([&](unsigned i) { sum += static_cast<int>(i); });
  EXPECT_EQ(sum, 10);
  EXPECT_FLOAT_EQ(d::ln2 * d::log2e, 1.0f);
}

// ------------------------------ CTAD
TEST(DpcppParity, ViewOfAWholeSimdByDeduction) {
  simd<int, 8> s(0, 1);
  simd_view v = s;  // simd_view<simd<int, 8>, region1d_t<int, 8, 1>>
  static_assert(decltype(v)::length == 8);
  v[3] = 42;
  v.select<2, 2>(4) = -1;
  EXPECT_EQ(s[3], 42);
  EXPECT_EQ(s[4], -1);
  EXPECT_EQ(s[6], -1);
  EXPECT_EQ(s[5], 5);
  simd<float, 1> one = 2.5f;
  simd_view v1 = one;  // the one-element view: converts to its element
  const float x = v1;
  EXPECT_EQ(x, 2.5f);
  v1 = 4.0f;
  EXPECT_EQ(one[0], 4.0f);
}

// ------------------------------ replicate on 2D views
TEST(DpcppParity, ReplicateTwoDimensionalOffsetsCountRows) {
  srand(42);
  simd<float, 64> base;
  float ref[64];
  for (int i = 0; i < 64; ++i) base[i] = ref[i] = static_cast<float>(rand() % 1000);
  auto m = base.bit_cast_view<float, 8, 8>();  // 8 x 8; element (y, x) = ref[8y + x]
  const int y = 2, x = 3;
  const simd<float, 8> a = m.replicate_vs_w_hs<2, 5, 4, 1>(y, x);
  const simd<float, 6> b = m.replicate_vs_w<2, 8, 3>(y, x);
  const simd<float, 8> c = m.replicate_w<2, 4>(y, x);
  for (int r = 0; r < 2; ++r)
    for (int k = 0; k < 4; ++k) {
      EXPECT_EQ(a[r * 4 + k], ref[8 * y + x + r * 5 + k]) << r << k;
      EXPECT_EQ(c[r * 4 + k], ref[8 * y + x + k]) << r << k;
    }
  for (int r = 0; r < 2; ++r)
    for (int k = 0; k < 3; ++k) EXPECT_EQ(b[r * 3 + k], ref[8 * y + x + r * 8 + k]);
  // A 1D view's (y, x) form ignores y (DPC++: row size 0).
  auto row = base.select<16, 1>(8);
  const simd<float, 4> d = row.replicate_vs_w_hs<1, 0, 4, 2>(5, 1);
  for (int k = 0; k < 4; ++k) EXPECT_EQ(d[k], ref[8 + 1 + 2 * k]);
}

// ------------------------------ one-element view broadcast between views
TEST(DpcppParity, OneElementViewBroadcastsAgainstAView) {
  srand(42);
  constexpr int W = 16;
  simd<float, 2 * W> pts, ctr;
  float rp[2 * W], rc[2 * W];
  for (int i = 0; i < 2 * W; ++i) {
    pts[i] = rp[i] = static_cast<float>(rand() % 200 - 100) / 8;
    ctr[i] = rc[i] = static_cast<float>(rand() % 200 - 100) / 8;
  }
  auto p = pts.bit_cast_view<float, 2, W>();
  auto c = ctr.bit_cast_view<float, 2, W>();
  for (int k = 0; k < W; k += 5) {
    const simd<float, W> dx = p.row(0) - c.row(0)[k];  // kmeans: row minus one centroid
    const simd<float, W> dy = c.row(1)[k] * p.row(1);
    const simd_mask<W> lt = p.row(0) < c.row(1)[k];
    for (int i = 0; i < W; ++i) {
      EXPECT_EQ(dx[i], rp[i] - rc[k]) << k << " " << i;
      EXPECT_EQ(dy[i], rc[W + k] * rp[W + i]);
      EXPECT_EQ(lt[i], rp[i] < rc[W + k] ? 1 : 0);
    }
  }
  // A simd against a one-element view of a non-const simd: `v * s[i]`.
  simd<float, W> v = pts.select<W, 1>(0), s = ctr.select<W, 1>(W);
  for (int k = 0; k < W; k += 7) {
    const simd<float, W> prod = v * s[k], diff = s[k] - v;
    for (int i = 0; i < W; ++i) {
      EXPECT_EQ(prod[i], rp[i] * rc[W + k]);
      EXPECT_EQ(diff[i], rc[W + k] - rp[i]);
    }
  }
  // Integer and bitwise forms, and view op= one-element view (both length 1).
  simd<int, 8> a(3, 7), b(1, 2);
  const simd<int, 8> sh = a.select<8, 1>(0) << b.select<1, 1>(1);
  const simd<int, 8> an = b[2] & a.select<8, 1>(0);
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(sh[i], (3 + 7 * i) << 3);
    EXPECT_EQ(an[i], 5 & (3 + 7 * i));
  }
  simd<float, W> sum(0.0f);
  for (int k = 0; k < W; ++k) sum.select<1, 1>(k % 4) += p.row(0)[k];
  for (int j = 0; j < 4; ++j) {
    float s = 0;
    for (int k = j; k < W; k += 4) s += rp[k];
    EXPECT_FLOAT_EQ(sum[j], s);
  }
  // Mask views: a one-element mask view against a longer one.
  simd_mask<8> m1({1, 0, 1, 1, 0, 0, 1, 0}), m2({0, 1, 1, 0, 1, 0, 1, 1});
  const simd_mask<8> mo = m1.select<8, 1>(0) && m2.select<1, 1>(2);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(mo[i], m1[i] != 0 ? 1 : 0);
}

// ------------------------------ mask <-> simd
TEST(DpcppParity, MasksConvertToAndFromSimd) {
  srand(42);
  simd<float, 16> a;
  float ra[16];
  for (int i = 0; i < 16; ++i) a[i] = ra[i] = static_cast<float>(rand() % 21 - 10);
  const simd_mask<16> m = a > 0.0f;
  simd<uint16_t, 16> u = m;
  simd<float, 16> f = m;
  u = a < 3.0f;
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(u[i], ra[i] < 3.0f ? 1 : 0);
    EXPECT_EQ(f[i], ra[i] > 0.0f ? 1.0f : 0.0f);
  }
  simd<uint16_t, 16> w(0, 1);
  const simd_mask<16> back = w;
  for (int i = 0; i < 16; ++i) EXPECT_EQ(back[i], i);
}

// ------------------------------ masks as operands (DPC++'s simd_mask operators)
TEST(DpcppParity, MasksInArithmeticBitwiseAndComparisons) {
  srand(42);
  constexpr int N = 8;
  simd<int, N> v;
  simd<float, N> f;
  int rv[N];
  for (int i = 0; i < N; ++i) {
    v[i] = rv[i] = rand() % 200 - 100;
    f[i] = static_cast<float>(rv[i]) / 4;
  }
  simd_mask<N> m = v > 0;
  int rm[N];
  for (int i = 0; i < N; ++i) rm[i] = rv[i] > 0 ? 1 : 0;
  const simd<int, N> a = v + m, b = m * v, c = 5 - m, d = m << 3, e = v & m;
  const simd<float, N> g = f / (m + 1.0f);
  const simd<uint8_t, N> u8 = simd<uint8_t, N>(250) + m;  // the simd's own element type
  const simd<uint16_t, N> mm = m + m;
  const simd_mask<N> lt = m < v, ge = 2 >= m, eq = m == 0.5f, rel = m < simd_mask<N>(1);
  for (int i = 0; i < N; ++i) {
    EXPECT_EQ(a[i], rv[i] + rm[i]) << i;
    EXPECT_EQ(b[i], rm[i] * rv[i]);
    EXPECT_EQ(c[i], 5 - rm[i]);
    EXPECT_EQ(d[i], rm[i] << 3);
    EXPECT_EQ(e[i], rv[i] & rm[i]);
    EXPECT_EQ(g[i], static_cast<float>(rv[i]) / 4 / (rm[i] + 1.0f));
    EXPECT_EQ(u8[i], static_cast<uint8_t>(250 + rm[i]));
    EXPECT_EQ(mm[i], 2 * rm[i]);
    EXPECT_EQ(lt[i], rm[i] < rv[i] ? 1 : 0);
    EXPECT_EQ(ge[i], 1);
    EXPECT_EQ(eq[i], 0);
    EXPECT_EQ(rel[i], rm[i] < 1 ? 1 : 0);
  }
}

// ------------------------------ merge forms
TEST(DpcppParity, MergeFormsOnSimdAndViews) {
  srand(42);
  simd<float, 16> v;
  float ref[16];
  for (int i = 0; i < 16; ++i) v[i] = ref[i] = static_cast<float>(rand() % 100);
  simd_mask<16> m = v > 50.0f;
  bool on[16];
  for (int i = 0; i < 16; ++i) on[i] = ref[i] > 50.0f;
  simd<float, 16> a = v;
  a.merge(-1.0f, m);  // simd.merge(scalar, mask)
  simd<float, 16> b = v;
  b.select<8, 1>(4).merge(7.0f, m.select<8, 1>(4));  // view.merge(scalar, mask view)
  simd<float, 16> c = v;
  c.select<16, 1>(0).merge(1.0f, 2.0f, m);  // view.merge(scalar, scalar, mask)
  simd<float, 16> d = v;
  d.select<8, 2>(0).merge(v.select<8, 2>(1), simd<float, 8>(0.5f), m.select<8, 2>(0));
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(a[i], on[i] ? -1.0f : ref[i]) << i;
    EXPECT_EQ(b[i], (i >= 4 && i < 12 && on[i]) ? 7.0f : ref[i]) << i;
    EXPECT_EQ(c[i], on[i] ? 1.0f : 2.0f) << i;
    if (i % 2 == 0) EXPECT_EQ(d[i], on[i] ? ref[i + 1] : 0.5f) << i;
    else EXPECT_EQ(d[i], ref[i]) << i;
  }
}

// ------------------------------ one-element views and vectors as scalars
TEST(DpcppParity, OneElementViewsCompareToBoolAndVectorsConvert) {
  srand(42);
  simd<int, 8> v;
  int ref[8];
  for (int i = 0; i < 8; ++i) v[i] = ref[i] = rand() % 100 - 50;
  for (int i = 0; i + 2 < 8; ++i) {
    const bool b = v[i] > v[i + 1] && v[i + 2] < 42;
    static_assert(std::is_same_v<decltype(v[i] > v[i + 1]), bool>);
    EXPECT_EQ(b, ref[i] > ref[i + 1] && ref[i + 2] < 42) << i;
    EXPECT_EQ(v[i] == v[i + 1], ref[i] == ref[i + 1]);
  }
  const simd<float, 1> one = 3.75f;
  const int as_int = one;
  const double as_double = one;
  EXPECT_EQ(as_int, 3);
  EXPECT_EQ(as_double, 3.75);
  const auto& cv = v.select<4, 1>(2);
  EXPECT_EQ(cv[1], ref[3]);  // a const 1D view indexes to the element
}

// ------------------------------ v[i] outside the vector
TEST(DpcppParity, OutOfRangeElementWrapsInsteadOfWritingPastTheVector) {
  srand(42);
  struct {
    simd<int, 4> v;
    int after[4];
  } s;
  int ref[4];
  for (int i = 0; i < 4; ++i) s.v[i] = ref[i] = rand(), s.after[i] = 1000 + i;
  const int bad = 4 + rand() % 4;  // past the end
  s.v[bad] = -1;
  ref[bad % 4] = -1;
  s.v[-3] = -2;
  ref[1] = -2;
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(s.v[i], ref[i]) << i;
    EXPECT_EQ(s.after[i], 1000 + i);
  }
  simd<float, 1> one;  // Intel's math_const_fix_test: one[idx] = x, then one[0] is read
  const int idx = 1 + rand() % 100;
  one[idx] = 2.5f;
  EXPECT_EQ(one[0], 2.5f);
}

// ------------------------------ operator<<
TEST(DpcppParity, SimdPrintsItsElements) {
  srand(42);
  simd<int, 5> v;
  std::string expect = "{";
  for (int i = 0; i < 5; ++i) {
    const int x = rand() % 1000 - 500;
    v[i] = x;
    expect += std::to_string(x) + (i < 4 ? "," : "}");
  }
  std::ostringstream os;
  os << v;
  EXPECT_EQ(os.str(), expect);
}

}  // namespace
