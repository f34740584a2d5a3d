// Cost of the engine's work-group machinery on one thread (one work-group runs on the calling
// thread): ns per barrier per work-item, and ns per work-item of a group with no barrier.
// Prints the figures; fails only if a barrier costs more than 2 us per work-item (the OS-thread
// barriers of earlier emulators cost ~100 us), so a shared, noisy host does not make it flaky.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "xesim/runtime/context.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;

namespace {

double ns_per_item_barrier(std::size_t group_size, int barriers) {
  sycl::queue q;
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    q.parallel_for(sycl::nd_range<1>(group_size, group_size), [=](sycl::nd_item<1>) {
      for (int b = 0; b < barriers; ++b) xesim::rt::barrier();
    });
    const double ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    best = std::min(best, ns / double(group_size * barriers));
  }
  q.wait_and_throw();
  return best;
}

double ns_per_item_no_barrier(std::size_t group_size) {
  sycl::queue q;
  volatile int sink = 0;
  volatile int* ps = &sink;
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int l = 0; l < 1000; ++l)
      q.parallel_for(sycl::nd_range<1>(group_size, group_size),
                     [=](sycl::nd_item<1> it) { *ps = int(it.get_local_id(0)); });
    const double ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    best = std::min(best, ns / double(1000 * group_size));
  }
  return best;
}

}  // namespace

TEST(BarrierCost, PerItemPerBarrier) {
  for (std::size_t g : {8, 32}) {
    const double ns = ns_per_item_barrier(g, 20000);
    std::printf("barrier: %zu items/group: %.1f ns per barrier per work-item\n", g, ns);
    EXPECT_LT(ns, 2000.0);
  }
  for (std::size_t g : {1, 8, 32}) {
    std::printf("no barrier: %zu items/group: %.1f ns per work-item (launch included)\n", g,
                ns_per_item_no_barrier(g));
  }
}
