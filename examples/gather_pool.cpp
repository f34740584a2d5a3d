// Pattern 3 of the guide: batch gather with branchless clamped offsets. 1D max pooling over each
// row (window 3, stride 2, padding 1): 32 outputs at a time, each lane gathering its window start
// and neighbours. Offsets are clamped into the row before the cast to uint32_t, so a -1 never
// wraps to 4 GiB; re-reading an edge element is harmless for max.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include <xesim/testing.hpp>

using sycl::half;
constexpr int ROWS = 256, LEN = 1000, WIN = 3, STRIDE = 2, PAD = 1;
constexpr int OUT = (LEN + 2 * PAD - WIN) / STRIDE + 1;  // 500
constexpr int BS = 32;                                   // one gather of 32 halves

sycl::event max_pool(sycl::queue& q, const half* in, half* out) {
  return q.parallel_for(sycl::range<1>(ROWS), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
    using namespace sycl::ext::intel::esimd;
    const int row = idx[0];
    const half* src = in + row * LEN;
    const simd<int, BS> rel = simd<int, BS>(0, 1) * STRIDE;  // 0, S, 2S, ...
    for (int o = 0; o < OUT; o += BS) {
      simd<float, BS> best = -INFINITY;
#pragma unroll
      for (int w = 0; w < WIN; ++w) {
        simd<int, BS> offs = rel + (o * STRIDE - PAD + w);
        offs = max(offs, 0);        // clamp low: no negative index reaches the cast
        offs = min(offs, LEN - 1);  // clamp high
        simd<half, BS> v = gather<half, BS>(src, simd<uint32_t, BS>(offs) * sizeof(half));
        best = max(best, convert<float>(v));
      }
      simd<half, BS> res = convert<half>(best);
      const int n = std::min(BS, OUT - o);
      if (n == BS)
        block_store<half, BS>(out + row * OUT + o, res, properties{alignment<2>});
      else
        for (int i = 0; i < n; ++i) out[row * OUT + o + i] = res[i];  // scalar tail
    }
  });
}

int main() {
  sycl::queue q;
  half* in = sycl::malloc_shared<half>(ROWS * LEN, q);
  half* out = sycl::malloc_shared<half>(ROWS * OUT, q);
  xesim::testing::fill_random(in, ROWS * LEN, -4.f, 4.f, 42);

  max_pool(q, in, out).wait();

  std::vector<float> ref(ROWS * OUT);
  for (int r = 0; r < ROWS; ++r)
    for (int o = 0; o < OUT; ++o) {
      float m = -INFINITY;
      for (int w = 0; w < WIN; ++w) {
        const int i = o * STRIDE - PAD + w;
        if (i >= 0 && i < LEN) m = std::max(m, float(in[r * LEN + i]));
      }
      ref[r * OUT + o] = m;
    }
  const auto report = xesim::testing::compare(out, ref.data(), ROWS * OUT);
  std::printf("gather_pool: %d rows, %d -> %d outputs, window %d stride %d pad %d\n", ROWS, LEN,
              OUT, WIN, STRIDE, PAD);
  report.print();
  sycl::free(in, q);
  sycl::free(out, q);
  return report.pass ? 0 : 1;
}
