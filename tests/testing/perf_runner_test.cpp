// The performance half of xesim/testing.hpp: run_perf keeps the best of 5 launches from event
// profiling and converts bytes and flops to GB/s and TFLOPS; compare_native alternates kernel
// and native in pairs and reports the median ratio; both refuse a queue without profiling.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <sycl/sycl.hpp>
#include <xesim/testing.hpp>

namespace xt = xesim::testing;

namespace {

/// A kernel of `items` work-items that each add 1 to out[i]: real launches with real events.
sycl::event add_one(sycl::queue& q, int* out, int items) {
  return q.parallel_for(sycl::range<1>(items), [=](sycl::id<1> i) { out[i[0]] += 1; });
}

/// Busy-waits `ms` milliseconds (a kernel body with a known minimum duration).
void spin_ms(double ms) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double, std::milli>(ms);
  while (std::chrono::steady_clock::now() < end) {
  }
}

}  // namespace

TEST(PerfReport, UnitsAndTheGuidesLine) {
  xt::perf_report r;
  r.best_ns = 2e6;  // 2 ms
  r.bytes = 8e9;
  r.flops = 6e9;
  EXPECT_DOUBLE_EQ(r.ms(), 2.0);
  EXPECT_DOUBLE_EQ(r.gb_per_s(), 4000.0);  // 8 GB in 2 ms
  EXPECT_DOUBLE_EQ(r.tflops(), 3.0);       // 6 GFLOP in 2 ms
  EXPECT_EQ(r.line(), "  perf: 2.000 ms   3.0000 TFLOPS   4000.0 GB/s");
  r.flops = 0.0;  // a pure memory op: GB/s only, as the guide says
  EXPECT_EQ(r.line(), "  perf: 2.000 ms   4000.0 GB/s");
}

TEST(RunPerf, FiveLaunchesAndTheBestEventTime) {
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  int* out = sycl::malloc_shared<int>(256, q);
  std::fill(out, out + 256, 0);
  std::vector<double> seen;
  auto launch = [&] {
    sycl::event ev = add_one(q, out, 256);
    seen.push_back(xt::event_ns(ev));
    return ev;
  };
  const xt::perf_report r = xt::run_perf(launch, 256.0 * sizeof(int), 256.0);
  ASSERT_EQ(seen.size(), 5u);
  EXPECT_EQ(r.runs, 5);
  EXPECT_EQ(out[0], 5);  // really launched five times
  EXPECT_EQ(out[255], 5);
  EXPECT_DOUBLE_EQ(r.best_ns, *std::min_element(seen.begin(), seen.end()));
  EXPECT_GT(r.best_ns, 0.0);
  EXPECT_NE(r.line().find("perf: "), std::string::npos);
  sycl::free(out, q);
}

TEST(RunPerf, NeedsAProfilingQueue) {
  sycl::queue q;  // no enable_profiling
  int* out = sycl::malloc_shared<int>(4, q);
  EXPECT_THROW(xt::run_perf([&] { return add_one(q, out, 4); }, 16.0, 0.0), sycl::exception);
  sycl::free(out, q);
}

TEST(Median, OddAndEvenCounts) {
  EXPECT_DOUBLE_EQ(xt::median({3.0, 1.0, 2.0}), 2.0);
  EXPECT_DOUBLE_EQ(xt::median({4.0, 1.0, 3.0, 2.0}), 2.5);
  EXPECT_DOUBLE_EQ(xt::median({7.0}), 7.0);
}

TEST(CompareNative, AlternatesPairsAndWarmsTheNativeSideOnce) {
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  int* out = sycl::malloc_shared<int>(8, q);
  std::string order;
  auto launch = [&] {
    order += 'K';
    return add_one(q, out, 8);
  };
  auto native = [&] { order += 'N'; };
  const xt::native_report r = xt::compare_native(launch, native, 5);
  EXPECT_EQ(order, "N" "KN" "NK" "KN" "NK" "KN");  // warm-up, then alternating pairs
  EXPECT_EQ(r.pairs, 5);
  EXPECT_LE(r.ratio_min, r.ratio_median);
  EXPECT_LE(r.ratio_median, r.ratio_max);
  EXPECT_NE(r.line().find("esimd/native: "), std::string::npos);
  sycl::free(out, q);
}

TEST(CompareNative, RatioIsKernelOverNative) {
  // The kernel takes at least 10 ms (one work-item spinning), the native side about 1 ms: the
  // median ratio is far above 1 even on a busy host, and each side's best is at least its floor.
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  auto launch = [&] { return q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) { spin_ms(10.0); }); };
  auto native = [] { std::this_thread::sleep_for(std::chrono::milliseconds(1)); };
  const xt::native_report r = xt::compare_native(launch, native, 3);
  EXPECT_GE(r.esimd_best_ns, 10e6);
  EXPECT_GE(r.native_best_ns, 1e6);
  EXPECT_GT(r.ratio_median, 2.0) << r.line();
}

TEST(NativeArena, HasTheEnginesThreadCount) {
  EXPECT_EQ(xt::native_arena().max_concurrency(), xesim::rt::thread_count());
}

TEST(HasFlag, FindsExactFlagsOnly) {
  char prog[] = "perf", smoke[] = "--smoke", other[] = "--smoker";
  char* argv[] = {prog, smoke, other};
  EXPECT_TRUE(xt::has_flag(3, argv, "--smoke"));
  EXPECT_TRUE(xt::has_flag(3, argv, "--smoker"));
  EXPECT_FALSE(xt::has_flag(3, argv, "--smok"));
  EXPECT_FALSE(xt::has_flag(1, argv, "--smoke"));  // argv[0] is the program, never a flag
  char* argv0[] = {smoke};
  EXPECT_FALSE(xt::has_flag(1, argv0, "--smoke"));
}

TEST(ConfigLine, NamesTheThreadsAndTheCheckLevel) {
  const std::string threads = std::to_string(xesim::rt::thread_count()) + " threads";
  ::setenv("XESIM_CHECK", "off", 1);
  std::string line = xt::config_line();
  EXPECT_NE(line.find(threads), std::string::npos) << line;
  EXPECT_NE(line.find("XESIM_CHECK=off"), std::string::npos) << line;
  ::unsetenv("XESIM_CHECK");
  line = xt::config_line();
  EXPECT_NE(line.find("XESIM_CHECK=basic (default)"), std::string::npos) << line;
}
