// The ESIMD guide's "Vectorization Techniques" and "Quick Reference -> Vector Ops", each written
// here as a small check of the result the guide describes, through the DPC++ entry headers and
// names a user's program uses.
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>

using namespace sycl::ext::intel::esimd;
using sycl::half;

namespace {

template <class T, int N> simd<T, N> random_simd(float lo, float hi) {
  simd<T, N> v;
  for (int i = 0; i < N; ++i) v[i] = T(lo + (hi - lo) * static_cast<float>(rand()) / RAND_MAX);
  return v;
}

TEST(GuideVectorOps, ArithmeticBroadcastsScalarsAndFusesMultiplyAdd) {
  srand(42);
  constexpr int N = 64;
  const simd<float, N> a = random_simd<float, N>(-2, 2), b = random_simd<float, N>(-2, 2);
  const float s = 0.75f;
  const simd<float, N> c = a + b, d = a * b + s;
  const simd_mask<N> m = a > b;
  const simd<float, N> r = merge(a, b, m);  // r[i] = m[i] ? a[i] : b[i]
  for (int i = 0; i < N; ++i) {
    EXPECT_EQ(c[i], a[i] + b[i]);
    EXPECT_FLOAT_EQ(d[i], a[i] * b[i] + s);
    EXPECT_EQ(r[i], std::max(a[i], b[i])) << "merge on a > b is the lane-wise max";
  }
}

TEST(GuideVectorOps, ScalarTimesVectorEqualsExplicitBroadcast) {
  srand(42);
  constexpr int SUB = 16, N = 32;
  simd<half, SUB * 2> k_tile = random_simd<half, SUB * 2>(-1, 1);
  const simd<half, N> v_row = random_simd<half, N>(-1, 1);
  simd<half, N> acc_scalar(0.f), acc_bcast(0.f);
  for (int ii = 0; ii < SUB; ++ii) {
    half k_val = k_tile[SUB + ii];  // simd_view -> half
    acc_scalar += k_val * v_row;    // scalar * simd<half>: no replicate needed
    simd<half, N> k_b = k_tile.template replicate_w<N, 1>(SUB + ii);  // the costly way
    acc_bcast += k_b * v_row;
  }
  for (int i = 0; i < N; ++i) EXPECT_EQ(float(half(acc_scalar[i])), float(half(acc_bcast[i]))) << i;
}

TEST(GuideVectorOps, ReductionsSumMaxMin) {
  srand(42);
  constexpr int N = 128;
  const simd<float, N> f = random_simd<float, N>(-1, 1);
  const simd<half, N> h = random_simd<half, N>(-1, 1);
  double fsum = 0, hsum = 0;
  float hmx = -INFINITY, hmn = INFINITY, fmx = -INFINITY;
  for (int i = 0; i < N; ++i) {
    fsum += f[i];
    hsum += float(h[i]);
    hmx = std::max(hmx, float(h[i]));
    hmn = std::min(hmn, float(h[i]));
    fmx = std::max(fmx, float(f[i]));
  }
  const float s = sycl::ext::intel::esimd::detail::sum<float, float, N>(f);
  EXPECT_NEAR(s, fsum, 1e-4);
  const half sh = sycl::ext::intel::esimd::detail::sum<half, half, N>(h);
  EXPECT_NEAR(float(sh), hsum, 0.05);  // FP16 accumulation: error grows with N
  EXPECT_EQ(float(hmax<half>(h)), hmx);
  EXPECT_EQ(float(hmin<half>(h)), hmn);
  EXPECT_EQ(hmax<float>(f), fmx);
  EXPECT_EQ(hmax<float>(convert<float>(h)), hmx);  // upcast first for an FP32 result
  // esimd::reduce with a std functor, fully qualified: the sum, not 0.
  EXPECT_NEAR((sycl::ext::intel::esimd::reduce<float>(f, std::plus<>())), fsum, 1e-4);
}

TEST(GuideVectorOps, SelectReadsAndWritesSubRanges) {
  simd<int, 32> v(0, 1);
  const simd<int, 8> sub = v.template select<8, 1>(4);  // 4..11
  const simd<int, 8> strided = v.template select<8, 4>(1);  // 1, 5, 9, ...
  for (int i = 0; i < 8; ++i) {
    EXPECT_EQ(sub[i], 4 + i);
    EXPECT_EQ(strided[i], 1 + 4 * i);
  }
  v.template select<8, 1>(24) = simd<int, 8>(-1);
  EXPECT_EQ(v[23], 23);
  EXPECT_EQ(v[24], -1);
  EXPECT_EQ(v[31], -1);
  // Registers instead of SLM: write 32-element chunks into a 512-element working vector.
  simd<half, 512> data(0.f);
  for (int c = 0; c < 16; ++c) data.template select<32, 1>(c * 32) = simd<half, 32>(half(float(c)));
  const simd<half, 32> chunk = data.template select<32, 1>(7 * 32);
  EXPECT_EQ(float(chunk[31]), 7.f);
}

TEST(GuideVectorOps, ConvertAndBitCast) {
  const simd<half, 8> h({0.5f, -1.f, 65504.f, 0.f, 1.f / 3, -2.5f, 1e-3f, 100.f});
  const simd<float, 8> f = convert<float>(h);
  EXPECT_EQ(f[2], 65504.f);
  const simd<half, 8> back = convert<half>(f);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(float(back[i]), float(h[i]));
  const simd<uint8_t, 8> u8(250);
  const simd<float, 8> fu = convert<float>(u8);
  EXPECT_EQ(fu[0], 250.f);
  auto u32_vec = simd<uint32_t, 4>(0xfffffffeu);  // a named lvalue first
  const simd<int32_t, 4> i32_vec = u32_vec.template bit_cast_view<int32_t>();
  EXPECT_EQ(i32_vec[0], -2);
  const auto r = u32_vec.template bit_cast_view<int32_t>().read();
  EXPECT_EQ(r[3], -2);
}

TEST(GuideVectorOps, ConstructorPatterns) {
  const simd<float, 16> zeros(0.f);
  const simd<half, 16> neg_inf(-65504.f);  // FP16 lowest, the guide's "-inf" for max heaps
  const simd<int, 32> iota(0, 1), strided(0, 4);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(zeros[i], 0.f);
    EXPECT_EQ(float(neg_inf[i]), -65504.f);
  }
  EXPECT_EQ(iota[31], 31);
  EXPECT_EQ(strided[31], 124);
}

TEST(GuideVectorOps, PackMaskAndFblFindTheFirstMatch) {
  simd<half, 32> heap(1.f);
  heap[9] = half(-3.f);
  heap[20] = half(-3.f);
  const half min_val = hmin<half>(heap);
  const uint32_t m = pack_mask(heap == min_val);
  EXPECT_EQ(m, (1u << 9) | (1u << 20));
  EXPECT_EQ(fbl(m), 9u);
  EXPECT_EQ(fbl(pack_mask(heap == half(7.f))), 0xffffffffu) << "no match: all ones (-1)";
  const simd<uint32_t, 4> masks({0u, 8u, 0x80000000u, 6u});
  const simd<uint32_t, 4> pos = fbl(masks);
  EXPECT_EQ(pos[0], 0xffffffffu);
  EXPECT_EQ(pos[1], 3u);
  EXPECT_EQ(pos[2], 31u);
  EXPECT_EQ(pos[3], 1u);
}

/// The guide's N > 32 pattern: first lane equal to `target`, or -1.
template <int N> int first_match(simd<half, N> vec, half target) {
  constexpr int MASK_N = N / 32;
  simd<uint32_t, MASK_N> masks;
  for (int mi = 0; mi < MASK_N; mi++) {
    simd<half, 32> chunk = vec.template select<32, 1>(mi * 32);
    masks[mi] = pack_mask(chunk == target);
  }
  simd<uint32_t, MASK_N> fbl_r = fbl(masks);
  simd<int32_t, MASK_N> bit_idx = fbl_r.template bit_cast_view<int32_t>();
  simd<int32_t, MASK_N> glob = bit_idx + simd<int32_t, MASK_N>(0, 32);
  // No match in a chunk: -1 there. Its first match is then the smallest non-negative index.
  glob = merge(simd<int32_t, MASK_N>(N), glob, bit_idx == -1);
  const int pos = hmin<int32_t>(glob);
  return pos == N ? -1 : pos;
}

TEST(GuideVectorOps, ChunkedFirstMatchBeyond32Lanes) {
  srand(42);
  for (int trial = 0; trial < 50; ++trial) {
    simd<half, 256> v = random_simd<half, 256>(-8, 8);
    const int want = rand() % 300 - 22;  // sometimes no match
    const half target(100.f);
    if (want >= 0 && want < 256) {
      v[want] = target;
      if (want + 40 < 256) v[want + 40] = target;  // a later duplicate must not win
    }
    const int expect = (want >= 0 && want < 256) ? want : -1;
    EXPECT_EQ(first_match<256>(v, target), expect) << "trial " << trial;
  }
}

}  // namespace
