// Must-fire and must-not-fire tests of the `uninitialized` rule (XESIM_CHECK=full, in a program
// built with the instrumentation: XESIM_CHECK_UNINIT=1, as `xesim c++ --check=full` does).
// Each buggy kernel runs in a child process; the parent asserts the rule id, the kernel name, the
// lanes and the user's source line (marked "// FIRE: <id>").
#define XESIM_CHECK_UNINIT 1
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdio>
#include <functional>

#include "check/check_util.hpp"

namespace esimd = sycl::ext::intel::esimd;
using check_test::line_of;
using check_test::run_child;
using esimd::simd;
using sycl::half;

namespace {
constexpr int kN = 64;
constexpr auto kAlign4 = esimd::properties{esimd::alignment<4>};

/// Runs `body(out, in)` as a one-item range kernel over USM arrays of kN elements.
template <class T, class Name, class F> void run1(F body) {
  sycl::queue q;
  T* in = sycl::malloc_shared<T>(kN, q);
  T* out = sycl::malloc_shared<T>(kN, q);
  for (int i = 0; i < kN; ++i) in[i] = T(i % 7 + 1);
  q.parallel_for<Name>(sycl::range<1>(2), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     body(out, in);
   }).wait();
  std::printf("out0=%g\n", double(out[0]));
  sycl::free(in, q);
  sycl::free(out, q);
}
}  // namespace

// ------------------------------ must fire
CHILD_TEST(FloatAccumulator) {  // acc never zeroed: every lane is garbage + data
  run1<float, class UninitAcc>([](float* out, const float* in) {
    simd<float, 16> acc;
    for (int k = 0; k < 3; ++k) acc += esimd::block_load<float, 16>(in + 16 * k);
    esimd::block_store<float, 16>(out, acc);  // FIRE: float acc
  });
}
CHILD_TEST(IntAccumulator) {  // integers are tracked by the shadow through the operators
  run1<int, class UninitIntAcc>([](int* out, const int* in) {
    simd<int, 8> acc;
    acc = acc * 3 + esimd::block_load<int, 8>(in);
    esimd::block_store<int, 8>(out, acc);  // FIRE: int acc
  });
}
CHILD_TEST(IntHalfWritten) {  // only lanes 0-7 written through a view
  run1<int, class HalfWritten>([](int* out, const int* in) {
    simd<int, 16> v;
    v.select<8, 1>(0) = esimd::block_load<int, 8>(in);
    esimd::block_store<int, 16>(out, v);  // FIRE: half written
  });
}
CHILD_TEST(HalfHeap) {  // the guide's top-k heap without its broadcast init
  run1<half, class HalfHeapK>([](half* out, const half* in) {
    simd<half, 8> heap;
    const simd<half, 8> x = esimd::block_load<half, 8>(in);
    heap.merge(x, x > heap);
    esimd::block_store<half, 8>(out, heap, kAlign4);  // FIRE: half heap
  });
}
CHILD_TEST(ReduceUninit) {
  run1<int, class ReduceIt>([](int* out, const int*) {
    simd<int, 8> v;
    v[0] = 1;
    v[3] = 2;
    out[0] = esimd::reduce<int>(v, std::plus<>());  // FIRE: reduce
  });
}
CHILD_TEST(ScatterUninit) {
  run1<float, class ScatterIt>([](float* out, const float*) {
    simd<float, 4> v;
    v.select<2, 1>(0) = 1.f;
    simd<uint32_t, 4> off(0, sizeof(float));
    esimd::scatter<float, 4>(out, off, v);  // FIRE: scatter
  });
}

// ------------------------------ must not fire
CHILD_TEST(InitialisedKernels) {
  run1<float, class GoodAcc>([](float* out, const float* in) {
    simd<float, 16> acc(0.f);  // broadcast init
    for (int k = 0; k < 3; ++k) acc += esimd::block_load<float, 16>(in + 16 * k);
    esimd::block_store<float, 16>(out, acc);
  });
  run1<int, class GoodViews>([](int* out, const int* in) {
    simd<int, 16> v;  // every lane written, in two halves, before the store
    v.select<8, 1>(0) = esimd::block_load<int, 8>(in);
    v.select<8, 1>(8) = 5;
    esimd::block_store<int, 16>(out, v);
    simd<int, 8> w;
    w = esimd::block_load<int, 8>(in + 8);  // assigned whole
    out[20] = esimd::reduce<int>(w, std::plus<>());
    simd<int, 8> c;
    c.copy_from(in + 16);  // loaded whole
    c.copy_to(out + 24);
    simd<int, 8> m;
    m.merge(c, c, esimd::simd_mask<8>(1));  // every lane merged in
    out[32] = esimd::hmax<int>(m);
  });
  run1<half, class GoodHeap>([](half* out, const half* in) {
    simd<half, 8> heap(-65504.f);  // the guide's init
    const simd<half, 8> x = esimd::block_load<half, 8>(in);
    heap.merge(x, x > heap);
    esimd::block_store<half, 8>(out, heap, kAlign4);
  });
  run1<float, class GoodMaskedScatter>([](float* out, const float*) {
    simd<float, 4> v;  // lanes 2, 3 never written, and never stored
    v.select<2, 1>(0) = 1.f;
    simd<uint32_t, 4> off(0, sizeof(float));
    esimd::simd_mask<4> m(1);
    m[2] = 0;
    m[3] = 0;
    esimd::scatter<float, 4>(out, off, v, m);
  });
}

TEST(Uninitialized, FiresOnAFloatAccumulator) {
  const auto r = run_child("FloatAccumulator", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("xesim: error: [uninitialized]"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("UninitAcc"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("uninit_test.cpp", "FIRE: float acc")), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("lanes: 0-15 (16 of 16)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("simd<float, 16>"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("fix:"), std::string::npos) << r.output;
}
TEST(Uninitialized, FiresOnAnIntAccumulator) {
  const auto r = run_child("IntAccumulator", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("[uninitialized]"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("uninit_test.cpp", "FIRE: int acc")), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("lanes: 0-7 (8 of 8)"), std::string::npos) << r.output;
}
TEST(Uninitialized, NamesTheLanesAViewLeftUnwritten) {
  const auto r = run_child("IntHalfWritten", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find(line_of("uninit_test.cpp", "FIRE: half written")), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("lanes: 8-15 (8 of 16)"), std::string::npos) << r.output;
}
TEST(Uninitialized, FiresOnTheGuidesHeapWithoutInit) {
  const auto r = run_child("HalfHeap", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("HalfHeapK"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("uninit_test.cpp", "FIRE: half heap")), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("simd<half, 8>"), std::string::npos) << r.output;
}
TEST(Uninitialized, FiresOnAReduction) {
  const auto r = run_child("ReduceUninit", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("reduce reduces 6 lanes"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("lanes: 1-2, 4-7 (6 of 8)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("uninit_test.cpp", "FIRE: reduce")), std::string::npos)
      << r.output;
}
TEST(Uninitialized, FiresOnAScatter) {
  const auto r = run_child("ScatterUninit", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("lanes: 2-3 (2 of 4)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("uninit_test.cpp", "FIRE: scatter")), std::string::npos)
      << r.output;
}
TEST(Uninitialized, ReportedOncePerCallSite) {  // two work-items, one report, a repeat count
  const auto r = run_child("FloatAccumulator", "XESIM_CHECK=full");
  EXPECT_EQ(r.output.find("error: [uninitialized]"), r.output.rfind("error: [uninitialized]"))
      << r.output;
  EXPECT_NE(r.output.find("occurred 2 times"), std::string::npos) << r.output;
}
TEST(Uninitialized, OnlyUnderFull) {
  const auto r = run_child("FloatAccumulator", "XESIM_CHECK=basic");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
}
TEST(Uninitialized, SilentOnInitialisedVectors) {
  const auto r = run_child("InitialisedKernels", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
}

// ------------------------------ poison arithmetic (no child needed)
TEST(UninitializedPoison, SurvivesFloatConversionsAndArithmetic) {
  namespace u = xesim::check::uninit;
  simd<float, 8> f;  // poison
  const simd<float, 8> g = f * 2.f + 1.f;
  const simd<half, 8> h = g;
  const simd<double, 8> d = simd<float, 8>(h);
  for (int i = 0; i < 8; ++i) {
    EXPECT_TRUE(u::is_poison(std::bit_cast<uint32_t>(float(g[i])), u::elem_kind::f32)) << i;
    EXPECT_TRUE(u::is_poison(std::bit_cast<uint16_t>(half(h[i])), u::elem_kind::f16)) << i;
    EXPECT_TRUE(u::is_poison(std::bit_cast<uint64_t>(double(d[i])), u::elem_kind::f64)) << i;
  }
  EXPECT_FALSE(u::is_poison(std::bit_cast<uint32_t>(std::numeric_limits<float>::quiet_NaN()),
                            u::elem_kind::f32));
  EXPECT_FALSE(u::is_poison(0x7fc00000u, u::elem_kind::f32));  // x86's default NaN
}
TEST(UninitializedShadow, FollowsCopiesOperatorsAndViews) {
  simd<int, 8> a;  // all lanes unwritten
  EXPECT_TRUE(a.uninit_shadow().any());
  a[2] = 7;
  EXPECT_FALSE(a.uninit_shadow().test(2));
  EXPECT_TRUE(a.uninit_shadow().test(3));
  const simd<int, 8> b(1);
  EXPECT_FALSE(b.uninit_shadow().any());
  const simd<int, 8> c = a + b;  // lane-wise: unwritten where a was
  EXPECT_FALSE(c.uninit_shadow().test(2));
  EXPECT_TRUE(c.uninit_shadow().test(5));
  simd<int, 8> d = c;
  EXPECT_TRUE(d.uninit_shadow().test(5));
  d = b;
  EXPECT_FALSE(d.uninit_shadow().any());
}
