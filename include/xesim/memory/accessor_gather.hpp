// gather / scatter on accessors: device accessors (acc-ga-1..9, acc-sc-1..4, the legacy forms
// with a global byte offset and the scalar-offset broadcast) and local accessors (lacc-ga-1..9,
// lacc-sc-1..4, legacy with a global offset). Each overload forwards in one line to gather_core /
// scatter_core (gather.hpp) or slm_gather_core / slm_scatter_core (slm_gather.hpp).
#pragma once

#include "xesim/memory/accessor_common.hpp"
#include "xesim/memory/gather.hpp"
#include "xesim/memory/slm_gather.hpp"

namespace xesim::esimd {

#define XESIM_AG_ALIGN(ACTION) \
  detail::gather_alignment<T, N, VS, OffsetT, Props, detail::cache_action::ACTION>()
#define XESIM_AG_VIEW_ALIGN(ACTION)                                              \
  detail::gather_alignment<T, N, VS, detail::element_type_t<OffsetViewT>, Props, \
                           detail::cache_action::ACTION>()
#define XESIM_AG_SLM_ALIGN \
  detail::gather_alignment<T, N, VS, uint32_t, Props, detail::cache_action::ignored>()
#define XESIM_AG_OK(TRAIT) std::enable_if_t<detail::TRAIT<AccessorT> && detail::props_v<Props>, int>
#define XESIM_AG_VIEW_OK(TRAIT) \
  std::enable_if_t<             \
      detail::TRAIT<AccessorT> && detail::props_v<Props> && detail::view_v<OffsetViewT>, int>
#define XESIM_AG_MASK_OK(TRAIT)                                          \
  std::enable_if_t<detail::TRAIT<AccessorT> && detail::props_v<Props> && \
                       std::is_same_v<MaskT, simd_mask<N>>,              \
                   int>

// ------------------------------ gather (device accessor)
/// Returns N elements: VS consecutive T at byte_offsets[i] of acc's buffer for each of the N/VS
/// addresses (element j of address i at [j*(N/VS) + i]); masked-off lanes take pass_thru.
/// Assumes alignment<props>, default sizeof(T). Pre: inside the buffer (out-of-bounds).
/// HW: lsc_load.ugm / svm gather (stateless). Platforms: Gen12 (VS == 1), DG2, PVC, Xe2.
template <class T, int N, int VS, class AccessorT, class OffsetT, class Props = empty_properties_t,
          XESIM_AG_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT acc, simd<OffsetT, N / VS> byte_offsets,
                               simd_mask<N / VS> mask, simd<T, N> pass_thru, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(detail::acc_ptr<const T>(acc, 0), byte_offsets,
                                       XESIM_AG_ALIGN(load), mask, &pass_thru, loc);
}
template <class T, int N, int VS, class AccessorT, class OffsetT, class Props = empty_properties_t,
          XESIM_AG_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT acc, simd<OffsetT, N / VS> byte_offsets,
                               simd_mask<N / VS> mask, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(detail::acc_ptr<const T>(acc, 0), byte_offsets,
                                       XESIM_AG_ALIGN(load), mask, nullptr, loc);
}
template <class T, int N, int VS, class AccessorT, class OffsetT, class Props = empty_properties_t,
          XESIM_AG_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT acc, simd<OffsetT, N / VS> byte_offsets, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(detail::acc_ptr<const T>(acc, 0), byte_offsets,
                                       XESIM_AG_ALIGN(load), 1, nullptr, loc);
}
/// VS = 1 forms (acc-ga-4..6). The mask is a template parameter (as in DPC++) so that
/// gather<T, N>(acc, offsets, 0) picks the legacy global-offset form below.
template <class T, int N, class AccessorT, class OffsetT, class MaskT,
          class Props = empty_properties_t, XESIM_AG_MASK_OK(acc_read_v) = 0, int VS = 1>
XESIM_INLINE simd<T, N> gather(AccessorT acc, simd<OffsetT, N> byte_offsets, MaskT mask,
                               simd<T, N> pass_thru, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, 1>(detail::acc_ptr<const T>(acc, 0), byte_offsets,
                                      XESIM_AG_ALIGN(load), mask, &pass_thru, loc);
}
template <class T, int N, class AccessorT, class OffsetT, class MaskT,
          class Props = empty_properties_t, XESIM_AG_MASK_OK(acc_read_v) = 0, int VS = 1>
XESIM_INLINE simd<T, N> gather(AccessorT acc, simd<OffsetT, N> byte_offsets, MaskT mask, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, 1>(detail::acc_ptr<const T>(acc, 0), byte_offsets,
                                      XESIM_AG_ALIGN(load), mask, nullptr, loc);
}
template <class T, int N, class AccessorT, class OffsetT, class Props = empty_properties_t,
          XESIM_AG_OK(acc_read_v) = 0, int VS = 1>
XESIM_INLINE simd<T, N> gather(AccessorT acc, simd<OffsetT, N> byte_offsets, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, 1>(detail::acc_ptr<const T>(acc, 0), byte_offsets,
                                      XESIM_AG_ALIGN(load), 1, nullptr, loc);
}
/// Byte offsets given as a simd_view (acc-ga-7..9).
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AG_VIEW_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT acc, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               simd<T, N> pass_thru, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(detail::acc_ptr<const T>(acc, 0), byte_offsets.read(),
                                       XESIM_AG_VIEW_ALIGN(load), mask, &pass_thru, loc);
}
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AG_VIEW_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT acc, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(detail::acc_ptr<const T>(acc, 0), byte_offsets.read(),
                                       XESIM_AG_VIEW_ALIGN(load), mask, nullptr, loc);
}
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AG_VIEW_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT acc, OffsetViewT byte_offsets, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(detail::acc_ptr<const T>(acc, 0), byte_offsets.read(),
                                       XESIM_AG_VIEW_ALIGN(load), 1, nullptr, loc);
}
/// Legacy form: byte_offsets[i] + glob_offset from the buffer's first element.
template <class T, int N, class AccessorT, class Toffset,
          std::enable_if_t<detail::acc_read_v<AccessorT> && std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE simd<T, N> gather(AccessorT acc, simd<Toffset, N> byte_offsets,
                               std::uint64_t glob_offset, simd_mask<N> mask = 1,
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, 1>(detail::acc_ptr<const T>(acc, glob_offset), byte_offsets,
                                      sizeof(T), mask, nullptr, loc);
}
/// Legacy form: N copies of the element at byte glob_offset.
template <class T, int N, class AccessorT, std::enable_if_t<detail::acc_read_v<AccessorT>, int> = 0>
XESIM_INLINE simd<T, N> gather(AccessorT acc, std::uint64_t glob_offset,
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, 1>(detail::acc_ptr<const T>(acc, glob_offset),
                                      simd<std::uint64_t, N>(0), sizeof(T), 1, nullptr, loc);
}

// ------------------------------ gather (local accessor: SLM)
/// As above on lacc's SLM, with 32-bit byte offsets; cache hints are ignored. Pre: inside the
/// accessor's SLM (slm-out-of-range). HW: lsc_load.slm / gather.slm. Gen12 (VS == 1), DG2, PVC.
template <class T, int N, int VS, class AccessorT, class Props = empty_properties_t,
          XESIM_AG_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT lacc, simd<uint32_t, N / VS> byte_offsets,
                               simd_mask<N / VS> mask, simd<T, N> pass_thru, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets + detail::lacc_off(lacc, 0),
                                           XESIM_AG_SLM_ALIGN, mask, &pass_thru, loc);
}
template <class T, int N, int VS, class AccessorT, class Props = empty_properties_t,
          XESIM_AG_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT lacc, simd<uint32_t, N / VS> byte_offsets,
                               simd_mask<N / VS> mask, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets + detail::lacc_off(lacc, 0),
                                           XESIM_AG_SLM_ALIGN, mask, nullptr, loc);
}
template <class T, int N, int VS, class AccessorT, class Props = empty_properties_t,
          XESIM_AG_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT lacc, simd<uint32_t, N / VS> byte_offsets, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets + detail::lacc_off(lacc, 0),
                                           XESIM_AG_SLM_ALIGN, 1, nullptr, loc);
}
/// VS = 1 forms (lacc-ga-4..6).
template <class T, int N, class AccessorT, class MaskT, class Props = empty_properties_t,
          XESIM_AG_MASK_OK(lacc_read_v) = 0, int VS = 1>
XESIM_INLINE simd<T, N> gather(AccessorT lacc, simd<uint32_t, N> byte_offsets, MaskT mask,
                               simd<T, N> pass_thru, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, 1>(byte_offsets + detail::lacc_off(lacc, 0),
                                          XESIM_AG_SLM_ALIGN, mask, &pass_thru, loc);
}
template <class T, int N, class AccessorT, class MaskT, class Props = empty_properties_t,
          XESIM_AG_MASK_OK(lacc_read_v) = 0, int VS = 1>
XESIM_INLINE simd<T, N> gather(AccessorT lacc, simd<uint32_t, N> byte_offsets, MaskT mask,
                               Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, 1>(byte_offsets + detail::lacc_off(lacc, 0),
                                          XESIM_AG_SLM_ALIGN, mask, nullptr, loc);
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_AG_OK(lacc_read_v) = 0, int VS = 1>
XESIM_INLINE simd<T, N> gather(AccessorT lacc, simd<uint32_t, N> byte_offsets, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, 1>(byte_offsets + detail::lacc_off(lacc, 0),
                                          XESIM_AG_SLM_ALIGN, 1, nullptr, loc);
}
/// Byte offsets given as a simd_view (lacc-ga-7..9).
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AG_VIEW_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT lacc, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               simd<T, N> pass_thru, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets.read() + detail::lacc_off(lacc, 0),
                                           XESIM_AG_SLM_ALIGN, mask, &pass_thru, loc);
}
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AG_VIEW_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT lacc, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets.read() + detail::lacc_off(lacc, 0),
                                           XESIM_AG_SLM_ALIGN, mask, nullptr, loc);
}
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AG_VIEW_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> gather(AccessorT lacc, OffsetViewT byte_offsets, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets.read() + detail::lacc_off(lacc, 0),
                                           XESIM_AG_SLM_ALIGN, 1, nullptr, loc);
}
/// Legacy form: byte_offsets[i] + glob_offset from the accessor's first byte.
template <class T, int N, class AccessorT,
          std::enable_if_t<detail::lacc_read_v<AccessorT>, int> = 0>
XESIM_INLINE simd<T, N> gather(AccessorT lacc, simd<uint32_t, N> byte_offsets,
                               std::uint32_t glob_offset, simd_mask<N> mask = 1,
                               std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, 1>(byte_offsets + detail::lacc_off(lacc, glob_offset),
                                          sizeof(T), mask, nullptr, loc);
}

// ------------------------------ scatter (device accessor)
/// Writes VS consecutive T of vals to byte_offsets[i] of acc's buffer for each enabled address
/// (element j of address i from vals[j*(N/VS) + i]). Assumes alignment<props>, default
/// sizeof(T). Pre: inside the buffer (out-of-bounds). HW: lsc_store.ugm / svm scatter.
/// Platforms: Gen12 (VS == 1), DG2, PVC, Xe2.
template <class T, int N, int VS = 1, class AccessorT, class OffsetT,
          class Props = empty_properties_t, XESIM_AG_OK(acc_write_v) = 0>
XESIM_INLINE void scatter(AccessorT acc, simd<OffsetT, N / VS> byte_offsets, simd<T, N> vals,
                          simd_mask<N / VS> mask, Props = {},
                          std::source_location loc = std::source_location::current()) {
  detail::scatter_core<T, N, VS>(detail::acc_ptr<T>(acc, 0), byte_offsets, vals,
                                 XESIM_AG_ALIGN(store), mask, loc);
}
template <class T, int N, int VS = 1, class AccessorT, class OffsetT,
          class Props = empty_properties_t, XESIM_AG_OK(acc_write_v) = 0>
XESIM_INLINE void scatter(AccessorT acc, simd<OffsetT, N / VS> byte_offsets, simd<T, N> vals,
                          Props = {}, std::source_location loc = std::source_location::current()) {
  detail::scatter_core<T, N, VS>(detail::acc_ptr<T>(acc, 0), byte_offsets, vals,
                                 XESIM_AG_ALIGN(store), 1, loc);
}
/// Byte offsets given as a simd_view (acc-sc-3,4).
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AG_VIEW_OK(acc_write_v) = 0>
XESIM_INLINE void scatter(AccessorT acc, OffsetViewT byte_offsets, simd<T, N> vals,
                          simd_mask<N / VS> mask, Props = {},
                          std::source_location loc = std::source_location::current()) {
  detail::scatter_core<T, N, VS>(detail::acc_ptr<T>(acc, 0), byte_offsets.read(), vals,
                                 XESIM_AG_VIEW_ALIGN(store), mask, loc);
}
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AG_VIEW_OK(acc_write_v) = 0>
XESIM_INLINE void scatter(AccessorT acc, OffsetViewT byte_offsets, simd<T, N> vals, Props = {},
                          std::source_location loc = std::source_location::current()) {
  detail::scatter_core<T, N, VS>(detail::acc_ptr<T>(acc, 0), byte_offsets.read(), vals,
                                 XESIM_AG_VIEW_ALIGN(store), 1, loc);
}
/// Legacy form: byte_offsets[i] + glob_offset from the buffer's first element.
template <class T, int N, class AccessorT, class Toffset,
          std::enable_if_t<detail::acc_write_v<AccessorT> && std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE void scatter(AccessorT acc, simd<Toffset, N> byte_offsets, simd<T, N> vals,
                          std::uint64_t glob_offset, simd_mask<N> mask = 1,
                          std::source_location loc = std::source_location::current()) {
  detail::scatter_core<T, N, 1>(detail::acc_ptr<T>(acc, glob_offset), byte_offsets, vals, sizeof(T),
                                mask, loc);
}

// ------------------------------ scatter (local accessor: SLM)
/// As above on lacc's SLM with 32-bit byte offsets. Pre: inside the accessor's SLM
/// (slm-out-of-range). HW: lsc_store.slm / scatter.slm. Platforms: Gen12 (VS == 1), DG2, PVC.
template <class T, int N, int VS = 1, class AccessorT, class Props = empty_properties_t,
          XESIM_AG_OK(lacc_write_v) = 0>
XESIM_INLINE void scatter(AccessorT lacc, simd<uint32_t, N / VS> byte_offsets, simd<T, N> vals,
                          simd_mask<N / VS> mask, Props = {},
                          std::source_location loc = std::source_location::current()) {
  detail::slm_scatter_core<T, N, VS>(byte_offsets + detail::lacc_off(lacc, 0), vals,
                                     XESIM_AG_SLM_ALIGN, mask, loc);
}
template <class T, int N, int VS = 1, class AccessorT, class Props = empty_properties_t,
          XESIM_AG_OK(lacc_write_v) = 0>
XESIM_INLINE void scatter(AccessorT lacc, simd<uint32_t, N / VS> byte_offsets, simd<T, N> vals,
                          Props = {}, std::source_location loc = std::source_location::current()) {
  detail::slm_scatter_core<T, N, VS>(byte_offsets + detail::lacc_off(lacc, 0), vals,
                                     XESIM_AG_SLM_ALIGN, 1, loc);
}
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AG_VIEW_OK(lacc_write_v) = 0>
XESIM_INLINE void scatter(AccessorT lacc, OffsetViewT byte_offsets, simd<T, N> vals,
                          simd_mask<N / VS> mask, Props = {},
                          std::source_location loc = std::source_location::current()) {
  detail::slm_scatter_core<T, N, VS>(byte_offsets.read() + detail::lacc_off(lacc, 0), vals,
                                     XESIM_AG_SLM_ALIGN, mask, loc);
}
template <class T, int N, int VS = 1, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AG_VIEW_OK(lacc_write_v) = 0>
XESIM_INLINE void scatter(AccessorT lacc, OffsetViewT byte_offsets, simd<T, N> vals, Props = {},
                          std::source_location loc = std::source_location::current()) {
  detail::slm_scatter_core<T, N, VS>(byte_offsets.read() + detail::lacc_off(lacc, 0), vals,
                                     XESIM_AG_SLM_ALIGN, 1, loc);
}
/// Legacy form: byte_offsets[i] + glob_offset from the accessor's first byte.
template <class T, int N, class AccessorT,
          std::enable_if_t<detail::lacc_write_v<AccessorT>, int> = 0>
XESIM_INLINE void scatter(AccessorT lacc, simd<uint32_t, N> byte_offsets, simd<T, N> vals,
                          std::uint32_t glob_offset, simd_mask<N> mask = 1,
                          std::source_location loc = std::source_location::current()) {
  detail::slm_scatter_core<T, N, 1>(byte_offsets + detail::lacc_off(lacc, glob_offset), vals,
                                    sizeof(T), mask, loc);
}

#undef XESIM_AG_ALIGN
#undef XESIM_AG_VIEW_ALIGN
#undef XESIM_AG_SLM_ALIGN
#undef XESIM_AG_OK
#undef XESIM_AG_VIEW_OK
#undef XESIM_AG_MASK_OK

}  // namespace xesim::esimd
