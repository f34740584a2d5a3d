// SYCL 2020 specialization constants in ESIMD kernels: specialization_id at namespace scope,
// handler::set/get_specialization_constant, and kernels taking a kernel_handler after their index
// (range, nd_range, single_task; id / item / nd_item), values per command group, defaults when
// unset, a struct-valued constant, and the kernel name of a wrapped kernel.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;

namespace {

struct scale_pair {
  float mul;
  std::int32_t add;
};

constexpr sycl::specialization_id<int> width_id(16);
constexpr sycl::specialization_id<float> scale_id(1.5f);
constexpr sycl::specialization_id<bool> flag_id(false);
constexpr sycl::specialization_id<scale_pair> pair_id(scale_pair{2.0f, -3});

class named_spec_kernel;

TEST(SpecConstants, RangeKernelReadsTheCommandGroupsValue) {
  sycl::queue q;
  constexpr int N = 32;
  float* out = sycl::malloc_shared<float>(N, q);
  for (float scale : {0.25f, 3.0f}) {
    q.submit([&](sycl::handler& h) {
       h.set_specialization_constant<scale_id>(scale);
       EXPECT_EQ(h.get_specialization_constant<scale_id>(), scale);
       EXPECT_EQ(h.get_specialization_constant<width_id>(), 16);  // unset: the default
       h.parallel_for(sycl::range<1>(N / 16),
                      [=](sycl::id<1> i, sycl::kernel_handler kh) SYCL_ESIMD_KERNEL {
                        const float s = kh.get_specialization_constant<scale_id>();
                        simd<float, 16> v(float(i[0] * 16), 1.0f);
                        block_store(out + i[0] * 16, v * s);
                      });
     }).wait();
    for (int i = 0; i < N; ++i) ASSERT_EQ(out[i], float(i) * scale) << i;
  }
  sycl::free(out, q);
}

TEST(SpecConstants, DefaultsWhenUnsetAndStructValues) {
  sycl::queue q;
  std::vector<std::int32_t> res(4, 0);
  {
    sycl::buffer<std::int32_t, 1> buf(res.data(), sycl::range<1>(4));
    q.submit([&](sycl::handler& h) {
      auto acc = buf.get_access<sycl::access::mode::write>(h);
      h.single_task([=](sycl::kernel_handler kh) SYCL_ESIMD_KERNEL {
        const scale_pair p = kh.get_specialization_constant<pair_id>();
        simd<std::int32_t, 4> v;
        v[0] = kh.get_specialization_constant<width_id>();
        v[1] = kh.get_specialization_constant<flag_id>() ? 1 : 0;
        v[2] = std::int32_t(p.mul * 10.0f);
        v[3] = p.add;
        block_store(acc, 0, v);
      });
    });
  }
  EXPECT_EQ(res, (std::vector<std::int32_t>{16, 0, 20, -3}));
  {
    sycl::buffer<std::int32_t, 1> buf(res.data(), sycl::range<1>(4));
    q.submit([&](sycl::handler& h) {
      auto acc = buf.get_access<sycl::access::mode::write>(h);
      h.set_specialization_constant<flag_id>(true);
      h.set_specialization_constant<width_id>(8);
      h.set_specialization_constant<pair_id>(scale_pair{0.5f, 7});
      h.single_task([=](sycl::kernel_handler kh) SYCL_ESIMD_KERNEL {
        const scale_pair p = kh.get_specialization_constant<pair_id>();
        simd<std::int32_t, 4> v;
        v[0] = kh.get_specialization_constant<width_id>();
        v[1] = kh.get_specialization_constant<flag_id>() ? 1 : 0;
        v[2] = std::int32_t(p.mul * 10.0f);
        v[3] = p.add;
        block_store(acc, 0, v);
      });
    });
  }
  EXPECT_EQ(res, (std::vector<std::int32_t>{8, 1, 5, 7}));
}

TEST(SpecConstants, NdRangeKernelsWithItemsAndNames) {
  sycl::queue q;
  constexpr int G = 4, L = 8;
  int* out = sycl::malloc_shared<int>(G * L, q);
  q.submit([&](sycl::handler& h) {
     h.set_specialization_constant<width_id>(100);
     h.parallel_for<named_spec_kernel>(
         sycl::nd_range<1>(G * L, L),
         [=](sycl::nd_item<1> it, sycl::kernel_handler kh) SYCL_ESIMD_KERNEL {
           out[it.get_global_id(0)] =
               kh.get_specialization_constant<width_id>() * int(it.get_group(0)) +
               int(it.get_local_id(0));
         });
   }).wait();
  for (int i = 0; i < G * L; ++i) EXPECT_EQ(out[i], 100 * (i / L) + i % L) << i;
  // An id<1> kernel on an nd_range (DPC++ accepts it) with a kernel_handler.
  q.submit([&](sycl::handler& h) {
     h.set_specialization_constant<width_id>(-1);
     h.parallel_for(sycl::nd_range<1>(G * L, L),
                    [=](sycl::id<1> i, sycl::kernel_handler kh) SYCL_ESIMD_KERNEL {
                      out[i] = kh.get_specialization_constant<width_id>() * int(i[0]);
                    });
   }).wait();
  for (int i = 0; i < G * L; ++i) EXPECT_EQ(out[i], -i) << i;
  sycl::free(out, q);
}

TEST(SpecConstants, TwoDimensionalRangeWithItem) {
  sycl::queue q;
  constexpr int H = 3, W = 5;
  int* out = sycl::malloc_shared<int>(H * W, q);
  q.submit([&](sycl::handler& h) {
     h.set_specialization_constant<width_id>(W);
     h.parallel_for(sycl::range<2>(H, W),
                    [=](sycl::item<2> it, sycl::kernel_handler kh) SYCL_ESIMD_KERNEL {
                      const int w = kh.get_specialization_constant<width_id>();
                      out[it.get_id(0) * w + it.get_id(1)] = int(it.get_linear_id());
                    });
   }).wait();
  for (int i = 0; i < H * W; ++i) EXPECT_EQ(out[i], i) << i;
  sycl::free(out, q);
}

}  // namespace
