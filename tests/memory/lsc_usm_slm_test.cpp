// The experimental LSC functions on USM pointers and SLM, through the DPC++ entry headers:
// lsc_block_load / lsc_block_store (predicate, pass-thru, flags, cache hints), lsc_gather /
// lsc_scatter (NElts 1-8, every lsc_data_size incl. u8u32 / u16u32 / u16u32h, masks, pass-thru,
// simd / view / scalar offsets, 32- and 64-bit offsets), lsc_slm_block_load/store, lsc_slm_gather
// /scatter and lsc_prefetch, each against a scalar oracle of memory written here (random data,
// srand(42)); masked-off lanes and the bytes around an access must stay untouched.
#include <sycl/ext/intel/esimd.hpp>
#include <sycl/ext/intel/experimental/esimd/memory.hpp>
#include <sycl/sycl.hpp>

#include "memory/mem_test_util.hpp"

namespace {

using namespace mem_test;
using namespace sycl::ext::intel::esimd;
using namespace sycl::ext::intel::experimental::esimd;
using DS = lsc_data_size;

/// A null pointer the compiler cannot see through: predicated-off accesses must not touch it.
volatile std::uintptr_t g_null_address = 0;
template <class T>
T* hidden_null() {
  return reinterpret_cast<T*>(g_null_address);
}

// ------------------------------ oracle of a data size (written from DPC++'s description)
/// Bytes of one element in memory.
template <class T, DS D>
constexpr int mem_bytes() {
  if (D == DS::u8 || D == DS::u8u32) return 1;
  if (D == DS::u16 || D == DS::u16u32 || D == DS::u16u32h) return 2;
  if (D == DS::u32) return 4;
  if (D == DS::u64) return 8;
  return sizeof(T);
}
/// The register value (as T) of the memory element at `m`: zero-extended to 32 bits, or placed in
/// the high 16 bits for u16u32h, then the low sizeof(T) bytes.
template <class T, DS D>
T widen(const unsigned char* m) {
  uint64_t reg = 0;
  std::memcpy(&reg, m, mem_bytes<T, D>());
  if (D == DS::u16u32h) reg = (reg << 16) & 0xffffffffu;
  T v;
  std::memcpy(static_cast<void*>(&v), &reg, sizeof(T));
  return v;
}
/// The bytes a store of v writes: the low mem_bytes of its register, the high 16 for u16u32h.
template <class T, DS D>
void narrow(T v, unsigned char* m) {
  uint64_t reg = 0;
  std::memcpy(&reg, static_cast<const void*>(&v), sizeof(T));
  if (D == DS::u16u32h) reg >>= 16;
  std::memcpy(m, &reg, mem_bytes<T, D>());
}

// ------------------------------ lsc_block_load / lsc_block_store
template <class T, int N>
void expect_mem(const simd<T, N>& v, const unsigned char* mem, const std::string& ctx) {
  for (int i = 0; i < N; ++i)
    ASSERT_TRUE(same_bits(v[i], elem_at<T>(mem, i * sizeof(T)))) << ctx << " elem " << i;
}
template <class T, int N>
void expect_simd(const simd<T, N>& v, const simd<T, N>& w, const std::string& ctx) {
  for (int i = 0; i < N; ++i) ASSERT_TRUE(same_bits(v[i], w[i])) << ctx << " elem " << i;
}

template <class T, int N>
void check_block() {
  constexpr std::size_t kOff = 16, kBytes = N * sizeof(T) + 2 * kOff;
  buffer buf(kBytes);
  T* p = reinterpret_cast<T*>(buf.data() + kOff);
  const std::string w = what<T, N>();
  const simd<T, N> pass = rand_simd<T, N>();
  expect_mem<T, N>(lsc_block_load<T, N>(p), buf.data() + kOff, w + " lsc_block_load(p)");
  expect_mem<T, N>(lsc_block_load<T, N>(p, simd_mask<1>(1)), buf.data() + kOff, w + " pred 1");
  expect_mem<T, N>(lsc_block_load<T, N>(p, simd_mask<1>(1), pass), buf.data() + kOff, w + " pass");
  expect_simd<T, N>(lsc_block_load<T, N>(hidden_null<T>(), simd_mask<1>(0), pass), pass,
                    w + " pred 0 pass-thru");
  expect_mem<T, N>(
      lsc_block_load<T, N, DS::default_size, cache_hint::streaming, cache_hint::cached>(
          p, overaligned<16>),
      buf.data() + kOff, w + " flags + hints");
  expect_mem<T, N>(lsc_block_load<T, N, DS::default_size, cache_hint::cached, cache_hint::uncached>(
                       p, simd_mask<1>(1), pass, overaligned<8>),
                   buf.data() + kOff, w + " pass + flags");
  const simd<T, N> v = rand_simd<T, N>();
  lsc_block_store<T, N>(p, v);
  std::memcpy(buf.ref.data() + kOff, static_cast<const void*>(v.elems()), N * sizeof(T));
  ASSERT_EQ(buf.first_diff(), -1) << w << " lsc_block_store(p, v)";
  lsc_block_store<T, N>(hidden_null<T>(), v, simd_mask<1>(0));  // predicated off: no access
  const simd<T, N> v2 = rand_simd<T, N>();
  lsc_block_store<T, N, DS::default_size, cache_hint::write_back, cache_hint::write_back>(
      p, v2, overaligned<8>);
  std::memcpy(buf.ref.data() + kOff, static_cast<const void*>(v2.elems()), N * sizeof(T));
  ASSERT_EQ(buf.first_diff(), -1) << w << " lsc_block_store(p, v, flags)";
  lsc_block_store<T, N, DS::default_size, cache_hint::uncached, cache_hint::write_back>(
      p, v, simd_mask<1>(1), vector_aligned);
  std::memcpy(buf.ref.data() + kOff, static_cast<const void*>(v.elems()), N * sizeof(T));
  ASSERT_EQ(buf.first_diff(), -1) << w << " lsc_block_store(p, v, pred, flags)";
}

TEST(LscBlock, UsmFormsAgainstTheOracle) {
  srand(42);
  // NElts from DPC++'s LSC block table at 4-byte (8-byte) alignment.
  check_block<uint8_t, 4>();
  check_block<int8_t, 64>();
  check_block<uint8_t, 12>();
  check_block<int16_t, 2>();
  check_block<half, 6>();
  check_block<uint16_t, 128>();
  check_block<int32_t, 1>();
  check_block<float, 3>();
  check_block<uint32_t, 64>();
  check_block<int64_t, 1>();
  check_block<double, 16>();
  check_block<uint64_t, 64>();
}

TEST(LscBlock, FlagAlignmentOfScalarsAndVectors) {
  // DPC++ asks a flag about a scalar too (overaligned_tag<4>::alignment<T> in Intel's tests).
  EXPECT_EQ(overaligned_tag<4>::alignment<half>, 4u);
  EXPECT_EQ((overaligned_tag<8>::alignment<simd<uint8_t, 16>>), 8u);
  EXPECT_EQ(element_aligned_tag::alignment<double>, alignof(double));
  EXPECT_EQ((element_aligned_tag::alignment<simd<int16_t, 8>>), alignof(int16_t));
  using dq = sycl::ext::intel::esimd::detail::dqword_element_aligned_tag;
  EXPECT_EQ((dq::alignment<simd<uint8_t, 16>>), 4u);  // LSC blocks move 4-byte units
  EXPECT_EQ(dq::alignment<uint16_t>, 4u);
  EXPECT_EQ((dq::alignment<simd<double, 4>>), 8u);
}

TEST(LscBlock, SlmFormsAgainstTheOracle) {
  srand(42);
  constexpr int N = 16;
  fake_item it(512);
  for (int i = 0; i < 512; ++i) it.bytes()[i] = rand_byte();
  std::vector<unsigned char> ref(it.bytes(), it.bytes() + 512);
  const simd<float, N> pass = rand_simd<float, N>();
  expect_mem<float, N>(lsc_slm_block_load<float, N>(4), it.bytes() + 4, "lsc_slm_block_load(4)");
  expect_mem<float, N>(lsc_slm_block_load<float, N>(8, simd_mask<1>(1), pass), it.bytes() + 8,
                       "lsc_slm_block_load pass");
  expect_simd<float, N>(lsc_slm_block_load<float, N>(1u << 30, simd_mask<1>(0), pass), pass,
                        "lsc_slm_block_load pred 0: not read, pass-thru");
  const simd<double, 8> d = rand_simd<double, 8>();
  lsc_slm_block_store<double, 8>(64, d);
  std::memcpy(ref.data() + 64, static_cast<const void*>(d.elems()), sizeof(d));
  for (int i = 0; i < 512; ++i) ASSERT_EQ(it.bytes()[i], ref[i]) << "SLM byte " << i;
  expect_mem<uint8_t, 32>(lsc_slm_block_load<uint8_t, 32>(100), it.bytes() + 100, "u8 x 32");
}

// ------------------------------ lsc_gather / lsc_scatter / lsc_prefetch
/// A gather/scatter case: N lanes of NElts elements of data size D; lane i at slot perm[i] of
/// the buffer (distinct slots, so scatters do not overlap).
template <class T, int NElts, DS D, int N, class Off>
struct lanes_case {
  static constexpr int kEl = mem_bytes<T, D>();
  static constexpr int kSlot = NElts * kEl;
  static constexpr int kSlots = 2 * N + 3;
  buffer buf{static_cast<std::size_t>(kSlots * kSlot + 16)};
  simd<Off, N> off;
  simd_mask<N> mask = rand_mask<N>();
  simd<T, N* NElts> pass = rand_simd<T, N * NElts>();
  lanes_case() {
    std::vector<int> slots(kSlots);
    for (int s = 0; s < kSlots; ++s) slots[s] = s;
    for (int s = kSlots - 1; s > 0; --s) std::swap(slots[s], slots[rand() % (s + 1)]);
    for (int i = 0; i < N; ++i) off[i] = static_cast<Off>(slots[i] * kSlot);
  }
  T* p() { return reinterpret_cast<T*>(buf.data()); }
  /// The oracle's gather: element j of lane i at [j*N + i]; off lanes give pt (or 0).
  simd<T, N * NElts> expect(const simd_mask<N>& m, const simd<T, N * NElts>* pt,
                            const unsigned char* mem) const {
    simd<T, N * NElts> r;
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < NElts; ++j)
        r[j * N + i] = m[i] ? widen<T, D>(mem + off[i] + j * kEl) : pt ? (*pt)[j * N + i] : T(0);
    return r;
  }
  /// The oracle's scatter into `mem`.
  void store(const simd_mask<N>& m, const simd<T, N * NElts>& v, unsigned char* mem) const {
    for (int i = 0; i < N; ++i)
      if (m[i])
        for (int j = 0; j < NElts; ++j) narrow<T, D>(v[j * N + i], mem + off[i] + j * kEl);
  }
};

template <class T, int NElts, DS D, int N, class Off>
void check_gather_scatter() {
  const std::string w = what<T, N>() + " NElts " + std::to_string(NElts) + " DS " +
                        std::to_string(static_cast<int>(D)) + " off " + std::to_string(sizeof(Off));
  lanes_case<T, NElts, D, N, Off> c;
  constexpr cache_hint C = cache_hint::cached, U = cache_hint::uncached;
  const simd_mask<N> all = 1;
  const unsigned char* mem = c.buf.data();
  expect_simd(lsc_gather<T, NElts, D>(c.p(), c.off), c.expect(all, nullptr, mem), w + " gather");
  expect_simd(lsc_gather<T, NElts, D, C, U>(c.p(), c.off, c.mask), c.expect(c.mask, nullptr, mem),
              w + " gather mask");
  expect_simd(lsc_gather<T, NElts, D>(c.p(), c.off, c.mask, c.pass), c.expect(c.mask, &c.pass, mem),
              w + " gather mask pass-thru");
  simd<Off, 2 * N> wide = 0;
  wide.template select<N, 2>(1) = c.off;
  expect_simd(lsc_gather<T, NElts, D, cache_hint::none, cache_hint::none, N>(
                  c.p(), wide.template select<N, 2>(1)),
              c.expect(all, nullptr, mem), w + " gather view");
  expect_simd(lsc_gather<T, NElts, D>(c.p(), wide.template select<N, 2>(1), c.mask, c.pass),
              c.expect(c.mask, &c.pass, mem), w + " gather view pass-thru");
  const Off o0 = c.off[0];
  simd<T, N* NElts> bcast = lsc_gather<T, NElts, D, C, C, N>(c.p(), o0);
  lanes_case<T, NElts, D, N, Off> same = c;  // every lane at lane 0's address
  same.off = o0;
  expect_simd(bcast, same.expect(all, nullptr, mem), w + " gather scalar offset");
  expect_simd(lsc_gather<T, NElts, D>(c.p(), o0, c.mask, c.pass), same.expect(c.mask, &c.pass, mem),
              w + " gather scalar offset pass-thru");
  lsc_prefetch<T, NElts, D, C, U>(c.p(), c.off, c.mask);  // no effect on the CPU
  lsc_prefetch<T, NElts, D, cache_hint::streaming, C, N>(hidden_null<T>(), o0);
  lsc_prefetch<T, NElts, D, C, C, N>(c.p(), wide.template select<N, 2>(1));
  ASSERT_EQ(c.buf.first_diff(), -1) << w << " gathers and prefetches wrote memory";

  const simd<T, N* NElts> v = rand_simd<T, N * NElts>();
  lsc_scatter<T, NElts, D>(c.p(), c.off, v, c.mask);
  c.store(c.mask, v, c.buf.ref.data());
  ASSERT_EQ(c.buf.first_diff(), -1) << w << " scatter mask";
  const simd<T, N* NElts> v2 = rand_simd<T, N * NElts>();
  lsc_scatter<T, NElts, D, cache_hint::write_back, cache_hint::write_back>(c.p(), c.off, v2);
  c.store(all, v2, c.buf.ref.data());
  ASSERT_EQ(c.buf.first_diff(), -1) << w << " scatter";
  lsc_scatter<T, NElts, D, cache_hint::streaming, cache_hint::uncached, N>(
      c.p(), wide.template select<N, 2>(1), v, ~c.mask);
  c.store(~c.mask, v, c.buf.ref.data());
  ASSERT_EQ(c.buf.first_diff(), -1) << w << " scatter view";
  const simd<T, NElts> one = rand_simd<T, NElts>();
  lsc_scatter<T, NElts, D, cache_hint::none, cache_hint::none, 1>(c.p(), o0, one);
  for (int j = 0; j < NElts; ++j) narrow<T, D>(one[j], c.buf.ref.data() + o0 + j * c.kEl);
  ASSERT_EQ(c.buf.first_diff(), -1) << w << " scatter scalar offset (N == 1)";

  // SLM: the same case with the buffer as the work-group's SLM.
  fake_item it(c.buf.ref.size());
  std::memcpy(it.bytes(), c.buf.ref.data(), c.buf.ref.size());
  const simd<uint32_t, N> soff = c.off;
  expect_simd(lsc_slm_gather<T, NElts, D>(soff), c.expect(all, nullptr, it.bytes()),
              w + " slm gather");
  expect_simd(lsc_slm_gather<T, NElts, D>(soff, c.mask, c.pass),
              c.expect(c.mask, &c.pass, it.bytes()), w + " slm gather pass-thru");
  lsc_slm_scatter<T, NElts, D>(soff, v2, c.mask);
  c.store(c.mask, v2, c.buf.ref.data());
  for (std::size_t b = 0; b < c.buf.ref.size(); ++b)
    ASSERT_EQ(it.bytes()[b], c.buf.ref[b]) << w << " slm scatter byte " << b;
}

TEST(LscGather, DataSizesVectorSizesMasksAgainstTheOracle) {
  srand(42);
  check_gather_scatter<uint8_t, 1, DS::default_size, 16, uint32_t>();
  check_gather_scatter<int8_t, 4, DS::u8, 8, uint64_t>();
  check_gather_scatter<uint8_t, 1, DS::u8u32, 8, uint32_t>();
  check_gather_scatter<int16_t, 1, DS::default_size, 32, uint32_t>();
  check_gather_scatter<half, 2, DS::u16, 8, uint32_t>();
  check_gather_scatter<uint16_t, 1, DS::u16u32h, 8, uint32_t>();
  check_gather_scatter<uint32_t, 1, DS::default_size, 16, uint64_t>();
  check_gather_scatter<float, 2, DS::u32, 16, uint32_t>();
  check_gather_scatter<int32_t, 3, DS::default_size, 8, uint32_t>();
  check_gather_scatter<uint32_t, 4, DS::default_size, 4, int64_t>();
  check_gather_scatter<float, 8, DS::default_size, 2, uint32_t>();
  check_gather_scatter<uint32_t, 1, DS::u8u32, 16, uint32_t>();
  check_gather_scatter<int32_t, 2, DS::u16u32, 8, uint32_t>();
  check_gather_scatter<uint32_t, 1, DS::u16u32h, 16, uint64_t>();
  check_gather_scatter<int64_t, 1, DS::default_size, 8, uint32_t>();
  check_gather_scatter<double, 2, DS::u64, 4, uint64_t>();
}

TEST(LscPrefetch, TransposedFormsTouchNothing) {
  srand(42);
  buffer buf(256);
  const float* p = reinterpret_cast<const float*>(buf.data());
  lsc_prefetch<float, 64, DS::default_size, cache_hint::cached, cache_hint::cached>(p);
  lsc_prefetch<uint64_t, 8, DS::u64, cache_hint::streaming, cache_hint::uncached>(
      hidden_null<const uint64_t>());
  ASSERT_EQ(buf.first_diff(), -1);
}

}  // namespace
