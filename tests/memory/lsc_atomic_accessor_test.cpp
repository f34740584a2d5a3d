// lsc_atomic_update (USM: simd, view and scalar offsets, cache hints), lsc_slm_atomic_update and
// atomic_update<native::lsc::atomic_op> for every operation incl. the floating ones and
// cmpxchg / fcmpxchg (lsc order: expected first; native order: new first), against the scalar
// oracle of atomic_test_util.hpp; then inside kernels the accessor forms of every lsc_* function
// (device accessors and local accessors) and lsc_fence, against oracles written here.
#include <sycl/ext/intel/esimd.hpp>
#include <sycl/ext/intel/experimental/esimd/memory.hpp>
#include <sycl/sycl.hpp>

#include <optional>

#include "memory/atomic_test_util.hpp"

namespace {

using namespace atomic_test;
namespace xe = sycl::ext::intel::experimental::esimd;
namespace native = sycl::ext::intel::esimd::native;
using xe::cache_hint;

/// The native::lsc::atomic_op of an atomic_op (written from DPC++'s table).
template <atomic_op Op>
constexpr native::lsc::atomic_op native_op() {
  using L = native::lsc::atomic_op;
  switch (Op) {
    case atomic_op::inc:
      return L::inc;
    case atomic_op::dec:
      return L::dec;
    case atomic_op::load:
      return L::load;
    case atomic_op::store:
      return L::store;
    case atomic_op::add:
      return L::add;
    case atomic_op::sub:
      return L::sub;
    case atomic_op::smin:
      return L::smin;
    case atomic_op::smax:
      return L::smax;
    case atomic_op::umin:
      return L::umin;
    case atomic_op::umax:
      return L::umax;
    case atomic_op::cmpxchg:
      return L::cmpxchg;
    case atomic_op::fadd:
      return L::fadd;
    case atomic_op::fsub:
      return L::fsub;
    case atomic_op::fmin:
      return L::fmin;
    case atomic_op::fmax:
      return L::fmax;
    case atomic_op::fcmpxchg:
      return L::fcmpxchg;
    case atomic_op::bit_and:
      return L::bit_and;
    case atomic_op::bit_or:
      return L::bit_or;
    default:
      return L::bit_xor;
  }
}
template <atomic_op Op>
constexpr int num_args() {
  if (Op == atomic_op::inc || Op == atomic_op::dec || Op == atomic_op::load) return 0;
  if (Op == atomic_op::cmpxchg || Op == atomic_op::fcmpxchg) return 2;
  return 1;
}

/// Form `form` of the LSC atomics on distinct addresses of `buf` (USM) or of SLM (slm = true):
/// old values and memory against the oracle; masked-off lanes point far outside any mapping.
template <atomic_op Op, class T, int N, bool kSlm>
void check_lsc_op(const std::string& name, int form) {
  constexpr bool slm = kSlm;
  constexpr int kArgs = num_args<Op>();
  buffer buf((N + 4) * sizeof(T));
  std::optional<fake_item> it;  // a work-item with SLM only for the SLM forms
  if (slm) std::memcpy(it.emplace(buf.ref.size()).bytes(), buf.ref.data(), buf.ref.size());
  unsigned char* mem = slm ? it->bytes() : buf.data();
  T* p = reinterpret_cast<T*>(buf.data());
  simd<uint32_t, N> off;
  for (int i = 0; i < N; ++i) off.elems()[i] = uint32_t(i) * sizeof(T);
  for (int i = N - 1; i > 0; --i) std::swap(off.elems()[i], off.elems()[rand() % (i + 1)]);
  simd_mask<N> m = form == 0 ? rand_mask<N>() : simd_mask<N>(1);
  simd<uint32_t, N> moff = off;
  for (int i = 0; i < N; ++i)
    if (!m[i]) moff.elems()[i] = 0x7ff00000u;
  simd<T, N> s0, s1;  // oracle order: s0 the new value, s1 the expected one
  for (int i = 0; i < N; ++i) {
    s0.elems()[i] = operand<T>();
    s1.elems()[i] = (rand() & 1) ? elem_at<T>(mem, off[i]) : operand<T>();
  }
  simd<uint32_t, 2 * N> wide = 0;
  wide.template select<N, 2>(1) = moff;
  auto view = wide.template select<N, 2>(1);
  constexpr cache_hint U = cache_hint::uncached, WB = cache_hint::write_back;
  constexpr auto D = xe::lsc_data_size::default_size;
  constexpr auto NOp = native_op<Op>();
  simd<T, N> r;
  if constexpr (kSlm) {
    if constexpr (kArgs == 0) r = xe::lsc_slm_atomic_update<Op, T, N>(moff, m);
    if constexpr (kArgs == 1) r = xe::lsc_slm_atomic_update<Op, T, N, D>(moff, s0, m);
    if constexpr (kArgs == 2) r = xe::lsc_slm_atomic_update<Op, T, N>(moff, s1, s0, m);
  } else if (form == 0 || form == 1) {  // simd offsets; form 1 with cache hints
    if constexpr (kArgs == 0) {
      r = form ? xe::lsc_atomic_update<Op, T, N, D, U, WB>(p, moff, m)
               : xe::lsc_atomic_update<Op, T, N>(p, moff, m);
    } else if constexpr (kArgs == 1) {
      r = form ? xe::lsc_atomic_update<Op, T, N, D, U, U>(p, moff, s0, m)
               : xe::lsc_atomic_update<Op, T, N>(p, moff, s0, m);
    } else {
      r = form ? xe::lsc_atomic_update<Op, T, N, D, U, WB>(p, moff, s1, s0, m)
               : xe::lsc_atomic_update<Op, T, N>(p, moff, s1, s0, m);
    }
  } else if (form == 2) {  // view offsets, default predicate (0-operand ops: native view form)
    if constexpr (kArgs == 0) r = sycl::ext::intel::esimd::atomic_update<NOp, T, N>(p, view);
    if constexpr (kArgs == 1) r = xe::lsc_atomic_update<Op, T, N>(p, view, s0);
    if constexpr (kArgs == 2) r = xe::lsc_atomic_update<Op, T, N>(p, view, s1, s0);
  } else {  // atomic_update<native::lsc::atomic_op>: atomic_update's operand order
    if constexpr (kArgs == 0) r = sycl::ext::intel::esimd::atomic_update<NOp, T, N>(p, moff, m);
    if constexpr (kArgs == 1) r = sycl::ext::intel::esimd::atomic_update<NOp, T, N>(p, moff, s0, m);
    if constexpr (kArgs == 2)
      r = sycl::ext::intel::esimd::atomic_update<NOp, T, N>(p, moff, s0, s1, m);
  }
  const std::string ctx =
      name + " " + what<T, N>() + " form " + std::to_string(form) + (slm ? " slm" : " usm");
  for (int i = 0; i < N; ++i) {
    if (!m[i]) {
      ASSERT_TRUE(same_bits(T(r[i]), T(0))) << ctx << " masked lane " << i;
      continue;
    }
    const T old = elem_at<T>(buf.ref.data(), off[i]);
    ASSERT_TRUE(same_bits(T(r[i]), old)) << ctx << " lane " << i << " old";
    const T now = oracle<Op, T>(old, T(s0[i]), T(s1[i]));
    std::memcpy(buf.ref.data() + off[i], static_cast<const void*>(&now), sizeof(T));
  }
  for (std::size_t b = 0; b < buf.ref.size(); ++b)
    ASSERT_EQ(mem[b], buf.ref[b]) << ctx << " memory byte " << b;
}

template <atomic_op Op, class... Ts>
void check_lsc_types(const std::string& name) {
  (
      [&] {
        // native::lsc::atomic_op has no xchg: form 3 only for the others.
        for (int form = 0; form < (Op == atomic_op::xchg ? 3 : 4); ++form)
          check_lsc_op<Op, Ts, 16, false>(name, form);
        if constexpr (sizeof(Ts) <= 4 && Op != atomic_op::fadd && Op != atomic_op::fsub)
          check_lsc_op<Op, Ts, 8, true>(name, 0);
      }(),
      ...);
}

TEST(LscAtomic, EveryOperationAgainstTheOracle) {
  srand(42);
  check_lsc_types<atomic_op::inc, uint16_t, int32_t, uint64_t>("inc");
  check_lsc_types<atomic_op::dec, int16_t, uint32_t, int64_t>("dec");
  check_lsc_types<atomic_op::load, uint32_t, float, double>("load");
  check_lsc_types<atomic_op::store, int32_t, half, uint64_t>("store");
  check_lsc_types<atomic_op::add, uint16_t, int32_t, int64_t>("add");
  check_lsc_types<atomic_op::sub, uint32_t, int64_t>("sub");
  check_lsc_types<atomic_op::smin, int16_t, int32_t>("smin");
  check_lsc_types<atomic_op::smax, int32_t, int64_t>("smax");
  check_lsc_types<atomic_op::umin, uint32_t, uint64_t>("umin");
  check_lsc_types<atomic_op::umax, uint16_t, uint32_t>("umax");
  check_lsc_types<atomic_op::xchg, uint32_t, int64_t>("xchg");
  check_lsc_types<atomic_op::cmpxchg, uint16_t, int32_t, uint64_t>("cmpxchg");
  check_lsc_types<atomic_op::bit_and, uint32_t>("bit_and");
  check_lsc_types<atomic_op::bit_or, int16_t>("bit_or");
  check_lsc_types<atomic_op::bit_xor, uint64_t>("bit_xor");
  check_lsc_types<atomic_op::fadd, float, half, double>("fadd");
  check_lsc_types<atomic_op::fsub, float, double>("fsub");
  check_lsc_types<atomic_op::fmin, float, half>("fmin");
  check_lsc_types<atomic_op::fmax, float, double>("fmax");
  check_lsc_types<atomic_op::fcmpxchg, float, half, double>("fcmpxchg");
}

TEST(LscAtomic, ScalarOffsetForms) {
  int32_t x[4] = {5, 6, 7, 8};
  auto old = xe::lsc_atomic_update<atomic_op::add, int32_t, 4>(x, 8u, simd<int32_t, 4>(1));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(old[i], 7 + i) << "lanes update one location in order";
  EXPECT_EQ(x[2], 11);
  auto inc = xe::lsc_atomic_update<atomic_op::inc, int32_t, 2>(x, 0u);
  EXPECT_EQ(inc[0], 5);
  EXPECT_EQ(inc[1], 6);
  auto st = xe::lsc_atomic_update<atomic_op::store, int32_t, 1>(x, 12u, simd<int32_t, 1>(42));
  EXPECT_EQ(st[0], 8);
  EXPECT_EQ(x[3], 42);
  // lsc order: expected (6) first, then the new value (9).
  auto cx = xe::lsc_atomic_update<atomic_op::cmpxchg, int32_t, 1>(x, 4u, simd<int32_t, 1>(6),
                                                                  simd<int32_t, 1>(9));
  EXPECT_EQ(cx[0], 6);
  EXPECT_EQ(x[1], 9);
  // native order: new value (3) first, then the expected one (9).
  auto nx = sycl::ext::intel::esimd::atomic_update<native::lsc::atomic_op::cmpxchg, int32_t, 1>(
      x, 4u, simd<int32_t, 1>(3), simd<int32_t, 1>(9));
  EXPECT_EQ(nx[0], 9);
  EXPECT_EQ(x[1], 3);
  auto nl =
      sycl::ext::intel::esimd::atomic_update<native::lsc::atomic_op::load, int32_t, 2>(x, 12u);
  EXPECT_EQ(nl[0], 42);
  EXPECT_EQ(nl[1], 42);
}

// ------------------------------ accessor forms inside kernels
constexpr int kItems = 8, kGroup = 4, kN = 16;

int selector(const sycl::device& d) { return d.is_gpu() ? 100 : -1; }
sycl::queue make_queue() {
  return sycl::queue(selector, [](sycl::exception_list l) {
    for (auto& e : l) std::rethrow_exception(e);
  });
}

TEST(LscAccessor, DeviceAccessorFormsAgainstTheOracle) {
  srand(42);
  std::vector<uint32_t> in(kItems * kN * 2), out(kItems * kN * 2, 7u), cnt(kN, 0u);
  for (auto& v : in) v = static_cast<uint32_t>(rand());
  std::vector<uint32_t> pred(kItems);
  for (auto& v : pred) v = rand() & 1;
  {
    sycl::queue q = make_queue();
    sycl::buffer<uint32_t, 1> bin(in.data(), sycl::range<1>(in.size()));
    sycl::buffer<uint32_t, 1> bout(out.data(), sycl::range<1>(out.size()));
    sycl::buffer<uint32_t, 1> bcnt(cnt.data(), sycl::range<1>(cnt.size()));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor a(bin, cgh, sycl::read_only);
      sycl::accessor b(bout, cgh, sycl::read_write);
      sycl::accessor c(bcnt, cgh, sycl::read_write);
      const bool pr[kItems] = {bool(pred[0]), bool(pred[1]), bool(pred[2]), bool(pred[3]),
                               bool(pred[4]), bool(pred[5]), bool(pred[6]), bool(pred[7])};
      cgh.parallel_for(sycl::range<1>(kItems), [=](sycl::id<1> id) SYCL_ESIMD_KERNEL {
        const uint32_t i = static_cast<uint32_t>(id[0]);
        const uint64_t base = uint64_t(i) * kN * 2 * sizeof(uint32_t);
        const simd<uint32_t, kN> pass(1000, 1);
        // Block: [0, kN) of the item's slice loaded (or pass-thru), doubled, stored at [0, kN).
        simd<uint32_t, kN> v =
            xe::lsc_block_load<uint32_t, kN, xe::lsc_data_size::default_size, cache_hint::cached,
                               cache_hint::cached>(a, base, simd_mask<1>(pr[i]), pass);
        xe::lsc_block_store<uint32_t, kN>(b, base, v * 2);
        // Gather of 2 elements per lane from [kN, 2kN), plus one, scattered back.
        simd<uint32_t, kN / 2> goff(static_cast<uint32_t>(base + kN * 4), 8);
        xe::lsc_prefetch<uint32_t, 2, xe::lsc_data_size::default_size, cache_hint::cached,
                         cache_hint::cached>(a, goff);
        simd<uint32_t, kN> g = xe::lsc_gather<uint32_t, 2>(a, goff);
        xe::lsc_scatter<uint32_t, 2>(b, goff, g + 1);
        // Counters: every item adds 1 and its id to each of the kN counters.
        simd<uint32_t, kN> coff(0, 4);
        xe::lsc_atomic_update<atomic_op::inc, uint32_t, kN>(c, coff, simd_mask<kN>(1));
        xe::lsc_atomic_update<atomic_op::add, uint32_t, kN>(c, coff, simd<uint32_t, kN>(i),
                                                            simd_mask<kN>(1));
        // ... and the native::lsc forms on the accessor: +3, then -3 back with mask all on.
        sycl::ext::intel::esimd::atomic_update<native::lsc::atomic_op::add, uint32_t, kN>(
            c, coff, simd<uint32_t, kN>(3), simd_mask<kN>(1));
        sycl::ext::intel::esimd::atomic_update<native::lsc::atomic_op::sub, uint32_t, kN>(
            c, coff, simd<uint32_t, kN>(3), simd_mask<kN>(1));
        sycl::ext::intel::esimd::atomic_update<native::lsc::atomic_op::inc, uint32_t, kN>(
            c, coff, simd_mask<kN>(1));
        xe::lsc_fence<xe::lsc_memory_kind::untyped_global, xe::lsc_fence_op::none,
                      xe::lsc_scope::gpu>();
      });
    });
    q.wait_and_throw();
  }
  for (int i = 0; i < kItems; ++i) {
    for (int j = 0; j < kN; ++j) {
      const std::size_t k = std::size_t(i) * kN * 2 + j;
      ASSERT_EQ(out[k], pred[i] ? 2 * in[k] : 2 * (1000u + j)) << "block item " << i << " " << j;
      ASSERT_EQ(out[k + kN], in[k + kN] + 1) << "gather/scatter item " << i << " elem " << j;
    }
  }
  for (int j = 0; j < kN; ++j) ASSERT_EQ(cnt[j], 2 * kItems + kItems * (kItems - 1) / 2) << j;
}

TEST(LscAccessor, LocalAccessorFormsAgainstTheOracle) {
  srand(42);
  std::vector<float> in(kItems * kN), out(kItems * kN, -1.0f);
  for (auto& v : in) v = static_cast<float>(rand() % 1000) / 4.0f;
  std::vector<uint32_t> sums(kItems / kGroup, 0u);
  {
    sycl::queue q = make_queue();
    sycl::buffer<float, 1> bin(in.data(), sycl::range<1>(in.size()));
    sycl::buffer<float, 1> bout(out.data(), sycl::range<1>(out.size()));
    sycl::buffer<uint32_t, 1> bsum(sums.data(), sycl::range<1>(sums.size()));
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor a(bin, cgh, sycl::read_only);
      sycl::accessor b(bout, cgh, sycl::write_only);
      sycl::accessor s(bsum, cgh, sycl::read_write);
      sycl::local_accessor<float, 1> lf(sycl::range<1>(kGroup * kN), cgh);
      sycl::local_accessor<uint32_t, 1> lc(sycl::range<1>(4), cgh);
      cgh.parallel_for(
          sycl::nd_range<1>(kItems, kGroup), [=](sycl::nd_item<1> ndi) SYCL_ESIMD_KERNEL {
            const uint32_t g = static_cast<uint32_t>(ndi.get_global_id(0));
            const uint32_t l = static_cast<uint32_t>(ndi.get_local_id(0));
            if (l == 0) xe::lsc_block_store<uint32_t, 4>(lc, 0, simd<uint32_t, 4>(0));
            sycl::ext::intel::esimd::barrier();
            // Each item stores its row to the local accessor, reversed halves via a scatter.
            simd<float, kN> row = xe::lsc_block_load<float, kN>(a, uint64_t(g) * kN * 4);
            xe::lsc_block_store<float, kN>(lf, l * kN * 4, row);
            sycl::ext::intel::esimd::barrier();
            // Read the next item's row (in the group) by gather, 2 elements per lane.
            const uint32_t nb = ((l + 1) % kGroup) * kN * 4;
            simd<uint32_t, kN / 2> off(nb, 8);
            simd<float, kN> nxt = xe::lsc_gather<float, 2>(lf, off);
            simd<float, kN> blk = xe::lsc_block_load<float, kN>(lf, nb, simd_mask<1>(1));
            sycl::ext::intel::esimd::barrier();
            xe::lsc_scatter<float, 2>(lf, off, nxt + blk);  // each lane owns distinct addresses
            xe::lsc_atomic_update<atomic_op::add, uint32_t, 1>(
                lc, simd<uint32_t, 1>(0), simd<uint32_t, 1>(g), simd_mask<1>(1));
            sycl::ext::intel::esimd::atomic_update<native::lsc::atomic_op::add, uint32_t, 1>(
                lc, simd<uint32_t, 1>(0), simd<uint32_t, 1>(g), simd_mask<1>(1));
            // The scalar-offset form: every lane at byte 0 (lanes 1.. masked off).
            simd_mask<2> first = 0;
            first[0] = 1;
            sycl::ext::intel::esimd::atomic_update<native::lsc::atomic_op::add, uint32_t, 2>(
                lc, 0u, simd<uint32_t, 2>(g), first);
            xe::lsc_fence<xe::lsc_memory_kind::shared_local>();
            sycl::ext::intel::esimd::barrier();
            simd<float, kN> res = xe::lsc_block_load<float, kN>(lf, l * kN * 4);
            xe::lsc_block_store<float, kN>(b, uint64_t(g) * kN * 4, res);
            if (l == 0) {
              simd<uint32_t, 1> t = xe::lsc_atomic_update<atomic_op::load, uint32_t, 1>(
                  lc, simd<uint32_t, 1>(0), simd_mask<1>(1));
              xe::lsc_scatter<uint32_t, 1>(
                  s, simd<uint32_t, 1>(static_cast<uint32_t>(ndi.get_group(0) * 4)), t);
            }
          });
    });
    q.wait_and_throw();
  }
  // Item l's row after the scatter by item (l - 1): the row of item l, element-major layout of
  // two elements per lane: element 2i+e of the row is [e*kN/2 + i] of the gathered vector.
  for (int g = 0; g < kItems; ++g) {
    const int grp = g / kGroup, l = g % kGroup;
    const int nb = grp * kGroup + (l + 1) % kGroup;  // item whose row item g gathered
    for (int e = 0; e < kN; ++e) {
      const int lane = e / 2, j = e % 2;
      // gathered vector [j*kN/2 + lane] = row[2*lane + j]; block vector [j*kN/2 + lane] =
      // row[j*kN/2 + lane]; their sum is written back to row[2*lane + j] of item nb's slot.
      const float expect = in[nb * kN + e] + in[nb * kN + j * kN / 2 + lane];
      ASSERT_EQ(out[nb * kN + e], expect) << "item " << nb << " elem " << e;
    }
  }
  for (int grp = 0; grp < kItems / kGroup; ++grp) {
    uint32_t want = 0;
    for (int l = 0; l < kGroup; ++l) want += grp * kGroup + l;
    ASSERT_EQ(sums[grp], 3 * want) << "group " << grp;  // lsc, native, native scalar-offset
  }
}

}  // namespace
