// `xesim c++` and DPC++'s large-GRF flags: -ftarget-register-alloc-mode=<dev>:large, a bare
// -doubleGRF and -Xsycl-target-backend[=<triple>] "... -doubleGRF" select large GRF mode
// (-DXESIM_LARGE_GRF=1), which the grf-overflow check then allows for. Runs bin/xesim and g++.
#include "tools/subprocess.hpp"

#include <gtest/gtest.h>

namespace {

using xesim_test::run_command;
using xesim_test::write_file;
namespace fs = std::filesystem;

// Three 4 KB tiles live across the stores: overflows 8 KB (normal GRF on Max 1550), fits 16 KB.
const std::string kTilesProgram = R"(#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>
#include <cstdio>
namespace esimd = sycl::ext::intel::esimd;
int main() {
  sycl::queue q;
  float* p = sycl::malloc_shared<float>(3 * 1024, q);
  float* o = sycl::malloc_shared<float>(3 * 1024, q);
  for (int i = 0; i < 3 * 1024; ++i) p[i] = float(i);
  q.parallel_for<class Tiles>(sycl::range<1>(2), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    esimd::simd<float, 1024> a = esimd::block_load<float, 1024>(p);
    esimd::simd<float, 1024> b = esimd::block_load<float, 1024>(p + 1024);
    esimd::simd<float, 1024> c = esimd::block_load<float, 1024>(p + 2048);
    esimd::block_store<float, 1024>(o, c);
    esimd::block_store<float, 1024>(o + 1024, b);
    esimd::block_store<float, 1024>(o + 2048, a);
  }).wait();
  std::printf("o[0]=%g\n", o[0]);
  sycl::free(p, q);
  sycl::free(o, q);
}
)";

class GrfFlags : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = xesim_test::scratch_dir(std::string("grf_") +
                                   testing::UnitTest::GetInstance()->current_test_info()->name());
    write_file(dir_ / "t.cpp", "int main() { return 0; }\n");
  }
  // `xesim c++ -v -fsyntax-only <flags> t.cpp`: the notes and the compiler command.
  xesim_test::command_result plan(const std::string& flags) const {
    return run_command("cd " + dir_.string() + " && " + xesim_test::xesim_exe() +
                       " c++ -v -fsyntax-only " + flags + " t.cpp");
  }
  fs::path dir_;
};

TEST_F(GrfFlags, RegisterAllocModeLargeSelectsLargeGrf) {
  for (const char* flag : {"-ftarget-register-alloc-mode=pvc:large",
                           "-ftarget-register-alloc-mode=pvc:auto,bmg:large"}) {
    const auto r = plan(flag);
    ASSERT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("selects large GRF mode"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("-DXESIM_LARGE_GRF=1"), std::string::npos) << r.output;
  }
}

TEST_F(GrfFlags, OtherRegisterAllocModesKeepNormalGrf) {
  for (const char* flag :
       {"-ftarget-register-alloc-mode=pvc:auto", "-ftarget-register-alloc-mode=pvc:small",
        "-ftarget-register-alloc-mode=pvc:default"}) {
    const auto r = plan(flag);
    ASSERT_EQ(r.status, 0) << r.output;  // g++ never sees the icpx flag
    EXPECT_NE(r.output.find("ignored (normal GRF mode)"), std::string::npos) << r.output;
    EXPECT_EQ(r.output.find("-DXESIM_LARGE_GRF"), std::string::npos) << r.output;
  }
}

TEST_F(GrfFlags, DoubleGrfBareAndThroughTheBackendFlags) {
  for (const char* flags : {"-doubleGRF", "-Xs -doubleGRF", "-Xsycl-target-backend '-doubleGRF'",
                            "-Xsycl-target-backend=spir64_gen '-device pvc -doubleGRF'"}) {
    const auto r = plan(flags);
    ASSERT_EQ(r.status, 0) << flags << ": " << r.output;
    EXPECT_NE(r.output.find("-DXESIM_LARGE_GRF=1"), std::string::npos) << flags << r.output;
  }
  const auto normal = plan("-Xsycl-target-backend=spir64_gen '-device pvc'");
  ASSERT_EQ(normal.status, 0) << normal.output;
  EXPECT_EQ(normal.output.find("-DXESIM_LARGE_GRF"), std::string::npos) << normal.output;
}

TEST_F(GrfFlags, LargeGrfBuildSilencesGrfOverflowWhereTheTilesFit) {
  write_file(dir_ / "tiles.cpp", kTilesProgram);
  const auto build = run_command("cd " + dir_.string() + " && " + xesim_test::xesim_exe() +
                                 " c++ -ftarget-register-alloc-mode=pvc:large tiles.cpp -o tiles");
  ASSERT_EQ(build.status, 0) << build.output;
  const std::string exe = (dir_ / "tiles").string();
  const auto large = run_command("XESIM_DEVICE=max-1550 " + exe);
  EXPECT_EQ(large.output, "o[0]=2048\n") << large.output;
  // XESIM_GRF=normal at run time overrides the compiled mode: 12 KB > 8 KB fires.
  const auto normal = run_command("XESIM_GRF=normal XESIM_DEVICE=max-1550 " + exe);
  EXPECT_NE(normal.output.find("[grf-overflow]"), std::string::npos) << normal.output;
  EXPECT_NE(normal.output.find("tiles.cpp:"), std::string::npos) << normal.output;
  EXPECT_NE(normal.output.find("-doubleGRF"), std::string::npos) << normal.output;
}

}  // namespace
