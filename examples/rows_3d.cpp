// Pattern 1 of the guide: independent threads over a 3D range. Each work-item owns one
// (batch, head, position) row of ROW half values and scales it by per-column weights in FP32:
// y = half(float(x) * float(w)). No SLM, no barrier: range<3>, one 256-byte block load per row.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdio>
#include <vector>

#include <xesim/testing.hpp>

using sycl::half;
constexpr int BATCH = 2, HEADS = 8, SEQ = 64, ROW = 128;  // ROW halves = 256 B per work-item

sycl::event scale_rows(sycl::queue& q, const half* x, const half* w, half* y) {
  return q.parallel_for(sycl::range<3>(BATCH, HEADS, SEQ), [=](sycl::id<3> idx) SYCL_ESIMD_KERNEL {
    using namespace sycl::ext::intel::esimd;
    const int row = (idx[0] * HEADS + idx[1]) * SEQ + idx[2];  // indices map straight to data
    simd<half, ROW> xv = block_load<half, ROW>(x + row * ROW);
    simd<half, ROW> wv = block_load<half, ROW>(w);
    simd<float, ROW> yv = convert<float>(xv) * convert<float>(wv);  // FP32 math
    block_store<half, ROW>(y + row * ROW, convert<half>(yv));
  });
}

int main() {
  sycl::queue q;
  constexpr int kRows = BATCH * HEADS * SEQ, kElems = kRows * ROW;
  half* x = sycl::malloc_shared<half>(kElems, q);
  half* w = sycl::malloc_shared<half>(ROW, q);
  half* y = sycl::malloc_shared<half>(kElems, q);
  xesim::testing::fill_random(x, kElems, -1.f, 1.f, 42);
  xesim::testing::fill_random(w, ROW, 0.5f, 2.f, 7);

  scale_rows(q, x, w, y).wait();

  std::vector<float> ref(kElems);
  for (int r = 0; r < kRows; ++r)
    for (int c = 0; c < ROW; ++c) ref[r * ROW + c] = float(x[r * ROW + c]) * float(w[c]);
  const auto report = xesim::testing::compare(y, ref.data(), kElems);
  std::printf("rows_3d: %d rows of %d halves on %s\n", kRows, ROW,
              q.get_device().get_info<sycl::info::device::name>().c_str());
  report.print();
  sycl::free(x, q);
  sycl::free(w, q);
  sycl::free(y, q);
  return report.pass ? 0 : 1;
}
