// The "simd_view without T and N" forms (view_forms.hpp): scatter, gather's pass-thru,
// block_store, slm_block_store, slm_scatter, atomic_update and slm_atomic_update with values or
// operands given as views, T and N deduced; each against a scalar oracle written here.
#include <gtest/gtest.h>

#include <vector>

#include "mem_test_util.hpp"

using namespace mem_test;
using esimd::atomic_op;
using esimd::simd;
using esimd::simd_mask;

namespace {

constexpr int kElems = 256;

/// Random distinct element indices (multiples of stride_elems below `elems`), as byte offsets
/// of T.
template <class T, int N>
simd<uint32_t, N> distinct_offsets(int stride_elems = 1, int elems = kElems) {
  std::vector<int> ids(elems / stride_elems);
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int>(i) * stride_elems;
  for (std::size_t i = ids.size() - 1; i > 0; --i) std::swap(ids[i], ids[rand() % (i + 1)]);
  simd<uint32_t, N> off;
  for (int i = 0; i < N; ++i) off.elems()[i] = static_cast<uint32_t>(ids[i] * sizeof(T));
  return off;
}

struct usm_forms {
  template <class T>
  void operator()() const {
    constexpr int N = 16;
    const std::string ctx = what<T, N>();
    // Values live in the odd lanes of a wider vector, so the view is strided.
    simd<T, 2 * N> wide = rand_simd<T, 2 * N>();
    auto vals = wide.template select<N, 2>(1);
    std::vector<T> v(N);
    for (int i = 0; i < N; ++i) v[i] = wide[2 * i + 1];
    {  // scatter(p, simd offsets, view[, mask]) and scatter(p, view offsets, view, mask)
      buffer b(kElems * sizeof(T));
      T* p = reinterpret_cast<T*>(b.data());
      const auto off = distinct_offsets<T, N>();
      const auto m = rand_mask<N>();
      esimd::scatter(p, off, vals, m);
      for (int i = 0; i < N; ++i)
        if (m[i]) std::memcpy(b.ref.data() + off[i], &v[i], sizeof(T));
      ASSERT_EQ(b.first_diff(), -1) << ctx << " scatter(p, off, view, mask)";
      simd<uint32_t, 2 * N> off_wide = 0;
      off_wide.template select<N, 2>(0) = distinct_offsets<T, N>();
      esimd::scatter(p, off_wide.template select<N, 2>(0), vals);
      for (int i = 0; i < N; ++i)
        std::memcpy(b.ref.data() + off_wide[2 * i], &v[i], sizeof(T));
      ASSERT_EQ(b.first_diff(), -1) << ctx << " scatter(p, view, view)";
    }
    if constexpr (sizeof(T) >= 4) {  // scatter<VS>: 2 consecutive elements per address
      buffer b(kElems * sizeof(T));
      T* p = reinterpret_cast<T*>(b.data());
      const auto off = distinct_offsets<T, N / 2>(2);
      const auto m = rand_mask<N / 2>();
      esimd::scatter<2>(p, off, vals, m);
      for (int i = 0; i < N / 2; ++i)
        for (int j = 0; j < 2; ++j)
          if (m[i])
            std::memcpy(b.ref.data() + off[i] + j * sizeof(T), &v[j * (N / 2) + i], sizeof(T));
      ASSERT_EQ(b.first_diff(), -1) << ctx << " scatter<2>(p, off, view, mask)";
    }
    {  // gather(p, off, mask, pass_thru view)
      buffer b(kElems * sizeof(T));
      const T* p = reinterpret_cast<const T*>(b.data());
      const auto off = distinct_offsets<T, N>();
      const auto m = rand_mask<N>();
      const simd<T, N> r = esimd::gather(p, off, m, vals);
      for (int i = 0; i < N; ++i) {
        const T want = m[i] ? elem_at<T>(b.data(), off[i]) : v[i];
        ASSERT_TRUE(same_bits(r[i], want)) << ctx << " gather pass-thru view, lane " << i;
      }
    }
    {  // block_store(p[, off], view[, pred])
      buffer b(kElems * sizeof(T));
      T* p = reinterpret_cast<T*>(b.data());
      esimd::block_store(p, vals);
      esimd::block_store(p, 32 * sizeof(T), vals, simd_mask<1>(1));
      esimd::block_store(p, 64 * sizeof(T), vals, simd_mask<1>(0));  // predicated off
      for (int i = 0; i < N; ++i) {
        std::memcpy(b.ref.data() + i * sizeof(T), &v[i], sizeof(T));
        std::memcpy(b.ref.data() + (32 + i) * sizeof(T), &v[i], sizeof(T));
      }
      ASSERT_EQ(b.first_diff(), -1) << ctx << " block_store(view)";
    }
  }
};

struct slm_forms {
  template <class T>
  void operator()() const {
    constexpr int N = 16;
    const std::string ctx = what<T, N>();
    fake_item it(kElems * sizeof(T));
    std::vector<unsigned char> ref(kElems * sizeof(T));
    for (auto& x : ref) x = rand_byte();
    std::memcpy(it.bytes(), ref.data(), ref.size());
    simd<T, 2 * N> wide = rand_simd<T, 2 * N>();
    auto vals = wide.template select<N, 2>(0);
    esimd::slm_block_store(16 * sizeof(T), vals);
    for (int i = 0; i < N; ++i)
      std::memcpy(ref.data() + (16 + i) * sizeof(T), &wide.elems()[2 * i], sizeof(T));
    const auto off = distinct_offsets<T, N>();
    const auto m = rand_mask<N>();
    esimd::slm_scatter(off, vals, m);
    for (int i = 0; i < N; ++i)
      if (m[i]) std::memcpy(ref.data() + off[i], &wide.elems()[2 * i], sizeof(T));
    ASSERT_EQ(std::memcmp(it.bytes(), ref.data(), ref.size()), 0) << ctx << " slm view stores";
  }
};

// Atomic operands as views: add (one operand) and cmpxchg (two), USM and SLM.
TEST(ViewForms, AtomicOperandsAsViews) {
  srand(42);
  constexpr int N = 16;
  std::vector<int> mem(64);
  for (auto& x : mem) x = rand() % 100;
  std::vector<int> ref = mem;
  const auto off = distinct_offsets<int, N>(1, 64);  // inside 64 ints
  simd<int, 2 * N> ops = 0;
  for (int i = 0; i < 2 * N; ++i) ops.elems()[i] = rand() % 100;
  const auto m = rand_mask<N>();
  const simd<int, N> old = esimd::atomic_update<atomic_op::add>(mem.data(), off,
                                                                ops.select<N, 2>(1), m);
  for (int i = 0; i < N; ++i) {
    const int idx = static_cast<int>(off[i] / 4);
    EXPECT_EQ(old[i], m[i] ? ref[idx] : 0) << "add old, lane " << i;
    if (m[i]) ref[idx] += ops[2 * i + 1];
  }
  EXPECT_EQ(mem, ref);
  // cmpxchg: new = src0, expected = src1; lanes whose expected value matches are swapped.
  simd<int, 2 * N> cmp = 0;
  for (int i = 0; i < N; ++i) {
    cmp.elems()[i] = 1000 + i;                                            // new values
    cmp.elems()[N + i] = (i % 3) ? ref[off[i] / 4] : ref[off[i] / 4] + 1;  // expected
  }
  esimd::atomic_update<atomic_op::cmpxchg>(mem.data(), off, cmp.select<N, 1>(0),
                                           cmp.select<N, 1>(N), simd_mask<N>(1));
  for (int i = 0; i < N; ++i)
    if (i % 3) ref[off[i] / 4] = 1000 + i;
  EXPECT_EQ(mem, ref);
  // SLM add with a view operand.
  fake_item it(64 * 4);
  std::memcpy(it.bytes(), mem.data(), 64 * 4);
  const simd<int, N> slm_old = esimd::slm_atomic_update<atomic_op::add>(off, ops.select<N, 2>(0));
  for (int i = 0; i < N; ++i) {
    EXPECT_EQ(slm_old[i], ref[off[i] / 4]);
    ref[off[i] / 4] += ops[2 * i];
  }
  EXPECT_EQ(std::memcmp(it.bytes(), ref.data(), 64 * 4), 0);
}

}  // namespace

TEST(ViewForms, UsmAgainstTheOracle) {
  srand(42);
  for_each_type<std::tuple<int8_t, int16_t, int32_t, int64_t, float, double, half>>(usm_forms{});
}

TEST(ViewForms, SlmAgainstTheOracle) {
  srand(42);
  for_each_type<std::tuple<int8_t, int32_t, float, double>>(slm_forms{});
}
