// GEMM on the XMX engine: C (M x N, fp32) = A (M x K, bf16 or fp16, row-major) x B (K x N, same
// type), any M, N, K. B is packed once on the host (pack_b): VNNI (pairs of K rows interleaved,
// as dpas reads it), cut into contiguous 16 x Exec tiles, zero-padded at the edges.
// One work-item per 8 x (2 Exec) tile of C: per step of 16 in K it loads the 8 x 16 A tile (8 row
// block loads; masked gathers on an edge) and two B tiles (one block load each), and issues two
// dpas<8, 8> sharing A. Exec (the dpas width) is the device's: 8 on Xe-HPG, 16 on Xe-HPC / Xe2.
// C rows are block stores inside the matrix, masked scatters on an edge.
#pragma once

#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>
#include <sycl/ext/intel/esimd/xmx/dpas.hpp>

#include <algorithm>
#include <cstddef>

namespace xesim::kernels::gemm_dpas {

inline constexpr int kTileM = 8;   // dpas repeat count: rows of A per dpas
inline constexpr int kStepK = 16;  // K of one bf16 / fp16 dpas (systolic depth 8 x 2)

/// Row r of the A tile (16 elements from column k0), zeros past row M or column K.
template <class T>
ESIMD_INLINE sycl::ext::intel::esimd::simd<T, kStepK> load_a_row(const T* a, int M, int K, int r,
                                                                 int k0) {
  using namespace sycl::ext::intel::esimd;
  const T* p = a + static_cast<std::size_t>(r) * K + k0;
  if (r < M && k0 + kStepK <= K) return block_load<T, kStepK>(p, properties{alignment<2>});
  simd<uint32_t, kStepK> off(0, sizeof(T));
  simd_mask<kStepK> in = (simd<int, kStepK>(k0, 1) < K) & simd_mask<kStepK>(r < M);
  return gather<T, kStepK>(p, off, in, simd<T, kStepK>(0));
}

/// Elements of one packed B tile: the 16 x Exec VNNI operand of one dpas (8 packed rows of
/// 2 x Exec), stored contiguously by pack_b.
template <int Exec>
inline constexpr int kTileB = kStepK* Exec;

// ------------------------------ pack_b
/// Host side: B (K x N, row-major, row stride ldb) into the layout the kernel loads: for each
/// column block of Exec (outer) and each step of 16 in K, one contiguous VNNI tile
/// (dst[((nt * KT + kt) * 8 + j) * 2 Exec + 2 n + h] = b[kt * 16 + 2 j + h][nt * Exec + n]),
/// zero past K and N. dst holds packed_b_elems(K, N, Exec) elements.
inline std::size_t packed_b_elems(int K, int N, int exec) {
  return std::size_t((N + exec - 1) / exec) * std::size_t((K + kStepK - 1) / kStepK) * kStepK *
         exec;
}
template <class T>
void pack_b(const T* b, int K, int N, int ldb, int exec, T* dst) {
  const int KT = (K + kStepK - 1) / kStepK, NT = (N + exec - 1) / exec;
  std::size_t i = 0;
  for (int nt = 0; nt < NT; ++nt)
    for (int kt = 0; kt < KT; ++kt)
      for (int j = 0; j < kStepK / 2; ++j)
        for (int n = 0; n < exec; ++n)
          for (int h = 0; h < 2; ++h, ++i) {
            const int k = kt * kStepK + 2 * j + h, col = nt * exec + n;
            dst[i] = k < K && col < N ? b[std::size_t(k) * ldb + col] : T(0.0f);
          }
}

/// Stores row r of a C tile (Exec columns from n0), dropping what lies past row M or column N.
template <int Exec>
ESIMD_INLINE void store_c_row(float* c, int M, int N, int r, int n0,
                              sycl::ext::intel::esimd::simd<float, Exec> v) {
  using namespace sycl::ext::intel::esimd;
  if (r >= M) return;
  float* p = c + static_cast<std::size_t>(r) * N + n0;
  if (n0 + Exec <= N) return block_store<float, Exec>(p, v, properties{alignment<4>});
  simd<uint32_t, Exec> off(0, sizeof(float));
  scatter<float, Exec>(p, off, v, simd<int, Exec>(n0, 1) < N);
}

template <class T, int Exec>
class gemm_dpas_kernel;

// ------------------------------ gemm
/// c = a x b. Pre: a (M x K, row-major) and c (M x N) USM; bp = pack_b(b, K, N, N, Exec) in USM;
/// T = bfloat16 or half; Exec = the device's dpas width (device_exec_size()).
template <class T, int Exec>
sycl::event gemm(sycl::queue& q, const T* a, const T* bp, float* c, int M, int N, int K) {
  constexpr int kCols = 2;              // two dpas side by side share each A tile
  constexpr int kTileN = kCols * Exec;  // 8 x 32 of C per work-item at Exec 16
  const int KT = (K + kStepK - 1) / kStepK, NT = (N + Exec - 1) / Exec;
  // Work-item order (the engine hands each worker runs of consecutive ids): groups of kGroup row
  // tiles (128 rows: 512 KB of A at K = 2048, kept in the CPU's L2) sweep every column tile, the
  // kGroup items of one column tile in a row so that its B panel (128 KB) is read from memory
  // once per group (row tiles outermost streamed all of B once per row tile).
  constexpr int kGroup = 16;
  const int MT = (M + kTileM - 1) / kTileM, NTC = (N + kTileN - 1) / kTileN;
  return q.parallel_for<gemm_dpas_kernel<T, Exec>>(
      sycl::range<1>(std::size_t(MT) * NTC), [=](sycl::id<1> id) SYCL_ESIMD_KERNEL {
        using namespace sycl::ext::intel::esimd;
        namespace xmx = sycl::ext::intel::esimd::xmx;
        // Grouped tile order (kGroup row tiles share B tiles in cache): a deliberate 1D decode.
        const int g = int(id[0]) / (kGroup * NTC), in = int(id[0]) % (kGroup * NTC);  // xesim-lint: ignore linear-index-decode
        const int gsz = std::min(kGroup, MT - g * kGroup);  // the last group may be shorter
        const int mt = g * kGroup + in % gsz, ct = in / gsz;
        const int m0 = mt * kTileM, n0 = ct * kTileN;
        const int nt1 = std::min(ct * kCols + 1, NT - 1);  // past N: any tile, never stored
        const T* b0 = bp + std::size_t(ct * kCols) * KT * kTileB<Exec>;
        const T* b1 = bp + std::size_t(nt1) * KT * kTileB<Exec>;
        // FP32 accumulators (K can be large): 2 x 8 x Exec.
        simd<float, kTileM * Exec> acc0(0.0f), acc1(0.0f);
        for (int kt = 0; kt < KT; ++kt) {
          simd<T, kTileM * kStepK> at(0);
          for (int r = 0; r < kTileM; ++r)
            at.template select<kStepK, 1>(r * kStepK) = load_a_row(a, M, K, m0 + r, kt * kStepK);
          // One contiguous 512-byte (Exec 16) VNNI tile per dpas, zero-padded at the edges by
          // pack_b.
          const auto t0 = block_load<T, kTileB<Exec>>(b0 + std::size_t(kt) * kTileB<Exec>,
                                                      properties{alignment<16>});
          const auto t1 = block_load<T, kTileB<Exec>>(b1 + std::size_t(kt) * kTileB<Exec>,
                                                      properties{alignment<16>});
          acc0 = xmx::dpas<8, kTileM, float>(acc0, t0, at);
          acc1 = xmx::dpas<8, kTileM, float>(acc1, t1, at);
        }
        for (int r = 0; r < kTileM; ++r) {
          store_c_row<Exec>(c, M, N, m0 + r, n0, acc0.template select<Exec, 1>(r * Exec));
          store_c_row<Exec>(c, M, N, m0 + r, n0 + Exec, acc1.template select<Exec, 1>(r * Exec));
        }
      });
}

/// The dpas width of the queue's device: 8 on Xe-HPG, 16 on Xe-HPC and Xe2.
inline int device_exec_size(const sycl::queue& q) {
  return int(q.get_device().get_info<sycl::ext::intel::info::device::gpu_eu_simd_width>());
}

/// gemm with the device's dpas width; bp = pack_b(b, K, N, N, device_exec_size(q)).
template <class T>
sycl::event gemm(sycl::queue& q, const T* a, const T* bp, float* c, int M, int N, int K) {
  return device_exec_size(q) == 8 ? gemm<T, 8>(q, a, bp, c, M, N, K)
                                  : gemm<T, 16>(q, a, bp, c, M, N, K);
}

}  // namespace xesim::kernels::gemm_dpas
