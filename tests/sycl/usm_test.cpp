// USM: the three kinds, get_pointer_type, usm_allocator, queue memcpy/memset/fill/copy against a
// scalar oracle, the registry lookup, and the errors (null, freed, past the end, double free).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "xesim/runtime/usm_registry.hpp"
#include "xesim/sycl/sycl.hpp"

namespace sycl = xesim::sycl;
namespace rt = xesim::rt;

namespace {
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::invalid);
    return e.what();
  }
  return "(no error)";
}
}  // namespace

TEST(Usm, KindsAndPointerType) {
  sycl::queue q;
  const sycl::context ctx = q.get_context();
  float* d = sycl::malloc_device<float>(100, q);
  float* h = sycl::malloc_host<float>(100, q);
  float* s = sycl::malloc_shared<float>(100, q);
  void* m = sycl::malloc(64, q, sycl::usm::alloc::shared);
  void* a = sycl::aligned_alloc_device(4096, 100, q);
  double* ad = sycl::aligned_alloc_host<double>(256, 10, q);
  ASSERT_TRUE(d && h && s && m && a && ad);
  EXPECT_EQ(sycl::get_pointer_type(d, ctx), sycl::usm::alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(d + 99, ctx), sycl::usm::alloc::device);
  EXPECT_EQ(sycl::get_pointer_type(h + 50, ctx), sycl::usm::alloc::host);
  EXPECT_EQ(sycl::get_pointer_type(s, ctx), sycl::usm::alloc::shared);
  EXPECT_EQ(sycl::get_pointer_type(m, ctx), sycl::usm::alloc::shared);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(a) % 4096, 0u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(ad) % 256, 0u);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(d) % 64, 0u);
  int local = 0;
  EXPECT_EQ(sycl::get_pointer_type(&local, ctx), sycl::usm::alloc::unknown);
  EXPECT_EQ(sycl::get_pointer_device(d, ctx), q.get_device());
  for (void* p : {static_cast<void*>(d), static_cast<void*>(h), static_cast<void*>(s), m, a,
                  static_cast<void*>(ad)})
    sycl::free(p, q);
  EXPECT_EQ(sycl::get_pointer_type(d, ctx), sycl::usm::alloc::unknown);
  EXPECT_EQ(sycl::malloc_device(0, q), nullptr);
}

TEST(Usm, RegistryFindsEveryAddressAndRemembersFrees) {
  sycl::queue q;
  srand(42);
  std::vector<char*> ptrs;
  std::vector<std::size_t> sizes;
  for (int i = 0; i < 200; ++i) {
    sizes.push_back(rand() % 5000 + 1);
    ptrs.push_back(sycl::malloc_device<char>(sizes.back(), q));
  }
  for (int t = 0; t < 5000; ++t) {
    const int i = rand() % 200;
    const std::size_t off = rand() % sizes[i];
    const rt::allocation* a = rt::find_allocation(ptrs[i] + off);
    ASSERT_NE(a, nullptr);
    ASSERT_EQ(a->base, reinterpret_cast<std::byte*>(ptrs[i]));
    ASSERT_EQ(a->size, sizes[i]);
    ASSERT_EQ(a->kind, rt::usm_kind::device);
  }
  const rt::allocation* first = rt::find_allocation(ptrs[0]);
  sycl::free(ptrs[0], q);
  EXPECT_FALSE(first->alive.load());
  const rt::allocation* again = rt::find_allocation(ptrs[0]);  // freed, but still known
  ASSERT_TRUE(again == nullptr || !again->alive.load() || again->base != first->base ||
              again == first);
  for (int i = 1; i < 200; ++i) sycl::free(ptrs[i], q);
}

TEST(Usm, MemcpyMemsetFillCopyMatchOracle) {
  sycl::queue q;
  constexpr int kN = 1000;
  srand(42);
  std::vector<int> host(kN), back(kN, 0);
  for (int& v : host) v = rand();
  int* dev = sycl::malloc_device<int>(kN, q);
  q.memcpy(dev, host.data(), kN * sizeof(int)).wait();
  q.memcpy(back.data(), dev, kN * sizeof(int)).wait();
  EXPECT_EQ(back, host);

  q.memset(dev, 0xAB, 10 * sizeof(int)).wait();
  q.copy(dev, back.data(), kN).wait();
  for (int i = 0; i < kN; ++i) ASSERT_EQ(back[i], i < 10 ? int(0xABABABAB) : host[i]);

  q.fill(dev + 5, 77, 20).wait();
  q.submit([&](sycl::handler& h) { h.copy(dev, back.data(), kN); }).wait();
  for (int i = 0; i < kN; ++i)
    ASSERT_EQ(back[i], i >= 5 && i < 25 ? 77 : i < 10 ? int(0xABABABAB) : host[i]);

  std::vector<int> plain(kN, 0);  // host-to-host through queue::memcpy is legal
  q.memcpy(plain.data(), host.data(), kN * sizeof(int));
  EXPECT_EQ(plain, host);
  sycl::free(dev, q);
}

TEST(Usm, ErrorsSayWhatAndWhy) {
  sycl::queue q;
  int* dev = sycl::malloc_device<int>(16, q);
  std::vector<int> host(32);
  std::string msg = error_of([&] { q.memcpy(nullptr, host.data(), 4); });
  EXPECT_NE(msg.find("memcpy: destination pointer is null"), std::string::npos) << msg;
  msg = error_of([&] { q.memcpy(host.data(), nullptr, 4); });
  EXPECT_NE(msg.find("memcpy: source pointer is null"), std::string::npos) << msg;
  msg = error_of([&] { q.memcpy(dev, host.data(), 32 * sizeof(int)); });
  EXPECT_NE(msg.find("runs 64 bytes past the end of USM device allocation"), std::string::npos)
      << msg;
  msg = error_of([&] { q.fill(dev + 10, 1, 7); });
  EXPECT_NE(msg.find("fill: destination range of 28 bytes at offset 40 runs 4 bytes past the end"),
            std::string::npos)
      << msg;
  sycl::free(dev, q);
  msg = error_of([&] { q.memset(dev, 0, 4); });
  EXPECT_NE(msg.find("memset: destination points into freed USM device allocation"),
            std::string::npos)
      << msg;
  msg = error_of([&] { q.memcpy(host.data(), dev, 4); });
  EXPECT_NE(msg.find("use after free"), std::string::npos) << msg;
  msg = error_of([&] { sycl::free(dev, q); });
  EXPECT_NE(msg.find("double free"), std::string::npos) << msg;
  msg = error_of([&] { sycl::free(host.data(), q); });
  EXPECT_NE(msg.find("not allocated by sycl::malloc"), std::string::npos) << msg;
  EXPECT_NO_THROW(q.memcpy(nullptr, nullptr, 0));
  EXPECT_NO_THROW(sycl::free(nullptr, q));
}

TEST(Usm, AllocatorBacksAVector) {
  sycl::queue q;
  sycl::usm_allocator<int, sycl::usm::alloc::shared> alloc(q);
  std::vector<int, decltype(alloc)> v(alloc);
  for (int i = 0; i < 1000; ++i) v.push_back(i);
  EXPECT_EQ(sycl::get_pointer_type(v.data(), q.get_context()), sycl::usm::alloc::shared);
  int* p = v.data();
  q.parallel_for(sycl::range<1>(1000), [=](sycl::id<1> i) { p[i] *= 2; }).wait();
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(v[i], 2 * i);
}

TEST(Usm, ConcurrentAllocAndLookup) {
  sycl::queue q;
  std::vector<std::thread> threads;
  std::atomic<int> bad{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 500; ++i) {
        char* p = sycl::malloc_shared<char>(64 + t, q);
        const rt::allocation* a = rt::find_allocation(p + 10);
        if (!a || a->base != reinterpret_cast<std::byte*>(p) || !a->alive.load()) bad.fetch_add(1);
        sycl::free(p, q);
      }
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(bad.load(), 0);
}
