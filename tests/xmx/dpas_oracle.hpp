// Shared by the dpas tests: a scalar oracle written from the layout and arithmetic rules
// (independent of include/xesim/xmx), random operands, and a way to run a test under another
// device model (execution size 8 needs Xe-HPG: XESIM_DEVICE=arc-a770 in a child process).
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <sycl/ext/intel/esimd.hpp>

#include "tools/subprocess.hpp"

namespace dpas_test {

using xesim::esimd::xmx::dpas_argument_type;
using P = dpas_argument_type;

constexpr int bits_of(P p) {
  return p == P::u2 || p == P::s2   ? 2
         : p == P::u4 || p == P::s4 ? 4
         : p == P::u8 || p == P::s8 ? 8
         : p == P::tf32             ? 32
                                    : 16;
}
constexpr bool is_signed(P p) { return p == P::s2 || p == P::s4 || p == P::s8; }
constexpr bool is_float(P p) { return p == P::bf16 || p == P::fp16 || p == P::tf32; }
/// K of one dpas: 8 x (32 / wider bits, at most 8).
constexpr int k_of(P a, P b) {
  const int w = bits_of(a) > bits_of(b) ? bits_of(a) : bits_of(b);
  return 8 * (32 / w > 8 ? 8 : 32 / w);
}

/// Raw field of element i of a densely packed little-endian stream (A's layout).
inline std::uint32_t a_field(const std::vector<unsigned char>& a, int bits, int i) {
  std::uint64_t w = 0;
  const int byte = i * bits / 8;
  for (int j = 0; j < 4 && byte + j < int(a.size()); ++j)
    w |= std::uint64_t(a[byte + j]) << (8 * j);
  return std::uint32_t(w >> (i * bits % 8)) & (bits == 32 ? 0xffffffffu : (1u << bits) - 1u);
}
/// Raw field of b[k][n] in VNNI: word (k / (32 / bits)) * N + n, bit (k % (32 / bits)) * bits.
inline std::uint32_t b_field(const std::vector<unsigned char>& b, int bits, int N, int k, int n) {
  const int per = 32 / bits, word = (k / per) * N + n;
  std::uint32_t w;
  std::memcpy(&w, b.data() + 4 * word, 4);
  return bits == 32 ? w : (w >> (k % per * bits)) & ((1u << bits) - 1u);
}

/// IEEE binary16 to float, decoded by hand (subnormals, inf, NaN).
inline float half_to_float(std::uint32_t h) {
  const int s = h >> 15 & 1, e = h >> 10 & 31, m = h & 1023;
  float v;
  if (e == 0)
    v = std::ldexp(float(m), -24);
  else if (e == 31)
    v = m ? NAN : INFINITY;
  else
    v = std::ldexp(float(m | 1024), e - 25);
  return s ? -v : v;
}
inline float float_field(P p, std::uint32_t raw) {
  if (p == P::bf16) return std::bit_cast<float>(raw << 16);
  if (p == P::tf32) return std::bit_cast<float>(raw & 0xffffe000u);
  return half_to_float(raw);
}
inline std::int64_t int_field(P p, std::uint32_t raw) {
  const int bits = bits_of(p);
  if (is_signed(p) && (raw >> (bits - 1) & 1)) return std::int64_t(raw) - (std::int64_t(1) << bits);
  return raw;
}

/// The float oracle: acc = c; acc = round(acc + round(a * b)) in k order; NaN -> 0x7fc00000.
inline std::vector<float> float_oracle(P ap, P bp, int M, int N,
                                       const std::vector<unsigned char>& a,
                                       const std::vector<unsigned char>& b,
                                       const std::vector<float>& c) {
  const int K = k_of(ap, bp);
  std::vector<float> r(M * N);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      float acc = c[m * N + n];
      for (int k = 0; k < K; ++k) {
        volatile float prod = float_field(ap, a_field(a, bits_of(ap), m * K + k)) *
                              float_field(bp, b_field(b, bits_of(bp), N, k, n));
        acc = acc + prod;
      }
      r[m * N + n] = std::isnan(acc) ? std::bit_cast<float>(0x7fc00000u) : acc;
    }
  return r;
}
/// The integer oracle: c + sum a * b in 64-bit, reduced modulo 2^32.
inline std::vector<std::uint32_t> int_oracle(P ap, P bp, int M, int N,
                                             const std::vector<unsigned char>& a,
                                             const std::vector<unsigned char>& b,
                                             const std::vector<std::uint32_t>& c) {
  const int K = k_of(ap, bp);
  std::vector<std::uint32_t> r(M * N);
  for (int m = 0; m < M; ++m)
    for (int n = 0; n < N; ++n) {
      std::int64_t acc = c[m * N + n];
      for (int k = 0; k < K; ++k)
        acc += int_field(ap, a_field(a, bits_of(ap), m * K + k)) *
               int_field(bp, b_field(b, bits_of(bp), N, k, n));
      r[m * N + n] = std::uint32_t(acc);
    }
  return r;
}

/// Random operand bytes. Float kinds: `mode` 0 = any bits (subnormals, inf, NaN included),
/// 1 = moderate values (exponents -20..20, some zeros: the fast paths' range).
inline std::vector<unsigned char> random_bytes(P p, int elems, int mode) {
  const int bits = bits_of(p);
  std::vector<unsigned char> v(std::size_t(elems) * bits / 8);
  if (!is_float(p) || mode == 0) {
    for (auto& x : v) x = static_cast<unsigned char>(std::rand() >> 7);
    return v;
  }
  for (int i = 0; i < elems; ++i) {
    const float f = std::rand() % 16 == 0 ? 0.0f
                                          : std::ldexp(1.0f + float(std::rand() % 4096) / 4096.0f,
                                                       std::rand() % 41 - 20) *
                                                (std::rand() % 2 ? -1.0f : 1.0f);
    std::uint32_t u = std::bit_cast<std::uint32_t>(f);
    if (p == P::bf16) u >>= 16;
    if (p == P::fp16) u = xesim::detail::half_bits(xesim::half(std::ldexp(f, -8)));
    std::memcpy(v.data() + i * bits / 8, &u, bits / 8);
  }
  return v;
}
inline std::vector<float> random_floats(int n, int mode) {
  std::vector<float> v(n);
  for (auto& x : v)
    x = mode == 0
            ? std::bit_cast<float>(std::uint32_t(std::rand()) << 1 ^ std::uint32_t(std::rand()))
            : float(std::rand() % 20001 - 10000) / 64.0f;
  return v;
}

/// Runs the current test again with `env` set in a child process; true when it passed there.
inline xesim_test::command_result run_self(const std::string& env) {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  const std::string exe = std::filesystem::read_symlink("/proc/self/exe").string();
  return xesim_test::run_command("env " + env + " " + exe +
                                 " --gtest_filter=" + info->test_suite_name() + "." + info->name());
}

/// For a test of execution size `exec`: true when this process runs it; otherwise it reran
/// itself under a device with that execution size and reported the child's result.
inline bool on_device_with_exec(int exec) {
  if (xesim::dev::current_device().dpas_exec_size == exec) return true;
  const auto r = run_self(exec == 8 ? "XESIM_DEVICE=arc-a770" : "XESIM_DEVICE=arc-b580");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("[  PASSED  ] 1 test"), std::string::npos) << r.output;
  return false;
}

}  // namespace dpas_test
