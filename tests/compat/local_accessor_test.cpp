// local_accessor through the DPC++ headers: work-group reductions with barriers (SYCL subscripts
// and ESIMD slm_* on get_pointer()'s offset), several accessors laid out side by side,
// multi-dimensional local accessors, the SYCL 1.2.1 target::local spelling, and the errors a
// misuse raises (range launch, too much local memory, use outside a kernel).
#include <gtest/gtest.h>

#include <sycl/ext/intel/esimd.hpp>
#include <sycl/sycl.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

using namespace sycl;
namespace esimd = sycl::ext::intel::esimd;

TEST(LocalAccessor, WorkGroupReductionWithBarriers) {
  std::srand(42);
  constexpr std::size_t kGroups = 6, kLocal = 16;
  std::vector<int> in(kGroups * kLocal), sums(kGroups, 0);
  for (int& x : in) x = std::rand() % 100;
  {
    queue q;
    buffer<int, 1> bin(in.data(), range<1>(in.size()));
    buffer<int, 1> bsum(sums.data(), range<1>(kGroups));
    q.submit([&](handler& cgh) {
      accessor a(bin, cgh, read_only);
      accessor s(bsum, cgh, write_only);
      local_accessor<int, 1> scratch(range<1>(kLocal), cgh);
      cgh.parallel_for<class TreeSum>(nd_range<1>(range<1>(kGroups * kLocal), range<1>(kLocal)),
                                      [=](nd_item<1> it) {
                                        const std::size_t l = it.get_local_id(0);
                                        scratch[l] = a[it.get_global_id(0)];
                                        for (std::size_t w = kLocal / 2; w > 0; w /= 2) {
                                          group_barrier(it.get_group());
                                          if (l < w) scratch[l] += scratch[l + w];
                                        }
                                        if (l == 0) s[it.get_group(0)] = scratch[0];
                                      });
    });
  }
  for (std::size_t g = 0; g < kGroups; ++g) {
    int expect = 0;
    for (std::size_t l = 0; l < kLocal; ++l) expect += in[g * kLocal + l];
    EXPECT_EQ(sums[g], expect) << g;
  }
}

TEST(LocalAccessor, EsimdSlmThroughGetPointerOffsetAndSeveralAccessors) {
  constexpr int VL = 8, kLocal = 4, kGroups = 3;
  std::vector<float> out(kGroups * kLocal * VL, 0.0f);
  std::vector<std::uint32_t> offsets(3 * kGroups * kLocal, 0);
  {
    queue q;
    buffer<float, 1> bout(out.data(), range<1>(out.size()));
    buffer<std::uint32_t, 1> boff(offsets.data(), range<1>(offsets.size()));
    q.submit([&](handler& cgh) {
      accessor o(bout, cgh, write_only);
      accessor off(boff, cgh, write_only);
      local_accessor<char, 1> pad(range<1>(3), cgh);
      local_accessor<float, 1> vals(range<1>(kLocal * VL), cgh);
      local_accessor<double, 2> grid(range<2>(2, 3), cgh);
      cgh.parallel_for(nd_range<1>(kGroups * kLocal, kLocal), [=](nd_item<1> it) SYCL_ESIMD_KERNEL {
        const std::uint32_t lid = static_cast<std::uint32_t>(it.get_local_id(0));
        const std::size_t gid = it.get_global_id(0);
        const auto base =
            static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(vals.get_pointer()));
        esimd::simd<float, VL> v(static_cast<float>(gid * 10), 1.0f);
        esimd::slm_block_store<float, VL>(base + lid * VL * sizeof(float), v);
        if (lid == 0) grid[1][2] = 2.5;
        it.barrier(access::fence_space::local_space);
        const std::uint32_t next = (lid + 1) % kLocal;
        esimd::simd<float, VL> w =
            esimd::slm_block_load<float, VL>(base + next * VL * sizeof(float));
        w += static_cast<float>(grid[1][2]);
        w.copy_to(o, gid * VL * sizeof(float));
        off[3 * gid] =
            static_cast<std::uint32_t>(reinterpret_cast<std::uintptr_t>(pad.get_pointer()));
        off[3 * gid + 1] = base;
        off[3 * gid + 2] = esimd::scalar_load<std::uint32_t>(grid, 0) == 0xCDCDCDCDu;
      });
    });
  }
  for (int g = 0; g < kGroups * kLocal; ++g) {
    const int src = (g / kLocal) * kLocal + (g % kLocal + 1) % kLocal;
    for (int j = 0; j < VL; ++j) ASSERT_EQ(out[g * VL + j], src * 10 + j + 2.5f) << g;
    EXPECT_EQ(offsets[3 * g], 0u) << "the first local accessor starts at SLM offset 0";
    EXPECT_EQ(offsets[3 * g + 1], 16u) << "accessors are laid out in order, 16-byte aligned";
    EXPECT_EQ(offsets[3 * g + 2], 1u) << "unwritten local memory reads as 0xCD (uninitialised)";
  }
}

TEST(LocalAccessor, Sycl121TargetLocalSpellingAndIterators) {
  std::vector<int> out(8, 0);
  {
    queue q;
    buffer<int, 1> b(out.data(), range<1>(8));
    q.submit([&](handler& cgh) {
      accessor<int, 1, access::mode::read_write, access::target::local> tmp(range<1>(8), cgh);
      auto o = b.get_access<access::mode::write>(cgh);
      cgh.parallel_for(nd_range<1>(range<1>(8), range<1>(8)), [=](nd_item<1> it) {
        tmp[it.get_local_id(0)] = static_cast<int>(it.get_local_id(0)) + 1;
        it.barrier();
        int total = 0;
        for (int x : tmp) total += x;
        o[it.get_global_id(0)] = total;
      });
    });
  }
  for (int x : out) EXPECT_EQ(x, 36);
}

TEST(LocalAccessor, MisuseIsReported) {
  queue q;
  buffer<int, 1> b{range<1>(4)};
  try {
    q.submit([&](handler& cgh) {
      local_accessor<int, 1> l(range<1>(4), cgh);
      cgh.parallel_for(range<1>(4), [=](id<1> i) { l[i] = 1; });
    });
    FAIL() << "a local accessor in a range kernel must be rejected";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), errc::kernel_argument);
  }
  const auto limit = q.get_device().get_info<info::device::local_mem_size>();
  try {
    q.submit([&](handler& cgh) {
      local_accessor<char, 1> l(range<1>(limit + 1), cgh);
      cgh.parallel_for(nd_range<1>(4, 4), [=](nd_item<1>) { (void)l; });
    });
    FAIL() << "local memory above local_mem_size must be rejected";
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), errc::memory_allocation);
    EXPECT_NE(std::string(e.what()).find("local_mem_size"), std::string::npos) << e.what();
  }
  std::vector<std::string> async;
  queue q2([&](exception_list l) {
    for (auto& e : l) try {
        std::rethrow_exception(e);
      } catch (const sycl::exception& x) {
        async.push_back(x.what());
      }
  });
  q2.submit([&](handler& cgh) {
    local_accessor<int, 1> l(range<1>(4), cgh);
    cgh.parallel_for(nd_range<1>(4, 4), [=](nd_item<1> it) SYCL_ESIMD_KERNEL {
      esimd::slm_init<1024>();
      l[it.get_local_id(0)] = 1;
    });
  });
  q2.wait_and_throw();
  ASSERT_EQ(async.size(), 1u);
  EXPECT_NE(async[0].find("slm_init / slm_allocator used in a kernel with local accessors"),
            std::string::npos)
      << async[0];
  local_accessor<int, 1> outside;
  q.submit([&](handler& cgh) { outside = local_accessor<int, 1>(range<1>(4), cgh); });
  EXPECT_THROW(outside[0] = 1, sycl::exception);
}
