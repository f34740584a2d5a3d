// Helpers shared by the simd tests: random values per element type, exact comparison.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>

#include "xesim/simd/operators.hpp"

namespace xesim_test {

template <class T> inline constexpr bool is_wrapper_v =
    xesim::esimd::detail::is_wrapper_elem_type_v<T>;

/// 64 random bits from rand() (seeded by the test with srand(42)).
inline uint64_t rand64() {
  uint64_t r = 0;
  for (int i = 0; i < 4; ++i) r = (r << 16) ^ static_cast<uint64_t>(rand() & 0xffff);
  return r;
}

/// A random value of T: full range for integers, [-lim, lim] for floating types.
template <class T> T random_value(double lim = 100.0) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(rand64());
  } else {
    const double u = static_cast<double>(rand()) / RAND_MAX * 2.0 - 1.0;
    return T(static_cast<float>(u * lim));
  }
}

/// Exact equality; NaN equals NaN; for floating types -0 == +0 is not required to differ.
template <class T> bool same_value(T a, T b) {
  if constexpr (std::is_integral_v<T>) {
    return a == b;
  } else {
    const double x = static_cast<double>(static_cast<float>(a)), y = static_cast<double>(static_cast<float>(b));
    if constexpr (std::is_same_v<T, double>) {
      const double dx = static_cast<double>(a), dy = static_cast<double>(b);
      return (std::isnan(dx) && std::isnan(dy)) || dx == dy;
    }
    return (std::isnan(x) && std::isnan(y)) || x == y;
  }
}

template <class T> std::string show(T v) {
  if constexpr (std::is_integral_v<T>) return std::to_string(static_cast<long long>(v));
  else return std::to_string(static_cast<double>(static_cast<float>(v)));
}

/// A (type, length) pair for typed tests.
template <class T, int N> struct Case {
  using type = T;
  static constexpr int n = N;
};

}  // namespace xesim_test
