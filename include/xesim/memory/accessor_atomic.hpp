// atomic_update on accessors: device accessors (acc-au0/1/2-1..4) and local accessors
// (lacc-au0/1/2-1). Each overload forwards in one line to atomic_update_core (atomic.hpp) or
// slm_atomic_update_core (slm_atomic.hpp); the same element types and cache-hint rules apply.
#pragma once

#include "xesim/memory/accessor_common.hpp"
#include "xesim/memory/atomic.hpp"
#include "xesim/memory/slm_atomic.hpp"

namespace xesim::esimd {

#define XESIM_AA_OK(NSRC, TRAIT)                                                     \
  std::enable_if_t<detail::get_num_args<Op>() == NSRC && detail::TRAIT<AccessorT> && \
                       detail::props_v<Props>,                                       \
                   int>
#define XESIM_AA_VIEW_OK(NSRC)                                                          \
  std::enable_if_t<detail::get_num_args<Op>() == NSRC && detail::acc_rw_v<AccessorT> && \
                       detail::props_v<Props> && detail::view_v<OffsetViewT>,           \
                   int>
#define XESIM_AA_LOCAL_OK(NSRC) \
  std::enable_if_t<detail::get_num_args<Op>() == NSRC && detail::lacc_rw_v<AccessorT>, int>

// ------------------------------ atomic_update (device accessor): no operand (inc, dec, load)
/// Atomically applies Op to the element at byte_offset[i] of acc's buffer for each enabled lane;
/// returns the old values (0 in masked-off lanes). Pre: naturally aligned, inside the buffer.
/// HW: lsc_atomic_<op>.ugm / svm atomic (stateless). Platforms: Gen12 (4-byte T), DG2, PVC.
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          class Props = empty_properties_t, XESIM_AA_OK(0, acc_rw_v) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, simd<Toffset, N> byte_offset,
                                      simd_mask<N> mask, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset,
                                                     nullptr, nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          class Props = empty_properties_t, XESIM_AA_OK(0, acc_rw_v) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, simd<Toffset, N> byte_offset, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset,
                                                     nullptr, nullptr, 1, loc);
}
template <atomic_op Op, class T, int N, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AA_VIEW_OK(0) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, OffsetViewT byte_offset, simd_mask<N> mask,
                                      Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset.read(),
                                                     nullptr, nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AA_VIEW_OK(0) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, OffsetViewT byte_offset, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset.read(),
                                                     nullptr, nullptr, 1, loc);
}

// ------------------------------ atomic_update (device accessor): one operand
/// Atomically applies Op with src0[i] (add, sub, min/max, bit ops, xchg, store, fadd, ...).
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          class Props = empty_properties_t, XESIM_AA_OK(1, acc_rw_v) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, simd<Toffset, N> byte_offset, simd<T, N> src0,
                                      simd_mask<N> mask, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset, &src0,
                                                     nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          class Props = empty_properties_t, XESIM_AA_OK(1, acc_rw_v) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, simd<Toffset, N> byte_offset, simd<T, N> src0,
                                      Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset, &src0,
                                                     nullptr, 1, loc);
}
template <atomic_op Op, class T, int N, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AA_VIEW_OK(1) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, OffsetViewT byte_offset, simd<T, N> src0,
                                      simd_mask<N> mask, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset.read(),
                                                     &src0, nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AA_VIEW_OK(1) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, OffsetViewT byte_offset, simd<T, N> src0,
                                      Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset.read(),
                                                     &src0, nullptr, 1, loc);
}

// ------------------------------ atomic_update (device accessor): two operands
/// For each enabled lane: if the element == src1 (expected) it becomes src0 (new value), as in
/// DPC++'s cmpxchg / fcmpxchg; returns the old values.
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          class Props = empty_properties_t, XESIM_AA_OK(2, acc_rw_v) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, simd<Toffset, N> byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, simd_mask<N> mask, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset, &src0,
                                                     &src1, mask, loc);
}
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          class Props = empty_properties_t, XESIM_AA_OK(2, acc_rw_v) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, simd<Toffset, N> byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset, &src0,
                                                     &src1, 1, loc);
}
template <atomic_op Op, class T, int N, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AA_VIEW_OK(2) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, OffsetViewT byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, simd_mask<N> mask, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset.read(),
                                                     &src0, &src1, mask, loc);
}
template <atomic_op Op, class T, int N, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AA_VIEW_OK(2) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, OffsetViewT byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, Props = {},
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, Props>(detail::acc_ptr<T>(acc, 0), byte_offset.read(),
                                                     &src0, &src1, 1, loc);
}

// ------------------------------ atomic_update (device accessor): one scalar offset
/// Every lane at the same byte offset (DPC++'s scalar-offset variants; store and xchg only with
/// N == 1, as there).
#define XESIM_AA_SCALAR_OK(NSRC, EXTRA)                                                  \
  std::enable_if_t<detail::get_num_args<Op>() == NSRC && std::is_integral_v<Toffset> &&  \
                       detail::acc_rw_v<AccessorT> && EXTRA,                             \
                   int>
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          XESIM_AA_SCALAR_OK(0, true) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, Toffset byte_offset, simd_mask<N> mask,
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, empty_properties_t>(
      detail::acc_ptr<T>(acc, 0), simd<Toffset, N>(byte_offset), nullptr, nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          XESIM_AA_SCALAR_OK(1, ((Op != atomic_op::store && Op != atomic_op::xchg) || N == 1)) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, Toffset byte_offset, simd<T, N> src0,
                                      simd_mask<N> mask,
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, empty_properties_t>(
      detail::acc_ptr<T>(acc, 0), simd<Toffset, N>(byte_offset), &src0, nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          XESIM_AA_SCALAR_OK(2, true) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, Toffset byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, simd_mask<N> mask,
                                      std::source_location loc = std::source_location::current()) {
  return detail::atomic_update_core<Op, T, N, empty_properties_t>(
      detail::acc_ptr<T>(acc, 0), simd<Toffset, N>(byte_offset), &src0, &src1, mask, loc);
}
#undef XESIM_AA_SCALAR_OK

// ------------------------------ atomic_update (local accessor: SLM)
/// Atomically applies Op to the element at byte_offset[i] of lacc's SLM for each enabled lane
/// (lacc-au0/1/2-1); returns the old values. Pre: naturally aligned, inside the accessor's SLM
/// (slm-out-of-range). HW: lsc_atomic_<op>.slm / dword atomic. Platforms: Gen12 (4-byte T), DG2,
/// PVC, Xe2.
template <atomic_op Op, class T, int N, class AccessorT, XESIM_AA_LOCAL_OK(0) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT lacc, simd<uint32_t, N> byte_offset,
                                      simd_mask<N> mask = 1,
                                      std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(byte_offset + detail::lacc_off(lacc, 0), nullptr,
                                                  nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class AccessorT, XESIM_AA_LOCAL_OK(1) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT lacc, simd<uint32_t, N> byte_offset,
                                      simd<T, N> src0, simd_mask<N> mask = 1,
                                      std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(byte_offset + detail::lacc_off(lacc, 0), &src0,
                                                  nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class AccessorT, XESIM_AA_LOCAL_OK(2) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT lacc, simd<uint32_t, N> byte_offset,
                                      simd<T, N> src0, simd<T, N> src1, simd_mask<N> mask = 1,
                                      std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(byte_offset + detail::lacc_off(lacc, 0), &src0,
                                                  &src1, mask, loc);
}

/// One scalar byte offset for every lane (store and xchg only with N == 1).
#define XESIM_AA_LOCAL_SCALAR_OK(NSRC, EXTRA)                                               \
  std::enable_if_t<detail::get_num_args<Op>() == NSRC && detail::lacc_rw_v<AccessorT> &&    \
                       std::is_integral_v<Toffset> && EXTRA,                                \
                   int>
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          XESIM_AA_LOCAL_SCALAR_OK(0, true) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT lacc, Toffset byte_offset, simd_mask<N> mask = 1,
                                      std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(
      simd<uint32_t, N>(detail::lacc_off(lacc, static_cast<uint32_t>(byte_offset))), nullptr,
      nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          XESIM_AA_LOCAL_SCALAR_OK(1, ((Op != atomic_op::store && Op != atomic_op::xchg) ||
                                       N == 1)) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT lacc, Toffset byte_offset, simd<T, N> src0,
                                      simd_mask<N> mask = 1,
                                      std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(
      simd<uint32_t, N>(detail::lacc_off(lacc, static_cast<uint32_t>(byte_offset))), &src0,
      nullptr, mask, loc);
}
template <atomic_op Op, class T, int N, class Toffset, class AccessorT,
          XESIM_AA_LOCAL_SCALAR_OK(2, true) = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT lacc, Toffset byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, simd_mask<N> mask = 1,
                                      std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(
      simd<uint32_t, N>(detail::lacc_off(lacc, static_cast<uint32_t>(byte_offset))), &src0, &src1,
      mask, loc);
}

#undef XESIM_AA_OK
#undef XESIM_AA_VIEW_OK
#undef XESIM_AA_LOCAL_OK
#undef XESIM_AA_LOCAL_SCALAR_OK

}  // namespace xesim::esimd
