// lsc_block_load / lsc_block_store / lsc_slm_block_load / lsc_slm_block_store: the experimental
// LSC block forms (sycl::ext::intel::experimental::esimd) on USM pointers, device accessors,
// local accessors and SLM. DPC++ implements them as the predicated block_load/block_store with
// the template cache hints as properties; so does xesim: each overload forwards in one line to
// block_load_core / block_store_core (block.hpp) or the SLM cores (slm.hpp), with the LSC checks
// of block_alignment (alignment >= 4, 8 for 8-byte T; N from the LSC table; cache-hint table).
#pragma once

#include "xesim/memory/accessor_common.hpp"
#include "xesim/memory/block.hpp"
#include "xesim/memory/lsc_detail.hpp"
#include "xesim/memory/slm.hpp"

namespace xesim::esimd::xesim_experimental {
namespace detail {
namespace xd = ::xesim::esimd::detail;

/// The alignment of a USM/accessor LSC block call (the flag's, DPC++'s block_load_impl), after
/// the LSC block checks with the template cache hints.
template <class T, int N, cache_hint L1H, cache_hint L2H, class FlagsT, xd::cache_action A>
constexpr std::size_t lsc_block_align() {
  static_assert(is_simd_flag_type_v<FlagsT>,
                "lsc_block_load/store: flags must be an alignment flag");
  constexpr int kAlign = static_cast<int>(FlagsT::template alignment<simd<T, N>>);
  return xd::block_alignment<T, N, lsc_props_t<L1H, L2H, kAlign>, xd::block_form::usm_lsc, A>();
}
/// The alignment of lsc_slm_block_load/store: DPC++ passes alignment<sizeof(T) <= 4 ? 4 :
/// sizeof(T)> to the predicated slm_block_load/store (SLM ignores cache hints).
template <class T, int N, xd::cache_action A>
constexpr std::size_t lsc_slm_block_align() {
  constexpr int kAlign = sizeof(T) <= 4 ? 4 : static_cast<int>(sizeof(T));
  return xd::block_alignment<T, N, properties<alignment_key::value_t<kAlign>>,
                             xd::block_form::slm_pred, A>();
}
template <class F>
inline constexpr bool lsc_default_flag_v = std::is_same_v<F, xd::dqword_element_aligned_tag>;
}  // namespace detail

#define XESIM_LBL_ALIGN \
  detail::lsc_block_align<T, NElts, L1H, L3H, FlagsT, ::xesim::esimd::detail::cache_action::load>()
#define XESIM_LBS_ALIGN \
  detail::lsc_block_align<T, NElts, L1H, L3H, FlagsT, ::xesim::esimd::detail::cache_action::store>()
#define XESIM_LSLM_ALIGN(ACTION) \
  detail::lsc_slm_block_align<T, NElts, ::xesim::esimd::detail::cache_action::ACTION>()
#define XESIM_LB_TPARAMS                                               \
  class T, int NElts, lsc_data_size DS = lsc_data_size::default_size,  \
                                    cache_hint L1H = cache_hint::none, \
                                    cache_hint L3H = cache_hint::none
#define XESIM_LB_FLAGS class FlagsT = ::xesim::esimd::detail::dqword_element_aligned_tag
#define XESIM_LB_OK(COND) std::enable_if_t<is_simd_flag_type_v<FlagsT> && (COND), int> = 0
#define XESIM_LOC std::source_location loc = std::source_location::current()

// ------------------------------ lsc_slm_block_load / lsc_slm_block_store
/// Returns NElts contiguous T at SLM byte `offset` when pred[0] (else pass_thru, or 0: DPC++
/// leaves it undefined). Alignment 4 B (8 B for 8-byte T), NElts from the LSC block table; DS is
/// unused (as in DPC++). Pre: inside the initialised SLM (slm-out-of-range).
/// HW: lsc_load.slm (transposed). Platforms: DG2, PVC, Xe2.
template <class T, int NElts, lsc_data_size DS = lsc_data_size::default_size>
XESIM_INLINE simd<T, NElts> lsc_slm_block_load(uint32_t offset, simd_mask<1> pred = 1, XESIM_LOC) {
  return ::xesim::esimd::detail::slm_block_load_core<T, NElts>(offset, XESIM_LSLM_ALIGN(load), pred,
                                                               nullptr, loc, true);
}
template <class T, int NElts, lsc_data_size DS = lsc_data_size::default_size>
XESIM_INLINE simd<T, NElts> lsc_slm_block_load(uint32_t offset, simd_mask<1> pred,
                                               simd<T, NElts> pass_thru, XESIM_LOC) {
  return ::xesim::esimd::detail::slm_block_load_core<T, NElts>(offset, XESIM_LSLM_ALIGN(load), pred,
                                                               &pass_thru, loc, true);
}
/// Stores NElts contiguous T at SLM byte `offset`. Same rules. HW: lsc_store.slm (transposed).
template <class T, int NElts, lsc_data_size DS = lsc_data_size::default_size>
XESIM_INLINE void lsc_slm_block_store(uint32_t offset, simd<T, NElts> vals, XESIM_LOC) {
  ::xesim::esimd::detail::slm_block_store_core<T, NElts>(offset, vals, XESIM_LSLM_ALIGN(store), 1,
                                                         loc, true);
}

// ------------------------------ lsc_block_load (USM)
/// Returns p[0..NElts) when pred[0] (else pass_thru, or 0: undefined in DPC++). Assumes the
/// flag's alignment, default dqword_element_aligned (4 B, 8 B for 8-byte T); NElts from the LSC
/// table (1-byte T: 4, 8, 12, 16, 32, 64, 128, 256, 512 with 8-byte alignment, ...); L1H/L3H
/// from the load table. DS unused. Pre: readable (out-of-bounds, misaligned-block-access).
/// HW: lsc_load.ugm (transposed, 1 lane). Platforms: DG2, PVC, Xe2.
template <XESIM_LB_TPARAMS, XESIM_LB_FLAGS, XESIM_LB_OK(true)>
XESIM_INLINE simd<T, NElts> lsc_block_load(const T* p, simd_mask<1> pred = 1, FlagsT = FlagsT{},
                                           XESIM_LOC) {
  return ::xesim::esimd::detail::block_load_core<T, NElts>(p, XESIM_LBL_ALIGN, pred, nullptr, loc,
                                                           detail::lsc_default_flag_v<FlagsT>);
}
template <XESIM_LB_TPARAMS, XESIM_LB_FLAGS, XESIM_LB_OK(true)>
XESIM_INLINE simd<T, NElts> lsc_block_load(const T* p, FlagsT, XESIM_LOC) {
  return ::xesim::esimd::detail::block_load_core<T, NElts>(p, XESIM_LBL_ALIGN, 1, nullptr, loc,
                                                           detail::lsc_default_flag_v<FlagsT>);
}
template <XESIM_LB_TPARAMS, XESIM_LB_FLAGS, XESIM_LB_OK(true)>
XESIM_INLINE simd<T, NElts> lsc_block_load(const T* p, simd_mask<1> pred, simd<T, NElts> pass_thru,
                                           FlagsT = FlagsT{}, XESIM_LOC) {
  return ::xesim::esimd::detail::block_load_core<T, NElts>(p, XESIM_LBL_ALIGN, pred, &pass_thru,
                                                           loc, detail::lsc_default_flag_v<FlagsT>);
}

// ------------------------------ lsc_block_load (device and local accessors)
/// NElts elements at byte `offset` of acc's buffer (device accessor: as the USM form) or of a
/// local accessor's SLM (as lsc_slm_block_load; the flag is ignored there, as in DPC++).
template <XESIM_LB_TPARAMS, class AccessorTy, XESIM_LB_FLAGS,
          XESIM_LB_OK(::xesim::esimd::detail::acc_read_v<AccessorTy>)>
XESIM_INLINE simd<T, NElts> lsc_block_load(AccessorTy acc, uint64_t offset, simd_mask<1> pred = 1,
                                           FlagsT = FlagsT{}, XESIM_LOC) {
  return ::xesim::esimd::detail::block_load_core<T, NElts>(
      ::xesim::esimd::detail::acc_ptr<const T>(acc, offset), XESIM_LBL_ALIGN, pred, nullptr, loc,
      detail::lsc_default_flag_v<FlagsT>);
}
template <XESIM_LB_TPARAMS, class AccessorTy, XESIM_LB_FLAGS,
          XESIM_LB_OK(::xesim::esimd::detail::acc_read_v<AccessorTy>)>
XESIM_INLINE simd<T, NElts> lsc_block_load(AccessorTy acc, uint64_t offset, FlagsT, XESIM_LOC) {
  return ::xesim::esimd::detail::block_load_core<T, NElts>(
      ::xesim::esimd::detail::acc_ptr<const T>(acc, offset), XESIM_LBL_ALIGN, 1, nullptr, loc,
      detail::lsc_default_flag_v<FlagsT>);
}
template <XESIM_LB_TPARAMS, class AccessorTy, XESIM_LB_FLAGS,
          XESIM_LB_OK(::xesim::esimd::detail::acc_read_v<AccessorTy>)>
XESIM_INLINE simd<T, NElts> lsc_block_load(AccessorTy acc, uint64_t offset, simd_mask<1> pred,
                                           simd<T, NElts> pass_thru, FlagsT = FlagsT{}, XESIM_LOC) {
  return ::xesim::esimd::detail::block_load_core<T, NElts>(
      ::xesim::esimd::detail::acc_ptr<const T>(acc, offset), XESIM_LBL_ALIGN, pred, &pass_thru, loc,
      detail::lsc_default_flag_v<FlagsT>);
}
template <XESIM_LB_TPARAMS, class AccessorTy, XESIM_LB_FLAGS,
          XESIM_LB_OK(::xesim::esimd::detail::lacc_read_v<AccessorTy>)>
XESIM_INLINE simd<T, NElts> lsc_block_load(AccessorTy acc, uint32_t offset, simd_mask<1> pred = 1,
                                           FlagsT = FlagsT{}, XESIM_LOC) {
  return lsc_slm_block_load<T, NElts, DS>(::xesim::esimd::detail::lacc_off(acc, offset), pred, loc);
}
template <XESIM_LB_TPARAMS, class AccessorTy, XESIM_LB_FLAGS,
          XESIM_LB_OK(::xesim::esimd::detail::lacc_read_v<AccessorTy>)>
XESIM_INLINE simd<T, NElts> lsc_block_load(AccessorTy acc, uint32_t offset, FlagsT, XESIM_LOC) {
  return lsc_slm_block_load<T, NElts, DS>(::xesim::esimd::detail::lacc_off(acc, offset), 1, loc);
}
template <XESIM_LB_TPARAMS, class AccessorTy, XESIM_LB_FLAGS,
          XESIM_LB_OK(::xesim::esimd::detail::lacc_read_v<AccessorTy>)>
XESIM_INLINE simd<T, NElts> lsc_block_load(AccessorTy acc, uint32_t offset, simd_mask<1> pred,
                                           simd<T, NElts> pass_thru, FlagsT = FlagsT{}, XESIM_LOC) {
  return lsc_slm_block_load<T, NElts, DS>(::xesim::esimd::detail::lacc_off(acc, offset), pred,
                                          pass_thru, loc);
}

// ------------------------------ lsc_block_store (USM)
/// Stores vals to p[0..NElts) when pred[0]. Alignment, NElts and flag rules as lsc_block_load;
/// L1H/L3H from the store table. Pre: writable (out-of-bounds, misaligned-block-access).
/// HW: lsc_store.ugm (transposed, 1 lane). Platforms: DG2, PVC, Xe2.
template <XESIM_LB_TPARAMS, XESIM_LB_FLAGS, XESIM_LB_OK(true)>
XESIM_INLINE void lsc_block_store(T* p, simd<T, NElts> vals, simd_mask<1> pred = 1,
                                  FlagsT = FlagsT{}, XESIM_LOC) {
  ::xesim::esimd::detail::block_store_core<T, NElts>(p, vals, XESIM_LBS_ALIGN, pred, loc,
                                                     detail::lsc_default_flag_v<FlagsT>);
}
template <XESIM_LB_TPARAMS, XESIM_LB_FLAGS, XESIM_LB_OK(true)>
XESIM_INLINE void lsc_block_store(T* p, simd<T, NElts> vals, FlagsT, XESIM_LOC) {
  ::xesim::esimd::detail::block_store_core<T, NElts>(p, vals, XESIM_LBS_ALIGN, 1, loc,
                                                     detail::lsc_default_flag_v<FlagsT>);
}

// ------------------------------ lsc_block_store (device and local accessors)
template <XESIM_LB_TPARAMS, class AccessorTy, XESIM_LB_FLAGS,
          XESIM_LB_OK(::xesim::esimd::detail::acc_write_v<AccessorTy>)>
XESIM_INLINE void lsc_block_store(AccessorTy acc, uint64_t offset, simd<T, NElts> vals,
                                  simd_mask<1> pred = 1, FlagsT = FlagsT{}, XESIM_LOC) {
  ::xesim::esimd::detail::block_store_core<T, NElts>(
      ::xesim::esimd::detail::acc_ptr<T>(acc, offset), vals, XESIM_LBS_ALIGN, pred, loc,
      detail::lsc_default_flag_v<FlagsT>);
}
template <XESIM_LB_TPARAMS, class AccessorTy, XESIM_LB_FLAGS,
          XESIM_LB_OK(::xesim::esimd::detail::acc_write_v<AccessorTy>)>
XESIM_INLINE void lsc_block_store(AccessorTy acc, uint64_t offset, simd<T, NElts> vals, FlagsT,
                                  XESIM_LOC) {
  ::xesim::esimd::detail::block_store_core<T, NElts>(
      ::xesim::esimd::detail::acc_ptr<T>(acc, offset), vals, XESIM_LBS_ALIGN, 1, loc,
      detail::lsc_default_flag_v<FlagsT>);
}
/// Local accessor: as lsc_slm_block_store at the accessor's SLM offset (no predicate in DPC++).
template <XESIM_LB_TPARAMS, class AccessorTy, XESIM_LB_FLAGS,
          XESIM_LB_OK(::xesim::esimd::detail::lacc_write_v<AccessorTy>)>
XESIM_INLINE void lsc_block_store(AccessorTy acc, uint32_t offset, simd<T, NElts> vals,
                                  FlagsT = FlagsT{}, XESIM_LOC) {
  lsc_slm_block_store<T, NElts, DS>(::xesim::esimd::detail::lacc_off(acc, offset), vals, loc);
}

#undef XESIM_LBL_ALIGN
#undef XESIM_LBS_ALIGN
#undef XESIM_LSLM_ALIGN
#undef XESIM_LB_TPARAMS
#undef XESIM_LB_FLAGS
#undef XESIM_LB_OK
#undef XESIM_LOC

}  // namespace xesim::esimd::xesim_experimental
