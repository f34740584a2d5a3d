// abs, min, max over every element type and the lengths 1 .. 512 (vector, vector-scalar and
// scalar forms, saturation); rndd / rndu / rnde / rndz, floor / ceil / trunc and
// experimental::frc against scalar oracles, with the edge values (NaN, inf, -0, ties, INT_MIN).
#include "ops_test_util.hpp"

using namespace ops_test;
namespace es = xesim::esimd;
using es::saturation_on;

namespace {

using all_types = types<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t,
                        float, double, half, bfloat16>;

// ------------------------------ oracles
template <class T>
T abs_oracle(T x) {
  if constexpr (std::is_unsigned_v<T>) {
    return x;
  } else if constexpr (std::is_integral_v<T>) {
    return x == std::numeric_limits<T>::lowest() ? x : static_cast<T>(x < 0 ? -x : x);  // wraps
  } else if constexpr (std::is_same_v<T, double>) {
    return std::fabs(x);
  } else {
    return T(std::fabs(static_cast<float>(x)));  // exact for half and bfloat16
  }
}
/// max / min as the GPU: a NaN operand gives the other, -0 < +0.
template <class T>
T minmax_oracle(bool is_max, T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return is_max ? std::max(a, b) : std::min(a, b);
  } else {
    const double x = as_double(a), y = as_double(b);
    if (std::isnan(x)) return b;
    if (std::isnan(y)) return a;
    if (x == y) return (std::signbit(x) != is_max) ? a : b;  // max prefers +0, min prefers -0
    return (x > y) == is_max ? a : b;
  }
}

template <class T, int N>
simd<T, N> minmax_inputs() {
  simd<T, N> v = random_simd<T, N>(-3.0, 3.0);
  if constexpr (is_fp_v<T>) {
    const float special[] = {std::numeric_limits<float>::quiet_NaN(), -0.0f, 0.0f,
                             std::numeric_limits<float>::infinity(), 0.5f};
    for (int i = 0; i < N; i += 4) v.elems()[i] = T(special[rand() % 5]);
  } else {
    for (int i = 0; i < N; i += 4) v.elems()[i] = std::numeric_limits<T>::lowest();
  }
  return v;
}

template <class T>
void check_minmax_lanes(const char* what, bool is_max, bool sat, const T* a, const T* b, const T* r,
                        int n) {
  for (int i = 0; i < n; ++i) {
    T want = minmax_oracle(is_max, a[i], b[i]);
    if constexpr (is_fp_v<T>) {
      if (sat) {
        const double w = as_double(want);
        want = T(static_cast<float>(w > 0 ? (w < 1 ? w : 1.0) : 0.0));
        if constexpr (std::is_same_v<T, double>) want = w > 0 ? (w < 1 ? w : 1.0) : 0.0;
      }
    }
    ASSERT_TRUE(same(r[i], want)) << what << " " << type_name<T>() << " x " << n << " lane " << i
                                  << ": " << show(a[i]) << ", " << show(b[i]) << " gave "
                                  << show(r[i]) << ", want " << show(want);
  }
}

TEST(MinMax, AbsMinMaxOverTypesAndLengths) {
  srand(42);
  sweep(
      []<class T, int N>() {
        const simd<T, N> a = minmax_inputs<T, N>(), b = minmax_inputs<T, N>();
        const simd<T, N> ab = es::abs(a);
        for (int i = 0; i < N; ++i) {
          ASSERT_TRUE(same(ab.elems()[i], abs_oracle(a.elems()[i])))
              << "abs " << case_name<T, N>() << " lane " << i << ": " << show(a.elems()[i]);
        }
        const simd<T, N> mx = es::max(a, b), mn = es::min(a, b);
        check_minmax_lanes<T>("max", true, false, a.elems(), b.elems(), mx.elems(), N);
        check_minmax_lanes<T>("min", false, false, a.elems(), b.elems(), mn.elems(), N);
        // Vector-scalar and scalar-vector forms broadcast the scalar.
        const T s = b.elems()[N / 2];
        const simd<T, N> mxs = es::max(a, s), mns = es::min(s, a);
        const simd<T, N> bs(s);
        check_minmax_lanes<T>("max(v, s)", true, false, a.elems(), bs.elems(), mxs.elems(), N);
        check_minmax_lanes<T>("min(s, v)", false, false, bs.elems(), a.elems(), mns.elems(), N);
        const simd<T, N> mxsat = es::max(a, b, saturation_on);
        check_minmax_lanes<T>("max sat", true, true, a.elems(), b.elems(), mxsat.elems(), N);
      },
      all_types{}, all_lengths{});
}

TEST(MinMax, ScalarFormsAndEdges) {
  constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(es::max(1.0f, kNaN), 1.0f);
  EXPECT_EQ(es::min(kNaN, -2.0f), -2.0f);
  EXPECT_TRUE(std::isnan(es::max(kNaN, kNaN)));
  EXPECT_FALSE(std::signbit(es::max(-0.0f, 0.0f)));
  EXPECT_FALSE(std::signbit(es::max(0.0f, -0.0f)));
  EXPECT_TRUE(std::signbit(es::min(0.0f, -0.0f)));
  EXPECT_EQ(es::max(3, 7), 7);
  EXPECT_EQ(es::min<uint8_t>(200, 100), 100);
  EXPECT_EQ(es::max(2.0f, 0.5f, saturation_on), 1.0f);
  EXPECT_EQ(es::abs(INT32_MIN), INT32_MIN);         // wraps, as the GPU
  EXPECT_EQ(es::abs<int64_t>(int8_t(-128)), -128);  // abs in int8 (wraps), then converted
  EXPECT_EQ((es::abs<int32_t>(simd<int8_t, 2>({-128, -5})))[1], 5);
  EXPECT_EQ((es::abs<float>(simd<int, 1>(-3)))[0], 3.0f);
  EXPECT_FALSE(std::signbit(es::abs(-0.0f)));
  EXPECT_EQ(static_cast<float>(es::abs(half(-2.5f))), 2.5f);
  EXPECT_EQ(static_cast<float>(es::abs(bfloat16(-0.75f))), 0.75f);
  EXPECT_EQ(static_cast<float>(es::abs(tfloat32(-8.0f))), 8.0f);
  static_assert(std::is_same_v<decltype(es::abs<int64_t>(simd<int8_t, 4>())), simd<int64_t, 4>>);
  static_assert(std::is_same_v<decltype(es::abs(half())), half>);
  static_assert(std::is_same_v<decltype(es::max(simd<half, 3>(), half())), simd<half, 3>>);
  static_assert(std::is_same_v<decltype(es::min(1u, 2u)), unsigned>);
}

// ------------------------------ rounding
enum class rnd { down, up, even, zero, frc };

/// The rounded float (round half to even for rnde), as exact arithmetic on doubles.
double round_oracle(rnd r, float x) {
  const double d = x;
  switch (r) {
    case rnd::down:
      return std::floor(d);
    case rnd::up:
      return std::ceil(d);
    case rnd::zero:
      return std::trunc(d);
    case rnd::even: {
      const double f = std::floor(d), diff = d - f;
      if (diff > 0.5) return f + 1.0;
      if (diff < 0.5) return f == 0.0 && std::signbit(d) ? -0.0 : f;
      return std::fmod(f, 2.0) == 0.0 ? f : f + 1.0;
    }
    case rnd::frc:
      return static_cast<float>(d - std::floor(d));  // rounded to float once
  }
  return 0.0;
}

template <class RT>
RT expected(rnd r, float x, bool sat) {
  double v = round_oracle(r, x);
  if (r == rnd::even && v == 0.0 && std::signbit(x)) v = -0.0;
  if (r == rnd::up && v == 0.0 && std::signbit(x)) v = -0.0;  // ceil(-0.3) = -0
  if (r == rnd::zero && v == 0.0 && std::signbit(x)) v = -0.0;
  if (sat) v = v > 0 ? (v < 1 ? v : 1.0) : 0.0;
  if constexpr (std::is_integral_v<RT>) {
    if (std::isnan(v)) return RT(0);
    if (v <= static_cast<double>(std::numeric_limits<RT>::lowest()))
      return std::numeric_limits<RT>::lowest();
    if (v >= static_cast<double>(std::numeric_limits<RT>::max()))
      return std::numeric_limits<RT>::max();
    return static_cast<RT>(v);
  } else if constexpr (std::is_same_v<RT, half>) {
    return to_half_oracle(static_cast<float>(v));
  } else {
    return static_cast<RT>(v);
  }
}

template <class RT>
void check_round_lanes(const char* what, rnd r, bool sat, const float* x, const RT* got, int n) {
  for (int i = 0; i < n; ++i) {
    const RT want = expected<RT>(r, x[i], sat);
    ASSERT_TRUE(same(got[i], want))
        << what << " -> " << type_name<RT>() << " x " << n << " lane " << i << ": " << show(x[i])
        << " gave " << show(got[i]) << ", want " << show(want);
  }
}

template <int N>
simd<float, N> round_inputs() {
  simd<float, N> v;
  for (int i = 0; i < N; ++i) {
    switch (i % 4) {
      case 0:
        v.elems()[i] = static_cast<float>(rand() % 41 - 20) * 0.5f;
        break;  // ties
      case 1:
        v.elems()[i] = random_value<float>(-5.0, 5.0);
        break;
      case 2:
        v.elems()[i] = random_value<float>(-3e9, 3e9);
        break;
      default: {
        const float sp[] = {std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            -0.0f,
                            0.0f,
                            -0.3f,
                            8388607.5f,
                            1e-40f,
                            -1e-40f};
        v.elems()[i] = sp[rand() % 9];
      }
    }
  }
  return v;
}

TEST(Rounding, AllFunctionsOverResultTypesAndLengths) {
  srand(42);
  sweep(
      []<class RT, int N>() {
        const simd<float, N> x = round_inputs<N>();
        const simd<RT, N> d = es::rndd<RT>(x), u = es::rndu<RT>(x), e = es::rnde<RT>(x),
                          z = es::rndz<RT>(x);
        check_round_lanes<RT>("rndd", rnd::down, false, x.elems(), d.elems(), N);
        check_round_lanes<RT>("rndu", rnd::up, false, x.elems(), u.elems(), N);
        check_round_lanes<RT>("rnde", rnd::even, false, x.elems(), e.elems(), N);
        check_round_lanes<RT>("rndz", rnd::zero, false, x.elems(), z.elems(), N);
        const simd<RT, N> f = es::floor<RT>(x), c = es::ceil<RT>(x), t = es::trunc<RT>(x);
        check_round_lanes<RT>("floor", rnd::down, false, x.elems(), f.elems(), N);
        check_round_lanes<RT>("ceil", rnd::up, false, x.elems(), c.elems(), N);
        check_round_lanes<RT>("trunc", rnd::zero, false, x.elems(), t.elems(), N);
        const simd<RT, N> es_ = es::rnde<RT>(x, saturation_on);
        check_round_lanes<RT>("rnde sat", rnd::even, true, x.elems(), es_.elems(), N);
        if constexpr (std::is_same_v<RT, float>) {
          const simd<float, N> fr = es::xesim_experimental::frc(x);
          check_round_lanes<float>("frc", rnd::frc, false, x.elems(), fr.elems(), N);
        }
      },
      types<float, int32_t, int16_t, uint32_t, half>{}, all_lengths{});
}

TEST(Rounding, ScalarFormsAndTies) {
  EXPECT_EQ(es::rnde<float>(2.5f), 2.0f);
  EXPECT_EQ(es::rnde<float>(3.5f), 4.0f);
  EXPECT_EQ(es::rnde<float>(-2.5f), -2.0f);
  EXPECT_TRUE(std::signbit(es::rnde<float>(-0.5f)));
  EXPECT_EQ(es::rnde<int>(0.5f), 0);
  EXPECT_EQ(es::rndd<int>(-0.5f), -1);
  EXPECT_EQ(es::rndu<int>(-0.5f), 0);
  EXPECT_EQ(es::rndz<int>(-7.9f), -7);
  EXPECT_EQ(es::floor<int>(2.7f), 2);
  EXPECT_EQ(es::ceil<int>(2.1f), 3);
  EXPECT_EQ(es::trunc<int>(-2.7f), -2);
  EXPECT_EQ(es::floor<int>(3e10f), INT32_MAX);  // converted with saturation
  EXPECT_EQ(es::rnde<int>(std::numeric_limits<float>::quiet_NaN()), 0);
  EXPECT_EQ(es::rndd<float>(16777215.0f), 16777215.0f);
  EXPECT_EQ(es::rndu<float>(0.3f, saturation_on), 1.0f);
  EXPECT_EQ(es::xesim_experimental::frc(-1.25f), 0.75f);
  EXPECT_EQ(es::xesim_experimental::frc(3.0f), 0.0f);
  EXPECT_EQ(static_cast<float>(es::xesim_experimental::frc(half(2.75f))), 0.75f);
  EXPECT_EQ(es::xesim_experimental::frc(7), 0);  // integers have no fraction
  EXPECT_TRUE(std::isnan(es::xesim_experimental::frc(std::numeric_limits<float>::infinity())));
  // The input is always simd<float, N>: a half vector converts when the arguments are explicit.
  EXPECT_EQ((es::rnde<int, 4>(simd<half, 4>(1.5f)))[2], 2);
  static_assert(std::is_same_v<decltype(es::floor<int>(simd<float, 5>())), simd<int, 5>>);
  static_assert(std::is_same_v<decltype(es::rndz<half>(1.0f)), half>);
}

}  // namespace
