// The accuracy half of xesim/testing.hpp: fill_random is the guide's srand(42) stream, compare()
// finds the worst absolute and relative elements, and the abs-or-rel rule passes and fails what
// it should, a deliberately wrong output above all.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include <sycl/sycl.hpp>
#include <xesim/testing.hpp>

namespace xt = xesim::testing;

TEST(FillRandom, IsTheGuidesSrandStreamScaledToTheRange) {
  std::vector<float> v(1000);
  xt::fill_random(v.data(), v.size(), -2.f, 3.f, 42);
  std::srand(42);
  for (float x : v) {
    const float u = static_cast<float>(std::rand()) / static_cast<float>(RAND_MAX);
    EXPECT_EQ(x, -2.f + u * 5.f);
    EXPECT_GE(x, -2.f);
    EXPECT_LE(x, 3.f);
  }
}

TEST(FillRandom, SameSeedSameValuesOtherSeedOtherValues) {
  std::vector<sycl::half> a(64), b(64), c(64);
  xt::fill_random(a.data(), a.size(), -1.f, 1.f, 7);
  xt::fill_random(b.data(), b.size(), -1.f, 1.f, 7);
  xt::fill_random(c.data(), c.size(), -1.f, 1.f, 8);
  int same_ab = 0, same_ac = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    same_ab += float(a[i]) == float(b[i]);
    same_ac += float(a[i]) == float(c[i]);
  }
  EXPECT_EQ(same_ab, 64);
  EXPECT_LT(same_ac, 8);
}

TEST(Compare, IdenticalOutputsPassWithZeroError) {
  std::vector<float> ref = {1.f, -2.f, 3.5f, 0.f};
  const xt::accuracy_report r = xt::compare(ref.data(), ref.data(), ref.size());
  EXPECT_TRUE(r.pass);
  EXPECT_EQ(r.max_abs_err, 0.0);
  EXPECT_EQ(r.max_rel_err, 0.0);
  EXPECT_EQ(r.n, 4u);
  EXPECT_NE(r.line().find("PASS"), std::string::npos);
}

TEST(Compare, WrongOutputFailsAndNamesTheWorstElements) {
  // Element 5 has the largest absolute error, element 2 (a small reference) the largest relative.
  std::vector<float> ref = {10.f, 20.f, 0.01f, 40.f, 50.f, 60.f, 70.f};
  std::vector<float> out = ref;
  out[2] = 0.02f;  // abs 0.01, rel ~1
  out[5] = 61.f;   // abs 1, rel ~0.017
  const xt::accuracy_report r = xt::compare(out.data(), ref.data(), ref.size());
  EXPECT_FALSE(r.pass) << r.line();
  EXPECT_EQ(r.abs_idx, 5u);
  EXPECT_DOUBLE_EQ(r.abs_out, 61.0);
  EXPECT_DOUBLE_EQ(r.abs_ref, 60.0);
  EXPECT_NEAR(r.max_abs_err, 1.0, 1e-9);
  EXPECT_EQ(r.rel_idx, 2u);
  EXPECT_NEAR(r.max_rel_err, (0.02 - 0.01) / (0.01 + 1e-6), 1e-4);
  const std::string line = r.line("wrong");
  EXPECT_NE(line.find("wrong:"), std::string::npos);
  EXPECT_NE(line.find("idx=5"), std::string::npos);
  EXPECT_NE(line.find("idx=2"), std::string::npos);
  EXPECT_NE(line.find("FAIL"), std::string::npos);
}

TEST(Compare, LargeOutputsPassOnRelativeErrorSmallOnesOnAbsolute) {
  // 1e4 off by 1: abs 1 (> 1e-2) but rel 1e-4 (< 1e-3): PASS, the guide's reason for "or".
  std::vector<float> big_ref = {1e4f, -2e4f}, big_out = {1e4f + 1.f, -2e4f};
  EXPECT_TRUE(xt::compare(big_out.data(), big_ref.data(), 2).pass);
  // 1e-5 vs 2e-5: rel ~0.5 but abs 1e-5 (< 1e-2): PASS.
  std::vector<float> small_ref = {1e-5f}, small_out = {2e-5f};
  EXPECT_TRUE(xt::compare(small_out.data(), small_ref.data(), 1).pass);
  // Both at once: abs 1 and rel 0.5 on different elements: FAIL.
  std::vector<float> ref = {1e4f, 1.f}, out = {1e4f + 1.f, 1.5f};
  EXPECT_FALSE(xt::compare(out.data(), ref.data(), 2).pass);
}

TEST(Compare, TolerancesAreSettable) {
  std::vector<float> ref = {1.f}, out = {1.004f};  // abs 4e-3, rel 4e-3
  EXPECT_TRUE(xt::compare(out.data(), ref.data(), 1).pass);  // default abs 1e-2
  EXPECT_FALSE(xt::compare(out.data(), ref.data(), 1, {1e-3, 1e-3}).pass);
  EXPECT_TRUE(xt::compare(out.data(), ref.data(), 1, {1e-3, 5e-3}).pass);
}

TEST(Compare, NonFiniteOutputsFail) {
  std::vector<float> ref = {1.f, 2.f}, out = {1.f, std::numeric_limits<float>::quiet_NaN()};
  const xt::accuracy_report r = xt::compare(out.data(), ref.data(), 2);
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.non_finite, 1u);
  EXPECT_EQ(r.abs_idx, 1u);
  EXPECT_NE(r.line().find("NON-FINITE"), std::string::npos);
  out[1] = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(xt::compare(out.data(), ref.data(), 2).pass);
}

TEST(Compare, HalfAgainstFloatAndExactIntegers) {
  std::vector<sycl::half> out = {sycl::half(0.5f), sycl::half(0.3333f)};
  std::vector<float> ref = {0.5f, 1.f / 3.f};
  EXPECT_TRUE(xt::compare(out.data(), ref.data(), 2).pass);  // FP16 rounding: rel 2.4e-4
  std::vector<int> idx = {3, 7, 1}, idx_ref = {3, 7, 1}, idx_bad = {3, 8, 1};
  EXPECT_TRUE(xt::compare(idx.data(), idx_ref.data(), 3, xt::kExact).pass);
  const xt::accuracy_report bad = xt::compare(idx_bad.data(), idx_ref.data(), 3, xt::kExact);
  EXPECT_FALSE(bad.pass);  // off by one index: rel 1/7 must not rescue it
  EXPECT_EQ(bad.abs_idx, 1u);
}
