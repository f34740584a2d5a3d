// The accessor overloads of the ESIMD memory functions, through the DPC++ headers: block_load /
// block_store (acc-bl-1..6, acc-bs-1..4, legacy flag form, lacc forms), gather / scatter (VS 1
// and 2, masks, pass-thru, simd_view offsets, legacy global offset, broadcast; lacc forms),
// atomic_update (acc and lacc, 0/1/2 operands), prefetch, simd(acc, off), copy_from / copy_to (acc
// and lacc, flags and properties), scalar_load / scalar_store. Each is checked against a scalar
// oracle on random data (srand(42)).
#include <gtest/gtest.h>

#include <sycl/ext/intel/esimd.hpp>
#include <sycl/sycl.hpp>

#include <cstdlib>
#include <numeric>
#include <vector>

using namespace sycl;
using namespace sycl::ext::intel::esimd;

namespace {

constexpr int kItems = 8;  // work-items (and work-groups of kGroup items for SLM tests)
constexpr int kGroup = 4;

int selector(const device& d) { return d.is_gpu() ? 100 : -1; }

queue make_queue() {
  return queue(selector, [](exception_list l) {
    for (auto& e : l) std::rethrow_exception(e);
  });
}

template <class T>
std::vector<T> random_values(std::size_t n) {
  std::vector<T> v(n);
  for (T& x : v) x = static_cast<T>(std::rand() % 2000 - 1000);
  return v;
}

// Runs body(in, out, i) for i in [0, kItems) with in: read accessor of `in`, out: write
// accessor of an output buffer; returns the output.
template <class T, class Body>
std::vector<T> run_rw(const std::vector<T>& in, std::size_t out_size, Body body) {
  std::vector<T> out(out_size, T(-7));
  {
    queue q = make_queue();
    buffer<T, 1> bin(in.data(), range<1>(in.size()));
    buffer<T, 1> bout(out.data(), range<1>(out.size()));
    q.submit([&](handler& cgh) {
      accessor a(bin, cgh, read_only);
      accessor b(bout, cgh, read_write);
      cgh.parallel_for(range<1>(kItems), [=](id<1> i) SYCL_ESIMD_KERNEL { body(a, b, i[0]); });
    });
    q.wait_and_throw();
  }
  return out;
}

}  // namespace

// ------------------------------ block_load / block_store on device accessors
TEST(EsimdAccessor, BlockLoadStoreDeviceAccessorForms) {
  std::srand(42);
  constexpr int N = 16;
  const auto in = random_values<int>(kItems * N);
  for (int form = 0; form < 7; ++form) {
    auto out = run_rw<int>(in, kItems * N, [=](auto a, auto b, std::size_t i) {
      const std::uint32_t off = static_cast<std::uint32_t>(i * N * sizeof(int));
      const simd_mask<1> on = 1, off_mask = 0;
      const simd<int, N> pass(-1, 0);
      simd<int, N> v;
      switch (form) {
        case 0:
          v = block_load<int, N>(a, off);
          break;  // acc-bl-1
        case 1:
          v = block_load<int, N>(a, off, properties{alignment<16>});
          break;  // acc-bl-1
        case 2:
          v = block_load<int, N>(a, off, i % 2 ? on : off_mask, pass);
          break;  // acc-bl-3
        case 3:
          v = block_load<int, N>(a, off, on);
          break;  // acc-bl-4
        case 4:
          v = i == 0 ? block_load<int, N>(a) : block_load<int, N>(a, off);
          break;  // acc-bl-2
        case 5:
          v = block_load<int, N>(a, off, vector_aligned);
          break;  // legacy
        case 6:
          v = i == 0 ? block_load<int, N>(a, on, pass) : block_load<int, N>(a, off, on);
          break;
      }
      if (form % 2)
        block_store(b, off, v * 2);  // acc-bs-1, T and N deduced
      else if (i == 0)
        block_store<int, N>(b, v * 2, simd_mask<1>(1));  // acc-bs-4
      else
        block_store<int, N>(b, off, v * 2, simd_mask<1>(1), properties{alignment<4>});  // acc-bs-3
    });
    for (int i = 0; i < kItems; ++i)
      for (int j = 0; j < N; ++j) {
        const int k = i * N + j;
        const int expect = (form == 2 && i % 2 == 0) ? -2 : 2 * in[k];
        ASSERT_EQ(out[k], expect) << "form " << form << " item " << i << " lane " << j;
      }
  }
}

TEST(EsimdAccessor, ScalarLoadStoreAndSimdAccessorMembers) {
  std::srand(42);
  constexpr int N = 8;
  const auto in = random_values<float>(kItems * N);
  auto out = run_rw<float>(in, kItems * N, [=](auto a, auto b, std::size_t i) {
    const std::uint64_t off = i * N * sizeof(float);
    simd<float, N> v(a, off);  // simd(acc, offset)
    simd<float, N> w;
    w.copy_from(a, off, overaligned<32>);  // copy_from(acc, offset, flags)
    simd<float, N> x;
    x.copy_from(a, off, properties{alignment<4>});  // copy_from(acc, offset, props)
    const properties hints{cache_hint_L1<cache_hint::cached>, cache_hint_L2<cache_hint::cached>};
    prefetch<float, N>(a, simd<std::uint32_t, N>(off, 4), hints);      // acc-pf-4
    prefetch<float, N>(a, off, hints);                                 // acc-pf-8
    simd<float, N> y = block_load<float, N>(a.get_pointer() + i * N);  // via get_pointer()
    (v + w + x + y).copy_to(b, off);                                   // copy_to(acc, offset)
    const float first = scalar_load<float>(a, off);                    // scalar_load(acc, offset)
    scalar_store<float>(b, off + 4, first * 10.0f);  // scalar_store(acc, offset, value)
  });
  for (int i = 0; i < kItems; ++i)
    for (int j = 0; j < N; ++j) {
      const int k = i * N + j;
      const float expect = j == 1 ? in[i * N] * 10.0f : 4.0f * in[k];
      ASSERT_EQ(out[k], expect) << k;
    }
}

// ------------------------------ gather / scatter on device accessors
TEST(EsimdAccessor, GatherScatterDeviceAccessorForms) {
  std::srand(42);
  constexpr int N = 16;
  const auto in = random_values<int>(kItems * N);
  std::vector<std::uint32_t> perm(N);
  std::iota(perm.begin(), perm.end(), 0u);
  for (int k = N - 1; k > 0; --k) std::swap(perm[k], perm[std::rand() % (k + 1)]);
  simd<std::uint32_t, N> p;
  for (int j = 0; j < N; ++j) p[j] = perm[j];
  // VS = 2 reads pairs: even element indices, so every pair stays inside the item's row.
  std::vector<std::uint32_t> pairs;
  for (std::uint32_t x : perm)
    if (x % 2 == 0) pairs.push_back(x);
  simd<std::uint32_t, N> p2(0);
  for (int j = 0; j < N / 2; ++j) p2[j] = pairs[j];
  for (int form = 0; form < 7; ++form) {
    auto out = run_rw<int>(in, kItems * N, [=](auto a, auto b, std::size_t i) {
      const std::uint32_t base = static_cast<std::uint32_t>(i * N * sizeof(int));
      simd<std::uint32_t, N> offs = p * sizeof(int) + base;
      simd<std::uint32_t, N> offs2 = p2 * sizeof(int) + base;
      simd_mask<N> even;
      for (int j = 0; j < N; ++j) even[j] = (j % 2) == 0;
      simd<int, N> v;
      switch (form) {
        case 0:
          v = gather<int, N>(a, offs);
          break;  // acc-ga-6
        case 1:
          v = gather<int, N>(a, offs, even, simd<int, N>(-3));
          break;  // acc-ga-4
        case 2:
          v = gather<int, N>(a, p * sizeof(int), base);
          break;  // legacy glob
        case 3:
          v = gather<int, N>(a, offs.template select<N, 1>(0));
          break;  // acc-ga-9
        case 4:
          v = gather<int, N, 2>(a, offs2.template select<N / 2, 1>(0));
          break;  // VS = 2
        case 5:
          v = gather<int, N>(a, base);
          break;  // broadcast
        case 6:
          v = gather<int, N>(a, offs, even, properties{alignment<4>});
          break;  // acc-ga-5
      }
      simd<std::uint32_t, N> linear(base, sizeof(int));
      if (form == 6)
        scatter(b, linear, v, even);  // acc-sc-1, T/N deduced
      else if (form % 2)
        scatter<int, N>(b, linear - base, v, base);  // legacy glob_offset
      else
        scatter<int, N>(b, linear, v);  // acc-sc-2
    });
    for (int i = 0; i < kItems; ++i)
      for (int j = 0; j < N; ++j) {
        const int k = i * N + j;
        int expect = in[i * N + perm[j]];
        if (form == 1 && j % 2) expect = -3;
        if (form == 4) expect = in[i * N + pairs[j % (N / 2)] + j / (N / 2)];
        if (form == 5) expect = in[i * N];
        if (form == 6 && j % 2) expect = -7;  // masked-off lanes are not written
        ASSERT_EQ(out[k], expect) << "form " << form << " item " << i << " lane " << j;
      }
  }
}

// ------------------------------ atomic_update on device accessors
TEST(EsimdAccessor, AtomicUpdateDeviceAccessor) {
  constexpr int N = 8;
  std::vector<std::uint32_t> counters(N, 0);
  std::vector<float> sums(N, 0.0f);
  std::vector<int> swapped(N, 5);
  {
    queue q = make_queue();
    buffer<std::uint32_t, 1> bc(counters.data(), range<1>(N));
    buffer<float, 1> bs(sums.data(), range<1>(N));
    buffer<int, 1> bx(swapped.data(), range<1>(N));
    q.submit([&](handler& cgh) {
      accessor c(bc, cgh, read_write);
      accessor s(bs, cgh, read_write);
      accessor x(bx, cgh, read_write);
      cgh.parallel_for(range<1>(64), [=](id<1> i) SYCL_ESIMD_KERNEL {
        simd<std::uint32_t, N> offs(0, sizeof(std::uint32_t));
        atomic_update<atomic_op::inc, std::uint32_t, N>(c, offs);  // acc-au0
        atomic_update<atomic_op::add, std::uint32_t, N>(c, offs, simd<std::uint32_t, N>(2),
                                                        simd_mask<N>(1));  // acc-au1
        atomic_update<atomic_op::fadd, float, N>(s, offs.template select<N, 1>(0),
                                                 simd<float, N>(0.5f));  // view
        atomic_update<atomic_op::cmpxchg, int, N>(x, offs, simd<int, N>(static_cast<int>(i[0])),
                                                  simd<int, N>(5));  // acc-au2
      });
    });
  }
  for (int j = 0; j < N; ++j) {
    EXPECT_EQ(counters[j], 64u * 3u);
    EXPECT_EQ(sums[j], 32.0f);
    EXPECT_TRUE(swapped[j] >= 0 && swapped[j] < 64) << "exactly one cmpxchg wins: " << swapped[j];
  }
}

// One scalar byte offset for every lane (DPC++'s scalar-offset variants): 0, 1 and 2 operands.
TEST(EsimdAccessor, AtomicUpdateDeviceAccessorScalarOffset) {
  constexpr int N = 4;
  std::vector<std::uint32_t> cells(3, 0);
  cells[2] = 7;
  {
    queue q = make_queue();
    buffer<std::uint32_t, 1> b(cells.data(), range<1>(3));
    q.submit([&](handler& cgh) {
      accessor a(b, cgh, read_write);
      cgh.parallel_for(range<1>(16), [=](id<1>) SYCL_ESIMD_KERNEL {
        atomic_update<atomic_op::inc, std::uint32_t, N>(a, 0u, simd_mask<N>(1));
        simd_mask<N> two_lanes = 0;
        two_lanes[1] = two_lanes[3] = 1;
        atomic_update<atomic_op::add, std::uint32_t, N>(a, 4, simd<std::uint32_t, N>(3),
                                                        two_lanes);
        // Only lane 0's compare can succeed on a given value; 7 -> 8 -> ... each lane adds one.
        simd<std::uint32_t, 1> old = atomic_update<atomic_op::load, std::uint32_t, 1>(
            a, 8u, simd_mask<1>(1));
        atomic_update<atomic_op::cmpxchg, std::uint32_t, 1>(a, std::uint64_t{8},
                                                            simd<std::uint32_t, 1>(old[0] + 1),
                                                            old, simd_mask<1>(1));
      });
    });
  }
  EXPECT_EQ(cells[0], 16u * N);     // every lane of every item
  EXPECT_EQ(cells[1], 16u * 2 * 3);  // the two enabled lanes
  EXPECT_GE(cells[2], 8u);          // at least one compare-exchange won
  EXPECT_LE(cells[2], 7u + 16u);
}

// Local accessor atomics at one scalar offset (Intel's local_accessor_atomic_smoke_scalar_off).
TEST(EsimdAccessor, LocalAccessorAtomicScalarOffset) {
  constexpr int N = 4;
  std::vector<std::uint32_t> out(kItems / kGroup * 4, 0);
  {
    queue q = make_queue();
    buffer<std::uint32_t, 1> bout(out.data(), range<1>(out.size()));
    q.submit([&](handler& cgh) {
      accessor o(bout, cgh, write_only);
      local_accessor<std::uint32_t, 1> cells(4, cgh);
      cgh.parallel_for(nd_range<1>(kItems, kGroup), [=](nd_item<1> it) SYCL_ESIMD_KERNEL {
        if (it.get_local_id(0) == 0)
          block_store<std::uint32_t, 4>(cells, 0, simd<std::uint32_t, 4>(0));
        barrier();
        atomic_update<atomic_op::inc, std::uint32_t, N>(cells, 0u);
        simd_mask<N> odd = 0;
        odd[1] = odd[3] = 1;
        atomic_update<atomic_op::add, std::uint32_t, N>(cells, 4, simd<std::uint32_t, N>(5), odd);
        atomic_update<atomic_op::cmpxchg, std::uint32_t, 1>(
            cells, 8u, simd<std::uint32_t, 1>(it.get_local_id(0) + 1), simd<std::uint32_t, 1>(0));
        atomic_update<atomic_op::store, std::uint32_t, 1>(cells, 12, simd<std::uint32_t, 1>(9));
        barrier();
        if (it.get_local_id(0) == 0)
          block_store(o, it.get_group(0) * 16, block_load<std::uint32_t, 4>(cells, 0));
      });
    });
  }
  for (int g = 0; g < kItems / kGroup; ++g) {
    EXPECT_EQ(out[g * 4 + 0], std::uint32_t(kGroup * N)) << g;
    EXPECT_EQ(out[g * 4 + 1], std::uint32_t(kGroup * 2 * 5)) << g;
    EXPECT_GE(out[g * 4 + 2], 1u) << g;  // exactly one item's compare-exchange won
    EXPECT_LE(out[g * 4 + 2], std::uint32_t(kGroup)) << g;
    EXPECT_EQ(out[g * 4 + 3], 9u) << g;
  }
}

// ------------------------------ local accessors (SLM)
TEST(EsimdAccessor, LocalAccessorBlockGatherAtomicAndCopy) {
  std::srand(42);
  constexpr int N = 8;
  const auto in = random_values<int>(kItems * N);
  std::vector<int> out(kItems * N * 4, 0);
  {
    queue q = make_queue();
    buffer<int, 1> bin(in.data(), range<1>(in.size()));
    buffer<int, 1> bout(out.data(), range<1>(out.size()));
    q.submit([&](handler& cgh) {
      accessor a(bin, cgh, read_only);
      accessor o(bout, cgh, write_only);
      local_accessor<int, 1> slm(kGroup * N, cgh);
      local_accessor<std::uint32_t, 1> counts(N, cgh);
      cgh.parallel_for(nd_range<1>(kItems, kGroup), [=](nd_item<1> it) SYCL_ESIMD_KERNEL {
        const std::uint32_t lid = static_cast<std::uint32_t>(it.get_local_id(0));
        const std::uint32_t gid = static_cast<std::uint32_t>(it.get_global_id(0));
        if (lid == 0)
          block_store<std::uint32_t, N>(counts, simd<std::uint32_t, N>(0));  // lacc-bs-2
        simd<int, N> v(a, gid * N * sizeof(int));
        if (lid % 2)
          block_store(slm, lid * N * sizeof(int), v);  // lacc-bs-1
        else
          v.copy_to(slm, lid * N * sizeof(int));  // copy_to(lacc)
        barrier();
        atomic_update<atomic_op::add, std::uint32_t, N>(
            counts, simd<std::uint32_t, N>(0, 4), simd<std::uint32_t, N>(lid + 1));  // lacc-au1
        const std::uint32_t next = (lid + 1) % kGroup;
        simd<int, N> r1 = block_load<int, N>(slm, next * N * sizeof(int));  // lacc-bl-1
        simd<int, N> r2;
        r2.copy_from(slm, next * N * sizeof(int));  // copy_from(lacc)
        simd<std::uint32_t, N> offs(next * N * sizeof(int), sizeof(int));
        simd<int, N> r3 = gather<int, N>(slm, offs);  // lacc-ga-6
        simd<int, N> r4 = gather<int, N>(slm, offs - next * N * sizeof(int),
                                         static_cast<std::uint32_t>(next * N * sizeof(int)));
        barrier();
        simd<int, N> c = block_load<std::uint32_t, N>(counts, simd_mask<1>(1));  // lacc-bl-4
        const std::uint32_t dst = gid * 4 * N * sizeof(int);
        block_store(o, dst, r1);
        block_store(o, dst + N * sizeof(int), r2 + r3);
        scatter(o, simd<std::uint32_t, N>(dst + 2 * N * sizeof(int), sizeof(int)), r4);
        block_store(o, dst + 3 * N * sizeof(int), c);
      });
    });
  }
  for (int g = 0; g < kItems; ++g) {
    const int group = g / kGroup, lid = g % kGroup;
    const int src = group * kGroup + (lid + 1) % kGroup;
    for (int j = 0; j < N; ++j) {
      ASSERT_EQ(out[g * 4 * N + j], in[src * N + j]) << g;
      ASSERT_EQ(out[g * 4 * N + N + j], 2 * in[src * N + j]) << g;
      ASSERT_EQ(out[g * 4 * N + 2 * N + j], in[src * N + j]) << g;
      ASSERT_EQ(out[g * 4 * N + 3 * N + j], 1 + 2 + 3 + 4) << g;
    }
  }
}

// ------------------------------ copy_from / copy_to with properties (DPC++'s current forms)
// USM: copy_from(ptr, props), copy_to(ptr[, props]), copy_to<ChunkSize>(ptr[, props]),
// simd(ptr, props); accessors: copy_to<AccessorT, ChunkSize>(acc, off[, props]) and
// copy_from<AccessorT, ChunkSize>(lacc, off[, props]). Odd lengths at element-aligned offsets.
TEST(EsimdAccessor, CopyToCopyFromPropertyForms) {
  std::srand(42);
  constexpr int N = 3;  // 3 x int8: offsets N * i are element-aligned only
  constexpr int kTotal = kItems * N;
  queue q = make_queue();
  std::int8_t* in = malloc_shared<std::int8_t>(kTotal, q);
  std::int8_t* out = malloc_shared<std::int8_t>(4 * kTotal, q);
  for (int i = 0; i < kTotal; ++i) in[i] = static_cast<std::int8_t>(std::rand() % 200 - 100);
  std::fill(out, out + 4 * kTotal, std::int8_t(0));
  std::vector<std::int8_t> acc_out(kTotal, 0), lacc_out(kTotal, 0);
  {
    buffer<std::int8_t, 1> bacc(acc_out.data(), range<1>(kTotal));
    buffer<std::int8_t, 1> blacc(lacc_out.data(), range<1>(kTotal));
    q.submit([&](handler& cgh) {
      accessor a(bacc, cgh, read_write);
      accessor la(blacc, cgh, write_only);
      local_accessor<std::int8_t, 1> slm(kGroup * N, cgh);
      cgh.parallel_for(nd_range<1>(kItems, kGroup), [=](nd_item<1> it) SYCL_ESIMD_KERNEL {
        const std::uint32_t gid = static_cast<std::uint32_t>(it.get_global_id(0));
        const std::uint32_t lid = static_cast<std::uint32_t>(it.get_local_id(0));
        constexpr auto kProps = properties{alignment<1>, cache_hint_L1<cache_hint::cached>};
        simd<std::int8_t, N> v;
        v.copy_from(in + gid * N, properties{alignment<1>});
        v.copy_to(out + gid * N);
        simd<std::int8_t, N> w(in + gid * N, kProps);
        simd<std::int8_t, N>(w + 1).template copy_to<2>(out + kTotal + gid * N, kProps);
        simd<std::int8_t, N>(w + 2).template copy_to<16>(out + 2 * kTotal + gid * N);
        simd<std::int8_t, N> x;
        x.template copy_from<2>(in + gid * N);
        x.copy_to(out + 3 * kTotal + gid * N, properties{alignment<1>});
        simd<std::int8_t, N>(v * 2).template copy_to<decltype(a), 2>(a, gid * N,
                                                                     properties{alignment<1>});
        v.copy_to(slm, lid * N);
        barrier();
        simd<std::int8_t, N> s;
        s.template copy_from<decltype(slm), 2>(slm, ((lid + 1) % kGroup) * N,
                                               properties{alignment<1>});
        s.template copy_to<decltype(la), 16>(la, gid * N);
      });
    });
    q.wait_and_throw();
  }
  int bad = 0;
  for (int i = 0; i < kTotal; ++i) {
    const int item = i / N, group0 = item / kGroup * kGroup;
    const int next = group0 + (item - group0 + 1) % kGroup;
    bad += out[i] != in[i];
    bad += out[kTotal + i] != static_cast<std::int8_t>(in[i] + 1);
    bad += out[2 * kTotal + i] != static_cast<std::int8_t>(in[i] + 2);
    bad += out[3 * kTotal + i] != in[i];
    bad += acc_out[i] != static_cast<std::int8_t>(in[i] * 2);
    bad += lacc_out[i] != in[next * N + i % N];
  }
  EXPECT_EQ(bad, 0);
  free(in, q);
  free(out, q);
}

// sycl::ext::intel::esimd::info::device::has_2d_block_io_support follows the model; with both
// using-directives an unqualified info::device::name still names one namespace.
TEST(EsimdAccessor, Has2dBlockIoSupportDescriptor) {
  queue q = make_queue();
  const bool has =
      q.get_device().get_info<ext::intel::esimd::info::device::has_2d_block_io_support>();
  const auto arch =
      q.get_device().get_info<ext::oneapi::experimental::info::device::architecture>();
  const bool dg2 = arch == ext::oneapi::experimental::architecture::intel_gpu_dg2_g10;
  EXPECT_EQ(has, !dg2 && arch != ext::oneapi::experimental::architecture::intel_gpu_mtl_h);
  EXPECT_FALSE(q.get_device().get_info<info::device::name>().empty());
}
