// Properties and compile-time rules of the memory operations: property queries, DPC++'s default
// alignment per call form, the legal N of predicated block accesses (DPC++'s table), cache-hint
// tables, atomic operand counts; then programs DPC++ rejects must not compile here either
// (compiled with the same compiler as a subprocess), and the legal spellings must compile.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <string>

#include <unistd.h>

#include "memory/mem_test_util.hpp"

namespace {

namespace esimd = xesim::esimd;
namespace detail = xesim::esimd::detail;
using detail::block_form;
using esimd::cache_hint;

TEST(Properties, QueriesAndCtad) {
  constexpr esimd::properties p{esimd::alignment<8>, esimd::cache_hint_L1<cache_hint::streaming>};
  using P = std::remove_cv_t<decltype(p)>;
  static_assert(esimd::is_property_list_v<P>);
  static_assert(esimd::is_property_list_v<esimd::empty_properties_t>);
  static_assert(!esimd::is_property_list_v<int>);
  static_assert(P::has_property<esimd::alignment_key>());
  static_assert(P::has_property<esimd::cache_hint_L1_key>());
  static_assert(!P::has_property<esimd::cache_hint_L2_key>());
  static_assert(detail::prop_alignment<P>(4) == 8);
  static_assert(detail::prop_alignment<esimd::empty_properties_t>(4) == 4);
  static_assert(detail::prop_cache_hint<P, esimd::cache_level::L1>() == cache_hint::streaming);
  static_assert(detail::prop_cache_hint<P, esimd::cache_level::L2>() == cache_hint::none);
  static_assert(detail::has_cache_hints<P>());
  static_assert(!detail::has_cache_hints<decltype(esimd::properties{esimd::alignment<2>})>());
  static_assert(decltype(P::get_property<esimd::alignment_key>())::value == 8);
  // The type alone carries the list: Intel's tests pass `PropType{}` (PropType = decltype(p)).
  constexpr P rebuilt{};
  static_assert(std::is_same_v<std::remove_cv_t<decltype(rebuilt)>, P>);
  static_assert(std::is_default_constructible_v<P>);
  SUCCEED();
}

TEST(Properties, DefaultAlignmentPerCallForm) {
  // DPC++ memory.hpp: USM block_load 4 (8 for 8-byte T); USM block_store without hints 16, with
  // hints or a predicate 4/8; slm_block_load/store 16, predicated 4/8.
  static_assert(detail::default_block_alignment<uint8_t>(block_form::usm_load) == 4);
  static_assert(detail::default_block_alignment<xesim::half>(block_form::usm_load) == 4);
  static_assert(detail::default_block_alignment<float>(block_form::usm_load) == 4);
  static_assert(detail::default_block_alignment<double>(block_form::usm_load) == 8);
  static_assert(detail::default_block_alignment<int16_t>(block_form::usm_store) == 16);
  static_assert(detail::default_block_alignment<int64_t>(block_form::usm_store) == 16);
  static_assert(detail::default_block_alignment<int16_t>(block_form::usm_lsc) == 4);
  static_assert(detail::default_block_alignment<int64_t>(block_form::usm_lsc) == 8);
  static_assert(detail::default_block_alignment<float>(block_form::slm_plain) == 16);
  static_assert(detail::default_block_alignment<uint8_t>(block_form::slm_pred) == 4);
  static_assert(detail::default_block_alignment<double>(block_form::slm_pred) == 8);
  // What a call asserts: props win, cache hints turn a store into the LSC form.
  using E = esimd::empty_properties_t;
  using A2 = decltype(esimd::properties{esimd::alignment<2>});
  using H = decltype(esimd::properties{esimd::cache_hint_L1<cache_hint::uncached>,
                                       esimd::cache_hint_L2<cache_hint::write_back>});
  constexpr auto store = detail::cache_action::store;
  static_assert(detail::block_alignment<float, 8, E, block_form::usm_store, store>() == 16);
  static_assert(detail::block_alignment<float, 8, H, block_form::usm_store, store>() == 4);
  static_assert(detail::block_alignment<xesim::half, 8, A2, block_form::usm_load,
                                        detail::cache_action::load>() == 2);
  static_assert(detail::gather_alignment<double, 8, 1, uint32_t, E, detail::cache_action::load>() ==
                8);
  static_assert(detail::flag_alignment<float, 8, esimd::vector_aligned_tag>() == 32);
  static_assert(detail::flag_alignment<float, 8, esimd::element_aligned_tag>() == 4);
  static_assert(detail::flag_alignment<float, 8, esimd::overaligned_tag<16>>() == 16);
  SUCCEED();
}

/// DPC++'s Table1 (sycl_ext_intel_esimd_functions.md) at the default alignment.
bool table1(int elem, int n) {
  static const std::vector<int> t1 = {4, 8, 12, 16, 32, 64, 128, 256},
                                t2 = {2, 4, 6, 8, 16, 32, 64, 128},
                                t4 = {1, 2, 3, 4, 8, 16, 32, 64}, t8 = {1, 2, 3, 4, 8, 16, 32, 64};
  const auto& t = elem == 1 ? t1 : elem == 2 ? t2 : elem == 4 ? t4 : t8;
  return std::find(t.begin(), t.end(), n) != t.end();
}

template <class T>
void check_table() {
  const std::size_t dflt = sizeof(T) <= 4 ? 4 : 8;
  mem_test::for_each_n<1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256, 512>(
      [&]<int N>() {
        const bool ok = detail::lsc_block_size_ok<T, N>(dflt);
        EXPECT_EQ(ok, table1(sizeof(T), N))
            << mem_test::type_name(T{}) << " N " << N;
      });
  // The largest block (512 bytes) needs alignment 8.
  constexpr int kMax = 512 / sizeof(T);
  EXPECT_TRUE((detail::lsc_block_size_ok<T, kMax>(8)));
  if (sizeof(T) < 8) {
    EXPECT_FALSE((detail::lsc_block_size_ok<T, kMax>(4)));
  }
  EXPECT_FALSE((detail::lsc_block_align_ok<T, 8>(2)));
  EXPECT_TRUE((detail::lsc_block_align_ok<T, 8>(dflt)));
}

TEST(Properties, PredicatedBlockSizesFollowDpcppTable) {
  using mem_test::for_each_n;
  check_table<uint8_t>();
  check_table<int16_t>();
  check_table<float>();
  check_table<double>();
}

TEST(Properties, CacheHintTablesAndAtomicOperandCounts) {
  using A = detail::cache_action;
  static_assert(detail::valid_hint_pair<A::load>(cache_hint::none, cache_hint::none));
  static_assert(detail::valid_hint_pair<A::load>(cache_hint::read_invalidate, cache_hint::cached));
  static_assert(!detail::valid_hint_pair<A::load>(cache_hint::write_back, cache_hint::write_back));
  static_assert(!detail::valid_hint_pair<A::prefetch>(cache_hint::none, cache_hint::none));
  static_assert(detail::valid_hint_pair<A::prefetch>(cache_hint::streaming, cache_hint::cached));
  static_assert(detail::valid_hint_pair<A::store>(cache_hint::write_back, cache_hint::write_back));
  static_assert(!detail::valid_hint_pair<A::store>(cache_hint::cached, cache_hint::cached));
  static_assert(detail::valid_hint_pair<A::atomic>(cache_hint::uncached, cache_hint::write_back));
  static_assert(!detail::valid_hint_pair<A::atomic>(cache_hint::cached, cache_hint::cached));
  using esimd::atomic_op;
  static_assert(detail::get_num_args<atomic_op::inc>() == 0 &&
                detail::get_num_args<atomic_op::load>() == 0);
  static_assert(detail::get_num_args<atomic_op::add>() == 1 &&
                detail::get_num_args<atomic_op::store>() == 1);
  static_assert(detail::get_num_args<atomic_op::fmax>() == 1 &&
                detail::get_num_args<atomic_op::xchg>() == 1);
  static_assert(detail::get_num_args<atomic_op::cmpxchg>() == 2 &&
                detail::get_num_args<atomic_op::fcmpxchg>() == 2);
  SUCCEED();
}

/// A file-name suffix unique across the test processes CTest runs in parallel (pid) and across
/// calls in one process (counter): rand() repeats in every process and made them collide.
std::string unique_suffix() {
  static std::atomic<int> counter{0};
  return std::to_string(::getpid()) + "_" + std::to_string(counter++);
}

// ------------------------------ what must and must not compile
/// Compiles `body` (inside main) with the memory headers; returns the compiler's output and sets
/// `ok` to whether it compiled.
std::string compile(const std::string& body, bool& ok) {
  const std::string dir = XESIM_TEST_BIN_DIR;
  const std::string src = dir + "/memory_props_snippet_" + unique_suffix() + ".cpp";
  FILE* f = std::fopen(src.c_str(), "w");
  if (!f) {
    ok = false;
    return "cannot write " + src;
  }
  std::fprintf(f,
               "#include \"xesim/memory/memory.hpp\"\nusing namespace xesim::esimd;\n"
               "float* fp; xesim::half* hp; int* ip; unsigned* up; signed char* cp;\n"
               "simd<uint32_t, 8> off8(0, 4); simd<float, 8> vf8;\nint main() {\n%s\n}\n",
               body.c_str());
  std::fclose(f);
  const char* cxx = std::getenv("CXX");
  const std::string cmd = std::string(cxx ? cxx : "c++") +
                          " -std=c++20 -fsyntax-only -I" XESIM_SOURCE_DIR "/include " + src +
                          " 2>&1";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  char buf[4096];
  while (p && std::fgets(buf, sizeof buf, p)) out += buf;
  ok = p && pclose(p) == 0;
  std::remove(src.c_str());
  return out;
}

TEST(CompileRules, LegalSpellingsCompile) {
  bool ok = false;
  const std::string out = compile(R"(
    auto a = block_load<xesim::half, 8>(hp + 3, properties{alignment<2>});
    block_store<xesim::half, 8>(hp + 3, a, properties{alignment<2>});
    auto b = block_load<uint8_t, 8>(reinterpret_cast<uint8_t*>(cp) + 3, properties{alignment<1>});
    auto c = gather<float, 8>(fp, off8, properties{cache_hint_L1<cache_hint::streaming>, cache_hint_L2<cache_hint::cached>});
    auto d = atomic_update<atomic_op::fadd, float, 8>(fp, off8, vf8);
    auto e = atomic_update<atomic_op::smin, int, 8>(ip, off8, simd<int, 8>(1));
    prefetch<float, 8>(fp, off8, properties{cache_hint_L1<cache_hint::cached>, cache_hint_L2<cache_hint::cached>});
    fence<fence_mask::global_coherent_fence | fence_mask::local_barrier>();
    (void)b; (void)c; (void)d; (void)e;)",
                                  ok);
  EXPECT_TRUE(ok) << out;
}

TEST(CompileRules, AlignmentIsAVariableNotAType) {
  // The guide's trap: alignment<2>{} does not parse with DPC++; it must not here either.
  bool ok = true;
  const std::string out =
      compile("auto a = block_load<xesim::half, 8>(hp, properties{alignment<2>{}}); (void)a;", ok);
  EXPECT_FALSE(ok) << out;
}

TEST(CompileRules, DpcppRejectionsAreRejected) {
  struct rule {
    const char* body;
    const char* message;
  };
  const rule rules[] = {
      {"properties p{alignment<4>, alignment<8>};", "duplicate property"},
      {"auto a = block_load<float, 5>(fp, simd_mask<1>(1)); (void)a;",
       "Number of elements is not supported"},
      {"auto a = block_load<uint8_t, 8>(reinterpret_cast<uint8_t*>(cp), simd_mask<1>(1), "
       "properties{alignment<1>}); "
       "(void)a;",
       "Incorrect alignment for the data type"},
      {"auto a = gather<int16_t, 16, 2>(reinterpret_cast<int16_t*>(ip), off8); (void)a;",
       "VS > 1 is supported only for 4- and 8-byte elements"},
      {"auto a = gather<float, 8>(fp, off8, properties{alignment<2>}); (void)a;",
       "element-size alignment"},
      {"auto a = atomic_update<atomic_op::add, float, 8>(fp, off8, vf8); (void)a;",
       "Integral 16-bit or wider type is expected"},
      {"auto a = atomic_update<atomic_op::fadd, int, 8>(ip, off8, simd<int, 8>(1)); (void)a;",
       "float, double or sycl::half type is expected"},
      {"auto a = atomic_update<atomic_op::smin, unsigned, 8>(up, off8, simd<unsigned, 8>(1)); "
       "(void)a;",
       "Signed integer type expected"},
      {"auto a = atomic_update<atomic_op::inc, signed char, 8>(cp, off8); (void)a;",
       "atomics need 2-, 4- or 8-byte"},
      {"prefetch<float, 8>(fp, off8);", "prefetch needs L1/L2 cache hints"},
      {"auto a = block_load<float, 8>(fp, properties{cache_hint_L3<cache_hint::cached>}); (void)a;",
       "L3 cache hint is reserved"},
      {"block_store<float, 8>(fp, vf8, properties{cache_hint_L1<cache_hint::cached>, "
       "cache_hint_L2<cache_hint::cached>});",
       "invalid L1/L2 cache hints for a store"},
      {"auto a = slm_block_load<double, 5>(0, simd_mask<1>(1), properties{alignment<4>}); (void)a;",
       "Incorrect alignment for the data type"},
  };
  // One program with every misuse in its own function: each must produce its own diagnostic.
  std::string body;
  for (const rule& r : rules) body += "  []() { " + std::string(r.body) + " }();\n";
  bool ok = true;
  const std::string out = compile(body, ok);
  EXPECT_FALSE(ok);
  for (const rule& r : rules)
    EXPECT_NE(out.find(r.message), std::string::npos) << r.body << "\n--- output ---\n" << out;
}

}  // namespace
