// The one computation behind every dpas spelling: operand layouts, the reference arithmetic
// (the portable path, which defines the bits) and the dispatch to the CPU's fast paths
// (dpas_x86.hpp), which give the same bits.
//
// Definition (what Intel's dpas e2e tests compute as the reference, sycl/test-e2e/ESIMD/dpas):
//   float kinds: acc = C (or +0); for k = 0..K-1 in order: acc = fl(acc + fl(a[m][k] * b[k][n]))
//                in IEEE fp32, round to nearest even, subnormals kept; a NaN result is the quiet
//                NaN 0x7fc00000; a half / bfloat16 result is acc rounded once (nearest even).
//   integers:    acc = C (or 0) + sum over k of a[m][k] * b[k][n], modulo 2^32.
// Layouts: A is M x K row-major, sub-byte elements packed from the low bits of each byte;
// B is K x N in VNNI form: 32-bit word (k / (32 / bits)) * N + n holds b[k][n] at bit
// (k % (32 / bits)) * bits; C and the result are M x N row-major.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "xesim/simd/traits.hpp"
#include "xesim/xmx/dpas_types.hpp"
#include "xesim/xmx/runtime.hpp"

namespace xesim::esimd::xmx::detail {

// ------------------------------ operand elements
/// Raw bits of element `idx` of a densely packed stream of `Bits`-bit elements (A's layout).
template <int Bits>
XESIM_INLINE std::uint32_t packed_raw(const unsigned char* p, int idx) {
  if constexpr (Bits == 32) {
    std::uint32_t v;
    std::memcpy(&v, p + 4 * idx, 4);
    return v;
  } else if constexpr (Bits == 16) {
    std::uint16_t v;
    std::memcpy(&v, p + 2 * idx, 2);
    return v;
  } else if constexpr (Bits == 8) {
    return p[idx];
  } else {
    const int bit = idx * Bits;
    return (unsigned(p[bit >> 3]) >> (bit & 7)) & ((1u << Bits) - 1u);
  }
}

/// Raw bits of b[k][n] in the VNNI layout of a K x N matrix of `Bits`-bit elements.
template <int Bits, int N>
XESIM_INLINE std::uint32_t vnni_raw(const unsigned char* b, int k, int n) {
  constexpr int kPer = 32 / Bits;
  std::uint32_t w;
  std::memcpy(&w, b + 4 * ((k / kPer) * N + n), 4);
  if constexpr (Bits == 32)
    return w;
  else
    return (w >> ((k % kPer) * Bits)) & ((1u << Bits) - 1u);
}

/// The value of an integer element of precision p from its raw bits (sign-extended for s*).
template <P Prec>
XESIM_INLINE std::int32_t int_value(std::uint32_t raw) {
  constexpr int bits = precision_bits(Prec);
  if constexpr (is_signed_precision(Prec))
    return static_cast<std::int32_t>(raw << (32 - bits)) >> (32 - bits);
  else
    return static_cast<std::int32_t>(raw);
}

/// The fp32 value of a bf16 / fp16 / tf32 element from its raw bits (exact; tf32 keeps the top
/// 19 bits of its word, the rest is ignored as by the hardware).
template <P Prec>
XESIM_INLINE float float_value(std::uint32_t raw) {
  if constexpr (Prec == P::bf16) {
    return __builtin_bit_cast(float, raw << 16);
  } else if constexpr (Prec == P::tf32) {
    return __builtin_bit_cast(float, raw & 0xffffe000u);
  } else {
    return static_cast<float>(::xesim::detail::half_from_bits(static_cast<std::uint16_t>(raw)));
  }
}

inline constexpr std::uint32_t kCanonicalNan = 0x7fc00000u;

/// A GCC vector of N lanes of T (a typedef: g++ drops vector_size on a dependent alias).
template <class T, int N>
struct gvec {
  typedef T type __attribute__((vector_size(N * sizeof(T))));
};

// ------------------------------ opaque
/// Hides v's value from the optimiser so that a product is never fused into the next add (the
/// reference rounds the product and the sum separately; g++ contracts a*b+c even in ISO mode).
template <class V>
XESIM_INLINE void opaque(V& v) {
#if defined(__AVX512F__)
  asm("" : "+v"(v));
#elif defined(__AVX__)
  if constexpr (sizeof(V) <= 32)
    asm("" : "+x"(v));
  else
    asm("" : "+m"(v));
#else
  asm("" : "+m"(v));
#endif
}

// ------------------------------ portable paths
/// The reference: acc (M x N fp32, in/out) += A x B, one product and one sum rounded at a time.
template <P Prec, int M, int N, int K>
[[gnu::noinline]] void float_portable(const float* cin, float* out, const unsigned char* a,
                                      const unsigned char* b) {
  using V = typename gvec<float, N>::type;
  constexpr int kBits = precision_bits(Prec);
  alignas(64) float bf[K][N];
  for (int k = 0; k < K; ++k)
    for (int n = 0; n < N; ++n) bf[k][n] = float_value<Prec>(vnni_raw<kBits, N>(b, k, n));
  const V qnan = V{} + __builtin_bit_cast(float, kCanonicalNan);
  for (int m = 0; m < M; ++m) {
    V c;
    std::memcpy(&c, cin + m * N, sizeof c);
    for (int k = 0; k < K; ++k) {
      V bv;
      std::memcpy(&bv, bf[k], sizeof bv);
      V p = float_value<Prec>(packed_raw<kBits>(a, m * K + k)) * bv;
      opaque(p);
      c = c + p;
    }
    c = c == c ? c : qnan;
    std::memcpy(out + m * N, &c, sizeof c);
  }
}

/// Integer reference: acc (M x N, in/out) += A x B modulo 2^32.
template <P BP, P AP, int M, int N, int K>
[[gnu::noinline]] void int_portable(std::uint32_t* acc, const unsigned char* a,
                                    const unsigned char* b) {
  using V = typename gvec<std::uint32_t, N>::type;
  constexpr int kABits = precision_bits(AP);
  constexpr int kBBits = precision_bits(BP);
  alignas(64) std::uint32_t bi[K][N];
  for (int k = 0; k < K; ++k)
    for (int n = 0; n < N; ++n)
      bi[k][n] = static_cast<std::uint32_t>(int_value<BP>(vnni_raw<kBBits, N>(b, k, n)));
  for (int m = 0; m < M; ++m) {
    V c;
    std::memcpy(&c, acc + m * N, sizeof c);
    for (int k = 0; k < K; ++k) {
      V bv;
      std::memcpy(&bv, bi[k], sizeof bv);
      c += static_cast<std::uint32_t>(int_value<AP>(packed_raw<kABits>(a, m * K + k))) * bv;
    }
    std::memcpy(acc + m * N, &c, sizeof c);
  }
}

}  // namespace xesim::esimd::xmx::detail

#include "xesim/xmx/dpas_x86.hpp"

namespace xesim::esimd::xmx::detail {

// ------------------------------ dpas_compute
/// acc (M x N) += A x B for precisions (BP, AP): the CPU's fast path when it has one for these
/// operands (same bits), else the reference loops.
template <P BP, P AP, int M, int N, int K>
XESIM_INLINE void float_compute(const float* cin, float* out, const unsigned char* a,
                                const unsigned char* b) {
  if (::xesim::xmx::fast_enabled() && x86::float_fast<AP, M, N, K>(cin, out, a, b)) return;
  float_portable<AP, M, N, K>(cin, out, a, b);
}
template <P BP, P AP, int M, int N, int K>
XESIM_INLINE void int_compute(std::uint32_t* acc, const unsigned char* a, const unsigned char* b) {
  if (::xesim::xmx::fast_enabled() && x86::int_fast<BP, AP, M, N, K>(acc, a, b)) return;
  int_portable<BP, AP, M, N, K>(acc, a, b);
}

// ------------------------------ dpas_core
/// out (M x N of T) = C (M x N of CT, when HasC) + A x B, after the device check.
template <P BP, P AP, int M, int N, bool HasC, class T, class CT>
XESIM_INLINE void dpas_core(T* out, const CT* c, const unsigned char* b, const unsigned char* a,
                            const char* op) {
  ::xesim::xmx::check_device(N, op);
  constexpr int K = dpas_shape<BP, AP, M, 0, 0>::K;
  if constexpr (is_float_precision(AP)) {
    // fp32 C and result are read and written in place; other types go through fp32 copies.
    alignas(64) float cbuf[std::is_same_v<CT, float> && HasC ? 1 : M * N];
    alignas(64) float obuf[std::is_same_v<T, float> ? 1 : M * N];
    const float* cin = cbuf;
    if constexpr (std::is_same_v<CT, float> && HasC) {
      cin = c;
    } else {
      for (int i = 0; i < M * N; ++i) cbuf[i] = HasC ? static_cast<float>(c[i]) : 0.0f;
    }
    float* o = obuf;
    if constexpr (std::is_same_v<T, float>) o = out;
    float_compute<BP, AP, M, N, K>(cin, o, a, b);
    if constexpr (!std::is_same_v<T, float>)
      for (int i = 0; i < M * N; ++i) out[i] = static_cast<T>(obuf[i]);
  } else {
    alignas(64) std::uint32_t acc[M * N];
    for (int i = 0; i < M * N; ++i) acc[i] = HasC ? static_cast<std::uint32_t>(c[i]) : 0u;
    int_compute<BP, AP, M, N, K>(acc, a, b);
    for (int i = 0; i < M * N; ++i) out[i] = static_cast<T>(acc[i]);
  }
}

}  // namespace xesim::esimd::xmx::detail
