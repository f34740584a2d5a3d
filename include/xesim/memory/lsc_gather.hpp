// lsc_gather / lsc_scatter / lsc_slm_gather / lsc_slm_scatter / lsc_prefetch: the experimental
// LSC per-lane forms (sycl::ext::intel::experimental::esimd) on USM pointers, device accessors,
// local accessors and SLM, with NElts elements per address, an lsc_data_size and template cache
// hints. Each forwards to gather_core / scatter_core (gather.hpp), slm_gather_core /
// slm_scatter_core (slm_gather.hpp) or prefetch_core (prefetch.hpp). A data size narrower than T
// (u8u32, u16u32, u16u32h) makes the core move the memory elements (1 or 2 bytes, so the port
// sees the real access) and the conversion to / from T happens here, on registers only.
// Layout (LSC non-transposed, as the cores): element j of address i is at [j*N + i].
#pragma once

#include "xesim/memory/accessor_common.hpp"
#include "xesim/memory/gather.hpp"
#include "xesim/memory/lsc_detail.hpp"
#include "xesim/memory/prefetch.hpp"
#include "xesim/memory/slm_gather.hpp"

namespace xesim::esimd::xesim_experimental {
namespace detail {
namespace xd = ::xesim::esimd::detail;

/// The compile-time checks of every lsc_gather/scatter/prefetch (DPC++'s order).
template <class T, int NElts, lsc_data_size DS, class OffsetT>
constexpr void check_lsc_lanes() {
  static_assert(std::is_integral_v<OffsetT>, "Unsupported offset type");
  check_lsc_vector_size<NElts>();
  check_lsc_data_size<T, DS>();
}

// ------------------------------ lsc_gather_impl / lsc_scatter_impl
/// NElts elements of DS at p + offs[i] per enabled lane, widened to T; masked-off lanes give
/// *pt (or 0). The memory access is gather_core's, on the memory element type.
template <class T, int NElts, lsc_data_size DS, int N, class OffsetT>
XESIM_INLINE simd<T, N * NElts> lsc_gather_impl(const T* p, const simd<OffsetT, N>& offs,
                                                const simd_mask<N>& pred,
                                                const simd<T, N * NElts>* pt,
                                                const std::source_location& loc) {
  using M = lsc_mem_t<T, DS>;
  constexpr std::size_t kAlign = lsc_mem_bytes<T, DS>();
  if constexpr (lsc_is_plain<T, DS>)
    return xd::gather_core<T, N * NElts, NElts>(p, offs, kAlign, pred, pt, loc);
  else
    return lsc_widen_all<T, DS, N, NElts>(
        xd::gather_core<M, N * NElts, NElts>(reinterpret_cast<const M*>(p), offs, kAlign, pred,
                                             nullptr, loc),
        pred, pt);
}
template <class T, int NElts, lsc_data_size DS, int N, class OffsetT>
XESIM_INLINE void lsc_scatter_impl(T* p, const simd<OffsetT, N>& offs,
                                   const simd<T, N * NElts>& vals, const simd_mask<N>& pred,
                                   const std::source_location& loc) {
  using M = lsc_mem_t<T, DS>;
  constexpr std::size_t kAlign = lsc_mem_bytes<T, DS>();
  if constexpr (lsc_is_plain<T, DS>)
    xd::scatter_core<T, N * NElts, NElts>(p, offs, vals, kAlign, pred, loc);
  else
    xd::scatter_core<M, N * NElts, NElts>(reinterpret_cast<M*>(p), offs,
                                          lsc_narrow_all<T, DS, N * NElts, M>(vals), kAlign, pred,
                                          loc);
}
template <class T, int NElts, lsc_data_size DS, int N>
XESIM_INLINE simd<T, N * NElts> lsc_slm_gather_impl(const simd<uint32_t, N>& offs,
                                                    const simd_mask<N>& pred,
                                                    const simd<T, N * NElts>* pt,
                                                    const std::source_location& loc) {
  check_lsc_lanes<T, NElts, DS, uint32_t>();
  using M = lsc_mem_t<T, DS>;
  constexpr std::size_t kAlign = lsc_mem_bytes<T, DS>();
  if constexpr (lsc_is_plain<T, DS>)
    return xd::slm_gather_core<T, N * NElts, NElts>(offs, kAlign, pred, pt, loc);
  else
    return lsc_widen_all<T, DS, N, NElts>(
        xd::slm_gather_core<M, N * NElts, NElts>(offs, kAlign, pred, nullptr, loc), pred, pt);
}
template <class T, int NElts, lsc_data_size DS, int N>
XESIM_INLINE void lsc_slm_scatter_impl(const simd<uint32_t, N>& offs,
                                       const simd<T, N * NElts>& vals, const simd_mask<N>& pred,
                                       const std::source_location& loc) {
  check_lsc_lanes<T, NElts, DS, uint32_t>();
  using M = lsc_mem_t<T, DS>;
  constexpr std::size_t kAlign = lsc_mem_bytes<T, DS>();
  if constexpr (lsc_is_plain<T, DS>)
    xd::slm_scatter_core<T, N * NElts, NElts>(offs, vals, kAlign, pred, loc);
  else
    xd::slm_scatter_core<M, N * NElts, NElts>(offs, lsc_narrow_all<T, DS, N * NElts, M>(vals),
                                              kAlign, pred, loc);
}

/// The checks of a USM / device-accessor lsc_gather, lsc_scatter or lsc_prefetch.
template <class T, int NElts, lsc_data_size DS, cache_hint L1H, cache_hint L2H, class OffsetT,
          xd::cache_action A>
constexpr bool lsc_ugm_ok() {
  check_lsc_lanes<T, NElts, DS, OffsetT>();
  check_lsc_cache_hint<A, L1H, L2H>();
  return true;
}
}  // namespace detail

#define XESIM_LG_TPARAMS                                                  \
  class T, int NElts = 1, lsc_data_size DS = lsc_data_size::default_size, \
               cache_hint L1H = cache_hint::none, cache_hint L3H = cache_hint::none
#define XESIM_LG_CHECK(OFF, ACTION)                             \
  static_assert(detail::lsc_ugm_ok<T, NElts, DS, L1H, L3H, OFF, \
                                   ::xesim::esimd::detail::cache_action::ACTION>())
#define XESIM_LOC std::source_location loc = std::source_location::current()
#define XESIM_XD ::xesim::esimd::detail

// ------------------------------ lsc_slm_gather / lsc_slm_scatter
/// Returns N*NElts elements: NElts consecutive DS-sized elements at SLM byte offsets[i] per
/// enabled lane (element j of lane i at [j*N + i]), widened to T (u8u32/u16u32 zero-extend,
/// u16u32h into the high half); masked-off lanes take pass_thru (or 0: undefined in DPC++).
/// Pre: inside the initialised SLM (slm-out-of-range). HW: lsc_load.slm. Platforms: DG2, PVC.
template <class T, int NElts = 1, lsc_data_size DS = lsc_data_size::default_size, int N>
XESIM_INLINE simd<T, N * NElts> lsc_slm_gather(simd<uint32_t, N> offsets, simd_mask<N> pred = 1,
                                               XESIM_LOC) {
  return detail::lsc_slm_gather_impl<T, NElts, DS, N>(offsets, pred, nullptr, loc);
}
template <class T, int NElts = 1, lsc_data_size DS = lsc_data_size::default_size, int N>
XESIM_INLINE simd<T, N * NElts> lsc_slm_gather(simd<uint32_t, N> offsets, simd_mask<N> pred,
                                               simd<T, N * NElts> pass_thru, XESIM_LOC) {
  return detail::lsc_slm_gather_impl<T, NElts, DS, N>(offsets, pred, &pass_thru, loc);
}
/// Writes vals[j*N + i] (narrowed to DS) to SLM offsets[i] + j*size(DS) for enabled lanes.
/// HW: lsc_store.slm. Platforms: DG2, PVC, Xe2.
template <class T, int NElts = 1, lsc_data_size DS = lsc_data_size::default_size, int N>
XESIM_INLINE void lsc_slm_scatter(simd<uint32_t, N> offsets, simd<T, N * NElts> vals,
                                  simd_mask<N> pred = 1, XESIM_LOC) {
  detail::lsc_slm_scatter_impl<T, NElts, DS, N>(offsets, vals, pred, loc);
}

// ------------------------------ lsc_gather (USM)
/// As lsc_slm_gather at p + offsets[i] (any integral offset type; a view or one scalar offset
/// for every lane). L1H/L3H from the load table (compile-time checked).
/// Pre: each enabled address readable (out-of-bounds). HW: lsc_load.ugm. Platforms: DG2, PVC.
template <XESIM_LG_TPARAMS, int N, class Toffset>
XESIM_INLINE simd<T, N * NElts> lsc_gather(const T* p, simd<Toffset, N> offsets,
                                           simd_mask<N> pred = 1, XESIM_LOC) {
  XESIM_LG_CHECK(Toffset, load);
  return detail::lsc_gather_impl<T, NElts, DS, N>(p, offsets, pred, nullptr, loc);
}
template <XESIM_LG_TPARAMS, int N, class Toffset>
XESIM_INLINE simd<T, N * NElts> lsc_gather(const T* p, simd<Toffset, N> offsets, simd_mask<N> pred,
                                           simd<T, N * NElts> pass_thru, XESIM_LOC) {
  XESIM_LG_CHECK(Toffset, load);
  return detail::lsc_gather_impl<T, NElts, DS, N>(p, offsets, pred, &pass_thru, loc);
}
template <XESIM_LG_TPARAMS, int N, class OffsetViewT,
          std::enable_if_t<detail::lsc_view_v<OffsetViewT>, int> = 0>
XESIM_INLINE simd<T, N * NElts> lsc_gather(const T* p, OffsetViewT offsets, simd_mask<N> pred = 1,
                                           XESIM_LOC) {
  return lsc_gather<T, NElts, DS, L1H, L3H, N>(p, offsets.read(), pred, loc);
}
template <XESIM_LG_TPARAMS, int N, class OffsetViewT,
          std::enable_if_t<detail::lsc_view_v<OffsetViewT>, int> = 0>
XESIM_INLINE simd<T, N * NElts> lsc_gather(const T* p, OffsetViewT offsets, simd_mask<N> pred,
                                           simd<T, N * NElts> pass_thru, XESIM_LOC) {
  return lsc_gather<T, NElts, DS, L1H, L3H, N>(p, offsets.read(), pred, pass_thru, loc);
}
template <XESIM_LG_TPARAMS, int N, class Toffset,
          std::enable_if_t<std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE simd<T, N * NElts> lsc_gather(const T* p, Toffset offset, simd_mask<N> pred = 1,
                                           XESIM_LOC) {
  return lsc_gather<T, NElts, DS, L1H, L3H, N>(p, simd<Toffset, N>(offset), pred, loc);
}
template <XESIM_LG_TPARAMS, int N, class Toffset,
          std::enable_if_t<std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE simd<T, N * NElts> lsc_gather(const T* p, Toffset offset, simd_mask<N> pred,
                                           simd<T, N * NElts> pass_thru, XESIM_LOC) {
  return lsc_gather<T, NElts, DS, L1H, L3H, N>(p, simd<Toffset, N>(offset), pred, pass_thru, loc);
}

// ------------------------------ lsc_gather (device and local accessors)
/// Device accessor: as the USM form from the buffer's first byte (stateless, any integral
/// offset type). Local accessor: as lsc_slm_gather from the accessor's SLM offset.
template <XESIM_LG_TPARAMS, int N, class AccessorTy, class Toffset,
          std::enable_if_t<XESIM_XD::acc_read_v<AccessorTy>, int> = 0>
XESIM_INLINE simd<T, N * NElts> lsc_gather(AccessorTy acc, simd<Toffset, N> offsets,
                                           simd_mask<N> pred = 1, XESIM_LOC) {
  return lsc_gather<T, NElts, DS, L1H, L3H, N>(XESIM_XD::acc_ptr<const T>(acc, 0), offsets, pred,
                                               loc);
}
template <XESIM_LG_TPARAMS, int N, class AccessorTy, class Toffset,
          std::enable_if_t<XESIM_XD::acc_read_v<AccessorTy>, int> = 0>
XESIM_INLINE simd<T, N * NElts> lsc_gather(AccessorTy acc, simd<Toffset, N> offsets,
                                           simd_mask<N> pred, simd<T, N * NElts> pass_thru,
                                           XESIM_LOC) {
  return lsc_gather<T, NElts, DS, L1H, L3H, N>(XESIM_XD::acc_ptr<const T>(acc, 0), offsets, pred,
                                               pass_thru, loc);
}
template <XESIM_LG_TPARAMS, int N, class AccessorTy,
          std::enable_if_t<XESIM_XD::lacc_read_v<AccessorTy>, int> = 0>
XESIM_INLINE simd<T, N * NElts> lsc_gather(AccessorTy acc, simd<uint32_t, N> offsets,
                                           simd_mask<N> pred = 1, XESIM_LOC) {
  return lsc_slm_gather<T, NElts, DS>(offsets + XESIM_XD::lacc_off(acc, 0), pred, loc);
}
template <XESIM_LG_TPARAMS, int N, class AccessorTy,
          std::enable_if_t<XESIM_XD::lacc_read_v<AccessorTy>, int> = 0>
XESIM_INLINE simd<T, N * NElts> lsc_gather(AccessorTy acc, simd<uint32_t, N> offsets,
                                           simd_mask<N> pred, simd<T, N * NElts> pass_thru,
                                           XESIM_LOC) {
  return lsc_slm_gather<T, NElts, DS>(offsets + XESIM_XD::lacc_off(acc, 0), pred, pass_thru, loc);
}

// ------------------------------ lsc_scatter
/// Writes vals[j*N + i] (narrowed to DS) to p + offsets[i] + j*size(DS) for enabled lanes, in
/// lane order. Simd or view offsets; one scalar offset only with N == 1 (as in DPC++). L1H/L3H
/// from the store table. Pre: writable (out-of-bounds). HW: lsc_store.ugm. Platforms: DG2, PVC.
template <XESIM_LG_TPARAMS, int N, class Toffset>
XESIM_INLINE void lsc_scatter(T* p, simd<Toffset, N> offsets, simd<T, N * NElts> vals,
                              simd_mask<N> pred = 1, XESIM_LOC) {
  XESIM_LG_CHECK(Toffset, store);
  detail::lsc_scatter_impl<T, NElts, DS, N>(p, offsets, vals, pred, loc);
}
template <XESIM_LG_TPARAMS, int N, class OffsetViewT,
          std::enable_if_t<detail::lsc_view_v<OffsetViewT>, int> = 0>
XESIM_INLINE void lsc_scatter(T* p, OffsetViewT offsets, simd<T, N * NElts> vals,
                              simd_mask<N> pred = 1, XESIM_LOC) {
  lsc_scatter<T, NElts, DS, L1H, L3H, N>(p, offsets.read(), vals, pred, loc);
}
template <XESIM_LG_TPARAMS, int N, class Toffset,
          std::enable_if_t<std::is_integral_v<Toffset> && N == 1, int> = 0>
XESIM_INLINE void lsc_scatter(T* p, Toffset offset, simd<T, N * NElts> vals, simd_mask<N> pred = 1,
                              XESIM_LOC) {
  lsc_scatter<T, NElts, DS, L1H, L3H, N>(p, simd<Toffset, N>(offset), vals, pred, loc);
}
template <XESIM_LG_TPARAMS, int N, class AccessorTy, class Toffset,
          std::enable_if_t<XESIM_XD::acc_write_v<AccessorTy>, int> = 0>
XESIM_INLINE void lsc_scatter(AccessorTy acc, simd<Toffset, N> offsets, simd<T, N * NElts> vals,
                              simd_mask<N> pred = 1, XESIM_LOC) {
  lsc_scatter<T, NElts, DS, L1H, L3H, N>(XESIM_XD::acc_ptr<T>(acc, 0), offsets, vals, pred, loc);
}
template <XESIM_LG_TPARAMS, int N, class AccessorTy,
          std::enable_if_t<XESIM_XD::lacc_write_v<AccessorTy>, int> = 0>
XESIM_INLINE void lsc_scatter(AccessorTy acc, simd<uint32_t, N> offsets, simd<T, N * NElts> vals,
                              simd_mask<N> pred = 1, XESIM_LOC) {
  lsc_slm_scatter<T, NElts, DS>(offsets + XESIM_XD::lacc_off(acc, 0), vals, pred, loc);
}

// ------------------------------ lsc_prefetch
/// Prefetches NElts elements at p + offsets[i] per enabled lane into the caches L1H/L3H name
/// (cache hints required: the prefetch table). No effect on the CPU; any address is harmless.
/// HW: lsc_load.ugm with a null destination. Platforms: DG2, PVC, Xe2.
template <XESIM_LG_TPARAMS, int N, class Toffset>
XESIM_INLINE void lsc_prefetch(const T* p, simd<Toffset, N> offsets, simd_mask<N> pred = 1) {
  XESIM_LG_CHECK(Toffset, prefetch);
  XESIM_XD::prefetch_core(p, XESIM_XD::lane_offset(offsets[0]), N, NElts,
                          detail::lsc_mem_bytes<T, DS>(), pred.elems());
}
template <XESIM_LG_TPARAMS, int N, class OffsetViewT,
          std::enable_if_t<detail::lsc_view_v<OffsetViewT>, int> = 0>
XESIM_INLINE void lsc_prefetch(const T* p, OffsetViewT offsets, simd_mask<N> pred = 1) {
  lsc_prefetch<T, NElts, DS, L1H, L3H, N>(p, offsets.read(), pred);
}
template <XESIM_LG_TPARAMS, int N, class Toffset,
          std::enable_if_t<std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE void lsc_prefetch(const T* p, Toffset offset, simd_mask<N> pred = 1) {
  lsc_prefetch<T, NElts, DS, L1H, L3H, N>(p, simd<Toffset, N>(offset), pred);
}
/// Transposed form: NElts contiguous elements at p (1 lane). DS must end up u32 or u64.
template <XESIM_LG_TPARAMS>
XESIM_INLINE void lsc_prefetch(const T* p) {
  XESIM_LG_CHECK(uint32_t, prefetch);
  constexpr lsc_data_size kDS = detail::finalize_data_size<T, DS>();
  static_assert(kDS == lsc_data_size::u32 || kDS == lsc_data_size::u64,
                "Transposed prefetch is supported only for data size u32 or u64");
  XESIM_XD::prefetch_core(p, 0, 1, NElts, sizeof(T) <= 4 ? 4 : sizeof(T), nullptr);
}
/// Device accessor forms: per lane from the buffer's first byte, or transposed at `offset`.
template <XESIM_LG_TPARAMS, int N, class AccessorTy, class Toffset,
          std::enable_if_t<XESIM_XD::acc_read_v<AccessorTy>, int> = 0>
XESIM_INLINE void lsc_prefetch(AccessorTy acc, simd<Toffset, N> offsets, simd_mask<N> pred = 1) {
  lsc_prefetch<T, NElts, DS, L1H, L3H, N>(XESIM_XD::acc_ptr<const T>(acc, 0), offsets, pred);
}
template <XESIM_LG_TPARAMS, class AccessorTy,
          std::enable_if_t<XESIM_XD::acc_read_v<AccessorTy>, int> = 0>
XESIM_INLINE void lsc_prefetch(AccessorTy acc, uint64_t offset) {
  lsc_prefetch<T, NElts, DS, L1H, L3H>(XESIM_XD::acc_ptr<const T>(acc, offset));
}

#undef XESIM_LG_TPARAMS
#undef XESIM_LG_CHECK
#undef XESIM_LOC
#undef XESIM_XD

}  // namespace xesim::esimd::xesim_experimental
