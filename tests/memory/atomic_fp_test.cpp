// atomic_update on USM, floating and width-generic operations (fadd, fsub, fmin, fmax, fcmpxchg,
// load, store) against the scalar oracle; then exact totals under contention from many host
// threads and from the work-items of an engine launch.
#include <atomic>
#include <thread>

#include "memory/atomic_test_util.hpp"
#include "xesim/sycl/sycl.hpp"

namespace {

using namespace atomic_test;
#define INT_TYPES int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t

TEST(AtomicUpdate, FloatingOperations) {
  srand(42);
  check_op_types<atomic_op::fadd, half, float, double>("fadd");
  check_op_types<atomic_op::fsub, half, float, double>("fsub");
  check_op_types<atomic_op::fmin, half, float, double>("fmin");
  check_op_types<atomic_op::fmax, half, float, double>("fmax");
  check_op_types<atomic_op::fcmpxchg, half, float, double>("fcmpxchg");
}

TEST(AtomicUpdate, FloatingOtherLaneCounts) {
  srand(42);
  check_op<atomic_op::fadd, float, 16>("fadd");
  check_op<atomic_op::fcmpxchg, half, 3>("fcmpxchg");
  check_op<atomic_op::fmax, double, 16>("fmax");
  check_op<atomic_op::fsub, half, 8>("fsub");
  check_op<atomic_op::store, float, 8>("store");
}

TEST(AtomicUpdate, LoadAndStoreOfEveryWidth) {
  srand(42);
  check_op_types<atomic_op::load, INT_TYPES, half, float, double>("load");
  check_op_types<atomic_op::store, INT_TYPES, half, float, double>("store");
}

// ------------------------------ contention
constexpr int kThreads = 8;

template <class F>
void run_threads(F&& body) {
  std::vector<std::thread> ts;
  for (int t = 0; t < kThreads; ++t) ts.emplace_back([&, t] { body(t); });
  for (auto& t : ts) t.join();
}

TEST(AtomicContention, CountersFromManyThreadsAreExact) {
  constexpr int kIters = 20000;
  std::vector<uint32_t> c32(8, 0);
  std::vector<uint16_t> c16(8, 0);
  std::vector<int64_t> c64(8, 0);
  std::vector<float> cf(8, 0.0f);
  run_threads([&](int) {
    const simd<uint32_t, 8> off32(0, 4), off16(0, 2), off64(0, 8);
    for (int i = 0; i < kIters; ++i) {
      esimd::atomic_update<atomic_op::add, uint32_t, 8>(c32.data(), off32, simd<uint32_t, 8>(1));
      esimd::atomic_update<atomic_op::inc, uint16_t, 8>(c16.data(), off16);
      esimd::atomic_update<atomic_op::dec, int64_t, 8>(c64.data(), off64);
      if (i < 2000)
        esimd::atomic_update<atomic_op::fadd, float, 8>(cf.data(), off32, simd<float, 8>(1.0f));
    }
  });
  for (int k = 0; k < 8; ++k) {
    EXPECT_EQ(c32[k], uint32_t(kThreads * kIters));
    EXPECT_EQ(c16[k], uint16_t(kThreads * kIters));  // wraps modulo 2^16, as on the GPU
    EXPECT_EQ(c64[k], -int64_t(kThreads) * kIters);
    EXPECT_EQ(cf[k], float(kThreads * 2000));
  }
}

TEST(AtomicContention, CmpxchgLoopAndMaxFromManyThreads) {
  constexpr int kIters = 5000;
  int32_t counter = 0;
  uint64_t best = 0;
  run_threads([&](int t) {
    const simd<uint32_t, 1> at(0);
    for (int i = 0; i < kIters; ++i) {
      for (;;) {
        const int32_t cur = esimd::atomic_update<atomic_op::load, int32_t, 1>(&counter, at)[0];
        const auto got = esimd::atomic_update<atomic_op::cmpxchg, int32_t, 1>(
            &counter, at, simd<int32_t, 1>(cur + 1), simd<int32_t, 1>(cur));
        if (got[0] == cur) break;
      }
      esimd::atomic_update<atomic_op::umax, uint64_t, 1>(
          &best, at, simd<uint64_t, 1>(uint64_t(t) * kIters + i));
    }
  });
  EXPECT_EQ(counter, kThreads * kIters);
  EXPECT_EQ(best, uint64_t(kThreads - 1) * kIters + kIters - 1);
}

TEST(AtomicContention, KernelWorkItemsOnAllWorkers) {
  namespace sycl = xesim::sycl;
  sycl::queue q;
  uint32_t* hist = sycl::malloc_shared<uint32_t>(16, q);
  std::memset(hist, 0, 16 * sizeof(uint32_t));
  constexpr std::size_t kItems = 4096;
  q.parallel_for(sycl::range<1>(kItems), [=](sycl::id<1> id) {
     // Each item adds 1..32 to bins (item + lane) % 16.
     const simd<uint32_t, 32> lane(0, 1);
     const simd<uint32_t, 32> bins = (lane + uint32_t(id[0])) % 16u;
     esimd::atomic_update<atomic_op::add, uint32_t, 32>(hist, bins * 4u, lane + 1u);
   }).wait();
  q.wait_and_throw();
  uint64_t want[16] = {};
  for (std::size_t it = 0; it < kItems; ++it)
    for (uint32_t l = 0; l < 32; ++l) want[(l + it) % 16] += l + 1;
  for (int b = 0; b < 16; ++b) EXPECT_EQ(hist[b], want[b]) << "bin " << b;
  sycl::free(hist, q);
}

}  // namespace
