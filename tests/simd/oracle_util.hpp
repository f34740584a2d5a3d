// Random inputs and independent scalar oracles shared by the vec_oracle tests: values of every
// element type (NaN, infinities, huge, tiny, ties), exact values of half / bfloat16 / tfloat32
// through their bits (not xesim's conversions), and round-to-nearest-even written out here.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "test_util.hpp"

namespace xesim_oracle {

using xesim::bfloat16;
using xesim::half;
using xesim::tfloat32;
using xesim_test::rand64;

// ------------------------------ random inputs
/// A random float: mostly moderate values, some huge, tiny, integral, half-way, inf and NaN.
inline float random_float() {
  const int kind = rand() % 16;
  const double u = static_cast<double>(rand()) / RAND_MAX * 2.0 - 1.0;
  switch (kind) {
    case 0: return std::numeric_limits<float>::quiet_NaN();
    case 1: return u < 0 ? -std::numeric_limits<float>::infinity()
                         : std::numeric_limits<float>::infinity();
    case 2: return static_cast<float>(u * 1e19);   // beyond every integer range
    case 3: return static_cast<float>(u * 3e9);    // around the 32-bit limits
    case 4: return static_cast<float>(u * 7e4);    // around the 16-bit limits and half's max
    case 5: return static_cast<float>(u * 1e-6);   // half subnormals
    case 6: return std::bit_cast<float>(static_cast<uint32_t>(rand64()));  // any bit pattern
    case 7: return std::round(static_cast<float>(u * 300.0)) + 0.5f;       // x.5: ties
    default: return static_cast<float>(u * 200.0);
  }
}
template <class T>
T random_elem() {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<T>(rand64() >> (rand() % 64));  // every magnitude
  } else if constexpr (std::is_same_v<T, double>) {
    return rand() % 4 == 0 ? static_cast<double>(random_float())
                           : static_cast<double>(random_float()) * (1.0 + 1e-12 * rand());
  } else {
    return T(random_float());
  }
}

template <class T>
uint64_t bits_of(T x) {
  uint64_t b = 0;
  std::memcpy(&b, &x, sizeof(T));
  return b;
}

// ------------------------------ oracles
/// The exact value of x (long double holds every value of every element type but (u)int64 ends).
template <class T>
long double exact(T x) {
  if constexpr (std::is_same_v<T, half>) {
    _Float16 h;
    std::memcpy(&h, &x, 2);
    return static_cast<long double>(static_cast<float>(h));
  } else if constexpr (std::is_same_v<T, bfloat16>) {
    const uint32_t b = static_cast<uint32_t>(bits_of(x)) << 16;
    return static_cast<long double>(std::bit_cast<float>(b));
  } else if constexpr (std::is_same_v<T, tfloat32>) {
    return static_cast<long double>(std::bit_cast<float>(static_cast<uint32_t>(bits_of(x))));
  } else {
    return static_cast<long double>(x);
  }
}
/// float -> bfloat16 bits, nearest even, NaN quieted.
inline uint16_t bf16_rne(float f) {
  const uint32_t u = std::bit_cast<uint32_t>(f);
  if (std::isnan(f)) return static_cast<uint16_t>((u >> 16) | 0x40u);
  const uint32_t low = u & 0xffffu, hi = u >> 16;
  const bool up = low > 0x8000u || (low == 0x8000u && (hi & 1u));
  return static_cast<uint16_t>(hi + (up ? 1u : 0u));
}
/// float -> tfloat32 bits, nearest even (the GPU's vector conversion), NaN quieted.
inline uint32_t tf32_rne(float f) {
  const uint32_t u = std::bit_cast<uint32_t>(f);
  if (std::isnan(f)) return (u | 0x00400000u) & 0xffffe000u;
  const uint32_t low = u & 0x1fffu, hi = u & 0xffffe000u;
  const bool up = low > 0x1000u || (low == 0x1000u && (hi & 0x2000u));
  return hi + (up ? 0x2000u : 0u);
}
/// float -> tfloat32 bits by truncation (the scalar tfloat32(float)), NaN quieted.
inline uint32_t tf32_trunc(float f) {
  const uint32_t u = std::bit_cast<uint32_t>(f);
  if (std::isnan(f)) return (u | 0x00400000u) & 0xffffe000u;
  return u & 0xffffe000u;
}

}  // namespace xesim_oracle
