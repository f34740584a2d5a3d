// slm_gather / slm_scatter: per-lane 32-bit byte offsets into the work-group's SLM, masks,
// pass-thru, VS elements per address (slm-ga-1..9, slm-sc-1..4). Each overload forwards to
// detail::slm_gather_core / slm_scatter_core; every enabled lane is range-checked.
#pragma once

#include "xesim/memory/gather.hpp"
#include "xesim/memory/slm.hpp"

namespace xesim::esimd {
namespace detail {

// ------------------------------ slm_gather_core
/// Element j of address i lands in r[j * (N/VS) + i]; masked-off lanes are not read and give
/// *pass_thru's elements, or zeros without one (DPC++: undefined). With AVX-512 and every enabled
/// lane inside the SLM (one vector max): the USM gather's vector path (gather_vec.hpp) on the
/// SLM's bytes; the per-lane loop, which reports the lane past the end, otherwise.
/// lut_gemv (bench/memory_patterns_bench, two slm_gather<float, 16> per 16 bytes of weights).
template <class T, int N, int VS>
XESIM_INLINE simd<T, N> slm_gather_core(const simd<uint32_t, N / VS>& byte_offsets,
                                        std::size_t align, const simd_mask<N / VS>& mask,
                                        const simd<T, N>* pass_thru,
                                        const std::source_location& loc = {}) {
  constexpr int kLanes = N / VS;
  simd_mask_elem_type ok[kLanes];
  const simd_mask_elem_type* m =
      memory_port_lanes<kLanes>({mem_op::gather, mem_space::slm, nullptr, 0, sizeof(T), kLanes, VS,
                                 static_cast<std::uint32_t>(align), nullptr, false, nullptr},
                                byte_offsets, mask.elems(), ok, loc);
  const rt::item_state& it = slm_item("slm_gather");
#if defined(XESIM_VEC_AVX512)
  // Every enabled lane inside the SLM: the USM gather's vector path, on the SLM's bytes.
  if constexpr (kLanes >= 8 && kGatherVec<T, VS>) {
    if (m == mask.elems() && it.slm &&
        lanes_within<kLanes>(byte_offsets.elems(), m, sizeof(T) * VS, it.slm_size)) [[likely]] {
      simd<T, N> r;
      if constexpr (sizeof(T) == 4 && kLanes % 16 == 0) {  // offsets inside the SLM: < 2^31
        gather_vec_dword<T, N, VS>(reinterpret_cast<const T*>(it.slm), byte_offsets.elems(), m,
                                   pass_thru ? pass_thru->elems() : nullptr, r.elems());
        return r;
      }
      if (gather_vec<T, N, VS>(reinterpret_cast<const T*>(it.slm), byte_offsets.elems(), m,
                               pass_thru ? pass_thru->elems() : nullptr, r.elems())) [[likely]]
        return r;
    }
  }
#endif
  simd<T, N> r = pass_thru ? *pass_thru : simd<T, N>(0);
  for (int i = 0; i < kLanes; ++i) {
    if (!m[i]) {
      if (mask.elems()[i])  // skipped by the checks: the lane gives zeros
        for (int j = 0; j < VS; ++j) r.elems()[j * kLanes + i] = T(0);
      continue;
    }
    const std::byte* a = slm_addr(it, byte_offsets[i], sizeof(T) * VS, "slm_gather");
    for (int j = 0; j < VS; ++j)
      std::memcpy(static_cast<void*>(r.elems() + j * kLanes + i), a + j * sizeof(T), sizeof(T));
  }
  return r;
}

// ------------------------------ slm_scatter_core
/// Writes vals[j * (N/VS) + i] to SLM byte_offsets[i] + j*sizeof(T) for enabled lanes only.
template <class T, int N, int VS>
XESIM_INLINE void slm_scatter_core(const simd<uint32_t, N / VS>& byte_offsets,
                                   const simd<T, N>& vals, std::size_t align,
                                   const simd_mask<N / VS>& mask,
                                   const std::source_location& loc = {}) {
  constexpr int kLanes = N / VS;
  simd_mask_elem_type ok[kLanes];
  const simd_mask_elem_type* m =
      memory_port_lanes<kLanes>({mem_op::scatter, mem_space::slm, nullptr, 0, sizeof(T), kLanes, VS,
                                 static_cast<std::uint32_t>(align), nullptr, false, nullptr},
                                byte_offsets, mask.elems(), ok, loc);
  XESIM_UNINIT(check::uninit::sink_vs<VS>(vals, m, "slm_scatter", loc);)
  const rt::item_state& it = slm_item("slm_scatter");
#if defined(XESIM_VEC_AVX512)
  if constexpr (kLanes >= 8 && VS == 1 && (sizeof(T) == 4 || sizeof(T) == 8)) {
    if (it.slm && lanes_within<kLanes>(byte_offsets.elems(), m, sizeof(T), it.slm_size))
        [[likely]] {
      scatter_vec<T, kLanes>(reinterpret_cast<T*>(it.slm), byte_offsets.elems(), m, vals.elems());
      return;
    }
  }
#endif
  for (int i = 0; i < kLanes; ++i) {
    if (!m[i]) continue;
    std::byte* a = slm_addr(it, byte_offsets[i], sizeof(T) * VS, "slm_scatter");
    for (int j = 0; j < VS; ++j)
      std::memcpy(a + j * sizeof(T), static_cast<const void*>(vals.elems() + j * kLanes + i),
                  sizeof(T));
  }
}

}  // namespace detail

/// SLM: cache hints are ignored (DPC++ uses only alignment), so no hint check here.
#define XESIM_SG_ALIGN \
  detail::gather_alignment<T, N, VS, uint32_t, Props, detail::cache_action::ignored>()
#define XESIM_SG_OK std::enable_if_t<detail::props_v<Props>, int>
#define XESIM_SG_VIEW_OK \
  std::enable_if_t<detail::props_v<Props> && detail::view_v<OffsetViewT>, int>

// ------------------------------ slm_gather
/// Returns N elements: VS consecutive T at SLM byte_offsets[i] for each of the N/VS addresses
/// (element j of address i at [j*(N/VS) + i]); masked-off lanes take pass_thru and are not read.
/// Assumes alignment<props>, default sizeof(T). Pre: in the initialised SLM (slm-out-of-range).
/// HW: lsc_load.slm / gather.slm. Platforms: Gen12 (VS == 1), DG2, PVC, Xe2.
template <class T, int N, int VS, class Props = empty_properties_t, XESIM_SG_OK = 0>
XESIM_INLINE simd<T, N> slm_gather(simd<uint32_t, N / VS> byte_offsets, simd_mask<N / VS> mask,
                                   simd<T, N> pass_thru, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets, XESIM_SG_ALIGN, mask, &pass_thru, loc);
}
template <class T, int N, int VS, class Props = empty_properties_t, XESIM_SG_OK = 0>
XESIM_INLINE simd<T, N> slm_gather(simd<uint32_t, N / VS> byte_offsets, simd_mask<N / VS> mask,
                                   Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets, XESIM_SG_ALIGN, mask, nullptr, loc);
}
template <class T, int N, int VS, class Props = empty_properties_t, XESIM_SG_OK = 0>
XESIM_INLINE simd<T, N> slm_gather(simd<uint32_t, N / VS> byte_offsets, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets, XESIM_SG_ALIGN, 1, nullptr, loc);
}
/// VS = 1 forms (slm-ga-4..6).
template <class T, int N, class Props = empty_properties_t, XESIM_SG_OK = 0, int VS = 1>
XESIM_INLINE simd<T, N> slm_gather(simd<uint32_t, N> byte_offsets, simd_mask<N> mask,
                                   simd<T, N> pass_thru, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, 1>(byte_offsets, XESIM_SG_ALIGN, mask, &pass_thru, loc);
}
template <class T, int N, class Props = empty_properties_t, XESIM_SG_OK = 0, int VS = 1>
XESIM_INLINE simd<T, N> slm_gather(simd<uint32_t, N> byte_offsets, simd_mask<N> mask, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, 1>(byte_offsets, XESIM_SG_ALIGN, mask, nullptr, loc);
}
template <class T, int N, class Props = empty_properties_t, XESIM_SG_OK = 0, int VS = 1>
XESIM_INLINE simd<T, N> slm_gather(simd<uint32_t, N> byte_offsets, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, 1>(byte_offsets, XESIM_SG_ALIGN, 1, nullptr, loc);
}
/// Byte offsets given as a simd_view (slm-ga-7..9).
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_SG_VIEW_OK = 0>
XESIM_INLINE simd<T, N> slm_gather(OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                                   simd<T, N> pass_thru, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets.read(), XESIM_SG_ALIGN, mask, &pass_thru,
                                           loc);
}
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_SG_VIEW_OK = 0>
XESIM_INLINE simd<T, N> slm_gather(OffsetViewT byte_offsets, simd_mask<N / VS> mask, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets.read(), XESIM_SG_ALIGN, mask, nullptr, loc);
}
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_SG_VIEW_OK = 0>
XESIM_INLINE simd<T, N> slm_gather(OffsetViewT byte_offsets, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_gather_core<T, N, VS>(byte_offsets.read(), XESIM_SG_ALIGN, 1, nullptr, loc);
}

// ------------------------------ slm_scatter
/// Writes VS consecutive T of vals to SLM byte_offsets[i] for each enabled address (element j of
/// address i from vals[j*(N/VS) + i]). Assumes alignment<props>, default sizeof(T).
/// Pre: in the initialised SLM (slm-out-of-range). HW: lsc_store.slm / scatter.slm.
/// Platforms: Gen12 (VS == 1), DG2, PVC, Xe2.
template <class T, int N, int VS = 1, class Props = empty_properties_t, XESIM_SG_OK = 0>
XESIM_INLINE void slm_scatter(simd<uint32_t, N / VS> byte_offsets, simd<T, N> vals,
                              simd_mask<N / VS> mask, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::slm_scatter_core<T, N, VS>(byte_offsets, vals, XESIM_SG_ALIGN, mask, loc);
}
template <class T, int N, int VS = 1, class Props = empty_properties_t, XESIM_SG_OK = 0>
XESIM_INLINE void slm_scatter(simd<uint32_t, N / VS> byte_offsets, simd<T, N> vals, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::slm_scatter_core<T, N, VS>(byte_offsets, vals, XESIM_SG_ALIGN, 1, loc);
}
/// Byte offsets given as a simd_view (slm-sc-3,4).
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_SG_VIEW_OK = 0>
XESIM_INLINE void slm_scatter(OffsetViewT byte_offsets, simd<T, N> vals, simd_mask<N / VS> mask,
                              Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::slm_scatter_core<T, N, VS>(byte_offsets.read(), vals, XESIM_SG_ALIGN, mask, loc);
}
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_SG_VIEW_OK = 0>
XESIM_INLINE void slm_scatter(OffsetViewT byte_offsets, simd<T, N> vals, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::slm_scatter_core<T, N, VS>(byte_offsets.read(), vals, XESIM_SG_ALIGN, 1, loc);
}

#undef XESIM_SG_ALIGN
#undef XESIM_SG_OK
#undef XESIM_SG_VIEW_OK

}  // namespace xesim::esimd
