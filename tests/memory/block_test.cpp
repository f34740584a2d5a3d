// block_load / block_store on USM pointers: every call form (plain, byte offset, predicate,
// pass-thru, properties, legacy flags) over int8..int64, float, double, half and lengths
// 1, 3, 8, 16, 32, 33, 128 (predicated forms: the lengths DPC++ accepts), against a scalar oracle
// of memory; guard bytes around every access must stay untouched.
#include "memory/mem_test_util.hpp"

namespace {

using namespace mem_test;
namespace esimd = xesim::esimd;
using esimd::simd;
using esimd::simd_mask;

/// The N a predicated or cache-hinted block access accepts at its default alignment (DPC++'s
/// table: sycl_ext_intel_esimd_functions.md, Table1), written out independently of the headers.
template <class T, int N>
constexpr bool lsc_legal() {
  constexpr int kS = sizeof(T);
  if (kS == 1)
    return N == 4 || N == 8 || N == 12 || N == 16 || N == 32 || N == 64 || N == 128 || N == 256;
  if (kS == 2)
    return N == 2 || N == 4 || N == 6 || N == 8 || N == 16 || N == 32 || N == 64 || N == 128;
  return N == 1 || N == 2 || N == 3 || N == 4 || N == 8 || N == 16 || N == 32 || N == 64;
}

template <class T, int N>
void expect_elems(const simd<T, N>& v, const unsigned char* mem, const std::string& ctx) {
  for (int i = 0; i < N; ++i)
    ASSERT_TRUE(same_bits(v[i], elem_at<T>(mem, i * sizeof(T)))) << ctx << " lane " << i;
}

/// A null pointer the compiler cannot see through (so predicated-off accesses to it compile
/// without array-bounds warnings): an access through it would crash.
volatile std::uintptr_t g_null_address = 0;
template <class T> T* hidden_null() { return reinterpret_cast<T*>(g_null_address); }

constexpr int kGuard = 3;  // elements of guard before and after each access

template <class T, int N>
void check_loads() {
  constexpr int kA = static_cast<int>(sizeof(T));
  buffer buf((N + 2 * kGuard + 8) * sizeof(T));
  const T* base = reinterpret_cast<const T*>(buf.data());
  const std::string w = what<T, N>();
  // Aligned start: the default-alignment forms.
  expect_elems<T, N>(esimd::block_load<T, N>(base), buf.data(), w + " block_load(p)");
  expect_elems<T, N>(esimd::block_load<T, N>(base, esimd::properties{esimd::alignment<16>}),
                     buf.data(), w + " block_load(p, alignment<16>)");
  expect_elems<T, N>(esimd::block_load<T, N>(base, esimd::overaligned<16>), buf.data(),
                     w + " legacy overaligned");
  for (int e : {1, 3, kGuard}) {
    const unsigned char* at = buf.data() + e * sizeof(T);
    const T* p = reinterpret_cast<const T*>(at);
    const std::size_t off = e * sizeof(T);
    const std::string c = w + " start " + std::to_string(e);
    expect_elems<T, N>(esimd::block_load<T, N>(p, esimd::properties{esimd::alignment<kA>}), at,
                       c + " (p, props)");
    expect_elems<T, N>(esimd::block_load<T, N>(base, off, esimd::properties{esimd::alignment<kA>}),
                       at, c + " (p, byte_offset, props)");
    expect_elems<T, N>(esimd::block_load<T, N>(p, esimd::element_aligned), at,
                       c + " legacy element_aligned");
  }
  ASSERT_EQ(buf.first_diff(), -1) << w << ": a load wrote memory";
}

template <class T, int N>
void check_stores() {
  constexpr int kA = static_cast<int>(sizeof(T));
  buffer buf((N + 2 * kGuard + 8) * sizeof(T));
  T* base = reinterpret_cast<T*>(buf.data());
  const std::string w = what<T, N>();
  auto store_and_track = [&](std::size_t off, auto&& do_store, const std::string& c) {
    const simd<T, N> v = rand_simd<T, N>();
    do_store(v);
    std::memcpy(buf.ref.data() + off, static_cast<const void*>(v.elems()), sizeof(T) * N);
    ASSERT_EQ(buf.first_diff(), -1) << c << " (memory differs from the oracle)";
  };
  store_and_track(
      0, [&](const simd<T, N>& v) { esimd::block_store<T, N>(base, v); }, w + " block_store(p, v)");
  store_and_track(
      0, [&](const simd<T, N>& v) { esimd::block_store(base, v); }, w + " block_store deduced");
  store_and_track(
      0, [&](const simd<T, N>& v) { esimd::block_store<T, N>(base, v, esimd::vector_aligned); },
      w + " legacy vector_aligned");
  for (int e : {1, 3, kGuard}) {
    const std::size_t off = e * sizeof(T);
    T* p = reinterpret_cast<T*>(buf.data() + off);
    const std::string c = w + " start " + std::to_string(e);
    store_and_track(
        off,
        [&](const simd<T, N>& v) {
          esimd::block_store<T, N>(p, v, esimd::properties{esimd::alignment<kA>});
        },
        c + " (p, v, props)");
    store_and_track(
        off,
        [&](const simd<T, N>& v) {
          esimd::block_store<T, N>(base, off, v, esimd::properties{esimd::alignment<kA>});
        },
        c + " (p, byte_offset, v, props)");
    store_and_track(
        off, [&](const simd<T, N>& v) { esimd::block_store<T, N>(p, v, esimd::element_aligned); },
        c + " legacy element_aligned");
  }
}

/// Predicated, pass-thru and cache-hinted forms (LSC): only where DPC++ accepts (T, N).
template <class T, int N>
void check_lsc_forms() {
  if constexpr (lsc_legal<T, N>()) {
    using esimd::cache_hint;
    constexpr std::size_t kA = sizeof(T) <= 4 ? 4 : sizeof(T);
    buffer buf((N + 2 * kGuard + 8) * sizeof(T) + 64);
    T* base = reinterpret_cast<T*>(buf.data());
    const std::size_t off = 2 * kA;  // aligned to the default alignment, not 16
    T* p = reinterpret_cast<T*>(buf.data() + off);
    const unsigned char* at = buf.data() + off;
    const std::string w = what<T, N>();
    const simd<T, N> pass = rand_simd<T, N>();
    const esimd::properties store_hints{esimd::cache_hint_L1<cache_hint::uncached>,
                                        esimd::cache_hint_L2<cache_hint::write_back>};
    const simd_mask<1> on = 1, off_ = 0;
    const esimd::properties hints{esimd::cache_hint_L1<cache_hint::cached>,
                                  esimd::cache_hint_L2<cache_hint::uncached>};
    expect_elems<T, N>(esimd::block_load<T, N>(p, on), at, w + " (p, pred=1)");
    expect_elems<T, N>(esimd::block_load<T, N>(base, off, on), at, w + " (p, off, pred=1)");
    expect_elems<T, N>(esimd::block_load<T, N>(p, on, pass), at, w + " (p, pred=1, pass)");
    expect_elems<T, N>(esimd::block_load<T, N>(base, off, on, pass, hints), at,
                       w + " (p, off, pred=1, pass, hints)");
    expect_elems<T, N>(esimd::block_load<T, N>(p, hints), at, w + " (p, hints)");
    // pred = 0: nothing is read (a null pointer is fine); pass-thru or zeros come back.
    const simd<T, N> r0 = esimd::block_load<T, N>(hidden_null<const T>(), off_, pass);
    const simd<T, N> r1 = esimd::block_load<T, N>(hidden_null<const T>(), 64, off_);
    for (int i = 0; i < N; ++i) {
      ASSERT_TRUE(same_bits(r0[i], pass[i])) << w << " pred=0 pass-thru lane " << i;
      ASSERT_TRUE(same_bits(r1[i], T(0))) << w << " pred=0 zeros lane " << i;
    }
    // Stores: pred = 1 writes exactly N elements, pred = 0 writes nothing.
    const simd<T, N> v = rand_simd<T, N>(), v2 = rand_simd<T, N>();
    esimd::block_store<T, N>(p, v, on);
    std::memcpy(buf.ref.data() + off, static_cast<const void*>(v.elems()), sizeof(T) * N);
    ASSERT_EQ(buf.first_diff(), -1) << w << " block_store(p, v, pred=1)";
    esimd::block_store<T, N>(base, off, v2, on, store_hints);
    std::memcpy(buf.ref.data() + off, static_cast<const void*>(v2.elems()), sizeof(T) * N);
    ASSERT_EQ(buf.first_diff(), -1) << w << " block_store(p, off, v, pred=1, hints)";
    esimd::block_store<T, N>(p, v, off_);
    esimd::block_store<T, N>(base, off, v, off_);
    esimd::block_store<T, N>(hidden_null<T>(), v, off_);
    ASSERT_EQ(buf.first_diff(), -1) << w << " block_store with pred=0 wrote memory";
    esimd::block_store<T, N>(p, v,
                             esimd::properties{esimd::cache_hint_L1<cache_hint::write_back>,
                                               esimd::cache_hint_L2<cache_hint::write_back>});
    std::memcpy(buf.ref.data() + off, static_cast<const void*>(v.elems()), sizeof(T) * N);
    ASSERT_EQ(buf.first_diff(), -1) << w << " block_store(p, v, hints)";
  }
}

template <class F>
void sweep(F&& f) {
  for_each_type<all_types>([&]<class T>() {
    for_each_n<1, 3, 4, 8, 12, 16, 32, 33, 128>([&]<int N>() { f.template operator()<T, N>(); });
  });
}

TEST(BlockLoad, EveryPlainFormMatchesMemory) {
  srand(42);
  sweep([]<class T, int N>() { check_loads<T, N>(); });
}

TEST(BlockStore, EveryPlainFormWritesExactlyNElements) {
  srand(42);
  sweep([]<class T, int N>() { check_stores<T, N>(); });
}

TEST(BlockLoadStore, PredicatedPassThruAndCacheHintedForms) {
  srand(42);
  for_each_type<all_types>([&]<class T>() {
    for_each_n<1, 2, 3, 4, 8, 12, 16, 32, 33, 128>([&]<int N>() { check_lsc_forms<T, N>(); });
  });
}

TEST(BlockLoadStore, LongestLegalPredicatedBlocks) {
  srand(42);
  // The largest LSC blocks: 512 bytes need alignment 8.
  check_lsc_forms<int32_t, 64>();
  buffer buf(1024);
  auto* p = reinterpret_cast<int32_t*>(buf.data());
  const auto v =
      esimd::block_load<int32_t, 128>(p, simd_mask<1>(1), esimd::properties{esimd::alignment<8>});
  expect_elems<int32_t, 128>(v, buf.data(), "int32 x 128, alignment<8>");
  const auto b = esimd::block_load<uint8_t, 512>(buf.data(), simd_mask<1>(1),
                                                 esimd::properties{esimd::alignment<8>});
  expect_elems<uint8_t, 512>(b, buf.data(), "uint8 x 512, alignment<8>");
}

TEST(BlockLoadStore, ViewsConvertWhenTAndNAreGiven) {
  srand(42);
  buffer buf(256);
  auto* p = reinterpret_cast<float*>(buf.data());
  simd<float, 32> big = rand_simd<float, 32>();
  esimd::block_store<float, 16>(p, big.select<16, 2>(1));
  for (int i = 0; i < 16; ++i) {
    const float want = big[1 + 2 * i];
    std::memcpy(buf.ref.data() + i * 4, &want, 4);
  }
  ASSERT_EQ(buf.first_diff(), -1);
}

}  // namespace
