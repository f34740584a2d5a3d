// Regions of bit_cast_view whose element is wider than the base's: the register paths read and
// write the base in chunks of its own element's pieces (region_io.hpp), which can hold fewer lanes
// of the view's element than one piece of the view's value. Every pair of 1/2/4/8-byte integer
// elements at 64 and 256 bytes, read whole, read strided at a constant and a run-time offset, and
// written back the same ways, against a byte-array oracle.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "xesim/esimd.hpp"

using namespace xesim::esimd;

namespace {

template <class Base, class View, int Bytes>
struct Pair {
  using base = Base;
  using view = View;
  static constexpr int bytes = Bytes;
};

template <class P>
class BitCastRegion : public ::testing::Test {};
using Pairs = ::testing::Types<Pair<uint8_t, uint16_t, 64>, Pair<uint8_t, uint32_t, 64>,
                               Pair<uint8_t, uint64_t, 256>, Pair<uint16_t, uint32_t, 64>,
                               Pair<uint16_t, uint32_t, 256>, Pair<uint16_t, uint64_t, 256>,
                               Pair<uint32_t, uint64_t, 256>, Pair<uint32_t, uint16_t, 64>,
                               Pair<uint64_t, uint8_t, 256>, Pair<uint16_t, uint8_t, 256>>;
TYPED_TEST_SUITE(BitCastRegion, Pairs);

/// Element i of the View-typed array at p (the oracle's view of the bytes).
template <class V>
V at(const unsigned char* p, int i) {
  V x;
  std::memcpy(&x, p + i * int(sizeof(V)), sizeof(V));
  return x;
}

template <class S, class V, int N>
void expect_lanes(const S& got, const unsigned char* bytes, int first, int stride,
                  const char* what) {
  for (int i = 0; i < N; ++i)
    ASSERT_EQ(got[i], at<V>(bytes, first + i * stride)) << what << ": lane " << i;
}

TYPED_TEST(BitCastRegion, ReadsAndWritesMatchTheBytes) {
  using B = typename TypeParam::base;
  using V = typename TypeParam::view;
  constexpr int kBytes = TypeParam::bytes;
  constexpr int NB = kBytes / int(sizeof(B)), NV = kBytes / int(sizeof(V));
  constexpr int kHalf = NV / 2;
  srand(42);
  unsigned char ref[kBytes];
  for (auto& c : ref) c = static_cast<unsigned char>(rand());
  B init[NB];
  std::memcpy(init, ref, kBytes);
  simd<B, NB> v(init);

  // Whole view, as a value and through read().
  const simd<V, NV> whole = v.template bit_cast_view<V>();
  expect_lanes<simd<V, NV>, V, NV>(whole, ref, 0, 1, "whole");
  expect_lanes<simd<V, NV>, V, NV>(v.template bit_cast_view<V>().read(), ref, 0, 1, "read()");

  // Strided lanes at a constant offset and at one only known at run time.
  const simd<V, kHalf> odd = v.template bit_cast_view<V>().template select<kHalf, 2>(1);
  expect_lanes<simd<V, kHalf>, V, kHalf>(odd, ref, 1, 2, "select<N/2, 2>(1)");
  volatile int runtime_one = 1;
  const int off = runtime_one;
  const simd<V, kHalf> odd_rt = v.template bit_cast_view<V>().template select<kHalf, 2>(off);
  expect_lanes<simd<V, kHalf>, V, kHalf>(odd_rt, ref, 1, 2, "select<N/2, 2>(run-time 1)");

  // Writes: the whole view, then the even lanes, constant and run-time offsets.
  simd<V, NV> w(V(3), V(5));
  v.template bit_cast_view<V>() = w;
  for (int i = 0; i < NV; ++i) {
    const V x = V(3 + 5 * i);
    std::memcpy(ref + i * int(sizeof(V)), &x, sizeof(V));
  }
  expect_lanes<simd<V, NV>, V, NV>(simd<V, NV>(v.template bit_cast_view<V>()), ref, 0, 1,
                                   "after whole write");
  simd<V, kHalf> e(V(100), V(1));
  v.template bit_cast_view<V>().template select<kHalf, 2>(0) = e;
  for (int i = 0; i < kHalf; ++i) {
    const V x = V(100 + i);
    std::memcpy(ref + 2 * i * int(sizeof(V)), &x, sizeof(V));
  }
  simd<V, kHalf> o(V(200), V(1));
  v.template bit_cast_view<V>().template select<kHalf, 2>(off) = o;
  for (int i = 0; i < kHalf; ++i) {
    const V x = V(200 + i);
    std::memcpy(ref + (2 * i + 1) * int(sizeof(V)), &x, sizeof(V));
  }
  B out[NB];
  v.copy_to(out);
  for (int i = 0; i < kBytes; ++i)
    ASSERT_EQ(reinterpret_cast<unsigned char*>(out)[i], ref[i]) << "byte " << i;
}

}  // namespace
