// bfn: any boolean function of three operands, bit by bit, named by its truth table.
#pragma once

#include <cstdint>
#include <utility>

#include "xesim/simd/operators.hpp"

namespace xesim::esimd {

// ------------------------------ bfn_t
/// The truth tables of the three operands: x = 0xAA, y = 0xCC, z = 0xF0. Combine them with ~, |,
/// & and ^ to name a function: bfn<~bfn_t::x & bfn_t::y | bfn_t::z>(s0, s1, s2).
/// Bit k of the table is the result for s0 bit = k & 1, s1 bit = (k >> 1) & 1, s2 bit = k >> 2.
enum class bfn_t : uint8_t { x = 0xAA, y = 0xCC, z = 0xF0 };

constexpr bfn_t operator~(bfn_t a) {
  return static_cast<bfn_t>(static_cast<uint8_t>(~static_cast<uint8_t>(a)));
}
constexpr bfn_t operator|(bfn_t a, bfn_t b) {
  return static_cast<bfn_t>(
      static_cast<uint8_t>(static_cast<uint8_t>(a) | static_cast<uint8_t>(b)));
}
constexpr bfn_t operator&(bfn_t a, bfn_t b) {
  return static_cast<bfn_t>(
      static_cast<uint8_t>(static_cast<uint8_t>(a) & static_cast<uint8_t>(b)));
}
constexpr bfn_t operator^(bfn_t a, bfn_t b) {
  return static_cast<bfn_t>(
      static_cast<uint8_t>(static_cast<uint8_t>(a) ^ static_cast<uint8_t>(b)));
}

namespace detail::ops {
/// One element of bfn<F>: the OR of the table's minterms (constants fold at compile time).
template <bfn_t F, class T>
XESIM_INLINE T bfn_lane(T s0, T s1, T s2) {
  using U = std::make_unsigned_t<T>;
  const U a = static_cast<U>(s0), b = static_cast<U>(s1), c = static_cast<U>(s2);
  U r = 0;
  constexpr uint8_t kTable = static_cast<uint8_t>(F);
  [&]<int... K>(std::integer_sequence<int, K...>) {
    ((r = static_cast<U>(
          r | (((kTable >> K) & 1)
                   ? static_cast<U>((K & 1 ? a : U(~a)) & (K & 2 ? b : U(~b)) & (K & 4 ? c : U(~c)))
                   : U(0)))),
     ...);
  }
  (std::make_integer_sequence<int, 8>{});
  return static_cast<T>(r);
}
}  // namespace detail::ops

// ------------------------------ bfn
/// Bitwise boolean function FuncControl of three vectors: result bit = table bit at index
/// (s0 bit) + 2 (s1 bit) + 4 (s2 bit). Pre: T integral. HW: bfn (Xe-HPG, Xe-HPC, Xe2; emulated
/// with and/or/not before).
template <bfn_t FuncControl, class T, int N>
XESIM_INLINE simd<T, N> bfn(simd<T, N> src0, simd<T, N> src1, simd<T, N> src2) {
  static_assert(std::is_integral_v<T>, "bfn: element type must be an integer type");
  simd<T, N> r;
  for (int i = 0; i < N; ++i)
    r.elems()[i] =
        detail::ops::bfn_lane<FuncControl>(src0.elems()[i], src1.elems()[i], src2.elems()[i]);
  return r;
}
/// Scalar form.
template <bfn_t FuncControl, class T>
XESIM_INLINE std::enable_if_t<std::is_integral_v<T>, T> bfn(T src0, T src1, T src2) {
  return detail::ops::bfn_lane<FuncControl>(src0, src1, src2);
}

}  // namespace xesim::esimd
