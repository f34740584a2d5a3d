// The SYCL built-ins on scalars (xesim/sycl/builtins.hpp) against <cmath> / hand-computed
// values, on float, double and sycl::half; integer functions at their edges; the
// ext::oneapi::experimental::architecture query of each device model.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>

#include <sycl/sycl.hpp>

namespace {

TEST(SyclBuiltins, MathMatchesCmath) {
  std::srand(42);
  for (int i = 0; i < 200; ++i) {
    const float x = float(std::rand()) / float(RAND_MAX) * 4.0f - 2.0f;
    const double d = double(x);
    EXPECT_EQ(sycl::sqrt(std::fabs(x)), std::sqrt(std::fabs(x)));
    EXPECT_EQ(sycl::fabs(x), std::fabs(x));
    EXPECT_EQ(sycl::exp(d), std::exp(d));
    EXPECT_EQ(sycl::floor(x), std::floor(x));
    EXPECT_EQ(sycl::fma(x, x, 1.0f), std::fma(x, x, 1.0f));
    EXPECT_EQ(sycl::fmax(x, 0.5f), std::fmax(x, 0.5f));
    EXPECT_EQ(sycl::min(x, 0.5f), std::fmin(x, 0.5f));
    EXPECT_EQ(sycl::clamp(x, -1.0f, 1.0f), std::fmin(std::fmax(x, -1.0f), 1.0f));
    EXPECT_FLOAT_EQ(sycl::rsqrt(std::fabs(x) + 1.0f), 1.0f / std::sqrt(std::fabs(x) + 1.0f));
    EXPECT_FLOAT_EQ(sycl::sinpi(x), std::sin(float(M_PI) * x));
    EXPECT_EQ(sycl::native::exp(x), sycl::exp(x));
  }
  const sycl::half h(1.5f);
  EXPECT_EQ(float(sycl::sqrt(h)), float(sycl::half(std::sqrt(1.5f))));
  EXPECT_EQ(float(sycl::fmax(h, sycl::half(2.0f))), 2.0f);
  float ip = 0;
  EXPECT_FLOAT_EQ(sycl::fract(-1.25f, &ip), 0.75f);
  EXPECT_EQ(ip, -2.0f);
  int q = 0;
  EXPECT_EQ(sycl::remquo(7.0f, 2.0f, &q), std::remquo(7.0f, 2.0f, &q));
  EXPECT_EQ(sycl::maxmag(-3.0f, 2.0f), -3.0f);
  EXPECT_EQ(sycl::minmag(-3.0f, 2.0f), 2.0f);
}

TEST(SyclBuiltins, NanCarriesItsPayload) {
  const float f = sycl::nan(42u);
  EXPECT_TRUE(std::isnan(f));
  EXPECT_EQ(__builtin_bit_cast(std::uint32_t, f), 0x7fc0002au);
  const double d = sycl::nan(42ul);
  EXPECT_TRUE(std::isnan(d));
  EXPECT_EQ(__builtin_bit_cast(std::uint64_t, d), 0x7ff800000000002aull);
  EXPECT_TRUE(sycl::isnan(sycl::nan(std::uint16_t(1))));
}

TEST(SyclBuiltins, IntegerFunctionsAtTheirEdges) {
  EXPECT_EQ(sycl::abs(-5), 5);
  EXPECT_EQ(sycl::abs_diff(-5, 7), 12u);
  EXPECT_EQ(sycl::add_sat<std::int8_t>(100, 100), 127);
  EXPECT_EQ(sycl::add_sat<std::int8_t>(-100, -100), -128);
  EXPECT_EQ(sycl::sub_sat<std::uint8_t>(3, 5), 0);
  EXPECT_EQ(sycl::hadd(std::numeric_limits<int>::max(), std::numeric_limits<int>::max()),
            std::numeric_limits<int>::max());
  EXPECT_EQ(sycl::rhadd(1, 2), 2);
  EXPECT_EQ(sycl::clz(std::uint32_t(1)), 31u);
  EXPECT_EQ(sycl::clz(std::uint8_t(0)), 8);
  EXPECT_EQ(sycl::ctz(std::uint16_t(8)), 3);
  EXPECT_EQ(sycl::popcount(0xF0F0u), 8u);
  EXPECT_EQ(sycl::mul_hi(0x80000000u, 4u), 2u);
  EXPECT_EQ(sycl::mul_hi(-2, 0x40000000), -1);
  EXPECT_EQ(sycl::rotate(std::uint8_t(0x81), std::uint8_t(1)), 0x03);
  EXPECT_EQ(sycl::upsample(std::uint16_t(0x1234), std::uint16_t(0x5678)), 0x12345678u);
  EXPECT_EQ(sycl::mad_sat<std::int8_t>(100, 2, 0), 127);
  EXPECT_EQ(sycl::max(3, 9), 9);
  EXPECT_EQ(sycl::min(3u, 9u), 3u);
  EXPECT_EQ(sycl::clamp(20, 0, 10), 10);
  EXPECT_EQ(sycl::select(1.0f, 2.0f, 1), 2.0f);
  EXPECT_EQ(sycl::bitselect(0xF0u, 0x0Fu, 0xFFu), 0x0Fu);
  EXPECT_TRUE(sycl::signbit(-0.0f));
  EXPECT_FALSE(sycl::isfinite(std::numeric_limits<float>::infinity()));
}

TEST(SyclArchitecture, EachModelAnswersItsArchitecture) {
  namespace syclex = sycl::ext::oneapi::experimental;
  sycl::queue q;
  const auto arch = q.get_device().get_info<syclex::info::device::architecture>();
  EXPECT_NE(arch, syclex::architecture::unknown);
  EXPECT_TRUE(q.get_device().ext_oneapi_architecture_is(arch));
  EXPECT_TRUE(q.get_device().ext_oneapi_architecture_is(syclex::arch_category::intel_gpu));
  EXPECT_TRUE(arch > syclex::architecture::intel_gpu_dg1);  // every model is newer than DG1
  EXPECT_TRUE(syclex::architecture::intel_gpu_pvc > syclex::architecture::intel_gpu_dg2_g10);
  EXPECT_EQ(syclex::architecture::intel_gpu_12_60_7, syclex::architecture::intel_gpu_pvc);
}

}  // namespace
