// The integer dpas cases shared by dpas_int_test.cpp (execution size 16) and
// dpas_int_exec8_test.cpp (8): one dpas per (A, B) precision pair and repeat count against the
// oracle. Split in two files to keep each compile under a minute.
#pragma once

#include <utility>

#include <sycl/ext/intel/esimd/xmx/dpas.hpp>

#include "xmx/dpas_oracle.hpp"

namespace dpas_test {

namespace esimd = sycl::ext::intel::esimd;
namespace xmx = sycl::ext::intel::esimd::xmx;

constexpr P kInts[] = {P::u8, P::s8, P::u4, P::s4, P::u2, P::s2};

template <P AP, P BP, int M, int N>
void check_case() {
  constexpr int K = k_of(AP, BP);
  constexpr int kAB = M * K * bits_of(AP) / 8, kBB = K * N * bits_of(BP) / 8;
  const auto a = random_bytes(AP, M * K, 0);
  const auto b = random_bytes(BP, K * N, 0);
  std::vector<std::uint32_t> c(M * N);
  for (auto& x : c) x = std::uint32_t(std::rand()) * 2654435761u;
  esimd::simd<unsigned char, kAB> A;  // u8 / s8 deduce from the types below; others explicit
  esimd::simd<int, kBB / 4> B;
  std::memcpy(static_cast<void*>(A.elems()), a.data(), a.size());
  std::memcpy(static_cast<void*>(B.elems()), b.data(), b.size());
  esimd::simd<int, M * N> C;
  std::memcpy(static_cast<void*>(C.elems()), c.data(), 4 * M * N);
  const auto want = int_oracle(AP, BP, M, N, a, b, c);
  const auto want0 = int_oracle(AP, BP, M, N, a, b, std::vector<std::uint32_t>(M * N, 0));
  esimd::simd<int, M* N> r1 = xmx::dpas<8, M, int, int, int, unsigned char, BP, AP>(C, B, A);
  esimd::simd<unsigned, M* N> r2 = xmx::dpas<8, M, unsigned, int, unsigned char, BP, AP>(B, A);
  int bad = 0;
  for (int i = 0; i < M * N && bad < 4; ++i) {
    if (std::uint32_t(r1[i]) != want[i] || r2[i] != want0[i]) {
      ++bad;
      ADD_FAILURE() << "A " << int(AP) << " B " << int(BP) << " M=" << M << " N=" << N << " elem "
                    << i << ": got " << std::uint32_t(r1[i]) << " / " << r2[i] << ", oracle "
                    << want[i] << " / " << want0[i];
    }
  }
  // The natural types deduce u8 / s8 and give the same bits.
  if constexpr (AP == P::s8 && BP == P::u8) {
    esimd::simd<signed char, kAB> As;
    esimd::simd<unsigned char, kBB> Bu;
    std::memcpy(static_cast<void*>(As.elems()), a.data(), a.size());
    std::memcpy(static_cast<void*>(Bu.elems()), b.data(), b.size());
    esimd::simd<int, M* N> r3 = xmx::dpas<8, M, int>(C, Bu, As);
    for (int i = 0; i < M * N; ++i) EXPECT_EQ(std::uint32_t(r3[i]), want[i]);
  }
}

template <P AP, P BP, int N, int... Ms>
void sweep_m(std::integer_sequence<int, Ms...>) {
  (check_case<AP, BP, Ms + 1, N>(), ...);
}
template <int N, std::size_t... I>
void sweep_all(std::index_sequence<I...>) {
  (sweep_m<kInts[I / 6], kInts[I % 6], N>(std::make_integer_sequence<int, 8>{}), ...);
}

}  // namespace dpas_test
