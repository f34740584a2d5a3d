// The dpas combinations DPC++ rejects at compile time are rejected here too, with a message
// listing what is legal: each misuse below is compiled (g++ -fsyntax-only through the DPC++ entry
// headers) and its message must appear; the legal neighbours must compile.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <unistd.h>
#include <utility>
#include <vector>

#include "compile_snippet.hpp"

namespace {

const char* kPrelude =
    "#include <sycl/sycl.hpp>\n#include <sycl/ext/intel/esimd.hpp>\n#include <functional>\n"
    "#include <sycl/ext/intel/esimd/xmx/dpas.hpp>\n"
    "using namespace sycl::ext::intel::esimd;\nnamespace xmx = sycl::ext::intel::esimd::xmx;\n"
    "namespace xe = sycl::ext::intel::experimental::esimd;\n"
    "using bf = sycl::ext::oneapi::bfloat16; using hf = sycl::half;\n"
    "using tf = sycl::ext::intel::experimental::esimd::tfloat32;\n"
    "constexpr auto s4 = xmx::dpas_argument_type::s4; constexpr auto u2 = "
    "xmx::dpas_argument_type::u2;\n";

/// Compiles `src` (after the prelude); returns the compiler's output, sets ok to its success.
std::string compile(const std::string& src, bool& ok) {
  return test_util::compile_snippet("xmx_reject", kPrelude, src, ok);
}

const std::vector<std::pair<std::string, std::string>> kMisuses = {
    // fp16 A with bf16 B
    {"(void)xmx::dpas<8, 8, float>(simd<float, 128>(), simd<bf, 256>(), simd<hf, 128>());",
     "Legal (result | C | B | A): f, hf | f, hf | hf | hf"},
    // bf16 result at execution size 8 (Xe-HPG)
    {"(void)xmx::dpas<8, 8, bf>(simd<float, 64>(), simd<bf, 128>(), simd<bf, 128>());",
     "(bf result or C only with execution size 16; 8: f | f | bf | bf)"},
    // half accumulator at execution size 8
    {"(void)xmx::dpas<8, 4, float>(simd<hf, 32>(), simd<hf, 128>(), simd<hf, 64>());",
     "(hf result or C only with execution size 16; 8: f | f | hf | hf)"},
    // tf32 at execution size 8
    {"(void)xmx::dpas<8, 8, float>(simd<float, 64>(), simd<tf, 64>(), simd<tf, 64>());",
     "dpas: tf32 needs execution size 16"},
    // tf32 into half
    {"(void)xmx::dpas<8, 8, hf>(simd<hf, 128>(), simd<tf, 128>(), simd<tf, 64>());",
     "Legal (result | C | B | A): f | f | tf32 | tf32"},
    // integer precisions into float
    {"(void)xmx::dpas<8, 8, float>(simd<float, 128>(), simd<signed char, 512>(), "
     "simd<unsigned char, 256>());",
     "Legal (result | C | B | A): ud, d | ud, d | ub, b, u4, s4, u2, s2 | ub, b, u4, s4, u2, s2"},
    // systolic depth 4, repeat count 9
    {"(void)xmx::dpas<4, 8, float>(simd<float, 128>(), simd<bf, 256>(), simd<bf, 128>());",
     "dpas: systolic depth must be 8"},
    {"(void)xmx::dpas<8, 9, float>(simd<float, 144>(), simd<bf, 256>(), simd<bf, 144>());",
     "dpas: repeat count must be 1..8"},
    // int words without a precision
    {"(void)xmx::dpas<8, 8, float>(simd<float, 128>(), simd<int, 128>(), simd<int, 64>());",
     "dpas: the precision of A or B cannot be deduced from its element type"},
    // A of the wrong size, B of a width that is neither 8 nor 16
    {"(void)xmx::dpas<8, 8, float>(simd<float, 128>(), simd<bf, 256>(), simd<bf, 64>());",
     "dpas: A must hold RepeatCount x K elements of its precision"},
    {"(void)xmx::dpas<8, 8, float>(simd<float, 128>(), simd<bf, 192>(), simd<bf, 128>());",
     "dpas: execution size (B's width) must be 8 or 16"},
    // C of the wrong length
    {"(void)xmx::dpas<8, 8, float>(simd<float, 64>(), simd<bf, 256>(), simd<bf, 128>());",
     "dpas: C must have RepeatCount x N elements"},
    // dpasw, both spellings
    {"(void)xmx::dpasw<8, 8, int>(simd<int, 64>(), simd<signed char, 256>(), simd<signed char, "
     "128>());",
     "xmx::dpasw is not emulated by xesim"},
    {"(void)xe::dpasw<xe::argument_type::S8, xe::argument_type::S8, 8, 8, int, int, int, 64, 64, "
     "32>("
     "simd<int, 64>(), simd<int, 64>(), simd<int, 32>());",
     "experimental::esimd::dpasw is not emulated by xesim"},
    // experimental: operands must be 32-bit words
    {"(void)xe::dpas<xe::argument_type::BF16, xe::argument_type::BF16, 8, 8>(simd<float, 128>(), "
     "simd<bf, 256>(), simd<bf, 128>());",
     "experimental::esimd::dpas: src1 and src2 must be of a 32-bit integer type"},
};

TEST(XmxReject, EachMisuseFailsWithItsMessage) {
  std::string src;
  for (size_t i = 0; i < kMisuses.size(); ++i)
    src += "void misuse_" + std::to_string(i) + "() { " + kMisuses[i].first + " }\n";
  bool ok = true;
  const std::string out = compile(src, ok);
  EXPECT_FALSE(ok) << "the misuses compiled";
  for (const auto& [code, message] : kMisuses)
    EXPECT_NE(out.find(message), std::string::npos) << "no \"" << message << "\" for: " << code;
}

TEST(XmxReject, LegalNeighboursCompile) {
  bool ok = false;
  const std::string out = compile(R"(
    int main() {
      auto a = xmx::dpas<8, 8, float>(simd<float, 128>(), simd<bf, 256>(), simd<bf, 128>());
      auto b = xmx::dpas<8, 8, bf>(simd<bf, 128>(), simd<bf, 256>(), simd<bf, 128>());
      auto c = xmx::dpas<8, 4, float>(simd<float, 32>(), simd<hf, 128>(), simd<hf, 64>());
      auto d = xmx::dpas<8, 8, hf>(simd<float, 128>(), simd<hf, 256>(), simd<hf, 128>());
      auto e = xmx::dpas<8, 8, float>(simd<float, 128>(), simd<tf, 128>(), simd<tf, 64>());
      simd<unsigned, 128> f = xmx::dpas<8, 8, unsigned>(simd<signed char, 512>(), simd<unsigned char, 256>());
      auto g = xmx::dpas<8, 8, int, int, int, int, s4, u2>(simd<int, 64>(), simd<int, 64>(), simd<int, 32>());
      auto h = xmx::dpas<8, 1, float, int, int, xmx::dpas_argument_type::bf16,
                         xmx::dpas_argument_type::bf16>(simd<int, 128>(), simd<int, 8>());
      auto i = xe::dpas<xe::argument_type::BF16, xe::argument_type::BF16, float, 8, 1>(
          simd<bf, 16>(), simd<int, 128>(), simd<int, 8>());
      auto j = xe::dpas<xe::argument_type::S8, xe::argument_type::U8, 8, 8, int, int, int, 64>(
          simd<int, 64>(), simd<int, 64>());
      bf b0 = b[0];
      hf d0 = d[0];
      return int(a[0] + float(b0) + c[0] + float(d0) + e[0]) + int(f[0]) + g[0] + int(h[0]) +
             int(i[0]) + j[0];
    })",
                                  ok);
  EXPECT_TRUE(ok) << out;
}

}  // namespace
