// Devices, platforms, contexts and queues as DPC++ programs (Intel's ESIMD tests among them)
// use them: callable selectors with scores, SYCL 1.2.1 selector classes, queue(selector,
// async_handler, props), backend and aspect queries, exception_list through an async handler;
// and the small things kernels lean on: functor kernels, plain-type kernel names, braced
// ranges, range arithmetic, sycl::bit_cast, half/bfloat16/tfloat32 on the host, cl::sycl.
#include <gtest/gtest.h>

#include <CL/sycl.hpp>
#include <sycl/bit_cast.hpp>
#include <sycl/builtins_esimd.hpp>
#include <sycl/ext/intel/esimd.hpp>
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace sycl;

namespace {

// A selector scoring Intel GPUs, as Intel's esimd_test::ESIMDSelector does.
int intel_gpu_selector(const device& d) {
  if (d.get_backend() == backend::ext_intel_esimd_emulator) return 1000;
  if (d.is_gpu() && d.get_info<info::device::vendor>() == "Intel(R) Corporation") return 900;
  return -1;
}

auto collecting_handler(std::vector<std::string>* log) {
  return [log](exception_list l) {
    for (auto ep : l) {
      try {
        std::rethrow_exception(ep);
      } catch (sycl::exception& e) {
        log->push_back(std::string("sycl: ") + e.what());
      } catch (std::exception& e) {
        log->push_back(std::string("std: ") + e.what());
      }
    }
  };
}

struct legacy_selector : device_selector {
  int operator()(const device& d) const override { return d.is_gpu() ? 5 : -1; }
};

// A functor kernel in the DPC++ ESIMD style; its type names the kernel.
struct scale_kernel {
  float* data;
  float factor;
  void operator()(id<1> i) const SYCL_ESIMD_KERNEL { data[i] *= factor; }
};

class plain_kernel_name;

}  // namespace

TEST(DeviceQueue, SelectorsPlatformContextBackend) {
  device dev{intel_gpu_selector};
  EXPECT_TRUE(dev.is_gpu());
  EXPECT_EQ(dev.get_backend(), backend::ext_oneapi_level_zero);
  std::ostringstream name;
  name << dev.get_backend();
  EXPECT_EQ(name.str(), "ext_oneapi_level_zero");
  EXPECT_EQ(legacy_selector().select_device(), dev);
  queue q1(intel_gpu_selector, collecting_handler(nullptr),
           property_list{property::queue::in_order(), property::queue::enable_profiling()});
  EXPECT_TRUE(q1.is_in_order());
  EXPECT_TRUE(q1.has_property<property::queue::enable_profiling>());
  queue q2(legacy_selector{});
  queue q3(dev.get_platform().get_devices()[0]);
  context ctx(dev, collecting_handler(nullptr));
  queue q4(ctx, dev, property::queue::in_order{});
  queue q5(ctx, gpu_selector_v);
  EXPECT_EQ(q4.get_context().get_platform(), platform(gpu_selector_v));
  EXPECT_EQ(q5.get_backend(), backend::ext_oneapi_level_zero);
  EXPECT_EQ(ctx.get_devices().size(), 1u);
  EXPECT_EQ(platform::get_platforms().size(), 1u);
  EXPECT_THROW(queue{cpu_selector_v}, sycl::exception);
  EXPECT_THROW(platform{[](const device&) { return -1; }}, sycl::exception);
}

TEST(DeviceQueue, AspectsAndInfoQueries) {
  device d;
  EXPECT_TRUE(d.has(aspect::gpu));
  EXPECT_TRUE(d.has(aspect::fp16));
  EXPECT_TRUE(d.has(aspect::queue_profiling));
  EXPECT_TRUE(d.has(aspect::ext_intel_esimd));
  EXPECT_GT(d.get_info<info::device::local_mem_size>(), 0u);
  EXPECT_GT(d.get_info<ext::intel::info::device::gpu_eu_count>(), 0u);
  EXPECT_EQ(d.get_info<info::device::vendor>(), "Intel(R) Corporation");
}

TEST(DeviceQueue, AsyncErrorsReachTheHandlerAsAnExceptionList) {
  std::vector<std::string> log;
  queue q(intel_gpu_selector, collecting_handler(&log));
  q.submit([&](handler& cgh) {
    cgh.parallel_for(range<1>(4), [=](id<1> i) {
      if (i == 2) throw std::runtime_error("lane 2 failed");
    });
  });
  EXPECT_TRUE(log.empty());
  q.wait_and_throw();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_EQ(log[0], "std: lane 2 failed");
}

TEST(DeviceQueue, FunctorKernelsNamesAndBracedRanges) {
  std::vector<float> v(64, 2.0f);
  queue q;
  q.parallel_for(range<1>(v.size()), scale_kernel{v.data(), 3.0f}).wait();
  q.submit([&](handler& cgh) {
    float* p = v.data();
    cgh.parallel_for<plain_kernel_name>({64}, [=](item<1> it) { p[it.get_id(0)] += 1.0f; });
  });
  std::vector<int> grid(6 * 8, 0);
  int* g = grid.data();
  q.parallel_for({6, 8}, [=](item<2> it) {
    g[it.get_linear_id()] = static_cast<int>(it.get_id().get(0) * 100 + it.get_id().get(1));
  });
  EXPECT_EQ(v[5], 7.0f);
  EXPECT_EQ(grid[2 * 8 + 3], 203);
}

TEST(DeviceQueue, RangeAndIdArithmetic) {
  range<2> r(4, 6);
  id<2> i(1, 2);
  EXPECT_EQ((r * 2)[1], 12u);
  EXPECT_EQ((r + range<2>(1, 1)).size(), 35u);
  EXPECT_EQ((i + id<2>(3, 3))[0], 4u);
  EXPECT_EQ((id<2>(r) - i)[1], 4u);
  nd_range<1> nd{range<1>{64} * range<1>{2}, range<1>{16}};
  EXPECT_EQ(nd.get_group_range()[0], 8u);
  EXPECT_TRUE((range<1>(3) == 3));
}

TEST(DeviceQueue, BitCastAndElementTypesOnTheHost) {
  EXPECT_EQ(sycl::bit_cast<std::uint32_t>(1.0f), 0x3f800000u);
  EXPECT_EQ(sycl::bit_cast<std::uint16_t>(half(1.0f)), 0x3c00u);
  EXPECT_EQ(sycl::bit_cast<std::uint16_t>(ext::oneapi::bfloat16(1.0f)), 0x3f80u);
  EXPECT_TRUE(std::isfinite(half(65504.0f)));
  EXPECT_FALSE(std::isfinite(std::numeric_limits<half>::infinity()));
  EXPECT_EQ(static_cast<float>(std::numeric_limits<half>::max()), 65504.0f);
  EXPECT_TRUE(std::isfinite(static_cast<float>(std::numeric_limits<ext::oneapi::bfloat16>::max())));
  using tf32 = ext::intel::experimental::esimd::tfloat32;
  EXPECT_TRUE(std::isfinite(static_cast<float>(std::numeric_limits<tf32>::max())));
  static_assert(std::is_same_v<ext::oneapi::experimental::bfloat16, ext::oneapi::bfloat16>);
}

TEST(DeviceQueue, Sycl121NamespaceAndEsimdBuiltins) {
  cl::sycl::queue q;
  std::vector<float> out(16, 0.0f);
  float* o = out.data();
  q.parallel_for(cl::sycl::range<1>(1), [=](cl::sycl::id<1>) SYCL_ESIMD_KERNEL {
    ext::intel::esimd::simd<float, 16> x(0.0f, 0.25f);
    (sycl::cos(x) * sycl::cos(x) + sycl::sin(x) * sycl::sin(x) + sycl::log(sycl::exp(x)))
        .copy_to(o);
  });
  for (int j = 0; j < 16; ++j) EXPECT_NEAR(out[j], 1.0f + 0.25f * j, 1e-5f) << j;
  static_assert(std::is_same_v<sycl::_V1::queue, cl::sycl::queue>);
}
