// queue, event and device: constructors and properties, profiling timestamps, asynchronous errors
// reaching wait_and_throw and the async handler, launch validation errors, device queries answered
// from the current model, concurrent launches from several host threads.
#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "xesim/runtime/device_model.hpp"
#include "xesim/check/check.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;

// These tests check the engine's own behaviour (errors as sycl::exception, divergence released),
// which is XESIM_CHECK=off: with the checking layer on, the same errors are also reported on
// stderr and make the process exit 1 (tests/check covers that).
namespace {
struct checks_off : testing::Environment {
  void SetUp() override { xesim::check::set_level(xesim::check::level::off); }
};
[[maybe_unused]] testing::Environment* const kChecksOff =
    testing::AddGlobalTestEnvironment(new checks_off);
}  // namespace

TEST(Queue, ConstructorsAndProperties) {
  sycl::queue a;
  sycl::queue b(sycl::gpu_selector_v);
  sycl::queue c(sycl::default_selector_v,
                sycl::property_list{sycl::property::queue::enable_profiling{},
                                    sycl::property::queue::in_order{}});
  sycl::queue d(sycl::device{}, [](sycl::exception_list) {});
  sycl::queue e(sycl::gpu_selector{}, sycl::property::queue::in_order{});
  EXPECT_FALSE(a.has_property<sycl::property::queue::enable_profiling>());
  EXPECT_TRUE(c.has_property<sycl::property::queue::enable_profiling>());
  EXPECT_TRUE(c.is_in_order());
  EXPECT_TRUE(e.is_in_order());
  EXPECT_EQ(a.get_device(), b.get_device());
  EXPECT_TRUE(d.get_device().is_gpu());
  try {
    sycl::queue bad(sycl::cpu_selector_v);
    FAIL() << "a CPU selector must find no device";
  } catch (const sycl::exception& ex) {
    EXPECT_EQ(ex.code(), sycl::errc::runtime);
  }
}

TEST(Queue, InfoQueriesOnQueueAndContext) {
  sycl::queue q;
  const sycl::context ctx = q.get_info<sycl::info::queue::context>();
  const sycl::device dev = q.get_info<sycl::info::queue::device>();
  EXPECT_EQ(dev, q.get_device());
  EXPECT_EQ(ctx, q.get_context());
  const std::vector<sycl::device> devs = ctx.get_info<sycl::info::context::devices>();
  ASSERT_EQ(devs.size(), 1u);
  EXPECT_EQ(devs[0], dev);
  EXPECT_EQ(ctx.get_info<sycl::info::context::platform>(), dev.get_platform());
  const std::uint32_t one = q.get_info<sycl::info::queue::reference_count>();
  sycl::queue copy = q;
  EXPECT_EQ(q.get_info<sycl::info::queue::reference_count>(), one + 1);
  EXPECT_EQ(ctx.get_info<sycl::info::context::reference_count>(), 1u);
}

TEST(Event, ProfilingTimestampsAreMonotonicAndCoverTheRun) {
  sycl::queue q(sycl::property::queue::enable_profiling{});
  std::vector<float> v(1 << 16, 1.0f);
  float* p = v.data();
  std::uint64_t last_end = 0;
  for (int r = 0; r < 5; ++r) {
    sycl::event ev = q.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) {
      float x = p[i];
      for (int k = 0; k < 50; ++k) x = x * 1.0001f + 0.5f;
      p[i] = x;
    });
    ev.wait();
    const auto submit = ev.get_profiling_info<sycl::info::event_profiling::command_submit>();
    const auto start = ev.get_profiling_info<sycl::info::event_profiling::command_start>();
    const auto end = ev.get_profiling_info<sycl::info::event_profiling::command_end>();
    EXPECT_GT(submit, 0u);
    EXPECT_LE(submit, start);
    EXPECT_LT(start, end);
    EXPECT_GE(submit, last_end);
    last_end = end;
  }
  sycl::event copy_ev = q.memcpy(p, p + 8, 8 * sizeof(float));
  EXPECT_LE(copy_ev.get_profiling_info<sycl::info::event_profiling::command_start>(),
            copy_ev.get_profiling_info<sycl::info::event_profiling::command_end>());
}

TEST(Event, ProfilingWithoutThePropertyThrows) {
  sycl::queue q;
  sycl::event ev = q.single_task([] {});
  try {
    (void)ev.get_profiling_info<sycl::info::event_profiling::command_start>();
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    EXPECT_NE(std::string(e.what()).find("enable_profiling"), std::string::npos);
  }
  EXPECT_EQ(ev.get_info<sycl::info::event::command_execution_status>(),
            sycl::info::event_command_status::complete);
}

TEST(AsyncErrors, KernelExceptionReachesTheHandlerNotSubmit) {
  std::vector<std::string> seen;
  sycl::queue q([&](sycl::exception_list list) {
    for (const std::exception_ptr& e : list) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception& ex) {
        seen.push_back(ex.what());
      }
    }
  });
  sycl::event ev;
  EXPECT_NO_THROW(ev = q.parallel_for(sycl::range<1>(100), [=](sycl::id<1> i) {
    if (i == 37) throw sycl::exception(sycl::make_error_code(sycl::errc::kernel), "item 37 failed");
  }));
  EXPECT_TRUE(seen.empty());  // nothing before wait_and_throw
  ev.wait_and_throw();
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0], "item 37 failed");
  q.wait_and_throw();  // already delivered
  EXPECT_EQ(seen.size(), 1u);
}

TEST(AsyncErrors, WithoutHandlerWaitAndThrowRethrows) {
  sycl::queue q;
  q.single_task([] { throw std::runtime_error("task failed"); });
  q.wait();  // wait does not report
  EXPECT_THROW(q.wait_and_throw(), std::runtime_error);
  EXPECT_NO_THROW(q.wait_and_throw());
}

TEST(LaunchErrors, NdRangeNotAMultipleOfLocal) {
  sycl::queue q;
  try {
    q.parallel_for<class Uneven>(sycl::nd_range<2>(sycl::range<2>(64, 10), sycl::range<2>(8, 4)),
                                 [=](sycl::nd_item<2>) {});
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::nd_range);
    const std::string msg = e.what();
    EXPECT_NE(
        msg.find("global range {64, 10} is not a multiple of local range {8, 4} in dimension 1"),
        std::string::npos)
        << msg;
    EXPECT_NE(msg.find("Uneven"), std::string::npos) << msg;
  }
}

TEST(LaunchErrors, WorkGroupAboveDeviceLimit) {
  sycl::queue q;
  const std::size_t max = q.get_device().get_info<sycl::info::device::max_work_group_size>();
  try {
    q.parallel_for(sycl::nd_range<1>(2 * max * 2, 2 * max), [=](sycl::nd_item<1>) {});
    FAIL() << "no exception";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::nd_range);
    EXPECT_NE(std::string(e.what()).find("exceeds max_work_group_size " + std::to_string(max)),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(q.parallel_for(sycl::nd_range<1>(8, 0), [=](sycl::nd_item<1>) {}), sycl::exception);
  EXPECT_THROW(q.submit([&](sycl::handler& h) {
    h.single_task([] {});
    h.single_task([] {});
  }),
               sycl::exception);
}

TEST(Device, QueriesAnswerFromTheModel) {
  const xesim::dev::device_model& m = xesim::dev::current_device();
  sycl::device d = sycl::queue().get_device();
  namespace idev = sycl::info::device;
  namespace xdev = sycl::ext::intel::info::device;
  EXPECT_EQ(d.get_info<idev::name>(), m.name);
  EXPECT_EQ(d.get_info<idev::vendor>(), "Intel(R) Corporation");
  EXPECT_NE(d.get_info<idev::driver_version>().find("xesim"), std::string::npos);
  EXPECT_EQ(d.get_info<idev::max_compute_units>(), std::uint32_t(m.eus));
  EXPECT_EQ(d.get_info<idev::max_work_group_size>(), std::size_t(m.max_work_group_size));
  EXPECT_EQ(d.get_info<idev::local_mem_size>(), m.slm_per_group);
  EXPECT_EQ(d.get_info<idev::global_mem_size>(), m.global_mem_bytes);
  EXPECT_EQ(d.get_info<idev::max_clock_frequency>(), std::uint32_t(m.max_clock_mhz));
  EXPECT_EQ(d.get_info<idev::device_type>(), sycl::info::device_type::gpu);
  const std::size_t wg = std::size_t(m.max_work_group_size);
  EXPECT_EQ(d.get_info<idev::max_work_item_sizes<3>>(), sycl::range<3>(wg, wg, wg));
  std::vector<std::size_t> sg;
  for (int s : m.sub_group_sizes)
    if (s) sg.push_back(std::size_t(s));
  EXPECT_EQ(d.get_info<idev::sub_group_sizes>(), sg);
  EXPECT_EQ(d.get_info<xdev::gpu_eu_simd_width>(), std::uint32_t(m.simd_width));
  EXPECT_EQ(d.get_info<xdev::gpu_eu_count>(), std::uint32_t(m.eus));
  EXPECT_EQ(d.get_info<xdev::gpu_slices>(), std::uint32_t(m.slices));
  EXPECT_EQ(d.get_info<xdev::gpu_subslices_per_slice>() * d.get_info<xdev::gpu_slices>(),
            std::uint32_t(m.xe_cores));
  EXPECT_EQ(d.get_info<xdev::gpu_eu_count_per_subslice>(), std::uint32_t(m.eus_per_xe_core));
  EXPECT_EQ(d.get_info<xdev::gpu_hw_threads_per_eu>(), std::uint32_t(m.threads_per_eu));
  EXPECT_EQ(d.get_info<xdev::device_id>(), m.pci_device_id);
  EXPECT_EQ(d.get_info<xdev::max_mem_bandwidth>(), std::uint64_t(m.mem_bandwidth_gbs * 1e9));
  EXPECT_GT(d.get_info<xdev::memory_bus_width>(), 0u);
  EXPECT_GT(d.get_info<xdev::memory_clock_rate>(), 0u);
  EXPECT_LE(d.get_info<xdev::free_memory>(), m.global_mem_bytes);
  EXPECT_TRUE(d.has(sycl::aspect::gpu));
  EXPECT_FALSE(d.has(sycl::aspect::cpu));
  EXPECT_EQ(d.has(sycl::aspect::fp64), m.has_fp64);
  EXPECT_EQ(d.has(sycl::aspect::ext_intel_matrix), m.has_xmx);
  EXPECT_TRUE(d.has(sycl::aspect::ext_intel_esimd));
  const auto aspects = d.get_info<idev::aspects>();
  EXPECT_NE(std::find(aspects.begin(), aspects.end(), sycl::aspect::usm_device_allocations),
            aspects.end());
  // The guide's sizing idiom.
  const int ts = int(d.get_info<idev::max_compute_units>()) * 8;
  EXPECT_EQ(ts, m.eus * 8);
  EXPECT_FALSE(d.get_platform().get_info<sycl::info::platform::name>().empty());
  EXPECT_EQ(sycl::device::get_devices().size(), 1u);
  EXPECT_TRUE(sycl::device::get_devices(sycl::info::device_type::cpu).empty());
}

TEST(Concurrency, FourHostThreadsLaunchAtOnce) {
  constexpr int kThreads = 4, kLaunches = 40;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([t, &failures] {
      sycl::queue q;
      std::vector<long> out(16 * 8);
      long* o = out.data();
      for (int l = 0; l < kLaunches; ++l) {
        // nd_range with a barrier and SLM, and a plain range launch, alternating.
        q.parallel_for(sycl::nd_range<1>(16 * 8, 8), [=](sycl::nd_item<1> it) {
          xesim::rt::slm_init(8 * sizeof(long));
          long* slm = reinterpret_cast<long*>(xesim::rt::current_item()->slm);
          slm[it.get_local_id(0)] = long(t * 1000 + l) + long(it.get_local_id(0));
          xesim::rt::barrier();
          o[it.get_global_id(0)] = slm[7 - it.get_local_id(0)];
        });
        q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) { o[i] += 1; });
        q.wait_and_throw();
        for (std::size_t i = 0; i < out.size(); ++i) {
          const long want = long(t * 1000 + l) + long(7 - i % 8) + (i < 64 ? 1 : 0);
          if (out[i] != want) failures.fetch_add(1);
        }
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
}
