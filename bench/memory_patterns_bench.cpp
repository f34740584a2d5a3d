// Real programs' memory patterns (issue 14) as ESIMD kernels launched through sycl::queue, each
// against a plain C++ and a hand-vectorised native on the same threads, and as a fraction of a
// STREAM triad timed in the same process:
//
//   lut_gemv    y = W x with 4-bit weights decoded through a 2 KB table in SLM: slm_block_store +
//               barrier to fill it per group, block_load<uint8_t, 64> of packed weights,
//               slm_gather<float, 16> for the decoded values (the published GEMV's inner loop)
//   histogram   256-bin histogram of bytes: per-group bins in SLM by slm_atomic_update<add>,
//               merged into the global bins by atomic_update<add>
//   scatter     a radix-sort scatter pass: keys and values moved to the positions a one-digit
//               counting sort gave them (16 buckets), scatter<uint32_t, 16>
//
// Each case is checked equal to its natives before it is timed (GEMV within float
// re-association). Build and run: see bench/RESULTS.md, "Memory patterns (issue 14)".
#include <immintrin.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <xesim/runtime/launch.hpp>
#include <xesim/testing.hpp>

#include "harness.hpp"

namespace {

using xesim::bench::runner;
using xesim::bench::work;
namespace esimd = sycl::ext::intel::esimd;

#define BENCH_NOINLINE __attribute__((noinline))

constexpr __mmask16 kAll16 = 0xffff;  // mask forms: g++ 12.2's unmasked ones trip PR 105593

/// tbb::parallel_for over [0, n) in the engine-sized arena; body(begin, end).
template <class Body>
void native_for(std::size_t n, std::size_t grain, const Body& body) {
  xesim::testing::native_arena().execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, grain),
                      [&](const tbb::blocked_range<std::size_t>& r) { body(r.begin(), r.end()); });
  });
}

/// USM shared allocation of n T's (pages touched), freed at scope exit.
template <class T>
struct usm_array {
  usm_array(sycl::queue& q, std::size_t n) : q_(q), p_(sycl::malloc_shared<T>(n, q)) {
    std::memset(static_cast<void*>(p_), 0, n * sizeof(T));
  }
  ~usm_array() { sycl::free(p_, q_); }
  usm_array(const usm_array&) = delete;
  usm_array& operator=(const usm_array&) = delete;
  T* data() const { return p_; }

 private:
  sycl::queue& q_;
  T* p_;
};

std::string mb(double bytes) {
  char b[32];
  std::snprintf(b, sizeof b, "%.0fMB", bytes / 1e6);
  return bytes >= 1e6 ? b : (std::snprintf(b, sizeof b, "%.0fKB", bytes / 1e3), b);
}

// ------------------------------ triad
/// STREAM triad a = b + s*c over three float arrays of `n` (far beyond the caches), on the same
/// threads: the machine's memory bandwidth right now, in GB/s (best of 5).
double triad_gbps(sycl::queue& q, std::size_t n) {
  usm_array<float> a(q, n), b(q, n), c(q, n);
  std::fill(b.data(), b.data() + n, 1.f);
  std::fill(c.data(), c.data() + n, 2.f);
  double best = 1e30;
  for (int r = 0; r < 5; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    native_for(n, 1 << 16, [&](std::size_t lo, std::size_t hi) {
      float* __restrict pa = a.data();
      const float* __restrict pb = b.data();
      const float* __restrict pc = c.data();
      for (std::size_t i = lo; i < hi; ++i) pa[i] = pb[i] + 3.f * pc[i];
    });
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
                              .count());
  }
  return 3.0 * static_cast<double>(n) * sizeof(float) / best / 1e9;
}

/// Prints a case's bandwidth as a fraction of the triad, and appends it to the case list.
struct triad_report {
  double triad = 0;
  std::string lines;
  void add(const std::string& name, const xesim::bench::result3& r) {
    if (r.esimd_best_s <= 0) return;
    const double gbps = r.w.bytes / r.esimd_best_s / 1e9;
    char b[256];
    std::snprintf(b, sizeof b, "triad %s | esimd %.1f GB/s = %.0f%% of triad %.1f GB/s | "
                  "plain %.0f%% | hand %.0f%%\n", name.c_str(), gbps, 100 * gbps / triad, triad,
                  100 * r.w.bytes / r.plain_best_s / 1e9 / triad,
                  100 * r.w.bytes / r.hand_best_s / 1e9 / triad);
    std::fputs(b, stdout);
    lines += b;
  }
};

// ------------------------------ lut_gemv
namespace lut {
constexpr int kGroup = 8;      // work-items per group: one row each; they fill the table together
constexpr int kTable = 512;    // floats: entry 2b = code[b & 15], 2b + 1 = code[b >> 4]
constexpr int kBytes = 64;     // packed weight bytes per block load (128 weights)

/// y[r] = sum_j table[2 w[r][j]] x[2j] + table[2 w[r][j] + 1] x[2j + 1] (K/2 bytes per row).
BENCH_NOINLINE void esimd_gemv(sycl::queue& q, int rows, int k, const uint8_t* w,
                               const float* table, const float* x, float* y) {
  q.parallel_for(sycl::nd_range<1>(rows, kGroup), [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
     using namespace sycl::ext::intel::esimd;
     slm_init<kTable * sizeof(float)>();
     const int lid = static_cast<int>(it.get_local_id(0));
     constexpr int kSlice = kTable / kGroup;
     slm_block_store<float, kSlice>(lid * kSlice * sizeof(float),
                                    block_load<float, kSlice>(table + lid * kSlice));
     barrier();
     const int row = static_cast<int>(it.get_global_id(0));
     const uint8_t* wr = w + static_cast<std::size_t>(row) * (k / 2);
     simd<float, 16> acc(0.f);
     for (int j0 = 0; j0 < k / 2; j0 += kBytes) {
       simd<uint8_t, kBytes> wb = block_load<uint8_t, kBytes>(wr + j0);
#pragma unroll
       for (int s = 0; s < kBytes / 16; ++s) {
         simd<uint32_t, 16> off = convert<uint32_t>(wb.select<16, 1>(s * 16).read()) * 8;
         simd<float, 16> lo = slm_gather<float, 16>(off);
         simd<float, 16> hi = slm_gather<float, 16>(off + 4);
         simd<float, 32> xv = block_load<float, 32>(x + 2 * (j0 + s * 16));
         acc += lo * xv.select<16, 2>(0) + hi * xv.select<16, 2>(1);
       }
     }
     y[row] = reduce<float>(acc, std::plus<>());
   }).wait();
}

BENCH_NOINLINE void plain_gemv(int rows, int k, const uint8_t* w, const float* table,
                               const float* x, float* y) {
  native_for(rows, 8, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t r = lo; r < hi; ++r) {
      const uint8_t* wr = w + r * (k / 2);
      float acc = 0.f;
      for (int j = 0; j < k / 2; ++j)
        acc += table[2 * wr[j]] * x[2 * j] + table[2 * wr[j] + 1] * x[2 * j + 1];
      y[r] = acc;
    }
  });
}

/// AVX-512: 16 bytes widened to dword indices, two gathers from the table, the x pair split by
/// two permutes, two FMAs; the 16 lanes summed at the row's end.
BENCH_NOINLINE void hand_gemv(int rows, int k, const uint8_t* w, const float* table,
                              const float* x, float* y) {
  native_for(rows, 8, [&](std::size_t lo, std::size_t hi) {
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28,
                                           30);
    const __m512i odd = _mm512_add_epi32(even, _mm512_set1_epi32(1));
    for (std::size_t r = lo; r < hi; ++r) {
      const uint8_t* wr = w + r * (k / 2);
      __m512 acc = _mm512_setzero_ps();
      for (int j = 0; j < k / 2; j += 16) {
        const __m512i idx =
            _mm512_maskz_cvtepu8_epi32(kAll16, _mm_loadu_si128(reinterpret_cast<const __m128i*>(wr + j)));
        const __m512 lo_v = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), kAll16, idx, table, 8);
        const __m512 hi_v = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), kAll16, idx, table + 1, 8);
        const __m512 x0 = _mm512_loadu_ps(x + 2 * j), x1 = _mm512_loadu_ps(x + 2 * j + 16);
        acc = _mm512_fmadd_ps(lo_v, _mm512_permutex2var_ps(x0, even, x1), acc);
        acc = _mm512_fmadd_ps(hi_v, _mm512_permutex2var_ps(x0, odd, x1), acc);
      }
      alignas(64) float lanes[16];
      _mm512_store_ps(lanes, acc);
      float sum = 0.f;
      for (float v : lanes) sum += v;
      y[r] = sum;
    }
  });
}

bool agree(const char* what, int rows, const float* a, const float* b) {
  for (int r = 0; r < rows; ++r)
    if (std::fabs(a[r] - b[r]) > 1e-3f * (1.f + std::fabs(b[r]))) {
      std::fprintf(stderr, "%s: row %d: %.6f vs %.6f\n", what, r, a[r], b[r]);
      return false;
    }
  return true;
}

void run_case(runner& run, triad_report& tr, sycl::queue& q, const char* size, int rows, int k) {
  const std::size_t wbytes = static_cast<std::size_t>(rows) * k / 2;
  const std::string name = std::string("lut_gemv ") + size + " " + mb(double(wbytes));
  if (!run.wants(name)) return;
  usm_array<uint8_t> w(q, wbytes);
  usm_array<float> table(q, kTable), x(q, k), ye(q, rows), yp(q, rows), yh(q, rows);
  std::srand(42);
  for (std::size_t i = 0; i < wbytes; ++i) w.data()[i] = static_cast<uint8_t>(std::rand());
  float code[16];
  for (int c = 0; c < 16; ++c) code[c] = (c - 7.5f) / 8.f;  // a symmetric 4-bit codebook
  for (int b = 0; b < 256; ++b) {
    table.data()[2 * b] = code[b & 15];
    table.data()[2 * b + 1] = code[b >> 4];
  }
  xesim::testing::fill_random(x.data(), k, -1.f, 1.f, 43);
  esimd_gemv(q, rows, k, w.data(), table.data(), x.data(), ye.data());
  plain_gemv(rows, k, w.data(), table.data(), x.data(), yp.data());
  hand_gemv(rows, k, w.data(), table.data(), x.data(), yh.data());
  if (!agree(name.c_str(), rows, ye.data(), yp.data()) ||
      !agree((name + " hand").c_str(), rows, yh.data(), yp.data()))
    return run.fail(name);
  tr.add(name,
         run.compare3(
             name, [&] { esimd_gemv(q, rows, k, w.data(), table.data(), x.data(), ye.data()); },
             [&] { plain_gemv(rows, k, w.data(), table.data(), x.data(), yp.data()); },
             [&] { hand_gemv(rows, k, w.data(), table.data(), x.data(), yh.data()); },
             work{double(wbytes + k * sizeof(float) + rows * sizeof(float)), 4.0 * rows * k}));
}
}  // namespace lut

// ------------------------------ histogram
namespace hist {
constexpr int kGroup = 8;       // work-items per group share one SLM histogram
constexpr int kChunk = 4096;    // bytes per work-item
constexpr int kBins = 256;

BENCH_NOINLINE void esimd_hist(sycl::queue& q, std::size_t n, const uint8_t* data,
                               uint32_t* bins) {
  std::memset(bins, 0, kBins * sizeof(uint32_t));
  q.parallel_for(sycl::nd_range<1>(n / kChunk, kGroup), [=](sycl::nd_item<1> it)
                                                           SYCL_ESIMD_KERNEL {
     using namespace sycl::ext::intel::esimd;
     slm_init<kBins * sizeof(uint32_t)>();
     const int lid = static_cast<int>(it.get_local_id(0));
     constexpr int kSlice = kBins / kGroup;  // bins each work-item clears and merges
     slm_block_store<uint32_t, kSlice>(lid * kSlice * 4, simd<uint32_t, kSlice>(0));
     barrier();
     const uint8_t* p = data + it.get_global_id(0) * kChunk;
     const simd<uint32_t, 16> one(1);
     for (int i = 0; i < kChunk; i += 64) {
       simd<uint8_t, 64> b = block_load<uint8_t, 64>(p + i);
#pragma unroll
       for (int s = 0; s < 4; ++s) {
         simd<uint32_t, 16> off = convert<uint32_t>(b.select<16, 1>(16 * s).read()) * 4;
         slm_atomic_update<atomic_op::add, uint32_t, 16>(off, one);
       }
     }
     barrier();
     simd<uint32_t, kSlice> mine = slm_block_load<uint32_t, kSlice>(lid * kSlice * 4);
     simd<uint32_t, kSlice> idx(lid * kSlice * 4, 4);
     atomic_update<atomic_op::add, uint32_t, kSlice>(bins, idx, mine);
   }).wait();
}

BENCH_NOINLINE void plain_hist(std::size_t n, const uint8_t* data, uint32_t* bins) {
  std::memset(bins, 0, kBins * sizeof(uint32_t));
  native_for(n, 1 << 15, [&](std::size_t lo, std::size_t hi) {
    uint32_t local[kBins] = {};
    for (std::size_t i = lo; i < hi; ++i) ++local[data[i]];
    for (int b = 0; b < kBins; ++b)
      std::atomic_ref<uint32_t>(bins[b]).fetch_add(local[b], std::memory_order_relaxed);
  });
}

/// What a careful engineer writes: four sub-histograms (a byte run of one value no longer chains
/// one counter's increments), 8 bytes read per load.
BENCH_NOINLINE void hand_hist(std::size_t n, const uint8_t* data, uint32_t* bins) {
  std::memset(bins, 0, kBins * sizeof(uint32_t));
  native_for(n, 1 << 15, [&](std::size_t lo, std::size_t hi) {
    uint32_t local[4][kBins] = {};
    std::size_t i = lo;
    for (; i + 8 <= hi; i += 8) {
      uint64_t v;
      std::memcpy(&v, data + i, 8);
      for (int j = 0; j < 8; j += 4) {
        ++local[0][(v >> (8 * j)) & 255];
        ++local[1][(v >> (8 * j + 8)) & 255];
        ++local[2][(v >> (8 * j + 16)) & 255];
        ++local[3][(v >> (8 * j + 24)) & 255];
      }
    }
    for (; i < hi; ++i) ++local[0][data[i]];
    for (int b = 0; b < kBins; ++b)
      std::atomic_ref<uint32_t>(bins[b]).fetch_add(
          local[0][b] + local[1][b] + local[2][b] + local[3][b], std::memory_order_relaxed);
  });
}

void run_case(runner& run, triad_report& tr, sycl::queue& q, const char* size, std::size_t n) {
  const std::string name = std::string("histogram ") + size + " " + mb(double(n));
  if (!run.wants(name)) return;
  usm_array<uint8_t> data(q, n);
  usm_array<uint32_t> be(q, kBins), bp(q, kBins), bh(q, kBins);
  std::srand(42);
  for (std::size_t i = 0; i < n; ++i)  // skewed like real data: low values more common
    data.data()[i] = static_cast<uint8_t>((std::rand() % 256) * (std::rand() % 256) / 256);
  esimd_hist(q, n, data.data(), be.data());
  plain_hist(n, data.data(), bp.data());
  hand_hist(n, data.data(), bh.data());
  for (int b = 0; b < kBins; ++b)
    if (be.data()[b] != bp.data()[b] || bh.data()[b] != bp.data()[b]) {
      std::fprintf(stderr, "%s: bin %d: esimd %u plain %u hand %u\n", name.c_str(), b,
                   be.data()[b], bp.data()[b], bh.data()[b]);
      return run.fail(name);
    }
  tr.add(name, run.compare3(
                   name, [&] { esimd_hist(q, n, data.data(), be.data()); },
                   [&] { plain_hist(n, data.data(), bp.data()); },
                   [&] { hand_hist(n, data.data(), bh.data()); }, work{double(n), 0}));
}
}  // namespace hist

// ------------------------------ scatter pass
namespace scat {
constexpr int kPerItem = 256;  // keys per work-item, 16 per scatter

BENCH_NOINLINE void esimd_pass(sycl::queue& q, std::size_t n, const uint32_t* keys,
                               const uint32_t* vals, const uint32_t* dest, uint32_t* okeys,
                               uint32_t* ovals) {
  q.parallel_for(sycl::range<1>(n / kPerItem), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
     using namespace sycl::ext::intel::esimd;
     const std::size_t base = i[0] * kPerItem;
#pragma unroll 4
     for (int s = 0; s < kPerItem; s += 16) {
       simd<uint32_t, 16> at = block_load<uint32_t, 16>(dest + base + s) * 4;
       scatter<uint32_t, 16>(okeys, at, block_load<uint32_t, 16>(keys + base + s));
       scatter<uint32_t, 16>(ovals, at, block_load<uint32_t, 16>(vals + base + s));
     }
   }).wait();
}

BENCH_NOINLINE void plain_pass(std::size_t n, const uint32_t* keys, const uint32_t* vals,
                               const uint32_t* dest, uint32_t* okeys, uint32_t* ovals) {
  native_for(n, 1 << 14, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i < hi; ++i) {
      okeys[dest[i]] = keys[i];
      ovals[dest[i]] = vals[i];
    }
  });
}

BENCH_NOINLINE void hand_pass(std::size_t n, const uint32_t* keys, const uint32_t* vals,
                              const uint32_t* dest, uint32_t* okeys, uint32_t* ovals) {
  native_for(n, 1 << 14, [&](std::size_t lo, std::size_t hi) {
    std::size_t i = lo;
    for (; i + 16 <= hi; i += 16) {
      const __m512i d = _mm512_loadu_si512(dest + i);
      _mm512_i32scatter_epi32(okeys, d, _mm512_loadu_si512(keys + i), 4);
      _mm512_i32scatter_epi32(ovals, d, _mm512_loadu_si512(vals + i), 4);
    }
    for (; i < hi; ++i) {
      okeys[dest[i]] = keys[i];
      ovals[dest[i]] = vals[i];
    }
  });
}

void run_case(runner& run, triad_report& tr, sycl::queue& q, const char* size, std::size_t n) {
  const std::string name = std::string("scatter ") + size + " " + mb(double(n) * 20);
  if (!run.wants(name)) return;
  usm_array<uint32_t> keys(q, n), vals(q, n), dest(q, n), ke(q, n), ve(q, n), kp(q, n), vp(q, n),
      kh(q, n), vh(q, n);
  std::srand(42);
  for (std::size_t i = 0; i < n; ++i) {
    keys.data()[i] = static_cast<uint32_t>(std::rand()) * 2654435761u;
    vals.data()[i] = static_cast<uint32_t>(i);
  }
  // A stable counting sort on the key's digit (bits 8..11): the positions of this pass.
  std::size_t start[16] = {};
  for (std::size_t i = 0; i < n; ++i) ++start[(keys.data()[i] >> 8) & 15];
  for (std::size_t d = 0, sum = 0; d < 16; ++d) std::swap(start[d], sum), sum += start[d];
  for (std::size_t i = 0; i < n; ++i)
    dest.data()[i] = static_cast<uint32_t>(start[(keys.data()[i] >> 8) & 15]++);
  esimd_pass(q, n, keys.data(), vals.data(), dest.data(), ke.data(), ve.data());
  plain_pass(n, keys.data(), vals.data(), dest.data(), kp.data(), vp.data());
  hand_pass(n, keys.data(), vals.data(), dest.data(), kh.data(), vh.data());
  for (std::size_t i = 0; i < n; ++i)
    if (ke.data()[i] != kp.data()[i] || ve.data()[i] != vp.data()[i] ||
        kh.data()[i] != kp.data()[i] || vh.data()[i] != vp.data()[i]) {
      std::fprintf(stderr, "%s: element %zu differs\n", name.c_str(), i);
      return run.fail(name);
    }
  // Bytes: keys, values and positions read, keys and values written (write-allocate not counted).
  tr.add(name, run.compare3(
                   name,
                   [&] { esimd_pass(q, n, keys.data(), vals.data(), dest.data(), ke.data(),
                                    ve.data()); },
                   [&] { plain_pass(n, keys.data(), vals.data(), dest.data(), kp.data(),
                                    vp.data()); },
                   [&] { hand_pass(n, keys.data(), vals.data(), dest.data(), kh.data(),
                                   vh.data()); },
                   work{double(n) * 20, 0}));
}
}  // namespace scat

}  // namespace

int main(int argc, char** argv) {
  runner run(argc, argv);
  sycl::queue q;
  triad_report tr;
  tr.triad = triad_gbps(q, std::size_t(1) << 24);  // 3 x 64 MB
  std::printf("memory_patterns_bench: %d threads (XESIM_THREADS), device %s, triad %.1f GB/s\n",
              xesim::rt::thread_count(),
              q.get_device().get_info<sycl::info::device::name>().c_str(), tr.triad);
  lut::run_case(run, tr, q, "L2", 256, 2048);          // weights 256 KB
  lut::run_case(run, tr, q, "mem", 16384, 8192);       // weights 64 MB
  hist::run_case(run, tr, q, "L2", std::size_t(1) << 19);   // 512 KB
  hist::run_case(run, tr, q, "mem", std::size_t(1) << 26);  // 64 MB
  scat::run_case(run, tr, q, "L2", std::size_t(1) << 15);   // 640 KB moved
  scat::run_case(run, tr, q, "mem", std::size_t(1) << 22);  // 84 MB moved
  return run.finish();
}
