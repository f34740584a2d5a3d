// Accuracy of decode attention against its native reference (double accumulation, unrounded)
// at awkward shapes: one key, a sequence of 8192, lengths that are not multiples of the 16-key
// tile, splits that end up empty, group sizes 1..8 (the dpas repeat count), both head dims, and
// inputs large enough that the scores need the running max.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

namespace {

using sycl::half;
namespace xt = xesim::testing;
namespace ad = xesim::kernels::attention_decode;

template <int D, int G>
void check(int kv_heads, int S, int splits, float range = 1.f) {
  sycl::queue q;
  const std::size_t nq = std::size_t(kv_heads) * G * D, nkv = std::size_t(kv_heads) * S * D;
  half* qp = sycl::malloc_shared<half>(nq, q);
  half* k = static_cast<half*>(sycl::aligned_alloc_shared(64, nkv * sizeof(half), q));
  half* v = static_cast<half*>(sycl::aligned_alloc_shared(64, nkv * sizeof(half), q));
  half* out = sycl::malloc_shared<half>(nq, q);
  const std::size_t ns = ad::scratch_floats<D, G>(kv_heads, splits);
  float* scratch = sycl::malloc_shared<float>(ns, q);
  std::fill(scratch, scratch + ns, 0.f);  // the split counters start at 0
  xt::fill_random(qp, nq, -range, range, 42);
  xt::fill_random(k, nkv, -range, range, 43);
  xt::fill_random(v, nkv, -1.f, 1.f, 44);
  std::vector<float> ref(nq);

  // Twice: the first launch must leave the split counters at 0 for the second.
  ad::attention_decode<D, G>(q, qp, k, v, out, scratch, kv_heads, S, splits).wait();
  std::fill(out, out + nq, half(0.f));
  ad::attention_decode<D, G>(q, qp, k, v, out, scratch, kv_heads, S, splits).wait();
  ad::reference(qp, k, v, ref.data(), D, G, kv_heads, S);

  // Each output is a convex combination of values in [-1, 1]: P in FP16 costs up to 2^-11 of
  // each weight and the FP16 output half an ulp (2^-12 relative), so 1e-3 absolute (or the
  // guide's 1e-3 relative) bounds a correct kernel; a wrong key, mask or rescale is far above.
  const xt::accuracy_report r = xt::compare(out, ref.data(), nq, {1e-3, 1e-3});
  const std::string label = "attention_decode D=" + std::to_string(D) + " G=" +
                            std::to_string(G) + " kv_heads=" + std::to_string(kv_heads) +
                            " S=" + std::to_string(S) + " splits=" + std::to_string(splits);
  r.print(stdout, label.c_str());
  EXPECT_TRUE(r.pass) << r.line(label.c_str());
  for (void* p : {static_cast<void*>(qp), static_cast<void*>(k), static_cast<void*>(v),
                  static_cast<void*>(out), static_cast<void*>(scratch)})
    sycl::free(p, q);
}

}  // namespace

TEST(AttentionDecode, OneKey) { check<64, 1>(4, 1, 1); }
TEST(AttentionDecode, LongestSequenceSplit) { check<128, 4>(2, 8192, 8); }
TEST(AttentionDecode, LengthNotAMultipleOf16) { check<64, 8>(3, 1000, 3); }
TEST(AttentionDecode, EmptySplits) { check<128, 3>(1, 17, 4); }  // chunks of 16: splits 2, 3 empty
TEST(AttentionDecode, OddGroupManySplits) { check<64, 5>(2, 4095, 7); }
TEST(AttentionDecode, MultiHeadNoGroup) { check<128, 1>(6, 333, 2); }
TEST(AttentionDecode, PeakyScoresNeedTheRunningMax) { check<64, 2>(2, 2048, 2, 4.f); }
TEST(AttentionDecode, SevenHeadsPerGroupUnsplit) { check<64, 7>(1, 777, 1); }
