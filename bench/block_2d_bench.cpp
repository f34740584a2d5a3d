// 2D block loads on the CPU against the same copies written natively: plain tiles (whole rows),
// VNNI-transformed tiles (the dpas B operand) and transposed tiles, over a 256 x 256 surface that
// stays in L2. Checks off: what is measured is the copy itself (the checks' cost is in
// check_levels_bench). Each case first checks both sides give the same bytes.
//
//   plain  load_2d<half, 16, 16>                 vs 16 row memcpy's into a tile
//   vnni   load_2d<half, 16, 16, 1, false, true> vs unpacklo/hi_epi16 + permute2x128 per row pair
//   trans  load_2d<float, 8, 16, 1, true>        vs a plain transpose loop
//
// Build and run: see bench/RESULTS.md, section "2D block loads".
#include <immintrin.h>

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

#include <xesim/check/check.hpp>

#include "harness.hpp"

namespace {
namespace esimd = sycl::ext::intel::esimd;
using sycl::half;
using xesim::bench::keep;

constexpr int kDim = 256;  // elements per row and rows
constexpr unsigned kBytes2 = kDim * 2 - 1, kBytes4 = kDim * 4 - 1, kRowsM1 = kDim - 1;

#define BENCH_NOINLINE __attribute__((noinline))

BENCH_NOINLINE void esimd_plain(const half* a, half* sink) {
  for (int y = 0; y < kDim; y += 16)
    for (int x = 0; x < kDim; x += 16) {
      esimd::simd<half, 256> t = esimd::load_2d<half, 16, 16>(a, kBytes2, kRowsM1, kBytes2, x, y);
      t.copy_to(sink + (y / 16 * (kDim / 16) + x / 16) % 8 * 256);
    }
}
BENCH_NOINLINE void native_plain(const half* a, half* sink) {
  for (int y = 0; y < kDim; y += 16)
    for (int x = 0; x < kDim; x += 16) {
      half* t = sink + (y / 16 * (kDim / 16) + x / 16) % 8 * 256;
      for (int r = 0; r < 16; ++r) std::memcpy(t + r * 16, a + (y + r) * kDim + x, 32);
    }
}

BENCH_NOINLINE void esimd_vnni(const half* a, half* sink) {
  for (int y = 0; y < kDim; y += 16)
    for (int x = 0; x < kDim; x += 16) {
      esimd::simd<half, 256> t =
          esimd::load_2d<half, 16, 16, 1, false, true>(a, kBytes2, kRowsM1, kBytes2, x, y);
      t.copy_to(sink + (y / 16 * (kDim / 16) + x / 16) % 8 * 256);
    }
}
BENCH_NOINLINE void native_vnni(const half* a, half* sink) {
  for (int y = 0; y < kDim; y += 16)
    for (int x = 0; x < kDim; x += 16) {
      half* t = sink + (y / 16 * (kDim / 16) + x / 16) % 8 * 256;
      for (int r = 0; r < 16; r += 2) {
        const __m256i u = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + (y + r) * kDim + x));
        const __m256i v =
            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + (y + r + 1) * kDim + x));
        const __m256i lo = _mm256_unpacklo_epi16(u, v), hi = _mm256_unpackhi_epi16(u, v);
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(t + r * 16), _mm256_permute2x128_si256(lo, hi, 0x20));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(t + r * 16 + 16),
                            _mm256_permute2x128_si256(lo, hi, 0x31));
      }
    }
}

BENCH_NOINLINE void esimd_trans(const float* a, float* sink) {
  for (int y = 0; y < kDim; y += 16)
    for (int x = 0; x < kDim; x += 8) {
      esimd::simd<float, 128> t =
          esimd::load_2d<float, 8, 16, 1, true>(a, kBytes4, kRowsM1, kBytes4, x, y);
      t.copy_to(sink + (y / 16 * (kDim / 8) + x / 8) % 8 * 128);
    }
}
BENCH_NOINLINE void native_trans(const float* a, float* sink) {
  for (int y = 0; y < kDim; y += 16)
    for (int x = 0; x < kDim; x += 8) {
      float* t = sink + (y / 16 * (kDim / 8) + x / 8) % 8 * 128;
      for (int c = 0; c < 8; ++c)
        for (int r = 0; r < 16; ++r) t[c * 16 + r] = a[(y + r) * kDim + x + c];
    }
}

}  // namespace

int main(int argc, char** argv) {
  xesim::bench::runner run(argc, argv);
  xesim::check::set_level(xesim::check::level::off);
  std::vector<half> a(kDim * kDim);
  std::vector<float> f(kDim * kDim);
  for (int i = 0; i < kDim * kDim; ++i) a[i] = half(float(i % 977)), f[i] = float(i % 1013);
  std::vector<half> s1(8 * 256), s2(8 * 256);
  std::vector<float> f1(8 * 128), f2(8 * 128);
  const xesim::bench::work w2{.bytes = 2.0 * kDim * kDim * 2};
  const xesim::bench::work w4{.bytes = 2.0 * kDim * kDim * 4};

  esimd_plain(a.data(), s1.data()), native_plain(a.data(), s2.data());
  if (s1 != s2) run.fail("plain: different bytes");
  run.compare("load_2d half 16x16 (rows)", [&] { esimd_plain(a.data(), s1.data()), keep(s1); },
              [&] { native_plain(a.data(), s2.data()), keep(s2); }, w2);
  esimd_vnni(a.data(), s1.data()), native_vnni(a.data(), s2.data());
  if (std::memcmp(s1.data(), s2.data(), s1.size() * 2) != 0) run.fail("vnni: different bytes");
  run.compare("load_2d half 16x16 vnni", [&] { esimd_vnni(a.data(), s1.data()), keep(s1); },
              [&] { native_vnni(a.data(), s2.data()), keep(s2); }, w2);
  esimd_trans(f.data(), f1.data()), native_trans(f.data(), f2.data());
  if (f1 != f2) run.fail("transposed: different bytes");
  run.compare("load_2d float 8x16 transposed", [&] { esimd_trans(f.data(), f1.data()), keep(f1); },
              [&] { native_trans(f.data(), f2.data()), keep(f2); }, w4);
  return run.finish();
}
