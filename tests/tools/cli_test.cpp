// `xesim --version/--help` and `xesim c++`: default flags, user flags winning, -c, linking,
// icpx flags, $CXX, compiler errors. Runs the real bin/xesim and g++.
#include "tools/subprocess.hpp"

#include <gtest/gtest.h>

#include <regex>

namespace {

using xesim_test::run_command;
using xesim_test::write_file;
namespace fs = std::filesystem;

const std::string kDeviceProgram = R"(#include <xesim/runtime/device_model.hpp>
#include <cstdio>
int main() {
  std::printf("device=%s large_grf=%d\n", xesim::dev::current_device().id,
              int(xesim::dev::large_grf()));
}
)";

class XesimCxx : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = xesim_test::scratch_dir(std::string("cli_") +
                                   testing::UnitTest::GetInstance()->current_test_info()->name());
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string xesim(const std::string& args, const std::string& env = "") const {
    return "cd " + dir_.string() + " && " + env + " " + xesim_test::xesim_exe() + " " + args;
  }
  fs::path dir_;
};

TEST(XesimCli, VersionHelpAndUsage) {
  auto v = run_command(xesim_test::xesim_exe() + " --version");
  EXPECT_EQ(v.status, 0);
  EXPECT_TRUE(std::regex_match(v.output, std::regex("xesim [0-9]+\\.[0-9]+\\.[0-9]+\n")))
      << v.output;
  auto h = run_command(xesim_test::xesim_exe() + " --help");
  EXPECT_EQ(h.status, 0);
  for (const char* word : {"c++", "run", "devices", "XESIM_DEVICE"}) {
    EXPECT_NE(h.output.find(word), std::string::npos) << word;
  }
  EXPECT_EQ(run_command(xesim_test::xesim_exe()).status, 2);
  EXPECT_EQ(run_command(xesim_test::xesim_exe() + " frobnicate").status, 2);
  auto ch = run_command(xesim_test::xesim_exe() + " c++ --help");
  EXPECT_EQ(ch.status, 0);
  EXPECT_NE(ch.output.find("Usage: xesim c++"), std::string::npos);
}

TEST_F(XesimCxx, DefaultFlagsAndIncludePath) {
  write_file(path("t.cpp"),
             "static_assert(__cplusplus == 202002L);\n"
             "#include <xesim/runtime/device_model.hpp>\n");
  auto r = run_command(xesim("c++ -v -fsyntax-only t.cpp"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find(" -std=c++20 -O2 -march=native -I" XESIM_SOURCE_DIR "/include "),
            std::string::npos)
      << r.output;
  EXPECT_EQ(r.output.find("libxesim.a"), std::string::npos) << "no link with -fsyntax-only";
}

TEST_F(XesimCxx, CheckFullDefinesTheUninitializedInstrumentation) {
  write_file(path("t.cpp"),
             "#include <sycl/ext/intel/esimd.hpp>\n"
             "static_assert(XESIM_CHECK_UNINIT == 1, \"--check=full must instrument\");\n"
             "static_assert(sizeof(sycl::ext::intel::esimd::simd<float, 8>) > 32);\n");
  auto r = run_command(xesim("c++ -v --check=full -fsyntax-only t.cpp"));
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("-DXESIM_CHECK_UNINIT=1"), std::string::npos) << r.output;
  write_file(path("u.cpp"),
             "#include <sycl/ext/intel/esimd.hpp>\n"
             "static_assert(XESIM_CHECK_UNINIT == 0, \"basic must not instrument\");\n"
             "static_assert(sizeof(sycl::ext::intel::esimd::simd<float, 8>) == 32);\n");
  EXPECT_EQ(run_command(xesim("c++ --check=basic -fsyntax-only u.cpp")).status, 0);
  EXPECT_EQ(run_command(xesim("c++ --check=paranoid -fsyntax-only u.cpp")).status, 2);
}

TEST_F(XesimCxx, UserFlagsWin) {
  write_file(path("t.cpp"),
             "static_assert(__cplusplus == 201703L, \"user -std must win\");\n"
             "#ifdef __OPTIMIZE__\n#error user -O0 must win\n#endif\n");
  auto r = run_command(xesim("c++ -v -fsyntax-only -std=c++17 -O0 -march=x86-64 t.cpp"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output.find("-std=c++20"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("-O2"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("-march=native"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("-march=x86-64"), std::string::npos) << r.output;
}

TEST_F(XesimCxx, CompileOnlyDoesNotLink) {
  write_file(path("t.cpp"), kDeviceProgram);
  auto r = run_command(xesim("c++ -v -c t.cpp -o t.o"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(fs::exists(path("t.o")));
  EXPECT_EQ(r.output.find("libxesim.a"), std::string::npos) << r.output;
  // The object links with a second `xesim c++` call.
  auto link = run_command(xesim("c++ t.o -o t && XESIM_DEVICE=meteor-lake ./t"));
  ASSERT_EQ(link.status, 0) << link.output;
  EXPECT_EQ(link.output, "device=meteor-lake large_grf=0\n");
}

TEST_F(XesimCxx, LinksAndRuns) {
  write_file(path("t.cpp"), kDeviceProgram);
  auto r = run_command(xesim("c++ -v t.cpp -o t"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("libxesim.a -ltbb -lboost_context -lpthread"), std::string::npos);
  EXPECT_EQ(run_command("XESIM_DEVICE=arc-a770 " + path("t")).output,
            "device=arc-a770 large_grf=0\n");
  EXPECT_EQ(run_command("XESIM_DEVICE= " + path("t")).output, "device=arc-b580 large_grf=0\n");
  auto bad = run_command("XESIM_DEVICE=gtx-1080 " + path("t"));
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.output.find("arc-a770"), std::string::npos) << bad.output;
}

TEST_F(XesimCxx, IcpxFlagsAreAcceptedAndDoubleGrfSelectsLargeGrf) {
  write_file(path("t.cpp"), kDeviceProgram);
  auto r =
      run_command(xesim("c++ -fsycl -fsycl-targets=spir64_gen -Xsycl-target-backend "
                        "'-device bmg' -Xs '-doubleGRF' t.cpp -o t"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("'-fsycl' ignored"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("'-fsycl-targets=spir64_gen' ignored"), std::string::npos);
  EXPECT_NE(r.output.find("-DXESIM_LARGE_GRF=1"), std::string::npos);
  EXPECT_EQ(run_command(path("t")).output, "device=arc-b580 large_grf=1\n");
  // The other DPC++ flags of Intel's RUN lines are dropped, each named.
  r = run_command(xesim("c++ -fsycl -fsycl-device-code-split=per_kernel "
                        "-fno-sycl-esimd-force-stateless-mem -ffp-model=precise "
                        "-Xclang -fsycl-allow-func-ptr t.cpp -o t2"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("'-fsycl-device-code-split=per_kernel' ignored"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("'-fno-sycl-esimd-force-stateless-mem' ignored"), std::string::npos);
  EXPECT_NE(r.output.find("'-ffp-model=precise' ignored"), std::string::npos);
  EXPECT_NE(r.output.find("'-Xclang -fsycl-allow-func-ptr' ignored"), std::string::npos);
  // XESIM_GRF set at run time overrides the compiled default.
  EXPECT_EQ(run_command("XESIM_GRF=normal " + path("t")).output, "device=arc-b580 large_grf=0\n");
}

TEST_F(XesimCxx, CxxEnvironmentVariableIsTheCompiler) {
  write_file(path("t.cpp"), "#ifndef FROM_CXX\n#error $CXX not used\n#endif\n");
  auto r = run_command(xesim("c++ -fsyntax-only t.cpp", "CXX='g++ -DFROM_CXX'"));
  EXPECT_EQ(r.status, 0) << r.output;
  auto missing = run_command(xesim("c++ -fsyntax-only t.cpp", "CXX=no-such-cxx"));
  EXPECT_EQ(missing.status, 127) << missing.output;
}

TEST_F(XesimCxx, CompilerErrorGivesNonZeroStatus) {
  write_file(path("bad.cpp"), "int main() { return undeclared_name; }\n");
  auto r = run_command(xesim("c++ bad.cpp -o bad"));
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("undeclared_name"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(path("bad")));
}

}  // namespace
