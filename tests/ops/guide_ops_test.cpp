// The guide's reduction, conversion and pack_mask / fbl techniques, written here through the DPC++
// entry headers and names, each checking the result the guide describes.
#include <gtest/gtest.h>

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cmath>
#include <cstdlib>
#include <functional>

using namespace sycl::ext::intel::esimd;

namespace {

template <class T, int N>
simd<T, N> random_lanes(float lo, float hi) {
  simd<T, N> v;
  for (int i = 0; i < N; ++i)
    v.elems()[i] = T(lo + (hi - lo) * static_cast<float>(rand()) / RAND_MAX);
  return v;
}

// "Data Types": FP16 inputs, FP32 accumulation, FP16 output.
TEST(GuideOps, HalfInputsFloatAccumulationHalfOutput) {
  srand(42);
  constexpr int N = 128;
  const simd<sycl::half, N> a = random_lanes<sycl::half, N>(-1, 1),
                            b = random_lanes<sycl::half, N>(-1, 1);
  simd<float, N> acc(0.f);
  acc += convert<float>(a) * convert<float>(b);
  const float result = sycl::ext::intel::esimd::detail::sum<float, float, N>(acc);
  const simd<sycl::half, 1> out = simd<sycl::half, 1>(sycl::half(result));
  double exact = 0;
  for (int i = 0; i < N; ++i) exact += double(float(a.elems()[i])) * double(float(b.elems()[i]));
  EXPECT_NEAR(result, exact, 1e-5);  // products of halves are exact in float: only the sum rounds
  EXPECT_NEAR(float(out.elems()[0]), exact, std::fabs(exact) * 1e-3 + 1e-4);
}

// "Reductions": detail::sum for float and half, hmax / hmin, and the upcast-first variant.
TEST(GuideOps, ReductionsOfFloatAndHalf) {
  srand(42);
  constexpr int N = 96;
  const simd<float, N> vec = random_lanes<float, N>(0, 1);
  const simd<sycl::half, N> hvec = convert<sycl::half>(vec);
  double exact = 0, hexact = 0;
  float fmax = -1, fmin = 2;
  for (int i = 0; i < N; ++i) {
    exact += vec.elems()[i];
    hexact += float(hvec.elems()[i]);
    fmax = std::fmax(fmax, vec.elems()[i]);
    fmin = std::fmin(fmin, vec.elems()[i]);
  }
  const float s = sycl::ext::intel::esimd::detail::sum<float, float, N>(vec);
  const sycl::half hs = sycl::ext::intel::esimd::detail::sum<sycl::half, sycl::half, N>(hvec);
  EXPECT_NEAR(s, exact, 1e-4);
  EXPECT_NEAR(float(hs), hexact, hexact * 4e-3);  // half accumulation: ~log2(N) roundings of 2^-11
  EXPECT_EQ(hmax<float>(vec), fmax);
  EXPECT_EQ(hmin<float>(vec), fmin);
  EXPECT_EQ(float(hmax<sycl::half>(hvec)), float(sycl::half(fmax)));
  EXPECT_EQ(float(hmin<sycl::half>(hvec)), float(sycl::half(fmin)));
  EXPECT_EQ(hmax<float>(convert<float>(hvec)), float(sycl::half(fmax)));
  // The qualified reduce with std::plus<>() is the same sum (std::plus<float>() does not compile
  // here: tests/ops/reject_test.cpp).
  EXPECT_EQ(sycl::ext::intel::esimd::reduce<float>(vec, std::plus<>()), s);
}

// "pack_mask and fbl": first lane matching, N <= 32, scalar and per-element fbl.
TEST(GuideOps, PackMaskThenFblFindsTheFirstLane) {
  srand(42);
  simd<float, 32> heap = random_lanes<float, 32>(1, 2);
  heap[21] = 0.25f;
  heap[5] = 0.25f;
  const float min_val = hmin<float>(heap);
  const uint32_t m = pack_mask(heap == min_val);
  EXPECT_EQ(m, (1u << 5) | (1u << 21));
  EXPECT_EQ(fbl(m), 5u);
  EXPECT_EQ(fbl(pack_mask(heap == -1.0f)), 0xffffffffu);
  const simd<float, 8> small(0.f, 1.f);
  EXPECT_EQ(fbl(pack_mask(small == 6.0f)), 6u);  // 8 lanes
  const simd<uint32_t, 4> mask_vec({0x10u, 0u, 0x3u, 0x80000000u});
  const simd<uint32_t, 4> pos_vec = fbl(mask_vec);
  EXPECT_EQ(pos_vec[0], 4u);
  EXPECT_EQ(pos_vec[1], 0xffffffffu);
  EXPECT_EQ(pos_vec[2], 0u);
  EXPECT_EQ(pos_vec[3], 31u);
}

/// The guide's N > 32 recipe, step by step: 32-lane chunks, pack_mask each, vectorised fbl,
/// chunk offsets added, -1 kept for chunks without a match, hmax of the global indices.
template <int N>
int guide_first_match(simd<sycl::half, N> vec, sycl::half target) {
  constexpr int MASK_N = N / 32;
  simd<uint32_t, MASK_N> masks;
  for (int mi = 0; mi < MASK_N; mi++) {
    simd<sycl::half, 32> chunk = vec.template select<32, 1>(mi * 32);
    masks[mi] = pack_mask(chunk == target);
  }
  simd<uint32_t, MASK_N> fbl_r = fbl(masks);
  simd<int32_t, MASK_N> bit_idx = fbl_r.template bit_cast_view<int32_t>();
  simd<int32_t, MASK_N> glob = bit_idx + simd<int32_t, MASK_N>(0, 32);
  glob = merge(bit_idx, glob, bit_idx == -1);
  return (int)hmax<int32_t>(glob);
}

template <int N>
void check_chunked() {
  const sycl::half target(7.0f);
  for (int trial = 0; trial < 40; ++trial) {
    simd<sycl::half, N> v = random_lanes<sycl::half, N>(-4, 4);
    const int pos = rand() % (N + N / 4);  // past the end: no match
    if (pos < N) v[pos] = target;
    EXPECT_EQ(guide_first_match<N>(v, target), pos < N ? pos : -1)
        << "N = " << N << ", pos " << pos;
  }
  // Two matches in different chunks: hmax returns the LAST matching chunk's first lane, so the
  // guide's "first match" holds for one matching chunk only (hmin over the matches is the fix).
  simd<sycl::half, N> v(0.0f);
  v[3] = target;
  v[N - 2] = target;
  EXPECT_EQ(guide_first_match<N>(v, target), N - 2);
}

TEST(GuideOps, ChunkedFirstMatchBeyond32Lanes) {
  srand(42);
  check_chunked<64>();
  check_chunked<128>();
  check_chunked<512>();
}

}  // namespace
