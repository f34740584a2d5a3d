// Every launch form: range as a size, range<1..3> with id and item, nd_range<1..3> with nd_item,
// named and unnamed lambdas, functors, single_task, queue shortcuts; ids checked against a scalar
// oracle of the SYCL linearisation; the kernel names recorded in launch_info.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <vector>

#include "xesim/runtime/hooks.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;

namespace {

std::string g_last_kernel;
void remember_name(const xesim::rt::launch_info& info) { g_last_kernel = info.kernel_name; }

struct HooksOn : ::testing::Test {
  void SetUp() override { xesim::rt::hooks().kernel_begin = &remember_name; }
  void TearDown() override { xesim::rt::hooks().kernel_begin = nullptr; }
};

// What each work-item records: its ids and ranges, at its global linear id.
struct record {
  std::size_t global[3], local[3], group[3], grange[3], lrange[3], ngroups[3];
  std::size_t global_linear, local_linear, group_linear;
  int hits;
};

// Oracle for an nd_range launch: work-item at global linear `g` of global range G, local range L.
template <int D>
void expect_nd_records(const std::vector<record>& rec, const std::size_t* G, const std::size_t* L) {
  std::size_t total = 1;
  for (int d = 0; d < D; ++d) total *= G[d];
  for (std::size_t lin = 0; lin < total; ++lin) {
    std::size_t gid[3] = {0, 0, 0}, rest = lin;
    for (int d = D - 1; d >= 0; --d) {
      gid[d] = rest % G[d];
      rest /= G[d];
    }
    std::size_t grp_lin = 0, loc_lin = 0;
    for (int d = 0; d < D; ++d) {
      grp_lin = grp_lin * (G[d] / L[d]) + gid[d] / L[d];
      loc_lin = loc_lin * L[d] + gid[d] % L[d];
    }
    const record& r = rec[lin];
    ASSERT_EQ(r.hits, 1) << "item " << lin;
    for (int d = 0; d < D; ++d) {
      EXPECT_EQ(r.global[d], gid[d]);
      EXPECT_EQ(r.local[d], gid[d] % L[d]);
      EXPECT_EQ(r.group[d], gid[d] / L[d]);
      EXPECT_EQ(r.grange[d], G[d]);
      EXPECT_EQ(r.lrange[d], L[d]);
      EXPECT_EQ(r.ngroups[d], G[d] / L[d]);
    }
    EXPECT_EQ(r.global_linear, lin);
    EXPECT_EQ(r.local_linear, loc_lin);
    EXPECT_EQ(r.group_linear, grp_lin);
  }
}

template <int D>
void run_nd_case(sycl::queue& q, const std::size_t* G, const std::size_t* L) {
  sycl::range<D> gr, lr;
  for (int d = 0; d < D; ++d) {
    gr[d] = G[d];
    lr[d] = L[d];
  }
  std::vector<record> rec(gr.size(), record{});
  record* out = rec.data();
  q.parallel_for(sycl::nd_range<D>(gr, lr), [=](sycl::nd_item<D> it) {
     record& r = out[it.get_global_linear_id()];
     for (int d = 0; d < D; ++d) {
       r.global[d] = it.get_global_id(d);
       r.local[d] = it.get_local_id()[d];
       r.group[d] = it.get_group(d);
       r.grange[d] = it.get_global_range(d);
       r.lrange[d] = it.get_local_range()[d];
       r.ngroups[d] = it.get_group_range(d);
     }
     r.global_linear = it.get_global_linear_id();
     r.local_linear = it.get_local_linear_id();
     r.group_linear = it.get_group_linear_id();
     EXPECT_EQ(it.get_group().get_group_linear_id(), r.group_linear);
     ++r.hits;
   }).wait();
  expect_nd_records<D>(rec, G, L);
}

struct AddOne {  // a functor kernel
  int* data;
  void operator()(sycl::id<1> i) const { data[i] += 1; }
};

}  // namespace

TEST_F(HooksOn, RangeAsSizeAndRange1) {
  sycl::queue q;
  std::vector<int> v(1000, 0);
  int* p = v.data();
  q.parallel_for(1000, [=](sycl::id<1> i) { p[i] += int(i); }).wait();
  q.submit([&](sycl::handler& h) {
     h.parallel_for<class AddTwice>(sycl::range<1>(1000), [=](sycl::item<1> it) {
       p[it.get_linear_id()] += int(it.get_id(0)) + int(it.get_range(0)) - 1000;
     });
   }).wait();
  EXPECT_NE(g_last_kernel.find("AddTwice"), std::string::npos) << g_last_kernel;
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(v[i], 2 * i);
}

TEST_F(HooksOn, Range2And3WithIdAndItem) {
  sycl::queue q;
  srand(42);
  for (int t = 0; t < 5; ++t) {
    const std::size_t a = rand() % 7 + 1, b = rand() % 9 + 1, c = rand() % 5 + 1;
    std::vector<int> v2(a * b, 0), v3(a * b * c, 0);
    int* p2 = v2.data();
    int* p3 = v3.data();
    q.parallel_for(sycl::range<2>(a, b), [=](sycl::id<2> i) { p2[i[0] * b + i[1]] += 1; });
    q.parallel_for<class Items3>(sycl::range<3>(a, b, c), [=](sycl::item<3> it) {
      const std::size_t lin = (it[0] * b + it[1]) * c + it[2];
      if (it.get_linear_id() == lin && it.get_range() == sycl::range<3>(a, b, c)) p3[lin] += 1;
    });
    for (int x : v2) ASSERT_EQ(x, 1);
    for (int x : v3) ASSERT_EQ(x, 1);
  }
  EXPECT_NE(g_last_kernel.find("Items3"), std::string::npos) << g_last_kernel;
}

TEST_F(HooksOn, NdRange1To3MatchOracle) {
  sycl::queue q;
  srand(42);
  for (int t = 0; t < 6; ++t) {
    std::size_t L[3] = {std::size_t(rand() % 4 + 1), std::size_t(rand() % 3 + 1),
                        std::size_t(rand() % 2 + 1)};
    std::size_t G[3] = {L[0] * (rand() % 4 + 1), L[1] * (rand() % 3 + 1), L[2] * (rand() % 3 + 1)};
    run_nd_case<1>(q, G, L);
    run_nd_case<2>(q, G, L);
    run_nd_case<3>(q, G, L);
  }
}

TEST_F(HooksOn, UnnamedLambdaGetsItsTypeAsName) {
  sycl::queue q;
  q.single_task([] {});
  EXPECT_NE(g_last_kernel.find("lambda"), std::string::npos) << g_last_kernel;
  EXPECT_EQ(g_last_kernel.find("xesim::"), std::string::npos) << g_last_kernel;
}

TEST_F(HooksOn, FunctorsNamedAndUnnamed) {
  sycl::queue q;
  std::vector<int> v(64, 0);
  q.parallel_for(sycl::range<1>(64), AddOne{v.data()});
  EXPECT_NE(g_last_kernel.find("AddOne"), std::string::npos) << g_last_kernel;
  q.submit([&](sycl::handler& h) { h.parallel_for<class NamedFunctor>(64, AddOne{v.data()}); });
  EXPECT_NE(g_last_kernel.find("NamedFunctor"), std::string::npos) << g_last_kernel;
  for (int x : v) ASSERT_EQ(x, 2);
}

TEST(Launch, SingleTaskRunsOnce) {
  sycl::queue q;
  std::atomic<int> n{0};
  std::atomic<int>* pn = &n;
  q.submit([&](sycl::handler& h) { h.single_task<class Once>([=] { pn->fetch_add(1); }); }).wait();
  q.single_task([=] { pn->fetch_add(1); }).wait();
  EXPECT_EQ(n.load(), 2);
}

TEST(Launch, EmptyRangeRunsNothing) {
  sycl::queue q;
  std::atomic<int> n{0};
  std::atomic<int>* pn = &n;
  q.parallel_for(sycl::range<2>(0, 5), [=](sycl::id<2>) { pn->fetch_add(1); }).wait();
  EXPECT_EQ(n.load(), 0);
}

TEST(Launch, CurrentItemIsSetInsideAndNullOutside) {
  sycl::queue q;
  EXPECT_EQ(xesim::rt::current_item(), nullptr);
  std::vector<int> ok(32, 0);
  int* p = ok.data();
  q.parallel_for(sycl::nd_range<1>(32, 8), [=](sycl::nd_item<1> it) {
    const xesim::rt::item_state* s = xesim::rt::current_item();
    p[it.get_global_id(0)] = s && s->global_id[0] == it.get_global_id(0) && s->launch->is_nd_range;
  });
  for (int x : ok) EXPECT_EQ(x, 1);
  EXPECT_EQ(xesim::rt::current_item(), nullptr);
}

TEST(Launch, ManyTinyLaunches) {
  sycl::queue q;
  int counter = 0;
  int* pc = &counter;
  for (int i = 0; i < 5000; ++i) q.single_task([=] { ++*pc; });
  EXPECT_EQ(counter, 5000);
}
