// Accuracy of the int4 GEMV against its native reference (FP32, unrounded) over several shapes:
// both group sizes, 4 and 8 threads per group, row counts that are not a multiple of the rows per
// group, a single row, a single scale group (K = G: most threads idle), and K / G not a multiple
// of the thread count (some threads get fewer groups).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

namespace {

using sycl::half;
namespace xt = xesim::testing;

template <int K, int G, int T, int R>
void check(int n) {
  sycl::queue q;
  uint8_t* w = sycl::malloc_shared<uint8_t>(static_cast<std::size_t>(n) * K / 2, q);
  half* scales = sycl::malloc_shared<half>(static_cast<std::size_t>(n) * K / G, q);
  half* x = sycl::malloc_shared<half>(K, q);
  half* y = sycl::malloc_shared<half>(n, q);
  std::vector<float> ref(n);
  std::srand(42);
  for (std::size_t i = 0; i < static_cast<std::size_t>(n) * K / 2; ++i)
    w[i] = static_cast<uint8_t>(std::rand() & 0xFF);
  xt::fill_random(scales, static_cast<std::size_t>(n) * K / G, 0.005f, 0.02f, 43);
  xt::fill_random(x, K, -1.f, 1.f, 44);

  xesim::kernels::gemv_int4::gemv_int4<K, G, T, R>(q, w, scales, x, y, n).wait();
  xesim::kernels::gemv_int4::reference(w, scales, x, ref.data(), n, K, G);

  // |y| reaches a few units for K = 4096 (sum of K terms of size ~0.05); the FP16 output costs
  // up to 2^-11 relative (0.002 at 4) and the FP32 sums in another order ~1e-6: the guide's
  // default (abs 1e-2 or rel 1e-3) fits.
  const xt::accuracy_report r = xt::compare(y, ref.data(), n);
  const std::string label = "gemv_int4 n=" + std::to_string(n) + " K=" + std::to_string(K) +
                            " G=" + std::to_string(G) + " T=" + std::to_string(T) +
                            " R=" + std::to_string(R);
  r.print(stdout, label.c_str());
  EXPECT_TRUE(r.pass) << r.line(label.c_str());
  sycl::free(w, q);
  sycl::free(scales, q);
  sycl::free(x, q);
  sycl::free(y, q);
}

}  // namespace

TEST(GemvInt4, LlmShapeGroup128) { check<4096, 128, 8, 8>(64); }
TEST(GemvInt4, Group32FourThreadsRowsNotAMultipleOfR) { check<1024, 32, 4, 4>(37); }
TEST(GemvInt4, SingleRow) { check<256, 32, 8, 8>(1); }
TEST(GemvInt4, OneScaleGroupMostThreadsIdle) { check<128, 128, 4, 4>(5); }
TEST(GemvInt4, GroupsNotAMultipleOfThreads) { check<320, 32, 8, 8>(19); }  // 10 groups, 8 threads
