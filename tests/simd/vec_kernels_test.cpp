// The vector kernels behind simd (vec.hpp, region_io.hpp) against scalar oracles: region reads and
// writes (strided, 2D, replicate, bit-cast, small and odd bases) with compile-time and run-time
// offsets, merge, comparisons (NaN), mask logic on non-0/1 lanes, conversions at their saturation
// edges, any/all, iota, unary and shift edge cases. Lengths cover whole pieces and every tail.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "test_util.hpp"

using namespace xesim::esimd;
using xesim::bfloat16;
using xesim::half;
using xesim::tfloat32;

namespace {

/// The same number, hidden from the optimiser: a run-time offset.
int rt(int x) {
  static volatile int sink;
  sink = x;
  return sink;
}

template <class T>
T val(int i) {
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(i * 37 + 11);
  else
    return T(static_cast<float>(i) * 0.5f - 3.0f);
}
/// Bit-identical (the first operand may be an element view).
template <class T>
bool same_bits(std::type_identity_t<T> a, T b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T, int N>
simd<T, N> numbered() {
  T a[N];
  for (int i = 0; i < N; ++i) a[i] = val<T>(i);
  return simd<T, N>(a);
}

// ------------------------------ region reads and writes
/// Reads and writes select<S, St>(off) of simd<T, N>, with Off as a constant and at run time,
/// through a view and on an rvalue, and checks every element of the base.
template <class T, int N, int S, int St, int Off>
void check_select_1d() {
  SCOPED_TRACE(testing::Message() << "select<" << S << "," << St << ">(" << Off << ") of N=" << N
                                  << " sizeof " << sizeof(T));
  for (int run_time = 0; run_time < 2; ++run_time) {
    simd<T, N> v = numbered<T, N>();
    const uint16_t off = static_cast<uint16_t>(run_time ? rt(Off) : Off);
    const simd<T, S> r = v.template select<S, St>(off);
    const simd<T, S> rr = simd<T, N>(v).template select<S, St>(off);
    for (int i = 0; i < S; ++i) {
      ASSERT_TRUE(same_bits(r[i], val<T>(Off + i * St))) << "read lane " << i << " rt " << run_time;
      ASSERT_TRUE(same_bits(rr[i], val<T>(Off + i * St))) << "rvalue lane " << i;
    }
    simd<T, S> w;
    for (int i = 0; i < S; ++i) w[i] = val<T>(1000 + i);
    v.template select<S, St>(off) = w;
    for (int k = 0; k < N; ++k) {
      const bool hit = k >= Off && (k - Off) % St == 0 && (k - Off) / St < S;
      const T want = hit ? val<T>(1000 + (k - Off) / St) : val<T>(k);
      ASSERT_TRUE(same_bits(v[k], want)) << "write: base element " << k << " rt " << run_time;
    }
    if constexpr (std::is_integral_v<T>) {
      v = numbered<T, N>();
      v.template select<S, St>(off) += T(1);
      for (int k = 0; k < N; ++k) {
        const bool hit = k >= Off && (k - Off) % St == 0 && (k - Off) / St < S;
        ASSERT_EQ(v[k], hit ? static_cast<T>(val<T>(k) + 1) : val<T>(k)) << "+= element " << k;
      }
    }
  }
}

TEST(VecKernels, StridedSelectReadWrite) {
  check_select_1d<float, 128, 64, 2, 0>();
  check_select_1d<float, 128, 64, 2, 1>();
  check_select_1d<float, 128, 42, 3, 2>();
  check_select_1d<float, 128, 16, 7, 5>();
  check_select_1d<float, 128, 4, 31, 3>();
  check_select_1d<float, 128, 33, 1, 17>();  // contiguous, unaligned, odd length
  check_select_1d<float, 64, 16, 4, 3>();
  check_select_1d<int32_t, 48, 24, 2, 1>();
  check_select_1d<half, 64, 32, 2, 1>();
  check_select_1d<half, 64, 21, 3, 0>();
  check_select_1d<bfloat16, 32, 16, 2, 0>();
  check_select_1d<uint8_t, 64, 21, 3, 1>();
  check_select_1d<uint8_t, 64, 16, 4, 2>();
  check_select_1d<double, 32, 16, 2, 1>();
  check_select_1d<double, 32, 6, 5, 3>();
  check_select_1d<int64_t, 16, 3, 6, 2>();
  check_select_1d<float, 8, 4, 2, 1>();      // a base smaller than a zmm
  check_select_1d<int16_t, 4, 2, 2, 1>();    // 8 bytes
  check_select_1d<int32_t, 33, 11, 3, 1>();  // odd base: lane by lane
  check_select_1d<float, 3, 2, 2, 0>();
  check_select_1d<uint16_t, 24, 5, 5, 3>();
}

/// 2D: a Rows x Cols matrix of T viewed in simd<T, Rows * Cols>, select<SY, StY, SX, StX>(y, x).
template <class T, int Rows, int Cols, int SY, int StY, int SX, int StX, int Y, int X>
void check_select_2d() {
  constexpr int N = Rows * Cols;
  SCOPED_TRACE(testing::Message() << "2D select<" << SY << "," << StY << "," << SX << "," << StX
                                  << ">(" << Y << "," << X << ") of " << Rows << "x" << Cols);
  for (int run_time = 0; run_time < 2; ++run_time) {
    simd<T, N> v = numbered<T, N>();
    auto m = v.template bit_cast_view<T, Rows, Cols>();
    const uint16_t y = static_cast<uint16_t>(run_time ? rt(Y) : Y);
    const uint16_t x = static_cast<uint16_t>(run_time ? rt(X) : X);
    const simd<T, SY* SX> r = m.template select<SY, StY, SX, StX>(y, x);
    for (int i = 0; i < SY; ++i)
      for (int j = 0; j < SX; ++j)
        ASSERT_TRUE(same_bits(r[i * SX + j], val<T>((Y + i * StY) * Cols + X + j * StX)))
            << "read " << i << "," << j << " rt " << run_time;
    simd<T, SY * SX> w;
    for (int i = 0; i < SY * SX; ++i) w[i] = val<T>(2000 + i);
    m.template select<SY, StY, SX, StX>(y, x) = w;
    simd<T, N> want = numbered<T, N>();
    for (int i = 0; i < SY; ++i)
      for (int j = 0; j < SX; ++j)
        want[(Y + i * StY) * Cols + X + j * StX] = val<T>(2000 + i * SX + j);
    for (int k = 0; k < N; ++k) ASSERT_TRUE(same_bits<T>(v[k], want[k])) << "write element " << k;
  }
}

TEST(VecKernels, TwoDimensionalSelectReadWrite) {
  check_select_2d<float, 8, 16, 4, 2, 4, 3, 1, 2>();
  check_select_2d<float, 16, 16, 8, 1, 8, 1, 3, 5>();   // a tile: rows of 8 contiguous
  check_select_2d<float, 16, 16, 16, 1, 1, 1, 0, 7>();  // a column
  check_select_2d<float, 4, 32, 4, 1, 16, 2, 0, 1>();
  check_select_2d<int32_t, 8, 8, 2, 3, 3, 2, 1, 1>();
  check_select_2d<half, 8, 16, 4, 2, 8, 1, 1, 3>();
  check_select_2d<uint8_t, 8, 8, 3, 2, 5, 1, 2, 0>();
  check_select_2d<double, 4, 8, 4, 1, 2, 4, 0, 1>();
  check_select_2d<float, 3, 5, 2, 1, 2, 2, 1, 0>();  // 15 elements: lane by lane
}

TEST(VecKernels, BitCastViewsOfOtherElementTypes) {
  simd<float, 32> v = numbered<float, 32>();
  const simd<uint32_t, 32> bits = v.bit_cast_view<uint32_t>().read();
  for (int off = 0; off < 2; ++off) {
    const int o = off ? rt(5) : 5;
    auto bytes = v.bit_cast_view<uint8_t>();
    const simd<uint8_t, 20> b = bytes.select<20, 3>(static_cast<uint16_t>(o));
    for (int i = 0; i < 20; ++i) {
      const int k = o + 3 * i;
      ASSERT_EQ(b[i], static_cast<uint8_t>(bits[k / 4] >> (8 * (k % 4)))) << i;
    }
    auto h = v.bit_cast_view<uint16_t>();
    const simd<uint16_t, 14> hw = h.select<14, 4>(static_cast<uint16_t>(o));
    for (int i = 0; i < 14; ++i) {
      const int k = o + 4 * i;
      ASSERT_EQ(hw[i], static_cast<uint16_t>(bits[k / 2] >> (16 * (k % 2)))) << i;
    }
  }
  // A view at an odd byte offset reinterpreted as 16-bit elements.
  simd<uint8_t, 64> bv(0, 1);
  auto odd = bv.select<32, 1>(1).bit_cast_view<uint16_t>();
  const simd<uint16_t, 16> ow = odd.read();
  for (int i = 0; i < 16; ++i) ASSERT_EQ(ow[i], (2 * i + 1) | ((2 * i + 2) << 8)) << i;
  odd = simd<uint16_t, 16>(0xabcd);
  for (int i = 0; i < 64; ++i)
    ASSERT_EQ(bv[i], i >= 1 && i <= 32 ? ((i % 2) ? 0xcd : 0xab) : i) << i;
}

TEST(VecKernels, ReplicateAndRvalueSelect) {
  const simd<float, 16> v = numbered<float, 16>();
  for (int run_time = 0; run_time < 2; ++run_time) {
    const uint16_t o = static_cast<uint16_t>(run_time ? rt(3) : 3);
    const simd<float, 64> r4 = v.replicate<4>();
    for (int i = 0; i < 64; ++i) ASSERT_EQ(r4[i], val<float>(i % 16)) << i;
    const simd<float, 24> w = v.replicate_w<4, 6>(o);  // 4 copies of v[3..9)
    for (int i = 0; i < 24; ++i) ASSERT_EQ(w[i], val<float>(3 + i % 6)) << i;
    const simd<float, 12> vs = v.replicate_vs_w<3, 4, 4>(o);  // rows 4 apart, 4 wide
    for (int i = 0; i < 12; ++i) ASSERT_EQ(vs[i], val<float>(3 + 4 * (i / 4) + i % 4)) << i;
    const simd<float, 8> hs = v.replicate_vs_w_hs<2, 1, 4, 3>(o);  // overlapping rows
    for (int i = 0; i < 8; ++i) ASSERT_EQ(hs[i], val<float>(3 + (i / 4) + 3 * (i % 4))) << i;
    const simd<float, 6> sel = simd<float, 16>(v).select<6, 2>(o);
    for (int i = 0; i < 6; ++i) ASSERT_EQ(sel[i], val<float>(3 + 2 * i)) << i;
  }
  const simd<half, 40> h = numbered<half, 40>();
  const simd<half, 80> h2 = h.replicate<2>();
  for (int i = 0; i < 80; ++i)
    ASSERT_EQ(static_cast<float>(h2[i]), static_cast<float>(val<half>(i % 40)));
}

// ------------------------------ merge, comparisons, masks
template <class T, int N>
void check_merge() {
  SCOPED_TRACE(testing::Message() << "merge N=" << N << " sizeof " << sizeof(T));
  const simd<T, N> a = numbered<T, N>();
  simd<T, N> b;
  simd_mask<N> m;
  for (int i = 0; i < N; ++i) {
    b[i] = val<T>(500 + i);
    m[i] = static_cast<uint16_t>(i % 3 == 0 ? 0 : (i % 3 == 1 ? 1 : 0x8000));  // any non-zero is on
  }
  simd<T, N> r = b;
  r.merge(a, m);
  const simd<T, N> r2 = merge(a, b, m);
  simd<T, N> r3;
  r3.merge(a, b, m);
  for (int i = 0; i < N; ++i) {
    const T want = m[i] ? a[i] : b[i];
    ASSERT_TRUE(same_bits(r[i], want)) << i;
    ASSERT_TRUE(same_bits(r2[i], want)) << i;
    ASSERT_TRUE(same_bits(r3[i], want)) << i;
  }
}
TEST(VecKernels, MergeAllTypesAndTails) {
  check_merge<float, 64>();
  check_merge<float, 33>();
  check_merge<float, 3>();
  check_merge<float, 1>();
  check_merge<double, 13>();
  check_merge<int8_t, 40>();
  check_merge<uint16_t, 29>();
  check_merge<int64_t, 9>();
  check_merge<half, 35>();
  check_merge<bfloat16, 17>();
  check_merge<tfloat32, 7>();
}

template <class T, int N>
void check_compare_nan() {
  simd<T, N> a, b;
  const T nan = std::numeric_limits<T>::quiet_NaN();
  for (int i = 0; i < N; ++i) {
    a[i] = i % 4 == 0 ? nan : T(static_cast<float>(i % 5));
    b[i] = i % 7 == 0 ? nan : T(static_cast<float>(i % 3));
  }
  const simd_mask<N> eq = a == b, ne = a != b, lt = a<b, le = a <= b, gt = a> b, ge = a >= b;
  const simd_mask<N> lts = a < T(2.0f), ges = T(2.0f) >= a;
  for (int i = 0; i < N; ++i) {
    const double x = static_cast<float>(T(a[i])), y = static_cast<float>(T(b[i]));
    ASSERT_EQ(eq[i], x == y ? 1 : 0) << i;
    ASSERT_EQ(ne[i], x != y ? 1 : 0) << i;
    ASSERT_EQ(lt[i], x < y ? 1 : 0) << i;
    ASSERT_EQ(le[i], x <= y ? 1 : 0) << i;
    ASSERT_EQ(gt[i], x > y ? 1 : 0) << i;
    ASSERT_EQ(ge[i], x >= y ? 1 : 0) << i;
    ASSERT_EQ(lts[i], x < 2.0 ? 1 : 0) << i;
    ASSERT_EQ(ges[i], 2.0 >= x ? 1 : 0) << i;
  }
}
TEST(VecKernels, ComparisonsWithNaN) {
  check_compare_nan<float, 37>();
  check_compare_nan<double, 19>();
  check_compare_nan<half, 45>();
  check_compare_nan<bfloat16, 16>();
  check_compare_nan<float, 2>();
}

TEST(VecKernels, UnsignedAndWideIntegerComparisons) {
  simd<uint32_t, 20> a(0x7ffffff0u, 1u), b(0x80000005u, 0u);
  const simd_mask<20> lt = a < b;
  for (int i = 0; i < 20; ++i) ASSERT_EQ(lt[i], a[i] < b[i] ? 1 : 0) << i;
  simd<int64_t, 11> c(-5, 1), d(int64_t(1) << 40);
  const simd_mask<11> ge = c >= d, gt0 = c > 0;
  for (int i = 0; i < 11; ++i) {
    ASSERT_EQ(ge[i], c[i] >= d[i] ? 1 : 0) << i;
    ASSERT_EQ(gt0[i], c[i] > 0 ? 1 : 0) << i;
  }
}

TEST(VecKernels, MaskLogicOnArbitraryLaneValues) {
  simd_mask<21> p, q;
  for (int i = 0; i < 21; ++i) {
    p[i] = static_cast<uint16_t>(i % 4);  // 0, 1, 2, 3
    q[i] = static_cast<uint16_t>(i % 3 == 2 ? 4 : i % 3);
  }
  const simd_mask<21> band = p & q, bor = p | q, bxor = p ^ q, land = p && q, lor = p || q,
                      eq = p == q, ne = p != q, nt = !p;
  for (int i = 0; i < 21; ++i) {
    const int x = p[i], y = q[i];
    ASSERT_EQ(band[i], x & y) << i;
    ASSERT_EQ(bor[i], x | y) << i;
    ASSERT_EQ(bxor[i], x ^ y) << i;
    ASSERT_EQ(land[i], (x && y) ? 1 : 0) << i;
    ASSERT_EQ(lor[i], (x || y) ? 1 : 0) << i;
    ASSERT_EQ(eq[i], x == y ? 1 : 0) << i;
    ASSERT_EQ(ne[i], x != y ? 1 : 0) << i;
    ASSERT_EQ(nt[i], x == 0 ? 1 : 0) << i;
  }
  simd_mask<21> c = p;
  c &= q;
  c |= simd_mask<21>(8);
  c ^= p;
  for (int i = 0; i < 21; ++i) ASSERT_EQ(c[i], ((p[i] & q[i]) | 8) ^ p[i]) << i;
  const simd_mask<21> s = p & 1;
  for (int i = 0; i < 21; ++i) ASSERT_EQ(s[i], p[i] & 1) << i;
}

template <class T, int N>
void check_any_all() {
  SCOPED_TRACE(testing::Message() << "any/all N=" << N << " sizeof " << sizeof(T));
  simd<T, N> z(T(0));
  ASSERT_EQ(z.any(), 0);
  ASSERT_EQ(z.all(), 0);
  for (int k = 0; k < N; ++k) {
    simd<T, N> one = z, most(T(3));
    one[k] = T(1);
    most[k] = T(0);
    ASSERT_EQ(one.any(), 1) << k;
    ASSERT_EQ(one.all(), N == 1 ? 1 : 0) << k;
    ASSERT_EQ(most.any(), N == 1 ? 0 : 1) << k;
    ASSERT_EQ(most.all(), 0) << k;
  }
  ASSERT_EQ((simd<T, N>(T(-1)).all()), 1);
}
TEST(VecKernels, AnyAll) {
  check_any_all<int32_t, 64>();
  check_any_all<int32_t, 37>();
  check_any_all<uint8_t, 35>();
  check_any_all<int16_t, 5>();
  check_any_all<int64_t, 11>();
  check_any_all<uint32_t, 1>();
  simd_mask<33> m = 0;
  EXPECT_FALSE(m.any());
  m[32] = 2;
  EXPECT_TRUE(m.any());
  EXPECT_FALSE(m.all());
}

// ------------------------------ conversions
template <class To, class From, int N>
void check_convert(const From* src) {
  SCOPED_TRACE(testing::Message() << "convert " << sizeof(From) << " -> " << sizeof(To)
                                  << " N=" << N);
  const simd<From, N> a(src);
  const simd<To, N> r = a;
  for (int i = 0; i < N; ++i) {
    To want = detail::convert_scalar<To>(src[i]);
    if constexpr (std::is_same_v<To, tfloat32>)  // the vector conversion rounds to nearest even
      want = xesim::detail::tfloat32_from_bits(
          xesim::detail::f32_to_tf32_bits_rne(static_cast<float>(src[i])));
    ASSERT_TRUE(same_bits(r[i], want)) << "lane " << i << ": from " << static_cast<double>(src[i]);
  }
}
template <class From, int N>
void check_convert_to_all_ints(const From* src) {
  check_convert<int8_t, From, N>(src);
  check_convert<uint8_t, From, N>(src);
  check_convert<int16_t, From, N>(src);
  check_convert<uint16_t, From, N>(src);
  check_convert<int32_t, From, N>(src);
  check_convert<uint32_t, From, N>(src);
  check_convert<int64_t, From, N>(src);
  check_convert<uint64_t, From, N>(src);
}
TEST(VecKernels, SaturatingFloatToInteger) {
  constexpr float kInf = std::numeric_limits<float>::infinity();
  const float f[] = {0.f,
                     -0.f,
                     0.5f,
                     -0.5f,
                     1.99f,
                     -1.99f,
                     127.f,
                     127.5f,
                     128.f,
                     -128.f,
                     -128.5f,
                     -129.f,
                     255.9f,
                     256.f,
                     32767.5f,
                     32768.f,
                     -32768.f,
                     -32769.f,
                     65535.5f,
                     65536.f,
                     2147483520.f,
                     2147483648.f,
                     -2147483648.f,
                     -2147483904.f,
                     4294967040.f,
                     4294967296.f,
                     9.2233715e18f,
                     9.2233720e18f,
                     -9.2233720e18f,
                     1.8446743e19f,
                     1.8446744e19f,
                     kInf,
                     -kInf,
                     std::numeric_limits<float>::quiet_NaN(),
                     -std::numeric_limits<float>::quiet_NaN(),
                     1e-30f,
                     3.f};
  constexpr int kN = sizeof(f) / sizeof(f[0]);
  check_convert_to_all_ints<float, kN>(f);
  check_convert_to_all_ints<float, 16>(f + 8);
  check_convert_to_all_ints<float, 3>(f + 20);
  double d[kN];
  for (int i = 0; i < kN; ++i) d[i] = f[i];
  d[3] = 2147483647.5;
  d[4] = 2147483647.0;
  d[5] = -2147483648.9;
  d[6] = 4294967295.9;
  d[7] = 9223372036854774784.0;
  d[8] = 18446744073709549568.0;
  check_convert_to_all_ints<double, kN>(d);
  half h[kN];
  for (int i = 0; i < kN; ++i) h[i] = half(f[i]);
  check_convert_to_all_ints<half, kN>(h);
}
TEST(VecKernels, ConversionsBetweenFloatingTypes) {
  float f[40];
  for (int i = 0; i < 40; ++i) f[i] = static_cast<float>(i * i) * 0.37f - 100.f + 1e-7f * i;
  f[0] = std::numeric_limits<float>::quiet_NaN();
  f[1] = 70000.f;  // half overflow
  f[2] = 1e-6f;    // half subnormal
  f[3] = 1e-40f;   // float subnormal (bfloat16 rounds it)
  f[4] = 65519.99f;
  check_convert<double, float, 40>(f);
  check_convert<half, float, 40>(f);
  check_convert<bfloat16, float, 40>(f);
  check_convert<tfloat32, float, 40>(f);
  double d[19];
  for (int i = 0; i < 19; ++i) d[i] = (i - 9) * 1.0000001234567 * 1e30 + i;
  check_convert<float, double, 19>(d);
  check_convert<half, double, 19>(d);
  check_convert<bfloat16, double, 19>(d);
  half h[40];
  for (int i = 0; i < 40; ++i) h[i] = half(f[i]);
  check_convert<float, half, 40>(h);
  check_convert<double, half, 40>(h);
  check_convert<bfloat16, half, 40>(h);
  bfloat16 b[21];
  for (int i = 0; i < 21; ++i) b[i] = bfloat16(f[i]);
  check_convert<half, bfloat16, 21>(b);
  check_convert<float, bfloat16, 21>(b);
}
TEST(VecKernels, ConversionsFromIntegers) {
  int64_t s[29];
  for (int i = 0; i < 29; ++i) s[i] = (i % 2 ? -1 : 1) * ((int64_t(1) << (2 * i)) + i * 12345 + 1);
  uint64_t u[29];
  for (int i = 0; i < 29; ++i)
    u[i] = ~uint64_t(0) - static_cast<uint64_t>(i) * 0x123456789abcdefull;
  check_convert<float, int64_t, 29>(s);
  check_convert<double, int64_t, 29>(s);
  check_convert<float, uint64_t, 29>(u);
  check_convert<double, uint64_t, 29>(u);
  check_convert<int8_t, int64_t, 29>(s);
  check_convert<uint32_t, int64_t, 29>(s);
  check_convert<half, int64_t, 29>(s);
  check_convert<bfloat16, uint64_t, 29>(u);
  int32_t w[35];
  for (int i = 0; i < 35; ++i) w[i] = static_cast<int32_t>(0x9e3779b9u * i);
  check_convert<float, int32_t, 35>(w);
  check_convert<int16_t, int32_t, 35>(w);
  check_convert<uint8_t, int32_t, 35>(w);
  check_convert<int64_t, int32_t, 35>(w);
  check_convert<uint64_t, int32_t, 35>(w);
  check_convert<half, int32_t, 35>(w);
  uint8_t c[19];
  for (int i = 0; i < 19; ++i) c[i] = static_cast<uint8_t>(i * 29);
  check_convert<float, uint8_t, 19>(c);
  check_convert<int32_t, uint8_t, 19>(c);
  check_convert<int8_t, uint8_t, 19>(c);
}

// ------------------------------ constructors, unary, shifts
TEST(VecKernels, BroadcastAndIota) {
  const simd<int8_t, 300> a(int8_t(100), int8_t(3));  // wraps past 127
  for (int i = 0; i < 300; ++i) ASSERT_EQ(a[i], static_cast<int8_t>(100 + 3 * i)) << i;
  const simd<int32_t, 35> b(std::numeric_limits<int32_t>::max() - 5, 2);
  for (int i = 0; i < 35; ++i)
    ASSERT_EQ(b[i], static_cast<int32_t>(
                        static_cast<uint32_t>(std::numeric_limits<int32_t>::max() - 5) + 2u * i));
  // base + i * step: g++ may fuse it into an FMA (-ffp-contract=fast) or fold it unfused.
  for (int run_time = 0; run_time < 2; ++run_time) {
    const float b0 = run_time ? static_cast<float>(rt(1)) * 0.25f : 0.25f;
    const simd<float, 33> f(b0, 0.1f);
    for (int i = 0; i < 33; ++i) {
      volatile float prod = static_cast<float>(i) * 0.1f;
      const float unfused = 0.25f + prod, fused = std::fma(static_cast<float>(i), 0.1f, 0.25f);
      ASSERT_TRUE(f[i] == unfused || f[i] == fused) << i;
    }
  }
  const simd<half, 19> h(half(1.f), half(0.3f));
  for (int i = 0; i < 19; ++i) {
    const float s = static_cast<float>(half(0.3f));
    volatile float prod = static_cast<float>(i) * s;
    const half unfused = half(1.f + prod), fused = half(std::fma(static_cast<float>(i), s, 1.f));
    ASSERT_TRUE(same_bits(h[i], unfused) || same_bits(h[i], fused)) << i;
  }
  const simd<uint64_t, 5> u(~uint64_t(0), 1);
  ASSERT_EQ(u[1], 0u);
  const simd<double, 7> d(2.5);
  const simd<half, 21> hb(0.1);  // double -> half, rounded once
  for (int i = 0; i < 7; ++i) ASSERT_EQ(d[i], 2.5);
  for (int i = 0; i < 21; ++i) ASSERT_TRUE(same_bits(hb[i], half(0.1)));
  const simd<int16_t, 9> arr({1, 2, 3, 4, 5, 6, 7, 8, 9});
  for (int i = 0; i < 9; ++i) ASSERT_EQ(arr[i], i + 1);
}

TEST(VecKernels, UnaryEdgeCases) {
  simd<int32_t, 19> a(std::numeric_limits<int32_t>::min(), 1);
  const simd<int32_t, 19> n = -a, c = ~a;
  for (int i = 0; i < 19; ++i) {
    ASSERT_EQ(n[i], static_cast<int32_t>(0u - static_cast<uint32_t>(a[i])));
    ASSERT_EQ(c[i], ~a[i]);
  }
  simd<float, 18> f(0.f);
  f[3] = std::numeric_limits<float>::quiet_NaN();
  const simd<float, 18> nf = -f;
  EXPECT_TRUE(std::signbit(nf[0]));
  EXPECT_TRUE(std::signbit(nf[3]));
  simd<half, 17> h(half(0.f));
  h[16] = half(2.f);
  const simd<half, 17> nh = -h;
  EXPECT_EQ(xesim::detail::half_bits(nh[0]), 0x8000);
  EXPECT_EQ(static_cast<float>(nh[16]), -2.f);
  simd<uint8_t, 20> u(uint8_t(0), uint8_t(13));
  const simd<uint8_t, 20> nu = -u, cu = ~u;
  for (int i = 0; i < 20; ++i) {
    ASSERT_EQ(nu[i], static_cast<uint8_t>(-u[i]));
    ASSERT_EQ(cu[i], static_cast<uint8_t>(~u[i]));
  }
}

TEST(VecKernels, ShiftCountsWrap) {
  const simd<int32_t, 21> a(-1000, 97);
  simd<int32_t, 21> s;
  for (int i = 0; i < 21; ++i) s[i] = i * 7 - 40;  // negative and >= 32
  const simd<int32_t, 21> l = a << s, r = a >> s;
  const simd<uint32_t, 21> ur = simd<uint32_t, 21>(a) >> s;
  for (int i = 0; i < 21; ++i) {
    const int c = s[i] & 31;
    ASSERT_EQ(l[i], static_cast<int32_t>(static_cast<uint32_t>(a[i]) << c)) << i;
    ASSERT_EQ(r[i], a[i] >> c) << i;
    ASSERT_EQ(ur[i], static_cast<uint32_t>(a[i]) >> c) << i;
  }
  const simd<int64_t, 5> w(-(int64_t(1) << 40), 3);
  const simd<int64_t, 5> wr = w >> 70;  // 70 % 64 = 6
  for (int i = 0; i < 5; ++i) ASSERT_EQ(wr[i], w[i] >> 6) << i;
}

TEST(VecKernels, WrapperArithmeticTails) {
  simd<bfloat16, 37> a, b;
  for (int i = 0; i < 37; ++i) {
    a[i] = bfloat16(static_cast<float>(i) * 1.37f - 20.f);
    b[i] = bfloat16(static_cast<float>(i % 5) + 0.3f);
  }
  const simd<bfloat16, 37> s = a + b, p = a * b, q = a / b;
  for (int i = 0; i < 37; ++i) {
    const float x = static_cast<float>(bfloat16(a[i])), y = static_cast<float>(bfloat16(b[i]));
    ASSERT_TRUE(same_bits(s[i], bfloat16(x + y))) << i;
    ASSERT_TRUE(same_bits(p[i], bfloat16(x * y))) << i;
    ASSERT_TRUE(same_bits(q[i], bfloat16(x / y))) << i;
  }
  simd<tfloat32, 21> t, u;
  for (int i = 0; i < 21; ++i) {
    t[i] = tfloat32(static_cast<float>(i) * 1.0001f - 7.3f);
    u[i] = tfloat32(static_cast<float>(i % 4) + 0.77f);
  }
  t[3] = tfloat32(std::numeric_limits<float>::quiet_NaN());
  const simd<tfloat32, 21> tm = t * u, ts = t - u;
  for (int i = 0; i < 21; ++i) {
    const float x = static_cast<float>(tfloat32(t[i])), y = static_cast<float>(tfloat32(u[i]));
    ASSERT_TRUE(same_bits(tm[i], tfloat32(x * y))) << i;  // truncated, as tfloat32(float)
    ASSERT_TRUE(same_bits(ts[i], tfloat32(x - y))) << i;
  }
  simd<half, 7> h(half(3.f), half(1.f));
  const simd<half, 7> hd = h / half(7.f);
  for (int i = 0; i < 7; ++i)
    ASSERT_TRUE(same_bits(hd[i], half(static_cast<float>(half(h[i])) / 7.f))) << i;
}

}  // namespace
