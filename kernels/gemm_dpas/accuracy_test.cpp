// Accuracy of the dpas GEMM against its native reference, bit for bit (both sum each element in
// k order with exact products): bf16 and fp16, square and awkward shapes (M, N, K not multiples
// of the tile, K odd, a single row / column), on both dpas widths (16: arc-b580 here; 8:
// XESIM_DEVICE=arc-a770 reruns the test in a child process).
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

namespace {

namespace xt = xesim::testing;
namespace gd = xesim::kernels::gemm_dpas;

template <class T>
void check(int M, int N, int K) {
  sycl::queue q;
  const std::size_t na = std::size_t(M) * K, nb = std::size_t(K) * N;
  T* a = sycl::malloc_shared<T>(na, q);
  const int exec = gd::device_exec_size(q);
  T* bv = sycl::malloc_shared<T>(gd::packed_b_elems(K, N, exec), q);
  float* c = sycl::malloc_shared<float>(std::size_t(M) * N, q);
  std::vector<T> b(nb);
  std::vector<float> ref(std::size_t(M) * N);
  xt::fill_random(a, na, -1.f, 1.f, 42);
  xt::fill_random(b.data(), nb, -1.f, 1.f, 43);
  gd::pack_b(b.data(), K, N, N, exec, bv);
  gd::gemm<T>(q, a, bv, c, M, N, K).wait();
  gd::reference(a, b.data(), ref.data(), M, N, K);
  const std::string label = std::string(std::is_same_v<T, sycl::half> ? "fp16" : "bf16") +
                            " M=" + std::to_string(M) + " N=" + std::to_string(N) +
                            " K=" + std::to_string(K) +
                            " exec=" + std::to_string(gd::device_exec_size(q));
  const xt::accuracy_report r = xt::compare(c, ref.data(), std::size_t(M) * N);
  r.print(stdout, label.c_str());
  EXPECT_TRUE(r.pass) << r.line(label.c_str());
  int diff = 0;
  for (std::size_t i = 0; i < ref.size(); ++i) diff += c[i] != ref[i];  // -0 == +0
  EXPECT_EQ(diff, 0) << label << ": elements not bit-identical to the k-ordered reference";
  sycl::free(a, q);
  sycl::free(bv, q);
  sycl::free(c, q);
}

void shapes() {
  check<sycl::ext::oneapi::bfloat16>(64, 64, 64);
  check<sycl::half>(64, 64, 64);
  check<sycl::ext::oneapi::bfloat16>(37, 45, 83);  // every edge: M, N, K off the tile, K odd
  check<sycl::half>(37, 45, 83);
  check<sycl::ext::oneapi::bfloat16>(1, 200, 17);  // one row
  check<sycl::half>(130, 1, 300);                  // one column
  check<sycl::ext::oneapi::bfloat16>(9, 33, 1);    // K = 1
}

bool rerun_under(const char* device) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string exe = std::filesystem::read_symlink("/proc/self/exe").string();
  const std::string cmd = std::string("env XESIM_DEVICE=") + device + " " + exe +
                          " --gtest_filter=" + info->test_suite_name() + "." + info->name() +
                          " 2>&1";
  return std::system(cmd.c_str()) == 0;
}

}  // namespace

TEST(GemmDpas, ShapesOnTheDefaultDevice) { shapes(); }
TEST(GemmDpas, Exec8Shapes) {
  if (xesim::dev::current_device().dpas_exec_size == 8) return shapes();
  EXPECT_TRUE(rerun_under("arc-a770"));
}
