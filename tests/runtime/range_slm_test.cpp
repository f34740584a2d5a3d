// SLM in a range launch: DPC++ lets an ESIMD kernel launched over a plain range call slm_init
// (Intel's api/slm_gather_scatter test does); each work-item is then a group of one with its own
// SLM, filled with the uninitialised pattern each time.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "xesim/check/check.hpp"
#include "xesim/esimd.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;
using namespace xesim::esimd;

namespace {
// The refusal is checked as the engine's sycl::exception (with checks on it would also be
// reported on stderr and end the process with status 1: tests/check covers that).
struct checks_off : testing::Environment {
  void SetUp() override { xesim::check::set_level(xesim::check::level::off); }
};
[[maybe_unused]] testing::Environment* const kChecksOff =
    testing::AddGlobalTestEnvironment(new checks_off);

TEST(RangeSlm, EachItemHasItsOwnFreshSlm) {
  constexpr int kItems = 64, VL = 16;
  sycl::queue q;
  std::vector<int> out(kItems * VL, 0), fill(kItems, 0);
  int* o = out.data();
  int* f = fill.data();
  q.parallel_for(sycl::range<1>(kItems), [=](sycl::id<1> id) {
    slm_init<VL * 4>();
    const int i = int(id[0]);
    f[i] = slm_scalar_load<int>(4 * (VL - 1));  // never written by this item: the fill
    simd<uint32_t, VL> off(0, 4);
    slm_scatter<int, VL>(off, simd<int, VL>(i * 100, 1), off < 4 * (VL - 1));
    simd<int, VL> back = slm_gather<int, VL>(off);
    back.copy_to(o + i * VL);
  });
  q.wait_and_throw();
  for (int i = 0; i < kItems; ++i) {
    EXPECT_EQ(static_cast<std::uint32_t>(fill[i]), 0xCDCDCDCDu) << "item " << i;
    for (int l = 0; l < VL - 1; ++l) ASSERT_EQ(out[i * VL + l], i * 100 + l) << i << " " << l;
    EXPECT_EQ(static_cast<std::uint32_t>(out[i * VL + VL - 1]), 0xCDCDCDCDu) << "item " << i;
  }
}

TEST(RangeSlm, AboveTheDeviceLimitIsRefused) {
  sycl::queue q;
  const std::size_t limit = q.get_device().get_info<sycl::info::device::local_mem_size>();
  bool threw = false;
  try {
    q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) { xesim::rt::slm_init(limit + 1); });
    q.wait_and_throw();
  } catch (const sycl::exception& e) {
    threw = true;
    EXPECT_NE(std::string(e.what()).find("slm_init"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(threw);
}

}  // namespace
