// What xesim does not support (or what DPC++ rejects) must fail to compile with a message that
// names it, never compile into something that silently differs. The cases are compiled with the
// host compiler against include/; each must leave its diagnostic, naming the API. A supported
// control program goes through the same command and must compile. Cases match docs/compat.md,
// "Not supported".
#include <gtest/gtest.h>

#include <iostream>
#include <string>
#include <vector>

#include "tools/subprocess.hpp"

namespace {

struct fail_case {
  const char* name;
  const char* body;      // inside main(); q is a sycl::queue, buf a sycl::buffer<int, 1>
  const char* expected;  // text the compiler's diagnostic must contain
};

const std::vector<fail_case>& cases() {
  static const std::vector<fail_case> all = {
      {"atomic_accessor", "sycl::accessor<int, 1, sycl::access::mode::atomic> a;",
       "access_mode::atomic"},
      {"image_accessor",
       "sycl::accessor<int, 1, sycl::access::mode::read, "
       "sycl::access::target::image> a;",
       "image accessors are not supported"},
      {"zero_dim_accessor", "sycl::accessor<int, 0> a;", "0-dimensional accessors"},
      {"const_buffer", "sycl::buffer<const int, 1> b{sycl::range<1>(4)};", "buffer<const T>"},
      {"kernel_offset",
       "q.submit([&](sycl::handler& h) { h.parallel_for(sycl::range<1>(4), sycl::id<1>(1), "
       "[=](sycl::item<1>) {}); });",
       "kernel offsets are deprecated"},
      {"tag_mismatch",
       "q.submit([&](sycl::handler& h) { sycl::accessor<int, 1, sycl::access_mode::read> "
       "a(buf, h, sycl::write_only); });",
       "differs from the accessor's access_mode"},
      {"interop_host_task",
       "struct interop_handle {}; q.submit([&](sycl::handler& h) { "
       "h.host_task([](interop_handle) {}); });",
       "interop_handle"},
      {"surface_index",
       "q.submit([&](sycl::handler& h) { sycl::accessor a(buf, h); h.single_task([=] { "
       "esimd::get_surface_index(a); }); });",
       "get_surface_index"},
      {"store_to_read_only",
       "q.submit([&](sycl::handler& h) { sycl::accessor a(buf, h, sycl::read_only); "
       "h.single_task([=] { esimd::block_store<int, 8>(a, 0, esimd::simd<int, 8>(1)); }); });",
       "no matching function for call to 'block_store<int, 8>("},
      {"copy_from_bad_flag",
       "q.submit([&](sycl::handler& h) { sycl::accessor a(buf, h); h.single_task([=] { "
       "esimd::simd<int, 8> v; v.copy_from(a, 0, 3); }); });",
       "copy_from/copy_to: the last argument"},
      {"media_block_load",
       "q.submit([&](sycl::handler& h) { sycl::accessor a(buf, h); h.single_task([=] { "
       "auto v = esimd::media_block_load<int, 4, 8>(a, 0, 0); (void)v; }); });",
       "media_block_load: image (media) surfaces are not emulated"},
      {"media_block_store",
       "q.submit([&](sycl::handler& h) { sycl::accessor a(buf, h); h.single_task([=] { "
       "esimd::media_block_store<int, 4, 8>(a, 0, 0, esimd::simd<int, 32>(1)); }); });",
       "media_block_store: image (media) surfaces are not emulated"},
      {"raw_send",
       "esimd::simd<int, 8> d, s; sycl::ext::intel::experimental::esimd::raw_send<8, 3, 1, "
       "1>(d, s, 0u, 0u);",
       "raw_send: hand-encoded send messages are not emulated"},
      {"raw_sends", "esimd::simd<int, 8> d, s; esimd::raw_sends(d, s, s, 0u, 0u, 16, 3, 1, 1, 1);",
       "raw_sends: hand-encoded send messages are not emulated"},
      {"image",
       "std::vector<unsigned> px(64); sycl::image<2> img(px.data(), "
       "sycl::image_channel_order::rgba, sycl::image_channel_type::unsigned_int32, "
       "sycl::range<2>{4, 4});",
       "sycl::image: images (and image accessors, lsc_*_typed, media_block_*) are not emulated"},
      {"invoke_simd",
       "q.submit([&](sycl::handler& h) { h.parallel_for(sycl::nd_range<1>(16, 16), "
       "[=](sycl::nd_item<1> it) { sycl::ext::oneapi::experimental::invoke_simd("
       "it.get_sub_group(), [](int) {}, 1); }); });",
       "invoke_simd: calling ESIMD functions from SPMD SYCL kernels is not emulated"},
  };
  return all;
}

/// Every case as its own function of one translation unit: g++ reports each error and goes on,
/// so one compile covers them all (a case that compiled would be missing its diagnostic).
std::string all_cases_source() {
  std::string src =
      "#include <sycl/ext/intel/esimd.hpp>\n#include <sycl/sycl.hpp>\n"
      "#include <sycl/ext/oneapi/experimental/invoke_simd.hpp>\n#include <sycl/accessor_image.hpp>\n"
      "namespace esimd = sycl::ext::intel::esimd;\n";
  for (const fail_case& c : cases())
    src += std::string("void case_") + c.name +
           "(sycl::queue& q, sycl::buffer<int, 1>& buf) {\n  " + c.body +
           "\n  (void)q;\n  (void)buf;\n}\n";
  return src + "int main() {}\n";
}

std::string compile_command(const std::string& src) {
  return "LC_ALL=C ${CXX:-g++} -std=c++20 -fsyntax-only -I" XESIM_SOURCE_DIR "/include " + src;
}

TEST(Unsupported, EachCaseFailsToCompileNamingTheApi) {
  const auto dir = xesim_test::scratch_dir("compat_unsupported");
  const std::string src = (dir / "cases.cpp").string();
  xesim_test::write_file(src, all_cases_source());
  const auto r = xesim_test::run_command(compile_command(src));
  EXPECT_NE(r.status, 0) << "the unsupported cases compiled";
  for (const fail_case& c : cases())
    EXPECT_NE(r.output.find(c.expected), std::string::npos)
        << c.name << ": the diagnostics must contain \"" << c.expected << "\" for:\n  " << c.body;
  if (::testing::Test::HasFailure()) std::cerr << r.output.substr(0, 20000);
}

// The control: the same harness compiles a supported program, so a failure above is the case's.
TEST(UnsupportedHarness, SupportedProgramCompiles) {
  const auto dir = xesim_test::scratch_dir("compat_unsupported_control");
  const std::string src = (dir / "ok.cpp").string();
  xesim_test::write_file(src,
                         "#include <sycl/ext/intel/esimd.hpp>\n#include <sycl/sycl.hpp>\n"
                         "namespace esimd = sycl::ext::intel::esimd;\nint main() {\n"
                         "  sycl::queue q;\n  sycl::buffer<int, 1> buf{sycl::range<1>(64)};\n"
                         "  q.submit([&](sycl::handler& h) { sycl::accessor a(buf, h);\n"
                         "    h.single_task([=] { esimd::block_store<int, 8>(a, 0, "
                         "esimd::simd<int, 8>(1)); }); });\n}\n");
  const auto r = xesim_test::run_command(compile_command(src));
  EXPECT_EQ(r.status, 0) << r.output.substr(0, 4000);
}

// DPC++'s <sycl/sycl.hpp> makes the standard library's common headers visible; programs (and
// Intel's esimd_test_utils.hpp) lean on that: assert, std::cout, memcpy, unique_ptr, typeid...
TEST(DpcppHeaders, SyclHppBringsTheStandardHeadersDpcppDoes) {
  const auto dir = xesim_test::scratch_dir("compat_std_headers");
  const std::string body =
      "int main() {\n"
      "  assert(1 + 1 == 2);\n"
      "  std::cout << std::sqrt(4.0) << std::endl;\n"
      "  char a[4] = {}, b[4] = {1, 2, 3, 4};\n  std::memcpy(a, b, 4);\n"
      "  auto u = std::make_unique<int>(std::abs(-3));\n"
      "  std::vector<int> v{3, 1, 2};\n  std::sort(v.begin(), v.end());\n"
      "  std::array<int, 2> arr{};\n  std::string s = typeid(int).name();\n"
      "  std::function<int(int)> f = [](int x) { return x; };\n"
      "  std::mutex m;\n  std::lock_guard<std::mutex> g(m);\n"
      "  auto t = std::make_tuple(1, 2.0);\n  std::pair<int, int> p{1, 2};\n"
      "  (void)std::numeric_limits<float>::max();\n"
      "  if (*u != 3 || v[0] != 1 || arr[0] != 0 || s.empty() || f(2) != 2) throw "
      "std::runtime_error(\"bad\");\n"
      "  (void)t; (void)p;\n"
      "#ifndef __SYCL_RT_OS_LINUX\n#error __SYCL_RT_OS_LINUX\n#endif\n"
      "}\n";
  for (const char* header :
       {"sycl/sycl.hpp", "sycl/detail/core.hpp", "CL/sycl.hpp", "sycl/ext/intel/esimd.hpp"}) {
    const std::string src = (dir / "uses_std.cpp").string();
    xesim_test::write_file(src, std::string("#include <") + header + ">\n" + body);
    const auto r = xesim_test::run_command(compile_command(src));
    EXPECT_EQ(r.status, 0) << header << ":\n" << r.output.substr(0, 4000);
  }
}

// `xesim c++` searches include/sycl too, as DPC++'s driver does: oneDPL's ESIMD kernels include
// <ext/intel/esimd.hpp>.
TEST(DpcppHeaders, CliFindsHeadersWithoutTheSyclPrefix) {
  const auto dir = xesim_test::scratch_dir("compat_no_prefix");
  const std::string src = (dir / "no_prefix.cpp").string();
  xesim_test::write_file(src,
                         "#include <sycl/sycl.hpp>\n#include <ext/intel/esimd.hpp>\n"
                         "int main() { __ESIMD_NS::simd<int, 8> v(1); return v[0] - 1; }\n");
  const auto r = xesim_test::run_command(std::string(XESIM_TEST_BIN_DIR) +
                                         "/bin/xesim c++ -fsyntax-only " + src);
  EXPECT_EQ(r.status, 0) << r.output.substr(0, 4000);
}

}  // namespace
