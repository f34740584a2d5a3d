// DPC++'s "simd_view without T and N" forms added for USM, SLM, device and local accessors:
// gather/scatter with VS given, pass-thru and values views, block_load pass-thru views,
// block_store on accessors, prefetch and atomics with view operands; each against a scalar
// oracle on random data (srand(42)).
#include <gtest/gtest.h>

#include <sycl/ext/intel/esimd.hpp>
#include <sycl/sycl.hpp>

#include <cstring>
#include <vector>

#include "mem_test_util.hpp"

using namespace mem_test;
using esimd::atomic_op;
using esimd::simd;
using esimd::simd_mask;

namespace {

constexpr int kElems = 256;

std::vector<float> rand_floats(int n) {
  std::vector<float> v(n);
  for (auto& x : v) x = static_cast<float>(rand() % 1000) / 8.0f;
  return v;
}
simd<uint32_t, 32> rand_offsets(int stride_elems = 1) {  // distinct float offsets
  std::vector<int> ids(kElems / stride_elems);
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = static_cast<int>(i) * stride_elems;
  for (std::size_t i = ids.size() - 1; i > 0; --i) std::swap(ids[i], ids[rand() % (i + 1)]);
  simd<uint32_t, 32> off;
  for (int i = 0; i < 32; ++i) off.elems()[i] = static_cast<uint32_t>(ids[i] * 4);
  return off;
}

TEST(ViewDeduced, UsmGatherScatterBlock) {
  srand(42);
  std::vector<float> mem = rand_floats(kElems);
  simd<float, 32> pass = 0;
  for (int i = 0; i < 32; ++i) pass.elems()[i] = -1.0f - i;
  simd<uint32_t, 32> off = rand_offsets(2);
  const simd_mask<16> m = rand_mask<16>();
  const simd_mask<8> m8 = rand_mask<8>();
  auto at = [&](uint32_t byte) { return mem[byte / 4]; };
  // gather(p, view, mask, view): T and N from pass_thru.
  simd<float, 16> r = esimd::gather(mem.data(), off.select<16, 1>(0), m, pass.select<16, 1>(16));
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i], m[i] ? at(off[i]) : pass[16 + i]) << i;
  // gather<2>(p, view, mask, simd pass_thru): 2 elements per address.
  simd<float, 16> pt = pass.select<16, 1>(0);
  r = esimd::gather<2>(mem.data(), off.select<8, 1>(0), m8, pt);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 2; ++j)
      EXPECT_EQ(r[j * 8 + i], m8[i] ? at(off[i] + 4 * j) : pt[j * 8 + i]) << i;
  // gather(p, view[, mask]) with T and N deduced from the pointer and the view.
  r = esimd::gather(mem.data(), off.select<16, 2>(1));
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i], at(off[2 * i + 1])) << i;
  // block_load(p[, byte_offset], pred, pass_thru view).
  r = esimd::block_load(mem.data(), 16, simd_mask<1>(1), pass.select<16, 1>(0));
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i], mem[4 + i]) << i;
  r = esimd::block_load(mem.data(), simd_mask<1>(0), pass.select<16, 2>(0));
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i], pass[2 * i]) << i;
  // scatter<2>(p, view, simd vals, mask), then scatter(p, view, view): against the oracle.
  std::vector<float> ref = mem;
  simd<float, 16> vals = pass.select<16, 1>(0) * 3.0f;
  esimd::scatter<2>(mem.data(), off.select<8, 1>(0), vals, m8);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 2; ++j)
      if (m8[i]) ref[off[i] / 4 + j] = vals[j * 8 + i];
  esimd::scatter(mem.data(), off.select<16, 1>(16), pass.select<16, 1>(16));
  for (int i = 0; i < 16; ++i) ref[off[16 + i] / 4] = pass[16 + i];
  EXPECT_EQ(mem, ref);
  // prefetch<VS>(p, view[, mask]): no effect on memory.
  esimd::prefetch<1>(mem.data(), off.select<16, 1>(0), m,
                     esimd::properties{esimd::cache_hint_L1<esimd::cache_hint::cached>,
                                       esimd::cache_hint_L2<esimd::cache_hint::cached>});
  EXPECT_EQ(mem, ref);
}

TEST(ViewDeduced, UsmAtomics) {
  srand(42);
  std::vector<int> mem(64);
  for (auto& x : mem) x = rand() % 100;
  std::vector<int> ref = mem;
  simd<uint32_t, 32> off(0, 4);
  simd<int, 32> src;
  for (int i = 0; i < 32; ++i) src.elems()[i] = rand() % 50;
  const simd_mask<16> m = rand_mask<16>();
  // atomic_update<add>(p, offsets view, src view, mask): returns the old values.
  simd<int, 16> old = esimd::atomic_update<atomic_op::add>(mem.data(), off.select<16, 1>(0),
                                                           src.select<16, 1>(0), m);
  for (int i = 0; i < 16; ++i)
    if (m[i]) {
      EXPECT_EQ(old[i], ref[i]) << i;
      ref[i] += src[i];
    }
  // cmpxchg with (offsets view, new simd, expected view): lanes whose expected value matches.
  simd<int, 16> expected = simd<int, 16>(mem.data() + 16);
  expected.select<8, 2>(0) = -1;  // even lanes must not match
  simd<int, 32> e2 = 0;
  e2.select<16, 1>(0) = expected;
  simd<int, 16> nv = src.select<16, 1>(16);
  old = esimd::atomic_update<atomic_op::cmpxchg>(mem.data(), off.select<16, 1>(16), nv,
                                                 e2.select<16, 1>(0));
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(old[i], ref[16 + i]) << i;
    if (ref[16 + i] == expected[i]) ref[16 + i] = nv[i];
  }
  // inc with the offsets a view, T and N deduced.
  old = esimd::atomic_update<atomic_op::inc>(mem.data(), off.select<16, 2>(0));
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(old[i], ref[2 * i]) << i;
    ++ref[2 * i];
  }
  EXPECT_EQ(mem, ref);
}

TEST(ViewDeduced, SlmForms) {
  srand(42);
  fake_item item(kElems * 4);
  std::vector<float> ref = rand_floats(kElems);
  std::memcpy(item.bytes(), ref.data(), kElems * 4);
  simd<float, 32> pass;
  for (int i = 0; i < 32; ++i) pass.elems()[i] = -2.0f - i;
  simd<uint32_t, 32> off = rand_offsets(2);
  const simd_mask<16> m = rand_mask<16>();
  simd<float, 16> r = esimd::slm_gather(off.select<16, 1>(0), m, pass.select<16, 1>(0));
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i], m[i] ? ref[off[i] / 4] : pass[i]) << i;
  simd<uint32_t, 16> o16 = off.select<16, 1>(16);
  r = esimd::slm_gather(o16, m, pass.select<16, 2>(1));
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i], m[i] ? ref[o16[i] / 4] : pass[2 * i + 1]) << i;
  r = esimd::slm_block_load(64u, simd_mask<1>(1), pass.select<16, 1>(0));
  for (int i = 0; i < 16; ++i) EXPECT_EQ(r[i], ref[16 + i]) << i;
  simd<float, 16> vals = pass.select<16, 1>(16);
  const simd_mask<8> m8 = rand_mask<8>();
  esimd::slm_scatter<2>(off.select<8, 1>(0), vals, m8);
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 2; ++j)
      if (m8[i]) ref[off[i] / 4 + j] = vals[j * 8 + i];
  std::vector<float> got(kElems);
  std::memcpy(got.data(), item.bytes(), kElems * 4);
  EXPECT_EQ(got, ref);
  // slm_atomic_update<add>(offsets view, src view) on ints at the start of SLM.
  simd<int, 32> iv;
  for (int i = 0; i < 32; ++i) iv.elems()[i] = rand() % 9;
  std::vector<int> iref(16);
  std::memcpy(iref.data(), item.bytes(), 64);
  simd<uint32_t, 32> ioff(0, 4);
  simd<int, 16> old =
      esimd::slm_atomic_update<atomic_op::add>(ioff.select<16, 1>(0), iv.select<16, 2>(0));
  std::vector<int> igot(16);
  std::memcpy(igot.data(), item.bytes(), 64);
  for (int i = 0; i < 16; ++i) {
    EXPECT_EQ(old[i], iref[i]) << i;
    EXPECT_EQ(igot[i], iref[i] + iv[2 * i]) << i;
  }
}

TEST(ViewDeduced, AccessorForms) {
  srand(42);
  std::vector<float> in = rand_floats(kElems), out(kElems, 0.0f), got(64, 0.0f);
  std::vector<int> cnt(16, 0);
  const simd<uint32_t, 32> off_h = rand_offsets(2);
  std::vector<uint32_t> offs(32);
  for (int i = 0; i < 32; ++i) offs[i] = off_h[i];
  {
    sycl::queue q;
    sycl::buffer<float, 1> bin(in.data(), sycl::range<1>(in.size()));
    sycl::buffer<float, 1> bout(out.data(), sycl::range<1>(out.size()));
    sycl::buffer<float, 1> bgot(got.data(), sycl::range<1>(got.size()));
    sycl::buffer<int, 1> bcnt(cnt.data(), sycl::range<1>(cnt.size()));
    sycl::buffer<uint32_t, 1> boff(offs.data(), sycl::range<1>(offs.size()));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor a(bin, cgh, sycl::read_write);
      sycl::accessor b(bout, cgh, sycl::read_write);
      sycl::accessor g(bgot, cgh, sycl::read_write);
      sycl::accessor c(bcnt, cgh, sycl::read_write);
      sycl::accessor o(boff, cgh, sycl::read_only);
      sycl::local_accessor<float, 1> l(sycl::range<1>(64), cgh);
      cgh.parallel_for(sycl::nd_range<1>(1, 1), [=](sycl::nd_item<1>) SYCL_ESIMD_KERNEL {
        simd<uint32_t, 32> off = esimd::block_load<uint32_t, 32>(o, 0);
        simd<float, 32> pass(-1.0f, -1.0f);
        simd_mask<16> m = 1;
        m.select<8, 2>(1) = 0;
        // Device accessor: gather with a pass-thru view, block_store a view, scatter views.
        simd<float, 16> r = esimd::gather(a, off.select<16, 1>(0), m, pass.select<16, 1>(0));
        esimd::block_store(g, r.select<16, 1>(0));
        r = esimd::block_load(a, 0u, simd_mask<1>(1), pass.select<16, 1>(16));
        esimd::block_store(g, 64u, r.select<16, 1>(0));
        esimd::scatter(b, off.select<16, 1>(16), pass.select<16, 1>(0), m);
        // Local accessor: store a view, gather<2> it back (pass-thru view unused: all lanes on).
        esimd::block_store(l, pass.select<32, 1>(0));
        simd<uint32_t, 8> lo(0, 16);
        r = esimd::gather<2>(l, lo, simd_mask<8>(1), pass.select<16, 2>(0));
        esimd::block_store(g, 128u, r.select<16, 1>(0));
        // Device accessor atomic with an operand view.
        simd<int, 32> ones = 1;
        esimd::atomic_update<atomic_op::add>(c, simd<uint32_t, 16>(0, 4), ones.select<16, 1>(0));
      });
    });
  }
  for (int i = 0; i < 16; ++i) {
    const bool on = (i % 2) == 0;
    EXPECT_EQ(got[i], on ? in[offs[i] / 4] : -1.0f - i) << i;
    EXPECT_EQ(got[16 + i], in[i]) << i;
    EXPECT_EQ(got[32 + i], -1.0f - static_cast<float>(4 * (i % 8) + i / 8)) << i;  // VS = 2
    EXPECT_EQ(out[offs[16 + i] / 4], on ? -1.0f - i : 0.0f) << i;
    EXPECT_EQ(cnt[i], 1) << i;
  }
}

}  // namespace
