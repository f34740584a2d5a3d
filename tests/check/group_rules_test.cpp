// Must-fire and must-not-fire tests of the work-group and launch rules: barrier-divergence,
// slm-too-large, slm-init-misuse, slm-race (full), invalid-launch, kernel-crash, and the guide's
// example programs staying silent under full. Buggy kernels run in a child process.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdio>

#include "check/check_util.hpp"

namespace esimd = sycl::ext::intel::esimd;
using check_test::line_of;
using check_test::run_child;
using esimd::simd;

namespace {
bool fired(const xesim_test::command_result& r, const char* rule, const char* kernel,
           const char* marker) {
  const std::string line = marker ? line_of("group_rules_test.cpp", marker) : "";
  return r.output.find(std::string("[") + rule + "]") != std::string::npos &&
         r.output.find(kernel) != std::string::npos &&
         (!marker || (!line.empty() && r.output.find(line) != std::string::npos));
}
bool silent(const xesim_test::command_result& r) {
  return r.status == 0 && !check_test::has_diagnostic(r.output);
}
}  // namespace

// ------------------------------ barrier-divergence
CHILD_TEST(EarlyReturn) {
  sycl::queue q;
  int* after = sycl::malloc_shared<int>(1, q);
  *after = 0;
  q.parallel_for<class EarlyExit>(sycl::nd_range<1>(16, 4),
                                  [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
                                    if (it.get_global_id(0) >= 14)
                                      return;          // the last group's items 2, 3 leave
                                    esimd::barrier();  // FIRE: divergence
                                    esimd::atomic_update<esimd::atomic_op::add, int, 1>(
                                        after, simd<uint32_t, 1>(0), simd<int, 1>(1));
                                  })
      .wait();
  std::printf("after=%d\n", *after);
  sycl::free(after, q);
}
CHILD_TEST(GuardedTail) {
  sycl::queue q;
  int* after = sycl::malloc_shared<int>(1, q);
  *after = 0;
  q.parallel_for<class Guarded>(sycl::nd_range<1>(16, 4),
                                [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
                                  const bool active = it.get_global_id(0) < 14;
                                  esimd::barrier();
                                  if (!active) return;
                                  esimd::atomic_update<esimd::atomic_op::add, int, 1>(
                                      after, simd<uint32_t, 1>(0), simd<int, 1>(1));
                                })
      .wait();
  std::printf("after=%d\n", *after);
  sycl::free(after, q);
}
TEST(BarrierDivergence, FiresReleasesTheWaitersAndCompletes) {
  const auto r = run_child("EarlyReturn", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(fired(r, "barrier-divergence", "EarlyExit", "FIRE: divergence")) << r.output;
  EXPECT_NE(r.output.find("work-items {2, 3}"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("after=14"), std::string::npos) << r.output;  // waiters went on
}
TEST(BarrierDivergence, SilentWhenEveryItemReachesTheBarrier) {
  const auto r = run_child("GuardedTail", "XESIM_CHECK=full");
  EXPECT_TRUE(silent(r)) << r.output;
  EXPECT_NE(r.output.find("after=14"), std::string::npos) << r.output;
}

// Named barriers: a consumer phase no work-item can complete (2 producers announced, 1 signals).
CHILD_TEST(NamedStuck) {
  sycl::queue q;
  int* after = sycl::malloc_shared<int>(1, q);
  *after = 0;
  q.parallel_for<class NbarStuck>(sycl::nd_range<1>(8, 4),
                                  [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
                                    esimd::named_barrier_init<2>();
                                    const int k = static_cast<int>(it.get_local_id(0));
                                    esimd::named_barrier_signal(1, k == 0 ? 1 : 2, 2, 3);
                                    if (k > 0) esimd::named_barrier_wait(1);  // FIRE: nbar
                                    esimd::atomic_update<esimd::atomic_op::add, int, 1>(
                                        after, simd<uint32_t, 1>(0), simd<int, 1>(1));
                                  })
      .wait();
  std::printf("after=%d\n", *after);
  sycl::free(after, q);
}
CHILD_TEST(NamedFine) {
  sycl::queue q;
  int* after = sycl::malloc_shared<int>(1, q);
  *after = 0;
  q.parallel_for<class NbarFine>(sycl::nd_range<1>(8, 4),
                                 [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
                                   esimd::named_barrier_init<2>();
                                   const int k = static_cast<int>(it.get_local_id(0));
                                   esimd::named_barrier_signal(1, k < 2 ? 1 : 2, 2, 2);
                                   if (k >= 2) esimd::named_barrier_wait(1);
                                   esimd::atomic_update<esimd::atomic_op::add, int, 1>(
                                       after, simd<uint32_t, 1>(0), simd<int, 1>(1));
                                 })
      .wait();
  std::printf("after=%d\n", *after);
  sycl::free(after, q);
}
TEST(BarrierDivergence, NamedBarrierThatCannotCompleteFiresAndReleases) {
  const auto r = run_child("NamedStuck", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(fired(r, "barrier-divergence", "NbarStuck", "FIRE: nbar")) << r.output;
  EXPECT_NE(r.output.find("named barrier 1"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("named_barrier_wait(1)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("after=8"), std::string::npos) << r.output;  // waiters went on
}
TEST(BarrierDivergence, NamedBarrierSilentWhenPhasesComplete) {
  const auto r = run_child("NamedFine", "XESIM_CHECK=full");
  EXPECT_TRUE(silent(r)) << r.output;
  EXPECT_NE(r.output.find("after=8"), std::string::npos) << r.output;
}

// ------------------------------ slm-too-large / slm-init-misuse
CHILD_TEST(SlmHuge) {
  sycl::queue q;
  q.parallel_for<class HugeSlm>(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1>) SYCL_ESIMD_KERNEL {
     esimd::slm_init<256 * 1024>();  // FIRE: too large
     esimd::slm_scalar_store<int>(0, 1);
   }).wait();
}
CHILD_TEST(SlmBig) {
  sycl::queue q;
  q.parallel_for<class BigSlm>(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1>) SYCL_ESIMD_KERNEL {
     esimd::slm_init<96 * 1024>();  // FIRE: above 64
   }).wait();
}
CHILD_TEST(SlmSome) {
  sycl::queue q;
  q.parallel_for<class SomeInit>(sycl::nd_range<1>(8, 4),
                                 [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
                                   if (it.get_local_id(0) == 0)
                                     esimd::slm_init<64>();  // FIRE: some
                                 })
      .wait();
}
CHILD_TEST(SlmTwice) {
  sycl::queue q;
  q.parallel_for<class TwiceInit>(sycl::nd_range<1>(4, 4), [=](sycl::nd_item<1>) SYCL_ESIMD_KERNEL {
     esimd::slm_init<64>();
     esimd::slm_init<128>();  // FIRE: twice
   }).wait();
}
CHILD_TEST(SlmFine) {
  sycl::queue q;
  q.parallel_for<class FineInit>(sycl::nd_range<1>(8, 4),
                                 [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
                                   esimd::slm_init<32 * 1024>();
                                   esimd::slm_scalar_store<int>(4 * it.get_local_id(0), 1);
                                 })
      .wait();
}
TEST(SlmTooLarge, ErrorOverTheModelWarningOver64K) {
  auto r = run_child("SlmHuge", "XESIM_DEVICE=arc-b580");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(fired(r, "slm-too-large", "HugeSlm", "FIRE: too large")) << r.output;
  EXPECT_NE(r.output.find("xesim: error:"), std::string::npos) << r.output;
  r = run_child("SlmBig", "XESIM_DEVICE=arc-b580");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fired(r, "slm-too-large", "BigSlm", "FIRE: above 64")) << r.output;
  EXPECT_NE(r.output.find("xesim: warning: [slm-too-large]"), std::string::npos) << r.output;
}
TEST(SlmInitMisuse, FiresOnSomeItemsAndOnTwice) {
  auto r = run_child("SlmSome", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(fired(r, "slm-init-misuse", "SomeInit", "FIRE: some")) << r.output;
  r = run_child("SlmTwice", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(fired(r, "slm-init-misuse", "TwiceInit", "FIRE: twice")) << r.output;
}
TEST(SlmInitMisuse, SilentOnOneUnconditionalInit) {
  EXPECT_TRUE(silent(run_child("SlmFine", "XESIM_CHECK=full")));
}

// ------------------------------ slm-race (full)
CHILD_TEST(Race) {
  sycl::queue q;
  float* out = sycl::malloc_shared<float>(8, q);
  q.parallel_for<class RaceNeighbour>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1>
                                                                       it) SYCL_ESIMD_KERNEL {
     esimd::slm_init<8 * sizeof(float)>();
     const uint32_t lid = it.get_local_id(0);
     esimd::slm_scalar_store<float>(lid * 4, float(lid));
     out[lid] = esimd::slm_scalar_load<float>(((lid + 1) % 8) * 4);  // FIRE: race
   }).wait();
  sycl::free(out, q);
}
CHILD_TEST(NoRace) {
  sycl::queue q;
  float* out = sycl::malloc_shared<float>(8, q);
  q.parallel_for<class NoRaceNeighbour>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1>
                                                                         it) SYCL_ESIMD_KERNEL {
     esimd::slm_init<8 * sizeof(float)>();
     const uint32_t lid = it.get_local_id(0);
     esimd::slm_scalar_store<float>(lid * 4, float(lid));
     esimd::barrier();
     out[lid] = esimd::slm_scalar_load<float>(((lid + 1) % 8) * 4);
     esimd::barrier();
     esimd::slm_scalar_store<float>(lid * 4, 0.f);  // rewriting after a barrier is fine
   }).wait();
  sycl::free(out, q);
}
TEST(SlmRace, FiresUnderFullOnly) {
  auto r = run_child("Race", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(fired(r, "slm-race", "RaceNeighbour", "FIRE: race")) << r.output;
  r = run_child("Race", "XESIM_CHECK=basic");
  EXPECT_TRUE(silent(r)) << r.output;
}
TEST(SlmRace, SilentWithBarriers) {
  for (const char* sched : {"sequential", "random:1", "random:7"})
    EXPECT_TRUE(
        silent(run_child("NoRace", std::string("XESIM_CHECK=full XESIM_SCHEDULE=") + sched)))
        << sched;
}

// ------------------------------ invalid-launch
CHILD_TEST(BadRange) {
  sycl::queue q;
  try {
    q.parallel_for<class BadNd>(sycl::nd_range<1>(10, 4),  // LAUNCH: queue shortcut
                                [=](sycl::nd_item<1>) SYCL_ESIMD_KERNEL {});
  } catch (const sycl::exception& e) {
    std::printf("caught errc=%d\n", e.code().value());
  }
  try {
    q.submit([&](sycl::handler& h) {
      h.parallel_for<class BadGroup>(sycl::nd_range<2>({64, 64}, {64, 32}),  // LAUNCH: in a submit
                                     [=](sycl::nd_item<2>) SYCL_ESIMD_KERNEL {});
    });
  } catch (const sycl::exception& e) {
    std::printf("caught errc=%d\n", e.code().value());
  }
}
CHILD_TEST(GoodRange) {
  sycl::queue q;
  q.parallel_for<class GoodNd>(sycl::nd_range<1>(12, 4), [=](sycl::nd_item<1>) SYCL_ESIMD_KERNEL {
   }).wait();
  q.submit([&](sycl::handler& h) {
    h.parallel_for<class GoodGroup>(sycl::nd_range<2>({8, 8}, {4, 8}),
                                    [=](sycl::nd_item<2>) SYCL_ESIMD_KERNEL {});
  });
  q.wait_and_throw();
}
TEST(InvalidLaunch, ReportedWithTheLaunchLineAndStillThrown) {
  const auto r = run_child("BadRange", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_TRUE(fired(r, "invalid-launch", "BadNd", "LAUNCH: queue shortcut")) << r.output;
  EXPECT_NE(r.output.find("not a multiple of local range"), std::string::npos) << r.output;
  // The handler form inside a submit names the h.parallel_for line, and the submit's.
  EXPECT_TRUE(fired(r, "invalid-launch", "BadGroup", "LAUNCH: in a submit")) << r.output;
  EXPECT_NE(r.output.find("exceeds max_work_group_size"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("    submit: "), std::string::npos) << r.output;
  const std::size_t first = r.output.find("caught errc=");
  EXPECT_NE(first, std::string::npos) << r.output;
  EXPECT_NE(r.output.find("caught errc=", first + 1), std::string::npos) << r.output;
}
TEST(InvalidLaunch, SilentOnValidLaunches) {
  const auto r = run_child("GoodRange", "XESIM_DEVICE=meteor-lake");
  EXPECT_TRUE(silent(r)) << r.output;
}

// ------------------------------ kernel-crash
CHILD_TEST(Crash) {
  sycl::queue q;
  int* volatile bad = nullptr;
  int* good = sycl::malloc_shared<int>(8, q);
  auto kernel = [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    const simd<int, 8> v(static_cast<int>(i[0]));
    esimd::block_store<int, 8>(good, v);  // LAST OP
    if (i[0] == 2) *bad = 1;
  };
  q.parallel_for<class CrashKernel>(sycl::range<1>(4), kernel).wait();  // LAUNCH: crash
}
TEST(KernelCrash, NamesTheKernelWorkItemAndLinesBeforeDying) {
  const auto r = run_child("Crash", "");
  EXPECT_NE(r.status, 0) << r.output;
  EXPECT_TRUE(fired(r, "kernel-crash", "CrashKernel", "LAUNCH: crash")) << r.output;
  EXPECT_TRUE(fired(r, "kernel-crash", "CrashKernel", "LAST OP")) << r.output;
  EXPECT_NE(r.output.find("work-item: (2)"), std::string::npos) << r.output;
}

// ------------------------------ the guide's example programs under full
TEST(GuideExamples, SilentUnderFull) {
  for (const char* name : {"rows_3d", "slm_reduction", "gather_pool", "hybrid_edges", "topk"}) {
    const std::string exe = std::string(XESIM_TEST_BIN_DIR) + "/bin/example_" + name;
    if (!std::filesystem::exists(exe)) {
      ADD_FAILURE() << exe << " not built (cmake --build <dir> --target example_" << name << ")";
      continue;
    }
    for (const char* dev : {"arc-a770", "arc-b580"}) {
      const auto r = xesim_test::run_command(std::string("env XESIM_CHECK=full XESIM_DEVICE=") +
                                             dev + " " + exe);
      EXPECT_TRUE(silent(r)) << name << " on " << dev << ":\n" << r.output;
    }
  }
}
