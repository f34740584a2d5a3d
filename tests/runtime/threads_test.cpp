// XESIM_THREADS is honoured: set to 3 before the engine starts (this executable only), a launch
// uses at most 3 OS threads, and more than one.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <mutex>
#include <set>
#include <thread>

#include "xesim/runtime/launch.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;

namespace {
const bool kEnvSet = (::setenv("XESIM_THREADS", "3", 1), true);  // before main: before any launch
}  // namespace

TEST(Threads, XesimThreadsLimitsTheWorkers) {
  ASSERT_TRUE(kEnvSet);
  EXPECT_EQ(xesim::rt::thread_count(), 3);
  std::mutex m;
  std::set<std::thread::id> ids;
  std::set<std::thread::id>* pids = &ids;
  std::mutex* pm = &m;
  sycl::queue q;
  q.parallel_for(sycl::range<1>(120), [=](sycl::id<1>) {
    std::this_thread::sleep_for(
        std::chrono::milliseconds(2));  // long enough for every worker to join
    std::lock_guard lock(*pm);
    pids->insert(std::this_thread::get_id());
  });
  EXPECT_LE(ids.size(), 3u);
  EXPECT_GE(ids.size(), 2u);
  ids.clear();
  q.parallel_for(sycl::nd_range<1>(64 * 4, 4), [=](sycl::nd_item<1>) {
    std::this_thread::sleep_for(std::chrono::microseconds(500));
    std::lock_guard lock(*pm);
    pids->insert(std::this_thread::get_id());
  });
  EXPECT_LE(ids.size(), 3u);
  EXPECT_GE(ids.size(), 2u);
}
