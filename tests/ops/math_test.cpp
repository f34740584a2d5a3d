// The extended math functions (inv, sqrt, sqrt_ieee, rsqrt, exp2, log2, exp, log, sin, cos, pow,
// div_ieee) against double-precision oracles, swept over half, bfloat16, tfloat32, float (and
// double where DPC++ allows it) and the lengths 1 .. 512; special values; saturation; scalar forms.
#include "ops_test_util.hpp"

using namespace ops_test;
namespace es = xesim::esimd;
using es::saturation_on;

namespace {

enum class fn { inv, sqrt, sqrt_ieee, rsqrt, exp2, log2, exp, log, sin, cos, pow, div };
const char* fn_name(fn f) {
  const char* names[] = {"inv", "sqrt", "sqrt_ieee", "rsqrt", "exp2", "log2",
                         "exp", "log",  "sin",       "cos",   "pow",  "div_ieee"};
  return names[static_cast<int>(f)];
}

/// The exact result (double is exact enough for float-sized results).
double oracle(fn f, double x, double y = 0.0) {
  switch (f) {
    case fn::inv:
      return 1.0 / x;
    case fn::sqrt:
    case fn::sqrt_ieee:
      return std::sqrt(x);
    case fn::rsqrt:
      return 1.0 / std::sqrt(x);
    case fn::exp2:
      return std::exp2(x);
    case fn::log2:
      return std::log2(x);
    case fn::exp:
      return std::exp(x);
    case fn::log:
      return std::log(x);
    case fn::sin:
      return std::sin(x);
    case fn::cos:
      return std::cos(x);
    case fn::pow:
      return std::pow(x, y);
    case fn::div:
      return x / y;
  }
  return 0.0;
}

/// Allowed error in ulps of float (the float kernels' bounds; correctly rounded ones 0.5).
double float_tolerance(fn f) {
  switch (f) {
    case fn::inv:
    case fn::sqrt:
    case fn::sqrt_ieee:
    case fn::div:
      return 0.5;
    case fn::log2:
      return 2.0;
    case fn::rsqrt:
      return 1.5;  // 1/sqrt(x): two roundings
    default:
      return 1.0;
  }
}
/// In ulps of T: float as above; 16-bit types are rounded once from float (0.5 ulp plus a
/// sliver); tfloat32 lanes are narrowed by truncation, as simd<tfloat32> arithmetic does (1 ulp).
template <class T>
double tolerance(fn f) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
    return float_tolerance(f);
  else if constexpr (std::is_same_v<T, tfloat32>)
    return 1.01;
  else
    return 0.51;
}

/// Input range of an op for T (kept inside T's range and the op's interesting region).
std::pair<double, double> input_range(fn f, bool small_type) {
  switch (f) {
    case fn::inv:
      return {-1000.0, 1000.0};
    case fn::sqrt:
    case fn::sqrt_ieee:
    case fn::rsqrt:
      return {0.0, small_type ? 60000.0 : 1e30};
    case fn::exp2:
      return small_type ? std::pair{-26.0, 16.5} : std::pair{-152.0, 130.0};
    case fn::exp:
      return small_type ? std::pair{-17.0, 11.5} : std::pair{-105.0, 90.0};
    case fn::log2:
    case fn::log:
      return {0.0, small_type ? 60000.0 : 1e30};
    case fn::sin:
    case fn::cos:
      return {-100.0, 100.0};
    case fn::pow:
      return {0.01, 12.0};
    case fn::div:
      return {-1000.0, 1000.0};
  }
  return {0.0, 1.0};
}

template <class T>
double max_finite() {
  if constexpr (std::is_same_v<T, tfloat32>)
    return static_cast<double>(std::numeric_limits<float>::max());
  else
    return as_double(std::numeric_limits<T>::max());
}

/// n lanes of f(x[, y]) (in T) against the oracle.
template <class T>
void check_lanes(fn f, const T* x, const T* y, const T* out, int n, int len) {
  for (int i = 0; i < n; ++i) {
    const double want = oracle(f, as_double(x[i]), y ? as_double(y[i]) : 0.0);
    const double got = as_double(out[i]);
    const double limit = max_finite<T>();
    bool ok;
    if (std::isinf(got) && !std::isinf(want))
      ok = std::fabs(want) > limit * 0.999 && (got > 0) == (want > 0);
    else if (!std::isinf(got) && std::fabs(want) > limit)
      ok = std::fabs(got) == limit;
    else
      ok = ulp_diff<T>(got, want) <= tolerance<T>(f);
    ASSERT_TRUE(ok) << fn_name(f) << " " << type_name<T>() << " x " << len << " lane " << i
                    << ": x = " << show(x[i]) << (y ? ", y = " + show(y[i]) : "") << " gave "
                    << show(out[i]) << ", want " << want << " (" << ulp_diff<T>(got, want)
                    << " ulp)";
  }
}

template <class T, int N>
simd<T, N> inputs(fn f) {
  const auto [lo, hi] = input_range(f, sizeof(T) == 2);
  simd<T, N> v = random_simd<T, N>(lo, hi);
  if (f == fn::log2 || f == fn::log) {  // also values near 1, where log is small
    for (int i = 1; i < N; i += 3) v.elems()[i] = random_value<T>(0.5, 2.0);
  }
  return v;
}

template <class T, int N, class Op>
void run_unary(fn f, Op op) {
  const simd<T, N> x = inputs<T, N>(f);
  const simd<T, N> r = op(x);
  check_lanes<T>(f, x.elems(), nullptr, r.elems(), N, N);
}

using math_types = types<float, half, bfloat16, tfloat32>;

TEST(Math, UnaryOverTypesAndLengths) {
  srand(42);
  sweep(
      []<class T, int N>() {
        using V = simd<T, N>;
        run_unary<T, N>(fn::inv, [](const V& v) { return es::inv(v); });
        run_unary<T, N>(fn::sqrt, [](const V& v) { return es::sqrt(v); });
        run_unary<T, N>(fn::rsqrt, [](const V& v) { return es::rsqrt(v); });
        run_unary<T, N>(fn::exp2, [](const V& v) { return es::exp2(v); });
        run_unary<T, N>(fn::log2, [](const V& v) { return es::log2(v); });
        run_unary<T, N>(fn::exp, [](const V& v) { return es::exp(v); });
        run_unary<T, N>(fn::log, [](const V& v) { return es::log(v); });
        run_unary<T, N>(fn::sin, [](const V& v) { return es::sin(v); });
        run_unary<T, N>(fn::cos, [](const V& v) { return es::cos(v); });
        if constexpr (sizeof(T) == 4)
          run_unary<T, N>(fn::sqrt_ieee, [](const V& v) { return es::sqrt_ieee(v); });
      },
      math_types{}, all_lengths{});
}

TEST(Math, BinaryOverTypesAndLengths) {
  srand(42);
  sweep(
      []<class T, int N>() {
        const simd<T, N> x = inputs<T, N>(fn::pow);
        const simd<T, N> y = random_simd<T, N>(-4.0, 4.0);
        const simd<T, N> p = es::pow(x, y);
        check_lanes<T>(fn::pow, x.elems(), y.elems(), p.elems(), N, N);
        if constexpr (sizeof(T) == 4) {
          const simd<T, N> a = inputs<T, N>(fn::div), b = inputs<T, N>(fn::div);
          const simd<T, N> q = es::div_ieee(a, b);
          check_lanes<T>(fn::div, a.elems(), b.elems(), q.elems(), N, N);
        }
      },
      math_types{}, all_lengths{});
}

TEST(Math, DoubleForms) {
  srand(42);
  sweep(
      []<class T, int N>() {
        const simd<double, N> x = random_simd<double, N>(0.0, 1e300),
                              y = random_simd<double, N>(-1e3, 1e3);
        const simd<double, N> s = es::sqrt(x), si = es::sqrt_ieee(x), rs = es::rsqrt(x),
                              d = es::div_ieee(x, y);
        for (int i = 0; i < N; ++i) {
          ASSERT_EQ(s[i], std::sqrt(x[i])) << i;
          ASSERT_EQ(si[i], std::sqrt(x[i])) << i;
          ASSERT_EQ(rs[i], 1.0 / std::sqrt(x[i])) << i;
          ASSERT_EQ(d[i], x[i] / y[i]) << i;
        }
      },
      types<double>{}, all_lengths{});
}

TEST(Math, SpecialValues) {
  constexpr float kInf = std::numeric_limits<float>::infinity(),
                  kNaN = std::numeric_limits<float>::quiet_NaN();
  constexpr float kDenormMin = std::numeric_limits<float>::denorm_min();
  const simd<float, 8> s({-kInf, kInf, kNaN, -0.0f, 0.0f, -1.0f, kDenormMin, 1.0f});
  const simd<float, 8> e2 = es::exp2(s), e = es::exp(s), l2 = es::log2(s), l = es::log(s);
  const simd<float, 8> sq = es::sqrt(s), iv = es::inv(s), rs = es::rsqrt(s);
  const float want_e2[] = {0, kInf, kNaN, 1, 1, 0.5f, 1, 2};
  const float want_e[] = {0, kInf, kNaN, 1, 1, std::exp(-1.0f), 1, std::exp(1.0f)};
  const float want_l2[] = {kNaN, kInf, kNaN, -kInf, -kInf, kNaN, -149, 0};
  const float want_sq[] = {kNaN, kInf, kNaN, -0.0f, 0.0f, kNaN, std::sqrt(kDenormMin), 1};
  const float want_iv[] = {-0.0f, 0.0f, kNaN, -kInf, kInf, -1, kInf, 1};
  const float want_rs[] = {kNaN, 0.0f, kNaN, -kInf, kInf, kNaN, 1.0f / std::sqrt(kDenormMin), 1};
  for (int i = 0; i < 8; ++i) {
    EXPECT_TRUE(same(e2[i], want_e2[i])) << "exp2 lane " << i << " " << e2[i];
    EXPECT_TRUE(ulp_diff<float>(e[i], want_e[i]) <= 1.0) << "exp lane " << i << " " << e[i];
    EXPECT_TRUE(same(l2[i], want_l2[i])) << "log2 lane " << i << " " << l2[i];
    EXPECT_TRUE(same(sq[i], want_sq[i])) << "sqrt lane " << i << " " << sq[i];
    EXPECT_TRUE(same(iv[i], want_iv[i])) << "inv lane " << i << " " << iv[i];
    EXPECT_TRUE(ulp_diff<float>(rs[i], want_rs[i]) <= 1.5) << "rsqrt lane " << i << " " << rs[i];
  }
  EXPECT_TRUE(same(l[3], -kInf) && same(l[5], kNaN) && same(l[1], kInf) && same(l[7], 0.0f));
  // Exact powers of two both ways, and the ends of the range.
  for (int k = -149; k <= 127; ++k) {
    const float p = std::ldexp(1.0f, k);
    ASSERT_EQ(es::exp2(static_cast<float>(k)), p) << k;
    ASSERT_EQ(es::log2(p), static_cast<float>(k)) << k;
  }
  EXPECT_EQ(es::exp2(128.0f), kInf);
  EXPECT_EQ(es::exp2(-150.5f), 0.0f);
  EXPECT_EQ(es::exp(-104.0f), 0.0f);
  EXPECT_EQ(es::exp(89.0f), kInf);
  EXPECT_EQ(es::exp(0.0f), 1.0f);
  EXPECT_EQ(es::log(1.0f), 0.0f);
  // NaN payloads and signs come back (quieted).
  const float snan = std::bit_cast<float>(0xff800123u);
  EXPECT_EQ(std::bit_cast<uint32_t>(es::exp2(snan)), 0xffc00123u);
  EXPECT_EQ(std::bit_cast<uint32_t>(es::log(snan)), 0xffc00123u);
  // half: in float, rounded once.
  EXPECT_EQ(static_cast<float>(es::exp(half(1.0f))), static_cast<float>(half(2.718281828f)));
  EXPECT_EQ(static_cast<float>(es::sqrt(half(2.0f))), static_cast<float>(half(1.41421356f)));
}

TEST(Math, SaturationClampsToUnitInterval) {
  srand(42);
  const simd<float, 33> x = random_simd<float, 33>(-3.0, 3.0);
  const simd<float, 33> e = es::exp(x, saturation_on), c = es::cos(x, saturation_on);
  const simd<half, 33> h = es::exp2(simd<half, 33>(x), saturation_on);
  const simd<float, 33> p = es::pow(x, 2.0f, saturation_on),
                        d = es::div_ieee(x, 2.0f, saturation_on);
  for (int i = 0; i < 33; ++i) {
    const float xi = x[i];
    EXPECT_EQ(e[i], std::min(1.0f, es::exp(xi))) << i;
    EXPECT_EQ(c[i], std::clamp(es::cos(xi), 0.0f, 1.0f)) << i;
    EXPECT_EQ(static_cast<float>(h.elems()[i]),
              std::clamp(static_cast<float>(es::exp2(half(xi))), 0.0f, 1.0f))
        << i;
    EXPECT_EQ(p[i], std::clamp(std::pow(xi, 2.0f), 0.0f, 1.0f)) << i;
    EXPECT_EQ(d[i], std::clamp(xi / 2.0f, 0.0f, 1.0f)) << i;
    EXPECT_TRUE(e[i] >= 0.0f && e[i] <= 1.0f);
  }
  EXPECT_EQ(es::sqrt(4.0f, saturation_on), 1.0f);
  EXPECT_EQ(es::log(0.5f, saturation_on), 0.0f);
}

TEST(Math, FormsAndResultTypes) {
  // pow / div_ieee: vector-vector with a different exponent type, vector-scalar, scalar-scalar.
  const simd<float, 4> b({2.0f, 3.0f, 4.0f, 0.5f});
  const simd<int, 4> k({3, 2, -1, 2});
  const simd<float, 4> p = es::pow(b, k);
  EXPECT_EQ(p[0], 8.0f);
  EXPECT_EQ(p[1], 9.0f);
  EXPECT_EQ(p[2], 0.25f);
  EXPECT_EQ(p[3], 0.25f);
  EXPECT_EQ((es::pow(b, 2))[1], 9.0f);
  EXPECT_EQ(es::pow(2.0f, 10), 1024.0f);
  EXPECT_EQ((es::div_ieee(b, k))[0], 2.0f / 3.0f);
  EXPECT_EQ(es::div_ieee(1.0, 3), 1.0 / 3.0);
  static_assert(std::is_same_v<decltype(es::exp(simd<half, 8>())), simd<half, 8>>);
  static_assert(std::is_same_v<decltype(es::log2(bfloat16(1.0f))), bfloat16>);
  static_assert(std::is_same_v<decltype(es::sqrt(2.0)), double>);
  static_assert(std::is_same_v<decltype(es::rsqrt(simd<double, 3>())), simd<double, 3>>);
  static_assert(
      std::is_same_v<decltype(es::pow(simd<float, 8>(), simd<int, 8>())), simd<float, 8>>);
  static_assert(std::is_same_v<decltype(es::sin<float, 16>(simd<float, 16>(), saturation_on)),
                               simd<float, 16>>);
  {
    // The scalar forms exist only for DPC++'s types, so <cmath>'s overloads stay reachable.
    using namespace xesim::esimd;
    using std::sqrt;
    static_assert(std::is_same_v<decltype(sqrt(4)), double>);
    static_assert(std::is_same_v<decltype(sqrt(4.0f)), float>);
  }
  EXPECT_EQ(es::inv(4.0f), 0.25f);
  EXPECT_EQ(es::rsqrt(4.0f), 0.5f);
  EXPECT_EQ(es::sqrt_ieee(9.0f), 3.0f);
  EXPECT_EQ(es::sin(0.0f), 0.0f);
  EXPECT_EQ(es::cos(0.0f), 1.0f);
  // A view passed with explicit template arguments converts, as in DPC++.
  simd<float, 16> w(1.0f, 1.0f);
  EXPECT_EQ((es::sqrt<float, 4>(w.select<4, 4>(3)))[1], std::sqrt(8.0f));
}

}  // namespace
