// The guide's five patterns (examples/*.cpp) as ESIMD kernels launched through sycl::queue, exactly
// as a user writes them, against the same work in native C++ on the same number of threads
// (issue 3 "Speed"). Targets: <= 1.5x for every case, <= 1.2x for the memory-bound ones.
//
//   rows_3d        range<3>, one 128-half row per work-item: y = half(float(x) * float(w))
//   slm_reduction  nd_range, 8 work-items per row of a GEMV, partial sums through SLM + barrier
//   gather_pool    1D max pool (window 3, stride 2, pad 1) by 32-lane gathers with clamped offsets
//   hybrid_edges   sliding-window max (window 16, stride 4): scalar at the edges, alignment<2>
//                  vector loads inside
//   topk           top-8 of 256 halves per row with hmax / pack_mask / fbl
//
// Each pattern runs in two sizes: "L2" (the whole working set fits in the two cores' L2: compute
// and per-item overhead show) and "mem" (far beyond L2 and L3: the four streaming patterns are
// memory bound there; topk stays compute bound, 8 passes over a row held in registers).
//
// Two native sides, both checked equal to the ESIMD results before timing, both timed in the
// same alternation (bench/harness.hpp measure3):
// - plain C++ (the baseline, "the same work in plain native C++"): straightforward loops
//   over _Float16 / float data as written for g++ -O2 -march=native, no intrinsics;
// - hand-vectorised (the harder bar, below).
// Hand-vectorised side: what a careful engineer writes for -O2 -march=native, parallelised with oneTBB
// tbb::parallel_for over rows in an arena of xesim::rt::thread_count() threads
// (xesim::testing::native_arena(): XESIM_THREADS, like the engine). half data is converted 16
// lanes at a time with AVX-512 (vcvtph2ps / vcvtps2ph), never one element at a time (g++ 12
// leaves _Float16 loops scalar, DESIGN.md). Every case checks that both sides give the same
// results (bit-identical; GEMV within float re-association) before it is timed.
//
// Build and run: see bench/RESULTS.md, section "Guide patterns (issue 3)".
#include <immintrin.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
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

using sycl::half;
using xesim::bench::runner;
using xesim::bench::work;

#define BENCH_NOINLINE __attribute__((noinline))

constexpr __mmask16 kAll16 = 0xffff;  // maskz forms: g++ 12.2's plain cvtph/cvtps trip PR 105593
constexpr int kRne = _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC;

/// 16 halves at p as floats (vcvtph2ps zmm).
inline __m512 load_f16x16(const void* p) {
  return _mm512_maskz_cvtph_ps(kAll16, _mm256_loadu_si256(static_cast<const __m256i*>(p)));
}
/// 16 floats rounded to half (RNE) and stored at p (vcvtps2ph zmm).
inline void store_f16x16(void* p, __m512 v) {
  _mm256_storeu_si256(static_cast<__m256i*>(p), _mm512_maskz_cvtps_ph(kAll16, v, kRne));
}
/// One float rounded to half, as raw bits (vcvtps2ph xmm).
inline std::uint16_t f16_bits(float f) { return static_cast<std::uint16_t>(_cvtss_sh(f, kRne)); }
/// One half as float (vcvtph2ps xmm).
inline float f16_to_float(const half& h) {
  std::uint16_t b;
  std::memcpy(&b, &h, sizeof b);
  return _cvtsh_ss(b);
}

/// max / horizontal max / horizontal sum of 16 floats. The zero-masking forms with an all-ones
/// mask are the plain instructions; the plain intrinsics (_mm512_max_ps, _mm512_reduce_*_ps)
/// pass _mm512_undefined_ps() and trip -Wmaybe-uninitialized in g++ 12.2 (PR 105593).
inline __m512 max16(__m512 a, __m512 b) { return _mm512_maskz_max_ps(kAll16, a, b); }
inline float hmax16(__m512 v) {
  v = max16(v, _mm512_maskz_shuffle_f32x4(kAll16, v, v, 0x4E));  // 256-bit halves
  v = max16(v, _mm512_maskz_shuffle_f32x4(kAll16, v, v, 0xB1));  // 128-bit quarters
  v = max16(v, _mm512_maskz_permute_ps(kAll16, v, 0x4E));        // 64-bit pairs
  v = max16(v, _mm512_maskz_permute_ps(kAll16, v, 0xB1));        // neighbours
  return _mm512_cvtss_f32(v);
}
inline float hsum16(__m512 v) {
  v = _mm512_maskz_add_ps(kAll16, v, _mm512_maskz_shuffle_f32x4(kAll16, v, v, 0x4E));
  v = _mm512_maskz_add_ps(kAll16, v, _mm512_maskz_shuffle_f32x4(kAll16, v, v, 0xB1));
  v = _mm512_maskz_add_ps(kAll16, v, _mm512_maskz_permute_ps(kAll16, v, 0x4E));
  v = _mm512_maskz_add_ps(kAll16, v, _mm512_maskz_permute_ps(kAll16, v, 0xB1));
  return _mm512_cvtss_f32(v);
}

/// The half data as _Float16, the type a plain C++ program uses for it (same bits).
inline const _Float16* f16(const half* p) { return reinterpret_cast<const _Float16*>(p); }
inline _Float16* f16(half* p) { return reinterpret_cast<_Float16*>(p); }

/// tbb::parallel_for over rows [0, rows) in the engine-sized arena; body(begin, end).
template <class Body>
void native_rows(int rows, const Body& body) {
  xesim::testing::native_arena().execute([&] {
    tbb::parallel_for(tbb::blocked_range<int>(0, rows),
                      [&](const tbb::blocked_range<int>& r) { body(r.begin(), r.end()); });
  });
}

/// USM shared allocation of n T's, freed at scope exit.
template <class T>
struct usm_array {
  usm_array(sycl::queue& q, std::size_t n) : q_(q), n_(n), p_(sycl::malloc_shared<T>(n, q)) {
    std::memset(static_cast<void*>(p_), 0, n * sizeof(T));  // map every page before timing
  }
  ~usm_array() { sycl::free(p_, q_); }
  usm_array(const usm_array&) = delete;
  usm_array& operator=(const usm_array&) = delete;
  T* data() const { return p_; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

 private:
  sycl::queue& q_;
  std::size_t n_;
  T* p_;
};

/// Whether two arrays hold the same bytes; prints the first difference.
template <class A, class B>
bool same_bits(const char* what, const A* a, const B* b, std::size_t n) {
  static_assert(sizeof(A) == sizeof(B));
  for (std::size_t i = 0; i < n; ++i)
    if (std::memcmp(a + i, b + i, sizeof(A)) != 0) {
      std::fprintf(stderr, "%s: element %zu differs between ESIMD and native\n", what, i);
      return false;
    }
  return true;
}

std::string mb(double bytes) {
  char buf[32];
  if (bytes >= 1 << 20)
    std::snprintf(buf, sizeof buf, "%.0fMB", bytes / (1 << 20));
  else
    std::snprintf(buf, sizeof buf, "%.0fKB", bytes / (1 << 10));
  return buf;
}

constexpr double kTargetAll = 1.5;  // every case
constexpr double kTargetMem = 1.2;  // memory-bound cases

// ================================================================== 1. rows_3d (range<3>)
namespace rows3d {
constexpr int ROW = 128;  // halves per work-item: 256 B

BENCH_NOINLINE void esimd(sycl::queue& q, int batch, int heads, int seq, const half* x,
                          const half* w, half* y) {
  q.parallel_for(sycl::range<3>(batch, heads, seq), [=](sycl::id<3> idx) SYCL_ESIMD_KERNEL {
     using namespace sycl::ext::intel::esimd;
     const int row = (idx[0] * heads + idx[1]) * seq + idx[2];  // indices map straight to data
     simd<half, ROW> xv = block_load<half, ROW>(x + row * ROW);
     simd<half, ROW> wv = block_load<half, ROW>(w);
     simd<float, ROW> yv = convert<float>(xv) * convert<float>(wv);  // FP32 math
     block_store<half, ROW>(y + row * ROW, convert<half>(yv));
   }).wait();
}

BENCH_NOINLINE void native(int rows, const half* x, const half* w, half* y) {
  alignas(64) float wf[ROW];
  for (int c = 0; c < ROW; c += 16) _mm512_store_ps(wf + c, load_f16x16(w + c));
  native_rows(rows, [&](int r0, int r1) {
    for (int r = r0; r < r1; ++r) {
      const half* xr = x + static_cast<std::size_t>(r) * ROW;
      half* yr = y + static_cast<std::size_t>(r) * ROW;
#pragma GCC unroll 8
      for (int c = 0; c < ROW; c += 16)
        store_f16x16(yr + c, _mm512_mul_ps(load_f16x16(xr + c), _mm512_load_ps(wf + c)));
    }
  });
}

/// Plain C++: the loop as written for g++ -O2 -march=native, _Float16 data, no intrinsics.
BENCH_NOINLINE void plain(int rows, const half* x, const half* w, half* y) {
  float wf[ROW];
  for (int c = 0; c < ROW; ++c) wf[c] = float(f16(w)[c]);
  native_rows(rows, [&](int r0, int r1) {
    for (int r = r0; r < r1; ++r) {
      const _Float16* xr = f16(x) + static_cast<std::size_t>(r) * ROW;
      _Float16* yr = f16(y) + static_cast<std::size_t>(r) * ROW;
      for (int c = 0; c < ROW; ++c) yr[c] = _Float16(float(xr[c]) * wf[c]);
    }
  });
}

void run_case(runner& run, sycl::queue& q, const char* size, int batch, int heads, int seq,
              double target) {
  const int rows = batch * heads * seq;
  const std::size_t n = static_cast<std::size_t>(rows) * ROW;
  const std::string name = std::string("rows_3d ") + size + " " + mb(2.0 * n * sizeof(half));
  if (!run.wants(name)) return;
  usm_array<half> x(q, n), w(q, ROW), ye(q, n), yn(q, n), yp(q, n);
  xesim::testing::fill_random(x.data(), n, -1.f, 1.f, 42);
  xesim::testing::fill_random(w.data(), ROW, 0.5f, 2.f, 7);
  esimd(q, batch, heads, seq, x.data(), w.data(), ye.data());
  native(rows, x.data(), w.data(), yn.data());
  plain(rows, x.data(), w.data(), yp.data());
  if (!same_bits(name.c_str(), ye.data(), yn.data(), n) ||
      !same_bits((name + " (plain)").c_str(), ye.data(), yp.data(), n))
    return run.fail(name);
  run.compare3(
      name, [&] { esimd(q, batch, heads, seq, x.data(), w.data(), ye.data()); },
      [&] { plain(rows, x.data(), w.data(), yp.data()); },
      [&] { native(rows, x.data(), w.data(), yn.data()); },
      work{2.0 * n * sizeof(half), 1.0 * n}, target);
}
}  // namespace rows3d

// ================================================================== 2. slm_reduction (GEMV)
namespace slmred {
constexpr int K = 4096, G = 8;          // G work-items per row
constexpr int SLICE = K / G, VL = 128;  // each work-item: 512 elements in 4 loads of 128

BENCH_NOINLINE void esimd(sycl::queue& q, int rows, const half* a, const half* x, float* y) {
  q.submit([&](sycl::handler& cgh) {
     cgh.parallel_for<class BenchSlmReduce>(
         sycl::nd_range<1>(rows * G, G), [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
           using namespace sycl::ext::intel::esimd;
           slm_init<G * sizeof(float)>();  // unconditional, first
           const int row = item.get_group(0), lid = item.get_local_id(0);
           const half* arow = a + static_cast<std::size_t>(row) * K + lid * SLICE;
           simd<half, VL> av[SLICE / VL], xv[SLICE / VL];
#pragma unroll
           for (int i = 0; i < SLICE / VL; ++i) {  // all loads before any compute
             av[i] = block_load<half, VL>(arow + i * VL);
             xv[i] = block_load<half, VL>(x + lid * SLICE + i * VL);
           }
           simd<float, VL> acc = 0.f;  // FP32 accumulation: K terms
#pragma unroll
           for (int i = 0; i < SLICE / VL; ++i)
             acc += convert<float>(av[i]) * convert<float>(xv[i]);
           const float partial = sycl::ext::intel::esimd::detail::sum<float, float, VL>(acc);
           slm_block_store<float, 1>(lid * sizeof(float), simd<float, 1>(partial),
                                     properties{alignment<4>});
           barrier();  // reached by every work-item
           if (lid == 0) {
             simd<float, G> parts = slm_block_load<float, G>(0);
             y[row] = sycl::ext::intel::esimd::detail::sum<float, float, G>(parts);
           }
         });
   }).wait();
}

BENCH_NOINLINE void native(int rows, const half* a, const half* x, float* y) {
  alignas(64) float xf[K];  // x converted once per call: 16 KB, stays in L1/L2
  for (int k = 0; k < K; k += 16) _mm512_storeu_ps(xf + k, load_f16x16(x + k));
  native_rows(rows, [&](int r0, int r1) {
    for (int r = r0; r < r1; ++r) {
      const half* ar = a + static_cast<std::size_t>(r) * K;
      __m512 acc0 = _mm512_setzero_ps(), acc1 = acc0, acc2 = acc0, acc3 = acc0;
      for (int k = 0; k < K; k += 64) {  // 4 independent FMA chains
        acc0 = _mm512_fmadd_ps(load_f16x16(ar + k), _mm512_loadu_ps(xf + k), acc0);
        acc1 = _mm512_fmadd_ps(load_f16x16(ar + k + 16), _mm512_loadu_ps(xf + k + 16), acc1);
        acc2 = _mm512_fmadd_ps(load_f16x16(ar + k + 32), _mm512_loadu_ps(xf + k + 32), acc2);
        acc3 = _mm512_fmadd_ps(load_f16x16(ar + k + 48), _mm512_loadu_ps(xf + k + 48), acc3);
      }
      y[r] = hsum16(_mm512_add_ps(_mm512_add_ps(acc0, acc1), _mm512_add_ps(acc2, acc3)));
    }
  });
}

/// Plain C++: one dot product per row with 16 float partial sums (so that g++ -O2 may vectorise
/// the FMA loop without reassociating), x converted once per call; _Float16 data, no intrinsics.
BENCH_NOINLINE void plain(int rows, const half* a, const half* x, float* y) {
  static float xf[K];
  for (int k = 0; k < K; ++k) xf[k] = float(f16(x)[k]);
  native_rows(rows, [&](int r0, int r1) {
    for (int r = r0; r < r1; ++r) {
      const _Float16* ar = f16(a) + static_cast<std::size_t>(r) * K;
      float acc[16] = {};
      for (int k = 0; k < K; k += 16)
        for (int j = 0; j < 16; ++j) acc[j] += float(ar[k + j]) * xf[k + j];
      float sum = 0.f;
      for (int j = 0; j < 16; ++j) sum += acc[j];
      y[r] = sum;
    }
  });
}

/// Both sums accumulate in float in different orders: each may be off the exact sum by a few
/// tens of ulps of sum(|a*x|) (<= 64 sequential adds per lane plus a tree); allow 1e-5 of it.
bool agree(const char* what, int rows, const half* a, const half* x, const float* ye,
           const float* yn) {
  for (int r = 0; r < rows; ++r) {
    double mag = 0;
    for (int k = 0; k < K; ++k)
      mag += std::fabs(double(f16_to_float(a[static_cast<std::size_t>(r) * K + k])) *
                       double(f16_to_float(x[k])));
    if (!(std::fabs(double(ye[r]) - double(yn[r])) <= 1e-5 * mag + 1e-30)) {
      std::fprintf(stderr, "%s: row %d: esimd %.9g native %.9g (sum|a*x| = %g)\n", what, r, ye[r],
                   yn[r], mag);
      return false;
    }
  }
  return true;
}

void run_case(runner& run, sycl::queue& q, const char* size, int rows, double target) {
  const std::size_t n = static_cast<std::size_t>(rows) * K;
  const std::string name = std::string("slm_reduction ") + size + " " + mb(n * sizeof(half));
  if (!run.wants(name)) return;
  usm_array<half> a(q, n), x(q, K);
  usm_array<float> ye(q, rows), yn(q, rows), yp(q, rows);
  xesim::testing::fill_random(a.data(), n, -1.f, 1.f, 42);
  xesim::testing::fill_random(x.data(), K, -1.f, 1.f, 43);
  esimd(q, rows, a.data(), x.data(), ye.data());
  native(rows, a.data(), x.data(), yn.data());
  plain(rows, a.data(), x.data(), yp.data());
  if (!agree(name.c_str(), rows, a.data(), x.data(), ye.data(), yn.data()) ||
      !agree((name + " (plain)").c_str(), rows, a.data(), x.data(), ye.data(), yp.data()))
    return run.fail(name);
  run.compare3(
      name, [&] { esimd(q, rows, a.data(), x.data(), ye.data()); },
      [&] { plain(rows, a.data(), x.data(), yp.data()); },
      [&] { native(rows, a.data(), x.data(), yn.data()); },
      work{double(n * sizeof(half) + K * sizeof(half) + rows * sizeof(float)), 2.0 * n}, target);
}
}  // namespace slmred

/// A row-wise half -> half pattern (gather_pool, hybrid_edges): `rows` rows of `len` inputs and
/// `out` outputs, random inputs in [-range, range], the three versions checked bit-equal, then
/// timed in rotation.
template <class Esimd, class Native, class Plain>
void run_rows_case(runner& run, sycl::queue& q, const std::string& pattern, const char* size,
                   int rows, int len, int out, float range, double flops_per_output,
                   double target, Esimd esimd, Native native, Plain plain) {
  const std::size_t n_in = static_cast<std::size_t>(rows) * len;
  const std::size_t n_out = static_cast<std::size_t>(rows) * out;
  const double bytes = double((n_in + n_out) * sizeof(half));
  const std::string name = pattern + " " + size + " " + mb(bytes);
  if (!run.wants(name)) return;
  usm_array<half> in(q, n_in), oe(q, n_out), on(q, n_out), op(q, n_out);
  xesim::testing::fill_random(in.data(), n_in, -range, range, 42);
  esimd(q, rows, in.data(), oe.data());
  native(rows, in.data(), on.data());
  plain(rows, in.data(), op.data());
  if (!same_bits(name.c_str(), oe.data(), on.data(), n_out) ||
      !same_bits((name + " (plain)").c_str(), oe.data(), op.data(), n_out))
    return run.fail(name);
  run.compare3(
      name, [&] { esimd(q, rows, in.data(), oe.data()); },
      [&] { plain(rows, in.data(), op.data()); },
      [&] { native(rows, in.data(), on.data()); }, work{bytes, flops_per_output * n_out}, target);
}

// ================================================================== 3. gather_pool
namespace gpool {
constexpr int LEN = 1000, WIN = 3, STRIDE = 2, PAD = 1;
constexpr int OUT = (LEN + 2 * PAD - WIN) / STRIDE + 1;  // 500
constexpr int BS = 32;                                   // one gather of 32 halves
static_assert(WIN == 3 && STRIDE == 2 && PAD == 1, "the native twin is written for this shape");

BENCH_NOINLINE void esimd(sycl::queue& q, int rows, const half* in, half* out) {
  q.parallel_for(sycl::range<1>(rows), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
     using namespace sycl::ext::intel::esimd;
     const int row = idx[0];
     const half* src = in + static_cast<std::size_t>(row) * LEN;
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
       half* dst = out + static_cast<std::size_t>(row) * OUT + o;
       if (n == BS)
         block_store<half, BS>(dst, res, properties{alignment<2>});
       else
         for (int i = 0; i < n; ++i) dst[i] = res[i];  // scalar tail
     }
   }).wait();
}

/// Output o = max(in[2o-1], in[2o], in[2o+1]) (in[-1] is padding). 16 outputs per step: one
/// 32-half load at in[2*o0], split into even and odd lanes with vpermt2ps; in[2o-1] is the odd
/// vector shifted up one lane, its lane 0 carried from the previous step (valignd).
BENCH_NOINLINE void native(int rows, const half* in, half* out) {
  native_rows(rows, [&](int r0, int r1) {
    const __m512i even_idx =
        _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i odd_idx =
        _mm512_setr_epi32(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31);
    for (int r = r0; r < r1; ++r) {
      const half* src = in + static_cast<std::size_t>(r) * LEN;
      half* dst = out + static_cast<std::size_t>(r) * OUT;
      __m512 prev_odd = _mm512_set1_ps(-INFINITY);  // in[-1]: padding, never the maximum
      int o = 0;
      for (; 2 * o + 32 <= LEN; o += 16) {
        const __m512 lo = load_f16x16(src + 2 * o), hi = load_f16x16(src + 2 * o + 16);
        const __m512 even = _mm512_permutex2var_ps(lo, even_idx, hi);   // in[2o]
        const __m512 odd = _mm512_permutex2var_ps(lo, odd_idx, hi);     // in[2o+1]
        const __m512 left = _mm512_castsi512_ps(_mm512_maskz_alignr_epi32(  // in[2o-1]
            kAll16, _mm512_castps_si512(odd), _mm512_castps_si512(prev_odd), 15));
        store_f16x16(dst + o, max16(max16(even, odd), left));
        prev_odd = odd;
      }
      for (; o < OUT; ++o) {  // scalar tail (4 outputs of 500)
        float m = -INFINITY;
        for (int w = 0; w < WIN; ++w) {
          const int i = o * STRIDE - PAD + w;
          if (i >= 0 && i < LEN) m = std::max(m, f16_to_float(src[i]));
        }
        dst[o] = xesim::detail::half_from_bits(f16_bits(m));
      }
    }
  });
}

/// Plain C++: output o = max of the in-range window elements, _Float16 data, no intrinsics.
BENCH_NOINLINE void plain(int rows, const half* in, half* out) {
  native_rows(rows, [&](int r0, int r1) {
    for (int r = r0; r < r1; ++r) {
      const _Float16* src = f16(in) + static_cast<std::size_t>(r) * LEN;
      _Float16* dst = f16(out) + static_cast<std::size_t>(r) * OUT;
      for (int o = 0; o < OUT; ++o) {
        float m = -INFINITY;
        for (int w = 0; w < WIN; ++w) {
          const int i = o * STRIDE - PAD + w;
          if (i >= 0 && i < LEN) m = std::max(m, float(src[i]));
        }
        dst[o] = _Float16(m);
      }
    }
  });
}

void run_case(runner& run, sycl::queue& q, const char* size, int rows, double target) {
  run_rows_case(run, q, "gather_pool", size, rows, LEN, OUT, 4.f, 2.0, target, esimd, native,
                plain);
}
}  // namespace gpool

// ================================================================== 4. hybrid_edges
namespace hybrid {
constexpr int LEN = 2050, WIN = 16, STRIDE = 4;
constexpr int OUT = (LEN + 1) / STRIDE;  // 512

BENCH_NOINLINE void esimd(sycl::queue& q, int rows, const half* in, half* out) {
  q.parallel_for(sycl::range<1>(rows), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
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
   }).wait();
}

/// The same windows: edges scalar, inside one 16-half load (vcvtph2ps) and a horizontal max.
BENCH_NOINLINE void native(int rows, const half* in, half* out) {
  native_rows(rows, [&](int r0, int r1) {
    for (int r = r0; r < r1; ++r) {
      const half* src = in + static_cast<std::size_t>(r) * LEN;
      std::uint16_t* dst = reinterpret_cast<std::uint16_t*>(out + static_cast<std::size_t>(r) * OUT);
      for (int i = 0; i < OUT; ++i) {
        const int start = i * STRIDE - 1, end = start + WIN;
        float m = -INFINITY;
        if (start < 0 || end > LEN) {
          for (int j = std::max(0, start); j < std::min(LEN, end); ++j)
            m = std::max(m, f16_to_float(src[j]));
        } else {
          m = hmax16(load_f16x16(src + start));
        }
        dst[i] = f16_bits(m);
      }
    }
  });
}

/// Plain C++: each window's max over its in-range elements, _Float16 data, no intrinsics.
BENCH_NOINLINE void plain(int rows, const half* in, half* out) {
  native_rows(rows, [&](int r0, int r1) {
    for (int r = r0; r < r1; ++r) {
      const _Float16* src = f16(in) + static_cast<std::size_t>(r) * LEN;
      _Float16* dst = f16(out) + static_cast<std::size_t>(r) * OUT;
      for (int i = 0; i < OUT; ++i) {
        const int start = std::max(0, i * STRIDE - 1), end = std::min(LEN, i * STRIDE - 1 + WIN);
        float m = -INFINITY;
        for (int j = start; j < end; ++j) m = std::max(m, float(src[j]));
        dst[i] = _Float16(m);
      }
    }
  });
}

void run_case(runner& run, sycl::queue& q, const char* size, int rows, double target) {
  run_rows_case(run, q, "hybrid_edges", size, rows, LEN, OUT, 8.f, 15.0, target, esimd, native,
                plain);
}
}  // namespace hybrid

// ================================================================== 5. topk
namespace topk {
constexpr int N = 256, K = 8, CHUNKS = N / 32;
constexpr float kKnockOut = -65504.f;  // FP16 lowest

BENCH_NOINLINE void esimd(sycl::queue& q, int rows, const half* in, half* vals, int* idxs) {
  q.parallel_for(sycl::range<1>(rows), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
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
       v[pos] = half(kKnockOut);  // knock out
     }
     block_store<half, K>(vals + row * K, top_v);
     block_store<int, K>(idxs + row * K, top_i);
   }).wait();
}

/// The row as 16 zmm of floats kept in registers; per round: a max tree, a compare per vector
/// to find the first (lowest-index) hit, a masked move to knock it out.
BENCH_NOINLINE void native(int rows, const half* in, half* vals, int* idxs) {
  constexpr int V = N / 16;
  native_rows(rows, [&](int r0, int r1) {
    for (int r = r0; r < r1; ++r) {
      const half* src = in + static_cast<std::size_t>(r) * N;
      __m512 v[V];
#pragma GCC unroll 16
      for (int c = 0; c < V; ++c) v[c] = load_f16x16(src + 16 * c);
      alignas(32) std::uint16_t top_v[K];
      alignas(32) int top_i[K];
      for (int k = 0; k < K; ++k) {
        __m512 m[V / 2];  // pairwise max tree: 4 levels deep, not 15
#pragma GCC unroll 8
        for (int c = 0; c < V / 2; ++c) m[c] = max16(v[c], v[c + V / 2]);
#pragma GCC unroll 4
        for (int c = 0; c < V / 4; ++c) m[c] = max16(m[c], m[c + V / 4]);
        const float mx = hmax16(max16(max16(m[0], m[2]), max16(m[1], m[3])));
        const __m512 mxv = _mm512_set1_ps(mx);
        std::uint64_t hits[V / 4] = {};  // 4 x 16-bit compare masks per word, lowest lane first
#pragma GCC unroll 16
        for (int c = 0; c < V; ++c)
          hits[c / 4] |= std::uint64_t(_mm512_cmp_ps_mask(v[c], mxv, _CMP_EQ_OQ)) << (16 * (c % 4));
        int pos = 0;
        for (int w = 0; w < V / 4; ++w)
          if (hits[w]) {
            pos = 64 * w + __builtin_ctzll(hits[w]);
            break;
          }
        top_v[k] = f16_bits(mx);
        top_i[k] = pos;
        const __m512 lowest = _mm512_set1_ps(kKnockOut);
#pragma GCC unroll 16
        for (int c = 0; c < V; ++c)
          v[c] = _mm512_mask_mov_ps(v[c], (pos >> 4) == c ? __mmask16(1u << (pos & 15)) : 0,
                                    lowest);
      }
      std::memcpy(vals + static_cast<std::size_t>(r) * K, top_v, sizeof top_v);
      std::memcpy(idxs + static_cast<std::size_t>(r) * K, top_i, sizeof top_i);
    }
  });
}

/// Plain C++: the row as floats; per round one pass for the maximum, one for its first index,
/// then knock it out. _Float16 data, no intrinsics.
BENCH_NOINLINE void plain(int rows, const half* in, half* vals, int* idxs) {
  native_rows(rows, [&](int r0, int r1) {
    for (int r = r0; r < r1; ++r) {
      const _Float16* src = f16(in) + static_cast<std::size_t>(r) * N;
      float v[N];
      for (int j = 0; j < N; ++j) v[j] = float(src[j]);
      for (int k = 0; k < K; ++k) {
        float mx = v[0];
        for (int j = 1; j < N; ++j) mx = std::max(mx, v[j]);
        int pos = 0;
        while (v[pos] != mx) ++pos;
        f16(vals)[static_cast<std::size_t>(r) * K + k] = _Float16(mx);
        idxs[static_cast<std::size_t>(r) * K + k] = pos;
        v[pos] = kKnockOut;
      }
    }
  });
}

void run_case(runner& run, sycl::queue& q, const char* size, int rows, double target) {
  const std::size_t n = static_cast<std::size_t>(rows) * N;
  const double bytes = double(n * sizeof(half) + rows * K * (sizeof(half) + sizeof(int)));
  const std::string name = std::string("topk ") + size + " " + mb(n * sizeof(half));
  if (!run.wants(name)) return;
  usm_array<half> in(q, n), ve(q, rows * K), vn(q, rows * K), vp(q, rows * K);
  usm_array<int> ie(q, rows * K), in_(q, rows * K), ip(q, rows * K);
  xesim::testing::fill_random(in.data(), n, -1.f, 1.f, 42);  // FP16 rounding makes ties likely
  esimd(q, rows, in.data(), ve.data(), ie.data());
  native(rows, in.data(), vn.data(), in_.data());
  plain(rows, in.data(), vp.data(), ip.data());
  if (!same_bits(name.c_str(), ve.data(), vn.data(), rows * K) ||
      !same_bits(name.c_str(), ie.data(), in_.data(), rows * K) ||
      !same_bits((name + " (plain)").c_str(), ve.data(), vp.data(), rows * K) ||
      !same_bits((name + " (plain)").c_str(), ie.data(), ip.data(), rows * K))
    return run.fail(name);
  run.compare3(
      name, [&] { esimd(q, rows, in.data(), ve.data(), ie.data()); },
      [&] { plain(rows, in.data(), vp.data(), ip.data()); },
      [&] { native(rows, in.data(), vn.data(), in_.data()); }, work{bytes, 0}, target);
}
}  // namespace topk

}  // namespace

int main(int argc, char** argv) {
  runner run(argc, argv);
  sycl::queue q;
  std::printf("guide_patterns_bench: %d threads (XESIM_THREADS) for ESIMD and native, device %s\n",
              xesim::rt::thread_count(),
              q.get_device().get_info<sycl::info::device::name>().c_str());
  // L2: whole working set ~0.5-0.8 MB (fits the two cores' L2). mem: 64-96 MB (2-3x the L3).
  rows3d::run_case(run, q, "L2", 1, 4, 256, kTargetAll);      // 1024 rows: 256 KB in + out
  rows3d::run_case(run, q, "mem", 8, 16, 1024, kTargetMem);   // 131072 rows: 32 MB in + out
  slmred::run_case(run, q, "L2", 64, kTargetAll);             // A: 512 KB
  slmred::run_case(run, q, "mem", 8192, kTargetMem);          // A: 64 MB
  gpool::run_case(run, q, "L2", 256, kTargetAll);             // 500 KB in, 250 KB out
  gpool::run_case(run, q, "mem", 32768, kTargetMem);          // 62.5 MB in, 31 MB out
  hybrid::run_case(run, q, "L2", 128, kTargetAll);            // 513 KB in, 128 KB out
  hybrid::run_case(run, q, "mem", 16384, kTargetMem);         // 64 MB in, 16 MB out
  topk::run_case(run, q, "L2", 1024, kTargetAll);             // 512 KB in
  topk::run_case(run, q, "mem", 131072, kTargetAll);          // 64 MB in: still compute bound
  return run.finish();
}
