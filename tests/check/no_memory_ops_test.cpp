// A program whose kernels call no ESIMD memory op still gets the checking layer: invalid-launch
// and kernel-crash reports come from hooks the layer installs before main, and nothing in such a
// program's kernels references it (this file must stay free of memory ops and check headers).
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <csignal>
#include <cstdio>

#include "check/check_util.hpp"

using check_test::line_of;
using check_test::run_child;

CHILD_TEST(BadLaunchNoMemoryOps) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(16, q);
  try {
    q.parallel_for<class PlainKernel>(sycl::nd_range<1>(10, 4),  // LAUNCH: plain kernel
                                      [=](sycl::nd_item<1> it) { out[it.get_global_id(0)] = 1; });
  } catch (const sycl::exception& e) {
    std::printf("caught errc=%d\n", e.code().value());
  }
  sycl::free(out, q);
}
CHILD_TEST(CrashNoMemoryOps) {
  sycl::queue q;
  q.parallel_for<class PlainCrash>(sycl::range<1>(4),
                                   [=](sycl::id<1> i) {  // LAUNCH: crash
                                     if (i[0] == 2) std::raise(SIGSEGV);
                                   })
      .wait();
}

TEST(NoMemoryOps, InvalidLaunchIsReported) {
  const auto r = run_child("BadLaunchNoMemoryOps", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("xesim: error: [invalid-launch]"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("PlainKernel"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("no_memory_ops_test.cpp", "LAUNCH: plain kernel")),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("caught errc="), std::string::npos) << r.output;
}
TEST(NoMemoryOps, KernelCrashIsReported) {
  const auto r = run_child("CrashNoMemoryOps", "");
  EXPECT_NE(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("[kernel-crash]"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("PlainCrash"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("work-item: (2)"), std::string::npos) << r.output;
}
