// What DPC++ rejects at compile time is rejected here too, with a static_assert that names what is
// legal: each misuse below is compiled (g++ -fsyntax-only, through the DPC++ entry headers) and
// its message must appear; the legal spellings next to them must compile.
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
    "using namespace sycl::ext::intel::esimd;\n";

/// Compiles `src` (after the prelude); returns the compiler's output, sets ok to its success.
std::string compile(const std::string& src, bool& ok) {
  return test_util::compile_snippet("ops_reject", kPrelude, src, ok);
}

/// (misuse, the static_assert text it must produce). Each sits in its own function, so one
/// compiler run reports all of them.
const std::vector<std::pair<std::string, std::string>> kMisuses = {
    {"simd_mask<64> m(1); (void)pack_mask(m);", "pack_mask(simd_mask<N>): N must be 1..32"},
    {"(void)pack_mask(simd<float, 8>(1.0f));", "pack_mask(m): m must be a simd_mask<N>"},
    {"(void)unpack_mask<12>(5u);", "unpack_mask<N>: N must be 8, 16 or 32"},
    {"(void)hmax<int>(simd_mask<8>(1));", "hmax<T0>(v): v must be a simd<T, N>"},
    {"simd<float, 16> v(1.0f); (void)hmin<float>(v.select<8, 1>(0));",
     "hmin<T0>(v): v must be a simd<T, N>"},
    {"(void)reduce<float>(simd<float, 8>(1.0f), std::plus<float>());",
     "reduce<T0>(v, op): op must be std::plus<>() or std::multiplies<>()"},
    {"(void)reduce<float>(simd<float, 8>(1.0f), std::minus<>());",
     "reduce<T0>(v, op): op must be std::plus<>() or std::multiplies<>()"},
    {"(void)sqrt_ieee(simd<sycl::half, 8>(1.0f));",
     "sqrt_ieee: element type must be float, tfloat32 or double"},
    {"(void)exp(simd<double, 8>(1.0));",
     "exp: element type must be half, bfloat16, tfloat32 or float"},
    {"(void)inv(simd<int, 8>(1));", "inv: element type must be half, bfloat16, tfloat32 or float"},
    {"(void)saturate<float>(simd<int, 8>(1));",
     "saturate<T0>(simd<T1, N>): a floating T0 must be T1"},
    {"(void)fbl(simd<int16_t, 8>(1));", "fbl: element type must be int32_t or uint32_t"},
    {"(void)fbh(simd<uint64_t, 8>(1));", "fbh: element type must be int32_t or uint32_t"},
    {"(void)cbit(simd<int64_t, 8>(1));",
     "cbit: element type must be an integer of 1, 2 or 4 bytes"},
    {"(void)ballot(simd<int, 8>(1));", "ballot(simd<T, N>): T must be ushort (uint16_t) or uint"},
    {"(void)ballot(simd<uint32_t, 64>(1));", "ballot(simd<T, N>): N must be 1..32"},
    {"(void)ballot(simd_mask<8>(1));", "ballot(v): v must be a simd<ushort or uint, N>"},
    {"simd<uint32_t, 8> w(1); (void)fbl(w.select<2, 1>(0));", "fbl(view): only one-element views"},
    {"(void)bfn<bfn_t::x>(simd<float, 4>(), simd<float, 4>(), simd<float, 4>());",
     "bfn: element type must be an integer type"},
    {"simd<float, 16> v(1.0f); simd<float, 2> w(1.0f); (void)(v * w);",
     "simd operator: operands differ in length (only a one-element view is broadcast)"},
    {"simd<int, 8> a(1); simd_mask<8> m = a > 0; simd<float, 8> f(1.0f); (void)(m & f);",
     "no match for"},
};

TEST(Reject, EachMisuseFailsWithItsMessage) {
  std::string src;
  for (size_t i = 0; i < kMisuses.size(); ++i)
    src += "void misuse_" + std::to_string(i) + "() { " + kMisuses[i].first + " }\n";
  bool ok = true;
  const std::string out = compile(src, ok);
  EXPECT_FALSE(ok) << "the misuses compiled";
  for (const auto& [code, message] : kMisuses)
    EXPECT_NE(out.find(message), std::string::npos) << "no \"" << message << "\" for: " << code;
}

TEST(Reject, LegalNeighboursCompile) {
  bool ok = false;
  const std::string out = compile(R"(
    int main() {
      simd_mask<17> m17(1); simd_mask<32> m32(1);
      simd<float, 16> v(1.0f);
      simd<float, 8> part = v.select<8, 1>(0);
      float s = reduce<float>(part, std::plus<>()) + reduce<float>(part, std::multiplies<>()) +
                hmax<float>(part) + hmin<float>(v) + detail::sum<float, float, 16>(v) +
                detail::prod<float, float, 16>(v);
      unsigned a = pack_mask(m17) + pack_mask(m32) + ballot(simd<uint16_t, 8>(1)) + ballot(simd<uint32_t, 32>(1));
      simd_mask<16> u = unpack_mask<16>(a);
      simd<double, 4> d = sqrt(simd<double, 4>(2.0)) + rsqrt(simd<double, 4>(2.0)) + sqrt_ieee(simd<double, 4>(2.0));
      simd<sycl::half, 8> h = exp(simd<sycl::half, 8>(1.0f)) + sqrt(simd<sycl::half, 8>(2.0f), saturation_on);
      simd<int, 8> sat = saturate<int>(simd<float, 8>(1e20f));
      simd<uint32_t, 8> w(1);
      unsigned b = fbl(w[0]) + fbh(w[1]) + cbit(w[2]) + cbit(simd<int8_t, 4>(1))[0];
      simd<int, 4> f = bfn<bfn_t::x & ~bfn_t::y>(simd<int, 4>(1), simd<int, 4>(2), simd<int, 4>(3));
      float fr = sycl::ext::intel::experimental::esimd::frc(1.5f);
      sycl::half h0 = h[0];
      simd<float, 16> mx = max(v, v, 3) + max<float, 16, float>(v, 2.0f);  // DPC++: any Sat type
      s += mx[0];
      return int(s) + int(a) + int(u[0]) + int(d[0]) + int(float(h0)) + sat[0] + int(b) + f[0] + int(fr);
    })",
                                  ok);
  EXPECT_TRUE(ok) << out;
}

}  // namespace
