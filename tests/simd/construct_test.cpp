// simd construction, element access and whole-vector member operations, swept over element types
// and lengths: broadcast, iota, pointer loads with alignment flags, arrays, copy_from/copy_to,
// operator[], read/write, merge (member and free), replicate*, iselect/iupdate, any/all.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "test_util.hpp"

using namespace xesim::esimd;
using xesim::bfloat16;
using xesim::half;
using xesim_test::Case;

namespace {

template <class C> class SimdMembers : public ::testing::Test {};
#define XESIM_LENGTHS(T) \
  Case<T, 1>, Case<T, 3>, Case<T, 8>, Case<T, 16>, Case<T, 32>, Case<T, 33>, Case<T, 128>, Case<T, 512>
using AllCases = ::testing::Types<XESIM_LENGTHS(int8_t), XESIM_LENGTHS(uint16_t), XESIM_LENGTHS(int32_t),
                                  XESIM_LENGTHS(uint64_t), XESIM_LENGTHS(float), XESIM_LENGTHS(double),
                                  XESIM_LENGTHS(half), XESIM_LENGTHS(bfloat16)>;
TYPED_TEST_SUITE(SimdMembers, AllCases);

template <class T> bool eq(T a, T b) { return xesim_test::same_value<T>(a, b); }

TYPED_TEST(SimdMembers, ConstructorsAndAccess) {
  using T = typename TypeParam::type;
  constexpr int N = TypeParam::n;
  srand(42);
  std::vector<T> src(N + 1);
  for (auto& x : src) x = xesim_test::random_value<T>();

  const simd<T, N> bc(src[0]);  // broadcast
  for (int i = 0; i < N; ++i) ASSERT_TRUE(eq<T>(bc[i], src[0]));
  const simd<T, N> from_int = 3;  // broadcast with conversion
  for (int i = 0; i < N; ++i) ASSERT_TRUE(eq<T>(from_int[i], T(3)));

  const simd<T, N> iota(T(1), T(2));  // 1, 3, 5, ... computed in T's compute type
  using CT = detail::compute_t<T>;
  for (int i = 0; i < N; ++i)
    ASSERT_TRUE(eq<T>(iota[i], static_cast<T>(CT(1) + static_cast<CT>(i) * CT(2)))) << i;

  const simd<T, N> loaded(src.data());  // element_aligned by default
  const simd<T, N> loaded_off(src.data() + 1, element_aligned);
  for (int i = 0; i < N; ++i) {
    ASSERT_TRUE(eq<T>(loaded[i], src[i]));
    ASSERT_TRUE(eq<T>(loaded_off[i], src[i + 1]));
  }
  alignas(64) T aligned[N];
  for (int i = 0; i < N; ++i) aligned[i] = src[i];
  const simd<T, N> va(aligned, vector_aligned);
  const simd<T, N> oa(aligned, overaligned<16>);
  for (int i = 0; i < N; ++i) ASSERT_TRUE(eq<T>(va[i], src[i]) && eq<T>(oa[i], src[i]));

  std::array<T, N> arr;
  for (int i = 0; i < N; ++i) arr[i] = src[N - i];
  const simd<T, N> from_arr(arr);
  for (int i = 0; i < N; ++i) ASSERT_TRUE(eq<T>(from_arr[i], src[N - i]));

  simd<T, N> c;
  c.copy_from(src.data() + 1);
  std::vector<T> out(N + 2, T(0));
  c.copy_to(out.data() + 1);
  ASSERT_TRUE(eq<T>(out[0], T(0)) && eq<T>(out[N + 1], T(0))) << "copy_to wrote outside";
  for (int i = 0; i < N; ++i) ASSERT_TRUE(eq<T>(out[i + 1], src[i + 1]));

  // operator[] reads and writes; read()/write().
  simd<T, N> w = bc;
  w[N - 1] = src[1];
  w[0] += T(1);
  ASSERT_TRUE(eq<T>(w[N - 1], src[1]) || N == 1);
  const simd<T, N> copy = w.read();
  simd<T, N> z(T(0));
  z.write(copy);
  for (int i = 0; i < N; ++i) ASSERT_TRUE(eq<T>(z[i], w[i]));
}

TYPED_TEST(SimdMembers, MergeReplicateIselectAnyAll) {
  using T = typename TypeParam::type;
  constexpr int N = TypeParam::n;
  srand(42);
  T a_s[N], b_s[N];
  uint16_t m_s[N];
  for (int i = 0; i < N; ++i) {
    a_s[i] = xesim_test::random_value<T>();
    b_s[i] = xesim_test::random_value<T>();
    m_s[i] = static_cast<uint16_t>(rand() % 3);  // 0, 1 or 2: any non-zero is on
  }
  const simd<T, N> a(a_s), b(b_s);
  const simd_mask<N> m(m_s);

  simd<T, N> x = a;
  x.merge(b, m);  // on-lanes take b
  const simd<T, N> y = merge(a, b, m);  // m ? a : b
  simd<T, N> z;
  z.merge(a, b, m);  // m ? a : b
  for (int i = 0; i < N; ++i) {
    ASSERT_TRUE(eq<T>(x[i], m_s[i] ? b_s[i] : a_s[i])) << i;
    ASSERT_TRUE(eq<T>(y[i], m_s[i] ? a_s[i] : b_s[i])) << i;
    ASSERT_TRUE(eq<T>(z[i], m_s[i] ? a_s[i] : b_s[i])) << i;
  }

  const simd<T, 2 * N> rep = a.template replicate<2>();
  for (int i = 0; i < 2 * N; ++i) ASSERT_TRUE(eq<T>(rep[i], a_s[i % N]));
  if constexpr (N >= 4) {
    const simd<T, 12> rw = a.template replicate_w<3, 4>(N - 4);  // last 4, three times
    for (int i = 0; i < 12; ++i) ASSERT_TRUE(eq<T>(rw[i], a_s[N - 4 + i % 4]));
    const simd<T, 4> rvs = a.template replicate_vs_w<2, 2, 2>(0);  // {0,1},{2,3}
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(eq<T>(rvs[i], a_s[i]));
    const simd<T, 4> rhs = a.template replicate_vs_w_hs<2, 1, 2, 2>(0);  // {0,2},{1,3}
    const int want[4] = {0, 2, 1, 3};
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(eq<T>(rhs[i], a_s[want[i]]));
  }

  simd<uint16_t, 8> idx;
  for (int k = 0; k < 8; ++k) idx[k] = static_cast<uint16_t>(rand() % N);
  simd<T, N> sel = a;
  const simd<T, 8> picked = sel.template iselect<8>(idx);
  for (int k = 0; k < 8; ++k) ASSERT_TRUE(eq<T>(picked[k], a_s[idx[k]]));
  sel.iupdate(static_cast<uint16_t>(N - 1), b_s[0]);
  ASSERT_TRUE(eq<T>(sel[N - 1], b_s[0]));

  if constexpr (std::is_integral_v<T>) {
    simd<T, N> zeros(T(0));
    ASSERT_EQ(zeros.any(), 0);
    ASSERT_EQ(zeros.all(), 0);
    zeros[N / 2] = T(5);
    ASSERT_EQ(zeros.any(), 1);
    ASSERT_EQ(zeros.all(), N == 1 ? 1 : 0);
    const simd<T, N> ones(T(1));
    ASSERT_EQ(ones.all(), 1);
  }
  // Masks are integral vectors too.
  ASSERT_EQ(m.any(), [&] { for (auto v : m_s) if (v) return 1; return 0; }());
}

TEST(SimdConvert, ConvertingConstructorsFollowGpuConversions) {
  const simd<float, 8> f({-1.5f, 2.5f, 3e9f, -3e9f, 1e30f, -0.f, 7.9f, 255.5f});
  const simd<int, 8> i = f;  // float -> int truncates, saturates out of range
  EXPECT_EQ(i[0], -1);
  EXPECT_EQ(i[1], 2);
  EXPECT_EQ(i[2], std::numeric_limits<int>::max());
  EXPECT_EQ(i[3], std::numeric_limits<int>::min());
  const simd<uint8_t, 8> u = f;
  EXPECT_EQ(u[0], 0);
  EXPECT_EQ(u[7], 255);
  simd<float, 4> nan_v = std::numeric_limits<float>::quiet_NaN();
  const simd<int, 4> from_nan = nan_v;
  EXPECT_EQ(from_nan[0], 0);
  const simd<half, 8> h = f;  // float -> half rounds to nearest even, overflow to inf
  EXPECT_EQ(static_cast<float>(h[0]), -1.5f);
  EXPECT_TRUE(std::isinf(static_cast<float>(h[2])));
}

TEST(SimdMask, ConstructionAndOperators) {
  simd_mask<8> m({1, 0, 1, 0, 0, 0, 1, 1});
  const simd_mask<8> all_on = 1;
  const simd_mask<8> both = m & all_on, either = m | !m, diff = m ^ all_on;
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(both[i], m[i]);
    EXPECT_EQ(either[i], 1);
    EXPECT_EQ(diff[i], m[i] ? 0 : 1);
  }
  m &= all_on;
  m |= simd_mask<8>(0);
  EXPECT_EQ((m == simd_mask<8>({1, 0, 1, 0, 0, 0, 1, 1})).all(), 1);
  EXPECT_EQ((m.select<4, 2>(0).all()), 0);  // lanes 0, 2, 4, 6 are 1, 1, 0, 1
  EXPECT_EQ((m.select<2, 4>(2).all()), 1);  // lanes 2, 6
}

}  // namespace
