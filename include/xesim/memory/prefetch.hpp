// prefetch (usm-pf-1..10): cache hints for future loads. Accepted and validated at compile time
// as DPC++ validates them (cache hints required, legal L1/L2 pair, N divisible by VS, ...); no
// effect on the CPU beyond reporting to the memory port.
#pragma once

#include "xesim/memory/gather.hpp"

namespace xesim::esimd {
namespace detail {

// ------------------------------ prefetch_core
/// Reports a prefetch of `lanes` addresses of `elems` T each; touches no memory (a prefetch of a
/// bad address is harmless on the GPU too).
template <class T>
XESIM_INLINE void prefetch_core(const T* p, std::uint64_t first_offset, int lanes, int elems,
                                std::size_t align, const simd_mask_elem_type* mask) {
  // Nothing to check: a prefetch of any address is harmless. The port stays the counters' hook.
  (void)p, (void)first_offset, (void)lanes, (void)elems, (void)align, (void)mask;
}

/// Checks of a block prefetch of VS elements (DPC++: an LSC transposed message, 4/8-byte units).
template <class T, int VS, class Props>
constexpr std::size_t block_prefetch_alignment() {
  check_cache_hints<cache_action::prefetch, Props>();
  constexpr std::size_t kAlign = prop_alignment<Props>(sizeof(T) <= 4 ? 4 : sizeof(T));
  static_assert(lsc_block_align_ok<T, VS>(kAlign),
                "prefetch: the address must be 4-byte aligned (8-byte for 8-byte elements)");
  static_assert(lsc_block_size_ok<T, VS>(kAlign),
                "prefetch: unsupported number of elements VS (see the block_load LSC table)");
  return kAlign;
}

}  // namespace detail

#define XESIM_PF_ALIGN \
  detail::gather_alignment<T, N, VS, OffsetT, Props, detail::cache_action::prefetch>()
#define XESIM_PF_VIEW_ALIGN                                                      \
  detail::gather_alignment<T, N, VS, detail::element_type_t<OffsetViewT>, Props, \
                           detail::cache_action::prefetch>()
#define XESIM_PF_OK std::enable_if_t<detail::props_v<Props>, int>
#define XESIM_PF_VIEW_OK \
  std::enable_if_t<detail::props_v<Props> && detail::view_v<OffsetViewT>, int>

// ------------------------------ prefetch (per-lane addresses)
/// Prefetches VS elements at p + byte_offsets[i] for each enabled lane into the caches named by
/// props (cache hints are required). No effect on the CPU. HW: lsc_load.ugm with null
/// destination. Platforms: DG2, PVC, Xe2.
template <class T, int N, int VS, class OffsetT, class Props = empty_properties_t, XESIM_PF_OK = 0>
XESIM_INLINE void prefetch(const T* p, simd<OffsetT, N / VS> byte_offsets, simd_mask<N / VS> mask,
                           Props = {}) {
  detail::prefetch_core(p, detail::lane_offset(byte_offsets[0]), N / VS, VS, XESIM_PF_ALIGN,
                        mask.elems());
}
template <class T, int N, int VS, class OffsetT, class Props = empty_properties_t, XESIM_PF_OK = 0>
XESIM_INLINE void prefetch(const T* p, simd<OffsetT, N / VS> byte_offsets, Props = {}) {
  detail::prefetch_core(p, detail::lane_offset(byte_offsets[0]), N / VS, VS, XESIM_PF_ALIGN,
                        nullptr);
}
template <class T, int N, class OffsetT, class Props = empty_properties_t, XESIM_PF_OK = 0,
          int VS = 1>
XESIM_INLINE void prefetch(const T* p, simd<OffsetT, N> byte_offsets, simd_mask<N> mask,
                           Props = {}) {
  detail::prefetch_core(p, detail::lane_offset(byte_offsets[0]), N, 1, XESIM_PF_ALIGN,
                        mask.elems());
}
template <class T, int N, class OffsetT, class Props = empty_properties_t, XESIM_PF_OK = 0,
          int VS = 1>
XESIM_INLINE void prefetch(const T* p, simd<OffsetT, N> byte_offsets, Props = {}) {
  detail::prefetch_core(p, detail::lane_offset(byte_offsets[0]), N, 1, XESIM_PF_ALIGN, nullptr);
}
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_PF_VIEW_OK = 0>
XESIM_INLINE void prefetch(const T* p, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                           Props = {}) {
  detail::prefetch_core(p, detail::lane_offset(byte_offsets.read()[0]), N / VS, VS,
                        XESIM_PF_VIEW_ALIGN, mask.elems());
}
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_PF_VIEW_OK = 0>
XESIM_INLINE void prefetch(const T* p, OffsetViewT byte_offsets, Props = {}) {
  detail::prefetch_core(p, detail::lane_offset(byte_offsets.read()[0]), N / VS, VS,
                        XESIM_PF_VIEW_ALIGN, nullptr);
}

// ------------------------------ prefetch (one linear block)
/// Prefetches VS contiguous elements at p + byte_offset (when mask[0]). Cache hints required;
/// LSC block rules for VS and alignment. HW: lsc_load.ugm (transposed, null destination).
template <class T, int VS = 1, class OffsetT, class Props = empty_properties_t,
          std::enable_if_t<std::is_integral_v<OffsetT> && detail::props_v<Props>, int> = 0>
XESIM_INLINE void prefetch(const T* p, OffsetT byte_offset, simd_mask<1> mask, Props = {}) {
  detail::prefetch_core(p, static_cast<std::uint64_t>(byte_offset), 1, VS,
                        detail::block_prefetch_alignment<T, VS, Props>(), mask.elems());
}
template <class T, int VS = 1, class OffsetT, class Props = empty_properties_t,
          std::enable_if_t<std::is_integral_v<OffsetT> && detail::props_v<Props>, int> = 0>
XESIM_INLINE void prefetch(const T* p, OffsetT byte_offset, Props = {}) {
  detail::prefetch_core(p, static_cast<std::uint64_t>(byte_offset), 1, VS,
                        detail::block_prefetch_alignment<T, VS, Props>(), nullptr);
}
template <class T, int VS = 1, class Props = empty_properties_t, XESIM_PF_OK = 0>
XESIM_INLINE void prefetch(const T* p, simd_mask<1> mask, Props = {}) {
  detail::prefetch_core(p, 0, 1, VS, detail::block_prefetch_alignment<T, VS, Props>(),
                        mask.elems());
}
template <class T, int VS = 1, class Props = empty_properties_t, XESIM_PF_OK = 0>
XESIM_INLINE void prefetch(const T* p, Props = {}) {
  detail::prefetch_core(p, 0, 1, VS, detail::block_prefetch_alignment<T, VS, Props>(), nullptr);
}

#undef XESIM_PF_ALIGN
#undef XESIM_PF_VIEW_ALIGN
#undef XESIM_PF_OK
#undef XESIM_PF_VIEW_OK

}  // namespace xesim::esimd
