// Top-k of each row with hmax, pack_mask and fbl: K rounds of "find the maximum, find its first
// lane, record it, knock it out". The row (N = 256 halves) is searched in 32-lane chunks: one
// pack_mask per chunk gives a bit mask, a vectorised fbl gives the first set bit of every chunk,
// and the global index is the smallest chunk hit. Ties go to the lower index.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

#include <xesim/testing.hpp>

using sycl::half;
constexpr int ROWS = 512, N = 256, K = 8, CHUNKS = N / 32;

sycl::event topk(sycl::queue& q, const half* in, half* vals, int* idxs) {
  return q.parallel_for(sycl::range<1>(ROWS), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
    using namespace sycl::ext::intel::esimd;
    const int row = idx[0];
    simd<half, N> v = block_load<half, N>(in + row * N);
    simd<half, K> top_v;
    simd<int, K> top_i;
#pragma unroll
    for (int k = 0; k < K; ++k) {
      const half mx = hmax<half>(v);
      simd<uint32_t, CHUNKS> masks;
#pragma unroll
      for (int c = 0; c < CHUNKS; ++c) {
        simd<half, 32> chunk = v.template select<32, 1>(c * 32);
        masks[c] = pack_mask(chunk == mx);
      }
      simd<uint32_t, CHUNKS> first = fbl(masks);  // 0xFFFFFFFF where a chunk has no match
      simd<int, CHUNKS> bit = first.template bit_cast_view<int>();
      simd<int, CHUNKS> global = bit + simd<int, CHUNKS>(0, 32);
      global.merge(simd<int, CHUNKS>(N), bit == -1);  // no match: out of the running
      const int pos = hmin<int>(global);
      top_v[k] = mx;
      top_i[k] = pos;
      v[pos] = half(-65504.f);  // knock out (FP16 lowest)
    }
    block_store<half, K>(vals + row * K, top_v);
    block_store<int, K>(idxs + row * K, top_i);
  });
}

int main() {
  sycl::queue q;
  half* in = sycl::malloc_shared<half>(ROWS * N, q);
  half* vals = sycl::malloc_shared<half>(ROWS * K, q);
  int* idxs = sycl::malloc_shared<int>(ROWS * K, q);
  xesim::testing::fill_random(in, ROWS * N, -1.f, 1.f, 42);  // FP16 rounding makes ties likely

  topk(q, in, vals, idxs).wait();

  std::vector<float> ref_v(ROWS * K);
  int wrong_idx = 0;
  for (int r = 0; r < ROWS; ++r) {
    std::vector<int> order(N);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return float(in[r * N + a]) > float(in[r * N + b]);  // stable: ties keep the lower index
    });
    for (int k = 0; k < K; ++k) {
      ref_v[r * K + k] = float(in[r * N + order[k]]);
      wrong_idx += idxs[r * K + k] != order[k];
    }
  }
  auto report = xesim::testing::compare(vals, ref_v.data(), ROWS * K);
  std::printf("topk: %d rows of %d halves, k = %d, index mismatches: %d\n", ROWS, N, K, wrong_idx);
  report.print();
  sycl::free(in, q);
  sycl::free(vals, q);
  sycl::free(idxs, q);
  return report.pass && wrong_idx == 0 ? 0 : 1;
}
