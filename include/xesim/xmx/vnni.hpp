// Host-side helpers (xesim extension, namespace xesim::xmx) that put matrices into the layouts
// xmx::dpas reads: B in VNNI form, sub-byte A packed from the low bits. Programs written for
// Intel's compiler do the same with their own loops; these are for tests and the cookbook.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace xesim::xmx {

// ------------------------------ vnni_pack
/// dst = src (rows x cols, row stride ld elements) in VNNI form for elements of T (2 or 1 bytes):
/// G = 4 / sizeof(T) consecutive rows are interleaved, so dst[((r / G) * cols + c) * G + r % G]
/// = src[r * ld + c]; rows past `rows` up to a multiple of G are zero. dst holds
/// ceil(rows / G) * G * cols elements.
template <class T>
void vnni_pack(const T* src, int rows, int cols, int ld, T* dst) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2, "vnni_pack: elements of 1 or 2 bytes");
  constexpr int G = 4 / int(sizeof(T));
  const int groups = (rows + G - 1) / G;
  for (int g = 0; g < groups; ++g)
    for (int c = 0; c < cols; ++c)
      for (int j = 0; j < G; ++j) {
        const int r = g * G + j;
        T v;
        if (r < rows)
          v = src[r * ld + c];
        else
          std::memset(static_cast<void*>(&v), 0, sizeof v);
        dst[(g * cols + c) * G + j] = v;
      }
}

/// The inverse of vnni_pack for the first `rows` rows: dst[r * ld + c].
template <class T>
void vnni_unpack(const T* src, int rows, int cols, T* dst, int ld) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2, "vnni_unpack: elements of 1 or 2 bytes");
  constexpr int G = 4 / int(sizeof(T));
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) dst[r * ld + c] = src[((r / G) * cols + c) * G + r % G];
}

// ------------------------------ sub-byte packing
/// Packs n integers into Bits-bit fields (Bits = 2, 4 or 8), element i at bit i * Bits of the
/// byte stream (low bits first): A's layout. Values are truncated to their low Bits bits.
template <int Bits>
void pack_bits(const int* vals, int n, unsigned char* dst) {
  static_assert(Bits == 2 || Bits == 4 || Bits == 8, "pack_bits: Bits must be 2, 4 or 8");
  std::memset(dst, 0, static_cast<std::size_t>((n * Bits + 7) / 8));
  for (int i = 0; i < n; ++i)
    dst[i * Bits / 8] |=
        static_cast<unsigned char>((unsigned(vals[i]) & ((1u << Bits) - 1u)) << (i * Bits % 8));
}

/// B's layout for sub-byte elements: the K x N matrix vals (row-major) into 32-bit words,
/// word (k / (32 / Bits)) * N + n holding vals[k][n] at bit (k % (32 / Bits)) * Bits.
/// K must be a multiple of 32 / Bits.
template <int Bits>
void vnni_pack_bits(const int* vals, int K, int N, std::uint32_t* dst) {
  static_assert(Bits == 2 || Bits == 4 || Bits == 8 || Bits == 16,
                "vnni_pack_bits: Bits must be 2, 4, 8 or 16");
  constexpr int E = 32 / Bits;
  std::memset(dst, 0, sizeof(std::uint32_t) * static_cast<std::size_t>(K / E * N));
  for (int k = 0; k < K; ++k)
    for (int n = 0; n < N; ++n)
      dst[(k / E) * N + n] |= (unsigned(vals[k * N + n]) & ((1u << Bits) - 1u)) << (k % E * Bits);
}

}  // namespace xesim::xmx
