// xmx::dpas for bf16, fp16 and tf32 against the scalar oracle (dpas_oracle.hpp), bit for bit:
// every repeat count 1..8, with and without the accumulator, deduced and explicit precisions,
// float / half / bfloat16 results where DPC++ allows them, execution sizes 16 and 8 (the latter
// under XESIM_DEVICE=arc-a770), random operands of any bits and of the fast paths' range; the
// fast paths against the portable one; the experimental spelling.
#include <utility>

#include "xmx/dpas_oracle.hpp"

namespace {

using namespace dpas_test;
namespace esimd = sycl::ext::intel::esimd;
namespace xmx = sycl::ext::intel::esimd::xmx;
using bf16_t = sycl::ext::oneapi::bfloat16;
using half_t = sycl::half;
using tf32_t = sycl::ext::intel::experimental::esimd::tfloat32;

template <P Prec>
using natural_t = std::conditional_t<Prec == P::bf16, bf16_t,
                                     std::conditional_t<Prec == P::fp16, half_t, tf32_t>>;

template <class T>
float to_float(T x) {
  return static_cast<float>(x);
}
template <class T>
std::uint32_t bits_of_value(T x) {
  if constexpr (sizeof(T) == 4)
    return std::bit_cast<std::uint32_t>(x);
  else
    return std::bit_cast<std::uint16_t>(x);
}

/// One dpas of precision Prec, repeat M, execution size N, result T, accumulator CT; `mode` as
/// random_bytes. Deduced (natural element types) and explicit (int words) precisions.
template <P Prec, int M, int N, class T, class CT>
void check_case(int mode) {
  constexpr int K = Prec == P::tf32 ? 8 : 16;
  constexpr int kBits = Prec == P::tf32 ? 32 : 16;
  using E = natural_t<Prec>;
  const auto a = random_bytes(Prec, M * K, mode);
  const auto b = random_bytes(Prec, K * N, mode);
  std::vector<float> cf = random_floats(M * N, mode);
  esimd::simd<CT, M * N> C;
  for (int i = 0; i < M * N; ++i) C[i] = static_cast<CT>(cf[i]);
  for (int i = 0; i < M * N; ++i) cf[i] = static_cast<float>(static_cast<CT>(C[i]));
  esimd::simd<E, M * K> A;
  esimd::simd<E, K * N> B;
  std::memcpy(static_cast<void*>(A.elems()), a.data(), a.size());
  std::memcpy(static_cast<void*>(B.elems()), b.data(), b.size());
  esimd::simd<int, M * K * kBits / 32> Ai;
  esimd::simd<unsigned, K * N * kBits / 32> Bi;
  std::memcpy(static_cast<void*>(Ai.elems()), a.data(), a.size());
  std::memcpy(static_cast<void*>(Bi.elems()), b.data(), b.size());

  const std::vector<float> want_c = float_oracle(Prec, Prec, M, N, a, b, cf);
  const std::vector<float> want_0 =
      float_oracle(Prec, Prec, M, N, a, b, std::vector<float>(M * N, 0.0f));
  esimd::simd<T, M* N> r1 = xmx::dpas<8, M, T>(C, B, A);
  esimd::simd<T, M* N> r2 = xmx::dpas<8, M, T, CT, unsigned, int, Prec, Prec>(C, Bi, Ai);
  esimd::simd<T, M* N> r3 = xmx::dpas<8, M, T>(B, A);
  esimd::simd<T, M* N> r4 = xmx::dpas<8, M, T, unsigned, int, Prec, Prec>(Bi, Ai);
  int bad = 0;
  for (int i = 0; i < M * N && bad < 5; ++i) {
    const std::uint32_t w1 = bits_of_value(static_cast<T>(want_c[i]));
    const std::uint32_t w0 = bits_of_value(static_cast<T>(want_0[i]));
    const std::uint32_t g[4] = {bits_of_value(T(r1[i])), bits_of_value(T(r2[i])),
                                bits_of_value(T(r3[i])), bits_of_value(T(r4[i]))};
    for (int f = 0; f < 4; ++f) {
      const std::uint32_t w = f < 2 ? w1 : w0;
      if (g[f] != w) {
        ++bad;
        ADD_FAILURE() << "prec " << int(Prec) << " M=" << M << " N=" << N << " mode " << mode
                      << " form " << f << " element " << i << ": got 0x" << std::hex << g[f]
                      << ", oracle 0x" << w;
      }
    }
  }
}

template <P Prec, int N, class T, class CT, int... Ms>
void sweep(std::integer_sequence<int, Ms...>) {
  for (int mode = 0; mode < 2; ++mode) (check_case<Prec, Ms + 1, N, T, CT>(mode), ...);
}
constexpr auto kRepeats = std::make_integer_sequence<int, 8>{};

TEST(DpasFloat, Bf16Exec16) {
  std::srand(42);
  if (!on_device_with_exec(16)) return;
  sweep<P::bf16, 16, float, float>(kRepeats);
  sweep<P::bf16, 16, bf16_t, bf16_t>(kRepeats);
  sweep<P::bf16, 16, float, bf16_t>(kRepeats);
  sweep<P::bf16, 16, bf16_t, float>(kRepeats);
}
TEST(DpasFloat, Fp16Exec16) {
  std::srand(42);
  if (!on_device_with_exec(16)) return;
  sweep<P::fp16, 16, float, float>(kRepeats);
  sweep<P::fp16, 16, half_t, half_t>(kRepeats);
  sweep<P::fp16, 16, float, half_t>(kRepeats);
  sweep<P::fp16, 16, half_t, float>(kRepeats);
}
TEST(DpasFloat, Tf32Exec16) {
  std::srand(42);
  if (!on_device_with_exec(16)) return;
  sweep<P::tf32, 16, float, float>(kRepeats);
}
TEST(DpasFloat, Bf16Fp16Exec8) {
  std::srand(42);
  if (!on_device_with_exec(8)) return;
  sweep<P::bf16, 8, float, float>(kRepeats);
  sweep<P::fp16, 8, float, float>(kRepeats);
}

/// The fast paths give the portable path's bits, on operands of any bits and in their range.
template <P Prec, int M, int N>
void fast_vs_portable() {
  constexpr int K = Prec == P::tf32 ? 8 : 16;
  using namespace xesim::esimd::xmx::detail;
  for (int mode = 0; mode < 2; ++mode)
    for (int rep = 0; rep < 20; ++rep) {
      const auto a = random_bytes(Prec, M * K, mode);
      const auto b = random_bytes(Prec, K * N, mode);
      std::vector<float> c = random_floats(M * N, mode), c2 = c;
      if (rep % 5 == 0) c.assign(M * N, rep % 2 ? 0.0f : -0.0f), c2 = c;
      xesim::xmx::force_portable(false);
      const bool fast = x86::float_fast<Prec, M, N, K>(c.data(), c.data(), a.data(), b.data());
      float_portable<Prec, M, N, K>(c2.data(), c2.data(), a.data(), b.data());
      if (fast) {
        EXPECT_EQ(std::memcmp(c.data(), c2.data(), 4 * M * N), 0) << int(Prec) << " M=" << M;
      }
      // In their range, the fast paths must run where the build and the CPU have them.
      if (mode == 1 && x86::kAvx512Built && xesim::xmx::cpu_has(xesim::xmx::cpu_avx512)) {
        EXPECT_TRUE(fast);
      }
    }
}
TEST(DpasFloat, FastPathsMatchPortable) {
  std::srand(42);
  ASSERT_TRUE(xesim::xmx::fast_enabled() || std::getenv("XESIM_XMX_PATH"));
  fast_vs_portable<P::bf16, 8, 16>();
  fast_vs_portable<P::bf16, 3, 8>();
  fast_vs_portable<P::fp16, 8, 16>();
  fast_vs_portable<P::fp16, 5, 8>();
  fast_vs_portable<P::tf32, 8, 16>();
  fast_vs_portable<P::tf32, 1, 16>();
}

#if defined(XESIM_XMX_AVX512) && defined(__AVX512BF16__)
/// A bf16 word: in the vdpbf16ps path's range (exponent 71..158, any significand, either sign),
/// at and just past its edges, zero, subnormal, inf or NaN.
std::uint16_t guard_word(bool in_range) {
  const std::uint16_t sign = std::uint16_t((std::rand() & 1) << 15), man = std::rand() & 0x7f;
  if (in_range) {
    switch (std::rand() % 8) {
      case 0:
        return sign;  // +-0
      case 1:
        return std::uint16_t(sign | 71 << 7 | man);  // 2^-56
      case 2:
        return std::uint16_t(sign | 158 << 7 | man);  // just below 2^32
      default:
        return std::uint16_t(sign | (117 + std::rand() % 21) << 7 | man);  // ~[2^-10, 2^11)
    }
  }
  switch (std::rand() % 5) {
    case 0:
      return std::uint16_t(sign | 70 << 7 | man);
    case 1:
      return std::uint16_t(sign | 159 << 7 | man);
    case 2:
      return std::uint16_t(sign | (man | 1));  // subnormal
    case 3:
      return std::uint16_t(sign | 0x7f80);  // inf
    default:
      return std::uint16_t(sign | 0x7fc0 | man);  // NaN
  }
}
/// An accumulator in the path's range (0, or finite with |c| >= 2^-103) or outside it.
float guard_acc(bool in_range) {
  const std::uint32_t sign = std::uint32_t(std::rand() & 1) << 31;
  const std::uint32_t man =
      (std::uint32_t(std::rand()) << 8 ^ std::uint32_t(std::rand())) & 0x7fffffu;
  std::uint32_t u;
  if (in_range) {
    switch (std::rand() % 6) {
      case 0:
        u = 0;
        break;
      case 1:
        u = 24u << 23 | man;
        break;  // 2^-103
      case 2:
        u = 254u << 23 | man;
        break;  // near FLT_MAX
      default:
        u = (120u + std::rand() % 15) << 23 | man;
    }
  } else {
    switch (std::rand() % 4) {
      case 0:
        u = 23u << 23 | man;
        break;  // just below 2^-103
      case 1:
        u = man | 1;
        break;  // subnormal
      case 2:
        u = 0x7f800000u;
        break;  // inf
      default:
        u = 0x7fc00000u | man;  // NaN
    }
  }
  return std::bit_cast<float>(u | sign);
}
/// The vdpbf16ps path (bf16_dp) runs exactly on operands in its documented range, and there gives
/// the portable path's bits: random operands of the range's edges, one element moved out of it
/// in half the cases.
template <int M, int N>
void bf16_dp_guard() {
  using namespace xesim::esimd::xmx::detail;
  constexpr int K = 16;
  for (int rep = 0; rep < 300; ++rep) {
    const bool dirty = rep % 2 == 1;
    std::vector<std::uint16_t> a(M * K), b(K * N);
    std::vector<float> c(M * N);
    for (auto& w : a) w = guard_word(true);
    for (auto& w : b) w = guard_word(true);
    for (auto& x : c) x = guard_acc(true);
    if (dirty) {
      const int which = std::rand() % 3;
      if (which == 0) a[std::rand() % a.size()] = guard_word(false);
      if (which == 1) b[std::rand() % b.size()] = guard_word(false);
      if (which == 2) c[std::rand() % c.size()] = guard_acc(false);
    }
    const auto* pa = reinterpret_cast<const unsigned char*>(a.data());
    const auto* pb = reinterpret_cast<const unsigned char*>(b.data());
    std::vector<float> fast(M * N), port(M * N);
    const bool ran = x86::bf16_dp<M, N>(c.data(), fast.data(), pa, pb);
    EXPECT_EQ(ran, !dirty) << "M=" << M << " N=" << N << " rep " << rep;
    if (!ran) continue;
    float_portable<P::bf16, M, N, K>(c.data(), port.data(), pa, pb);
    EXPECT_EQ(std::memcmp(fast.data(), port.data(), 4 * M * N), 0)
        << "M=" << M << " N=" << N << " rep " << rep;
  }
}
TEST(DpasFloat, Bf16DotProductPathGuard) {
  std::srand(42);
  if (!xesim::xmx::fast_enabled() || !xesim::xmx::cpu_has(xesim::xmx::cpu_avx512_bf16) ||
      !xesim::esimd::xmx::detail::x86::bf16_dp_trusted())
    GTEST_SKIP() << "no trusted vdpbf16ps on this CPU";
  bf16_dp_guard<8, 16>();
  bf16_dp_guard<5, 16>();
  bf16_dp_guard<1, 16>();
  bf16_dp_guard<3, 8>();
  bf16_dp_guard<8, 8>();
}
#endif

TEST(DpasFloat, ForcedPortableGivesSameBits) {
  std::srand(42);
  auto a = random_bytes(P::bf16, 8 * 16, 1), b = random_bytes(P::bf16, 16 * 16, 1);
  esimd::simd<bf16_t, 128> A;
  esimd::simd<bf16_t, 256> B;
  std::memcpy(static_cast<void*>(A.elems()), a.data(), a.size());
  std::memcpy(static_cast<void*>(B.elems()), b.data(), b.size());
  esimd::simd<float, 128> C(1.5f);
  xesim::xmx::force_portable(true);
  esimd::simd<float, 128> p = xmx::dpas<8, 8, float>(C, B, A);
  xesim::xmx::force_portable(false);
  esimd::simd<float, 128> f = xmx::dpas<8, 8, float>(C, B, A);
  EXPECT_EQ(std::memcmp(p.elems(), f.elems(), sizeof(float) * 128), 0);
}

/// experimental::esimd::dpas: src1 = B, src2 = A as int words, explicit precisions.
TEST(DpasFloat, ExperimentalSpelling) {
  std::srand(42);
  if (!on_device_with_exec(16)) return;
  namespace xe = sycl::ext::intel::experimental::esimd;
  const auto a = random_bytes(P::bf16, 4 * 16, 1), b = random_bytes(P::bf16, 16 * 16, 1);
  esimd::simd<int, 32> A;
  esimd::simd<int, 128> B;
  std::memcpy(static_cast<void*>(A.elems()), a.data(), a.size());
  std::memcpy(static_cast<void*>(B.elems()), b.data(), b.size());
  std::vector<float> c = random_floats(64, 1);
  esimd::simd<float, 64> C(c.data());
  const auto want = float_oracle(P::bf16, P::bf16, 4, 16, a, b, c);
  const auto want0 = float_oracle(P::bf16, P::bf16, 4, 16, a, b, std::vector<float>(64, 0.0f));
  esimd::simd<float, 64> r1 =
      xe::dpas<xe::argument_type::BF16, xe::argument_type::BF16, float, 8, 4>(C, B, A);
  esimd::simd<float, 64> r2 =
      xe::dpas<xe::argument_type::BF16, xe::argument_type::BF16, 8, 4>(C, B, A);
  esimd::simd<float, 64> r3 =
      xe::dpas<xe::argument_type::BF16, xe::argument_type::BF16, 8, 4, float, int, int, 64>(B, A);
  esimd::simd<float, 64> r4 = xe::dpas<xe::argument_type::BF16, xe::argument_type::BF16, 8, 4>(
      C, B, A, esimd::saturation_on);
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(std::bit_cast<std::uint32_t>(float(r1[i])), std::bit_cast<std::uint32_t>(want[i]));
    EXPECT_EQ(std::bit_cast<std::uint32_t>(float(r2[i])), std::bit_cast<std::uint32_t>(want[i]));
    EXPECT_EQ(std::bit_cast<std::uint32_t>(float(r3[i])), std::bit_cast<std::uint32_t>(want0[i]));
    const float sat = want[i] > 0.0f ? (want[i] < 1.0f ? want[i] : 1.0f) : 0.0f;
    EXPECT_EQ(float(r4[i]), sat);
  }
}

}  // namespace
