// The guide's example programs built with the `uninitialized` instrumentation
// (examples/CMakeLists.txt: example_<name>_full, XESIM_CHECK_UNINIT=1) must stay silent under
// XESIM_CHECK=full and still pass their own checks: no false positive on correct code.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tools/subprocess.hpp"

TEST(UninitializedExamples, SilentUnderFull) {
  for (const char* name : {"rows_3d", "slm_reduction", "gather_pool", "hybrid_edges", "topk"}) {
    const std::string exe =
        std::string(XESIM_TEST_BIN_DIR) + "/bin/example_" + name + "_full";
    if (!std::filesystem::exists(exe)) {
      ADD_FAILURE() << exe << " not built (cmake --build <dir> --target example_" << name
                    << "_full)";
      continue;
    }
    for (const char* dev : {"arc-a770", "arc-b580"}) {
      const auto r = xesim_test::run_command(std::string("env XESIM_CHECK=full XESIM_DEVICE=") +
                                             dev + " " + exe);
      EXPECT_EQ(r.status, 0) << name << " on " << dev << ":\n" << r.output;
      EXPECT_EQ(r.output.find("xesim: "), std::string::npos)
          << name << " on " << dev << ":\n" << r.output;
    }
  }
}
