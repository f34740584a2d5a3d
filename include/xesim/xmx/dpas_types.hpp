// The operand precisions of xmx::dpas, what each type deduces to, and the shape rules DPC++
// checks at compile time: K from the precisions, N (execution size) from B's width, the legal
// (result, accumulator, B, A) type table.
#pragma once

#include <cstdint>
#include <type_traits>

#include "xesim/simd/bfloat16.hpp"
#include "xesim/simd/half.hpp"
#include "xesim/simd/tfloat32.hpp"

namespace xesim::esimd::xmx {

// ------------------------------ dpas_argument_type
/// Precision of a dpas multiplier: how its bits are read. Values are DPC++'s; the upper-case
/// names are DPC++'s deprecated spellings, still accepted.
enum class dpas_argument_type {
  Invalid = 0,
  u1 = 1,
  s1 = 2,
  u2 = 3,
  s2 = 4,
  u4 = 5,
  s4 = 6,
  u8 = 7,
  s8 = 8,
  bf16 = 9,
  fp16 = 10,
  tf32 = 12,
  U1 [[deprecated("use u1")]] = u1,
  S1 [[deprecated("use s1")]] = s1,
  U2 [[deprecated("use u2")]] = u2,
  S2 [[deprecated("use s2")]] = s2,
  U4 [[deprecated("use u4")]] = u4,
  S4 [[deprecated("use s4")]] = s4,
  U8 [[deprecated("use u8")]] = u8,
  S8 [[deprecated("use s8")]] = s8,
  BF16 [[deprecated("use bf16")]] = bf16,
  FP16 [[deprecated("use fp16")]] = fp16,
  TF32 [[deprecated("use tf32")]] = tf32,
};

namespace detail {

using P = dpas_argument_type;

/// The precision DPC++ deduces from an element type: half fp16, bfloat16 bf16, tfloat32 tf32,
/// unsigned char u8, char / signed char s8; anything else must be given explicitly.
template <class T>
constexpr P precision_from_type() {
  if constexpr (std::is_same_v<T, ::xesim::tfloat32>)
    return P::tf32;
  else if constexpr (std::is_same_v<T, ::xesim::half>)
    return P::fp16;
  else if constexpr (std::is_same_v<T, ::xesim::bfloat16>)
    return P::bf16;
  else if constexpr (std::is_same_v<T, unsigned char>)
    return P::u8;
  else if constexpr (std::is_same_v<T, char> || std::is_same_v<T, signed char>)
    return P::s8;
  else
    return P::Invalid;
}

/// Bits of one element of precision p; -1 for Invalid and the 1-bit kinds (no DPC++ dpas).
constexpr int precision_bits(P p) {
  switch (p) {
    case P::u2:
    case P::s2:
      return 2;
    case P::u4:
    case P::s4:
      return 4;
    case P::u8:
    case P::s8:
      return 8;
    case P::bf16:
    case P::fp16:
      return 16;
    case P::tf32:
      return 32;
    default:
      return -1;
  }
}
constexpr bool is_float_precision(P p) { return p == P::bf16 || p == P::fp16 || p == P::tf32; }
constexpr bool is_int_precision(P p) { return precision_bits(p) > 0 && precision_bits(p) <= 8; }
constexpr bool is_signed_precision(P p) { return p == P::s2 || p == P::s4 || p == P::s8; }

template <class>
inline constexpr bool kNotEmulated = false;

template <class T, class... U>
inline constexpr bool is_one_of_v = (std::is_same_v<T, U> || ...);

// ------------------------------ dpas_shape
/// A(M x K) * B(K x N) + C(M x N) for one dpas: M = RepeatCount, K = 8 * ops per channel
/// (32 / the wider precision's bits, at most 8), N = the execution size B's width gives.
template <P BP, P AP, int RepeatCount, int BBits, int ABits>
struct dpas_shape {
  static constexpr int kABits = precision_bits(AP);
  static constexpr int kBBits = precision_bits(BP);
  static constexpr int kMaxBits = kABits > kBBits ? kABits : kBBits;
  static constexpr int kOps = kMaxBits <= 0 ? 1 : (32 / kMaxBits > 8 ? 8 : 32 / kMaxBits);
  static constexpr int M = RepeatCount;
  static constexpr int K = 8 * kOps;
  static constexpr int N = kBBits <= 0 ? 0 : BBits / kBBits / K;
  static constexpr bool b_fits = kBBits > 0 && K* N* kBBits == BBits;
  static constexpr bool a_fits = kABits > 0 && M* K* kABits == ABits;
};

// ------------------------------ verify
/// DPC++'s compile-time rules for dpas<SystolicDepth, RepeatCount, T, CT>(C, B, A) with B of
/// BN elements of BT and A of AN elements of AT; returns the execution size N.
template <int SystolicDepth, int RepeatCount, class T, class CT, class BT, class AT, P BP, P AP,
          int BN, int AN>
constexpr int verify_dpas() {
  static_assert(SystolicDepth == 8, "dpas: systolic depth must be 8");
  static_assert(RepeatCount >= 1 && RepeatCount <= 8, "dpas: repeat count must be 1..8");
  static_assert(AP != P::Invalid && BP != P::Invalid,
                "dpas: the precision of A or B cannot be deduced from its element type (only "
                "half, bfloat16, tfloat32, char, signed char and unsigned char deduce): give "
                "BPrecision and APrecision explicitly (xmx::dpas_argument_type)");
  static_assert(precision_bits(AP) > 0 && precision_bits(BP) > 0,
                "dpas: precisions must be u2, s2, u4, s4, u8, s8, bf16, fp16 or tf32");
  using S = dpas_shape<BP, AP, RepeatCount, int(sizeof(BT)) * BN * 8, int(sizeof(AT)) * AN * 8>;
  static_assert(S::b_fits, "dpas: B must hold K x N elements of its precision (N = 8 or 16)");
  static_assert(S::N == 8 || S::N == 16, "dpas: execution size (B's width) must be 8 or 16");
  static_assert(S::a_fits, "dpas: A must hold RepeatCount x K elements of its precision");
  constexpr bool kF = is_float_precision(AP) || is_float_precision(BP);
  using bf = ::xesim::bfloat16;
  using hf = ::xesim::half;
  if constexpr (AP == P::fp16 || BP == P::fp16) {
    static_assert(AP == BP && (S::N == 16 ? is_one_of_v<T, float, hf> && is_one_of_v<CT, float, hf>
                                          : is_one_of_v<T, float> && is_one_of_v<CT, float>),
                  "dpas: unsupported types. Legal (result | C | B | A): f, hf | f, hf | hf | hf "
                  "(hf result or C only with execution size 16; 8: f | f | hf | hf)");
  } else if constexpr (AP == P::bf16 || BP == P::bf16) {
    static_assert(AP == BP && (S::N == 16 ? is_one_of_v<T, float, bf> && is_one_of_v<CT, float, bf>
                                          : is_one_of_v<T, float> && is_one_of_v<CT, float>),
                  "dpas: unsupported types. Legal (result | C | B | A): f, bf | f, bf | bf | bf "
                  "(bf result or C only with execution size 16; 8: f | f | bf | bf)");
  } else if constexpr (AP == P::tf32 || BP == P::tf32) {
    static_assert(S::N == 16, "dpas: tf32 needs execution size 16");
    static_assert(AP == BP && std::is_same_v<T, float> && std::is_same_v<CT, float>,
                  "dpas: unsupported types. Legal (result | C | B | A): f | f | tf32 | tf32");
  }
  if constexpr (!kF) {
    static_assert(is_one_of_v<T, int, unsigned int> && is_one_of_v<CT, int, unsigned int>,
                  "dpas: unsupported types. Legal (result | C | B | A): ud, d | ud, d | "
                  "ub, b, u4, s4, u2, s2 | ub, b, u4, s4, u2, s2");
  }
  return S::N;
}

}  // namespace detail
}  // namespace xesim::esimd::xmx
