// Cost of the checking levels (issue 4 "Speed"): each of the guide's memory patterns launched
// through sycl::queue at XESIM_CHECK=basic and =full against the same launch at off, alternating
// in one process (harness.hpp: the "esimd" column is the checked level, "native" is off; the
// ratio is checked/off). Targets: basic <= 1.3x, full <= 5x.
//
//   rows        range launch, 4 block_load + 4 block_store of 128 floats per work-item
//   hybrid      alignment<2> half block loads at every offset (the guide's hybrid edges)
//   gather      32-lane half gathers with clamped offsets (the guide's batch gather)
//   slm_reduce  nd_range, 8 items per row: partial sums through SLM (alignment<4>) + barrier
//
// Build and run: see bench/RESULTS.md, section "Checks".
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <xesim/check/check.hpp>

#include "harness.hpp"

namespace esimd = sycl::ext::intel::esimd;
using esimd::simd;
using sycl::half;
namespace chk = xesim::check;

namespace {

constexpr int kRows = 2048, kRowLen = 512, kG = 8;

void rows(sycl::queue& q, const float* x, float* y) {
  q.parallel_for<class CheckRows>(sycl::range<1>(kRows), [=](sycl::id<1> r) SYCL_ESIMD_KERNEL {
     const float* src = x + r[0] * kRowLen;
     float* dst = y + r[0] * kRowLen;
     for (int i = 0; i < kRowLen; i += 128) {
       simd<float, 128> v = esimd::block_load<float, 128>(src + i);
       esimd::block_store<float, 128>(dst + i, v * 2.f, esimd::properties{esimd::alignment<16>});
     }
   }).wait();
}

void hybrid(sycl::queue& q, const half* x, float* y) {
  q.parallel_for<class CheckHybrid>(sycl::range<1>(kRows), [=](sycl::id<1> r) SYCL_ESIMD_KERNEL {
     const half* src = x + r[0] * kRowLen;
     simd<float, 16> best(-1e30f);
     for (int s = 0; s + 16 <= kRowLen; s += 4) {
       simd<half, 16> v =
           esimd::block_load<half, 16>(src + s, esimd::properties{esimd::alignment<2>});
       best = esimd::max(best, simd<float, 16>(v));
     }
     esimd::block_store<float, 16>(y + r[0] * 16, best, esimd::properties{esimd::alignment<4>});
   }).wait();
}

void gather(sycl::queue& q, const half* x, float* y) {
  q.parallel_for<class CheckGather>(sycl::range<1>(kRows), [=](sycl::id<1> r) SYCL_ESIMD_KERNEL {
     const half* src = x + r[0] * kRowLen;
     simd<float, 32> acc(0.f);
     for (int b = 0; b < kRowLen / 2; b += 32) {
       simd<int, 32> idx(2 * b - 1, 2);
       idx = esimd::max(idx, simd<int, 32>(0));
       idx = esimd::min(idx, simd<int, 32>(kRowLen - 1));
       acc += simd<float, 32>(esimd::gather<half, 32>(src, simd<uint32_t, 32>(idx) * 2u));
     }
     esimd::block_store<float, 32>(y + r[0] * 32, acc, esimd::properties{esimd::alignment<4>});
   }).wait();
}

void slm_reduce(sycl::queue& q, const float* x, float* y) {
  q.parallel_for<class CheckSlm>(sycl::nd_range<1>(kRows * kG, kG), [=](sycl::nd_item<1>
                                                                            it) SYCL_ESIMD_KERNEL {
     esimd::slm_init<kG * sizeof(float)>();
     const uint32_t lid = it.get_local_id(0), row = it.get_group(0);
     const float* src = x + row * kRowLen + lid * (kRowLen / kG);
     simd<float, kRowLen / kG> v = esimd::block_load<float, kRowLen / kG>(src);
     esimd::slm_block_store<float, 1>(lid * sizeof(float),
                                      simd<float, 1>(esimd::reduce<float>(v, std::plus<>())),
                                      esimd::properties{esimd::alignment<4>});
     esimd::barrier();
     if (lid == 0)
       y[row] = esimd::reduce<float>(esimd::slm_block_load<float, kG>(0), std::plus<>());
   }).wait();
}

}  // namespace

int main(int argc, char** argv) {
  xesim::bench::runner run(argc, argv);
  sycl::queue q;
  float* xf = sycl::malloc_shared<float>(kRows * kRowLen, q);
  float* yf = sycl::malloc_shared<float>(kRows * kRowLen, q);
  half* xh = sycl::malloc_shared<half>(kRows * kRowLen, q);
  for (int i = 0; i < kRows * kRowLen; ++i) {
    xf[i] = float(i % 97) * 0.25f;
    xh[i] = half(float(i % 89) * 0.5f);
  }
  const double bytes = double(kRows) * kRowLen * 4 * 2;
  struct level_case {
    const char* name;
    chk::level level;
    double target;
  };
  for (const level_case lc :
       {level_case{"basic", chk::level::basic, 1.3}, level_case{"full", chk::level::full, 5.0}}) {
    auto at = [&](chk::level l, auto&& f) {
      return [&, l] {
        chk::set_level(l);
        f();
      };
    };
    const std::string lv = lc.name;
    auto r = [&] { rows(q, xf, yf); };
    auto h = [&] { hybrid(q, xh, yf); };
    auto g = [&] { gather(q, xh, yf); };
    auto s = [&] { slm_reduce(q, xf, yf); };
    run.compare("rows " + lv + "/off", at(lc.level, r), at(chk::level::off, r), {.bytes = bytes},
                lc.target);
    run.compare("hybrid " + lv + "/off", at(lc.level, h), at(chk::level::off, h), {}, lc.target);
    run.compare("gather " + lv + "/off", at(lc.level, g), at(chk::level::off, g), {}, lc.target);
    run.compare("slm_reduce " + lv + "/off", at(lc.level, s), at(chk::level::off, s), {},
                lc.target);
  }
  chk::set_level(chk::level::basic);
  if (chk::error_count() != 0) run.fail("the benchmark kernels reported check errors");
  sycl::free(xf, q);
  sycl::free(yf, q);
  sycl::free(xh, q);
  return run.finish();
}
