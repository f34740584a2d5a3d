// sycl::ext::intel::experimental::esimd math (experimental_bits.hpp, experimental_math.hpp):
// every function against a scalar oracle written here, on random inputs (srand(42)).
#include <sycl/ext/intel/experimental/esimd/math.hpp>

#include "ops_test_util.hpp"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"  // quot, mod, div, dp2, ... are

using namespace sycl::ext::intel::esimd;
namespace ex = sycl::ext::intel::experimental::esimd;

namespace {

constexpr int N = 16;

template <class T> simd<T, N> random_simd(T* ref, uint64_t mod = 0) {
  simd<T, N> v;
  for (int i = 0; i < N; ++i) {
    const uint64_t r = ops_test::rand64();
    ref[i] = static_cast<T>(mod ? r % mod : r);
    v[i] = ref[i];
  }
  return v;
}

__extension__ typedef __int128 i128;
template <class To> To clamp128(i128 x) {
  const i128 lo = std::numeric_limits<To>::lowest(), hi = std::numeric_limits<To>::max();
  return static_cast<To>(x < lo ? lo : x > hi ? hi : x);
}

TEST(ExperimentalMath, ShiftsWithAndWithoutSaturation) {
  srand(42);
  int16_t a[N];
  uint8_t b[N];
  const simd<int16_t, N> va = random_simd(a);
  const simd<uint8_t, N> vb = random_simd(b);
  for (int n : {0, 1, 5, 15, 31, 33}) {
    const simd<int32_t, N> l = ex::shl<int32_t>(va, n);
    const simd<int8_t, N> ls = ex::shl<int8_t>(va, n, saturation_on);
    const simd<uint16_t, N> lu = ex::shl<uint16_t>(vb, n, saturation_on);
    const simd<int16_t, N> ar = ex::asr<int16_t>(va, n);
    const simd<int16_t, N> sr = ex::shr<int16_t>(va, n);  // signed T1: asr
    const simd<uint32_t, N> lr = ex::lsr<uint32_t>(va, n);
    const simd<uint8_t, N> lrs = ex::lsr<uint8_t>(vb, n, saturation_on);
    const int m = n & 31;  // the count is taken modulo the 32-bit computation width
    for (int i = 0; i < N; ++i) {
      EXPECT_EQ(l[i], static_cast<int32_t>(static_cast<uint32_t>(a[i]) << m)) << n << " " << i;
      EXPECT_EQ(ls[i], clamp128<int8_t>(static_cast<i128>(a[i]) * (i128{1} << m))) << n;
      EXPECT_EQ(lu[i], clamp128<uint16_t>(static_cast<i128>(b[i]) * (i128{1} << m))) << n;
      EXPECT_EQ(ar[i], static_cast<int16_t>(static_cast<int32_t>(a[i]) >> m)) << n;
      EXPECT_EQ(sr[i], ar[i]);
      EXPECT_EQ(lr[i], static_cast<uint32_t>(static_cast<uint32_t>(static_cast<int32_t>(a[i])) >> m));
      EXPECT_EQ(lrs[i], static_cast<uint8_t>(std::min<uint32_t>(uint32_t{b[i]} >> m, 255u)));
    }
  }
  EXPECT_EQ((ex::shl<int>(3, 4)), 48);
  EXPECT_EQ((ex::shr<uint32_t>(0x80000000u, 31u)), 1u);
  EXPECT_EQ((ex::asr<int>(-8, 1)), -4);
  EXPECT_EQ((ex::lsr<uint32_t>(-8, 1)), 0x7ffffffcu);
}

TEST(ExperimentalMath, ShiftsTakeAPerLaneCountVector) {
  srand(42);
  int16_t a[N];
  uint8_t b[N], c[N];
  const simd<int16_t, N> va = random_simd(a);
  const simd<uint8_t, N> vb = random_simd(b);
  const simd<uint8_t, N> vc = random_simd(c, 40);  // counts 0..39: some past the width
  const simd<uint8_t, N> l = shl<uint8_t>(vb, vc);
  const simd<int8_t, N> ls = shl<int8_t>(va, vc, saturation_on);
  const simd<int16_t, N> ar = asr<int16_t>(va, vc);
  const simd<int16_t, N> sr = shr<int16_t>(va, vc);
  const simd<uint8_t, N> lr = lsr<uint8_t>(vb, vc);
  const simd<uint8_t, N> ur = shr<uint8_t>(vb, vc);
  for (int i = 0; i < N; ++i) {
    const int m = c[i] & 31;
    EXPECT_EQ(l[i], static_cast<uint8_t>(uint32_t{b[i]} << m)) << i;
    EXPECT_EQ(ls[i], clamp128<int8_t>(static_cast<i128>(a[i]) * (i128{1} << m))) << i;
    EXPECT_EQ(ar[i], static_cast<int16_t>(static_cast<int32_t>(a[i]) >> m)) << i;
    EXPECT_EQ(sr[i], ar[i]) << i;
    EXPECT_EQ(lr[i], static_cast<uint8_t>(uint32_t{b[i]} >> m)) << i;
    EXPECT_EQ(ur[i], lr[i]) << i;
  }
}

TEST(ExperimentalMath, RotatesOver16To64Bits) {
  srand(42);
  uint32_t a[N], c[N];
  uint16_t h[N];
  uint64_t q[N];
  const simd<uint32_t, N> va = random_simd(a), vc = random_simd(c, 70);
  const simd<uint16_t, N> vh = random_simd(h);
  const simd<uint64_t, N> vq = random_simd(q);
  const simd<uint32_t, N> l = ex::rol<uint32_t>(va, vc), r = ex::ror<uint32_t>(va, vc);
  const simd<uint16_t, N> lh = ex::rol<uint16_t>(vh, uint16_t{3});
  const simd<uint64_t, N> rq = ex::ror<uint64_t>(vq, uint64_t{17});
  for (int i = 0; i < N; ++i) {
    const int n = static_cast<int>(c[i] % 32);
    EXPECT_EQ(l[i], (a[i] << n) | (n ? a[i] >> (32 - n) : 0u)) << i;
    EXPECT_EQ(r[i], (a[i] >> n) | (n ? a[i] << (32 - n) : 0u)) << i;
    EXPECT_EQ(lh[i], static_cast<uint16_t>((h[i] << 3) | (h[i] >> 13)));
    EXPECT_EQ(rq[i], (q[i] >> 17) | (q[i] << 47));
  }
  EXPECT_EQ((ex::rol<uint32_t>(0x80000001u, 1u)), 3u);
  EXPECT_EQ((__ESIMD_NS::rol<uint32_t>(0x80000001u, 1u)), 3u);  // DPC++ has them in esimd:: too
  EXPECT_EQ((__ESIMD_NS::shl<int>(1, 3)), 8);
  EXPECT_EQ((ex::ror<int32_t>(int32_t{1}, int32_t{1})), INT32_MIN);
}

TEST(ExperimentalMath, BitCountsAndFields) {
  srand(42);
  uint32_t a[N], w[N], o[N];
  int8_t s[N];
  simd<uint32_t, N> va = random_simd(a);
  va[0] = a[0] = 0;
  const simd<int8_t, N> vs = random_simd(s);
  const simd<uint32_t, N> vw = random_simd(w, 33), vo = random_simd(o, 32);
  const auto pc = ex::popcount(va), cz = ex::clz(va), tz = ex::ctz(va);
  const auto pcs = ex::popcount(vs);
  const simd<uint32_t, N> lz = ex::lzd<uint32_t>(vs);  // int8 -> uint32 first (sign-extends)
  const simd<uint32_t, N> rev = ex::bf_reverse<uint32_t>(va);
  const simd<uint32_t, N> ins = ex::bf_insert<uint32_t>(vw, vo, simd<uint32_t, N>(0xffffffffu), va);
  const simd<uint32_t, N> ext = ex::bf_extract<uint32_t>(vw, vo, va);
  const simd<int32_t, N> exs = ex::bf_extract<int32_t>(8, 4, simd<int32_t, N>(va));
  for (int i = 0; i < N; ++i) {
    EXPECT_EQ(pc[i], static_cast<uint32_t>(std::popcount(a[i])));
    EXPECT_EQ(cz[i], static_cast<uint32_t>(std::countl_zero(a[i])));
    EXPECT_EQ(tz[i], static_cast<uint32_t>(std::countr_zero(a[i])));
    EXPECT_EQ(pcs[i], std::popcount(static_cast<uint8_t>(s[i])));
    EXPECT_EQ(lz[i], static_cast<uint32_t>(std::countl_zero(static_cast<uint32_t>(int32_t{s[i]}))));
    uint32_t rb = 0;
    for (int k = 0; k < 32; ++k) rb |= ((a[i] >> k) & 1u) << (31 - k);
    EXPECT_EQ(rev[i], rb);
    const uint32_t wi = w[i] & 31, oi = o[i] & 31;
    const uint32_t field = wi == 0 ? 0u : (((1ull << wi) - 1) << oi) & 0xffffffffu;
    EXPECT_EQ(ins[i], (a[i] & ~field) | (0xffffffffu << oi & field)) << i;
    const uint32_t expect_ext = wi == 0 ? 0u
                                : wi + oi < 32 ? (a[i] >> oi) & ((1u << wi) - 1u)
                                               : a[i] >> oi;
    EXPECT_EQ(ext[i], expect_ext) << i;
    EXPECT_EQ(exs[i], static_cast<int32_t>(static_cast<int8_t>((a[i] >> 4) & 0xff)));
  }
  EXPECT_EQ((ex::bf_insert<uint32_t>(4u, 8u, 0xau, 0u)), 0xa00u);
  EXPECT_EQ((ex::bf_extract<int32_t>(4, 8, 0xf00)), -1);
}

TEST(ExperimentalMath, ImulQuotModDiv) {
  srand(42);
  int32_t a[N], b[N];
  uint32_t u[N];
  const simd<int32_t, N> va = random_simd(a), vb = random_simd(b);
  const simd<uint32_t, N> vu = random_simd(u);
  simd<int32_t, N> lo;
  const simd<int32_t, N> hi = ex::imul(lo, va, vb);
  simd<uint32_t, N> ulo;
  const simd<uint32_t, N> uhi = ex::imul(ulo, vu, 0xfffffff0u);
  const simd<int32_t, N> q = ex::quot(va, 7), md = ex::mod(va, 7);
  simd<int32_t, N> rem;
  const simd<int32_t, N> dq = ex::div(rem, va, 1000);
  for (int i = 0; i < N; ++i) {
    const int64_t p = int64_t{a[i]} * b[i];
    EXPECT_EQ(lo[i], static_cast<int32_t>(static_cast<uint32_t>(p)));
    EXPECT_EQ(hi[i], static_cast<int32_t>(p >> 32));
    const uint64_t up = uint64_t{u[i]} * 0xfffffff0u;
    EXPECT_EQ(ulo[i], static_cast<uint32_t>(up));
    EXPECT_EQ(uhi[i], static_cast<uint32_t>(up >> 32));
    EXPECT_EQ(q[i], a[i] / 7);
    EXPECT_EQ(md[i], a[i] % 7);
    EXPECT_EQ(dq[i], a[i] / 1000);
    EXPECT_EQ(rem[i], a[i] % 1000);
  }
  uint32_t r = 0;
  EXPECT_EQ((ex::imul(r, 0x80000000u, 4u)), 2u);
  EXPECT_EQ(r, 0u);
  simd<int, 1> r1;
  EXPECT_EQ((ex::div<int>(r1, 17, 5)), 3);
  EXPECT_EQ(r1[0], 2);
}

TEST(ExperimentalMath, FloatingFunctions) {
  srand(42);
  float x[N], y[N];
  simd<float, N> vx, vy;
  for (int i = 0; i < N; ++i) {
    x[i] = static_cast<float>(rand() % 2000 - 1000) / 1001.0f;  // in (-1, 1)
    y[i] = static_cast<float>(rand() % 2000 - 1000) / 97.0f;
    vx[i] = x[i];
    vy[i] = y[i];
  }
  simd<float, N> cs;
  const simd<float, N> sn = ex::sincos(cs, vy);
  const simd<float, N> at = ex::atan(vy), ac = ex::acos(vx), as = ex::asin(vx);
  const simd<float, N> a2 = ex::atan2(vy, vx), af = ex::atan2_fast(vy, vx), fm = ex::fmod(vy, vx);
  const simd<float, N> se = ex::sin_emu(vy), ce = ex::cos_emu(vy), th = ex::tanh(vx);
  const simd<float, N> tc = ex::tanh_cody_waite(vy), f3 = ex::fma(vx, vy, vx), d4 = ex::dp4(vx, vy);
  const simd<sycl::half, N> fh = ex::fma(simd<sycl::half, N>(vx), simd<sycl::half, N>(vy),
                                         simd<sycl::half, N>(vx));
  const simd<double, N> atd = ex::atan(simd<double, N>(vy));
  for (int i = 0; i < N; ++i) {
    EXPECT_NEAR(sn[i], std::sin(y[i]), 1e-6f);
    EXPECT_NEAR(cs[i], std::cos(y[i]), 1e-6f);
    EXPECT_EQ(at[i], std::atan(y[i]));
    EXPECT_EQ(ac[i], std::acos(x[i]));
    EXPECT_EQ(as[i], std::asin(x[i]));
    EXPECT_EQ(a2[i], std::atan2(y[i], x[i]));
    EXPECT_EQ(af[i], std::atan2(y[i], x[i]));
    EXPECT_EQ(fm[i], std::fmod(y[i], x[i]));
    EXPECT_EQ(se[i], std::sin(y[i]));
    EXPECT_EQ(ce[i], std::cos(y[i]));
    EXPECT_EQ(th[i], std::tanh(x[i]));
    EXPECT_EQ(tc[i], std::tanh(y[i]));
    EXPECT_EQ(f3[i], std::fma(x[i], y[i], x[i]));
    const float hx = static_cast<float>(sycl::half(x[i])), hy = static_cast<float>(sycl::half(y[i]));
    EXPECT_EQ(static_cast<float>(static_cast<sycl::half>(fh[i])),
              static_cast<float>(sycl::half(std::fma(hx, hy, hx))));
    const int g = i / 4 * 4;
    float dot = 0;
    for (int k = 0; k < 4; ++k) dot += x[g + k] * y[g + k];
    EXPECT_FLOAT_EQ(d4[i], dot);
    EXPECT_EQ(atd[i], std::atan(static_cast<double>(y[i])));
  }
  EXPECT_EQ(ex::atan2(1.0f, -1.0f), std::atan2(1.0f, -1.0f));
  EXPECT_EQ(ex::fmod(-7.5f, 2.0f), -1.5f);
  EXPECT_EQ(ex::tanh(0.25f), std::tanh(0.25f));
}

TEST(ExperimentalMath, StochasticRoundingPicksTheNeighbours) {
  srand(42);
  for (int t = 0; t < 64; ++t) {
    simd<float, N> x;
    simd<uint16_t, N> r;
    float rx[N];
    uint16_t rr[N];
    for (int i = 0; i < N; ++i) {
      rx[i] = static_cast<float>(rand() - RAND_MAX / 2) / 1e4f;
      rr[i] = static_cast<uint16_t>(rand());
      x[i] = rx[i];
      r[i] = rr[i];
    }
    const simd<sycl::half, N> h = ex::srnd(x, r);
    for (int i = 0; i < N; ++i) {
      // Oracle: the two halves around |x| and the 13-bit fraction of the gap.
      const float ax = std::fabs(rx[i]);
      uint16_t lb = 0;  // the largest finite half <= ax, by bisection over the bit patterns
      for (uint16_t lo = 0, hi = 0x7c00; lo < hi;) {
        const uint16_t mid = static_cast<uint16_t>((lo + hi) / 2);
        sycl::half hm;
        std::memcpy(static_cast<void*>(&hm), &mid, 2);
        if (static_cast<float>(hm) <= ax) lb = mid, lo = static_cast<uint16_t>(mid + 1);
        else hi = mid;
      }
      sycl::half hl, hh;
      const uint16_t hb = static_cast<uint16_t>(lb + 1);
      std::memcpy(static_cast<void*>(&hl), &lb, 2);
      std::memcpy(static_cast<void*>(&hh), &hb, 2);
      const double fl = static_cast<float>(hl), fh = static_cast<float>(hh);
      const uint32_t frac = static_cast<uint32_t>((ax - fl) / (fh - fl) * 8192.0);
      const float mag = frac + (rr[i] & 0x1fffu) >= 0x2000u ? static_cast<float>(fh) : static_cast<float>(fl);
      EXPECT_EQ(static_cast<float>(static_cast<sycl::half>(h[i])), rx[i] < 0 ? -mag : mag) << rx[i];
    }
  }
}

TEST(ExperimentalMath, DeprecatedGen9DotProductsAndLines) {
  srand(42);
  float x[N];
  simd<float, N> vx;
  for (int i = 0; i < N; ++i) vx[i] = x[i] = static_cast<float>(rand() % 200 - 100) / 64.0f;
  const float s = 0.375f;
  const simd<float, N> d2 = ex::dp2<float, float, N>(vx, s), d3 = ex::dp3<float, float, N>(vx, s);
  const simd<float, N> d4 = ex::dp4<float, float, N>(vx, s), dh = ex::dph<float, float, N>(vx, s);
  const simd<float, N> d4s = ex::dp4<float, float, N>(vx, s, saturation_on);
  const simd<float, 4> pq({2.0f, 0.0f, 0.0f, -1.0f});
  const simd<float, N> ln = ex::line(pq, vx), ln2 = ex::line(2.0f, -1.0f, vx);
  const simd<float, N> lr = ex::lrp(vx, 3.0f, -2.0f);
  for (int i = 0; i < N; ++i) {
    const int g = i / 4 * 4;
    const float p2 = x[g] * s + x[g + 1] * s, p3 = p2 + x[g + 2] * s;
    EXPECT_EQ(d2[i], p2);
    EXPECT_EQ(d3[i], p3);
    EXPECT_EQ(d4[i], p3 + x[g + 3] * s);
    EXPECT_EQ(d4s[i], std::clamp(p3 + x[g + 3] * s, 0.0f, 1.0f));
    EXPECT_EQ(dh[i], static_cast<float>(static_cast<double>(p3) + 1.0 * s));
    EXPECT_EQ(ln[i], 2.0f * x[g] + -1.0f);  // lane g of each group, as DPC++ computes it
    EXPECT_EQ(ln2[i], ln[i]);
    EXPECT_EQ(lr[i], 3.0f * x[i] + -2.0f * (1.0f - x[i]));
  }
}

}  // namespace
