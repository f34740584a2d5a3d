// `xesim c++` on a program that crashes g++ 12 (internal compiler error in
// lookup_template_class_1: constexpr locals of a function template in a template argument inside
// a lambda with a capture-default, as in Intel's dpas tests): it compiles anyway, says so in a
// note, and the program computes what it should. A program with a real error still fails with
// the compiler's own message.
#include "tools/subprocess.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

using xesim_test::run_command;
using xesim_test::scratch_dir;
using xesim_test::write_file;
using xesim_test::xesim_exe;

const std::string kCrashingProgram = R"(#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>
#include <cstdio>
using namespace sycl::ext::intel::esimd;

template <int Rows, int Cols>
int run(sycl::queue& q) {
  constexpr int M = Rows;
  constexpr int N = Cols;
  using E = decltype(std::declval<int>() * std::declval<int>());
  int* out = sycl::malloc_shared<int>(M * N, q);
  q.single_task([=]() SYCL_ESIMD_KERNEL {
    simd<E, M * N> v;  // g++ 12 crashes on `M * N` here
    v = 1;
    v.copy_to(out);
  }).wait();
  int sum = 0;
  for (int i = 0; i < M * N; ++i) sum += out[i];
  sycl::free(out, q);
  return sum;
}

int main() {
  sycl::queue q;
  const int got = run<4, 8>(q);
  std::printf("sum %d want 32\n", got);
  return got == 32 ? 0 : 1;
}
)";

TEST(CompilerRetry, CrashingTemplateArgumentCompilesAndRuns) {
  const auto dir = scratch_dir("compiler_retry");
  write_file(dir / "prog.cpp", kCrashingProgram);
  const auto exe = (dir / "prog").string();
  const auto built =
      run_command(xesim_exe() + " c++ " + (dir / "prog.cpp").string() + " -o " + exe);
  ASSERT_EQ(built.status, 0) << built.output;
  EXPECT_NE(built.output.find("xesim: note: g++ stopped with an internal compiler error"),
            std::string::npos)
      << built.output;
  EXPECT_EQ(built.output.find("Please submit a full bug report"), std::string::npos)
      << built.output;
  const auto ran = run_command(exe);
  EXPECT_EQ(ran.status, 0) << ran.output;
  EXPECT_NE(ran.output.find("sum 32 want 32"), std::string::npos) << ran.output;
}

TEST(CompilerRetry, OtherErrorsAreTheCompilersOwn) {
  const auto dir = scratch_dir("compiler_retry_error");
  write_file(dir / "bad.cpp", "int main() { return undeclared_name; }\n");
  const auto built = run_command(xesim_exe() + " c++ " + (dir / "bad.cpp").string() + " -o " +
                                 (dir / "bad").string());
  EXPECT_NE(built.status, 0);
  EXPECT_NE(built.output.find("undeclared_name"), std::string::npos) << built.output;
  EXPECT_EQ(built.output.find("xesim: note: g++ stopped"), std::string::npos) << built.output;
}

}  // namespace
