// gather_rgba / scatter_rgba (USM pointers, device accessors) and slm_gather_rgba /
// slm_scatter_rgba: pixels of up to four 4-byte channels (R, G, B, A in memory order), read or
// written channel-major. Each overload forwards in one line to rgba_gather_core /
// rgba_scatter_core, which call the gather / scatter cores (one memory path).
#pragma once

#include "xesim/memory/accessor_common.hpp"
#include "xesim/memory/gather.hpp"
#include "xesim/memory/slm_gather.hpp"

namespace xesim::esimd {

// ------------------------------ rgba_channel / rgba_channel_mask
/// A pixel channel; its value is the channel's position in the pixel (R first in memory).
enum class rgba_channel : uint8_t { R, G, B, A };
/// Which channels of each pixel an rgba access touches: bit c for channel c (DPC++'s values).
enum class rgba_channel_mask : uint8_t {
  R = 1,
  G = 2,
  GR = 3,
  B = 4,
  BR = 5,
  BG = 6,
  BGR = 7,
  A = 8,
  AR = 9,
  AG = 10,
  AGR = 11,
  AB = 12,
  ABR = 13,
  ABG = 14,
  ABGR = 15,
};
/// 1 if channel ch is in mask m, else 0.
constexpr int is_channel_enabled(rgba_channel_mask m, rgba_channel ch) {
  return (static_cast<int>(m) >> static_cast<int>(ch)) & 1;
}
/// How many channels mask m enables (0..4).
constexpr int get_num_channels_enabled(rgba_channel_mask m) {
  return is_channel_enabled(m, rgba_channel::R) + is_channel_enabled(m, rgba_channel::G) +
         is_channel_enabled(m, rgba_channel::B) + is_channel_enabled(m, rgba_channel::A);
}

namespace detail {

/// DPC++'s restrictions on every rgba access (svm gather4 / scatter4 scaled messages).
template <class T, int N, class OffsetT>
constexpr void check_rgba() {
  static_assert(std::is_integral_v<OffsetT>, "Unsupported offset type");
  static_assert(N == 8 || N == 16 || N == 32, "Unsupported value of N");
  static_assert(sizeof(T) == 4, "Unsupported size of type T");
}
/// Writes take only masks of consecutive channels from R (DPC++'s rule).
template <rgba_channel_mask M>
constexpr void validate_rgba_write_channel_mask() {
  using CM = rgba_channel_mask;
  static_assert((M == CM::ABGR || M == CM::BGR || M == CM::GR || M == CM::R) &&
                "Only ABGR, BGR, GR, R channel masks are valid in write operations");
}
/// Masks of consecutive channels from R: one VS-element gather/scatter per pixel does them.
constexpr bool rgba_prefix(rgba_channel_mask m) {
  const int v = static_cast<int>(m);
  return (v & (v + 1)) == 0;
}

// ------------------------------ rgba_gather_core
/// Channel k (the k-th enabled one) of pixel i lands in r[k*N + i]; each pixel's channels are
/// consecutive T at base + offsets[i]. Masked-off pixels are not read and give zeros (DPC++:
/// undefined). `space` is global (p) or SLM (offsets are SLM byte offsets). One gather per
/// enabled channel, or one VS = channels gather when the mask is a prefix (R, GR, BGR, ABGR).
template <rgba_channel_mask M, class T, int N, class OffsetT>
XESIM_INLINE simd<T, N * get_num_channels_enabled(M)> rgba_gather_core(
    const T* p, bool slm, const simd<OffsetT, N>& offsets, const simd_mask<N>& mask,
    const std::source_location& loc) {
  check_rgba<T, N, OffsetT>();
  constexpr int kCh = get_num_channels_enabled(M);
  simd<T, N * kCh> r;
  if constexpr (rgba_prefix(M)) {
    if (slm)
      r = slm_gather_core<T, N * kCh, kCh>(simd<uint32_t, N>(offsets), sizeof(T), mask, nullptr,
                                           loc);
    else
      r = gather_core<T, N * kCh, kCh>(p, offsets, sizeof(T), mask, nullptr, loc);
  } else {
    int k = 0;
    for (int c = 0; c < 4; ++c) {
      if (!((static_cast<int>(M) >> c) & 1)) continue;
      const simd<OffsetT, N> ch_off = offsets + static_cast<OffsetT>(c * sizeof(T));
      const simd<T, N> ch =
          slm ? slm_gather_core<T, N, 1>(simd<uint32_t, N>(ch_off), sizeof(T), mask, nullptr, loc)
              : gather_core<T, N, 1>(p, ch_off, sizeof(T), mask, nullptr, loc);
      for (int i = 0; i < N; ++i) r.elems()[k * N + i] = ch.elems()[i];
      ++k;
    }
  }
  return r;
}

// ------------------------------ rgba_scatter_core
/// Writes r[k*N + i] (channel k of pixel i) to the pixel's channel k for enabled pixels only.
/// M is one of R, GR, BGR, ABGR: one VS = channels scatter.
template <rgba_channel_mask M, class T, int N, class OffsetT>
XESIM_INLINE void rgba_scatter_core(T* p, bool slm, const simd<OffsetT, N>& offsets,
                                    const simd<T, N * get_num_channels_enabled(M)>& vals,
                                    const simd_mask<N>& mask, const std::source_location& loc) {
  check_rgba<T, N, OffsetT>();
  validate_rgba_write_channel_mask<M>();
  constexpr int kCh = get_num_channels_enabled(M);
  if (slm)
    slm_scatter_core<T, N * kCh, kCh>(simd<uint32_t, N>(offsets), vals, sizeof(T), mask, loc);
  else
    scatter_core<T, N * kCh, kCh>(p, offsets, vals, sizeof(T), mask, loc);
}

}  // namespace detail

#define XESIM_RGBA_RET simd<T, N * get_num_channels_enabled(RGBAMask)>
#define XESIM_LOC std::source_location loc = std::source_location::current()

// ------------------------------ gather_rgba
/// Reads the RGBAMask channels of N pixels at p + offsets[i] (4-byte T, 4-byte aligned):
/// channel k (k-th enabled, in R, G, B, A order) of pixel i at [k*N + i]. Masked-off pixels are
/// not read (zeros; DPC++: undefined). N: 8, 16 or 32. Pre: readable (out-of-bounds).
/// HW: svm_gather4_scaled / untyped surface read. Platforms: all.
template <rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR, class T, int N, class Toffset>
XESIM_INLINE XESIM_RGBA_RET gather_rgba(const T* p, simd<Toffset, N> offsets, simd_mask<N> mask = 1,
                                        XESIM_LOC) {
  return detail::rgba_gather_core<RGBAMask, T, N>(p, false, offsets, mask, loc);
}
/// Offsets given as a simd_view.
template <rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR, class T, int N, class OffsetViewT,
          std::enable_if_t<detail::view_v<OffsetViewT>, int> = 0>
XESIM_INLINE XESIM_RGBA_RET gather_rgba(const T* p, OffsetViewT offsets, simd_mask<N> mask = 1,
                                        XESIM_LOC) {
  return detail::rgba_gather_core<RGBAMask, T, N>(p, false, offsets.read(), mask, loc);
}
/// One scalar byte offset for every pixel.
template <rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR, class T, int N, class Toffset,
          std::enable_if_t<std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE XESIM_RGBA_RET gather_rgba(const T* p, Toffset offset, simd_mask<N> mask = 1,
                                        XESIM_LOC) {
  return detail::rgba_gather_core<RGBAMask, T, N>(p, false, simd<Toffset, N>(offset), mask, loc);
}
/// Deprecated order of the template arguments: gather_rgba<T, N, RGBAMask>(p, offsets[, mask]).
template <class T, int N, rgba_channel_mask RGBAMask>
[[deprecated("use gather_rgba<rgba_channel_mask>()")]] XESIM_INLINE XESIM_RGBA_RET
gather_rgba(const T* p, simd<uint32_t, N> offsets, simd_mask<N> mask = 1, XESIM_LOC) {
  return detail::rgba_gather_core<RGBAMask, T, N>(p, false, offsets, mask, loc);
}
/// Device accessor: pixels at byte global_offset + offsets[i] of the buffer. N: 8, 16 or 32.
template <rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR, class AccessorT, int N,
          class T = std::remove_const_t<typename AccessorT::value_type>, class Toffset,
          std::enable_if_t<detail::acc_read_v<AccessorT> && std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE XESIM_RGBA_RET gather_rgba(AccessorT acc, simd<Toffset, N> offsets,
                                        std::uint64_t global_offset = 0, simd_mask<N> mask = 1,
                                        XESIM_LOC) {
  return detail::rgba_gather_core<RGBAMask, T, N>(detail::acc_ptr<const T>(acc, global_offset),
                                                  false, offsets, mask, loc);
}

// ------------------------------ scatter_rgba
/// Writes vals[k*N + i] to channel k of pixel i at p + offsets[i], enabled pixels only.
/// RGBAMask: ABGR, BGR, GR or R; N: 8, 16 or 32; 4-byte T. Pre: writable (out-of-bounds).
/// HW: svm_scatter4_scaled / untyped surface write. Platforms: all.
template <rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR, class T, int N, class Toffset>
XESIM_INLINE void scatter_rgba(T* p, simd<Toffset, N> offsets, XESIM_RGBA_RET vals,
                               simd_mask<N> mask = 1, XESIM_LOC) {
  detail::rgba_scatter_core<RGBAMask, T, N>(p, false, offsets, vals, mask, loc);
}
/// Offsets given as a simd_view.
template <rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR, class T, int N, class OffsetViewT,
          std::enable_if_t<detail::view_v<OffsetViewT>, int> = 0>
XESIM_INLINE void scatter_rgba(T* p, OffsetViewT offsets, XESIM_RGBA_RET vals,
                               simd_mask<N> mask = 1, XESIM_LOC) {
  detail::rgba_scatter_core<RGBAMask, T, N>(p, false, offsets.read(), vals, mask, loc);
}
/// Deprecated order of the template arguments: scatter_rgba<T, N, RGBAMask>(p, offsets, vals).
template <class T, int N, rgba_channel_mask RGBAMask>
[[deprecated("use scatter_rgba<rgba_channel_mask>()")]] XESIM_INLINE void scatter_rgba(
    T* p, simd<uint32_t, N> offsets, XESIM_RGBA_RET vals, simd_mask<N> mask = 1, XESIM_LOC) {
  detail::rgba_scatter_core<RGBAMask, T, N>(p, false, offsets, vals, mask, loc);
}
/// Device accessor: pixels at byte global_offset + offsets[i] of the buffer.
template <rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR, class AccessorT, int N,
          class T = std::remove_const_t<typename AccessorT::value_type>, class Toffset,
          std::enable_if_t<detail::acc_write_v<AccessorT> && std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE void scatter_rgba(AccessorT acc, simd<Toffset, N> offsets, XESIM_RGBA_RET vals,
                               std::uint64_t global_offset = 0, simd_mask<N> mask = 1, XESIM_LOC) {
  detail::rgba_scatter_core<RGBAMask, T, N>(detail::acc_ptr<T>(acc, global_offset), false, offsets,
                                            vals, mask, loc);
}

/// Local accessor: pixels at SLM byte global_offset + offsets[i] of the accessor's SLM.
template <rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR, class AccessorT, int N,
          class T = std::remove_const_t<typename AccessorT::value_type>,
          std::enable_if_t<detail::lacc_read_v<AccessorT>, int> = 0>
XESIM_INLINE XESIM_RGBA_RET gather_rgba(AccessorT lacc, simd<uint32_t, N> offsets,
                                        std::uint32_t global_offset = 0, simd_mask<N> mask = 1,
                                        XESIM_LOC) {
  return detail::rgba_gather_core<RGBAMask, T, N>(
      nullptr, true, offsets + detail::lacc_off(lacc, global_offset), mask, loc);
}
template <rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR, class AccessorT, int N,
          class T = std::remove_const_t<typename AccessorT::value_type>,
          std::enable_if_t<detail::lacc_write_v<AccessorT>, int> = 0>
XESIM_INLINE void scatter_rgba(AccessorT lacc, simd<uint32_t, N> offsets, XESIM_RGBA_RET vals,
                               std::uint32_t global_offset = 0, simd_mask<N> mask = 1, XESIM_LOC) {
  detail::rgba_scatter_core<RGBAMask, T, N>(
      nullptr, true, offsets + detail::lacc_off(lacc, global_offset), vals, mask, loc);
}

// ------------------------------ slm_gather_rgba / slm_scatter_rgba
/// gather_rgba from SLM byte offsets. Pre: in the initialised SLM (slm-out-of-range).
/// HW: gather4_scaled.slm. Platforms: all.
template <class T, int N, rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR>
XESIM_INLINE XESIM_RGBA_RET slm_gather_rgba(simd<uint32_t, N> offsets, simd_mask<N> mask = 1,
                                            XESIM_LOC) {
  return detail::rgba_gather_core<RGBAMask, T, N>(nullptr, true, offsets, mask, loc);
}
/// scatter_rgba to SLM byte offsets (RGBAMask: ABGR, BGR, GR or R). HW: scatter4_scaled.slm.
template <class T, int N, rgba_channel_mask RGBAMask = rgba_channel_mask::ABGR>
XESIM_INLINE void slm_scatter_rgba(simd<uint32_t, N> offsets, XESIM_RGBA_RET vals,
                                   simd_mask<N> mask = 1, XESIM_LOC) {
  detail::rgba_scatter_core<RGBAMask, T, N>(nullptr, true, offsets, vals, mask, loc);
}

#undef XESIM_RGBA_RET
#undef XESIM_LOC

}  // namespace xesim::esimd
