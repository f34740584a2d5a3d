// DPC++ math.hpp forms found missing or narrower on real code (issue 10), against scalar oracles
// on random inputs: saturate<To> for every integral pair (char and char16_t included) and the
// floating ones DPC++ allows, DPC++'s Sat rules (max<float, N, float>, any non-off tag
// saturates the math functions), addc / subb in all four forms, dp4a.
#include <sycl/ext/intel/esimd.hpp>

#include "ops_test_util.hpp"

using namespace sycl::ext::intel::esimd;

namespace {

__extension__ typedef __int128 i128;

template <class To, class From> To clamp_oracle(From v) {
  const i128 x = static_cast<i128>(v);
  const i128 lo = static_cast<i128>(std::numeric_limits<To>::lowest());
  const i128 hi = static_cast<i128>(std::numeric_limits<To>::max());
  return static_cast<To>(x < lo ? lo : x > hi ? hi : x);
}

using sat_int_types = ops_test::types<char, signed char, unsigned char, short, unsigned short, int,
                                      unsigned, long long, unsigned long long, char16_t>;

template <class From> struct SatFrom {
  template <class To> void run() {
    constexpr int N = 16;
    simd<From, N> v;
    From ref[N];
    for (int i = 0; i < N; ++i) {
      uint64_t r = 0;
      for (int k = 0; k < 4; ++k) r = (r << 16) ^ static_cast<uint64_t>(rand() & 0xffff);
      // Half the lanes small (near To's range), half anywhere in From's range.
      ref[i] = static_cast<From>(i % 2 ? r : static_cast<uint64_t>(static_cast<int64_t>(r % 700) - 350));
      v[i] = ref[i];
    }
    const simd<To, N> s = saturate<To>(v);
    for (int i = 0; i < N; ++i)
      ASSERT_EQ(static_cast<long long>(s[i]), static_cast<long long>(clamp_oracle<To>(ref[i])))
          << typeid(To).name() << " <- " << typeid(From).name() << " lane " << i;
  }
};

template <class... Ts> void sat_all_to(ops_test::types<Ts...>) {
  ([]<class From>() {
    ([]<class To>() { SatFrom<From>{}.template run<To>(); }.template operator()<Ts>(), ...);
  }.template operator()<Ts>(), ...);
}

TEST(DpcppParity, SaturateEveryIntegralPair) {
  srand(42);
  sat_all_to(sat_int_types{});
}

TEST(DpcppParity, SaturateFloatingSources) {
  srand(42);
  constexpr int N = 32;
  simd<float, N> f;
  simd<sycl::half, N> h;
  float rf[N];
  for (int i = 0; i < N; ++i) {
    rf[i] = static_cast<float>(rand() % 100000 - 50000) / 100.0f;
    f[i] = rf[i];
    h[i] = sycl::half(rf[i] / 10.0f);
  }
  const simd<int8_t, N> a = saturate<int8_t>(f);
  const simd<uint16_t, N> b = saturate<uint16_t>(h);
  const simd<float, N> c = saturate<float>(f);
  const simd<sycl::half, N> d = saturate<sycl::half>(h);
  for (int i = 0; i < N; ++i) {
    const float x = rf[i], y = static_cast<float>(sycl::half(rf[i] / 10.0f));
    EXPECT_EQ(a[i], x <= -128 ? -128 : x >= 127 ? 127 : static_cast<int8_t>(x)) << i;
    EXPECT_EQ(b[i], y <= 0 ? 0 : y >= 65535 ? 65535 : static_cast<uint16_t>(y)) << i;
    EXPECT_EQ(c[i], x < 0 ? 0.0f : x > 1 ? 1.0f : x) << i;
    EXPECT_EQ(static_cast<float>(static_cast<sycl::half>(d[i])), y < 0 ? 0.0f : y > 1 ? 1.0f : y);
  }
}

TEST(DpcppParity, SaturationTagRules) {
  srand(42);
  constexpr int N = 16;
  simd<float, N> a, b;
  for (int i = 0; i < N; ++i) {
    a[i] = static_cast<float>(rand() % 400 - 200) / 50.0f;
    b[i] = static_cast<float>(rand() % 400 - 200) / 50.0f;
  }
  // max / min saturate only with saturation_on_tag: <float, N, float> names Sat = float.
  const simd<float, N> m1 = max<float, N, float>(a, 2.0f);
  const simd<float, N> m2 = max(a, b, saturation_on);
  const simd<float, N> m3 = min<float, N, int>(a, b);
  // The math functions saturate with any Sat but saturation_off_tag.
  const simd<float, N> e1 = exp2(a, 1);
  const simd<float, N> e2 = exp2(a, saturation_on);
  const simd<float, N> e3 = exp2(a);
  const simd<float, N>&ca = a, &cb = b;
  for (int i = 0; i < N; ++i) {
    EXPECT_EQ(m1[i], std::max(ca[i], 2.0f)) << i;
    EXPECT_EQ(m2[i], std::clamp(std::max(ca[i], cb[i]), 0.0f, 1.0f)) << i;
    EXPECT_EQ(m3[i], std::min(ca[i], cb[i])) << i;
    EXPECT_EQ(e1[i], e2[i]) << i;
    EXPECT_EQ(e2[i], std::clamp(e3[i], 0.0f, 1.0f)) << i;
  }
}

TEST(DpcppParity, AddcSubbAllForms) {
  srand(42);
  constexpr int N = 16;
  simd<uint32_t, N> a, b;
  uint32_t ra[N], rb[N];
  for (int i = 0; i < N; ++i) {
    a[i] = ra[i] = static_cast<uint32_t>(ops_test::rand64());
    b[i] = rb[i] = i % 3 ? static_cast<uint32_t>(ops_test::rand64()) : ra[i];
  }
  const uint32_t s = static_cast<uint32_t>(ops_test::rand64());
  auto add = [](uint32_t x, uint32_t y, uint32_t& c) {
    const uint64_t t = uint64_t{x} + y;
    c = static_cast<uint32_t>(t >> 32);
    return static_cast<uint32_t>(t);
  };
  auto sub = [](uint32_t x, uint32_t y, uint32_t& c) {
    c = y > x ? 1u : 0u;
    return x - y;
  };
  simd<uint32_t, N> c1, c2, c3, b1, b2, b3;
  const simd<uint32_t, N> r1 = addc(c1, a, b), r2 = addc(c2, a, s), r3 = addc(c3, s, b);
  const simd<uint32_t, N> d1 = subb(b1, a, b), d2 = subb(b2, a, s), d3 = subb(b3, s, b);
  for (int i = 0; i < N; ++i) {
    uint32_t c;
    EXPECT_EQ(r1[i], add(ra[i], rb[i], c)) << i;
    EXPECT_EQ(c1[i], c);
    EXPECT_EQ(r2[i], add(ra[i], s, c));
    EXPECT_EQ(c2[i], c);
    EXPECT_EQ(r3[i], add(s, rb[i], c));
    EXPECT_EQ(c3[i], c);
    EXPECT_EQ(d1[i], sub(ra[i], rb[i], c));
    EXPECT_EQ(b1[i], c);
    EXPECT_EQ(d2[i], sub(ra[i], s, c));
    EXPECT_EQ(b2[i], c);
    EXPECT_EQ(d3[i], sub(s, rb[i], c));
    EXPECT_EQ(b3[i], c);
  }
  uint32_t carry = 7, borrow = 7;
  EXPECT_EQ(addc(carry, 0xffffffffu, 2u), 1u);
  EXPECT_EQ(carry, 1u);
  EXPECT_EQ(addc(carry, 5u, 2u), 7u);
  EXPECT_EQ(carry, 0u);
  EXPECT_EQ(subb(borrow, 1u, 2u), 0xffffffffu);
  EXPECT_EQ(borrow, 1u);
  EXPECT_EQ(subb(borrow, 3u, 2u), 1u);
  EXPECT_EQ(borrow, 0u);
}

template <class T1, class T2, class T3, class T4, bool Sat>
T1 dp4a_oracle(T2 acc, T3 x, T4 y) {
  int64_t s = static_cast<int64_t>(acc);
  for (int k = 0; k < 4; ++k) {
    const int bx = static_cast<int>((static_cast<uint32_t>(x) >> (8 * k)) & 0xff);
    const int by = static_cast<int>((static_cast<uint32_t>(y) >> (8 * k)) & 0xff);
    s += static_cast<int64_t>(std::is_signed_v<T3> && bx > 127 ? bx - 256 : bx) *
         (std::is_signed_v<T4> && by > 127 ? by - 256 : by);
  }
  if constexpr (Sat) return clamp_oracle<T1>(s);
  else return static_cast<T1>(static_cast<uint64_t>(s));
}

template <class T1, class T2, class T3, class T4> void check_dp4a() {
  constexpr int N = 16;
  simd<T2, N> a;
  simd<T3, N> x;
  simd<T4, N> y;
  T2 ra[N];
  T3 rx[N];
  T4 ry[N];
  for (int i = 0; i < N; ++i) {
    a[i] = ra[i] = static_cast<T2>(ops_test::rand64());
    x[i] = rx[i] = static_cast<T3>(ops_test::rand64());
    y[i] = ry[i] = static_cast<T4>(ops_test::rand64());
  }
  const simd<T1, N> r = dp4a<T1, T2, T3, T4, N>(a, x, y);
  const simd<T1, N> rs = dp4a<T1, T2, T3, T4, N>(a, x, y, saturation_on);
  for (int i = 0; i < N; ++i) {
    EXPECT_EQ(r[i], (dp4a_oracle<T1, T2, T3, T4, false>(ra[i], rx[i], ry[i]))) << i;
    EXPECT_EQ(rs[i], (dp4a_oracle<T1, T2, T3, T4, true>(ra[i], rx[i], ry[i]))) << i;
  }
}

TEST(DpcppParity, Dp4aSignednessAndSaturation) {
  srand(42);
  check_dp4a<uint32_t, uint32_t, uint32_t, uint32_t>();
  check_dp4a<int32_t, int32_t, int32_t, int32_t>();
  check_dp4a<int32_t, uint32_t, int32_t, uint32_t>();
  check_dp4a<uint32_t, int32_t, uint32_t, int32_t>();
  // Intel's e2e value: 0x32 + 0x7f * 0x7f + 3 * 3 + 2 * 2 + 1 * 1.
  simd<uint32_t, 16> s0(0x32u), s1(0x0102037Fu);
  const auto r = dp4a<uint32_t, uint32_t, uint32_t, uint32_t, 16>(s0, s1, s1);
  EXPECT_EQ(r[15], 0x3F41u);
}

}  // namespace
