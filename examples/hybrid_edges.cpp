// The guide's hybrid scalar/vector strategy: a sliding-window max (window 16, stride 4, start -1)
// where windows that cross a row edge take a plain scalar path and all others one vector load.
// The vector loads start at arbitrary half offsets, so they assert only 2-byte alignment.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <xesim/testing.hpp>

using sycl::half;
constexpr int ROWS = 128, LEN = 2050, WIN = 16, STRIDE = 4;
constexpr int OUT = (LEN + 1) / STRIDE;

sycl::event window_max(sycl::queue& q, const half* in, half* out) {
  return q.parallel_for(sycl::range<1>(ROWS), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
    using namespace sycl::ext::intel::esimd;
    const half* src = in + idx[0] * LEN;
    half* dst = out + idx[0] * OUT;
    for (int i = 0; i < OUT; ++i) {
      int start = i * STRIDE - 1, end = start + WIN;
      if (start < 0 || end > LEN) {  // edge: scalar and obviously correct
        start = std::max(0, start);
        end = std::min(LEN, end);
        float m = -INFINITY;
        for (int j = start; j < end; ++j) m = std::max(m, float(src[j]));
        dst[i] = half(m);
      } else {  // hot path: one 32-byte load at any half offset
        simd<half, WIN> v = block_load<half, WIN>(src + start, properties{alignment<2>});
        dst[i] = half(hmax<float>(convert<float>(v)));
      }
    }
  });
}

int main() {
  sycl::queue q;
  half* in = sycl::malloc_shared<half>(ROWS * LEN, q);
  half* out = sycl::malloc_shared<half>(ROWS * OUT, q);
  xesim::testing::fill_random(in, ROWS * LEN, -8.f, 8.f, 42);

  window_max(q, in, out).wait();

  std::vector<float> ref(ROWS * OUT);
  for (int r = 0; r < ROWS; ++r)
    for (int i = 0; i < OUT; ++i) {
      float m = -INFINITY;
      for (int j = std::max(0, i * STRIDE - 1); j < std::min(LEN, i * STRIDE - 1 + WIN); ++j)
        m = std::max(m, float(in[r * LEN + j]));
      ref[r * OUT + i] = m;
    }
  const auto report = xesim::testing::compare(out, ref.data(), ROWS * OUT);
  std::printf("hybrid_edges: %d rows of %d, window %d stride %d -> %d outputs per row\n", ROWS, LEN,
              WIN, STRIDE, OUT);
  report.print();
  sycl::free(in, q);
  sycl::free(out, q);
  return report.pass ? 0 : 1;
}
