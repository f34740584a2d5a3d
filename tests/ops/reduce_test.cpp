// detail::sum / detail::prod / hmax / hmin / reduce against an oracle that reduces in the
// documented tree order, swept over every element type and the lengths 1 .. 512.
#include <functional>
#include <vector>

#include "ops_test_util.hpp"

using namespace ops_test;
namespace es = xesim::esimd;

namespace {

using all_types = types<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t,
                        float, double, half, bfloat16>;

/// Reduces v in the order reduce.hpp documents: power-of-two lengths fold in halves; otherwise
/// A = the first 2^k lanes, B = the rest, and A / B are folded until one lane is left.
template <class R, class Op>
R tree_oracle(std::vector<R> v, Op op) {
  auto halve = [&](std::vector<R>& a) {
    const size_t h = a.size() / 2;
    for (size_t i = 0; i < h; ++i) a[i] = op(a[i], a[i + h]);
    a.resize(h);
  };
  auto is_pow2 = [](size_t n) { return (n & (n - 1)) == 0; };
  if (is_pow2(v.size())) {
    while (v.size() > 1) halve(v);
    return v[0];
  }
  size_t p = 1;
  while (p * 2 <= v.size()) p *= 2;
  std::vector<R> a(v.begin(), v.begin() + static_cast<long>(p)),
      b(v.begin() + static_cast<long>(p), v.end());
  for (;;) {
    if (a.size() == b.size()) {
      for (size_t i = 0; i < a.size(); ++i) a[i] = op(a[i], b[i]);
      while (a.size() > 1) halve(a);
      return a[0];
    }
    if (a.size() < b.size()) {
      for (size_t i = 0; i < a.size(); ++i) a[i] = op(a[i], b[i]);
      b.erase(b.begin(), b.begin() + static_cast<long>(a.size()));
    } else {
      halve(a);
    }
  }
}

/// The standard lengths plus odd ones that take every branch of the non-power-of-two order.
using reduce_lengths = lengths<1, 3, 5, 8, 13, 16, 24, 32, 33, 100, 128, 300, 512>;

/// The accumulation type of sum / prod: int for 8/16-bit integers, T otherwise.
template <class T>
using acc_t = std::conditional_t<std::is_integral_v<T> && (sizeof(T) < 4), int, T>;

template <class R>
R add(R a, R b) {
  if constexpr (std::is_integral_v<R>) {
    using U = std::make_unsigned_t<R>;
    return static_cast<R>(static_cast<U>(a) + static_cast<U>(b));  // wraps
  } else if constexpr (std::is_same_v<R, float> || std::is_same_v<R, double>) {
    return a + b;
  } else {
    return R(static_cast<float>(a) + static_cast<float>(b));  // rounded to R every step
  }
}
template <class R>
R mul(R a, R b) {
  if constexpr (std::is_integral_v<R>) {
    using U = std::make_unsigned_t<R>;
    return static_cast<R>(static_cast<U>(a) * static_cast<U>(b));
  } else if constexpr (std::is_same_v<R, float> || std::is_same_v<R, double>) {
    return a * b;
  } else {
    return R(static_cast<float>(a) * static_cast<float>(b));
  }
}
/// max / min as the GPU: NaN skipped, -0 < +0.
template <class R>
R max_or_min(bool is_max, R a, R b) {
  if constexpr (std::is_integral_v<R>) {
    return is_max ? std::max(a, b) : std::min(a, b);
  } else {
    const double x = as_double(a), y = as_double(b);
    if (std::isnan(x)) return b;
    if (std::isnan(y)) return a;
    if (x == y) return std::signbit(x) != is_max ? a : b;
    return (x > y) == is_max ? a : b;
  }
}

template <class T>
T max_op(T a, T b) {
  return max_or_min(true, a, b);
}
template <class T>
T min_op(T a, T b) {
  return max_or_min(false, a, b);
}

template <class T>
void expect_same(const char* what, int n, T got, T want) {
  EXPECT_TRUE(same(got, want)) << what << " " << type_name<T>() << " x " << n << ": gave "
                               << show(got) << ", want " << show(want);
}

/// The results of one (T, n) case against the oracles. Templated on T only: the sweep's
/// per-length code is just the calls under test.
template <class T>
void check_reductions(const T* v, const T* p, int n, acc_t<T> s, acc_t<T> q, acc_t<T> rs,
                      acc_t<T> rq, T mx, T mn) {
  using R = acc_t<T>;
  std::vector<R> wv(v, v + n), wp(p, p + n);
  expect_same<R>("sum", n, s, tree_oracle<R>(wv, add<R>));
  expect_same<R>("prod", n, q, tree_oracle<R>(wp, mul<R>));
  expect_same<R>("reduce(plus<>)", n, rs, s);
  expect_same<R>("reduce(multiplies<>)", n, rq, q);
  const std::vector<T> lanes(v, v + n);
  expect_same<T>("hmax", n, mx, tree_oracle<T>(lanes, max_op<T>));
  expect_same<T>("hmin", n, mn, tree_oracle<T>(lanes, min_op<T>));
  if constexpr (std::is_floating_point_v<T>) {
    // The tree sum is a sum: close to the exact one.
    double exact = 0.0, mag = 0.0;
    for (int i = 0; i < n; ++i) exact += as_double(v[i]), mag += std::fabs(as_double(v[i]));
    EXPECT_NEAR(as_double(s), exact, mag * n * std::numeric_limits<T>::epsilon())
        << type_name<T>() << " x " << n;
  }
}

TEST(Reduce, SumProdMaxMinOverTypesAndLengths) {
  srand(42);
  sweep(
      []<class T, int N>() {
        using R = acc_t<T>;
        const simd<T, N> v = random_simd<T, N>(-100.0, 100.0);
        simd<T, N> p = random_simd<T, N>(0.5, 1.5);  // products that stay finite
        if constexpr (std::is_integral_v<T>) p = v;
        check_reductions<T>(v.elems(), p.elems(), N, es::detail::sum<R, T, N>(v),
                            es::detail::prod<R, T, N>(p), es::reduce<R>(v, std::plus<>()),
                            es::reduce<R>(p, std::multiplies<>()), es::hmax<T>(v), es::hmin<T>(v));
      },
      all_types{}, reduce_lengths{});
}

TEST(Reduce, ResultTypesAccumulationAndNaN) {
  // sum<T0, T1>: accumulated in computation_type_t<T1, T1>, then converted to T0.
  const simd<int8_t, 4> c({100, 100, 100, 100});
  EXPECT_EQ((es::detail::sum<int, int8_t, 4>(c)), 400);              // int accumulation: no wrap
  EXPECT_EQ((es::detail::sum<int8_t, int8_t, 4>(c)), int8_t(-112));  // 400 converted to int8
  static_assert(std::is_same_v<decltype(es::detail::sum<float, half, 8>(simd<half, 8>())), float>);
  // half sums round to half at every step: (2048 + 1) rounds to 2048, plus (1 + 1) gives 2050
  // (a float accumulation would give 2051).
  simd<half, 4> h({2048.0f, 1.0f, 1.0f, 1.0f});
  EXPECT_EQ(static_cast<float>(es::detail::sum<half, half, 4>(h)), 2050.0f);
  EXPECT_EQ((es::detail::sum<float, half, 4>(h)), 2050.0f);
  const simd<float, 4> f({1.0f, 2.0f, 3.0f, 4.0f});
  EXPECT_EQ(es::reduce<float>(f, std::plus<>()), 10.0f);
  EXPECT_EQ(es::reduce<int>(f, std::multiplies<>()), 24);
  EXPECT_EQ(es::hmax<int>(f), 4);
  EXPECT_EQ(es::hmin<double>(f), 1.0);
  constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(es::hmax<float>(simd<float, 5>({kNaN, -3.0f, kNaN, -1.0f, kNaN})), -1.0f);
  EXPECT_EQ(es::hmin<float>(simd<float, 5>({kNaN, -3.0f, kNaN, -1.0f, kNaN})), -3.0f);
  EXPECT_TRUE(std::isnan(es::hmax<float>(simd<float, 3>(kNaN))));
  EXPECT_EQ(es::hmax<int32_t>(simd<int32_t, 3>({INT32_MIN, -7, INT32_MIN})), -7);
  // Tree order: 13 lanes of 1 and one 2^24 are summed differently from left to right.
  simd<float, 13> t(1.0f);
  t[0] = 16777216.0f;
  float left_to_right = 0.0f;
  for (int i = 0; i < 13; ++i) left_to_right += t.elems()[i];
  EXPECT_EQ(left_to_right, 16777216.0f);                                   // every +1 is lost
  EXPECT_EQ((es::detail::sum<float, float, 13>(t)), 16777216.0f + 12.0f);  // the ones meet first
}

/// hmax / hmin in registers (power-of-two N: pieces, then shuffles) and in the buffer tree
/// (other N) keep the GPU's rules lane for lane: NaN lanes skipped (all NaN: NaN), +0 above -0,
/// with the specials at random places. Also the wrapper types' sums, rounded every level.
TEST(Reduce, MaxMinSpecialsInEveryPiece) {
  srand(42);
  sweep(
      []<class T, int N>() {
        for (int rep = 0; rep < 20; ++rep) {
          simd<T, N> v = random_simd<T, N>(-2.0, 2.0);
          for (int i = 0; i < N; ++i) {
            const int k = rand() % 8;
            if (k == 0) v[i] = T(std::numeric_limits<float>::quiet_NaN());
            if (k == 1) v[i] = T(0.0f);
            if (k == 2) v[i] = T(-0.0f);
          }
          if (rep == 0)
            for (int i = 0; i < N; ++i) v[i] = T(std::numeric_limits<float>::quiet_NaN());
          if (rep == 1)
            for (int i = 0; i < N; ++i) v[i] = T(rand() % 2 ? 0.0f : -0.0f);
          const std::vector<T> lanes(v.elems(), v.elems() + N);
          expect_same<T>("hmax", N, es::hmax<T>(v), tree_oracle<T>(lanes, max_op<T>));
          expect_same<T>("hmin", N, es::hmin<T>(v), tree_oracle<T>(lanes, min_op<T>));
          expect_same<T>("sum", N, es::detail::sum<T, T, N>(v), tree_oracle<T>(lanes, add<T>));
        }
      },
      types<float, double, half, bfloat16>{}, lengths<1, 2, 3, 4, 8, 16, 17, 32, 33, 64, 256>{});
}

}  // namespace
