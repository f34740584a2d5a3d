// xmx::dpas integer pairs at execution size 8 (Xe-HPG: the test reruns itself under
// XESIM_DEVICE=arc-a770), and the VNNI fast path against the portable one for every pair.
#include "xmx/dpas_int_cases.hpp"

namespace {

using namespace dpas_test;

TEST(DpasInt, EveryPairExec8) {
  std::srand(42);
  if (!on_device_with_exec(8)) return;
  sweep_all<8>(std::make_index_sequence<36>{});
}

/// The VNNI path (when the CPU has it) gives the portable bits for every pair.
template <P AP, P BP, int M, int N>
void fast_vs_portable() {
  constexpr int K = k_of(AP, BP);
  using namespace xesim::esimd::xmx::detail;
  for (int rep = 0; rep < 10; ++rep) {
    const auto a = random_bytes(AP, M * K, 0), b = random_bytes(BP, K * N, 0);
    std::vector<std::uint32_t> c(M * N), c2;
    for (auto& x : c) x = std::uint32_t(std::rand());
    c2 = c;
    xesim::xmx::force_portable(false);
    ASSERT_TRUE(xesim::xmx::fast_enabled());
    const bool fast = x86::int_fast<BP, AP, M, N, K>(c.data(), a.data(), b.data());
    int_portable<BP, AP, M, N, K>(c2.data(), a.data(), b.data());
    EXPECT_EQ(fast, x86::kVnniBuilt &&
                        xesim::xmx::cpu_has(xesim::xmx::cpu_avx512_vnni));
    EXPECT_EQ(std::memcmp(c.data(), c2.data(), 4 * M * N), 0) << int(AP) << " x " << int(BP);
  }
}
template <std::size_t... I>
void fast_all(std::index_sequence<I...>) {
  (fast_vs_portable<kInts[I / 6], kInts[I % 6], 8, 16>(), ...);
  (fast_vs_portable<kInts[I / 6], kInts[I % 6], 3, 8>(), ...);
}
TEST(DpasInt, FastPathMatchesPortable) {
  std::srand(42);
  fast_all(std::make_index_sequence<36>{});
}

}  // namespace
