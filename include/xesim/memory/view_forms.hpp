// DPC++'s "simd_view without T and N" call forms: the stored values, the pass-thru or the
// atomic operands given as a simd_view, T and N deduced from it (scatter<VS>(p, off, v.select
// <16, 1>(0)), block_store(p, view), atomic_update<op>(p, off, view), ...). Each forwards in one
// line to the simd form of the same op, with the view read (one memory path: the same cores).
#pragma once

#include "xesim/memory/atomic.hpp"
#include "xesim/memory/block.hpp"
#include "xesim/memory/gather.hpp"
#include "xesim/memory/slm.hpp"
#include "xesim/memory/slm_atomic.hpp"
#include "xesim/memory/slm_gather.hpp"

namespace xesim::esimd {

#define XESIM_LOC std::source_location loc = std::source_location::current()
#define XESIM_VLEN(V) detail::view_len<V>()
#define XESIM_V_OK(V) std::enable_if_t<detail::view_v<V> && detail::props_v<Props>, int> = 0
#define XESIM_VV_OK(V, W) \
  std::enable_if_t<detail::view_v<V> && detail::view_v<W> && detail::props_v<Props>, int> = 0

// ------------------------------ scatter (values as a simd_view)
/// scatter<VS>(p, byte_offsets, vals_view[, mask][, props]): as scatter<T, N, VS> with
/// vals.read(); offsets a simd or a simd_view of N/VS elements. HW: lsc_store.ugm / svm scatter.
template <int VS = 1, class OffsetT, class ValuesViewT, class T, int N = XESIM_VLEN(ValuesViewT),
          class Props = empty_properties_t, XESIM_V_OK(ValuesViewT)>
XESIM_INLINE void scatter(T* p, simd<OffsetT, N / VS> byte_offsets, ValuesViewT vals,
                          simd_mask<N / VS> mask, Props props = {}, XESIM_LOC) {
  scatter<T, N, VS>(p, byte_offsets, vals.read(), mask, props, loc);
}
template <int VS = 1, class OffsetT, class ValuesViewT, class T, int N = XESIM_VLEN(ValuesViewT),
          class Props = empty_properties_t, XESIM_V_OK(ValuesViewT)>
XESIM_INLINE void scatter(T* p, simd<OffsetT, N / VS> byte_offsets, ValuesViewT vals,
                          Props props = {}, XESIM_LOC) {
  scatter<T, N, VS>(p, byte_offsets, vals.read(), props, loc);
}
template <int VS = 1, class OffsetViewT, class ValuesViewT, class T,
          int N = XESIM_VLEN(ValuesViewT), class Props = empty_properties_t,
          XESIM_VV_OK(OffsetViewT, ValuesViewT)>
XESIM_INLINE void scatter(T* p, OffsetViewT byte_offsets, ValuesViewT vals,
                          simd_mask<N / VS> mask, Props props = {}, XESIM_LOC) {
  static_assert(N / VS == XESIM_VLEN(OffsetViewT),
                "Size of vals parameter must correspond to the size of byte_offsets parameter.");
  scatter<T, N, VS>(p, byte_offsets.read(), vals.read(), mask, props, loc);
}
template <int VS = 1, class OffsetViewT, class ValuesViewT, class T,
          int N = XESIM_VLEN(ValuesViewT), class Props = empty_properties_t,
          XESIM_VV_OK(OffsetViewT, ValuesViewT)>
XESIM_INLINE void scatter(T* p, OffsetViewT byte_offsets, ValuesViewT vals, Props props = {},
                          XESIM_LOC) {
  static_assert(N / VS == XESIM_VLEN(OffsetViewT),
                "Size of vals parameter must correspond to the size of byte_offsets parameter.");
  scatter<T, N, VS>(p, byte_offsets.read(), vals.read(), props, loc);
}
/// scatter<VS>(p, offsets_view, simd<T, N> vals[, mask][, props]): VS given, T and N deduced.
template <int VS, class OffsetViewT, class T, int N, class Props = empty_properties_t,
          XESIM_V_OK(OffsetViewT)>
XESIM_INLINE void scatter(T* p, OffsetViewT byte_offsets, simd<T, N> vals, simd_mask<N / VS> mask,
                          Props props = {}, XESIM_LOC) {
  static_assert(N / VS == XESIM_VLEN(OffsetViewT),
                "Size of vals parameter must correspond to the size of byte_offsets parameter.");
  scatter<T, N, VS>(p, byte_offsets.read(), vals, mask, props, loc);
}
template <int VS, class OffsetViewT, class T, int N, class Props = empty_properties_t,
          XESIM_V_OK(OffsetViewT)>
XESIM_INLINE void scatter(T* p, OffsetViewT byte_offsets, simd<T, N> vals, Props props = {},
                          XESIM_LOC) {
  static_assert(N / VS == XESIM_VLEN(OffsetViewT),
                "Size of vals parameter must correspond to the size of byte_offsets parameter.");
  scatter<T, N, VS>(p, byte_offsets.read(), vals, props, loc);
}

// ------------------------------ gather (pass-thru as a simd_view)
/// gather<VS>(p, byte_offsets, mask, pass_thru_view[, props]): T and N from the pass-thru view.
template <int VS = 1, class OffsetT, class PassThruViewT, class T,
          int N = XESIM_VLEN(PassThruViewT), class Props = empty_properties_t,
          XESIM_V_OK(PassThruViewT)>
XESIM_INLINE simd<T, N> gather(const T* p, simd<OffsetT, N / VS> byte_offsets,
                               simd_mask<N / VS> mask, PassThruViewT pass_thru, Props props = {},
                               XESIM_LOC) {
  return gather<T, N, VS>(p, byte_offsets, mask, pass_thru.read(), props, loc);
}
template <int VS = 1, class OffsetViewT, class PassThruViewT, class T,
          int N = XESIM_VLEN(PassThruViewT), class Props = empty_properties_t,
          XESIM_VV_OK(OffsetViewT, PassThruViewT)>
XESIM_INLINE simd<T, N> gather(const T* p, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               PassThruViewT pass_thru, Props props = {}, XESIM_LOC) {
  return gather<T, N, VS>(p, byte_offsets.read(), mask, pass_thru.read(), props, loc);
}

// ------------------------------ block_store (values as a simd_view)
/// block_store(ptr[, byte_offset], vals_view[, pred][, props]): as block_store<T, N>.
template <class ValuesViewT, class T, int N = XESIM_VLEN(ValuesViewT),
          class Props = empty_properties_t, XESIM_V_OK(ValuesViewT)>
XESIM_INLINE void block_store(T* ptr, ValuesViewT vals, Props props = {}, XESIM_LOC) {
  block_store<T, N>(ptr, vals.read(), props, loc);
}
template <class ValuesViewT, class T, int N = XESIM_VLEN(ValuesViewT),
          class Props = empty_properties_t, XESIM_V_OK(ValuesViewT)>
XESIM_INLINE void block_store(T* ptr, std::size_t byte_offset, ValuesViewT vals, Props props = {},
                              XESIM_LOC) {
  block_store<T, N>(ptr, byte_offset, vals.read(), props, loc);
}
template <class ValuesViewT, class T, int N = XESIM_VLEN(ValuesViewT),
          class Props = empty_properties_t, XESIM_V_OK(ValuesViewT)>
XESIM_INLINE void block_store(T* ptr, ValuesViewT vals, simd_mask<1> pred, Props props = {},
                              XESIM_LOC) {
  block_store<T, N>(ptr, vals.read(), pred, props, loc);
}
template <class ValuesViewT, class T, int N = XESIM_VLEN(ValuesViewT),
          class Props = empty_properties_t, XESIM_V_OK(ValuesViewT)>
XESIM_INLINE void block_store(T* ptr, std::size_t byte_offset, ValuesViewT vals,
                              simd_mask<1> pred, Props props = {}, XESIM_LOC) {
  block_store<T, N>(ptr, byte_offset, vals.read(), pred, props, loc);
}

// ------------------------------ slm_block_store / slm_scatter (values as a simd_view)
/// slm_block_store(byte_offset, vals_view[, pred][, props]).
template <class ValuesViewT, class T = detail::element_type_t<ValuesViewT>,
          int N = XESIM_VLEN(ValuesViewT), class Props = empty_properties_t,
          XESIM_V_OK(ValuesViewT)>
XESIM_INLINE void slm_block_store(uint32_t byte_offset, ValuesViewT vals, Props props = {},
                                  XESIM_LOC) {
  slm_block_store<T, N>(byte_offset, vals.read(), props, loc);
}
template <class ValuesViewT, class T = detail::element_type_t<ValuesViewT>,
          int N = XESIM_VLEN(ValuesViewT), class Props = empty_properties_t,
          XESIM_V_OK(ValuesViewT)>
XESIM_INLINE void slm_block_store(uint32_t byte_offset, ValuesViewT vals, simd_mask<1> pred,
                                  Props props = {}, XESIM_LOC) {
  slm_block_store<T, N>(byte_offset, vals.read(), pred, props, loc);
}
/// slm_scatter<VS>(byte_offsets, vals_view[, mask][, props]).
template <int VS = 1, class ValuesViewT, class T = detail::element_type_t<ValuesViewT>,
          int N = XESIM_VLEN(ValuesViewT), class Props = empty_properties_t,
          XESIM_V_OK(ValuesViewT)>
XESIM_INLINE void slm_scatter(simd<uint32_t, N / VS> byte_offsets, ValuesViewT vals,
                              simd_mask<N / VS> mask, Props props = {}, XESIM_LOC) {
  slm_scatter<T, N, VS>(byte_offsets, vals.read(), mask, props, loc);
}
template <int VS = 1, class ValuesViewT, class T = detail::element_type_t<ValuesViewT>,
          int N = XESIM_VLEN(ValuesViewT), class Props = empty_properties_t,
          XESIM_V_OK(ValuesViewT)>
XESIM_INLINE void slm_scatter(simd<uint32_t, N / VS> byte_offsets, ValuesViewT vals,
                              Props props = {}, XESIM_LOC) {
  slm_scatter<T, N, VS>(byte_offsets, vals.read(), props, loc);
}

// ------------------------------ atomic_update / slm_atomic_update (operands as simd_views)
/// atomic_update<Op>(p, byte_offsets, src0_view[, mask][, props]) and the two-operand form with
/// both operands views: T from p, N from the operand view.
template <atomic_op Op, class T, class OffsetT, class Src0ViewT, int N = XESIM_VLEN(Src0ViewT),
          class Props = empty_properties_t, XESIM_V_OK(Src0ViewT)>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<OffsetT, N> byte_offset, Src0ViewT src0,
                                      simd_mask<N> mask, Props props = {}, XESIM_LOC) {
  return atomic_update<Op, T, N>(p, byte_offset, simd<T, N>(src0.read()), mask, props, loc);
}
template <atomic_op Op, class T, class OffsetT, class Src0ViewT, int N = XESIM_VLEN(Src0ViewT),
          class Props = empty_properties_t, XESIM_V_OK(Src0ViewT)>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<OffsetT, N> byte_offset, Src0ViewT src0,
                                      Props props = {}, XESIM_LOC) {
  return atomic_update<Op, T, N>(p, byte_offset, simd<T, N>(src0.read()), props, loc);
}
template <atomic_op Op, class T, class OffsetT, class Src0ViewT, class Src1ViewT,
          int N = XESIM_VLEN(Src0ViewT), class Props = empty_properties_t,
          XESIM_VV_OK(Src0ViewT, Src1ViewT)>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<OffsetT, N> byte_offset, Src0ViewT src0,
                                      Src1ViewT src1, simd_mask<N> mask, Props props = {},
                                      XESIM_LOC) {
  return atomic_update<Op, T, N>(p, byte_offset, simd<T, N>(src0.read()),
                                 simd<T, N>(src1.read()), mask, props, loc);
}
/// slm_atomic_update<Op>(byte_offsets, src0_view[, mask]).
template <atomic_op Op, class Src0ViewT, class T = detail::element_type_t<Src0ViewT>,
          int N = XESIM_VLEN(Src0ViewT), class Props = empty_properties_t,
          XESIM_V_OK(Src0ViewT)>
XESIM_INLINE simd<T, N> slm_atomic_update(simd<uint32_t, N> byte_offset, Src0ViewT src0,
                                          simd_mask<N> mask = 1, XESIM_LOC) {
  return slm_atomic_update<Op, T, N>(byte_offset, src0.read(), mask, loc);
}

#undef XESIM_LOC
#undef XESIM_VLEN
#undef XESIM_V_OK
#undef XESIM_VV_OK

}  // namespace xesim::esimd
