// Named barriers (named_barrier_init / signal / wait, esimd and experimental spellings) in the
// work-group scheduler: in-order chains through producer-consumer barriers, producer-only and
// consumer-only roles with phases reused in a loop, mixing with the work-group barrier, and the
// misuse the engine reports instead of hanging (a phase that cannot complete, ids never made);
// split_barrier (experimental) in the same scheduler.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "xesim/check/check.hpp"
#include "xesim/esimd.hpp"
#include "xesim/runtime/hooks.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;
namespace rt = xesim::rt;
namespace esimd = xesim::esimd;

namespace {
struct checks_off : testing::Environment {
  void SetUp() override { xesim::check::set_level(xesim::check::level::off); }
};
[[maybe_unused]] testing::Environment* const kChecksOff =
    testing::AddGlobalTestEnvironment(new checks_off);

std::string message_of_async_error(sycl::queue& q) {
  try {
    q.wait_and_throw();
  } catch (const sycl::exception& e) {
    return e.what();
  }
  return "(no error)";
}
}  // namespace

// Item k overwrites a window that overlaps item k-1's, after k-1 wrote it: barrier k (2
// producer-consumers: k-1 and k) orders them. The oracle is the sequential order 0, 1, 2, ...
TEST(NamedBarrier, ProducerConsumerChainRunsItemsInOrder) {
  std::srand(42);
  for (int threads : {2, 4, 7, 16}) {
    const int vl = 2 + std::rand() % 6;  // elements per item; windows overlap by vl/2
    const int size = threads * vl;
    std::vector<int> out(size, -1), want(size, -1);
    for (int k = 0; k < threads; ++k)
      for (int j = 0; j < vl; ++j) want[k * (vl / 2) + j] = k;
    int* o = out.data();
    sycl::queue q;
    q.parallel_for(sycl::nd_range<1>(threads, threads), [=](sycl::nd_item<1> it) {
      esimd::named_barrier_init<16>();
      const int k = static_cast<int>(it.get_local_id(0));
      if (k > 0) {  // wait for k-1 on barrier k
        esimd::named_barrier_signal(k, 0, 2, 2);
        esimd::named_barrier_wait(k);
      }
      for (int j = 0; j < vl; ++j) o[k * (vl / 2) + j] = k;
      if (k + 1 < threads) {  // release k+1
        esimd::xesim_experimental::named_barrier_signal(k + 1, 0, 2, 2);
        esimd::xesim_experimental::named_barrier_wait(k + 1);
      }
    });
    q.wait_and_throw();
    EXPECT_EQ(out, want) << threads << " items";
  }
}

// Per round r: one producer (item r % T) writes SLM and signals (mode 1, no wait); the other T-1
// consume (mode 2) and wait, then read. Round r uses barrier 1 + r % 3: ids come back every
// third round (its second phase), once every item has left the earlier phase.
TEST(NamedBarrier, ProducerOnlyAndConsumerOnlyRolesOverRounds) {
  constexpr int kThreads = 8, kRounds = 5;
  std::vector<int> seen(kThreads * kRounds, 0);
  int* s = seen.data();
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(2 * kThreads, kThreads), [=](sycl::nd_item<1> it) {
    esimd::named_barrier_init<4>();
    esimd::slm_init<kRounds * sizeof(int)>();
    const int k = static_cast<int>(it.get_local_id(0));
    const int g = static_cast<int>(it.get_group(0));
    for (int r = 0; r < kRounds; ++r) {
      const bool producer = k == r % kThreads;
      if (producer) esimd::slm_scalar_store<int>(r * sizeof(int), 1000 * g + 10 * r + k);
      const uint8_t id = static_cast<uint8_t>(1 + r % 3);
      esimd::named_barrier_signal(id, producer ? 1 : 2, 1, kThreads - 1);
      if (!producer) esimd::named_barrier_wait(id);
      const int v = esimd::slm_scalar_load<int>(r * sizeof(int));
      if (g == 1) s[r * kThreads + k] = v;
      if (r % 3 == 2) esimd::barrier();  // every item is past the phases before ids repeat
    }
  });
  q.wait_and_throw();
  for (int r = 0; r < kRounds; ++r)
    for (int k = 0; k < kThreads; ++k) {
      if (k == r % kThreads) continue;  // the producer read its own write: no ordering needed
      EXPECT_EQ(seen[r * kThreads + k], 1000 + 10 * r + r % kThreads) << "round " << r;
    }
}

// Named barriers and the work-group barrier in one kernel: each keeps its own count.
// named_barrier_allocate<N> in a called function raises the kernel's count above an
// init<1> (Intel's allocate_barrier test); and after a wait releases every item, each item's
// fence lets the others read the phase's data before one of them overwrites it in the next
// phase (Intel's named_barriers/loop test: on the GPU the items run side by side).
[[gnu::noinline]] void chain_in_callee(int* o, int k, int threads) {
  esimd::xesim_experimental::named_barrier_allocate<7>();  // ids 1..7 beyond init<1>'s id 0
  if (k > 0) {
    esimd::named_barrier_signal(static_cast<uint8_t>(k), 0, 2, 2);
    esimd::named_barrier_wait(static_cast<uint8_t>(k));
  }
  o[k] = k;
  esimd::fence();
  if (k + 1 < threads) {
    esimd::named_barrier_signal(static_cast<uint8_t>(k + 1), 0, 2, 2);
    esimd::named_barrier_wait(static_cast<uint8_t>(k + 1));
  }
}

TEST(NamedBarrier, AllocateInACalleeRaisesTheCount) {
  constexpr int kThreads = 8;
  std::vector<int> out(kThreads, -1);
  int* o = out.data();
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(kThreads, kThreads), [=](sycl::nd_item<1> it) {
    esimd::named_barrier_init<1>();
    chain_in_callee(o, static_cast<int>(it.get_local_id(0)), kThreads);
  });
  q.wait_and_throw();
  for (int k = 0; k < kThreads; ++k) EXPECT_EQ(out[k], k);
}

TEST(NamedBarrier, FencesKeepReleasedItemsSideBySide) {
  constexpr int kThreads = 8, kPhases = 3;
  std::vector<int> seen(kThreads * kPhases, -1);
  int* s = seen.data();
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(kThreads, kThreads), [=](sycl::nd_item<1> it) {
    esimd::named_barrier_init<kPhases + 1>();
    esimd::slm_init<sizeof(int)>();
    const int k = static_cast<int>(it.get_local_id(0));
    if (k == 0) esimd::slm_scalar_store<int>(0, 0);
    esimd::barrier();
    for (int b = 1; b <= kPhases; ++b) {
      const bool producer = k == b;  // item b writes phase b's value, everyone reads it
      if (producer) esimd::slm_scalar_store<int>(0, 100 * b);
      esimd::named_barrier_signal(static_cast<uint8_t>(b), producer ? 0 : 2, 1, kThreads);
      esimd::named_barrier_wait(static_cast<uint8_t>(b));
      const int v = esimd::slm_scalar_load<int>(0);
      esimd::fence();
      s[(b - 1) * kThreads + k] = v;
      esimd::fence();
    }
  });
  q.wait_and_throw();
  for (int b = 1; b <= kPhases; ++b)
    for (int k = 0; k < kThreads; ++k)
      EXPECT_EQ(seen[(b - 1) * kThreads + k], 100 * b) << "phase " << b << " item " << k;
}

TEST(NamedBarrier, MixesWithTheWorkGroupBarrier) {
  constexpr int kThreads = 6;
  std::vector<int> out(kThreads, 0);
  int* o = out.data();
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(kThreads, kThreads), [=](sycl::nd_item<1> it) {
    esimd::named_barrier_init<4>();
    esimd::slm_init<64>();
    const int k = static_cast<int>(it.get_local_id(0));
    esimd::slm_scalar_store<int>(k * 4, 0);
    esimd::barrier();
    // Pairs (0,1), (2,3), (4,5) exchange through barriers 1, 2 and 3.
    const int id = 1 + k / 2;
    esimd::slm_scalar_store<int>(k * 4, 10 + k);
    esimd::named_barrier_signal(id, 0, 2, 2);
    esimd::named_barrier_wait(id);
    const int partner = esimd::slm_scalar_load<int>((k ^ 1) * 4);
    esimd::barrier();
    o[k] = partner;
  });
  q.wait_and_throw();
  for (int k = 0; k < kThreads; ++k) EXPECT_EQ(out[k], 10 + (k ^ 1));
}

// A consumer whose phase can never complete (2 producers announced, 1 signals): reported as
// barrier divergence naming the named barrier, never a hang.
TEST(NamedBarrier, PhaseThatCannotCompleteIsReported) {
  sycl::queue q;
  q.parallel_for<class NbarStuck>(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> it) {
    esimd::named_barrier_init<2>();
    const int k = static_cast<int>(it.get_local_id(0));
    if (k == 0) esimd::named_barrier_signal(1, 1, 2, 3);  // one producer of the 2 announced
    if (k > 0) {
      esimd::named_barrier_signal(1, 2, 2, 3);
      esimd::named_barrier_wait(1);
    }
  });
  const std::string msg = message_of_async_error(q);
  EXPECT_NE(msg.find("barrier divergence"), std::string::npos) << msg;
  EXPECT_NE(msg.find("NbarStuck"), std::string::npos) << msg;
  EXPECT_NE(msg.find("named_barrier_wait(1)"), std::string::npos) << msg;
  EXPECT_NE(msg.find("work-items {1, 2, 3} wait"), std::string::npos) << msg;
}

// Every item waits on a named barrier nobody signals while one waits at barrier(): a deadlock
// with no item returned, also reported.
TEST(NamedBarrier, DeadlockWithTheWorkGroupBarrierIsReported) {
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
    esimd::named_barrier_init<2>();
    if (it.get_local_id(0) == 0)
      esimd::barrier();
    else
      esimd::named_barrier_wait(1);
  });
  const std::string msg = message_of_async_error(q);
  EXPECT_NE(msg.find("barrier divergence"), std::string::npos) << msg;
}

namespace {
std::vector<int> g_nbar;
bool record_divergence(const rt::barrier_divergence_info& info) {
  g_nbar.clear();
  for (std::size_t i = 0; i < info.waiting_count; ++i)
    g_nbar.push_back(info.named_barrier[info.waiting[i]]);
  return true;
}
}  // namespace

// The check layer's hook sees which named barrier each waiting item is on; releasing lets the
// waiters go on (the kernel completes).
TEST(NamedBarrier, HookSeesTheBarrierIdsAndCanRelease) {
  const rt::engine_hooks saved = rt::hooks();
  rt::hooks().barrier_divergence = &record_divergence;
  rt::hooks().divergence_releases = true;
  std::vector<int> done(4, 0);
  int* d = done.data();
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
    esimd::named_barrier_init<4>();
    const int k = static_cast<int>(it.get_local_id(0));
    if (k >= 2) esimd::named_barrier_wait(static_cast<uint8_t>(k));
    d[k] = 1;
  });
  rt::hooks() = saved;
  EXPECT_NO_THROW(q.wait_and_throw());
  EXPECT_EQ(g_nbar, (std::vector<int>{2, 3}));
  EXPECT_EQ(done, (std::vector<int>{1, 1, 1, 1}));
}

TEST(NamedBarrier, MisuseThrows) {
  {
    sycl::queue q;  // id beyond named_barrier_init's count
    q.parallel_for(sycl::nd_range<1>(2, 2), [=](sycl::nd_item<1>) {
      esimd::named_barrier_init<2>();
      esimd::named_barrier_signal(5, 0, 2, 2);
    });
    const std::string msg = message_of_async_error(q);
    EXPECT_NE(msg.find("named_barrier_signal(5)"), std::string::npos) << msg;
  }
  {
    sycl::queue q;  // a plain range launch has no work-group
    q.parallel_for(sycl::range<1>(2), [=](sycl::id<1>) { esimd::named_barrier_init<2>(); });
    const std::string msg = message_of_async_error(q);
    EXPECT_NE(msg.find("need an nd_range launch"), std::string::npos) << msg;
  }
  {
    sycl::queue q;  // more than 32
    q.parallel_for(sycl::nd_range<1>(2, 2),
                   [=](sycl::nd_item<1>) { esimd::named_barrier_init<33>(); });
    const std::string msg = message_of_async_error(q);
    EXPECT_NE(msg.find("at most 32"), std::string::npos) << msg;
  }
}

// split_barrier: signal, then work that needs no ordering, then wait; after the wait every
// item's writes before its signal are visible. Run twice per kernel (phases reused).
TEST(SplitBarrier, WaitSeesEveryWriteBeforeTheSignals) {
  namespace exp = xesim::esimd::xesim_experimental;
  std::srand(42);
  for (int n : {1, 3, 8, 32}) {
    std::vector<int> in(n * 2);
    for (auto& x : in) x = std::rand() % 1000;
    std::vector<long> out(n * 2, -1);
    const int* pi = in.data();
    long* po = out.data();
    sycl::queue q;
    q.parallel_for(sycl::nd_range<1>(2 * n, n), [=](sycl::nd_item<1> it) {
      esimd::slm_init<32 * sizeof(int)>();
      const int k = static_cast<int>(it.get_local_id(0));
      const int g = static_cast<int>(it.get_global_id(0));
      for (int round = 0; round < 2; ++round) {
        esimd::slm_scalar_store<int>(k * 4, pi[g] + round);
        exp::split_barrier<exp::split_barrier_action::signal>();
        long local = 0;
        for (int j = 0; j < 10; ++j) local += j;  // independent work between the halves
        exp::split_barrier<exp::split_barrier_action::wait>();
        long sum = 0;
        for (int j = 0; j < n; ++j) sum += esimd::slm_scalar_load<int>(j * 4);
        if (round == 1) po[g] = sum + local;
        esimd::barrier();  // nobody overwrites SLM before all have read it
      }
    });
    q.wait_and_throw();
    for (int grp = 0; grp < 2; ++grp) {
      long want = 45;
      for (int j = 0; j < n; ++j) want += in[grp * n + j] + 1;
      for (int j = 0; j < n; ++j) EXPECT_EQ(out[grp * n + j], want) << n << " items";
    }
  }
}

TEST(SplitBarrier, ItemThatNeverSignalsIsReported) {
  namespace exp = xesim::esimd::xesim_experimental;
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1> it) {
    if (it.get_local_id(0) == 2) return;  // never signals
    exp::split_barrier<exp::split_barrier_action::signal>();
    exp::split_barrier<exp::split_barrier_action::wait>();
  });
  const std::string msg = message_of_async_error(q);
  EXPECT_NE(msg.find("barrier divergence"), std::string::npos) << msg;
  EXPECT_NE(msg.find("split_barrier<wait>()"), std::string::npos) << msg;
}
