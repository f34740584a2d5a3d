// gather / scatter on USM pointers: simd, simd_view and scalar byte offsets (uint32_t, uint64_t,
// negative int), masks, pass-thru, VS > 1, over int8..int64, float, double, half and 1..33
// addresses, against a scalar oracle. Masked-off lanes point at unmapped addresses: they must
// never be read or written.
#include "memory/mem_test_util.hpp"

namespace {

using namespace mem_test;
namespace esimd = xesim::esimd;
using esimd::simd;
using esimd::simd_mask;

volatile std::uintptr_t g_null_address = 0;  // base of offsets that must never be dereferenced

/// L distinct element slots of a buffer of `slots` elements, as byte offsets (VS elements each).
template <class OffsetT, int L>
simd<OffsetT, L> distinct_offsets(int slots, int vs, std::size_t elem) {
  std::vector<int> pick(slots / vs);
  for (std::size_t i = 0; i < pick.size(); ++i) pick[i] = int(i);
  for (std::size_t i = pick.size() - 1; i > 0; --i) std::swap(pick[i], pick[rand() % (i + 1)]);
  simd<OffsetT, L> off;
  for (int i = 0; i < L; ++i) off.elems()[i] = static_cast<OffsetT>(pick[i] * vs * elem);
  return off;
}
/// Masked-off lanes get offsets far outside any mapping.
template <class OffsetT, int L>
void poison_masked(simd<OffsetT, L>& off, const simd_mask<L>& m) {
  for (int i = 0; i < L; ++i)
    if (!m[i])
      off.elems()[i] =
          static_cast<OffsetT>(sizeof(OffsetT) == 8 ? 0x7ff0'0000'0000ull : 0xfff0'0000u);
}

/// Oracle of gather: element j of address i at [j*L + i].
template <class T, int N, int VS, class OffsetT>
void expect_gathered(const simd<T, N>& r, const unsigned char* base,
                     const simd<OffsetT, N / VS>& off, const simd_mask<N / VS>& m,
                     const simd<T, N>* pass, const std::string& ctx) {
  constexpr int L = N / VS;
  for (int i = 0; i < L; ++i)
    for (int j = 0; j < VS; ++j) {
      const T want = m[i] ? elem_at<T>(base, std::size_t(off[i]) + j * sizeof(T))
                          : (pass ? (*pass)[j * L + i] : T(0));
      ASSERT_TRUE(same_bits(r[j * L + i], want)) << ctx << " address " << i << " element " << j;
    }
}

template <class T, int L, int VS, class OffsetT>
void check_gather_scatter() {
  constexpr int N = L * VS;
  const int slots = (L + 4) * VS;
  buffer buf(slots * sizeof(T));
  T* p = reinterpret_cast<T*>(buf.data());
  const std::string w = what<T, L>() + " VS " + std::to_string(VS) + " offset bytes " +
                        std::to_string(sizeof(OffsetT));
  const auto all = simd_mask<L>(1);
  const auto m = rand_mask<L>();
  simd<OffsetT, L> off = distinct_offsets<OffsetT, L>(slots, VS, sizeof(T));
  simd<OffsetT, L> moff = off;
  poison_masked(moff, m);
  const simd<T, N> pass = rand_simd<T, N>();

  if constexpr (VS == 1) {
    expect_gathered<T, N, 1>(esimd::gather(p, off), buf.data(), off, all, nullptr,
                             w + " gather(p, off)");
    expect_gathered<T, N, 1>(esimd::gather<T, N>(p, moff, m), buf.data(), moff, m, nullptr,
                             w + " (p, off, mask)");
    expect_gathered<T, N, 1>(esimd::gather<T, N>(p, moff, m, pass), buf.data(), moff, m, &pass,
                             w + " (p, off, mask, pass)");
    expect_gathered<T, N, 1>(
        esimd::gather<T, N>(p, off, esimd::properties{esimd::alignment<sizeof(T)>}), buf.data(),
        off, all, nullptr, w + " (p, off, props)");
  }
  expect_gathered<T, N, VS>(esimd::gather<T, N, VS>(p, off), buf.data(), off, all, nullptr,
                            w + " <VS>(p, off)");
  expect_gathered<T, N, VS>(esimd::gather<T, N, VS>(p, moff, m), buf.data(), moff, m, nullptr,
                            w + " <VS>(p, off, m)");
  expect_gathered<T, N, VS>(esimd::gather<T, N, VS>(p, moff, m, pass), buf.data(), moff, m, &pass,
                            w + " <VS>(p, off, m, pass)");
  ASSERT_EQ(buf.first_diff(), -1) << w << ": a gather wrote memory";

  // scatter: distinct addresses, so the oracle needs no ordering rule.
  const simd<T, N> v = rand_simd<T, N>();
  auto track = [&](const simd<OffsetT, L>& o, const simd_mask<L>& mm, const simd<T, N>& vals) {
    for (int i = 0; i < L; ++i)
      if (mm[i])
        for (int j = 0; j < VS; ++j)
          std::memcpy(buf.ref.data() + std::size_t(o[i]) + j * sizeof(T),
                      static_cast<const void*>(&vals.elems()[j * L + i]), sizeof(T));
  };
  esimd::scatter<T, N, VS>(p, moff, v, m);
  track(moff, m, v);
  ASSERT_EQ(buf.first_diff(), -1) << w << " scatter(p, off, v, mask)";
  const simd<T, N> v2 = rand_simd<T, N>();
  esimd::scatter<T, N, VS>(p, off, v2, esimd::properties{esimd::alignment<sizeof(T)>});
  track(off, all, v2);
  ASSERT_EQ(buf.first_diff(), -1) << w << " scatter(p, off, v, props)";
  if constexpr (VS == 1) {
    const simd<T, N> v3 = rand_simd<T, N>();
    esimd::scatter(p, off, v3);
    track(off, all, v3);
    ASSERT_EQ(buf.first_diff(), -1) << w << " scatter(p, off, v) deduced";
  }
}

template <class T>
void sweep_type() {
  for_each_n<1, 3, 8, 16, 32, 33>([]<int L>() {
    check_gather_scatter<T, L, 1, uint32_t>();
    check_gather_scatter<T, L, 1, uint64_t>();
    if constexpr (sizeof(T) >= 4) {
      check_gather_scatter<T, L, 2, uint32_t>();
      check_gather_scatter<T, L, 4, uint64_t>();
    }
  });
}

TEST(GatherScatter, AllTypesLengthsOffsetsMasksAndVS) {
  srand(42);
  for_each_type<all_types>([]<class T>() { sweep_type<T>(); });
}

TEST(GatherScatter, NegativeSignedOffsetsStepBack) {
  srand(42);
  buffer buf(256);
  auto* mid = reinterpret_cast<int32_t*>(buf.data() + 128);
  const simd<int32_t, 8> off(-32, 8);  // -32, -24, ..., +24
  const auto r = esimd::gather<int32_t, 8>(mid, off);
  for (int i = 0; i < 8; ++i) ASSERT_EQ(r[i], elem_at<int32_t>(buf.data(), 128 - 32 + 8 * i)) << i;
  esimd::scatter<int32_t, 8>(mid, off, simd<int32_t, 8>(7));
  for (int i = 0; i < 8; ++i) ASSERT_EQ(elem_at<int32_t>(buf.data(), 128 - 32 + 8 * i), 7);
}

TEST(GatherScatter, ViewOffsetsAndScalarOffsets) {
  srand(42);
  buffer buf(1024);
  auto* p = reinterpret_cast<float*>(buf.data());
  simd<uint32_t, 16> all_off(0, 12);  // 0, 12, 24, ...
  const auto m = rand_mask<8>();
  const simd<float, 8> pass = rand_simd<float, 8>();
  const simd<uint32_t, 8> even = all_off.select<8, 2>(0);
  expect_gathered<float, 8, 1>(esimd::gather<float, 8>(p, all_off.select<8, 2>(0)), buf.data(),
                               even, simd_mask<8>(1), nullptr, "gather<T, N>(p, view)");
  expect_gathered<float, 8, 1>(esimd::gather(p, all_off.select<8, 2>(0)), buf.data(), even,
                               simd_mask<8>(1), nullptr, "gather(p, view) deduced");
  expect_gathered<float, 8, 1>(esimd::gather(p, all_off.select<8, 2>(0), m), buf.data(), even, m,
                               nullptr, "gather(p, view, mask) deduced");
  expect_gathered<float, 8, 1>(esimd::gather<float, 8>(p, all_off.select<8, 2>(0), m, pass),
                               buf.data(), even, m, &pass, "gather<T, N>(p, view, mask, pass)");
  expect_gathered<float, 16, 2>(esimd::gather<2>(p, all_off.select<8, 2>(0)), buf.data(), even,
                                simd_mask<8>(1), nullptr, "gather<VS = 2>(p, view) deduced");
  // One scalar offset: every lane reads the same element.
  const auto s = esimd::gather<float, 8>(p, 40u);
  for (int i = 0; i < 8; ++i) ASSERT_TRUE(same_bits(s[i], elem_at<float>(buf.data(), 40)));
  // scatter through a view of offsets, and with one scalar offset (N = 1).
  const simd<float, 8> v = rand_simd<float, 8>();
  esimd::scatter(p, all_off.select<8, 2>(1), v);
  for (int i = 0; i < 8; ++i) std::memcpy(buf.ref.data() + all_off[2 * i + 1], &v.elems()[i], 4);
  ASSERT_EQ(buf.first_diff(), -1) << "scatter(p, view, v)";
  esimd::scatter<float, 1>(p, 4u, simd<float, 1>(v[0]));
  std::memcpy(buf.ref.data() + 4, &v.elems()[0], 4);
  ASSERT_EQ(buf.first_diff(), -1) << "scatter(p, scalar, v)";
}

TEST(GatherScatter, FullyMaskedNeverTouchesMemory) {
  srand(42);
  const simd<uint32_t, 16> off(0, 4);
  float* nowhere = reinterpret_cast<float*>(g_null_address);
  const simd<float, 16> pass = rand_simd<float, 16>();
  const auto r = esimd::gather<float, 16>(nowhere, off, simd_mask<16>(0), pass);
  for (int i = 0; i < 16; ++i) ASSERT_TRUE(same_bits(r[i], pass[i]));
  esimd::scatter<float, 16>(nowhere, off, pass, simd_mask<16>(0));
}

}  // namespace
