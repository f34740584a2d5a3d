// convert<To>(simd<From, N>) and saturate<T0>(simd<T1, N>) against scalar oracles written here,
// swept over every element type pair and the lengths 1 .. 512, with special values injected.
#include "ops_test_util.hpp"

using namespace ops_test;
using namespace xesim::esimd;

namespace {

using all_types = types<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t,
                        float, double, half, bfloat16, tfloat32>;

template <class T>
constexpr bool is_int_v = std::is_integral_v<T>;

/// The lane rules of convert, written out: floating -> integer truncates and saturates (NaN 0);
/// integer -> integer wraps; -> half rounds once (from double too); -> bfloat16 / tfloat32
/// round to nearest even from the float value.
template <class To, class From>
To convert_oracle(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (is_int_v<To> && !is_int_v<From>) {
    const long double x = as_double(v);
    if (std::isnan(x)) return To(0);
    const long double t = std::trunc(x);
    if (t < static_cast<long double>(std::numeric_limits<To>::lowest()))
      return std::numeric_limits<To>::lowest();
    if (t > static_cast<long double>(std::numeric_limits<To>::max()))
      return std::numeric_limits<To>::max();
    return static_cast<To>(t);
  } else if constexpr (is_int_v<To>) {
    return static_cast<To>(v);
  } else if constexpr (std::is_same_v<To, float> || std::is_same_v<To, double>) {
    if constexpr (is_int_v<From>)
      return static_cast<To>(v);
    else
      return static_cast<To>(as_double(v));
  } else {
    float f;
    if constexpr (is_int_v<From>)
      f = static_cast<float>(v);
    else
      f = static_cast<float>(as_double(v));
    if constexpr (std::is_same_v<To, half>) {
      if constexpr (std::is_same_v<From, double>)
        return to_half_oracle(v);
      else
        return to_half_oracle(f);
    } else if constexpr (std::is_same_v<To, bfloat16>) {
      return to_bf16_oracle(f);
    } else {
      return to_tf32_oracle(f);
    }
  }
}

/// Random lanes of T with a spread of magnitudes, and special values at every 5th lane.
template <class T, int N>
simd<T, N> convert_inputs() {
  simd<T, N> v;
  for (int i = 0; i < N; ++i) {
    if constexpr (is_int_v<T>) {
      const uint64_t r = rand64();
      v.elems()[i] = static_cast<T>(i % 3 == 0 ? r % 600 - 300 : r);
    } else {
      const double mag = i % 3 == 0 ? 300.0 : (i % 3 == 1 ? 70000.0 : 1e12);
      v.elems()[i] = random_value<T>(-mag, mag);
    }
  }
  if constexpr (!is_int_v<T>) {
    const float special[] = {std::numeric_limits<float>::quiet_NaN(),
                             std::numeric_limits<float>::infinity(),
                             -std::numeric_limits<float>::infinity(),
                             -0.0f,
                             0.5f,
                             -2.5f,
                             65520.0f,
                             1.00048828125f /* 1 + 2^-11: a half tie */,
                             3e38f,
                             1e-40f};
    for (int i = 0, k = 0; i < N; i += 5, ++k) v.elems()[i] = T(special[k % 10]);
  } else {
    const T special[] = {std::numeric_limits<T>::lowest(), std::numeric_limits<T>::max(), T(0),
                         T(-1)};
    for (int i = 0, k = 0; i < N; i += 5, ++k) v.elems()[i] = special[k % 4];
  }
  return v;
}

/// n lanes of convert<To> (in -> out) against the oracle. Templated on the types only, not on
/// the length, to keep the sweep's compile time down.
template <class To, class From>
void check_convert_lanes(const From* in, const To* out, int n) {
  for (int i = 0; i < n; ++i) {
    const To want = convert_oracle<To>(in[i]);
    ASSERT_TRUE(same(out[i], want))
        << type_name<From>() << " -> " << type_name<To>() << " x " << n << " lane " << i << ": "
        << show(in[i]) << " gave " << show(out[i]) << ", want " << show(want);
  }
}
template <class To, class From, int N>
void check_convert(const simd<From, N>& v) {
  const simd<To, N> r = convert<To>(v);
  check_convert_lanes<To, From>(v.elems(), r.elems(), N);
}

TEST(Convert, EveryTypePairAndLength) {
  srand(42);
  sweep(
      []<class From, int N>() {
        const simd<From, N> v = convert_inputs<From, N>();
        [&]<class... To>(types<To...>) { (check_convert<To, From, N>(v), ...); }(all_types{});
      },
      all_types{}, all_lengths{});
}

TEST(Convert, EdgeValues) {
  constexpr float kNaN = std::numeric_limits<float>::quiet_NaN(),
                  kInf = std::numeric_limits<float>::infinity();
  const simd<float, 8> f({kNaN, kInf, -kInf, 3e9f, -3e9f, -0.7f, 2.9f, -2147483648.0f});
  const simd<int32_t, 8> i = convert<int32_t>(f);
  const int32_t want_i[] = {0, INT32_MAX, INT32_MIN, INT32_MAX, INT32_MIN, 0, 2, INT32_MIN};
  for (int k = 0; k < 8; ++k) EXPECT_EQ(i[k], want_i[k]) << "lane " << k;
  const simd<uint8_t, 4> u = convert<uint8_t>(simd<float, 4>({-1.0f, 300.0f, 255.9f, 0.99f}));
  EXPECT_EQ(u[0], 0);
  EXPECT_EQ(u[1], 255);
  EXPECT_EQ(u[2], 255);
  EXPECT_EQ(u[3], 0);
  // Integer narrowing wraps (mov without .sat).
  EXPECT_EQ((convert<int8_t>(simd<int32_t, 1>(300)))[0], 44);
  // half: 65520 overflows, 1 + 2^-11 is a tie (to even: 1), 1 + 3*2^-11 rounds up.
  const simd<half, 3> h = convert<half>(simd<float, 3>({65520.0f, 1.00048828125f, 1.00146484375f}));
  EXPECT_TRUE(std::isinf(static_cast<float>(h[0])));
  EXPECT_EQ(static_cast<float>(h[1]), 1.0f);
  EXPECT_EQ(static_cast<float>(h[2]), 1.001953125f);
  // tfloat32: the vector conversion rounds to nearest even (the scalar class truncates).
  const float t_in = 1.0f + 1.75f * 0x1p-10f;  // 1.75 ulp of tfloat32 above 1
  EXPECT_EQ(static_cast<float>(convert<tfloat32>(simd<float, 1>(t_in))[0]), 1.0f + 2.0f * 0x1p-10f);
  EXPECT_EQ(static_cast<float>(tfloat32(t_in)), 1.0f + 0x1p-10f);
  // double -> half rounds once (through float it would double-round): 1 + 2^-11 + 2^-40.
  EXPECT_EQ(static_cast<float>(convert<half>(simd<double, 1>(1.0 + 0x1p-11 + 0x1p-40))[0]),
            1.0f + 0x1p-10f);
  static_assert(std::is_same_v<decltype(convert<float>(simd<half, 7>())), simd<float, 7>>);
  static_assert(std::is_same_v<decltype(convert<int>(simd<bfloat16, 3>())), simd<int, 3>>);
}

// ------------------------------ saturate
template <class T0, class T1>
T0 saturate_oracle(T1 v) {
  if constexpr (!is_int_v<T0>) {
    const double x = as_double(v);
    const double c = x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0;  // NaN and -0 -> +0
    if constexpr (std::is_same_v<T0, double>)
      return c;
    else
      return T0(static_cast<float>(c));  // exact: c is a value of T0
  } else if constexpr (!is_int_v<T1>) {
    return convert_oracle<T0>(v);
  } else {
    if (std::cmp_less(v, std::numeric_limits<T0>::lowest()))
      return std::numeric_limits<T0>::lowest();
    if (std::cmp_greater(v, std::numeric_limits<T0>::max())) return std::numeric_limits<T0>::max();
    return static_cast<T0>(v);
  }
}

template <class T0, class T1>
void check_saturate_lanes(const T1* in, const T0* out, int n) {
  for (int i = 0; i < n; ++i) {
    const T0 want = saturate_oracle<T0>(in[i]);
    ASSERT_TRUE(same(out[i], want))
        << "saturate " << type_name<T1>() << " -> " << type_name<T0>() << " x " << n << " lane "
        << i << ": " << show(in[i]) << " gave " << show(out[i]) << ", want " << show(want);
  }
}
template <class T0, class T1, int N>
void check_saturate(const simd<T1, N>& v) {
  const simd<T0, N> r = saturate<T0>(v);
  check_saturate_lanes<T0, T1>(v.elems(), r.elems(), N);
}

TEST(Saturate, IntegralTargetsFromEveryTypeAndFloatingClamp) {
  srand(42);
  sweep(
      []<class T1, int N>() {
        simd<T1, N> v = convert_inputs<T1, N>();
        if constexpr (!is_int_v<T1>) {
          // Values around [0, 1] for the clamp.
          for (int i = 1; i < N; i += 2) v.elems()[i] = random_value<T1>(-0.5, 1.5);
          check_saturate<T1, T1, N>(v);
        }
        check_saturate<int8_t, T1, N>(v);
        check_saturate<uint8_t, T1, N>(v);
        check_saturate<int16_t, T1, N>(v);
        check_saturate<uint32_t, T1, N>(v);
        check_saturate<int64_t, T1, N>(v);
      },
      all_types{}, all_lengths{});
}

}  // namespace
