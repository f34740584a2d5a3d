// The context switch compiled into libxesim is the one CMake chose (XESIM_FIBER_SWITCH: asm or
// boost), and a group that switches on every barrier works with it: each configuration of the
// build tests itself. The engine's other fiber properties are in work_group_test.cpp.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "xesim/runtime/context.hpp"
#include "xesim/runtime/fiber_switch.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;
namespace rt = xesim::rt;

#ifndef XESIM_FIBER_SWITCH
#error "libxesim's CMake target must define XESIM_FIBER_SWITCH for its users"
#endif

TEST(FiberSwitch, LibraryUsesTheConfiguredSwitch) {
  const char* configured = XESIM_FIBER_SWITCH;
  ASSERT_TRUE(std::strcmp(configured, "asm") == 0 || std::strcmp(configured, "boost") == 0)
      << configured;
  EXPECT_STREQ(rt::fiber_switch(), configured);
#if !(defined(__x86_64__) && defined(__ELF__))
  EXPECT_STREQ(rt::fiber_switch(), "boost") << "only x86-64 ELF targets have the asm switch";
#endif
}

// Every item keeps a running sum in a local across 200 barriers and reads its neighbour's SLM
// slot after each one: lost callee-saved registers or a wrong stack after a switch show up as a
// wrong sum. 1 to 64 items, on the switch this build uses.
TEST(FiberSwitch, LocalsSurviveEverySwitch) {
  constexpr int kRounds = 200;
  for (std::size_t n : {2, 3, 17, 64}) {
    sycl::queue q;
    std::vector<long> out(n * 3, -1);
    long* o = out.data();
    q.parallel_for(sycl::nd_range<1>(n * 3, n), [=](sycl::nd_item<1> it) {
      rt::slm_init(n * sizeof(long));
      long* slm = reinterpret_cast<long*>(rt::current_item()->slm);
      const long lid = long(it.get_local_id(0));
      long sum = 0;
      double fsum = 0.5 * double(lid);  // lives in an SSE/FP register across the switch
      for (int r = 0; r < kRounds; ++r) {
        slm[lid] = lid * 7 + r;
        rt::barrier();
        sum += slm[(lid + 1) % long(n)];
        fsum += 1.0;
        rt::barrier();
      }
      o[it.get_global_id(0)] = sum + long(fsum);
    });
    q.wait_and_throw();
    for (std::size_t g = 0; g < 3; ++g)
      for (std::size_t l = 0; l < n; ++l) {
        const long next = long((l + 1) % n);
        long want = 0;
        for (int r = 0; r < kRounds; ++r) want += next * 7 + r;
        want += long(0.5 * double(l) + kRounds);
        ASSERT_EQ(out[g * n + l], want) << "n " << n << " group " << g << " item " << l;
      }
  }
}
