// `xesim run`: program arguments and exit status, the content cache (hit, invalidation by a
// local header, concurrent runs), --device/--threads/--check, compile errors, usage errors.
#include "tools/subprocess.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using xesim_test::run_command;
using xesim_test::write_file;
namespace fs = std::filesystem;

// Prints its settings and a value from a local header; exits with argv[1].
const std::string kProgram = R"(#include <xesim/runtime/device_model.hpp>
#include "value.hpp"
#include <cstdio>
#include <cstdlib>
static const char* env(const char* n) { const char* v = std::getenv(n); return v ? v : "-"; }
int main(int argc, char** argv) {
  std::printf("device=%s threads=%s check=%s value=%d argc=%d\n",
              xesim::dev::current_device().id, env("XESIM_THREADS"), env("XESIM_CHECK"),
              kValue, argc);
  return argc > 1 ? std::atoi(argv[1]) : 0;
}
)";

class XesimRun : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = xesim_test::scratch_dir(std::string("run_") +
                                   testing::UnitTest::GetInstance()->current_test_info()->name());
    write_file(dir_ / "prog.cpp", kProgram);
    write_file(dir_ / "value.hpp", "constexpr int kValue = 1;\n");
  }
  std::string xesim(const std::string& args) const {
    return "cd " + dir_.string() + " && XDG_CACHE_HOME=" + (dir_ / "cache").string() + " " +
           xesim_test::xesim_exe() + " run " + args;
  }
  std::vector<fs::path> cache_entries() const {
    std::vector<fs::path> out;
    if (!fs::exists(dir_ / "cache" / "xesim")) return out;
    for (const auto& e : fs::directory_iterator(dir_ / "cache" / "xesim")) out.push_back(e.path());
    return out;
  }
  fs::path dir_;
};

TEST_F(XesimRun, PassesArgumentsAndExitStatus) {
  auto r = run_command(xesim("prog.cpp -- 7 two three"));
  EXPECT_EQ(r.status, 7) << r.output;
  EXPECT_EQ(r.output, "device=arc-b580 threads=- check=- value=1 argc=4\n");
}

TEST_F(XesimRun, SecondRunIsACacheHit) {
  auto first = run_command(xesim("-v prog.cpp"));
  ASSERT_EQ(first.status, 0) << first.output;
  EXPECT_NE(first.output.find("xesim: compiling: "), std::string::npos) << first.output;
  ASSERT_EQ(cache_entries().size(), 1u);
  const auto stamp = fs::last_write_time(cache_entries()[0]);

  auto second = run_command(xesim("-v prog.cpp"));
  ASSERT_EQ(second.status, 0) << second.output;
  EXPECT_NE(second.output.find("xesim: cache hit: "), std::string::npos) << second.output;
  EXPECT_EQ(second.output.find("compiling"), std::string::npos) << second.output;
  ASSERT_EQ(cache_entries().size(), 1u);
  EXPECT_EQ(fs::last_write_time(cache_entries()[0]), stamp);
}

TEST_F(XesimRun, LocalHeaderAndFlagsArePartOfTheKey) {
  ASSERT_EQ(run_command(xesim("prog.cpp")).status, 0);
  write_file(dir_ / "value.hpp", "constexpr int kValue = 2;\n");
  auto r = run_command(xesim("-v prog.cpp"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("compiling"), std::string::npos) << "header edit must recompile";
  EXPECT_NE(r.output.find("value=2"), std::string::npos) << r.output;
  auto flags = run_command(xesim("-v prog.cpp -DUNUSED_FLAG=1"));
  EXPECT_NE(flags.output.find("compiling"), std::string::npos) << "new flags must recompile";
  EXPECT_EQ(cache_entries().size(), 3u);
}

TEST_F(XesimRun, OptionsSetTheEnvironment) {
  auto r = run_command(xesim("--device max-1550 --threads=3 --check=full prog.cpp"));
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_EQ(r.output, "device=max-1550 threads=3 check=full value=1 argc=1\n");
  auto d = run_command(xesim("--device=lunar-lake prog.cpp"));
  EXPECT_EQ(d.output, "device=lunar-lake threads=- check=- value=1 argc=1\n");
}

// A never-zeroed accumulator stored: the uninitialized rule's must-fire case.
const std::string kUninitProgram = R"(#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>
namespace esimd = sycl::ext::intel::esimd;
int main() {
  sycl::queue q;
  float* out = sycl::malloc_shared<float>(8, q);
  q.parallel_for<class Acc>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     esimd::simd<float, 8> acc;
     acc += 1.f;
     esimd::block_store<float, 8>(out, acc);
   }).wait();
  sycl::free(out, q);
}
)";

TEST_F(XesimRun, CheckFullBuildsTheUninitializedInstrumentation) {
  write_file(dir_ / "acc.cpp", kUninitProgram);
  auto full = run_command(xesim("-v --check=full acc.cpp"));
  EXPECT_EQ(full.status, 1) << full.output;
  EXPECT_NE(full.output.find("-DXESIM_CHECK_UNINIT=1"), std::string::npos) << full.output;
  EXPECT_NE(full.output.find("xesim: error: [uninitialized]"), std::string::npos) << full.output;
  EXPECT_NE(full.output.find("acc.cpp:10"), std::string::npos) << full.output;
  auto basic = run_command(xesim("-v --check=basic acc.cpp"));  // another cache entry, silent
  EXPECT_EQ(basic.status, 0) << basic.output;
  EXPECT_EQ(basic.output.find("XESIM_CHECK_UNINIT"), std::string::npos) << basic.output;
  EXPECT_EQ(basic.output.find("[uninitialized]"), std::string::npos) << basic.output;
  EXPECT_EQ(cache_entries().size(), 2u);
}

TEST_F(XesimRun, UsageErrorsExit2) {
  EXPECT_EQ(run_command(xesim("--device rtx-4090 prog.cpp")).status, 2);
  EXPECT_EQ(run_command(xesim("--threads=zero prog.cpp")).status, 2);
  EXPECT_EQ(run_command(xesim("--check=paranoid prog.cpp")).status, 2);
  EXPECT_EQ(run_command(xesim("prog.cpp -o out")).status, 2);
  EXPECT_EQ(run_command(xesim("missing.cpp")).status, 2);
  EXPECT_EQ(run_command(xesim("")).status, 2);
  EXPECT_TRUE(cache_entries().empty());
}

TEST_F(XesimRun, CompileErrorIsShownAndNothingIsCached) {
  write_file(dir_ / "bad.cpp", "int main() { return not_declared_here; }\n");
  auto r = run_command(xesim("bad.cpp"));
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.output.find("not_declared_here"), std::string::npos) << r.output;
  EXPECT_TRUE(cache_entries().empty());
}

TEST_F(XesimRun, ConcurrentRunsShareOneEntry) {
  std::string cmd;
  for (int i = 0; i < 4; ++i) {
    cmd += "(" + xesim("prog.cpp -- 0") + " > out" + std::to_string(i) + ".txt; echo $? >> out" +
           std::to_string(i) + ".txt) & ";
  }
  ASSERT_EQ(run_command(cmd + "wait").status, 0);
  for (int i = 0; i < 4; ++i) {
    auto r = run_command("cat " + (dir_ / ("out" + std::to_string(i) + ".txt")).string());
    EXPECT_EQ(r.output, "device=arc-b580 threads=- check=- value=1 argc=2\n0\n") << i;
  }
  ASSERT_EQ(cache_entries().size(), 1u) << "temporary files must not be left behind";
}

}  // namespace
