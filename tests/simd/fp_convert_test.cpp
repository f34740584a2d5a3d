// Bulk conversions of fp_convert.hpp: every compiled kernel (16-lane AVX-512, 8-lane F16C/AVX2,
// scalar) and the public functions give bit-identical results to the portable scalar code
// (*_soft / *_bits of the type headers, which element_types_test checks against an oracle):
// NaN payloads, infinities, subnormals, ties and overflow included, at every length and offset.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "xesim/simd/fp_convert.hpp"

namespace {

using xesim::bfloat16;
using xesim::half;
using xesim::tfloat32;
namespace d = xesim::detail;
namespace k = xesim::detail::fpcvt;

std::uint32_t bits(float f) { return std::bit_cast<std::uint32_t>(f); }
std::uint32_t bits(half h) { return d::half_bits(h); }
std::uint32_t bits(bfloat16 b) { return d::bfloat16_bits(b); }
std::uint32_t bits(tfloat32 t) { return t.raw(); }
float f32(std::uint32_t u) { return std::bit_cast<float>(u); }
std::uint32_t rand32() {
  return (static_cast<std::uint32_t>(std::rand()) << 16) ^ static_cast<std::uint32_t>(std::rand());
}

// The portable references.
std::uint32_t ref_f16_to_f32(half h) { return bits(d::f16_bits_to_f32_soft(d::half_bits(h))); }
std::uint32_t ref_f32_to_f16(float f) { return d::f32_to_f16_bits_soft(f); }
std::uint32_t ref_bf16_to_f32(bfloat16 b) { return static_cast<std::uint32_t>(bits(b)) << 16; }
std::uint32_t ref_f32_to_bf16(float f) { return d::f32_to_bf16_bits(f); }
std::uint32_t ref_f32_to_tf32(float f) { return d::f32_to_tf32_bits_rne(f); }

/// Floats that hit every rounding case of the three targets, in an order that mixes NaNs,
/// infinities, zeros, subnormals and normals inside each 16-lane vector; then randoms.
std::vector<float> probe_floats() {
  std::srand(42);
  std::vector<float> v;
  for (std::uint32_t b = 0; b < 0x10000u; ++b) {
    const float x = d::f16_bits_to_f32_soft(static_cast<std::uint16_t>(b));
    v.push_back(x);
    if ((b & 0x7c00u) != 0x7c00u) {  // half tie points (exact, and one float ulp either side)
      const float mid = (b & 0x7c00u) ? f32(bits(x) + 0x1000u) : x + std::copysign(0x1p-25f, x);
      v.push_back(mid);
      v.push_back(f32(bits(mid) + 1));
      v.push_back(f32(bits(mid) - 1));
    }
    for (std::uint32_t lo : {0x7fffu, 0x8000u, 0x8001u}) v.push_back(f32((b << 16) | lo));
    for (std::uint32_t lo : {0x0fffu, 0x1000u, 0x3000u}) v.push_back(f32((b << 16) | lo));
  }
  for (std::uint32_t u :
       {0x7f800001u, 0xff800001u, 0x7f801fffu, 0x7f80ffffu, 0x7fbfffffu, 0x7fc00000u, 0xffc00001u,
        0x7f800000u, 0xff800000u, 0x00000000u, 0x80000000u, 0x00000001u, 0x80008000u, 0x00018000u,
        0x007fffffu, 0x7f7fffffu, 0xff7fffffu, 0x477ff000u, 0x477fefffu, 0xc77ff000u}) {
    for (int rep = 0; rep < 17; ++rep) v[rand32() % v.size()] = f32(u);
  }
  for (int i = 0; i < 1 << 20; ++i) v.push_back(f32(rand32()));
  return v;
}

/// Runs `fn` (a kernel returning how many elements it converted) over all of src and checks
/// the count (whole vectors of `width`) and every converted element against `ref`.
template <class Dst, class Src, class Fn, class Ref>
void check_kernel(const std::string& name, const std::vector<Src>& src, Fn fn, Ref ref, int width) {
  SCOPED_TRACE(name);
  std::vector<Dst> dst(src.size());
  const int n = static_cast<int>(src.size());
  const int done = fn(src.data(), dst.data(), n);
  ASSERT_EQ(done, n / width * width);
  for (int i = 0; i < done; ++i) {
    ASSERT_EQ(bits(dst[i]), ref(src[i]))
        << "element " << i << " input 0x" << std::hex << bits(src[i]);
  }
}

std::vector<half> all_halves() {
  std::vector<half> v;
  for (std::uint32_t b = 0; b < 0x10000u; ++b) v.push_back(d::half_from_bits(std::uint16_t(b)));
  v.push_back(d::half_from_bits(0x7c01));  // odd length: leaves a scalar tail
  return v;
}
std::vector<bfloat16> all_bf16() {
  std::vector<bfloat16> v;
  for (std::uint32_t b = 0; b < 0x10000u; ++b) v.push_back(d::bfloat16_from_bits(std::uint16_t(b)));
  for (int i = 0; i < 13; ++i) v.push_back(d::bfloat16_from_bits(std::uint16_t(0x7f81 + i)));
  return v;
}

// ---- each kernel against the portable reference -----------------------------------------------
TEST(FpConvert, HalfToFloat) {
  const auto src = all_halves();
  const auto ref = ref_f16_to_f32;
#if defined(__AVX512F__)
  check_kernel<float>(
      "x16", src, [](auto s, auto o, int n) { return k::f16_to_f32_x16(s, o, n); }, ref, 16);
#endif
#if defined(__F16C__)
  check_kernel<float>(
      "x8", src, [](auto s, auto o, int n) { return k::f16_to_f32_x8(s, o, n); }, ref, 8);
#endif
  check_kernel<float>(
      "x1", src,
      [](auto s, auto o, int n) {
        k::f16_to_f32_x1(s, o, n);
        return n;
      },
      ref, 1);
  check_kernel<float>(
      "public", src,
      [](auto s, auto o, int n) {
        d::f16_to_f32(s, o, n);
        return n;
      },
      ref, 1);
}

TEST(FpConvert, FloatToHalf) {
  const auto src = probe_floats();
  const auto ref = ref_f32_to_f16;
#if defined(__AVX512F__)
  check_kernel<half>(
      "x16", src, [](auto s, auto o, int n) { return k::f32_to_f16_x16(s, o, n); }, ref, 16);
#endif
#if defined(__F16C__)
  check_kernel<half>(
      "x8", src, [](auto s, auto o, int n) { return k::f32_to_f16_x8(s, o, n); }, ref, 8);
#endif
  check_kernel<half>(
      "x1", src,
      [](auto s, auto o, int n) {
        k::f32_to_f16_x1(s, o, n);
        return n;
      },
      ref, 1);
  check_kernel<half>(
      "public", src,
      [](auto s, auto o, int n) {
        d::f32_to_f16(s, o, n);
        return n;
      },
      ref, 1);
}

TEST(FpConvert, Bfloat16ToFloat) {
  const auto src = all_bf16();
  const auto ref = ref_bf16_to_f32;
#if defined(__AVX512F__)
  check_kernel<float>(
      "x16", src, [](auto s, auto o, int n) { return k::bf16_to_f32_x16(s, o, n); }, ref, 16);
#endif
#if defined(__AVX2__)
  check_kernel<float>(
      "x8", src, [](auto s, auto o, int n) { return k::bf16_to_f32_x8(s, o, n); }, ref, 8);
#endif
  check_kernel<float>(
      "x1", src,
      [](auto s, auto o, int n) {
        k::bf16_to_f32_x1(s, o, n);
        return n;
      },
      ref, 1);
  check_kernel<float>(
      "public", src,
      [](auto s, auto o, int n) {
        d::bf16_to_f32(s, o, n);
        return n;
      },
      ref, 1);
}

TEST(FpConvert, FloatToBfloat16) {
  const auto src = probe_floats();
  const auto ref = ref_f32_to_bf16;
#if defined(__AVX512F__)
  check_kernel<bfloat16>(
      "x16", src, [](auto s, auto o, int n) { return k::f32_to_bf16_x16(s, o, n); }, ref, 16);
#endif
#if defined(__AVX2__)
  check_kernel<bfloat16>(
      "x8", src, [](auto s, auto o, int n) { return k::f32_to_bf16_x8(s, o, n); }, ref, 8);
#endif
  check_kernel<bfloat16>(
      "x1", src,
      [](auto s, auto o, int n) {
        k::f32_to_bf16_x1(s, o, n);
        return n;
      },
      ref, 1);
  check_kernel<bfloat16>(
      "public", src,
      [](auto s, auto o, int n) {
        d::f32_to_bf16(s, o, n);
        return n;
      },
      ref, 1);
}

TEST(FpConvert, FloatToBfloat16OneSubnormalLaneAmongNormals) {
  // vcvtneps2bf16 flushes subnormal inputs; a single such lane must send the whole vector down
  // the exact path, wherever it sits.
  for (int lane = 0; lane < 16; ++lane) {
    std::vector<float> src(16);
    for (int i = 0; i < 16; ++i) src[i] = f32(0x3f808000u + (static_cast<std::uint32_t>(i) << 17));
    src[lane] = f32(0x00018000u);  // subnormal tie: rounds to 0x0002, not flushed to 0
    std::vector<bfloat16> dst(16);
    d::f32_to_bf16(src.data(), dst.data(), 16);
    for (int i = 0; i < 16; ++i)
      ASSERT_EQ(bits(dst[i]), ref_f32_to_bf16(src[i])) << lane << ' ' << i;
    ASSERT_EQ(bits(dst[lane]), 0x0002u);
  }
}

#if defined(__AVX512BF16__)
TEST(FpConvert, Vcvtneps2bf16FlushesSubnormalsWhichIsWhyTheFixupExists) {
  const __m256bh r = _mm512_cvtneps_pbh(_mm512_set1_ps(f32(0x00018000u)));
  std::uint16_t out[16];
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), reinterpret_cast<__m256i>(r));
  EXPECT_EQ(out[0], 0x0000u);                             // the instruction's answer
  EXPECT_EQ(ref_f32_to_bf16(f32(0x00018000u)), 0x0002u);  // round to nearest even
}
#endif

TEST(FpConvert, FloatToTfloat32RoundsToNearestEven) {
  const auto src = probe_floats();
  const auto ref = ref_f32_to_tf32;
#if defined(__AVX512F__)
  check_kernel<tfloat32>(
      "x16", src, [](auto s, auto o, int n) { return k::f32_to_tf32_x16(s, o, n); }, ref, 16);
#endif
#if defined(__AVX2__)
  check_kernel<tfloat32>(
      "x8", src, [](auto s, auto o, int n) { return k::f32_to_tf32_x8(s, o, n); }, ref, 8);
#endif
  check_kernel<tfloat32>(
      "x1", src,
      [](auto s, auto o, int n) {
        k::f32_to_tf32_x1(s, o, n);
        return n;
      },
      ref, 1);
  check_kernel<tfloat32>(
      "public", src,
      [](auto s, auto o, int n) {
        d::f32_to_tf32(s, o, n);
        return n;
      },
      ref, 1);
  // and back: exact
  std::vector<tfloat32> t(src.size());
  std::vector<float> back(src.size());
  d::f32_to_tf32(src.data(), t.data(), static_cast<int>(src.size()));
  d::tf32_to_f32(t.data(), back.data(), static_cast<int>(src.size()));
  for (std::size_t i = 0; i < src.size(); ++i) ASSERT_EQ(bits(back[i]), bits(t[i]));
}

// ---- lengths, offsets, no writes outside [0, n) ------------------------------------------------
template <class Src, class Dst, class Fn, class Ref>
void check_every_length(const char* name, const std::vector<Src>& pool, Fn fn, Ref ref,
                        Dst sentinel) {
  SCOPED_TRACE(name);
  for (int off = 0; off < 4; ++off) {
    for (int n = 0; n <= 80; ++n) {
      std::vector<Dst> dst(static_cast<std::size_t>(n + off + 2), sentinel);
      fn(pool.data() + 1000 + n + off, dst.data() + off + 1, n);
      for (int i = 0; i < n + off + 2; ++i) {
        const bool inside = i >= off + 1 && i < off + 1 + n;
        const std::uint32_t want =
            inside ? ref(pool[static_cast<std::size_t>(1000 + n + off + i - off - 1)])
                   : bits(sentinel);
        ASSERT_EQ(bits(dst[static_cast<std::size_t>(i)]), want)
            << "n " << n << " off " << off << " i " << i;
      }
    }
  }
}

TEST(FpConvert, EveryLengthAndOffset) {
  std::srand(42);
  const auto floats = probe_floats();
  std::vector<float> pool(floats.end() - 4000, floats.end());  // random bit patterns
  for (int i = 0; i < 4000; i += 5)
    pool[static_cast<std::size_t>(i)] = floats[static_cast<std::size_t>(i) * 97];
  std::vector<half> hp;
  std::vector<bfloat16> bp;
  for (float f : pool) {
    hp.push_back(d::half_from_bits(std::uint16_t(bits(f))));
    bp.push_back(d::bfloat16_from_bits(std::uint16_t(bits(f) >> 7)));
  }
  const half hs = d::half_from_bits(0x5555);
  const bfloat16 bs = d::bfloat16_from_bits(0x5555);
  const float fs = f32(0x55555555u);
  check_every_length(
      "f16_to_f32", hp, [](auto s, auto o, int n) { d::f16_to_f32(s, o, n); }, ref_f16_to_f32, fs);
  check_every_length(
      "f32_to_f16", pool, [](auto s, auto o, int n) { d::f32_to_f16(s, o, n); }, ref_f32_to_f16,
      hs);
  check_every_length(
      "bf16_to_f32", bp, [](auto s, auto o, int n) { d::bf16_to_f32(s, o, n); }, ref_bf16_to_f32,
      fs);
  check_every_length(
      "f32_to_bf16", pool, [](auto s, auto o, int n) { d::f32_to_bf16(s, o, n); }, ref_f32_to_bf16,
      bs);
  check_every_length(
      "f32_to_tf32", pool, [](auto s, auto o, int n) { d::f32_to_tf32(s, o, n); }, ref_f32_to_tf32,
      d::tfloat32_from_bits(0x55554000u));
}

}  // namespace
