// The checks and refusals of 2D block messages: invalid-2d-block (must fire on each surface rule,
// must not fire on legal surfaces), out-of-bounds for a surface larger than its allocation,
// devices without 2D blocks (arc-a770, meteor-lake) refusing the kernel, and the compile-time
// size rules DPC++ enforces (each misuse compiled, its message checked; legal forms compile).
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>
#include <sycl/ext/intel/experimental/esimd/memory.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

#include "check/check_util.hpp"

namespace esimd = sycl::ext::intel::esimd;
namespace xesimd = sycl::ext::intel::experimental::esimd;
using check_test::run_child;
using esimd::simd;

namespace {
/// "block_2d_check_test.cpp:<line>" of the line holding `marker`.
std::string line_of(const std::string& marker) {
  std::ifstream in(std::string(XESIM_SOURCE_DIR) + "/tests/memory/block_2d_check_test.cpp");
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.find(marker) != std::string::npos && line.find("line_of") == std::string::npos)
      return "block_2d_check_test.cpp:" + std::to_string(n);
  return "(marker not found)";
}

constexpr unsigned kW = 128, kH = 16;  // a 128 x 16 float surface: 512-byte rows

/// One 2D load with the given surface arguments, in a kernel; prints the first element.
void load_with(unsigned width_m1, unsigned height_m1, unsigned pitch_m1, int x, int byte_skew) {
  sycl::queue q;
  float* p = static_cast<float*>(sycl::aligned_alloc_shared(64, kW * kH * 4 + 64, q));
  for (unsigned i = 0; i < kW * kH; ++i) p[i] = 1.f;
  const float* base = reinterpret_cast<const float*>(reinterpret_cast<char*>(p) + byte_skew);
  float* out = sycl::malloc_shared<float>(16, q);
  q.parallel_for<class Bad2dLoad>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     simd<float, 16> v =
         esimd::load_2d<float, 16>(base, width_m1, height_m1, pitch_m1, x, 0);  // FIRE: 2d
     v.copy_to(out);
   }).wait();
  std::printf("first=%g\n", out[0]);
  sycl::free(out, q);
  sycl::free(p, q);
}
}  // namespace

// ------------------------------ invalid-2d-block
CHILD_TEST(Misaligned2dBase) { load_with(kW * 4 - 1, kH - 1, kW * 4 - 1, 0, 4); }
CHILD_TEST(Tall2dSurface) { load_with(kW * 4 - 1, 1u << 24, kW * 4 - 1, 0, 0); }
CHILD_TEST(Pitch2dBelowWidth) { load_with(kW * 4 - 1, kH - 1, 256 - 1, 0, 0); }
CHILD_TEST(Pitch2dUnaligned) { load_with(kW * 4 - 1 - 8, kH - 1, kW * 4 - 1 - 8, 0, 0); }
CHILD_TEST(Width2dNotMinus1) { load_with(kW * 4, kH - 1, kW * 4 + 15, 0, 0); }
CHILD_TEST(Legal2dSurfaces) {
  load_with(kW * 4 - 1, kH - 1, kW * 4 - 1, 0, 0);
  load_with(64 - 1, 0, 64 - 1, -12, 0);  // the narrowest documented surface, block mostly outside
}
CHILD_TEST(Narrow2dSurface) { load_with(4 - 1, kH - 1, 64 - 1, 0, 0); }  // Intel's e2e do it
CHILD_TEST(Unaligned2dX) {  // 2-byte elements must start on a dword
  sycl::queue q;
  uint16_t* p = static_cast<uint16_t*>(sycl::aligned_alloc_shared(64, 64 * 8 * 2, q));
  q.parallel_for<class OddX>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     simd<uint16_t, 64> v = xesimd::lsc_load_2d<uint16_t, 16, 4>(p, 127, 7, 127, 3, 0);  // FIRE: x
     esimd::store_2d<uint16_t, 16, 4>(p, 127, 7, 127, 4, 0, v);
   }).wait();
  sycl::free(p, q);
}
CHILD_TEST(Surface2dPastAllocation) {  // claims 16 rows of a 4-row allocation
  sycl::queue q;
  float* p = static_cast<float*>(sycl::aligned_alloc_shared(64, kW * 4 * 4, q));
  q.parallel_for<class TallSurface>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     const simd<float, 128> v(2.f);
     esimd::store_2d<float, 16, 8>(p, kW * 4 - 1, kH - 1, kW * 4 - 1, 0, 0, v);  // FIRE: oob
   }).wait();
  sycl::free(p, q);
  std::puts("run completed");
}

TEST(Invalid2dBlock, FiresOnEachSurfaceRule) {
  const std::pair<const char*, const char*> cases[] = {
      {"Misaligned2dBase", "not 64-byte aligned"},
      {"Tall2dSurface", "height is above 2^24 rows"},
      {"Pitch2dBelowWidth", "pitch is smaller than its width"},
      {"Width2dNotMinus1", "width is not a multiple of max(4, sizeof(T))"},
  };
  for (auto [child, what] : cases) {
    const auto r = run_child(child, "");
    EXPECT_EQ(r.status, 1) << child << r.output;
    EXPECT_NE(r.output.find("xesim: error: [invalid-2d-block] load_2d: "), std::string::npos)
        << child << r.output;
    EXPECT_NE(r.output.find(what), std::string::npos) << child << r.output;
    EXPECT_NE(r.output.find("Bad2dLoad"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(line_of("FIRE: 2d")), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("first=0"), std::string::npos) << r.output;  // skipped: zeros
  }
}
TEST(Invalid2dBlock, DocumentedMinimumsAreWarnings) {  // performed: PVC tolerates them
  const std::pair<const char*, const char*> cases[] = {
      {"Narrow2dSurface", "width is below the documented 64 bytes"},
      {"Pitch2dUnaligned", "pitch is not a multiple of 16 bytes"},
  };
  for (auto [child, what] : cases) {
    const auto r = run_child(child, "");
    EXPECT_EQ(r.status, 0) << child << r.output;
    EXPECT_NE(r.output.find("xesim: warning: [invalid-2d-block] load_2d: "), std::string::npos)
        << child << r.output;
    EXPECT_NE(r.output.find(what), std::string::npos) << child << r.output;
    EXPECT_NE(r.output.find("first=1"), std::string::npos) << r.output;
  }
}
TEST(Invalid2dBlock, FiresOnAnOddElementOffset) {
  const auto r = run_child("Unaligned2dX", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("[invalid-2d-block] lsc_load_2d: x * sizeof(T)"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(line_of("FIRE: x")), std::string::npos) << r.output;
}
TEST(Invalid2dBlock, SilentOnLegalSurfaces) {
  const auto r = run_child("Legal2dSurfaces", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
  EXPECT_NE(r.output.find("first=1"), std::string::npos) << r.output;
}
TEST(Invalid2dBlock, OffMeansNoReport) {
  const auto r = run_child("Misaligned2dBase", "XESIM_CHECK=off");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
  EXPECT_NE(r.output.find("first=1"), std::string::npos) << r.output;  // performed as called
}
TEST(Invalid2dBlock, SurfacePastItsAllocationIsOutOfBounds) {
  const auto r = run_child("Surface2dPastAllocation", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("xesim: error: [out-of-bounds] store_2d touches"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(line_of("FIRE: oob")), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("run completed"), std::string::npos) << r.output;  // skipped
}

// ------------------------------ devices without 2D blocks
CHILD_TEST(Load2dOnDevice) {
  sycl::queue q([](sycl::exception_list l) {
    for (auto& e : l) try {
        std::rethrow_exception(e);
      } catch (const sycl::exception& x) {
        std::printf("async %s: %s\n", x.code() == sycl::errc::kernel_not_supported ? "ok" : "?",
                    x.what());
      }
  });
  float* p = static_cast<float*>(sycl::aligned_alloc_shared(64, kW * kH * 4, q));
  q.parallel_for<class NoBlocks>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     simd<float, 16> v = esimd::load_2d<float, 16>(p, kW * 4 - 1, kH - 1, kW * 4 - 1, 0, 0);
     v.copy_to(p);
   }).wait_and_throw();
  sycl::free(p, q);
}
TEST(Block2dDevices, RefusedOnXeHpgAndXeLpg) {
  for (const char* dev : {"arc-a770", "meteor-lake"}) {
    const auto r = run_child("Load2dOnDevice", std::string("XESIM_DEVICE=") + dev);
    EXPECT_NE(r.output.find("async ok: xesim: error: load_2d (2D block message lsc_load_block2d) "
                            "is not supported on " +
                            std::string(dev)),
              std::string::npos)
        << r.output;
  }
  for (const char* dev : {"arc-b580", "max-1550", "lunar-lake"}) {
    const auto r = run_child("Load2dOnDevice", std::string("XESIM_DEVICE=") + dev);
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_EQ(r.output.find("async"), std::string::npos) << dev << r.output;
  }
}

// ------------------------------ compile-time rules
namespace {
std::string compile(const std::string& body, bool& ok) {
  static std::atomic<int> n{0};
  const std::string path = std::string(XESIM_TEST_BIN_DIR) + "/block_2d_reject_" +
                           std::to_string(::getpid()) + "_" + std::to_string(n++) + ".cpp";
  std::ofstream(path) << "#include <sycl/sycl.hpp>\n#include <sycl/ext/intel/esimd.hpp>\n"
                         "#include <sycl/ext/intel/experimental/esimd/memory.hpp>\n"
                         "using namespace sycl::ext::intel::esimd;\n"
                         "namespace x = sycl::ext::intel::experimental::esimd;\n"
                      << body << "\n";
  const char* cxx = std::getenv("CXX");
  const std::string cmd = std::string(cxx ? cxx : "c++") +
                          " -std=c++20 -fsyntax-only -march=native -I" XESIM_SOURCE_DIR
                          "/include " + path + " 2>&1";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  char buf[4096];
  while (p && std::fgets(buf, sizeof buf, p)) out += buf;
  ok = p && pclose(p) == 0;
  std::remove(path.c_str());
  return out;
}
}  // namespace

TEST(Block2dRules, RejectedAsDpcppRejectsThem) {
  const std::pair<const char*, const char*> misuses[] = {
      {"load_2d<float, 16, 33>(p, 0, 0, 0, 0, 0)", "Unsupported block height for load"},
      {"load_2d<float, 16, 8, 2>(p, 0, 0, 0, 0, 0)", "W * NBlocks * sizeof(T) must be at most 64"},
      {"load_2d<double, 8, 1, 2>(p8, 0, 0, 0, 0, 0)", "Unsupported number of blocks for 2D load"},
      {"load_2d<sycl::half, 3>(h, 0, 0, 0, 0, 0)", "Block width must be aligned by DW"},
      {"load_2d<uint8_t, 2>(b, 0, 0, 0, 0, 0)", "Block width must be aligned by DW"},
      {"load_2d<sycl::half, 16, 8, 1, true>(h, 0, 0, 0, 0, 0)", "Transposed load is supported only"},
      {"load_2d<float, 16, 8, 1, true>(p, 0, 0, 0, 0, 0)", "transposed needs W in {1, 2, 4}"},
      {"load_2d<double, 4, 4, 1, true>(p8, 0, 0, 0, 0, 0)", "transposed needs H == 8"},
      {"load_2d<float, 8, 8, 1, false, true>(p, 0, 0, 0, 0, 0)", "VNNI transform is supported only"},
      {"load_2d<sycl::half, 16, 8, 1, true, true>(h, 0, 0, 0, 0, 0)",
       "Transposed and transformed is not supported"},
      {"load_2d<float, 16, 8, 1, false, false, 64>(p, 0, 0, 0, 0, 0)", "Incorrect element count"},
      {"store_2d<float, 16, 9>(p, 0, 0, 0, 0, 0, simd<float, 144>())",
       "Unsupported block height for store"},
      {"prefetch_2d<float, 16>(p, 0, 0, 0, 0, 0)", "prefetch needs L1/L2 cache hints"},
      {"load_2d<float, 16>(p, 0, 0, 0, 0, 0, properties{cache_hint_L1<cache_hint::write_back>})",
       "invalid L1/L2 cache hints for a load"},
      {"x::config_2d_mem_access<sycl::half, 8, 1, 1> c(h, 0, 0, 0, 0, 0); (void)x::lsc_load_2d(c)",
       "Invalid size for raw send"},
      {"x::config_2d_mem_access<float, 16, 8, 1> c(p, 0, 0, 0, 0, 0); auto d = c; (void)d",
       "use of deleted function"},
  };
  std::string src = "float* p; double* p8; sycl::half* h; uint8_t* b;\n";
  for (std::size_t i = 0; i < std::size(misuses); ++i)
    src += "void bad" + std::to_string(i) + "() { " + misuses[i].first + "; }\n";
  bool ok = true;
  const std::string out = compile(src, ok);
  EXPECT_FALSE(ok);
  for (auto [code, msg] : misuses) EXPECT_NE(out.find(msg), std::string::npos) << code << "\n" << out;
  // The DPC++ e2e spellings compile.
  const std::string good =
      "float* p; sycl::half* h; uint8_t* b;\n"
      "void good() {\n"
      "  simd<float, 128> a = load_2d<float, 16, 8>(p, 511, 15, 511, 0, 0);\n"
      "  simd<sycl::half, 256> v = load_2d<sycl::half, 16, 16, 1, false, true>(h, 255, 15, 255, "
      "0, 0);\n"
      "  simd<float, 40> t = x::lsc_load_2d<float, 5, 8, 1, true>(p, 511, 15, 511, 0, 0);\n"
      "  simd<uint8_t, 256> q = x::lsc_load_2d<uint8_t, 16, 4, 4>(b, 511, 15, 511, 0, 0);\n"
      "  x::lsc_prefetch_2d<float, 16, 8, 1, cache_hint::uncached, cache_hint::cached>(p, 511, "
      "15, 511, 0, 0);\n"
      "  store_2d<float, 16, 8>(p, 511, 15, 511, 0, 0, a);\n"
      "  x::lsc_store_2d<float, 16, 8>(p, 511, 15, 511, 0, 0, a);\n"
      "  auto c = x::config_2d_mem_access<float, 16, 8, 1>(p, 511, 15, 511, 0, 0);\n"
      "  simd<float, 128> d = x::lsc_load_2d(c);\n"
      "  x::lsc_store_2d(c.set_x(16), d);\n"
      "  (void)v; (void)t; (void)q;\n"
      "}\n";
  const std::string out2 = compile(good, ok);
  EXPECT_TRUE(ok) << out2;
}
