// Kernel-side SYCL: experimental::printf (printf's formatting, whole lines per work-item even
// when a line is split across calls and barriers), kernels taking id<D> / item<D> on an nd_range,
// this_work_item::get_nd_item and the experimental this_* spellings, nd_item / group queries.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "xesim/esimd.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;
namespace esimd = xesim::esimd;
namespace oneapi_exp = xesim::sycl::ext::oneapi::experimental;

namespace {
std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> v;
  std::size_t b = 0;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i] == '\n') {
      v.push_back(s.substr(b, i - b));
      b = i + 1;
    }
  if (b < s.size()) v.push_back(s.substr(b));
  return v;
}
}  // namespace

// Each work-item prints one line in three calls with barriers between them (the group's fibers
// switch there): the output must hold every line whole, formatted as snprintf formats it.
TEST(KernelPrintf, LinesOfWorkItemsNeverMix) {
  std::srand(42);
  constexpr int kGroups = 3, kLocal = 8;
  std::vector<float> vals(kGroups * kLocal);
  for (auto& v : vals) v = static_cast<float>(std::rand() % 10000) / 7.f;
  const float* pv = vals.data();
  static const __SYCL_CONSTANT_AS char kHead[] = "wi %d/%zu:";
  testing::internal::CaptureStdout();
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(kGroups * kLocal, kLocal), [=](sycl::nd_item<1> it) {
    const int g = static_cast<int>(it.get_global_id(0));
    oneapi_exp::printf(kHead, g, it.get_local_id(0));
    esimd::barrier();
    oneapi_exp::printf(" v=%.3f", pv[g]);
    esimd::barrier();
    oneapi_exp::printf(" %s %x\n", g % 2 ? "odd" : "even", g * 255);
  });
  q.wait_and_throw();
  std::vector<std::string> got = lines_of(testing::internal::GetCapturedStdout());
  std::vector<std::string> want;
  for (int g = 0; g < kGroups * kLocal; ++g) {
    char buf[128];
    std::snprintf(buf, sizeof buf, "wi %d/%d: v=%.3f %s %x", g, g % kLocal, double(vals[g]),
                  g % 2 ? "odd" : "even", g * 255);
    want.push_back(buf);
  }
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
}

// Several lines in one call; a line left without '\n' is written, as it is, when its work-item
// returns (the next output continues it, as on a GPU).
TEST(KernelPrintf, ManyLinesPerCallAndUnfinishedLineAtItemEnd) {
  testing::internal::CaptureStdout();
  sycl::queue q;
  q.parallel_for(sycl::range<1>(2), [=](sycl::id<1> i) {
    oneapi_exp::printf("a%d\nb%d\n", int(i[0]), int(i[0]));
  });
  q.wait_and_throw();
  std::vector<std::string> got = lines_of(testing::internal::GetCapturedStdout());
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, (std::vector<std::string>{"a0", "a1", "b0", "b1"}));
  testing::internal::CaptureStdout();
  q.single_task([=] {
    oneapi_exp::printf("tail");
    oneapi_exp::printf("%d", 7);
  });
  q.wait_and_throw();
  const int n = oneapi_exp::printf("|%d-%s", 42, "x");  // on the host: at once, as printf
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "tail7|42-x");
  EXPECT_EQ(n, 5);
}

namespace {
struct id_functor {
  int* out;
  void operator()(sycl::id<1> i) const { out[i[0]] = static_cast<int>(i[0]) * 3; }
};
}  // namespace

// DPC++ runs kernels taking id<D> or item<D> on an nd_range: they see the global id.
TEST(NdRangeKernels, IdAndItemArgumentsSeeTheGlobalId) {
  std::vector<int> a(64, -1), b(6 * 8, -1);
  sycl::queue q;
  q.parallel_for(sycl::nd_range<1>(64, 16), id_functor{a.data()});
  int* pb = b.data();
  q.submit([&](sycl::handler& cgh) {
    sycl::local_accessor<int, 1> scratch(sycl::range<1>(4), cgh);  // the local-memory wrapper
    cgh.parallel_for(sycl::nd_range<2>({6, 8}, {3, 4}), [=](sycl::item<2> it) {
      scratch[0] = 1;
      pb[it.get_linear_id()] = static_cast<int>(it.get_id(0) * 100 + it.get_id(1));
    });
  });
  q.wait_and_throw();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(a[i], i * 3);
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 8; ++c) EXPECT_EQ(b[r * 8 + c], r * 100 + c);
}

// this_work_item::get_nd_item and the experimental this_* agree with the kernel's nd_item; the
// nd_item, group and (one-item) sub_group queries programs call, against their definitions.
TEST(NdRangeKernels, ThisWorkItemAndQueries) {
  constexpr int kH = 4, kW = 6, kLh = 2, kLw = 3;
  std::vector<int> bad(kH * kW, 1);
  int* pb = bad.data();
  sycl::queue q;
  q.parallel_for(sycl::nd_range<2>({kH, kW}, {kLh, kLw}), [=](sycl::nd_item<2> it) {
    namespace ow = xesim::sycl::ext::oneapi;
    const sycl::nd_item<2> me = ow::this_work_item::get_nd_item<2>();
    const sycl::nd_item<2> old = oneapi_exp::this_nd_item<2>();
    const std::size_t r = it.get_global_id(0), c = it.get_global_id(1);
    bool ok = me.get_global_linear_id() == r * kW + c && old.get_global_id() == it.get_global_id();
    ok = ok && it.get_global_linear_id() == r * kW + c;
    ok = ok && it.get_group_range(0) == kH / kLh && it.get_group_range(1) == kW / kLw;
    ok = ok && it.get_local_range(1) == kLw && it.get_local_linear_id() == (r % kLh) * kLw + c % kLw;
    const sycl::group<2> g = it.get_group();
    ok = ok && g.get_group_linear_id() == (r / kLh) * (kW / kLw) + c / kLw;
    ok = ok && ow::this_work_item::get_work_group<2>().get_group_id() == g.get_group_id();
    ok = ok && oneapi_exp::this_id<2>() == it.get_global_id();
    ok = ok && it.get_global_id() % it.get_local_range() == it.get_local_id();  // id op range
    ok = ok && it.get_global_id() / it.get_local_range() == g.get_group_id();
    // ESIMD sub-groups hold one work-item (DPC++: size 1, local id 0).
    const sycl::sub_group sg = it.get_sub_group();
    ok = ok && sg.get_local_id()[0] == 0 && sg.get_local_range()[0] == 1 &&
         sg.get_max_local_range()[0] == 1 && sg.get_group_linear_id() == it.get_local_linear_id();
    ok = ok && ow::this_work_item::get_sub_group().get_group_range()[0] == kLh * kLw;
    ok = ok && oneapi_exp::this_sub_group().get_group_linear_id() == sg.get_group_linear_id() &&
         oneapi_exp::this_sub_group().get_local_range()[0] == 1;
    pb[r * kW + c] = ok ? 0 : 1;
  });
  q.wait_and_throw();
  EXPECT_EQ(bad, std::vector<int>(kH * kW, 0));
  EXPECT_THROW(xesim::sycl::ext::oneapi::this_work_item::get_nd_item<1>(), sycl::exception);
}
