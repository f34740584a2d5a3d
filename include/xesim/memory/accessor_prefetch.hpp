// prefetch on device accessors (acc-pf-1..10): the accessor forms of prefetch.hpp, validated at
// compile time as DPC++ validates them (cache hints required, N divisible by VS, LSC block rules)
// and forwarded in one line each to prefetch_core. No effect on the CPU's memory.
#pragma once

#include "xesim/memory/accessor_common.hpp"
#include "xesim/memory/prefetch.hpp"

namespace xesim::esimd {

#define XESIM_APF_ALIGN \
  detail::gather_alignment<T, N, VS, OffsetT, Props, detail::cache_action::prefetch>()
#define XESIM_APF_VIEW_ALIGN                                                     \
  detail::gather_alignment<T, N, VS, detail::element_type_t<OffsetViewT>, Props, \
                           detail::cache_action::prefetch>()
#define XESIM_APF_OK std::enable_if_t<detail::acc_read_v<AccessorT> && detail::props_v<Props>, int>
#define XESIM_APF_VIEW_OK \
  std::enable_if_t<       \
      detail::acc_read_v<AccessorT> && detail::props_v<Props> && detail::view_v<OffsetViewT>, int>

// ------------------------------ prefetch (per-lane addresses)
/// Prefetches VS elements at byte_offsets[i] of acc's buffer for each enabled lane into the
/// caches props name (cache hints are required). No effect on the CPU.
/// HW: lsc_load.ugm with a null destination. Platforms: DG2, PVC, Xe2.
template <class T, int N, int VS, class AccessorT, class OffsetT, class Props = empty_properties_t,
          XESIM_APF_OK = 0>
XESIM_INLINE void prefetch(AccessorT acc, simd<OffsetT, N / VS> byte_offsets,
                           simd_mask<N / VS> mask, Props = {}) {
  detail::prefetch_core(detail::acc_ptr<const T>(acc, 0), detail::lane_offset(byte_offsets[0]),
                        N / VS, VS, XESIM_APF_ALIGN, mask.elems());
}
template <class T, int N, int VS, class AccessorT, class OffsetT, class Props = empty_properties_t,
          XESIM_APF_OK = 0>
XESIM_INLINE void prefetch(AccessorT acc, simd<OffsetT, N / VS> byte_offsets, Props = {}) {
  detail::prefetch_core(detail::acc_ptr<const T>(acc, 0), detail::lane_offset(byte_offsets[0]),
                        N / VS, VS, XESIM_APF_ALIGN, nullptr);
}
/// VS = 1 forms (acc-pf-3,4).
template <class T, int N, class AccessorT, class OffsetT, class Props = empty_properties_t,
          XESIM_APF_OK = 0, int VS = 1>
XESIM_INLINE void prefetch(AccessorT acc, simd<OffsetT, N> byte_offsets, simd_mask<N> mask,
                           Props = {}) {
  detail::prefetch_core(detail::acc_ptr<const T>(acc, 0), detail::lane_offset(byte_offsets[0]), N,
                        1, XESIM_APF_ALIGN, mask.elems());
}
template <class T, int N, class AccessorT, class OffsetT, class Props = empty_properties_t,
          XESIM_APF_OK = 0, int VS = 1>
XESIM_INLINE void prefetch(AccessorT acc, simd<OffsetT, N> byte_offsets, Props = {}) {
  detail::prefetch_core(detail::acc_ptr<const T>(acc, 0), detail::lane_offset(byte_offsets[0]), N,
                        1, XESIM_APF_ALIGN, nullptr);
}
/// Byte offsets given as a simd_view (acc-pf-5,6).
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_APF_VIEW_OK = 0>
XESIM_INLINE void prefetch(AccessorT acc, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                           Props = {}) {
  detail::prefetch_core(detail::acc_ptr<const T>(acc, 0),
                        detail::lane_offset(byte_offsets.read()[0]), N / VS, VS,
                        XESIM_APF_VIEW_ALIGN, mask.elems());
}
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_APF_VIEW_OK = 0>
XESIM_INLINE void prefetch(AccessorT acc, OffsetViewT byte_offsets, Props = {}) {
  detail::prefetch_core(detail::acc_ptr<const T>(acc, 0),
                        detail::lane_offset(byte_offsets.read()[0]), N / VS, VS,
                        XESIM_APF_VIEW_ALIGN, nullptr);
}

// ------------------------------ prefetch (one linear block)
/// Prefetches VS contiguous elements at byte_offset of acc's buffer (when mask[0]); cache hints
/// required; LSC block rules for VS and alignment (acc-pf-7..10).
/// HW: lsc_load.ugm (transposed, null destination). Platforms: DG2, PVC, Xe2.
template <class T, int VS = 1, class AccessorT, class OffsetT, class Props = empty_properties_t,
          std::enable_if_t<std::is_integral_v<OffsetT> && detail::acc_read_v<AccessorT> &&
                               detail::props_v<Props>,
                           int> = 0>
XESIM_INLINE void prefetch(AccessorT acc, OffsetT byte_offset, simd_mask<1> mask, Props = {}) {
  detail::prefetch_core(detail::acc_ptr<const T>(acc, 0), static_cast<std::uint64_t>(byte_offset),
                        1, VS, detail::block_prefetch_alignment<T, VS, Props>(), mask.elems());
}
template <class T, int VS = 1, class AccessorT, class OffsetT, class Props = empty_properties_t,
          std::enable_if_t<std::is_integral_v<OffsetT> && detail::acc_read_v<AccessorT> &&
                               detail::props_v<Props>,
                           int> = 0>
XESIM_INLINE void prefetch(AccessorT acc, OffsetT byte_offset, Props = {}) {
  detail::prefetch_core(detail::acc_ptr<const T>(acc, 0), static_cast<std::uint64_t>(byte_offset),
                        1, VS, detail::block_prefetch_alignment<T, VS, Props>(), nullptr);
}
template <class T, int VS = 1, class AccessorT, class Props = empty_properties_t, XESIM_APF_OK = 0>
XESIM_INLINE void prefetch(AccessorT acc, simd_mask<1> mask, Props = {}) {
  detail::prefetch_core(detail::acc_ptr<const T>(acc, 0), 0, 1, VS,
                        detail::block_prefetch_alignment<T, VS, Props>(), mask.elems());
}
template <class T, int VS = 1, class AccessorT, class Props = empty_properties_t, XESIM_APF_OK = 0>
XESIM_INLINE void prefetch(AccessorT acc, Props = {}) {
  detail::prefetch_core(detail::acc_ptr<const T>(acc, 0), 0, 1, VS,
                        detail::block_prefetch_alignment<T, VS, Props>(), nullptr);
}

#undef XESIM_APF_ALIGN
#undef XESIM_APF_VIEW_ALIGN
#undef XESIM_APF_OK
#undef XESIM_APF_VIEW_OK

}  // namespace xesim::esimd
