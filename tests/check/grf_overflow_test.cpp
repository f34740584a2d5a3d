// Must-fire and must-not-fire tests of grf-overflow (warning, basic), and its calibration: two
// simd<float, 256> live fit every model; three simd<float, 1024> (12 KB) live across memory ops
// overflow every model in normal GRF mode (4 KB Xe-HPG/Xe-LPG, 8 KB Xe2/Xe-HPC) and fit Xe2's
// 16 KB large GRF. Kernels run in a child process per device model and GRF mode.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdio>

#include "check/check_util.hpp"

namespace esimd = sycl::ext::intel::esimd;
using check_test::line_of;
using check_test::run_child;
using esimd::simd;

namespace {

constexpr int kBig = 1024;   // 4 KB of float
constexpr int kSmall = 256;  // 1 KB of float

bool fired(const xesim_test::command_result& r, const char* kernel, const char* marker) {
  const std::string line = line_of("grf_overflow_test.cpp", marker);
  return r.output.find("xesim: warning: [grf-overflow]") != std::string::npos &&
         r.output.find(kernel) != std::string::npos && !line.empty() &&
         r.output.find(line) != std::string::npos;
}
bool silent(const xesim_test::command_result& r) {
  return r.status == 0 && !check_test::has_diagnostic(r.output);
}

}  // namespace

// Three 4 KB tiles loaded, then all three stored: 12 KB live across the stores.
CHILD_TEST(ThreeBigTiles) {
  sycl::queue q;
  float* in = sycl::malloc_shared<float>(3 * kBig, q);
  float* out = sycl::malloc_shared<float>(3 * kBig, q);
  for (int i = 0; i < 3 * kBig; ++i) in[i] = float(i);
  q.parallel_for<class BigTiles>(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1>) SYCL_ESIMD_KERNEL {
     simd<float, kBig> a = esimd::block_load<float, kBig>(in);  // PEAK
     simd<float, kBig> b = esimd::block_load<float, kBig>(in + kBig);
     simd<float, kBig> c = esimd::block_load<float, kBig>(in + 2 * kBig);
     esimd::block_store<float, kBig>(out, c);
     esimd::block_store<float, kBig>(out + kBig, a);
     esimd::block_store<float, kBig>(out + 2 * kBig, b);
   }).wait();
  bool ok = true;
  for (int i = 0; i < kBig; ++i)
    ok = ok && out[i] == in[2 * kBig + i] && out[kBig + i] == in[i] &&
         out[2 * kBig + i] == in[kBig + i];
  std::printf("result %s\n", ok ? "ok" : "WRONG");
  sycl::free(in, q);
  sycl::free(out, q);
}

// Two 1 KB tiles live (range launch and single_task): fits every model.
CHILD_TEST(TwoSmallTiles) {
  sycl::queue q;
  float* in = sycl::malloc_shared<float>(2 * kSmall, q);
  float* out = sycl::malloc_shared<float>(kSmall, q);
  for (int i = 0; i < 2 * kSmall; ++i) in[i] = float(i);
  q.parallel_for<class SmallTiles>(sycl::range<1>(16), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     simd<float, kSmall> a = esimd::block_load<float, kSmall>(in);
     simd<float, kSmall> b = esimd::block_load<float, kSmall>(in + kSmall);
     esimd::block_store<float, kSmall>(out, a * b + a);
   }).wait();
  q.single_task<class SmallTask>([=]() SYCL_ESIMD_KERNEL {
     simd<float, kSmall> a = esimd::block_load<float, kSmall>(in + kSmall);
     esimd::block_store<float, kSmall>(out, a + 1.f);
   }).wait();
  std::printf("result %s\n", out[3] == float(kSmall + 3) + 1.f ? "ok" : "WRONG");
  sycl::free(in, q);
  sycl::free(out, q);
}

TEST(GrfOverflow, FiresOnEveryModelInNormalGrfMode) {
  for (const char* dev : {"arc-a770", "arc-b580", "max-1550", "meteor-lake", "lunar-lake"}) {
    const auto r = run_child("ThreeBigTiles", std::string("XESIM_DEVICE=") + dev);
    EXPECT_EQ(r.status, 0) << dev << ": a warning keeps the exit status\n" << r.output;
    EXPECT_TRUE(fired(r, "BigTiles", "PEAK")) << dev << ":\n" << r.output;
    EXPECT_NE(r.output.find("result ok"), std::string::npos) << dev << ":\n" << r.output;
    EXPECT_NE(r.output.find("more than the"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("-doubleGRF"), std::string::npos) << r.output;
    // Reported once per kernel, not once per work-item.
    EXPECT_EQ(r.output.find("[grf-overflow]"), r.output.rfind("[grf-overflow]")) << r.output;
  }
}

TEST(GrfOverflow, SilentWithLargeGrfWhereTheTilesFit) {
  for (const char* dev : {"arc-b580", "max-1550", "lunar-lake"}) {  // 16 KB large GRF
    const auto r = run_child("ThreeBigTiles", std::string("XESIM_GRF=large XESIM_DEVICE=") + dev);
    EXPECT_TRUE(silent(r)) << dev << ":\n" << r.output;
    EXPECT_NE(r.output.find("result ok"), std::string::npos) << r.output;
  }
}

TEST(GrfOverflow, LargeGrfTooSmallSuggestsSmallerTiles) {
  const auto r = run_child("ThreeBigTiles", "XESIM_GRF=large XESIM_DEVICE=arc-a770");  // 8 KB
  EXPECT_TRUE(fired(r, "BigTiles", "PEAK")) << r.output;
  EXPECT_NE(r.output.find("large GRF mode"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("smaller tiles"), std::string::npos) << r.output;
}

TEST(GrfOverflow, SilentOnSmallTilesAndWithChecksOff) {
  for (const char* dev : {"arc-a770", "arc-b580"}) {
    const auto r = run_child("TwoSmallTiles", std::string("XESIM_CHECK=full XESIM_DEVICE=") + dev);
    EXPECT_TRUE(silent(r)) << dev << ":\n" << r.output;
    EXPECT_NE(r.output.find("result ok"), std::string::npos) << r.output;
  }
  const auto off = run_child("ThreeBigTiles", "XESIM_CHECK=off");
  EXPECT_TRUE(silent(off)) << off.output;
}
