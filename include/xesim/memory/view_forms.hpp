// DPC++'s "simd_view without T and N" call forms: the stored values, the pass-thru or the
// atomic operands given as a simd_view, T and N deduced from it (scatter<VS>(p, off, v.select
// <16, 1>(0)), block_store(p, view), atomic_update<op>(p, off, view), ...), on USM pointers, SLM,
// device and local accessors. Each forwards in one line to the simd form of the same op, with
// the view read (one memory path: the same cores).
#pragma once

#include "xesim/memory/accessor_block.hpp"
#include "xesim/memory/accessor_gather.hpp"
#include "xesim/memory/accessor_prefetch.hpp"
#include "xesim/memory/atomic.hpp"
#include "xesim/memory/block.hpp"
#include "xesim/memory/gather.hpp"
#include "xesim/memory/prefetch.hpp"
#include "xesim/memory/slm.hpp"
#include "xesim/memory/slm_atomic.hpp"
#include "xesim/memory/slm_gather.hpp"

namespace xesim::esimd {

#define XESIM_LOC std::source_location loc = std::source_location::current()
#define XESIM_VLEN(V) detail::view_len<V>()
#define XESIM_V_OK(V) std::enable_if_t<detail::view_v<V> && detail::props_v<Props>, int> = 0
#define XESIM_VV_OK(V, W) \
  std::enable_if_t<detail::view_v<V> && detail::view_v<W> && detail::props_v<Props>, int> = 0
#define XESIM_ELEM(V) detail::element_type_t<V>
/// A device or a local accessor (each forward picks its own overload).
#define XESIM_ANY_ACC(TRAIT) \
  (detail::acc_##TRAIT##_v<AccessorT> || detail::lacc_##TRAIT##_v<AccessorT>)
#define XESIM_AV_OK(TRAIT, V) \
  std::enable_if_t<XESIM_ANY_ACC(TRAIT) && detail::view_v<V> && detail::props_v<Props>, int> = 0
#define XESIM_AVV_OK(TRAIT, V, W)                                                    \
  std::enable_if_t<XESIM_ANY_ACC(TRAIT) && detail::view_v<V> && detail::view_v<W> && \
                       detail::props_v<Props>,                                       \
                   int> = 0

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
XESIM_INLINE void scatter(T* p, OffsetViewT byte_offsets, ValuesViewT vals, simd_mask<N / VS> mask,
                          Props props = {}, XESIM_LOC) {
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
template <int VS = 1, class OffsetT, class T, class PassThruViewT,
          int N = XESIM_VLEN(PassThruViewT), class Props = empty_properties_t,
          XESIM_V_OK(PassThruViewT)>
XESIM_INLINE simd<T, N> gather(const T* p, simd<OffsetT, N / VS> byte_offsets,
                               simd_mask<N / VS> mask, PassThruViewT pass_thru, Props props = {},
                               XESIM_LOC) {
  return gather<T, N, VS>(p, byte_offsets, mask, pass_thru.read(), props, loc);
}
template <int VS = 1, class OffsetViewT, class T, class PassThruViewT,
          int N = XESIM_VLEN(PassThruViewT), class Props = empty_properties_t,
          XESIM_VV_OK(OffsetViewT, PassThruViewT)>
XESIM_INLINE simd<T, N> gather(const T* p, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               PassThruViewT pass_thru, Props props = {}, XESIM_LOC) {
  static_assert(
      N / VS == XESIM_VLEN(OffsetViewT),
      "Size of pass_thru parameter must correspond to the size of byte_offsets parameter.");
  return gather<T, N, VS>(p, byte_offsets.read(), mask, pass_thru.read(), props, loc);
}
/// gather<VS>(p, offsets_view, mask, simd<T, N> pass_thru[, props]): VS given, T and N deduced.
template <int VS, class OffsetViewT, class T, int N, class Props = empty_properties_t,
          XESIM_V_OK(OffsetViewT)>
XESIM_INLINE simd<T, N> gather(const T* p, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               simd<T, N> pass_thru, Props props = {}, XESIM_LOC) {
  static_assert(
      N / VS == XESIM_VLEN(OffsetViewT),
      "Size of pass_thru parameter must correspond to the size of byte_offsets parameter.");
  return gather<T, N, VS>(p, byte_offsets.read(), mask, pass_thru, props, loc);
}

// ------------------------------ block_load (pass-thru as a simd_view)
/// block_load(ptr[, byte_offset], pred, pass_thru_view[, props]): as block_load<T, N>.
template <class PassThruViewT, class T, int N = XESIM_VLEN(PassThruViewT),
          class Props = empty_properties_t, XESIM_V_OK(PassThruViewT)>
XESIM_INLINE simd<T, N> block_load(const T* ptr, simd_mask<1> pred, PassThruViewT pass_thru,
                                   Props props = {}, XESIM_LOC) {
  return block_load<T, N>(ptr, pred, pass_thru.read(), props, loc);
}
template <class PassThruViewT, class T, int N = XESIM_VLEN(PassThruViewT),
          class Props = empty_properties_t, XESIM_V_OK(PassThruViewT)>
XESIM_INLINE simd<T, N> block_load(const T* ptr, std::size_t byte_offset, simd_mask<1> pred,
                                   PassThruViewT pass_thru, Props props = {}, XESIM_LOC) {
  return block_load<T, N>(ptr, byte_offset, pred, pass_thru.read(), props, loc);
}

// ------------------------------ prefetch (offsets as a simd_view, T and N deduced)
/// prefetch<VS>(p, offsets_view[, mask][, props]): N = VS * the view's length.
template <int VS = 1, class OffsetViewT, class T, int N = XESIM_VLEN(OffsetViewT) * VS,
          class Props = empty_properties_t, XESIM_V_OK(OffsetViewT)>
XESIM_INLINE void prefetch(const T* p, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                           Props props = {}) {
  prefetch<T, N, VS>(p, byte_offsets.read(), mask, props);
}
template <int VS = 1, class OffsetViewT, class T, int N = XESIM_VLEN(OffsetViewT) * VS,
          class Props = empty_properties_t, XESIM_V_OK(OffsetViewT)>
XESIM_INLINE void prefetch(const T* p, OffsetViewT byte_offsets, Props props = {}) {
  prefetch<T, N, VS>(p, byte_offsets.read(), props);
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
XESIM_INLINE void block_store(T* ptr, std::size_t byte_offset, ValuesViewT vals, simd_mask<1> pred,
                              Props props = {}, XESIM_LOC) {
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

// ------------------------------ slm_gather / slm_scatter / slm_block_load (more view forms)
/// slm_gather<VS>(offsets_view, mask, simd<T, N> pass_thru[, props]).
template <int VS, class T, int N, class OffsetViewT, class Props = empty_properties_t,
          XESIM_V_OK(OffsetViewT)>
XESIM_INLINE simd<T, N> slm_gather(OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                                   simd<T, N> pass_thru, Props props = {}, XESIM_LOC) {
  static_assert(
      N / VS == XESIM_VLEN(OffsetViewT),
      "Size of pass_thru parameter must correspond to the size of byte_offsets parameter.");
  return slm_gather<T, N, VS>(byte_offsets.read(), mask, pass_thru, props, loc);
}
/// slm_gather<VS>(offsets (simd or view), mask, pass_thru_view[, props]): T, N from pass_thru.
template <int VS = 1, class OffsetViewT, class PassThruViewT, int N = XESIM_VLEN(PassThruViewT),
          class T = XESIM_ELEM(PassThruViewT), class Props = empty_properties_t,
          XESIM_VV_OK(OffsetViewT, PassThruViewT)>
XESIM_INLINE simd<T, N> slm_gather(OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                                   PassThruViewT pass_thru, Props props = {}, XESIM_LOC) {
  static_assert(
      N / VS == XESIM_VLEN(OffsetViewT),
      "Size of pass_thru parameter must correspond to the size of byte_offsets parameter.");
  return slm_gather<T, N, VS>(byte_offsets.read(), mask, pass_thru.read(), props, loc);
}
template <int VS = 1, class PassThruViewT, int N = XESIM_VLEN(PassThruViewT),
          class T = XESIM_ELEM(PassThruViewT), class Props = empty_properties_t,
          XESIM_V_OK(PassThruViewT)>
XESIM_INLINE simd<T, N> slm_gather(simd<uint32_t, N / VS> byte_offsets, simd_mask<N / VS> mask,
                                   PassThruViewT pass_thru, Props props = {}, XESIM_LOC) {
  return slm_gather<T, N, VS>(byte_offsets, mask, pass_thru.read(), props, loc);
}
/// slm_scatter<VS>(offsets_view, simd<T, N> vals[, mask][, props]): VS given, T and N deduced.
template <int VS, class T, int N, class OffsetViewT, class Props = empty_properties_t,
          XESIM_V_OK(OffsetViewT)>
XESIM_INLINE void slm_scatter(OffsetViewT byte_offsets, simd<T, N> vals, simd_mask<N / VS> mask,
                              Props props = {}, XESIM_LOC) {
  static_assert(N / VS == XESIM_VLEN(OffsetViewT),
                "Size of vals parameter must correspond to the size of byte_offsets parameter.");
  slm_scatter<T, N, VS>(byte_offsets.read(), vals, mask, props, loc);
}
template <int VS, class T, int N, class OffsetViewT, class Props = empty_properties_t,
          XESIM_V_OK(OffsetViewT)>
XESIM_INLINE void slm_scatter(OffsetViewT byte_offsets, simd<T, N> vals, Props props = {},
                              XESIM_LOC) {
  static_assert(N / VS == XESIM_VLEN(OffsetViewT),
                "Size of vals parameter must correspond to the size of byte_offsets parameter.");
  slm_scatter<T, N, VS>(byte_offsets.read(), vals, props, loc);
}
/// slm_block_load(byte_offset, pred, pass_thru_view[, props]).
template <class PassThruViewT, class T = XESIM_ELEM(PassThruViewT),
          int N = XESIM_VLEN(PassThruViewT), class Props = empty_properties_t,
          XESIM_V_OK(PassThruViewT)>
XESIM_INLINE simd<T, N> slm_block_load(uint32_t byte_offset, simd_mask<1> pred,
                                       PassThruViewT pass_thru, Props props = {}, XESIM_LOC) {
  return slm_block_load<T, N>(byte_offset, pred, pass_thru.read(), props, loc);
}

// ------------------------------ device and local accessors (views, T and N deduced)
// One template per shape serves both accessor kinds (DPC++ declares each twice, once per kind
// with the same parameters): the forward picks the accessor's own overload.
/// block_load(acc[, byte_offset], pred, pass_thru_view[, props]).
template <class PassThruViewT, class T = XESIM_ELEM(PassThruViewT),
          int N = XESIM_VLEN(PassThruViewT), class AccessorT, class Props = empty_properties_t,
          XESIM_AV_OK(read, PassThruViewT)>
XESIM_INLINE simd<T, N> block_load(AccessorT acc, uint32_t byte_offset, simd_mask<1> pred,
                                   PassThruViewT pass_thru, Props props = {}, XESIM_LOC) {
  return block_load<T, N>(acc, byte_offset, pred, pass_thru.read(), props, loc);
}
template <class PassThruViewT, class T = XESIM_ELEM(PassThruViewT),
          int N = XESIM_VLEN(PassThruViewT), class AccessorT, class Props = empty_properties_t,
          XESIM_AV_OK(read, PassThruViewT)>
XESIM_INLINE simd<T, N> block_load(AccessorT acc, simd_mask<1> pred, PassThruViewT pass_thru,
                                   Props props = {}, XESIM_LOC) {
  return block_load<T, N>(acc, pred, pass_thru.read(), props, loc);
}
/// block_store(acc[, byte_offset], vals_view[, pred][, props]).
template <class ValuesViewT, class T = XESIM_ELEM(ValuesViewT), int N = XESIM_VLEN(ValuesViewT),
          class AccessorT, class Props = empty_properties_t, XESIM_AV_OK(write, ValuesViewT)>
XESIM_INLINE void block_store(AccessorT acc, uint32_t byte_offset, ValuesViewT vals,
                              Props props = {}, XESIM_LOC) {
  block_store<T, N>(acc, byte_offset, vals.read(), props, loc);
}
template <class ValuesViewT, class T = XESIM_ELEM(ValuesViewT), int N = XESIM_VLEN(ValuesViewT),
          class AccessorT, class Props = empty_properties_t, XESIM_AV_OK(write, ValuesViewT)>
XESIM_INLINE void block_store(AccessorT acc, ValuesViewT vals, Props props = {}, XESIM_LOC) {
  block_store<T, N>(acc, vals.read(), props, loc);
}
template <class ValuesViewT, class T = XESIM_ELEM(ValuesViewT), int N = XESIM_VLEN(ValuesViewT),
          class AccessorT, class Props = empty_properties_t, XESIM_AV_OK(write, ValuesViewT)>
XESIM_INLINE void block_store(AccessorT acc, uint32_t byte_offset, ValuesViewT vals,
                              simd_mask<1> pred, Props props = {}, XESIM_LOC) {
  block_store<T, N>(acc, byte_offset, vals.read(), pred, props, loc);
}
template <class ValuesViewT, class T = XESIM_ELEM(ValuesViewT), int N = XESIM_VLEN(ValuesViewT),
          class AccessorT, class Props = empty_properties_t, XESIM_AV_OK(write, ValuesViewT)>
XESIM_INLINE void block_store(AccessorT acc, ValuesViewT vals, simd_mask<1> pred, Props props = {},
                              XESIM_LOC) {
  block_store<T, N>(acc, vals.read(), pred, props, loc);
}
/// gather<VS>(acc, offsets_view, mask, simd<T, N> pass_thru[, props]): VS given.
template <int VS, class T, int N, class AccessorT, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AV_OK(read, OffsetViewT)>
XESIM_INLINE simd<T, N> gather(AccessorT acc, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               simd<T, N> pass_thru, Props props = {}, XESIM_LOC) {
  static_assert(
      N / VS == XESIM_VLEN(OffsetViewT),
      "Size of pass_thru parameter must correspond to the size of byte_offsets parameter.");
  return gather<T, N, VS>(acc, byte_offsets.read(), mask, pass_thru, props, loc);
}
/// gather<VS>(acc, offsets (view or simd), mask, pass_thru_view[, props]): T, N from pass_thru.
template <int VS = 1, class AccessorT, class OffsetViewT, class PassThruViewT,
          int N = XESIM_VLEN(PassThruViewT), class T = XESIM_ELEM(PassThruViewT),
          class Props = empty_properties_t, XESIM_AVV_OK(read, OffsetViewT, PassThruViewT)>
XESIM_INLINE simd<T, N> gather(AccessorT acc, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               PassThruViewT pass_thru, Props props = {}, XESIM_LOC) {
  static_assert(
      N / VS == XESIM_VLEN(OffsetViewT),
      "Size of pass_thru parameter must correspond to the size of byte_offsets parameter.");
  return gather<T, N, VS>(acc, byte_offsets.read(), mask, pass_thru.read(), props, loc);
}
template <int VS = 1, class AccessorT, class OffsetT, class PassThruViewT,
          int N = XESIM_VLEN(PassThruViewT), class T = XESIM_ELEM(PassThruViewT),
          class Props = empty_properties_t, XESIM_AV_OK(read, PassThruViewT)>
XESIM_INLINE simd<T, N> gather(AccessorT acc, simd<OffsetT, N / VS> byte_offsets,
                               simd_mask<N / VS> mask, PassThruViewT pass_thru, Props props = {},
                               XESIM_LOC) {
  return gather<T, N, VS>(acc, byte_offsets, mask, pass_thru.read(), props, loc);
}
/// scatter<VS>(acc, offsets_view, simd<T, N> vals[, mask][, props]): VS given.
template <int VS, class AccessorT, class T, int N, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AV_OK(write, OffsetViewT)>
XESIM_INLINE void scatter(AccessorT acc, OffsetViewT byte_offsets, simd<T, N> vals,
                          simd_mask<N / VS> mask, Props props = {}, XESIM_LOC) {
  static_assert(N / VS == XESIM_VLEN(OffsetViewT),
                "Size of vals parameter must correspond to the size of byte_offsets parameter.");
  scatter<T, N, VS>(acc, byte_offsets.read(), vals, mask, props, loc);
}
template <int VS, class AccessorT, class T, int N, class OffsetViewT,
          class Props = empty_properties_t, XESIM_AV_OK(write, OffsetViewT)>
XESIM_INLINE void scatter(AccessorT acc, OffsetViewT byte_offsets, simd<T, N> vals,
                          Props props = {}, XESIM_LOC) {
  static_assert(N / VS == XESIM_VLEN(OffsetViewT),
                "Size of vals parameter must correspond to the size of byte_offsets parameter.");
  scatter<T, N, VS>(acc, byte_offsets.read(), vals, props, loc);
}
/// scatter<VS>(acc, offsets (view or simd), vals_view[, mask][, props]): T, N from vals.
template <int VS = 1, class AccessorT, class ValuesViewT, class OffsetViewT,
          int N = XESIM_VLEN(ValuesViewT), class T = XESIM_ELEM(ValuesViewT),
          class Props = empty_properties_t, XESIM_AVV_OK(write, OffsetViewT, ValuesViewT)>
XESIM_INLINE void scatter(AccessorT acc, OffsetViewT byte_offsets, ValuesViewT vals,
                          simd_mask<N / VS> mask, Props props = {}, XESIM_LOC) {
  static_assert(N / VS == XESIM_VLEN(OffsetViewT),
                "Size of vals parameter must correspond to the size of byte_offsets parameter.");
  scatter<T, N, VS>(acc, byte_offsets.read(), vals.read(), mask, props, loc);
}
template <int VS = 1, class AccessorT, class ValuesViewT, class OffsetViewT,
          int N = XESIM_VLEN(ValuesViewT), class T = XESIM_ELEM(ValuesViewT),
          class Props = empty_properties_t, XESIM_AVV_OK(write, OffsetViewT, ValuesViewT)>
XESIM_INLINE void scatter(AccessorT acc, OffsetViewT byte_offsets, ValuesViewT vals,
                          Props props = {}, XESIM_LOC) {
  static_assert(N / VS == XESIM_VLEN(OffsetViewT),
                "Size of vals parameter must correspond to the size of byte_offsets parameter.");
  scatter<T, N, VS>(acc, byte_offsets.read(), vals.read(), props, loc);
}
template <int VS = 1, class AccessorT, class ValuesViewT, class OffsetT,
          int N = XESIM_VLEN(ValuesViewT), class T = XESIM_ELEM(ValuesViewT),
          class Props = empty_properties_t, XESIM_AV_OK(write, ValuesViewT)>
XESIM_INLINE void scatter(AccessorT acc, simd<OffsetT, N / VS> byte_offsets, ValuesViewT vals,
                          simd_mask<N / VS> mask, Props props = {}, XESIM_LOC) {
  scatter<T, N, VS>(acc, byte_offsets, vals.read(), mask, props, loc);
}
template <int VS = 1, class AccessorT, class ValuesViewT, class OffsetT,
          int N = XESIM_VLEN(ValuesViewT), class T = XESIM_ELEM(ValuesViewT),
          class Props = empty_properties_t, XESIM_AV_OK(write, ValuesViewT)>
XESIM_INLINE void scatter(AccessorT acc, simd<OffsetT, N / VS> byte_offsets, ValuesViewT vals,
                          Props props = {}, XESIM_LOC) {
  scatter<T, N, VS>(acc, byte_offsets, vals.read(), props, loc);
}

// ------------------------------ atomic_update / slm_atomic_update (operands as simd_views)
namespace detail {
/// Lanes of an atomic's offsets or operand: a simd_view's length, a simd's N, else 0.
template <class X>
struct au_arg_traits {
  static constexpr int len = 0;
  using elem = void;
};
template <class U, int M>
struct au_arg_traits<simd<U, M>> {
  static constexpr int len = M;
  using elem = U;
};
template <class X>
constexpr int au_len() {
  if constexpr (is_simd_view_v<X>)
    return view_len<X>();
  else
    return au_arg_traits<X>::len;
}
/// A simd_view or a simd of exactly N lanes.
template <class X, int N>
inline constexpr bool au_arg_v = N > 0 && au_len<X>() == N;
/// The simd an argument stands for (a view is read, a simd passes through).
template <class X>
XESIM_INLINE auto au_read(const X& x) {
  if constexpr (is_simd_view_v<X>)
    return x.read();
  else
    return x;
}
template <class X, class = void>
struct au_elem {
  using type = typename au_arg_traits<X>::elem;
};
template <class X>
struct au_elem<X, std::enable_if_t<is_simd_view_v<X>>> {
  using type = element_type_t<X>;
};
}  // namespace detail

/// DPC++'s "simd_view without T and N" atomic forms: offsets a simd or a view, at least one
/// operand a view (forms where every operand is a simd are the plain overloads). T is p's
/// element (USM) or the first operand's element (accessors, SLM); N is the operands' length.
#define XESIM_AU1_OK(EXTRA)                                                             \
  std::enable_if_t<detail::get_num_args<Op>() == 1 && detail::view_v<S0> &&             \
                       detail::au_arg_v<OffT, N> && detail::au_arg_v<S0, N> && (EXTRA), \
                   int> = 0
#define XESIM_AU2_OK(EXTRA)                                                                     \
  std::enable_if_t<detail::get_num_args<Op>() == 2 &&                                           \
                       (detail::view_v<S0> || detail::view_v<S1>)&&detail::au_arg_v<OffT, N> && \
                       detail::au_arg_v<S0, N> && detail::au_arg_v<S1, N> && (EXTRA),           \
                   int> = 0
#define XESIM_AU_OFF(OFF) detail::au_read(OFF)
#define XESIM_AU_SRC(X) simd<T, N>(detail::au_read(X))
#define XESIM_AU_T(X) class T = typename detail::au_elem<X>::type

// USM pointer (T from p; props).
/// atomic_update<Op>(p, byte_offsets_view[, props]): no-operand op, N from the view.
template <atomic_op Op, class OffsetViewT, class T, int N = XESIM_VLEN(OffsetViewT),
          class Props = empty_properties_t,
          std::enable_if_t<detail::get_num_args<Op>() == 0 && detail::view_v<OffsetViewT> &&
                               detail::props_v<Props>,
                           int> = 0>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffsetViewT byte_offset, Props props = {}, XESIM_LOC) {
  return atomic_update<Op, T, N>(p, byte_offset.read(), props, loc);
}
/// atomic_update<Op>(p, offsets, src0_view[, mask][, props]).
template <atomic_op Op, class OffT, class S0, class T, int N = detail::au_len<S0>(),
          class Props = empty_properties_t, XESIM_AU1_OK(detail::props_v<Props>)>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffT byte_offset, S0 src0, simd_mask<N> mask,
                                      Props props = {}, XESIM_LOC) {
  return atomic_update<Op, T, N>(p, XESIM_AU_OFF(byte_offset), XESIM_AU_SRC(src0), mask, props,
                                 loc);
}
template <atomic_op Op, class OffT, class S0, class T, int N = detail::au_len<S0>(),
          class Props = empty_properties_t, XESIM_AU1_OK(detail::props_v<Props>)>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffT byte_offset, S0 src0, Props props = {},
                                      XESIM_LOC) {
  return atomic_update<Op, T, N>(p, XESIM_AU_OFF(byte_offset), XESIM_AU_SRC(src0), props, loc);
}
/// atomic_update<Op>(p, offsets, src0, src1[, mask][, props]), src0 and/or src1 a view.
template <atomic_op Op, class OffT, class S0, class S1, class T, int N = detail::au_len<S0>(),
          class Props = empty_properties_t, XESIM_AU2_OK(detail::props_v<Props>)>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffT byte_offset, S0 src0, S1 src1, simd_mask<N> mask,
                                      Props props = {}, XESIM_LOC) {
  return atomic_update<Op, T, N>(p, XESIM_AU_OFF(byte_offset), XESIM_AU_SRC(src0),
                                 XESIM_AU_SRC(src1), mask, props, loc);
}
template <atomic_op Op, class OffT, class S0, class S1, class T, int N = detail::au_len<S0>(),
          class Props = empty_properties_t, XESIM_AU2_OK(detail::props_v<Props>)>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffT byte_offset, S0 src0, S1 src1, Props props = {},
                                      XESIM_LOC) {
  return atomic_update<Op, T, N>(p, XESIM_AU_OFF(byte_offset), XESIM_AU_SRC(src0),
                                 XESIM_AU_SRC(src1), props, loc);
}

// Device accessor (T from the first operand; props).
template <atomic_op Op, class OffT, class S0, XESIM_AU_T(S0), int N = detail::au_len<S0>(),
          class AccessorT, class Props = empty_properties_t,
          XESIM_AU1_OK(detail::acc_rw_v<AccessorT>&& detail::props_v<Props>)>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, OffT byte_offset, S0 src0, simd_mask<N> mask,
                                      Props props = {}, XESIM_LOC) {
  return atomic_update<Op, T, N>(acc, XESIM_AU_OFF(byte_offset), XESIM_AU_SRC(src0), mask, props,
                                 loc);
}
template <atomic_op Op, class OffT, class S0, XESIM_AU_T(S0), int N = detail::au_len<S0>(),
          class AccessorT, class Props = empty_properties_t,
          XESIM_AU1_OK(detail::acc_rw_v<AccessorT>&& detail::props_v<Props>)>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, OffT byte_offset, S0 src0, Props props = {},
                                      XESIM_LOC) {
  return atomic_update<Op, T, N>(acc, XESIM_AU_OFF(byte_offset), XESIM_AU_SRC(src0), props, loc);
}
template <atomic_op Op, class OffT, class S0, class S1, XESIM_AU_T(S0),
          int N = detail::au_len<S0>(), class AccessorT, class Props = empty_properties_t,
          XESIM_AU2_OK(detail::acc_rw_v<AccessorT>&& detail::props_v<Props>)>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, OffT byte_offset, S0 src0, S1 src1,
                                      simd_mask<N> mask, Props props = {}, XESIM_LOC) {
  return atomic_update<Op, T, N>(acc, XESIM_AU_OFF(byte_offset), XESIM_AU_SRC(src0),
                                 XESIM_AU_SRC(src1), mask, props, loc);
}
template <atomic_op Op, class OffT, class S0, class S1, XESIM_AU_T(S0),
          int N = detail::au_len<S0>(), class AccessorT, class Props = empty_properties_t,
          XESIM_AU2_OK(detail::acc_rw_v<AccessorT>&& detail::props_v<Props>)>
XESIM_INLINE simd<T, N> atomic_update(AccessorT acc, OffT byte_offset, S0 src0, S1 src1,
                                      Props props = {}, XESIM_LOC) {
  return atomic_update<Op, T, N>(acc, XESIM_AU_OFF(byte_offset), XESIM_AU_SRC(src0),
                                 XESIM_AU_SRC(src1), props, loc);
}

// Local accessor and SLM (T from the first operand; no props; mask defaults to all lanes).
template <atomic_op Op, class OffT, class S0, XESIM_AU_T(S0), int N = detail::au_len<S0>(),
          class AccessorT, XESIM_AU1_OK(detail::lacc_rw_v<AccessorT>)>
XESIM_INLINE simd<T, N> atomic_update(AccessorT lacc, OffT byte_offset, S0 src0,
                                      simd_mask<N> mask = 1, XESIM_LOC) {
  return atomic_update<Op, T, N>(lacc, simd<uint32_t, N>(XESIM_AU_OFF(byte_offset)),
                                 XESIM_AU_SRC(src0), mask, loc);
}
template <atomic_op Op, class OffT, class S0, class S1, XESIM_AU_T(S0),
          int N = detail::au_len<S0>(), class AccessorT, XESIM_AU2_OK(detail::lacc_rw_v<AccessorT>)>
XESIM_INLINE simd<T, N> atomic_update(AccessorT lacc, OffT byte_offset, S0 src0, S1 src1,
                                      simd_mask<N> mask = 1, XESIM_LOC) {
  return atomic_update<Op, T, N>(lacc, simd<uint32_t, N>(XESIM_AU_OFF(byte_offset)),
                                 XESIM_AU_SRC(src0), XESIM_AU_SRC(src1), mask, loc);
}
/// atomic_update<Op>(lacc, offsets_view, simd<T, N> src0[, src1][, mask]).
template <atomic_op Op, class OffsetViewT, class T, int N, class AccessorT,
          std::enable_if_t<detail::get_num_args<Op>() == 1 && detail::view_v<OffsetViewT> &&
                               detail::lacc_rw_v<AccessorT>,
                           int> = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT lacc, OffsetViewT byte_offset, simd<T, N> src0,
                                      simd_mask<N> mask = 1, XESIM_LOC) {
  static_assert(N == XESIM_VLEN(OffsetViewT),
                "Size of src0 parameter must correspond to the size of byte_offset parameter.");
  return atomic_update<Op, T, N>(lacc, simd<uint32_t, N>(byte_offset.read()), src0, mask, loc);
}
template <atomic_op Op, class OffsetViewT, class T, int N, class AccessorT,
          std::enable_if_t<detail::get_num_args<Op>() == 2 && detail::view_v<OffsetViewT> &&
                               detail::lacc_rw_v<AccessorT>,
                           int> = 0>
XESIM_INLINE simd<T, N> atomic_update(AccessorT lacc, OffsetViewT byte_offset, simd<T, N> src0,
                                      simd<T, N> src1, simd_mask<N> mask = 1, XESIM_LOC) {
  static_assert(N == XESIM_VLEN(OffsetViewT),
                "Size of src1 and src0 parameters must correspond to the size of byte_offset.");
  return atomic_update<Op, T, N>(lacc, simd<uint32_t, N>(byte_offset.read()), src0, src1, mask,
                                 loc);
}
/// slm_atomic_update<Op>(offsets, src0[, src1][, mask]), an operand a view.
template <atomic_op Op, class OffT, class S0, XESIM_AU_T(S0), int N = detail::au_len<S0>(),
          XESIM_AU1_OK(true)>
XESIM_INLINE simd<T, N> slm_atomic_update(OffT byte_offset, S0 src0, simd_mask<N> mask = 1,
                                          XESIM_LOC) {
  return slm_atomic_update<Op, T, N>(simd<uint32_t, N>(XESIM_AU_OFF(byte_offset)),
                                     XESIM_AU_SRC(src0), mask, loc);
}
template <atomic_op Op, class OffT, class S0, class S1, XESIM_AU_T(S0),
          int N = detail::au_len<S0>(), XESIM_AU2_OK(true)>
XESIM_INLINE simd<T, N> slm_atomic_update(OffT byte_offset, S0 src0, S1 src1, simd_mask<N> mask = 1,
                                          XESIM_LOC) {
  return slm_atomic_update<Op, T, N>(simd<uint32_t, N>(XESIM_AU_OFF(byte_offset)),
                                     XESIM_AU_SRC(src0), XESIM_AU_SRC(src1), mask, loc);
}

#undef XESIM_AU1_OK
#undef XESIM_AU2_OK
#undef XESIM_AU_OFF
#undef XESIM_AU_SRC
#undef XESIM_AU_T

#undef XESIM_LOC
#undef XESIM_VLEN
#undef XESIM_V_OK
#undef XESIM_VV_OK
#undef XESIM_ELEM
#undef XESIM_ANY_ACC
#undef XESIM_AV_OK
#undef XESIM_AVV_OK

}  // namespace xesim::esimd
