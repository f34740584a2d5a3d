// SLM: slm_block_load/store (every form), slm_gather/scatter (masks, pass-thru, VS, views),
// slm_scalar_load/store and slm_atomic_update on a hand-made work-item against a scalar oracle;
// out-of-range and uninitialised accesses raise errors instead of touching memory. Then inside
// nd_range kernels: the guide's work-group reduction with barriers for 1..64 work-items, SLM
// isolation between groups, SLM atomics, slm_allocator offsets, errors reaching wait_and_throw.
#include <string>

#include "memory/mem_test_util.hpp"
#include "xesim/sycl/sycl.hpp"

namespace {

using namespace mem_test;
namespace esimd = xesim::esimd;
namespace sycl = xesim::sycl;
using esimd::simd;
using esimd::simd_mask;

template <class T, int N>
void expect_at(const simd<T, N>& v, const unsigned char* mem, const std::string& ctx) {
  for (int i = 0; i < N; ++i)
    ASSERT_TRUE(same_bits(v[i], elem_at<T>(mem, i * sizeof(T)))) << ctx << " lane " << i;
}

/// Compares SLM with the oracle copy.
void expect_slm(fake_item& it, const std::vector<unsigned char>& ref, const std::string& ctx) {
  for (std::size_t i = 0; i < ref.size(); ++i)
    ASSERT_EQ(it.bytes()[i], ref[i]) << ctx << " SLM byte " << i;
}

template <class T, int N>
void check_slm_block() {
  constexpr std::size_t kBytes = (N + 16) * sizeof(T) + 64;
  fake_item it(kBytes);
  std::vector<unsigned char> ref(kBytes);
  for (std::size_t i = 0; i < kBytes; ++i) it.bytes()[i] = ref[i] = rand_byte();
  const std::string w = what<T, N>();
  constexpr int kA = static_cast<int>(sizeof(T));
  expect_at<T, N>(esimd::slm_block_load<T, N>(16), it.bytes() + 16, w + " slm_block_load(16)");
  expect_at<T, N>(esimd::slm_block_load<T, N>(sizeof(T), esimd::properties{esimd::alignment<kA>}),
                  it.bytes() + sizeof(T), w + " slm_block_load(off, props)");
  expect_at<T, N>(esimd::slm_block_load<T, N>(0, esimd::vector_aligned), it.bytes(), w + " legacy");
  const simd<T, N> v = rand_simd<T, N>();
  esimd::slm_block_store<T, N>(3 * sizeof(T), v, esimd::properties{esimd::alignment<kA>});
  std::memcpy(ref.data() + 3 * sizeof(T), static_cast<const void*>(v.elems()), sizeof(T) * N);
  expect_slm(it, ref, w + " slm_block_store(off, v, props)");
  esimd::slm_block_store<T, N>(32, v + v, esimd::overaligned<16>);
  const simd<T, N> vv = v + v;
  std::memcpy(ref.data() + 32, static_cast<const void*>(vv.elems()), sizeof(T) * N);
  expect_slm(it, ref, w + " legacy slm_block_store");
  // Predicated forms where DPC++ accepts them (4-byte units, legal LSC sizes).
  if constexpr ((sizeof(T) >= 4 && (N <= 4 || N == 8 || N == 16 || N == 32 || N == 64)) ||
                (sizeof(T) < 4 && (N * sizeof(T)) % 4 == 0 &&
                 (N * sizeof(T) / 4 <= 4 || N * sizeof(T) / 4 == 8 || N * sizeof(T) / 4 == 16 ||
                  N * sizeof(T) / 4 == 32 || N * sizeof(T) / 4 == 64))) {
    const simd<T, N> pass = rand_simd<T, N>();
    expect_at<T, N>(esimd::slm_block_load<T, N>(8, simd_mask<1>(1)), it.bytes() + 8, w + " pred=1");
    expect_at<T, N>(esimd::slm_block_load<T, N>(8, simd_mask<1>(1), pass), it.bytes() + 8,
                    w + " pred=1 pass");
    const simd<T, N> r0 = esimd::slm_block_load<T, N>(1u << 30, simd_mask<1>(0), pass);
    for (int i = 0; i < N; ++i) ASSERT_TRUE(same_bits(r0[i], pass[i])) << w << " pred=0 pass";
    esimd::slm_block_store<T, N>(1u << 30, v, simd_mask<1>(0));  // off and out of range: no-op
    esimd::slm_block_store<T, N>(8, v, simd_mask<1>(1));
    std::memcpy(ref.data() + 8, static_cast<const void*>(v.elems()), sizeof(T) * N);
    expect_slm(it, ref, w + " slm_block_store pred");
  }
  // Scalar forms.
  EXPECT_TRUE(
      same_bits(esimd::slm_scalar_load<T>(sizeof(T) * 2), elem_at<T>(it.bytes(), sizeof(T) * 2)));
  esimd::slm_scalar_store<T>(sizeof(T) * 5, v[0]);
  std::memcpy(ref.data() + sizeof(T) * 5, static_cast<const void*>(&v.elems()[0]), sizeof(T));
  expect_slm(it, ref, w + " slm_scalar_store");
}

TEST(SlmBlock, EveryFormAgainstTheOracle) {
  srand(42);
  for_each_type<all_types>([]<class T>() {
    for_each_n<1, 3, 8, 16, 32, 33, 128>([]<int N>() { check_slm_block<T, N>(); });
  });
}

template <class T, int L, int VS>
void check_slm_gather() {
  constexpr int N = L * VS;
  constexpr std::size_t kBytes = (L + 4) * VS * sizeof(T);
  fake_item it(kBytes);
  std::vector<unsigned char> ref(kBytes);
  for (std::size_t i = 0; i < kBytes; ++i) it.bytes()[i] = ref[i] = rand_byte();
  const std::string w = what<T, L>() + " VS " + std::to_string(VS);
  simd<uint32_t, L> off;
  std::vector<int> slot(L + 4);
  for (int i = 0; i < L + 4; ++i) slot[i] = i;
  for (int i = L + 3; i > 0; --i) std::swap(slot[i], slot[rand() % (i + 1)]);
  for (int i = 0; i < L; ++i) off.elems()[i] = uint32_t(slot[i] * VS * sizeof(T));
  const simd_mask<L> m = rand_mask<L>();
  simd<uint32_t, L> moff = off;  // masked-off lanes point past the SLM: never checked nor read
  for (int i = 0; i < L; ++i)
    if (!m[i]) moff.elems()[i] = 1u << 30;
  const simd<T, N> pass = rand_simd<T, N>();
  const simd<T, N> r1 = esimd::slm_gather<T, N, VS>(moff, m, pass);
  const simd<T, N> r2 = esimd::slm_gather<T, N, VS>(off);
  for (int i = 0; i < L; ++i)
    for (int j = 0; j < VS; ++j) {
      const T mem = elem_at<T>(it.bytes(), off[i] + j * sizeof(T));
      ASSERT_TRUE(same_bits(r1[j * L + i], m[i] ? mem : T(pass[j * L + i])))
          << w << " masked gather " << i;
      ASSERT_TRUE(same_bits(r2[j * L + i], mem)) << w << " gather " << i;
    }
  const simd<T, N> v = rand_simd<T, N>();
  esimd::slm_scatter<T, N, VS>(moff, v, m);
  for (int i = 0; i < L; ++i)
    if (m[i])
      for (int j = 0; j < VS; ++j)
        std::memcpy(ref.data() + off[i] + j * sizeof(T),
                    static_cast<const void*>(&v.elems()[j * L + i]), sizeof(T));
  expect_slm(it, ref, w + " slm_scatter");
}

TEST(SlmGatherScatter, MasksPassThruAndVS) {
  srand(42);
  for_each_type<all_types>([]<class T>() {
    for_each_n<1, 3, 16, 33>([]<int L>() {
      check_slm_gather<T, L, 1>();
      if constexpr (sizeof(T) >= 4) check_slm_gather<T, L, 4>();
    });
  });
}

TEST(SlmGatherScatter, ShortFormsAndViews) {
  srand(42);
  fake_item it(256);
  for (int i = 0; i < 256; ++i) it.bytes()[i] = rand_byte();
  simd<uint32_t, 16> off(0, 8);
  const simd<int32_t, 8> a = esimd::slm_gather<int32_t, 8>(off.select<8, 2>(0));
  const simd<int32_t, 8> b = esimd::slm_gather<int32_t, 8>(off.select<8, 2>(0), simd_mask<8>(1));
  const simd<int32_t, 8> c = esimd::slm_gather<int32_t, 8>(simd<uint32_t, 8>(off.select<8, 2>(0)));
  for (int i = 0; i < 8; ++i) {
    const int32_t want = elem_at<int32_t>(it.bytes(), 16 * i);
    EXPECT_EQ(a[i], want);
    EXPECT_EQ(b[i], want);
    EXPECT_EQ(c[i], want);
  }
  esimd::slm_scatter<int32_t, 8>(off.select<8, 2>(1), simd<int32_t, 8>(0, 1));
  for (int i = 0; i < 8; ++i) EXPECT_EQ(elem_at<int32_t>(it.bytes(), 16 * i + 8), i);
}

TEST(SlmAtomic, OperationsAgainstTheOracle) {
  fake_item it(64 * 8);
  auto* u32 = reinterpret_cast<uint32_t*>(it.bytes());
  for (int i = 0; i < 16; ++i) u32[i] = 100 + i;
  const simd<uint32_t, 8> off(0, 4);
  auto old =
      esimd::slm_atomic_update<esimd::atomic_op::add, uint32_t, 8>(off, simd<uint32_t, 8>(5));
  for (int i = 0; i < 8; ++i) EXPECT_EQ(old[i], 100u + i);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(u32[i], 105u + i);
  old = esimd::slm_atomic_update<esimd::atomic_op::inc, uint32_t, 8>(
      off, simd_mask<8>({1, 0, 1, 0, 1, 0, 1, 0}));
  for (int i = 0; i < 8; ++i) EXPECT_EQ(u32[i], 105u + i + (i & 1 ? 0u : 1u)) << "even lanes only";
  // cmpxchg: new value src0, expected src1.
  old = esimd::slm_atomic_update<esimd::atomic_op::cmpxchg, uint32_t, 8>(off, simd<uint32_t, 8>(7),
                                                                         simd<uint32_t, 8>(106));
  EXPECT_EQ(u32[0], 7u);    // was 106: exchanged
  EXPECT_EQ(u32[1], 7u);    // was 106: exchanged
  EXPECT_EQ(u32[2], 108u);  // was 108: kept
  EXPECT_EQ(old[2], 108u);
  auto* f = reinterpret_cast<float*>(it.bytes() + 128);
  for (int i = 0; i < 4; ++i) f[i] = float(i);
  const auto fo = esimd::slm_atomic_update<esimd::atomic_op::fmax, float, 4>(
      simd<uint32_t, 4>(128, 4), simd<float, 4>(1.5f));
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(fo[i], float(i));
    EXPECT_EQ(f[i], std::max(float(i), 1.5f));
  }
  auto* h = reinterpret_cast<int16_t*>(it.bytes() + 256);
  h[0] = 1;
  h[1] = -1;
  simd<uint32_t, 4> hoff(256, 2);
  const auto ho = esimd::slm_atomic_update<esimd::atomic_op::smin, int16_t, 2>(hoff.select<2, 1>(0),
                                                                               simd<int16_t, 2>(0));
  EXPECT_EQ(ho[0], 1);
  EXPECT_EQ(ho[1], -1);
  EXPECT_EQ(h[0], 0);
  EXPECT_EQ(h[1], -1);
  const auto ld =
      esimd::slm_atomic_update<esimd::atomic_op::load, int16_t, 2>(hoff.select<2, 1>(0));
  EXPECT_EQ(ld[1], -1);
}

std::string error_of(auto&& f) {
  try {
    f();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::make_error_code(sycl::errc::kernel));
    return e.what();
  }
  return "(no error)";
}

// XESIM_CHECK=off: SLM errors raise sycl::exception (with checks on they are diagnostics,
// tests/check/memory_rules_test.cpp).
struct checks_off {
  checks_off() { xesim::check::set_level(xesim::check::level::off); }
  ~checks_off() { xesim::check::set_level(xesim::check::level::basic); }
};

TEST(SlmErrors, OutOfRangeUninitialisedAndOutsideAKernel) {
  checks_off off;
  {
    fake_item it(64);
    it.bytes()[63] = 0x5a;
    std::string msg = error_of([] { esimd::slm_block_load<float, 16>(4); });  // bytes 4..68
    EXPECT_NE(msg.find("[slm-out-of-range]"), std::string::npos) << msg;
    EXPECT_NE(msg.find("only 64 bytes"), std::string::npos) << msg;
    msg = error_of([] { esimd::slm_block_store<float, 4>(64, simd<float, 4>(1.0f)); });
    EXPECT_NE(msg.find("[slm-out-of-range]"), std::string::npos) << msg;
    EXPECT_EQ(it.bytes()[63], 0x5a);
    msg =
        error_of([] { esimd::slm_gather<int, 4>(simd<uint32_t, 4>(0, 20)); });  // lane 3: 60..64 ok
    EXPECT_EQ(msg, "(no error)");
    msg = error_of([] { esimd::slm_gather<int, 4>(simd<uint32_t, 4>(0, 21)); });  // lane 3: 63..67
    EXPECT_NE(msg.find("[slm-out-of-range]"), std::string::npos) << msg;
    msg = error_of([] {
      esimd::slm_atomic_update<esimd::atomic_op::inc, uint32_t, 1>(simd<uint32_t, 1>(64));
    });
    EXPECT_NE(msg.find("[slm-out-of-range]"), std::string::npos) << msg;
    msg = error_of([] { esimd::slm_scalar_store<uint32_t>(0xffff'fffcu, 1u); });  // no 32-bit wrap
    EXPECT_NE(msg.find("[slm-out-of-range]"), std::string::npos) << msg;
  }
  {
    fake_item it(0);
    const std::string msg = error_of([] { esimd::slm_scalar_load<int>(0); });
    EXPECT_NE(msg.find("[slm-not-initialized]"), std::string::npos) << msg;
    EXPECT_NE(msg.find("slm_init"), std::string::npos) << msg;
  }
  const std::string msg = error_of([] { esimd::slm_scalar_load<int>(0); });
  EXPECT_NE(msg.find("outside a kernel"), std::string::npos) << msg;
}

// ------------------------------ inside nd_range kernels
/// The guide's Pattern 2: each of G work-items stores a partial sum to SLM, barrier, item 0
/// reduces the G partials with one slm_block_load.
template <int G>
void group_reduction(int groups) {
  sycl::queue q;
  std::vector<float> out(groups, -1.0f);
  float* o = out.data();
  q.parallel_for(sycl::nd_range<1>(groups * G, G), [=](sycl::nd_item<1> it) {
    esimd::slm_init<G * sizeof(float)>();
    const int lid = int(it.get_local_id(0)), gid = int(it.get_group(0));
    const float partial = float(gid * 1000 + lid);
    esimd::slm_block_store<float, 1>(lid * sizeof(float), simd<float, 1>(partial));
    esimd::barrier();
    if (lid == 0) {
      const simd<float, G> parts = esimd::slm_block_load<float, G>(0);
      float s = 0;
      for (int i = 0; i < G; ++i) s += parts[i];
      o[gid] = s;
    }
  });
  q.wait_and_throw();
  for (int g = 0; g < groups; ++g)
    ASSERT_EQ(out[g], float(G) * g * 1000 + float(G * (G - 1) / 2)) << "G " << G << " group " << g;
}

TEST(SlmKernel, WorkGroupReductionWith1To64Items) {
  group_reduction<1>(5);
  group_reduction<2>(7);
  group_reduction<4>(9);
  group_reduction<8>(16);
  group_reduction<16>(5);
  group_reduction<32>(4);
  group_reduction<64>(3);
}

TEST(SlmKernel, GroupsAreIsolatedAndAtomicsCountPerGroup) {
  constexpr int G = 16, kGroups = 12;
  sycl::queue q;
  std::vector<int> bad(kGroups * G, 0);
  std::vector<uint32_t> count(kGroups, 0);
  int* b = bad.data();
  uint32_t* c = count.data();
  q.parallel_for(sycl::nd_range<1>(kGroups * G, G), [=](sycl::nd_item<1> it) {
    esimd::slm_init(G * 64 + 4);  // run-time size
    const int lid = int(it.get_local_id(0)), gid = int(it.get_group(0));
    if (lid == 0) esimd::slm_scalar_store<uint32_t>(G * 64, 0u);
    esimd::slm_block_store<int, 16>(lid * 64, simd<int, 16>(gid));
    esimd::barrier();
    for (int k = 0; k < 3; ++k)
      esimd::slm_atomic_update<esimd::atomic_op::add, uint32_t, 4>(simd<uint32_t, 4>(G * 64),
                                                                   simd<uint32_t, 4>(1));
    const simd<int, 16> other = esimd::slm_block_load<int, 16>(((lid + 1) % G) * 64);
    b[gid * G + lid] = (other != gid).any();
    esimd::barrier();
    if (lid == 0) c[gid] = esimd::slm_scalar_load<uint32_t>(G * 64);
  });
  q.wait_and_throw();
  for (int i = 0; i < kGroups * G; ++i)
    ASSERT_EQ(bad[i], 0) << "item " << i << " saw another group's SLM";
  for (int g = 0; g < kGroups; ++g) ASSERT_EQ(count[g], uint32_t(G * 3 * 4)) << "group " << g;
}

TEST(SlmKernel, SlmAllocatorOffsetsStackAboveSlmInit) {
  constexpr int G = 4;
  sycl::queue q;
  std::vector<int> offs(G * 2 * 6, -1);
  int* o = offs.data();
  q.parallel_for(sycl::nd_range<1>(G * 2, G), [=](sycl::nd_item<1> it) {
    esimd::slm_init<64>();
    int* mine = o + it.get_global_id(0) * 6;
    const uint32_t lid = uint32_t(it.get_local_id(0));
    {
      esimd::slm_allocator<128> a;
      mine[0] = a.get_offset();
      {
        esimd::slm_allocator<32> b;
        mine[1] = b.get_offset();
        // Items share the chunk at the same offset: write yours, read the neighbour's.
        esimd::slm_scalar_store<uint32_t>(b.get_offset() + 4 * lid, lid + 100);
        esimd::barrier();
        mine[2] = int(esimd::slm_scalar_load<uint32_t>(b.get_offset() + 4 * ((lid + 1) % G)));
        esimd::barrier();
      }
      esimd::slm_allocator<16> c;
      mine[3] = c.get_offset();
    }
    esimd::slm_allocator<8> d;
    mine[4] = d.get_offset();
    mine[5] = int(xesim::rt::current_item()->slm_size);
  });
  q.wait_and_throw();
  for (int i = 0; i < G * 2; ++i) {
    const int* m = &offs[i * 6];
    EXPECT_EQ(m[0], 64) << "item " << i;
    EXPECT_EQ(m[1], 192) << "item " << i;
    EXPECT_EQ(m[2], int((i + 1) % G) + 100) << "item " << i;
    EXPECT_EQ(m[3], 192) << "item " << i;
    EXPECT_EQ(m[4], 64) << "item " << i;
    EXPECT_EQ(m[5], 224) << "item " << i;  // the group's SLM grew to the deepest stack
  }
}

TEST(SlmKernel, OutOfRangeAccessReachesWaitAndThrow) {
  checks_off off;
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1> it) {
    esimd::slm_init<1000>();  // the GPU allocates 1024 bytes: item 2 stores past them
    esimd::slm_block_store<int, 4>(1024 - 32 + uint32_t(it.get_local_id(0)) * 16,
                                   simd<int, 4>(1));  // item 2: 1024..1040
  });
  std::string msg;
  try {
    q.wait_and_throw();
  } catch (const sycl::exception& e) {
    msg = e.what();
  }
  EXPECT_NE(msg.find("[slm-out-of-range] slm_block_store of 16 bytes at SLM byte offset 1024"),
            std::string::npos)
      << msg;
  EXPECT_NE(msg.find("only 1000 bytes"), std::string::npos) << msg;
}

TEST(SlmKernel, FencesInsideAKernel) {
  sycl::queue q;
  std::vector<int> out(8, 0);
  int* o = out.data();
  q.parallel_for(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) {
    esimd::slm_init<64>();
    esimd::slm_scalar_store<int>(4 * it.get_local_id(0), int(it.get_local_id(0)) * 3);
    esimd::fence<esimd::fence_mask::local_barrier>();
    esimd::fence<esimd::memory_kind::local, esimd::fence_flush_op::none,
                 esimd::fence_scope::group>();
    esimd::barrier();
    o[it.get_local_id(0)] = esimd::slm_scalar_load<int>(4 * (7 - it.get_local_id(0)));
  });
  q.wait_and_throw();
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], (7 - i) * 3);
}

}  // namespace
