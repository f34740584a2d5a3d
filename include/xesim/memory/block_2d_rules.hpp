// The rules of 2D block messages (lsc_load_block2d / lsc_store_block2d): DPC++'s compile-time
// size rules (check_lsc_block_2d_restrictions in DPC++'s memory.hpp), the register layout a load
// returns (padding included), and the surface rules the hardware imposes at run time, which the
// invalid-2d-block check reports (docs/checks.md).
#pragma once

#include <cstddef>
#include <cstdint>

#include "xesim/simd/dpcpp_detail.hpp"  // getNextPowerOf2, isPowerOf2 (DPC++'s detail names)

namespace xesim::esimd::detail {

// ------------------------------ DPC++'s size helpers (getNextPowerOf2, isPowerOf2: dpcpp_detail.hpp)
/// N rounded up to a multiple of M, as DPC++'s detail::roundUpNextMultiple<N, M>().
template <unsigned int N, unsigned int M>
constexpr unsigned int roundUpNextMultiple() {
  return ((N + M - 1) / M) * M;
}

/// The default N of a 2D block op (DPC++'s get_lsc_block_2d_data_size): W*H*NBlocks, or for a
/// VNNI-transformed load H rounded up to 4/sizeof(T) rows times W rounded up to a power of two.
template <typename T, int NBlocks, int Height, int Width, bool Transposed, bool Transformed>
constexpr int get_lsc_block_2d_data_size() {
  if constexpr (Transformed)
    return roundUpNextMultiple<Height, 4 / sizeof(T)>() * getNextPowerOf2<Width>() * NBlocks;
  return Width * Height * NBlocks;
}

// ------------------------------ the register layout of a 2D load
/// How a 2D load lays the data out in registers (DPC++'s load_2d): each block is kColSize rows
/// of kRowSize elements, rows kRowPitch apart (a power of two: width padding is 0), blocks
/// kBlockPitch apart. A load whose N is kActualN returns that padded image; one whose N is kDstN
/// returns the rows packed (kRowSize apart, blocks kDstBlock apart).
template <class T, int W, int H, int NB, bool Transposed, bool Transformed>
struct block_2d_layout {
  static constexpr int kElem = static_cast<int>(sizeof(T));
  /// Elements per dword: the rows a VNNI transform interleaves (2 for 16-bit, 4 for 8-bit).
  static constexpr int kVnni = kElem < 4 ? 4 / kElem : 1;
  static constexpr int kRowSize = Transposed ? H : Transformed ? W * kVnni : W;
  static constexpr int kRowPitch = static_cast<int>(getNextPowerOf2<kRowSize>());
  static constexpr int kColSize = Transposed ? W : Transformed ? (H + kVnni - 1) / kVnni : H;
  static constexpr int kBlockSize = kRowPitch * kColSize;
  static constexpr int kBlockPitch =
      static_cast<int>(roundUpNextMultiple<64 / sizeof(T), kBlockSize>());
  static constexpr int kActualN = NB * kBlockPitch;
  static constexpr int kDstBlock = kColSize * kRowSize;
  static constexpr int kDstN = kDstBlock * NB;
  /// Surface rows the message reads: a transposed load pads H to a power of two and a
  /// transformed one to a multiple of kVnni before the operation; those rows come from memory.
  static constexpr int kRowsRead =
      Transposed ? static_cast<int>(getNextPowerOf2<H>()) : Transformed ? kColSize * kVnni : H;
};

// ------------------------------ compile-time rules
enum class block_2d_op { prefetch, load, store };

#ifdef __ESIMD_DWORD_BLOCK_2D_WIDTH_SCALE
inline constexpr int kDwordBlock2dWidthScale = __ESIMD_DWORD_BLOCK_2D_WIDTH_SCALE;
#else
inline constexpr int kDwordBlock2dWidthScale = 1;  ///< DPC++'s default: transposed dword W <= 8
#endif

/// Rejects at compile time what DPC++ rejects (check_lsc_block_2d_restrictions), each message
/// with the legal values.
template <class T, int W, int H, int NB, bool Transposed, bool Transformed, block_2d_op Op>
constexpr void check_block_2d_sizes() {
  constexpr int kSize = static_cast<int>(sizeof(T));
  constexpr int kBytes = W * H * NB * kSize;
  static_assert(W > 0, "2D block: Block width must be positive");
  static_assert(H > 0, "2D block: Block height must be positive");
  static_assert(NB > 0, "2D block: the number of blocks must be positive");
  if constexpr (Op == block_2d_op::store)
    static_assert(kBytes <= 512, "2D store supports 512 bytes max (W * H * sizeof(T))");
  else
    static_assert(kBytes <= 2048,
                  "2D load/prefetch supports 2048 bytes max (W * H * NBlocks * sizeof(T))");
  static_assert(!Transposed || !Transformed, "Transposed and transformed is not supported");
  static_assert((kSize * W) % 4 == 0,
                "Block width must be aligned by DW: W * sizeof(T) must be a multiple of 4");
  if constexpr (Transposed) {
    static_assert(NB == 1, "Transposed expected to be 1 block only");
    static_assert(kSize == 4 || kSize == 8,
                  "Transposed load is supported only for data size u32 or u64 (4- or 8-byte T)");
    static_assert(kSize == 8 ? H == 8 : H >= 1 && H <= 32,
                  "Unsupported block height: transposed needs H == 8 for 8-byte T, 1..32 for "
                  "4-byte T");
    static_assert(kSize == 8 ? isPowerOf2(W, 4) : W >= 1 && W <= 8 * kDwordBlock2dWidthScale,
                  "Unsupported block width: transposed needs W in {1, 2, 4} for 8-byte T, "
                  "1..8 for 4-byte T");
  } else if constexpr (Transformed) {
    static_assert(kSize == 1 || kSize == 2,
                  "VNNI transform is supported only for data size u8 or u16 (1- or 2-byte T)");
    static_assert(isPowerOf2(NB, 4), "Unsupported number of blocks: transformed needs 1, 2 or 4");
    static_assert(H * kSize >= 4 && H <= 32,
                  "Unsupported block height: transformed needs H in 4..32 for 1-byte T, 2..32 "
                  "for 2-byte T");
    static_assert(W * kSize >= 4 && W <= 16 && W * NB * kSize <= 64,
                  "Unsupported block width: transformed needs W in 4..16 (1-byte T) or 2..16 "
                  "(2-byte T) and W * NBlocks * sizeof(T) <= 64");
  } else {
    if constexpr (Op == block_2d_op::store) {
      static_assert(NB == 1, "Unsupported number of blocks for 2D store: must be 1");
      static_assert(H <= 8, "Unsupported block height for store: H must be 1..8");
    } else {
      static_assert(isPowerOf2(NB, kSize == 1 ? 4 : 8 / kSize),
                    "Unsupported number of blocks for 2D load/prefetch: 1, 2, 4 for 1- and "
                    "2-byte T; 1, 2 for 4-byte T; 1 for 8-byte T");
      static_assert(H <= 32, "Unsupported block height for load: H must be 1..32");
    }
    static_assert(W * kSize >= 4,
                  "Unsupported block width: W * sizeof(T) must be at least 4 bytes");
    static_assert(W * NB * kSize <= 64,
                  "Unsupported block width: W * NBlocks * sizeof(T) must be at most 64 bytes");
  }
}

// ------------------------------ run-time surface rules (invalid-2d-block)
/// Limits of a 2D surface (the hardware's 2D block message rules, PVC and Xe2, as Intel's
/// Triton backend enforces them: intel-xpu-backend-for-triton #4526, #4829, #5555, #7965).
inline constexpr std::uint64_t kSurface2dMax = std::uint64_t(1) << 24;  ///< width, height, pitch
inline constexpr std::uint32_t kSurface2dBaseAlign = 64;                ///< bytes
inline constexpr std::uint32_t kSurface2dMin = 64;                      ///< width, pitch bytes
inline constexpr std::uint32_t kSurface2dPitchAlign = 16;               ///< bytes

/// A surface rule a 2D block call breaks. `error`: the message is malformed and its result
/// wrong (the call is skipped); otherwise a documented minimum that PVC tolerates (Intel's own
/// e2e tests read 4-byte-wide surfaces with 8-byte pitches): a warning, the call is performed.
struct block_2d_issue {
  const char* what = nullptr;
  bool error = false;
  explicit operator bool() const { return what != nullptr; }
};

/// The first surface rule a 2D block call breaks, errors before warnings. `width_m1`,
/// `pitch_m1` are bytes minus 1, `height_m1` rows minus 1, `x` in elements (the arguments).
inline block_2d_issue block_2d_param_error(const void* base, std::uint32_t width_m1,
                                           std::uint32_t height_m1, std::uint32_t pitch_m1,
                                           std::int32_t x, std::uint32_t elem_bytes) noexcept {
  const std::uint64_t width = std::uint64_t(width_m1) + 1, pitch = std::uint64_t(pitch_m1) + 1;
  const std::uint64_t unit = elem_bytes < 4 ? 4 : elem_bytes;
  if (reinterpret_cast<std::uintptr_t>(base) % kSurface2dBaseAlign != 0)
    return {"the surface base address is not 64-byte aligned", true};
  if (width > kSurface2dMax) return {"the surface width is above 2^24 bytes", true};
  if (width % unit != 0)
    return {"the surface width is not a multiple of max(4, sizeof(T)) bytes (the hardware "
            "clips at dword granularity: the last elements read wrong)", true};
  if (std::uint64_t(height_m1) + 1 > kSurface2dMax)
    return {"the surface height is above 2^24 rows", true};
  if (pitch < width) return {"the surface pitch is smaller than its width", true};
  if (pitch > kSurface2dMax) return {"the surface pitch is above 2^24 bytes", true};
  if (elem_bytes < 4 && (std::int64_t(x) * elem_bytes) % 4 != 0)
    return {"x * sizeof(T) is not a multiple of 4 bytes (1- and 2-byte elements start on a "
            "dword)", true};
  if (width < kSurface2dMin) return {"the surface width is below the documented 64 bytes", false};
  if (pitch < kSurface2dMin) return {"the surface pitch is below the documented 64 bytes", false};
  if (pitch % kSurface2dPitchAlign != 0)
    return {"the surface pitch is not a multiple of 16 bytes", false};
  return {};
}

}  // namespace xesim::esimd::detail
