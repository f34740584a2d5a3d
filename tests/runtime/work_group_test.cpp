// nd_range work-groups: barriers with 1..64 work-items, SLM per group (isolation, 0xCD fill,
// limits), barrier divergence reported (never a hang), kernel exceptions unwinding fibers, deep
// fiber stacks, fibers kept across groups, concurrent launches. Uses the engine API directly
// (context.hpp): no simd or ESIMD memory ops.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "xesim/runtime/context.hpp"
#include "xesim/runtime/device_model.hpp"
#include "xesim/runtime/hooks.hpp"
#include "xesim/check/check.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;
namespace rt = xesim::rt;

// These tests check the engine's own behaviour (errors as sycl::exception, divergence released),
// which is XESIM_CHECK=off: with the checking layer on, the same errors are also reported on
// stderr and make the process exit 1 (tests/check covers that).
namespace {
struct checks_off : testing::Environment {
  void SetUp() override { xesim::check::set_level(xesim::check::level::off); }
};
[[maybe_unused]] testing::Environment* const kChecksOff =
    testing::AddGlobalTestEnvironment(new checks_off);
}  // namespace

namespace {

// Each item owns one int of SLM. Per round: write f(round, item), barrier, read the neighbour's
// slot, barrier. Without a working barrier the neighbour's value is stale or the 0xCD fill.
void neighbour_exchange(std::size_t group_size, std::size_t groups, int rounds) {
  sycl::queue q;
  std::vector<long> out(group_size * groups, 0);
  long* o = out.data();
  q.parallel_for(sycl::nd_range<1>(group_size * groups, group_size), [=](sycl::nd_item<1> it) {
    rt::slm_init(group_size * sizeof(int));
    int* slm = reinterpret_cast<int*>(rt::current_item()->slm);
    const std::size_t lid = it.get_local_id(0), g = it.get_group(0);
    long acc = 0;
    for (int r = 0; r < rounds; ++r) {
      slm[lid] = int(r * 1000 + g * 100 + lid);
      rt::barrier();
      acc += slm[(lid + 1) % group_size];
      rt::barrier();
    }
    o[it.get_global_id(0)] = acc;
  });
  q.wait_and_throw();
  for (std::size_t g = 0; g < groups; ++g)
    for (std::size_t l = 0; l < group_size; ++l) {
      long want = 0;
      for (int r = 0; r < rounds; ++r)
        want += r * 1000 + long(g) * 100 + long((l + 1) % group_size);
      ASSERT_EQ(out[g * group_size + l], want)
          << "group size " << group_size << " group " << g << " item " << l;
    }
}

std::string message_of_async_error(sycl::queue& q) {
  try {
    q.wait_and_throw();
  } catch (const sycl::exception& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST(Barrier, NeighbourExchangeOneTo64Items) {
  for (std::size_t g : {1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 32, 33, 48, 64})
    neighbour_exchange(g, 6, 40);
}

TEST(Barrier, TwoAndThreeDimensionalGroups) {
  sycl::queue q;
  const sycl::range<3> G(4, 6, 4), L(2, 3, 4);
  std::vector<int> out(G.size(), 0);
  int* o = out.data();
  q.parallel_for(sycl::nd_range<3>(G, L), [=](sycl::nd_item<3> it) {
    rt::slm_init(24 * sizeof(int));
    int* slm = reinterpret_cast<int*>(rt::current_item()->slm);
    const std::size_t lid = it.get_local_linear_id();
    slm[lid] = int(it.get_global_linear_id());
    rt::barrier();
    o[it.get_global_linear_id()] = slm[23 - lid];  // the mirror item's global linear id
  });
  q.wait_and_throw();
  // Oracle: the item with local linear id 23 - lid in the same group.
  for (std::size_t x = 0; x < 4; ++x)
    for (std::size_t y = 0; y < 6; ++y)
      for (std::size_t z = 0; z < 4; ++z) {
        const std::size_t lid = ((x % 2) * 3 + y % 3) * 4 + z % 4, mirror = 23 - lid;
        const std::size_t mx = (x / 2) * 2 + mirror / 12, my = (y / 3) * 3 + (mirror / 4) % 3,
                          mz = mirror % 4;
        ASSERT_EQ(out[(x * 6 + y) * 4 + z], int((mx * 6 + my) * 4 + mz));
      }
  sycl::queue q2;
  std::vector<int> out2(64, 0);
  int* o2 = out2.data();
  q2.parallel_for(sycl::nd_range<2>(sycl::range<2>(8, 8), sycl::range<2>(4, 2)),
                  [=](sycl::nd_item<2> it) {
                    rt::slm_init(8 * sizeof(int));
                    int* slm = reinterpret_cast<int*>(rt::current_item()->slm);
                    slm[it.get_local_linear_id()] = 1;
                    rt::barrier();
                    int sum = 0;
                    for (int i = 0; i < 8; ++i) sum += slm[i];
                    o2[it.get_global_linear_id()] = sum;
                  });
  q2.wait_and_throw();
  for (int v : out2) ASSERT_EQ(v, 8);
}

TEST(Slm, IsolatedBetweenConcurrentGroups) {
  sycl::queue q;
  constexpr std::size_t kGroups = 256, kSize = 8, kWords = 1024;
  std::vector<int> bad(kGroups, 0);
  int* b = bad.data();
  q.parallel_for(sycl::nd_range<1>(kGroups * kSize, kSize), [=](sycl::nd_item<1> it) {
    rt::slm_init(kWords * sizeof(int));
    int* slm = reinterpret_cast<int*>(rt::current_item()->slm);
    const int g = int(it.get_group(0));
    for (int r = 0; r < 5; ++r) {
      for (std::size_t i = it.get_local_id(0); i < kWords; i += kSize) slm[i] = g * 10 + r;
      rt::barrier();
      for (std::size_t i = 0; i < kWords; ++i)
        if (slm[i] != g * 10 + r) b[g] = 1;
      rt::barrier();
    }
  });
  q.wait_and_throw();
  for (std::size_t g = 0; g < kGroups; ++g) ASSERT_EQ(bad[g], 0) << "group " << g;
}

TEST(Slm, FilledWithCdAtInit) {
  sycl::queue q;
  std::vector<unsigned char> seen(4 * 256, 0);
  unsigned char* s = seen.data();
  // Two launches on the same workers: the second must not see the first one's data.
  for (int launch = 0; launch < 2; ++launch)
    q.parallel_for(sycl::nd_range<1>(4, 1), [=](sycl::nd_item<1> it) {
      rt::slm_init(256);
      std::byte* slm = rt::current_item()->slm;
      EXPECT_EQ(rt::current_item()->slm_size, 256u);
      std::memcpy(s + it.get_global_id(0) * 256, slm, 256);
      std::memset(slm, 0x11, 256);
    });
  q.wait_and_throw();
  for (unsigned char c : seen) ASSERT_EQ(c, 0xCD);
}

TEST(Slm, AboveModelLimitIsAnError) {
  sycl::queue q;
  const std::size_t limit = xesim::dev::current_device().slm_per_group;
  q.parallel_for<class TooMuchSlm>(sycl::nd_range<1>(8, 8),
                                   [=](sycl::nd_item<1>) { rt::slm_init(limit + 1); });
  const std::string msg = message_of_async_error(q);
  EXPECT_NE(msg.find("slm_init(" + std::to_string(limit + 1) + ")"), std::string::npos) << msg;
  EXPECT_NE(msg.find("TooMuchSlm"), std::string::npos) << msg;
  EXPECT_NE(msg.find(std::to_string(limit)), std::string::npos) << msg;
  // Exactly the limit is fine.
  q.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1>) { rt::slm_init(limit); });
  EXPECT_NO_THROW(q.wait_and_throw());
}

// SLM in a range launch is legal (each item is a group of one: tests/runtime/range_slm_test.cpp);
// a barrier there is not, and neither is either of them on the host.
TEST(Slm, BarrierOutsideNdRangeIsAnError) {
  sycl::queue q;
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1>) { rt::slm_init(64); });
  EXPECT_NO_THROW(q.wait_and_throw());
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1>) { rt::barrier(); });
  EXPECT_NE(message_of_async_error(q).find("need an nd_range launch"), std::string::npos);
  EXPECT_THROW(rt::slm_init(16), sycl::exception);  // on the host
  EXPECT_THROW(rt::barrier(), sycl::exception);
}

TEST(Divergence, EarlyReturnBeforeBarrierIsReported) {
  sycl::queue q;
  std::atomic<int> after{0};
  std::atomic<int>* pa = &after;
  q.parallel_for<class EarlyExit>(sycl::nd_range<1>(16, 4), [=](sycl::nd_item<1> it) {
    if (it.get_group(0) == 2 && it.get_local_id(0) == 1) return;  // skips the barrier
    rt::barrier();
    pa->fetch_add(1);
  });
  try {
    q.wait_and_throw();
    FAIL() << "divergence not reported";
  } catch (const sycl::exception& e) {
    const std::string msg = e.what();
    EXPECT_EQ(e.code(), sycl::errc::kernel);
    EXPECT_NE(msg.find("barrier divergence"), std::string::npos) << msg;
    EXPECT_NE(msg.find("EarlyExit"), std::string::npos) << msg;
    EXPECT_NE(msg.find("work-group (2)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("work-items {1} returned"), std::string::npos) << msg;
    EXPECT_NE(msg.find("work-items {0, 2, 3} wait"), std::string::npos) << msg;
  }
}

TEST(Divergence, DifferentBarrierCountsAreReported) {
  for (std::size_t g : {2, 5, 32}) {
    sycl::queue q;
    q.parallel_for(sycl::nd_range<1>(g * 3, g), [=](sycl::nd_item<1> it) {
      rt::barrier();
      if (it.get_local_id(0) % 2 == 0) rt::barrier();  // evens call one barrier more
    });
    const std::string msg = message_of_async_error(q);
    EXPECT_NE(msg.find("barrier divergence"), std::string::npos) << msg;
    EXPECT_NE(msg.find("barrier #2"), std::string::npos) << msg;
  }
}

TEST(Divergence, LastItemWaitingAloneIsReported) {
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) == 3) rt::barrier();
  });
  const std::string msg = message_of_async_error(q);
  EXPECT_NE(msg.find("work-items {0, 1, 2} returned"), std::string::npos) << msg;
  EXPECT_NE(msg.find("work-items {3} wait"), std::string::npos) << msg;
}

namespace {
std::vector<std::size_t> g_exited, g_waiting;
bool record_divergence(const rt::barrier_divergence_info& info) {
  g_exited.assign(info.exited, info.exited + info.exited_count);
  g_waiting.assign(info.waiting, info.waiting + info.waiting_count);
  return true;  // reported as a diagnostic: no exception
}
}  // namespace

TEST(Divergence, HookSeesItAndCanTakeOver) {
  const rt::engine_hooks saved = rt::hooks();  // the check layer's, when it is linked
  rt::hooks().barrier_divergence = &record_divergence;
  rt::hooks().divergence_releases = false;  // the group is abandoned, not released
  sycl::queue q;
  std::atomic<int> finished{0};
  std::atomic<int>* pf = &finished;
  q.parallel_for(sycl::nd_range<1>(18, 6), [=](sycl::nd_item<1> it) {
    if (it.get_group(0) == 1 && it.get_local_id(0) >= 4) return;
    rt::barrier();
    pf->fetch_add(1);
  });
  rt::hooks() = saved;
  EXPECT_NO_THROW(q.wait_and_throw());
  EXPECT_EQ(g_exited, (std::vector<std::size_t>{4, 5}));
  EXPECT_EQ(g_waiting, (std::vector<std::size_t>{0, 1, 2, 3}));
  EXPECT_EQ(finished.load(), 6 + 6);  // the other groups (0 and 2) ran to completion
}

namespace {
struct counted {
  std::atomic<int>* live;
  explicit counted(std::atomic<int>* l) : live(l) { live->fetch_add(1); }
  ~counted() { live->fetch_sub(1); }
};
}  // namespace

TEST(KernelException, FromAFiberUnwindsTheWaitingItems) {
  sycl::queue q;
  std::atomic<int> live{0};
  std::atomic<int>* pl = &live;
  q.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) {
    counted c(pl);
    rt::barrier();
    if (it.get_local_id(0) == 5) throw std::runtime_error("item 5 failed");
    rt::barrier();
  });
  try {
    q.wait_and_throw();
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "item 5 failed");
  }
  EXPECT_EQ(live.load(), 0) << "locals of abandoned work-items were not destroyed";
}

TEST(KernelException, FromTheHostItemUnwindsFibers) {
  sycl::queue q;
  std::atomic<int> live{0};
  std::atomic<int>* pl = &live;
  q.parallel_for(sycl::nd_range<1>(6, 3), [=](sycl::nd_item<1> it) {
    counted c(pl);
    rt::barrier();
    if (it.get_local_id(0) == 0)
      throw sycl::exception(sycl::make_error_code(sycl::errc::kernel_argument), "boom");
    rt::barrier();
  });
  EXPECT_EQ(message_of_async_error(q), "boom");
  EXPECT_EQ(live.load(), 0);
}

TEST(FiberStack, DeepLocalsFit) {
  sycl::queue q;
  std::vector<float> out(16, 0);
  float* o = out.data();
  q.parallel_for(sycl::nd_range<1>(16, 8), [=](sycl::nd_item<1> it) {
    volatile float big[16 * 1024];  // 64 KB of locals per work-item
    for (int i = 0; i < 16 * 1024; ++i) big[i] = float(i % 7);
    rt::barrier();
    float s = 0;
    for (int i = 0; i < 16 * 1024; ++i) s += big[i];
    o[it.get_global_id(0)] = s;
  });
  q.wait_and_throw();
  float want = 0;
  for (int i = 0; i < 16 * 1024; ++i) want += float(i % 7);
  for (float v : out) ASSERT_EQ(v, want);
}

TEST(Barrier, NoBarrierGroupsRunStraight) {
  sycl::queue q;
  std::vector<int> order;
  std::vector<int>* po = &order;
  // One group, one thread: items run in local-id order, each to completion, with no fiber.
  q.parallel_for(sycl::nd_range<1>(16, 16),
                 [=](sycl::nd_item<1> it) { po->push_back(int(it.get_local_id(0))); });
  ASSERT_EQ(order.size(), 16u);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(order[i], i);
}

namespace {
// Recurses with 32 KB frames; volatile keeps every frame's array alive.
int deep(int n) {
  volatile char frame[32 * 1024];
  frame[0] = char(n);
  return n == 0 ? frame[0] : deep(n - 1) + frame[0];
}
}  // namespace

TEST(FiberStackDeathTest, OverflowHitsTheGuardPage) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        sycl::queue q;
        q.parallel_for(sycl::nd_range<1>(2, 2), [=](sycl::nd_item<1> it) {
          rt::barrier();  // item 1 now runs on a fiber stack
          if (it.get_local_id(0) == 1) std::printf("%d\n", deep(64));  // 2 MB > 256 KB
        });
        q.wait_and_throw();
      },
      "");
}

// ------------------------------ fibers sleep between groups
// One group per launch runs on the calling thread, so its work_group (and fibers) is the same for
// both launches: items 1..7 (after the first barrier, on fibers) find their locals at the same
// addresses, and the fibers' stack tops are cache-coloured (distinct offsets within a page).
TEST(Fibers, KeptAcrossGroupsWithColouredStacks) {
  sycl::queue q;
  constexpr std::size_t kItems = 8;
  std::vector<std::uintptr_t> first(kItems), second(kItems);
  for (std::vector<std::uintptr_t>* out : {&first, &second}) {
    std::uintptr_t* o = out->data();
    q.parallel_for(sycl::nd_range<1>(kItems, kItems), [=](sycl::nd_item<1> it) {
      volatile int local = 0;
      rt::barrier();
      o[it.get_local_id(0)] = reinterpret_cast<std::uintptr_t>(&local);
    });
    q.wait_and_throw();
  }
  for (std::size_t i = 1; i < kItems; ++i) {
    EXPECT_EQ(first[i], second[i]) << "item " << i << " ran on a new fiber stack";
    for (std::size_t j = 1; j < i; ++j)
      EXPECT_NE(first[i] % 4096, first[j] % 4096) << "items " << i << ", " << j;
  }
}

TEST(Fibers, RunCorrectlyAfterAnAbandonedGroup) {
  for (int round = 0; round < 3; ++round) {
    sycl::queue q;
    q.parallel_for(sycl::nd_range<1>(16, 16), [=](sycl::nd_item<1> it) {
      rt::barrier();
      if (it.get_local_id(0) == 9) throw std::runtime_error("item 9");
      rt::barrier();
    });
    try {
      q.wait_and_throw();
      ADD_FAILURE() << "no error";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "item 9");
    }
    q.parallel_for(sycl::nd_range<1>(16, 16), [=](sycl::nd_item<1> it) {
      if (it.get_local_id(0) == 12) return;  // divergence: abandoned
      rt::barrier();
    });
    EXPECT_NE(message_of_async_error(q).find("barrier divergence"), std::string::npos);
    neighbour_exchange(16, 1, 5);  // the same fibers, woken for a healthy group
    neighbour_exchange(16, 3, 5);
  }
}

// A kernel that swallows the unwinding of its abandoned group still ends: every later barrier()
// of an abandoned item throws again at once instead of waiting.
TEST(Fibers, CatchAllAroundABarrierDoesNotHang) {
  sycl::queue q;
  std::atomic<int> caught{0};
  std::atomic<int>* pc = &caught;
  q.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
    for (int b = 0; b < 3; ++b) {
      try {
        rt::barrier();
      } catch (...) {
        pc->fetch_add(1);
      }
      if (b == 0 && it.get_local_id(0) == 0) throw std::runtime_error("item 0");
    }
  });
  try {
    q.wait_and_throw();
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "item 0");
  }
  // Round-robin: item 3 releases barrier 1 and waits at barrier 2, item 0 resumes and throws.
  // Items 1 and 2 are then unwound from barrier 1, item 3 from barrier 2; each goes on and
  // catches once per barrier left: 3 + 3 + 2.
  EXPECT_EQ(caught.load(), 8);
}

TEST(Barrier, ConcurrentLaunchesFromHostThreads) {
  std::vector<std::thread> threads;
  for (int t = 0; t < 3; ++t)
    threads.emplace_back([t] {
      for (int l = 0; l < 10; ++l) neighbour_exchange(std::size_t(4 + 12 * t), 5, 7);
    });
  for (std::thread& th : threads) th.join();
}
