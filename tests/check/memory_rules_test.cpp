// Must-fire and must-not-fire tests of the memory rules: misaligned-block-access, out-of-bounds,
// slm-not-initialized, slm-out-of-range. Each buggy kernel runs in a child process; the parent
// asserts the rule id, the kernel name and the user's source line (marked "// FIRE: <id>").
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <vector>

#include "check/check_util.hpp"

namespace esimd = sycl::ext::intel::esimd;
using check_test::line_of;
using check_test::run_child;
using esimd::simd;
using sycl::half;

namespace {
constexpr int kN = 64;
constexpr auto kAlign4 = esimd::properties{esimd::alignment<4>};
volatile float g_sink;  // keeps loaded values alive
template <class V>
void sink(const V& v) {
  g_sink = float(v[0]);
}
}  // namespace

// ------------------------------ misaligned-block-access
CHILD_TEST(MisalignedHalfLoad) {
  sycl::queue q;
  half* p = sycl::malloc_shared<half>(kN, q);
  q.parallel_for<class BadAlignLoad>(sycl::range<1>(4), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     sink(esimd::block_load<half, 8>(p + 3));  // FIRE: misaligned half
   }).wait();
  sycl::free(p, q);
}
CHILD_TEST(AlignedHybridLoad) {  // the guide's alignment<2> hybrid loads
  sycl::queue q;
  half* p = sycl::malloc_shared<half>(kN, q);
  q.parallel_for<class GoodAlignLoad>(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
     sink(esimd::block_load<half, 8>(p + 3 + i[0], esimd::properties{esimd::alignment<2>}));
   }).wait();
  sycl::free(p, q);
}
CHILD_TEST(SlmStoreDefault16) {  // the guide's SLM reduction without the property
  sycl::queue q;
  float* y = sycl::malloc_shared<float>(4, q);
  q.parallel_for<class SlmStore16>(sycl::nd_range<1>(16, 8), [=](sycl::nd_item<1>
                                                                     it) SYCL_ESIMD_KERNEL {
     esimd::slm_init<8 * sizeof(float)>();
     const uint32_t lid = it.get_local_id(0);
     esimd::slm_block_store<float, 1>(lid * sizeof(float), simd<float, 1>(1.f));  // FIRE: slm16
     esimd::barrier();
     if (lid == 0) y[it.get_group(0)] = esimd::slm_block_load<float, 8>(0)[7];
   }).wait();
  sycl::free(y, q);
}
CHILD_TEST(SlmStoreAlign4) {
  sycl::queue q;
  float* y = sycl::malloc_shared<float>(4, q);
  q.parallel_for<class SlmStore4>(sycl::nd_range<1>(16, 8), [=](sycl::nd_item<1>
                                                                    it) SYCL_ESIMD_KERNEL {
     esimd::slm_init<8 * sizeof(float)>();
     const uint32_t lid = it.get_local_id(0);
     esimd::slm_block_store<float, 1>(lid * sizeof(float), simd<float, 1>(1.f),
                                      esimd::properties{esimd::alignment<4>});
     esimd::barrier();
     if (lid == 0) y[it.get_group(0)] = esimd::slm_block_load<float, 8>(0)[7];
   }).wait();
  sycl::free(y, q);
}

// On an element-aligned address DPC++'s 4-byte default was sizeof(T) in earlier versions: the
// load is performed as element-aligned, and named at the call with the fix.
TEST(MisalignedBlockAccess, NamesTheGuidesHalfLoad) {
  for (const char* dev : {"arc-b580", "arc-a770", "max-1550"}) {
    const auto r = run_child("MisalignedHalfLoad", std::string("XESIM_DEVICE=") + dev);
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("xesim: warning: [misaligned-block-access]"), std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("BadAlignLoad"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: misaligned half")),
              std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("occurred 4 times"), std::string::npos) << r.output;  // deduped
    EXPECT_NE(r.output.find("check summary"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("alignment<sizeof(T)>"), std::string::npos) << r.output;
  }
}
CHILD_TEST(MisalignedAssertedLoad) {  // the user's own alignment<4> is false: an error anywhere
  sycl::queue q;
  half* p = sycl::malloc_shared<half>(kN, q);
  q.parallel_for<class BadAssert>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     constexpr auto kFalse4 = esimd::properties{esimd::alignment<4>};
     sink(esimd::block_load<half, 8>(p + 3, kFalse4));  // FIRE: asserted
   }).wait();
  sycl::free(p, q);
}
TEST(MisalignedBlockAccess, AFalseAssertedAlignmentIsAnError) {
  const auto r = run_child("MisalignedAssertedLoad", "XESIM_DEVICE=arc-b580");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("xesim: error: [misaligned-block-access]"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: asserted")), std::string::npos);
}
TEST(MisalignedBlockAccess, ExitCodeIsConfigurable) {
  const auto r = run_child("MisalignedAssertedLoad", "XESIM_EXITCODE=7");
  EXPECT_EQ(r.status, 7) << r.output;
}
TEST(MisalignedBlockAccess, SilentOnAlignment2HybridLoads) {
  const auto r = run_child("AlignedHybridLoad", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
}
// The 16-byte default of the plain SLM store is a warning on every model: all have LSC block
// messages (Intel's DG2 tests store 4 bytes at SLM offset 4 under it).
TEST(MisalignedBlockAccess, Slm16ByteDefaultIsAWarning) {
  for (const char* dev : {"arc-b580", "arc-a770", "meteor-lake"}) {
    const auto r = run_child("SlmStoreDefault16", std::string("XESIM_DEVICE=") + dev);
    EXPECT_EQ(r.status, 0) << r.output;
    EXPECT_NE(r.output.find("xesim: warning: [misaligned-block-access]"), std::string::npos)
        << r.output;
    EXPECT_NE(r.output.find("SlmStore16"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: slm16")), std::string::npos);
    EXPECT_NE(r.output.find("alignment<4>"), std::string::npos) << r.output;
  }
}
TEST(MisalignedBlockAccess, SilentOnSlmReductionWithAlignment4) {
  const auto r = run_child("SlmStoreAlign4", "XESIM_CHECK=full XESIM_DEVICE=arc-a770");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
}

// ------------------------------ out-of-bounds
CHILD_TEST(BlockPastTheEnd) {
  sycl::queue q;
  float* p = sycl::malloc_device<float>(kN, q);
  q.parallel_for<class PastEnd>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     const simd<float, 16> ones(1.f);
     esimd::block_store<float, 16>(p + kN - 8, ones, kAlign4);  // FIRE: past end
   }).wait();
  sycl::free(p, q);
  std::puts("run completed");
}
CHILD_TEST(WrappedGather) {  // a -1 index cast to uint32: lane 0 reads ~4 GB past the base
  sycl::queue q;
  float* p = sycl::malloc_shared<float>(kN, q);
  for (int i = 0; i < kN; ++i) p[i] = 5.f;
  float* out = sycl::malloc_shared<float>(kN, q);
  q.parallel_for<class WrapGather>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     simd<int, 8> idx(-1, 1);
     simd<uint32_t, 8> off = simd<uint32_t, 8>(idx) * sizeof(float);
     simd<float, 8> v = esimd::gather<float, 8>(p, off);  // FIRE: wrapped
     esimd::block_store<float, 8>(out, v, esimd::properties{esimd::alignment<4>});
   }).wait();
  std::printf("lane0=%g lane1=%g\n", out[0], out[1]);
  sycl::free(p, q);
  sycl::free(out, q);
}
CHILD_TEST(ClampedGather) {  // the guide's branchless clamp
  sycl::queue q;
  float* p = sycl::malloc_shared<float>(kN, q);
  float* out = sycl::malloc_shared<float>(kN, q);
  q.parallel_for<class ClampGather>(sycl::range<1>(8), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
     simd<int, 8> idx(int(i[0]) * 8 - 1, 1);
     idx = esimd::max(idx, simd<int, 8>(0));
     idx = esimd::min(idx, simd<int, 8>(kN - 1));
     simd<float, 8> v = esimd::gather<float, 8>(p, simd<uint32_t, 8>(idx) * sizeof(float));
     esimd::block_store<float, 8>(out + i[0] * 8, v, esimd::properties{esimd::alignment<4>});
   }).wait();
  sycl::free(p, q);
  sycl::free(out, q);
}
CHILD_TEST(UseAfterFree) {
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(kN, q);
  sycl::free(p, q);
  q.parallel_for<class AfterFree>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     const simd<uint32_t, 4> offs(0, 4);
     esimd::atomic_update<esimd::atomic_op::inc, int, 4>(p, offs);  // FIRE: freed
   }).wait();
}
CHILD_TEST(HostPointer) {
  sycl::queue q;
  std::vector<float> host(kN, 1.f);
  float* out = sycl::malloc_shared<float>(16, q);
  const float* h = host.data();
  q.parallel_for<class HostPtr>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     esimd::block_store<float, 16>(out, esimd::block_load<float, 16>(h));  // FIRE: host
   }).wait();
  sycl::free(out, q);
}

// A work-item's own stack is its private memory: block and lane ops on a local array (an
// alloca or a plain array) are performed, not reported. The host's stack is not.
CHILD_TEST(PrivateArray) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(32, q);
  q.parallel_for<class Private>(sycl::range<1>(2), [=](sycl::id<1> id) SYCL_ESIMD_KERNEL {
     const int g = static_cast<int>(id[0]);
     int* priv = static_cast<int*>(__builtin_alloca_with_align(16 * sizeof(int), 512));
     esimd::block_store<int, 16>(priv, simd<int, 16>(g * 100, 1));
     const simd<uint32_t, 8> odd(sizeof(int), 2 * sizeof(int));  // lanes 1, 3, ..., 15
     esimd::scatter<int, 8>(priv, odd, esimd::gather<int, 8>(priv, odd) + 1000);
     alignas(64) int local[16];
     esimd::block_store<int, 16>(local, esimd::block_load<int, 16>(priv));
     esimd::block_store<int, 16>(out + 16 * g, esimd::block_load<int, 16>(local));
   }).wait();
  int good = 0;
  for (int g = 0; g < 2; ++g)
    for (int i = 0; i < 16; ++i) good += out[16 * g + i] == g * 100 + i + (i % 2 ? 1000 : 0);
  std::printf("private good=%d\n", good);
  sycl::free(out, q);
}
CHILD_TEST(HostStackPointer) {
  sycl::queue q;
  alignas(64) float host[16] = {};
  float* out = sycl::malloc_shared<float>(16, q);
  const float* h = host;
  q.parallel_for<class HostStack>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     esimd::block_store<float, 16>(out, esimd::block_load<float, 16>(h));  // FIRE: host stack
   }).wait();
  sycl::free(out, q);
}

CHILD_TEST(BlockPrefixInBounds) {  // the part inside the allocation is still read and written
  sycl::queue q;
  int* p = sycl::malloc_shared<int>(20, q);
  int* out = sycl::malloc_shared<int>(16, q);
  for (int i = 0; i < 20; ++i) p[i] = i + 1;
  q.parallel_for<class Prefix>(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     const simd<int, 16> v = esimd::block_load<int, 16>(p + 8, kAlign4);  // FIRE: prefix load
     esimd::block_store<int, 16>(out, v, kAlign4);
     esimd::block_store<int, 16>(p + 12, simd<int, 16>(-1), kAlign4);  // FIRE: prefix store
   }).wait();
  int sum_in = 0, zeros = 0;
  for (int i = 0; i < 12; ++i) sum_in += out[i] == 9 + i;
  for (int i = 12; i < 16; ++i) zeros += out[i] == 0;
  int stored = 0;
  for (int i = 12; i < 20; ++i) stored += p[i] == -1;
  std::printf("loaded=%d zeros=%d stored=%d untouched=%d\n", sum_in, zeros, stored, p[11] == 12);
  sycl::free(p, q);
  sycl::free(out, q);
}
CHILD_TEST(BufferOverrun) {  // Intel's spec-constant test: a 2-element store at the last element
  std::vector<double> host(2, 0.0);
  {
    sycl::queue q;
    sycl::buffer<double, 1> b(host.data(), sycl::range<1>(2));
    q.submit([&](sycl::handler& h) {
       sycl::accessor a(b, h, sycl::write_only);
       h.single_task<class Overrun>([=]() SYCL_ESIMD_KERNEL {
         esimd::block_store<double>(a, sizeof(double), simd<double, 2>(7.5));  // FIRE: buffer
       });
     }).wait();
  }
  std::printf("host=%g,%g\n", host[0], host[1]);
}
CHILD_TEST(HostPtrBuffer) {  // use_host_ptr: the program's memory is the buffer, in bounds
  std::vector<int> host(16, 3);
  {
    sycl::queue q;
    sycl::buffer<int, 1> b(host.data(), sycl::range<1>(16),
                           {sycl::property::buffer::use_host_ptr()});
    q.submit([&](sycl::handler& h) {
       sycl::accessor a(b, h, sycl::read_write);
       h.single_task<class HostPtrBuf>([=]() SYCL_ESIMD_KERNEL {
         const simd<int, 16> v = esimd::block_load<int, 16>(a, 0);
         esimd::block_store<int, 16>(a, 0, v + 1);
       });
     }).wait();
  }
  std::printf("host=%d,%d\n", host[0], host[15]);
}

TEST(OutOfBounds, PerformsThePartOfABlockInsideItsAllocation) {
  const auto r = run_child("BlockPrefixInBounds", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("performed: the 12 leading elements inside it; the rest reads as 0"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("performed: the 8 leading elements inside it; the rest is not written"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: prefix load")),
            std::string::npos);
  EXPECT_NE(r.output.find("loaded=12 zeros=4 stored=8 untouched=1"), std::string::npos)
      << r.output;
}
TEST(OutOfBounds, ABufferOverrunIsAWarningAndKeepsTheInBoundsPart) {
  const auto r = run_child("BufferOverrun", "");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("xesim: warning: [out-of-bounds] block_store"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("runs 8 bytes past the end of its buffer"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: buffer")), std::string::npos);
  EXPECT_NE(r.output.find("host=0,7.5"), std::string::npos) << r.output;
}
TEST(OutOfBounds, SilentOnUseHostPtrBuffers) {
  const auto r = run_child("HostPtrBuffer", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
  EXPECT_NE(r.output.find("host=4,4"), std::string::npos) << r.output;
}
TEST(OutOfBounds, FiresOnABlockPastTheEndAndTheRunCompletes) {
  const auto r = run_child("BlockPastTheEnd", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("xesim: error: [out-of-bounds]"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("runs 32 bytes past the end"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("PastEnd"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: past end")), std::string::npos);
  EXPECT_NE(r.output.find("run completed"), std::string::npos) << r.output;
}
TEST(OutOfBounds, FiresOnAWrappedGatherLaneAndZeroesIt) {
  const auto r = run_child("WrappedGather", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("xesim: error: [out-of-bounds] gather"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("(lane 0, byte offset 4294967292)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("nearest: USM shared allocation"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("WrapGather"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: wrapped")), std::string::npos);
  EXPECT_NE(r.output.find("lane0=0 lane1=5"), std::string::npos) << r.output;  // skipped: 0
}
TEST(OutOfBounds, SilentOnAWorkItemsPrivateArrays) {
  const auto r = run_child("PrivateArray", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
  EXPECT_NE(r.output.find("private good=32"), std::string::npos) << r.output;
}
TEST(OutOfBounds, FiresOnTheHostsStack) {
  const auto r = run_child("HostStackPointer", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("outside every live USM allocation"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: host stack")),
            std::string::npos);
}
TEST(OutOfBounds, FiresOnFreedMemoryAndHostPointers) {
  auto r = run_child("UseAfterFree", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("[out-of-bounds] atomic_update"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("use after free"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: freed")), std::string::npos);
  r = run_child("HostPointer", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("[out-of-bounds] block_load"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("outside every live USM allocation"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: host")), std::string::npos);
}
TEST(OutOfBounds, SilentOnClampedGathers) {
  const auto r = run_child("ClampedGather", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
}

// ------------------------------ slm-not-initialized / slm-out-of-range
CHILD_TEST(SlmNoInit) {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(8, q);
  q.parallel_for<class NoInit>(sycl::nd_range<1>(8, 8), [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
     out[it.get_local_id(0)] = esimd::slm_scalar_load<int>(0);  // FIRE: noinit
   }).wait();
  std::printf("loaded=%d\n", out[3]);
  sycl::free(out, q);
}
CHILD_TEST(SlmPastInit) {
  sycl::queue q;
  q.parallel_for<class PastInit>(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1>
                                                                  it) SYCL_ESIMD_KERNEL {
     esimd::slm_init<1000>();  // the GPU grants 1024 bytes: offset 1024 is past them
     const uint32_t lid = it.get_local_id(0);
     esimd::slm_scatter<int, 4>(simd<uint32_t, 4>(1024 + lid * 16, 4), simd<int, 4>(1));  // FIRE: range
   }).wait();
}
CHILD_TEST(SlmPastInitInStep) {  // Intel's slm_init_no_inline: 32 bytes asked, 128 used
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(32, q);
  q.parallel_for<class InStep>(sycl::nd_range<1>(2, 2), [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
     esimd::slm_init<32>();
     const uint32_t lid = it.get_local_id(0);
     esimd::slm_block_store(lid * 64, simd<int, 16>(lid * 16, 1));  // FIRE: in step
     esimd::barrier();
     if (lid == 0) {
       esimd::block_store(out, esimd::slm_block_load<int, 16>(0));
       esimd::block_store(out + 16, esimd::slm_block_load<int, 16>(64));
     }
   }).wait();
  int good = 0;
  for (int i = 0; i < 32; ++i) good += out[i] == i;
  std::printf("good=%d\n", good);
  sycl::free(out, q);
}
CHILD_TEST(SlmInRange) {
  sycl::queue q;
  q.parallel_for<class InRange>(sycl::nd_range<1>(8, 4), [=](sycl::nd_item<1>
                                                                 it) SYCL_ESIMD_KERNEL {
     esimd::slm_init<64>();
     const uint32_t lid = it.get_local_id(0);
     esimd::slm_scatter<int, 4>(simd<uint32_t, 4>(lid * 16, 4), simd<int, 4>(1));
   }).wait();
}

TEST(SlmNotInitialized, FiresAndLoadsGiveZeros) {
  const auto r = run_child("SlmNoInit", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("xesim: error: [slm-not-initialized]"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("NoInit"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: noinit")), std::string::npos);
  EXPECT_NE(r.output.find("loaded=0"), std::string::npos) << r.output;
}
TEST(SlmOutOfRange, FiresOnTheLaneAndTheRange) {
  const auto r = run_child("SlmPastInit", "");
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_NE(r.output.find("xesim: error: [slm-out-of-range] slm_scatter of 4 bytes at SLM byte "
                          "offset 1024 (lane 0)"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("PastInit"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: range")), std::string::npos);
}
TEST(SlmOutOfRange, PastInitButInsideTheGpusStepIsAWarningAndPerformed) {
  const auto r = run_child("SlmPastInitInStep", "");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("xesim: warning: [slm-out-of-range] slm_block_store"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("the GPU allocates SLM in steps: 1024 bytes"), std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(line_of("memory_rules_test.cpp", "FIRE: in step")), std::string::npos);
  EXPECT_NE(r.output.find("good=32"), std::string::npos) << r.output;
}
TEST(SlmOutOfRange, SilentInRange) {
  const auto r = run_child("SlmInRange", "XESIM_CHECK=full");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
}
TEST(Levels, OffIsSilent) {
  const auto r = run_child("MisalignedHalfLoad", "XESIM_CHECK=off");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_FALSE(check_test::has_diagnostic(r.output)) << r.output;
}
