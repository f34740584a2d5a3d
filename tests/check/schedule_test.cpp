// XESIM_SCHEDULE=sequential|random:<seed>: the order in which a work-group's items run after a
// barrier. A kernel with an SLM race (an item reads its neighbour's slot with no barrier between
// the neighbour's write and the read) gives a different result under another order; the same
// seed gives the same order, so the same result, every time; a race-free kernel gives the same
// result under every order. Each run is a child process with its own XESIM_SCHEDULE (the engine
// reads it once); all seeds are fixed, so nothing here is left to chance.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "check/check_util.hpp"

namespace esimd = sycl::ext::intel::esimd;
using check_test::run_child;

namespace {

constexpr int kGroup = 8, kGroups = 4, kItems = kGroup * kGroups;

// Values each item writes to its own SLM slot: before the barrier, then after it.
constexpr int before_barrier(int gid) { return 1000 + gid; }
constexpr int after_barrier(int gid) { return 2000 + gid; }

// Runs the neighbour exchange; with `racy`, the second write and the neighbour's read have no
// barrier between them. Prints "result: v0 v1 ..." (one value per work-item) on stdout.
void exchange(bool racy) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(kItems, q);
  q.parallel_for<class ScheduleExchange>(
       sycl::nd_range<1>(kItems, kGroup),
       [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
         esimd::slm_init<kGroup * sizeof(int)>();
         const uint32_t lid = it.get_local_id(0);
         const int gid = static_cast<int>(it.get_global_id(0));
         esimd::slm_scalar_store<int>(lid * 4, before_barrier(gid));
         esimd::barrier();
         esimd::slm_scalar_store<int>(lid * 4, after_barrier(gid));  // the racy write
         if (!racy) esimd::barrier();
         out[gid] = esimd::slm_scalar_load<int>(((lid + 1) % kGroup) * 4);  // the racy read
       })
      .wait();
  std::printf("result:");
  for (int i = 0; i < kItems; ++i) std::printf(" %d", out[i]);
  std::printf("\n");
  sycl::free(out, q);
}

CHILD_TEST(Racy) { exchange(true); }
CHILD_TEST(RaceFree) { exchange(false); }

// The values after "result:" in a child's output; empty if the child printed none.
std::vector<int> result_of(const xesim_test::command_result& r) {
  std::vector<int> v;
  const std::size_t at = r.output.find("result:");
  if (at == std::string::npos) return v;
  std::istringstream in(r.output.substr(at + 7, r.output.find('\n', at) - at - 7));
  for (int x; in >> x;) v.push_back(x);
  return v;
}

std::vector<int> run(const char* child, const std::string& schedule, const char* level = "basic") {
  const auto r =
      run_child(child, std::string("XESIM_CHECK=") + level + " XESIM_SCHEDULE=" + schedule);
  EXPECT_EQ(r.status, 0) << schedule << "\n" << r.output;
  const std::vector<int> v = result_of(r);
  EXPECT_EQ(v.size(), std::size_t(kItems)) << schedule << "\n" << r.output;
  return v;
}

// Seeds whose racy result differs from the sequential one (seeds 1..8 and 42 all did, by running
// Child.Racy under each; with 8 items per group, a random order is rarely round-robin).
constexpr const char* kSeeds[] = {"random:1", "random:2", "random:42"};

}  // namespace

// Sequential: the last item to reach the barrier (kGroup - 1) releases it and runs on, then the
// others in local-id order, round-robin. So each item reads its neighbour's slot before the
// neighbour rewrote it, except item kGroup - 2, whose neighbour already ran.
TEST(Schedule, SequentialIsRoundRobinFromTheLastArrival) {
  const std::vector<int> got = run("Racy", "sequential");
  ASSERT_EQ(got.size(), std::size_t(kItems));
  for (int g = 0; g < kGroups; ++g)
    for (int l = 0; l < kGroup; ++l) {
      const int neighbour = g * kGroup + (l + 1) % kGroup;
      const int want = l == kGroup - 2 ? after_barrier(neighbour) : before_barrier(neighbour);
      EXPECT_EQ(got[g * kGroup + l], want) << "group " << g << " item " << l;
    }
  EXPECT_EQ(run("Racy", ""), got) << "sequential is the default";
}

TEST(Schedule, RandomOrderChangesTheRacyResult) {
  const std::vector<int> sequential = run("Racy", "sequential");
  for (const char* seed : kSeeds) {
    const std::vector<int> got = run("Racy", seed);
    EXPECT_NE(got, sequential) << seed;
    // Whatever the order, each item read its neighbour's slot, before or after its rewrite.
    for (int i = 0; i < int(got.size()); ++i) {
      const int neighbour = i / kGroup * kGroup + (i % kGroup + 1) % kGroup;
      EXPECT_TRUE(got[i] == before_barrier(neighbour) || got[i] == after_barrier(neighbour))
          << seed << " item " << i << ": " << got[i];
    }
  }
  // Different seeds, different orders: not all of them give the same result.
  EXPECT_NE(run("Racy", kSeeds[0]), run("Racy", kSeeds[1]));
}

TEST(Schedule, SameSeedSameResult) {
  for (const char* seed : kSeeds) EXPECT_EQ(run("Racy", seed), run("Racy", seed)) << seed;
}

TEST(Schedule, RaceReportedUnderFullWithAnySchedule) {
  for (const std::string schedule : {"sequential", "random:1"}) {
    const auto r = run_child("Racy", "XESIM_CHECK=full XESIM_SCHEDULE=" + schedule);
    EXPECT_EQ(r.status, 1) << schedule << "\n" << r.output;
    EXPECT_NE(r.output.find("[slm-race]"), std::string::npos) << schedule << "\n" << r.output;
    EXPECT_NE(r.output.find("ScheduleExchange"), std::string::npos) << r.output;
    for (const char* marker : {"the racy write", "the racy read"})
      EXPECT_NE(r.output.find(check_test::line_of("schedule_test.cpp", marker)), std::string::npos)
          << marker << "\n"
          << r.output;
  }
}

TEST(Schedule, RaceFreeResultIsTheSameUnderEveryOrder) {
  std::vector<int> want(kItems);
  for (int i = 0; i < kItems; ++i)
    want[i] = after_barrier(i / kGroup * kGroup + (i % kGroup + 1) % kGroup);
  EXPECT_EQ(run("RaceFree", "sequential"), want);
  for (const char* seed : {"random:1", "random:2", "random:7", "random:42", "random:12345"})
    EXPECT_EQ(run("RaceFree", seed), want) << seed;
  const auto r = run_child("RaceFree", "XESIM_CHECK=full XESIM_SCHEDULE=random:42");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
}
