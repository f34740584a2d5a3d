// The one memory path of 2D block loads, stores and prefetches: every call form
// (lsc_load_2d, load_2d, config_2d_mem_access, ...) forwards to load_2d_core, store_2d_core or
// prefetch_2d_core, which refuse devices without 2D blocks, report once to the 2D port
// (invalid-2d-block, out-of-bounds) and move whole rows with constant-size copies.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <source_location>
#include <string>

#include "xesim/memory/block_2d_rules.hpp"
#include "xesim/memory/block_2d_shuffle.hpp"
#include "xesim/memory/port.hpp"
#include "xesim/runtime/device_model.hpp"
#include "xesim/simd/simd.hpp"

namespace xesim::esimd::detail {

// ------------------------------ the 2D port
/// One 2D block call as it was made: the surface (bytes minus 1, rows minus 1), the upper-left
/// corner (x in elements, y in rows) and the rectangle the message moves (`cols` elements by
/// `rows` rows, padding rows included). `name` is the DPC++ function called.
struct block_2d_access {
  block_2d_op op;
  const char* name;
  const void* base;
  std::uint32_t width_m1, height_m1, pitch_m1;
  std::int32_t x, y;
  std::uint32_t elem_bytes;
  std::int32_t cols, rows;
};

/// The part of the rectangle inside the surface: columns [x0, x1), rows [y0, y1); empty when
/// x0 >= x1 or y0 >= y1.
struct block_2d_clip {
  std::int64_t x0, x1, y0, y1;
  bool empty() const { return x0 >= x1 || y0 >= y1; }
};
XESIM_INLINE block_2d_clip clip_2d(const block_2d_access& a) {
  const std::int64_t w = (std::int64_t(a.width_m1) + 1) / a.elem_bytes;
  const std::int64_t h = std::int64_t(a.height_m1) + 1;
  auto lo = [](std::int64_t v) { return v < 0 ? std::int64_t(0) : v; };
  auto hi = [](std::int64_t v, std::int64_t m) { return v > m ? m : v; };
  return {lo(a.x), hi(std::int64_t(a.x) + a.cols, w), lo(a.y), hi(std::int64_t(a.y) + a.rows, h)};
}
/// The bytes [first, first + bytes) a load or store of `a` touches (rows y0..y1-1 of the clip).
XESIM_INLINE void touched_2d(const block_2d_access& a, const block_2d_clip& c,
                             std::uintptr_t& first, std::uint64_t& bytes) {
  const std::uint64_t pitch = std::uint64_t(a.pitch_m1) + 1;
  first = reinterpret_cast<std::uintptr_t>(a.base) + std::uint64_t(c.y0) * pitch +
          std::uint64_t(c.x0) * a.elem_bytes;
  bytes = std::uint64_t(c.y1 - 1 - c.y0) * pitch + std::uint64_t(c.x1 - c.x0) * a.elem_bytes;
}

/// src/check/block_2d.cpp: reports invalid-2d-block and out-of-bounds for `a`; true when the
/// access may be performed.
bool check_block_2d(const block_2d_access& a, const std::source_location& loc) noexcept;

/// The port of a 2D block op: true to perform it, false to skip it (a load then gives zeros).
/// basic: valid surface parameters and a touched range inside the last USM ranges return inline.
XESIM_INLINE bool memory_port_2d(const block_2d_access& a, const std::source_location& loc) {
  if (!check::on()) [[unlikely]]
    return true;
  check::sample_stack(loc, std::uint64_t(a.elem_bytes) * a.cols * a.rows);
  if (block_2d_param_error(a.base, a.width_m1, a.height_m1, a.pitch_m1, a.x, a.elem_bytes))
      [[unlikely]]
    return check_block_2d(a, loc);  // reports, then checks the bounds too (warnings)
  const block_2d_clip c = clip_2d(a);
  if (a.op == block_2d_op::prefetch || c.empty()) return true;  // nothing is touched
  std::uintptr_t first;
  std::uint64_t bytes;
  touched_2d(a, c, first, bytes);
  const check::detail::usm_window& w = check::detail::tls_usm_window;
  if (w.epoch == rt::usm_free_epoch() && w.holds(first, bytes)) [[likely]]
    return true;
  return check_block_2d(a, loc);
}

// ------------------------------ devices without 2D blocks
/// Raises what the GPU's runtime raises for a kernel using 2D block messages on a device without
/// them (Xe-HPG, Xe-LPG): the kernel cannot be built for it.
[[noreturn, gnu::cold, gnu::noinline]] inline void refuse_block_2d(const char* name) {
  const dev::device_model& m = dev::current_device();
  throw sycl::exception(
      sycl::make_error_code(sycl::errc::kernel_not_supported),
      std::string("xesim: error: ") + name + " (2D block message lsc_" +
          (std::string(name).find("store") != std::string::npos ? "store" : "load") +
          "_block2d) is not supported on " + m.id + " (" + m.name + ", " + m.arch +
          "): 2D block loads, stores and prefetches exist on Xe-HPC and Xe2 GPUs only "
          "(max-1550, arc-b580, lunar-lake); load the rows with block_load instead");
}
/// Whether the selected device has 2D block messages (read once, like the device).
XESIM_INLINE bool block_2d_supported() {
  static const bool kHas = dev::current_device().has_block_2d;
  return kHas;
}

// ------------------------------ row copies
/// Reads Rows x Cols elements of the surface at (x, y) into dst (rows DstPitch elements apart);
/// elements outside the surface read as 0, as the hardware returns them. Whole rows are
/// constant-size copies.
template <class T, int Cols, int Rows, int DstPitch>
XESIM_INLINE void read_rect_2d(T* dst, const block_2d_access& a, std::int32_t x) {
  const auto* base = static_cast<const unsigned char*>(a.base);
  const std::int64_t w = (std::int64_t(a.width_m1) + 1) / std::int64_t(sizeof(T));
  const std::int64_t h = std::int64_t(a.height_m1) + 1;
  const std::int64_t pitch = std::int64_t(a.pitch_m1) + 1;
  if (x >= 0 && x + Cols <= w && a.y >= 0 && a.y + Rows <= h) [[likely]] {
    const unsigned char* src = base + a.y * pitch + std::int64_t(x) * std::int64_t(sizeof(T));
#pragma GCC unroll 32
    for (int r = 0; r < Rows; ++r)
      std::memcpy(dst + r * DstPitch, src + r * pitch, Cols * sizeof(T));
    return;
  }
  auto clamp = [](std::int64_t v) { return v < 0 ? 0 : v > Cols ? Cols : v; };
  const std::int64_t c0 = clamp(-std::int64_t(x)), c1 = clamp(w - x);
  for (int r = 0; r < Rows; ++r) {
    T* d = dst + r * DstPitch;
    const std::int64_t yy = std::int64_t(a.y) + r;
    std::memset(static_cast<void*>(d), 0, Cols * sizeof(T));
    if (yy >= 0 && yy < h && c1 > c0)
      std::memcpy(static_cast<void*>(d + c0),
                  base + yy * pitch + (x + c0) * std::int64_t(sizeof(T)),
                  std::size_t(c1 - c0) * sizeof(T));
  }
}

// ------------------------------ load_2d_core
/// Loads NB blocks of H rows by W elements at (x, y) of the surface, transposed or
/// VNNI-transformed, into the layout DPC++ returns for N (block_2d_layout: the padded register
/// image when N is kActualN, the packed rows when N is kDstN).
template <class T, int W, int H, int NB, bool Transposed, bool Transformed, int N>
XESIM_INLINE simd<T, N> load_2d_core(const block_2d_access& a, const std::source_location& loc) {
  using L = block_2d_layout<T, W, H, NB, Transposed, Transformed>;
  static_assert(N == L::kActualN || N == L::kDstN,
                "Incorrect element count: N must be the default (get_lsc_block_2d_data_size) "
                "or the padded register size of the message");
  if (!block_2d_supported()) [[unlikely]]
    refuse_block_2d(a.name);
  if (check::on() && !memory_port_2d(a, loc)) [[unlikely]]
    return simd<T, N>(0);
  constexpr bool kRaw = N == L::kActualN;
  constexpr std::int64_t kElem = sizeof(T);
  constexpr int kRowOut = kRaw ? L::kRowPitch : L::kRowSize;
  constexpr int kBlockOut = kRaw ? L::kBlockPitch : L::kDstBlock;
  simd<T, N> r;
  T* out = r.elems();
  if constexpr (kRaw &&
                (L::kRowPitch != L::kRowSize || L::kBlockPitch != L::kBlockSize || L::kDstN != N))
    std::memset(static_cast<void*>(out), 0, sizeof(T) * N);  // padding reads as 0
  if constexpr (Transposed && sizeof(T) == 4) {
    // Rows into a tile 8 wide, then 8 x 8 register transposes: 20x a plain loop
    // (bench/block_2d_bench "transposed").
    constexpr int kRows = kRaw ? L::kRowsRead : H;
    constexpr int kChunks = (L::kRowsRead + 7) / 8;
    alignas(32) std::uint32_t tile[kChunks * 64] = {};
    alignas(32) std::uint32_t col[64];
    read_rect_2d<T, W, L::kRowsRead, 8>(reinterpret_cast<T*>(tile), a, a.x);
    for (int j = 0; j < kChunks; ++j) {
      transpose8x8_32(col, tile + 64 * j);
      constexpr int kLast = kRows - 8 * (kChunks - 1);  // rows of the last chunk
      const int n = j + 1 < kChunks ? 8 : kLast;
      if (n <= 0) break;
      for (int c = 0; c < W; ++c)
        std::memcpy(static_cast<void*>(out + c * kRowOut + 8 * j), col + 8 * c, n * sizeof(T));
    }
  } else if constexpr (Transposed) {
    // 8-byte elements (W <= 4, H == 8): a plain transpose of the tile.
    constexpr int kRows = kRaw ? L::kRowsRead : H;
    T tile[L::kRowsRead * W];
    read_rect_2d<T, W, L::kRowsRead, W>(tile, a, a.x);
    for (int c = 0; c < W; ++c)
      for (int i = 0; i < kRows; ++i) out[c * kRowOut + i] = tile[i * W + c];
  } else if constexpr (Transformed) {
    // VNNI: row i of the result interleaves source rows V*i .. V*i+V-1, element by element:
    // register shuffles for power-of-two widths (14x a plain loop, bench/block_2d_bench "vnni").
    constexpr int kV = L::kVnni;
    T tile[L::kRowsRead * W];
    const std::int64_t pitch = std::int64_t(a.pitch_m1) + 1;
    const bool inside = a.x >= 0 && a.y >= 0 &&
                        std::int64_t(a.x) + NB * W <= (std::int64_t(a.width_m1) + 1) / kElem &&
                        std::int64_t(a.y) + L::kRowsRead <= std::int64_t(a.height_m1) + 1;
    for (int b = 0; b < NB; ++b) {
      T* o = out + b * kBlockOut;
      if constexpr (vnni_shuffle_ok(sizeof(T), W)) {
        if (inside) [[likely]] {  // straight from the surface's rows
          const auto* src = static_cast<const unsigned char*>(a.base) + a.y * pitch +
                            (std::int64_t(a.x) + b * W) * kElem;
          for (int i = 0; i < L::kColSize; ++i)
            vnni_rows<sizeof(T), W>(o + i * kRowOut, src + i * kV * pitch, pitch);
          continue;
        }
      }
      read_rect_2d<T, W, L::kRowsRead, W>(tile, a, a.x + b * W);
      for (int i = 0; i < L::kColSize; ++i) {
        if constexpr (vnni_shuffle_ok(sizeof(T), W))
          vnni_rows<sizeof(T), W>(o + i * kRowOut, tile + i * kV * W, W * kElem);
        else
          for (int c = 0; c < W; ++c)
            for (int k = 0; k < kV; ++k) o[i * kRowOut + c * kV + k] = tile[(i * kV + k) * W + c];
      }
    }
  } else {
    for (int b = 0; b < NB; ++b)
      read_rect_2d<T, W, H, kRowOut>(out + b * kBlockOut, a, a.x + b * W);
  }
  return r;
}

// ------------------------------ store_2d_core
/// Stores H rows of W elements of `vals` (rows kPitchIn elements apart) at (x, y); the parts
/// outside the surface are dropped, as the hardware drops them.
template <class T, int W, int H, int kPitchIn, int N>
XESIM_INLINE void store_2d_core(const block_2d_access& a, const simd<T, N>& vals,
                                const std::source_location& loc) {
  static_assert((H - 1) * kPitchIn + W <= N, "store_2d: vals holds fewer than H rows of W");
  if (!block_2d_supported()) [[unlikely]]
    refuse_block_2d(a.name);
  if (check::on() && !memory_port_2d(a, loc)) [[unlikely]]
    return;
  XESIM_UNINIT(check::uninit::sink(vals, nullptr, a.name, loc);)
  const block_2d_clip c = clip_2d(a);
  if (c.empty()) return;
  auto* base = static_cast<unsigned char*>(const_cast<void*>(a.base));
  const std::int64_t pitch = std::int64_t(a.pitch_m1) + 1;
  const T* v = vals.elems();
  if (c.x1 - c.x0 == W) [[likely]] {  // whole rows
    for (std::int64_t yy = c.y0; yy < c.y1; ++yy)
      std::memcpy(base + yy * pitch + c.x0 * std::int64_t(sizeof(T)), v + (yy - a.y) * kPitchIn,
                  W * sizeof(T));
    return;
  }
  if constexpr (W > 1) {  // a clipped row: 1 .. W - 1 elements (bounded for g++'s overread check)
    const std::size_t n = std::size_t(std::clamp<std::int64_t>(c.x1 - c.x0, 0, W - 1));
    for (std::int64_t yy = c.y0; yy < c.y1; ++yy)
      std::memcpy(base + yy * pitch + c.x0 * std::int64_t(sizeof(T)),
                  v + (yy - a.y) * kPitchIn + (c.x0 - a.x), n * sizeof(T));
  }
}

// ------------------------------ prefetch_2d_core
/// Reports a 2D prefetch; touches no memory (a prefetch anywhere is harmless).
XESIM_INLINE void prefetch_2d_core(const block_2d_access& a, const std::source_location& loc) {
  if (!block_2d_supported()) [[unlikely]]
    refuse_block_2d(a.name);
  if (check::on()) (void)memory_port_2d(a, loc);
}

}  // namespace xesim::esimd::detail
