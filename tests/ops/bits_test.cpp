// pack_mask, unpack_mask, ballot, cbit, fbl, fbh and bfn against bit-by-bit oracles, swept over
// their legal element types and lengths; scalar and one-element-view forms; edge values.
#include "ops_test_util.hpp"

using namespace ops_test;
namespace es = xesim::esimd;
using es::bfn_t;

namespace {

TEST(Bits, PackUnpackBallotOverLengths) {
  srand(42);
  sweep(
      []<class T, int N>() {
        simd_mask<N> m;
        simd<T, N> b;
        uint32_t want = 0;
        for (int i = 0; i < N; ++i) {
          const int kind = rand() % 3;  // 0, 1, or another non-zero value: all non-zero lanes count
          const uint16_t lane =
              kind == 0 ? 0 : (kind == 1 ? 1 : static_cast<uint16_t>(0x100 << (rand() % 7)));
          m.elems()[i] = lane;
          b.elems()[i] = lane;
          if (lane != 0) want |= 1u << i;
        }
        EXPECT_EQ(es::pack_mask(m), want) << case_name<T, N>();
        EXPECT_EQ(es::ballot(b), want) << case_name<T, N>();
        if constexpr (N == 8 || N == 16 || N == 32) {
          const uint32_t word = static_cast<uint32_t>(rand64());
          const simd_mask<N> u = es::unpack_mask<N>(word);
          for (int i = 0; i < N; ++i)
            ASSERT_EQ(u[i], (word >> i) & 1u) << case_name<T, N>() << " lane " << i;
          EXPECT_EQ(es::pack_mask(u), N == 32 ? word : word & ((1u << N) - 1u));
        }
      },
      types<uint16_t, uint32_t>{}, lengths<1, 3, 8, 16, 17, 31, 32>{});
  // Comparisons produce the masks in real code.
  const simd<int, 16> v(0, 1);
  EXPECT_EQ(es::pack_mask(v > 11), 0xf000u);
  EXPECT_EQ(es::pack_mask(v == 3), 0x8u);
  static_assert(std::is_same_v<decltype(es::pack_mask(simd_mask<8>())), uint32_t>);
  static_assert(std::is_same_v<decltype(es::unpack_mask<16>(0u)), simd_mask<16>>);
}

// ------------------------------ cbit / fbl / fbh
uint32_t popcount_oracle(uint64_t bits, int width) {
  uint32_t c = 0;
  for (int b = 0; b < width; ++b) c += (bits >> b) & 1u;
  return c;
}
uint32_t fbl_oracle(uint32_t x) {
  for (uint32_t b = 0; b < 32; ++b)
    if ((x >> b) & 1u) return b;
  return 0xffffffffu;
}
/// From the MSB: leading zeros (unsigned) / leading copies of the sign bit (signed).
uint32_t fbh_oracle(uint32_t x, bool is_signed) {
  const uint32_t lead = is_signed ? (x >> 31) : 0u;
  if (x == 0 || (is_signed && x == 0xffffffffu)) return 0xffffffffu;
  uint32_t n = 0;
  for (int b = 31; b >= 0 && ((x >> b) & 1u) == lead; --b) ++n;
  return n;
}

template <class T, int N>
simd<T, N> bit_inputs() {
  simd<T, N> v;
  for (int i = 0; i < N; ++i) {
    const uint64_t r = rand64();
    // Mostly sparse words so that low / high set bits land everywhere.
    v.elems()[i] = static_cast<T>(i % 3 == 0 ? r : (r & (r >> 13) & (r >> 29)) << (rand() % 24));
  }
  v.elems()[0] = T(0);
  if (N > 1) v.elems()[1] = static_cast<T>(-1);
  return v;
}

TEST(Bits, CbitOverTypesAndLengths) {
  srand(42);
  sweep(
      []<class T, int N>() {
        const simd<T, N> v = bit_inputs<T, N>();
        const simd<uint32_t, N> c = es::cbit(v);
        for (int i = 0; i < N; ++i) {
          const uint64_t bits = static_cast<std::make_unsigned_t<T>>(v.elems()[i]);
          ASSERT_EQ(c[i], popcount_oracle(bits, 8 * sizeof(T)))
              << case_name<T, N>() << " lane " << i;
        }
      },
      types<int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t>{}, all_lengths{});
}

TEST(Bits, FblFbhOverTypesAndLengths) {
  srand(42);
  sweep(
      []<class T, int N>() {
        const simd<T, N> v = bit_inputs<T, N>();
        const simd<T, N> lo = es::fbl(v), hi = es::fbh(v);
        for (int i = 0; i < N; ++i) {
          const uint32_t x = static_cast<uint32_t>(v.elems()[i]);
          ASSERT_EQ(static_cast<uint32_t>(lo[i]), fbl_oracle(x))
              << "fbl " << case_name<T, N>() << " lane " << i;
          ASSERT_EQ(static_cast<uint32_t>(hi[i]), fbh_oracle(x, std::is_signed_v<T>))
              << "fbh " << case_name<T, N>() << " lane " << i << " x = " << x;
        }
      },
      types<int32_t, uint32_t>{}, all_lengths{});
}

TEST(Bits, ScalarAndViewFormsAndEdges) {
  EXPECT_EQ(es::fbl(0u), 0xffffffffu);
  EXPECT_EQ(es::fbl(0), -1);
  EXPECT_EQ(es::fbl(0x80000000u), 31u);
  EXPECT_EQ(es::fbl(12), 2);
  EXPECT_EQ(es::fbh(1u), 31u);
  EXPECT_EQ(es::fbh(0x80000000u), 0u);
  EXPECT_EQ(es::fbh(0u), 0xffffffffu);
  EXPECT_EQ(es::fbh(1), 31);
  EXPECT_EQ(es::fbh(-2), 31);
  EXPECT_EQ(es::fbh(INT32_MAX), 1);
  EXPECT_EQ(es::fbh(INT32_MIN), 1);
  EXPECT_EQ(es::fbh(0), -1);
  EXPECT_EQ(es::fbh(-1), -1);
  EXPECT_EQ(es::cbit(int8_t(-1)), 8u);
  EXPECT_EQ(es::cbit(uint16_t(0xf0f0)), 8u);
  EXPECT_EQ(es::cbit(-1), 32u);
  simd<uint32_t, 4> w({0u, 8u, 0xffu, 0x80000000u});
  EXPECT_EQ(es::fbl(w[1]), 3u);  // one-element views
  EXPECT_EQ(es::fbh(w[2]), 24u);
  EXPECT_EQ(es::cbit(w[2]), 8u);
  EXPECT_EQ(es::fbl(w.select<1, 1>(3)), 31u);
  static_assert(std::is_same_v<decltype(es::fbl(simd<int, 4>())), simd<int, 4>>);
  static_assert(std::is_same_v<decltype(es::fbh(simd<uint32_t, 4>())), simd<uint32_t, 4>>);
  static_assert(std::is_same_v<decltype(es::cbit(simd<int8_t, 4>())), simd<uint32_t, 4>>);
  static_assert(std::is_same_v<decltype(es::fbl(w[0])), uint32_t>);
}

// ------------------------------ bfn
/// Bit b of the result is bit (s0_b + 2 s1_b + 4 s2_b) of the table.
template <class T>
T bfn_oracle(uint8_t table, T s0, T s1, T s2) {
  using U = std::make_unsigned_t<T>;
  U r = 0;
  for (int b = 0; b < static_cast<int>(8 * sizeof(T)); ++b) {
    const int k = ((static_cast<U>(s0) >> b) & 1) | (((static_cast<U>(s1) >> b) & 1) << 1) |
                  (((static_cast<U>(s2) >> b) & 1) << 2);
    r = static_cast<U>(r | (static_cast<U>((table >> k) & 1) << b));
  }
  return static_cast<T>(r);
}

template <bfn_t F, class T, int N>
void check_bfn(const simd<T, N>& a, const simd<T, N>& b, const simd<T, N>& c) {
  const simd<T, N> r = es::bfn<F>(a, b, c);
  for (int i = 0; i < N; ++i)
    ASSERT_EQ(r[i], bfn_oracle<T>(static_cast<uint8_t>(F), a[i], b[i], c[i]))
        << "bfn 0x" << std::hex << int(static_cast<uint8_t>(F)) << std::dec << " "
        << case_name<T, N>() << " lane " << i;
}

TEST(Bits, BfnOverTypesAndLengths) {
  srand(42);
  sweep(
      []<class T, int N>() {
        const simd<T, N> a = random_simd<T, N>(), b = random_simd<T, N>(), c = random_simd<T, N>();
        check_bfn<bfn_t::x & bfn_t::y | ~bfn_t::z, T, N>(a, b, c);
        check_bfn<bfn_t::x ^ bfn_t::y ^ bfn_t::z, T, N>(a, b, c);
        check_bfn<~bfn_t::x & ~bfn_t::y & ~bfn_t::z, T, N>(a, b, c);
        check_bfn<bfn_t::y, T, N>(a, b, c);
      },
      types<int8_t, uint16_t, int32_t, uint64_t>{}, all_lengths{});
  static_assert(static_cast<uint8_t>(bfn_t::x & bfn_t::y) == 0x88);
  static_assert(static_cast<uint8_t>(~bfn_t::z) == 0x0f);
  EXPECT_EQ(es::bfn<bfn_t::x | bfn_t::y>(0x0c, 0x30, 0x00), 0x3c);
  EXPECT_EQ(es::bfn<(bfn_t::x & bfn_t::z) | (bfn_t::y & ~bfn_t::z)>(0xf0u, 0x0fu, 0xccu),
            0xc3u);  // a select
}

}  // namespace
