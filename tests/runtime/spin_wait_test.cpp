// Work-items of a group that wait for each other through atomics alone (no barrier): a relay in
// which item i spins on an SLM flag until item i + 1 has passed it on, a spin lock taken with
// compare-exchange around a non-atomic counter, and the same relay through a USM flag. The
// group's items share one thread, so these end only because atomics let the others run
// (rt::atomic_progress); before, each hung on its first spin.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "check/check_util.hpp"
#include "xesim/esimd.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;
using namespace xesim::esimd;

namespace {

// Item g - 1 goes first and hands the turn down: item i waits until flag == i, records its
// place, then sets flag = i - 1. Item 0 (the first to run) spins the longest.
TEST(SpinWait, SlmRelayRunsInReverseOrder) {
  constexpr int kItems = 16, kGroups = 3;
  sycl::queue q;
  std::vector<int> order(kItems * kGroups, -1);
  int* o = order.data();
  q.parallel_for(sycl::nd_range<1>(kItems * kGroups, kItems), [=](sycl::nd_item<1> it) {
    slm_init<64>();
    const int lid = int(it.get_local_id(0));
    if (lid == 0) {
      slm_scalar_store<int>(0, kItems - 1);
      slm_scalar_store<int>(4, 0);
    }
    barrier();
    while (slm_atomic_update<atomic_op::load, int, 1>(simd<uint32_t, 1>(0))[0] != lid) {
    }
    const int place = slm_atomic_update<atomic_op::inc, int, 1>(simd<uint32_t, 1>(4))[0];
    o[it.get_global_id(0)] = place;
    slm_atomic_update<atomic_op::store, int, 1>(simd<uint32_t, 1>(0), simd<int, 1>(lid - 1));
  });
  q.wait_and_throw();
  for (int g = 0; g < kGroups; ++g)
    for (int i = 0; i < kItems; ++i)
      EXPECT_EQ(order[g * kItems + i], kItems - 1 - i) << "group " << g << " item " << i;
}

// A lock word in SLM taken with cmpxchg (0 -> 1), released with store; each item adds to a plain
// SLM counter 100 times inside the lock, yielding inside the critical section through an atomic
// load, so that others try the lock while it is held.
TEST(SpinWait, SlmCompareExchangeLockSerialisesACounter) {
  constexpr int kItems = 8, kRounds = 100;
  sycl::queue q;
  int total = -1;
  int* out = &total;
  q.parallel_for(sycl::nd_range<1>(kItems, kItems), [=](sycl::nd_item<1> it) {
    slm_init<64>();
    if (it.get_local_id(0) == 0) {
      slm_scalar_store<int>(0, 0);
      slm_scalar_store<int>(8, 0);
    }
    barrier();
    for (int r = 0; r < kRounds; ++r) {
      while (slm_atomic_update<atomic_op::cmpxchg, int, 1>(simd<uint32_t, 1>(0), simd<int, 1>(1),
                                                           simd<int, 1>(0))[0] != 0) {
      }
      const int c = slm_scalar_load<int>(8);
      for (int k = 0; k < 70; ++k)  // enough atomics to yield while the lock is held
        (void)slm_atomic_update<atomic_op::load, int, 1>(simd<uint32_t, 1>(16));
      slm_scalar_store<int>(8, c + 1);
      slm_atomic_update<atomic_op::store, int, 1>(simd<uint32_t, 1>(0), simd<int, 1>(0));
    }
    barrier();
    if (it.get_local_id(0) == 0) *out = slm_scalar_load<int>(8);
  });
  q.wait_and_throw();
  EXPECT_EQ(total, kItems * kRounds);
}

// The relay through a USM word with atomic_update (global memory), one group.
TEST(SpinWait, UsmRelayRunsInReverseOrder) {
  constexpr int kItems = 8;
  sycl::queue q;
  int* flag = sycl::malloc_shared<int>(2, q);
  flag[0] = kItems - 1;
  flag[1] = 0;
  std::vector<int> order(kItems, -1);
  int* o = order.data();
  q.parallel_for(sycl::nd_range<1>(kItems, kItems), [=](sycl::nd_item<1> it) {
    const int lid = int(it.get_local_id(0));
    while (atomic_update<atomic_op::load, int, 1>(flag, simd<uint32_t, 1>(0))[0] != lid) {
    }
    o[lid] = atomic_update<atomic_op::inc, int, 1>(flag, simd<uint32_t, 1>(4))[0];
    atomic_update<atomic_op::store, int, 1>(flag, simd<uint32_t, 1>(0), simd<int, 1>(lid - 1));
  });
  q.wait_and_throw();
  for (int i = 0; i < kItems; ++i) EXPECT_EQ(order[i], kItems - 1 - i) << "item " << i;
  sycl::free(flag, q);
}

// A compare-exchange loop whose expected value never appears (the operands swapped: it waits
// for 1 where the word holds 0, and would store 0): on the GPU it spins forever. Here the launch
// stops with a kernel-hang error after XESIM_HANG_SECONDS, naming the kernel and the item.
CHILD_TEST(SlmLivelock) {
  sycl::queue q;
  try {
    q.parallel_for<class Livelock>(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1>) {
      slm_init<64>();
      slm_scalar_store<int>(0, 0);
      barrier();
      while (slm_atomic_update<atomic_op::cmpxchg, int, 1>(simd<uint32_t, 1>(0), simd<int, 1>(0),
                                                           simd<int, 1>(1))[0] != 1) {
      }
    });
    q.wait_and_throw();
    std::printf("no error\n");
  } catch (const sycl::exception& e) {
    std::printf("caught: %s\n", e.what());
  }
}
// The same in a range launch (each item a group of one) on USM.
CHILD_TEST(UsmLivelock) {
  sycl::queue q;
  int* word = sycl::malloc_shared<int>(1, q);
  *word = 7;
  try {
    q.parallel_for<class UsmLivelock>(sycl::range<1>(2), [=](sycl::id<1>) {
      while (atomic_update<atomic_op::cmpxchg, int, 1>(word, simd<uint32_t, 1>(0), simd<int, 1>(8),
                                                       simd<int, 1>(6))[0] != 6) {
      }
    });
    q.wait_and_throw();
    std::printf("no error\n");
  } catch (const sycl::exception& e) {
    std::printf("caught: %s\n", e.what());
  }
  sycl::free(word, q);
}

TEST(SpinWait, ALivelockedCompareExchangeStopsTheLaunchNamingIt) {
  for (const char* name : {"SlmLivelock", "UsmLivelock"}) {
    const auto r = check_test::run_child(name, "XESIM_HANG_SECONDS=0.2");
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("caught: kernel-hang: in kernel '"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("Livelock"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("times in a row"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("no error"), std::string::npos) << r.output;
  }
}

}  // namespace
