// What DPC++ rejects in the experimental lsc_* functions is rejected here too, with its meaning:
// each misuse below is compiled (g++ -fsyntax-only, through the DPC++ entry headers) and its
// static_assert text must appear (LSC block sizes and alignment, vector sizes, data sizes, offset
// types, the cache-hint tables of load / store / prefetch / atomic, the transposed-prefetch data
// size, SLM atomic types, fence arguments, and the narrowing atomic data size xesim does not
// emulate); the legal spellings next to them must compile.
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
    "#include <sycl/sycl.hpp>\n#include <sycl/ext/intel/esimd.hpp>\n"
    "#include <sycl/ext/intel/experimental/esimd/memory.hpp>\n"
    "using namespace sycl::ext::intel::esimd;\n"
    "using namespace sycl::ext::intel::experimental::esimd;\n"
    "using DS = lsc_data_size; using CH = cache_hint;\n"
    "float* p; uint32_t* u; uint8_t* b; simd<uint32_t, 16> off(0, 4); simd_mask<16> m(1);\n";

/// Compiles `src` (after the prelude); returns the compiler's output, sets ok to its success.
std::string compile(const std::string& src, bool& ok) {
  return test_util::compile_snippet("lsc_reject", kPrelude, src, ok);
}

/// (misuse, the text of the error it must produce). Each sits in its own function.
const std::vector<std::pair<std::string, std::string>> kMisuses = {
    {"(void)lsc_block_load<uint8_t, 6>(b);",
     "Number of elements is not supported by a predicated or cache-hinted block access"},
    {"(void)lsc_block_load<uint16_t, 8>((uint16_t*)b, element_aligned);",
     "Incorrect alignment for the data type"},
    {"(void)lsc_block_load<double, 8>((double*)p, overaligned<4>);",
     "Incorrect alignment for the data type"},
    {"(void)lsc_block_load<float, 16, DS::default_size, CH::write_back, CH::cached>(p);",
     "invalid L1/L2 cache hints for a load"},
    {"lsc_block_store<float, 16, DS::default_size, CH::read_invalidate, CH::cached>(p, "
     "simd<float, 16>(1));",
     "invalid L1/L2 cache hints for a store"},
    {"(void)lsc_slm_block_load<float, 5>(0);",
     "Number of elements is not supported by a predicated or cache-hinted block access"},
    {"(void)lsc_gather<float, 5>(p, off);", "Unsupported vector size"},
    {"(void)lsc_gather<uint32_t, 1, DS::u64>(u, off);", "Data type does not match data size"},
    {"(void)lsc_slm_gather<double, 1, DS::u32>(off);", "Data type does not match data size"},
    {"(void)lsc_gather<uint8_t, 1, DS::u16>(b, off);", "Data type does not match data size"},
    {"(void)lsc_gather<float, 1>(p, simd<float, 16>(0.f));", "Unsupported offset type"},
    {"lsc_scatter<float, 1, DS::default_size, CH::cached, CH::cached>(p, off, simd<float, 16>(1));",
     "invalid L1/L2 cache hints for a store"},
    {"lsc_prefetch<float, 1>(p, off);", "prefetch needs L1/L2 cache hints"},
    {"lsc_prefetch<float, 1, DS::default_size, CH::uncached, CH::uncached>(p, off);",
     "prefetch needs L1/L2 cache hints"},
    {"lsc_prefetch<uint8_t, 4, DS::default_size, CH::cached, CH::cached>(b);",
     "Transposed prefetch is supported only for data size u32 or u64"},
    {"(void)lsc_slm_atomic_update<atomic_op::fadd, float, 16>(off, simd<float, 16>(1), m);",
     "fadd and fsub are not supported for slm."},
    {"(void)lsc_slm_atomic_update<atomic_op::inc, uint64_t, 16>(off, m);",
     "lsc_slm_atomic_update takes 2- or 4-byte T"},
    {"(void)lsc_atomic_update<atomic_op::add, float, 16>(p, off, simd<float, 16>(1), m);",
     "Integral 16-bit or wider type is expected"},
    {"(void)lsc_atomic_update<atomic_op::fadd, uint32_t, 16>(u, off, simd<uint32_t, 16>(1), m);",
     "float, double or sycl::half type is expected"},
    {"(void)lsc_atomic_update<atomic_op::add, uint32_t, 16, DS::default_size, CH::cached, "
     "CH::cached>(u, off, simd<uint32_t, 16>(1), m);",
     "invalid L1/L2 cache hints for an atomic"},
    {"(void)lsc_atomic_update<atomic_op::add, uint32_t, 16, DS::u16u32>(u, off, "
     "simd<uint32_t, 16>(1), m);",
     "is not emulated by xesim"},
    {"lsc_fence<lsc_memory_kind::shared_local, lsc_fence_op::evict>();",
     "SLM fence must have 'none' lsc_fence_op and 'group' scope"},
    {"lsc_fence<lsc_memory_kind::untyped_global_low_pri>();",
     "untyped_global_low_pri is not supported"},
    {"lsc_scatter<float, 1, DS::default_size, CH::none, CH::none, 16>(p, 4u, simd<float, 16>(1));",
     "no matching function"},
};

TEST(LscReject, EachMisuseFailsWithItsMessage) {
  std::string src;
  for (size_t i = 0; i < kMisuses.size(); ++i)
    src += "void misuse_" + std::to_string(i) + "() { " + kMisuses[i].first + " }\n";
  bool ok = true;
  const std::string out = compile(src, ok);
  EXPECT_FALSE(ok) << "the misuses compiled";
  for (const auto& [code, message] : kMisuses)
    EXPECT_NE(out.find(message), std::string::npos) << "no \"" << message << "\" for: " << code;
  // Each misuse's own line is named in an error (so a shared message cannot hide a misuse that
  // compiles): misuse i sits on the line after the prelude's and the i before it.
  int prelude_lines = 0;
  for (const char* c = kPrelude; *c; ++c) prelude_lines += *c == '\n';
  for (size_t i = 0; i < kMisuses.size(); ++i) {
    const std::string at = ".cpp:" + std::to_string(prelude_lines + 1 + i) + ":";
    EXPECT_NE(out.find(at), std::string::npos) << "no error at its line for: " << kMisuses[i].first;
  }
}

TEST(LscReject, LegalNeighboursCompile) {
  bool ok = false;
  const std::string out = compile(R"(
    int main() {
      simd<uint8_t, 8> a = lsc_block_load<uint8_t, 8>(b);
      simd<uint16_t, 8> h = lsc_block_load<uint16_t, 8>((uint16_t*)b, overaligned<4>);
      simd<double, 8> d = lsc_block_load<double, 8>((double*)p, element_aligned);
      simd<float, 16> f = lsc_block_load<float, 16, DS::default_size, CH::read_invalidate, CH::cached>(p);
      lsc_block_store<float, 16, DS::default_size, CH::write_through, CH::write_back>(p, f);
      simd<float, 4> s = lsc_slm_block_load<float, 4>(0);
      simd<float, 128> g = lsc_gather<float, 8>(p, off);
      simd<uint32_t, 16> w = lsc_gather<uint32_t, 1, DS::u8u32>(u, off) + lsc_gather<uint32_t, 1, DS::u16u32h>(u, off);
      simd<double, 16> sd = lsc_slm_gather<double, 1, DS::u64>(off);
      simd<uint8_t, 16> ub = lsc_gather<uint8_t, 1, DS::u8u32>(b, off);
      lsc_scatter<float, 1, DS::default_size, CH::streaming, CH::write_back>(p, off, f);
      lsc_prefetch<float, 1, DS::default_size, CH::streaming, CH::cached>(p, off);
      lsc_prefetch<uint32_t, 4, DS::default_size, CH::cached, CH::cached>(u);
      simd<float, 16> fa = lsc_slm_atomic_update<atomic_op::fmin, float, 16>(off, f, m);
      simd<uint16_t, 16> sa = lsc_slm_atomic_update<atomic_op::inc, uint16_t, 16>(off, m);
      simd<uint64_t, 16> sc = lsc_slm_atomic_update<atomic_op::cmpxchg, uint64_t, 16>(off, simd<uint64_t, 16>(1), simd<uint64_t, 16>(2), m);
      simd<float, 16> ff = lsc_atomic_update<atomic_op::fadd, float, 16>(p, off, f, m);
      simd<uint32_t, 16> ua = lsc_atomic_update<atomic_op::add, uint32_t, 16, DS::u32, CH::uncached, CH::write_back>(u, off, w, m);
      simd<uint32_t, 16> na = atomic_update<native::lsc::atomic_op::add, uint32_t, 16>(u, off, w, m);
      lsc_fence<lsc_memory_kind::shared_local>();
      lsc_fence<lsc_memory_kind::untyped_global, lsc_fence_op::flushl3, lsc_scope::gpus>();
      lsc_scatter<float, 1, DS::default_size, CH::none, CH::none, 1>(p, 4u, simd<float, 1>(1));
      return int(a[0] + h[0] + d[0] + s[0] + g[0] + w[0] + sd[0] + ub[0] + fa[0] + sa[0] + sc[0] + ff[0] + ua[0] + na[0]);
    })",
                                  ok);
  EXPECT_TRUE(ok) << out;
}

}  // namespace
