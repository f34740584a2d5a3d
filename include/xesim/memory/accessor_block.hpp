// block_load / block_store / scalar_load / scalar_store on accessors: device accessors
// (acc-bl-1..6, acc-bs-1..4 and the legacy alignment-flag block_load) and local accessors
// (lacc-bl-1..6, lacc-bs-1..4). Each overload forwards in one line to the USM core of block.hpp
// or the SLM core of slm.hpp, with the alignment DPC++ assumes for the matching USM / SLM form.
#pragma once

#include "xesim/memory/accessor_common.hpp"
#include "xesim/memory/block.hpp"
#include "xesim/memory/slm.hpp"

namespace xesim::esimd {

#define XESIM_ACC_ALIGN(FORM, ACTION) \
  detail::block_alignment<T, N, Props, detail::block_form::FORM, detail::cache_action::ACTION>()
#define XESIM_ACC_OK(TRAIT) \
  std::enable_if_t<detail::TRAIT<AccessorT> && detail::props_v<Props>, int>

// ------------------------------ block_load (device accessor)
/// Returns N elements at byte_offset of acc's buffer. Assumes alignment<props>, default 4 B (8 B
/// for 8-byte T), as usm-bl-1. Pre: inside the buffer (out-of-bounds).
/// HW: lsc_load.ugm / svm block load (stateless). Platforms: Gen12, DG2, PVC, Xe2.
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT acc, std::uint64_t byte_offset, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(detail::acc_ptr<const T>(acc, byte_offset),
                                       XESIM_ACC_ALIGN(usm_load, load), 1, nullptr, loc,
                                       detail::align_is_default<Props>());
}
/// N elements at the buffer's first element (acc-bl-2).
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT acc, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(detail::acc_ptr<const T>(acc, 0),
                                       XESIM_ACC_ALIGN(usm_load, load), 1, nullptr, loc,
                                       detail::align_is_default<Props>());
}
/// Predicated forms (acc-bl-3..6): load when pred[0], else pass_thru (or 0; DPC++: undefined).
/// LSC rules: alignment >= 4 (8 for 8-byte T), N from the LSC table. HW: lsc_load.ugm. DG2, PVC.
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT acc, std::uint64_t byte_offset, simd_mask<1> pred,
                                   simd<T, N> pass_thru, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(detail::acc_ptr<const T>(acc, byte_offset),
                                       XESIM_ACC_ALIGN(usm_lsc, load), pred, &pass_thru, loc,
                                       detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT acc, std::uint64_t byte_offset, simd_mask<1> pred,
                                   Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(detail::acc_ptr<const T>(acc, byte_offset),
                                       XESIM_ACC_ALIGN(usm_lsc, load), pred, nullptr, loc,
                                       detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT acc, simd_mask<1> pred, simd<T, N> pass_thru,
                                   Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(detail::acc_ptr<const T>(acc, 0),
                                       XESIM_ACC_ALIGN(usm_lsc, load), pred, &pass_thru, loc,
                                       detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(acc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT acc, simd_mask<1> pred, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(detail::acc_ptr<const T>(acc, 0),
                                       XESIM_ACC_ALIGN(usm_lsc, load), pred, nullptr, loc,
                                       detail::align_is_default<Props>());
}
/// Legacy form: the flag (element_aligned, vector_aligned, overaligned<A>) asserts the alignment.
template <class Tx, int N, class AccessorT, class Flags,
          std::enable_if_t<detail::acc_read_v<AccessorT> && detail::flags_v<Flags>, int> = 0>
XESIM_INLINE simd<Tx, N> block_load(AccessorT acc, std::uint64_t byte_offset, Flags,
                                    std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<Tx, N>(detail::acc_ptr<const Tx>(acc, byte_offset),
                                        detail::flag_alignment<Tx, N, Flags>(), 1, nullptr, loc,
                                        false);
}

// ------------------------------ block_load (local accessor: SLM)
/// Returns N elements at byte_offset of lacc's SLM. Assumes alignment<props>, default 16 B, as
/// slm-bl-1; cache hints are ignored. Pre: inside the accessor's SLM (slm-out-of-range).
/// HW: lsc_load.slm / oword block read. Platforms: Gen12, DG2, PVC, Xe2.
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT lacc, std::uint32_t byte_offset, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, N>(detail::lacc_off(lacc, byte_offset),
                                           XESIM_ACC_ALIGN(slm_plain, load), 1, nullptr, loc,
                                           detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT lacc, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, N>(detail::lacc_off(lacc, 0),
                                           XESIM_ACC_ALIGN(slm_plain, load), 1, nullptr, loc,
                                           detail::align_is_default<Props>());
}
/// Predicated forms (lacc-bl-3..6): default alignment 4 B (8 B for 8-byte T), LSC N.
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT lacc, std::uint32_t byte_offset, simd_mask<1> pred,
                                   Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, N>(detail::lacc_off(lacc, byte_offset),
                                           XESIM_ACC_ALIGN(slm_pred, load), pred, nullptr, loc,
                                           detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT lacc, simd_mask<1> pred, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, N>(detail::lacc_off(lacc, 0),
                                           XESIM_ACC_ALIGN(slm_pred, load), pred, nullptr, loc,
                                           detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT lacc, std::uint32_t byte_offset, simd_mask<1> pred,
                                   simd<T, N> pass_thru, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, N>(detail::lacc_off(lacc, byte_offset),
                                           XESIM_ACC_ALIGN(slm_pred, load), pred, &pass_thru, loc,
                                           detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(lacc_read_v) = 0>
XESIM_INLINE simd<T, N> block_load(AccessorT lacc, simd_mask<1> pred, simd<T, N> pass_thru,
                                   Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, N>(detail::lacc_off(lacc, 0),
                                           XESIM_ACC_ALIGN(slm_pred, load), pred, &pass_thru, loc,
                                           detail::align_is_default<Props>());
}

// ------------------------------ block_store (device accessor)
/// Stores vals at byte_offset of acc's buffer. Assumes alignment<props>, default 16 B without
/// cache hints (4 B / 8 B and LSC sizes with them), as usm-bs-1. Pre: inside the buffer.
/// HW: svm block store / lsc_store.ugm (stateless). Platforms: Gen12, DG2, PVC, Xe2.
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(acc_write_v) = 0>
XESIM_INLINE void block_store(AccessorT acc, std::uint64_t byte_offset, simd<T, N> vals, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::block_store_core<T, N>(detail::acc_ptr<T>(acc, byte_offset), vals,
                                 XESIM_ACC_ALIGN(usm_store, store), 1, loc,
                                 detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(acc_write_v) = 0>
XESIM_INLINE void block_store(AccessorT acc, simd<T, N> vals, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::block_store_core<T, N>(detail::acc_ptr<T>(acc, 0), vals,
                                 XESIM_ACC_ALIGN(usm_store, store), 1, loc,
                                 detail::align_is_default<Props>());
}
/// Predicated forms (acc-bs-3,4): store only when pred[0]. LSC alignment and sizes.
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(acc_write_v) = 0>
XESIM_INLINE void block_store(AccessorT acc, std::uint64_t byte_offset, simd<T, N> vals,
                              simd_mask<1> pred, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::block_store_core<T, N>(detail::acc_ptr<T>(acc, byte_offset), vals,
                                 XESIM_ACC_ALIGN(usm_lsc, store), pred, loc,
                                 detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(acc_write_v) = 0>
XESIM_INLINE void block_store(AccessorT acc, simd<T, N> vals, simd_mask<1> pred, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::block_store_core<T, N>(detail::acc_ptr<T>(acc, 0), vals, XESIM_ACC_ALIGN(usm_lsc, store),
                                 pred, loc, detail::align_is_default<Props>());
}

// ------------------------------ block_store (local accessor: SLM)
/// Stores vals at byte_offset of lacc's SLM. Assumes alignment<props>, default 16 B (4 B / 8 B
/// with a predicate). Pre: inside the accessor's SLM (slm-out-of-range).
/// HW: lsc_store.slm / oword block write. Platforms: Gen12, DG2, PVC, Xe2.
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(lacc_write_v) = 0>
XESIM_INLINE void block_store(AccessorT lacc, std::uint32_t byte_offset, simd<T, N> vals,
                              Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::slm_block_store_core<T, N>(detail::lacc_off(lacc, byte_offset), vals,
                                     XESIM_ACC_ALIGN(slm_plain, store), 1, loc,
                                     detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(lacc_write_v) = 0>
XESIM_INLINE void block_store(AccessorT lacc, simd<T, N> vals, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::slm_block_store_core<T, N>(detail::lacc_off(lacc, 0), vals,
                                     XESIM_ACC_ALIGN(slm_plain, store), 1, loc,
                                     detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(lacc_write_v) = 0>
XESIM_INLINE void block_store(AccessorT lacc, std::uint32_t byte_offset, simd<T, N> vals,
                              simd_mask<1> pred, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::slm_block_store_core<T, N>(detail::lacc_off(lacc, byte_offset), vals,
                                     XESIM_ACC_ALIGN(slm_pred, store), pred, loc,
                                     detail::align_is_default<Props>());
}
template <class T, int N, class AccessorT, class Props = empty_properties_t,
          XESIM_ACC_OK(lacc_write_v) = 0>
XESIM_INLINE void block_store(AccessorT lacc, simd<T, N> vals, simd_mask<1> pred, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::slm_block_store_core<T, N>(detail::lacc_off(lacc, 0), vals,
                                     XESIM_ACC_ALIGN(slm_pred, store), pred, loc,
                                     detail::align_is_default<Props>());
}

// ------------------------------ legacy flag forms (device and local accessors)
/// block_store(acc, byte_offset, vals, flag): the flag (element_aligned, vector_aligned,
/// overaligned<A>) asserts the alignment, as in the USM form.
template <class Tx, int N, class AccessorT, class Flags,
          std::enable_if_t<detail::acc_write_v<AccessorT> && detail::flags_v<Flags>, int> = 0>
XESIM_INLINE void block_store(AccessorT acc, std::uint64_t byte_offset, simd<Tx, N> vals, Flags,
                              std::source_location loc = std::source_location::current()) {
  detail::block_store_core<Tx, N>(detail::acc_ptr<Tx>(acc, byte_offset), vals,
                                  detail::flag_alignment<Tx, N, Flags>(), 1, loc);
}
template <class Tx, int N, class AccessorT, class Flags,
          std::enable_if_t<detail::lacc_write_v<AccessorT> && detail::flags_v<Flags>, int> = 0>
XESIM_INLINE void block_store(AccessorT lacc, std::uint32_t byte_offset, simd<Tx, N> vals, Flags,
                              std::source_location loc = std::source_location::current()) {
  detail::slm_block_store_core<Tx, N>(detail::lacc_off(lacc, byte_offset), vals,
                                      detail::flag_alignment<Tx, N, Flags>(), 1, loc);
}
template <class Tx, int N, class AccessorT, class Flags,
          std::enable_if_t<detail::lacc_read_v<AccessorT> && detail::flags_v<Flags>, int> = 0>
XESIM_INLINE simd<Tx, N> block_load(AccessorT lacc, std::uint32_t byte_offset, Flags,
                                    std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<Tx, N>(
      detail::lacc_off(lacc, byte_offset), detail::flag_alignment<Tx, N, Flags>(), 1, nullptr, loc);
}

#undef XESIM_ACC_ALIGN
#undef XESIM_ACC_OK

// ------------------------------ scalar_load / scalar_store
/// One T at byte `offset` of a device accessor's buffer (assumed sizeof(T)-aligned, as DPC++
/// does). HW: svm / lsc load (1 lane). All.
template <class T, class AccessorT, std::enable_if_t<detail::acc_read_v<AccessorT>, int> = 0>
XESIM_INLINE T scalar_load(AccessorT acc, std::uint64_t offset,
                           std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, 1>(detail::acc_ptr<const T>(acc, offset), sizeof(T), 1, nullptr,
                                       loc, true)[0];
}
/// One T at byte `offset` of a local accessor's SLM. HW: lsc_load.slm (1 lane). All.
template <class T, class AccessorT, std::enable_if_t<detail::lacc_read_v<AccessorT>, int> = 0>
XESIM_INLINE T scalar_load(AccessorT lacc, std::uint32_t offset,
                           std::source_location loc = std::source_location::current()) {
  return detail::slm_block_load_core<T, 1>(detail::lacc_off(lacc, offset), sizeof(T), 1, nullptr,
                                           loc, true)[0];
}
/// Writes one T at byte `offset` of a device accessor's buffer. HW: svm / lsc store (1 lane).
template <class T, class AccessorT, std::enable_if_t<detail::acc_write_v<AccessorT>, int> = 0>
XESIM_INLINE void scalar_store(AccessorT acc, std::uint64_t offset, T val,
                               std::source_location loc = std::source_location::current()) {
  detail::block_store_core<T, 1>(detail::acc_ptr<T>(acc, offset), simd<T, 1>(val), sizeof(T), 1,
                                 loc, true);
}
/// Writes one T at byte `offset` of a local accessor's SLM. HW: lsc_store.slm (1 lane).
template <class T, class AccessorT, std::enable_if_t<detail::lacc_write_v<AccessorT>, int> = 0>
XESIM_INLINE void scalar_store(AccessorT lacc, std::uint32_t offset, T val,
                               std::source_location loc = std::source_location::current()) {
  detail::slm_block_store_core<T, 1>(detail::lacc_off(lacc, offset), simd<T, 1>(val), sizeof(T), 1,
                                     loc, true);
}

// ------------------------------ get_surface_index
/// Surface indices exist only in DPC++'s stateful mode (-fno-sycl-esimd-force-stateless-mem),
/// which xesim does not model. The type is declared (DPC++'s common.hpp) so declarations that
/// name it compile; getting one is the error.
using SurfaceIndex = unsigned int;
template <class AccessorT>
SurfaceIndex get_surface_index(AccessorT) {
  static_assert(sizeof(AccessorT) == 0,
                "get_surface_index: surface indices (stateful accessor mode, "
                "-fno-sycl-esimd-force-stateless-mem) are not supported by xesim");
  return 0;
}

}  // namespace xesim::esimd
