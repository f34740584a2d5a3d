// The profile in a plain build (no XESIM_PROFILE_COUNT): memory and launch counters, a
// prediction without instructions, the JSON document, XESIM_TIMING=model event times, the
// Chrome trace, and `xesim report` with its roofline.
#include <gtest/gtest.h>

#include <sycl/ext/intel/esimd.hpp>
#include <sycl/sycl.hpp>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "tools/subprocess.hpp"
#include "xesim/profile/hooks.hpp"
#include "xesim/profile/model.hpp"

namespace esimd = sycl::ext::intel::esimd;
namespace prof = xesim::profile;
using esimd::simd;

namespace {
constexpr int kRows = 1024, kRow = 128;

sycl::event scale(sycl::queue& q, float* p) {
  return q.parallel_for<class Scale>(sycl::range<1>(kRows), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<float, kRow> v = esimd::block_load<float, kRow>(p + i[0] * kRow);
    esimd::block_store<float, kRow>(p + i[0] * kRow, v * 2.f);
  });
}
}  // namespace

TEST(PlainBuild, CountsMemoryAndPredictsWithoutInstructions) {
  prof::set_enabled(true);
  prof::reset_reports();
  sycl::queue q;
  float* p = sycl::malloc_shared<float>(kRows * kRow, q);
  for (int i = 0; i < kRows * kRow; ++i) p[i] = float(i);
  scale(q, p).wait();
  scale(q, p).wait();
  prof::set_enabled(false);
  EXPECT_EQ(p[3], 12.f);  // the kernel ran twice
  const auto ks = prof::kernel_reports();
  ASSERT_EQ(ks.size(), 1u);
  EXPECT_EQ(ks[0].launches, 2u);
  EXPECT_EQ(ks[0].name, "Scale");  // the name type as written
  EXPECT_FALSE(ks[0].counters.alu_counted);
  EXPECT_EQ(ks[0].counters.global_bytes(), 2.0 * 2 * kRows * kRow * 4);
  EXPECT_EQ(ks[0].counters.alu_instr[1][0], 0);
  EXPECT_GT(ks[0].predicted.time_ns, 0);
  EXPECT_EQ(ks[0].predicted.bound, "memory");

  const auto doc = nlohmann::json::parse(prof::reports_json());
  EXPECT_EQ(doc["schema"], "xesim-profile-1");
  const auto& k = doc["kernels"][0];
  EXPECT_EQ(k["launches"], 2);
  for (const char* f : {"time_ns", "bound", "bandwidth_gbps", "bandwidth_fraction", "tflops"})
    EXPECT_TRUE(k["predicted"].contains(f)) << f;
  EXPECT_TRUE(k["by_device"].contains("arc-a770"));
  EXPECT_FALSE(k["counters"]["instructions_counted"].get<bool>());
  EXPECT_TRUE(k["counters"]["peak_live_simd_bytes"].is_null());
  EXPECT_TRUE(k["hints"].is_array());
  EXPECT_NE(prof::reports_table().find("not counted"), std::string::npos);
  sycl::free(p, q);
}

TEST(PlainBuild, TimingModelGivesPredictedEventTimes) {
  prof::set_enabled(true);
  prof::set_timing_model(true);
  prof::reset_reports();
  sycl::queue q{sycl::property::queue::enable_profiling{}};
  float* p = sycl::malloc_shared<float>(kRows * kRow, q);
  sycl::event e = scale(q, p);
  e.wait();
  const auto ns = e.get_profiling_info<sycl::info::event_profiling::command_end>() -
                  e.get_profiling_info<sycl::info::event_profiling::command_start>();
  prof::set_timing_model(false);
  prof::set_enabled(false);
  const auto ks = prof::kernel_reports();
  ASSERT_EQ(ks.size(), 1u);
  EXPECT_EQ(double(ns), std::floor(ks[0].predicted.time_ns));
  sycl::free(p, q);
}

// Child: a program run with XESIM_PROFILE=<json> XESIM_TRACE=<trace> writes both at exit.
TEST(Child, WritesProfileAndTrace) {
  if (!std::getenv("XESIM_PROFILE")) GTEST_SKIP() << "child only";
  sycl::queue q;
  float* p = sycl::malloc_shared<float>(kRows * kRow, q);
  scale(q, p).wait();
  q.parallel_for(sycl::range<1>(kRows * kRow), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    const simd<uint32_t, 1> off(uint32_t(i[0] * 4));
    esimd::scatter<float, 1>(p, off, esimd::gather<float, 1>(p, off) + 1.f);
  }).wait();
  sycl::free(p, q);
}

TEST(Files, ProfileTraceAndReport) {
  const auto dir = xesim_test::scratch_dir("profile_report");
  const std::string json = (dir / "out.json").string(), trace = (dir / "trace.json").string();
  const std::string exe = std::filesystem::read_symlink("/proc/self/exe").string();
  const auto r = xesim_test::run_command("env XESIM_DEVICE=arc-a770 XESIM_PROFILE=" + json +
                                         " XESIM_TRACE=" + trace + " " + exe +
                                         " --gtest_filter=Child.WritesProfileAndTrace");
  ASSERT_EQ(r.status, 0) << r.output;
  std::ifstream jf(json), tf(trace);
  ASSERT_TRUE(jf && tf) << r.output;
  const auto doc = nlohmann::json::parse(jf);
  ASSERT_EQ(doc["kernels"].size(), 2u);
  EXPECT_EQ(doc["device"], "arc-a770");
  const std::string lambda = doc["kernels"][1]["name"];
  EXPECT_EQ(lambda.rfind("lambda at report_test.cpp:", 0), 0u) << lambda;  // its location
  bool little = false;
  for (const auto& h : doc["kernels"][1]["hints"]) little |= h["id"] == "little-work";
  EXPECT_TRUE(little);
  const auto tr = nlohmann::json::parse(tf);
  int device_events = 0;
  for (const auto& e : tr["traceEvents"])
    if (e["ph"] == "X" && e["tid"] == 2) ++device_events;
  EXPECT_EQ(device_events, 2);

  const auto rep = xesim_test::run_command(xesim_test::xesim_exe() + " report " + json +
                                           " --device max-1550");
  EXPECT_EQ(rep.status, 0) << rep.output;
  EXPECT_NE(rep.output.find("Max 1550"), std::string::npos) << rep.output;
  EXPECT_NE(rep.output.find("dispatch"), std::string::npos) << rep.output;
  std::ifstream svg(dir / "out.svg");
  std::stringstream ss;
  ss << svg.rdbuf();
  EXPECT_NE(ss.str().find("<svg"), std::string::npos);
  EXPECT_NE(ss.str().find("GB/s"), std::string::npos);
  const auto bad = xesim_test::run_command(xesim_test::xesim_exe() + " report " + json +
                                           " --device no-such-card");
  EXPECT_EQ(bad.status, 2) << bad.output;
}

TEST(Cli, ProfileFlagInstrumentsAndRunPrintsTheTable) {
  const auto dir = xesim_test::scratch_dir("profile_cli");
  const std::string src = (dir / "prog.cpp").string();
  std::ofstream(src) << "#include <sycl/sycl.hpp>\n#include <sycl/ext/intel/esimd.hpp>\n"
                        "static_assert(XESIM_PROFILE_COUNT == 1, \"--profile must instrument\");\n"
                        "using namespace sycl::ext::intel::esimd;\n"
                        "int main() {\n  sycl::queue q;\n"
                        "  float* p = sycl::malloc_shared<float>(4096, q);\n"
                        "  q.parallel_for<class Twice>(sycl::range<1>(32), [=](sycl::id<1> i) "
                        "SYCL_ESIMD_KERNEL {\n"
                        "    simd<float, 128> v = block_load<float, 128>(p + i[0] * 128);\n"
                        "    block_store<float, 128>(p + i[0] * 128, v * 2.f);\n  }).wait();\n"
                        "  sycl::free(p, q);\n}\n";
  const auto c = xesim_test::run_command(xesim_test::xesim_exe() + " c++ --profile -v " + src +
                                         " -fsyntax-only");
  EXPECT_EQ(c.status, 0) << c.output;
  EXPECT_NE(c.output.find("-DXESIM_PROFILE_COUNT=1"), std::string::npos) << c.output;
  const auto r = xesim_test::run_command("env -u XESIM_PROFILE XDG_CACHE_HOME=" + dir.string() +
                                         " " + xesim_test::xesim_exe() +
                                         " run --profile --device arc-a770 " + src);
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("xesim profile: predicted on Intel(R) Arc(TM) A770"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("  Twice "), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("not counted"), std::string::npos) << r.output;  // instrumented
}
