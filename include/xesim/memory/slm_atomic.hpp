// slm_atomic_update (slm-au0/1/2-1): per-lane atomic read-modify-write on the work-group's SLM,
// returning the old values. Same lane operations as atomic_update (atomic.hpp); every enabled
// lane is range-checked against the initialised SLM.
#pragma once

#include "xesim/memory/atomic.hpp"
#include "xesim/memory/slm.hpp"

namespace xesim::esimd {
namespace detail {

// ------------------------------ slm_atomic_update_core
/// Applies Op to each enabled lane's element at SLM byte_offset[i]; returns the old values
/// (0 in masked-off lanes, which never touch SLM). src0/src1 are null when Op takes fewer.
template <atomic_op Op, class T, int N>
XESIM_INLINE simd<T, N> slm_atomic_update_core(const simd<uint32_t, N>& byte_offset,
                                               const simd<T, N>* src0, const simd<T, N>* src1,
                                               const simd_mask<N>& mask,
                                               const std::source_location& loc = {}) {
  check_atomic<Op, T, get_num_args<Op>()>();
  simd_mask_elem_type ok[N];
  const simd_mask_elem_type* m =
      memory_port_lanes<N>({mem_op::atomic, mem_space::slm, nullptr, 0, sizeof(T), N, 1, sizeof(T),
                            nullptr, false, nullptr},
                           byte_offset, mask.elems(), ok, loc);
  const rt::item_state& it = slm_item("slm_atomic_update");
  simd<T, N> r(0);
  // Every enabled lane inside the SLM and aligned: plain read-modify-writes in lane order (no
  // other thread touches this SLM: unshared_lane); else the checked per-lane loop below.
  if (it.slm && lanes_within<N>(byte_offset.elems(), m, sizeof(T), it.slm_size)) [[likely]] {
    std::uint32_t bits = 0;
    for (int i = 0; i < N; ++i) bits |= m[i] ? byte_offset[i] : 0u;
    if (bits % sizeof(T) == 0) [[likely]] {
      std::byte* const slm = it.slm;  // a local: the lanes' stores cannot make it reload
      const T* s0 = src0 ? src0->elems() : nullptr;
      const T* s1 = src1 ? src1->elems() : nullptr;
#pragma GCC unroll 32
      for (int i = 0; i < N; ++i)
        if (m[i])
          r.elems()[i] =
              unshared_lane<Op, T>(slm + byte_offset[i], s0 ? s0[i] : T(0), s1 ? s1[i] : T(0));
      after_atomic<Op, T, N>(r, src1, m);
      return r;
    }
  }
  for (int i = 0; i < N; ++i) {
    if (!m[i]) continue;
    std::byte* a = slm_addr(it, byte_offset[i], sizeof(T), "slm_atomic_update");
    r.elems()[i] =
        atomic_lane<Op, T>(a, src0 ? src0->elems()[i] : T(0), src1 ? src1->elems()[i] : T(0));
  }
  after_atomic<Op, T, N>(r, src1, m);
  return r;
}

}  // namespace detail

#define XESIM_SA_OK(NSRC) std::enable_if_t<detail::get_num_args<Op>() == NSRC, int>
#define XESIM_SA_VIEW_OK(NSRC) \
  std::enable_if_t<detail::get_num_args<Op>() == NSRC && detail::view_v<OffsetViewT>, int>

// ------------------------------ slm_atomic_update
/// Atomically applies Op (inc, dec, load) to SLM byte_offset[i] for each enabled lane; returns
/// the old values (0 in masked-off lanes). Pre: naturally aligned, in the initialised SLM
/// (slm-out-of-range). HW: lsc_atomic_<op>.slm / dword atomic. Platforms: Gen12 (4-byte T,
/// N <= 32), DG2, PVC, Xe2.
template <atomic_op Op, class T, int N, XESIM_SA_OK(0) = 0>
XESIM_INLINE simd<T, N> slm_atomic_update(
    simd<uint32_t, N> byte_offset, simd_mask<N> mask = 1,
    std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(byte_offset, nullptr, nullptr, mask, loc);
}
/// One operand (add, sub, umin/umax, smin/smax, bit ops, xchg, store, fadd, fsub, fmin, fmax).
template <atomic_op Op, class T, int N, XESIM_SA_OK(1) = 0>
XESIM_INLINE simd<T, N> slm_atomic_update(
    simd<uint32_t, N> byte_offset, simd<T, N> src0, simd_mask<N> mask = 1,
    std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(byte_offset, &src0, nullptr, mask, loc);
}
/// Two operands (cmpxchg, fcmpxchg): if SLM[off] == src1 (expected) then SLM[off] = src0 (new).
template <atomic_op Op, class T, int N, XESIM_SA_OK(2) = 0>
XESIM_INLINE simd<T, N> slm_atomic_update(
    simd<uint32_t, N> byte_offset, simd<T, N> src0, simd<T, N> src1, simd_mask<N> mask = 1,
    std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(byte_offset, &src0, &src1, mask, loc);
}
/// Byte offsets given as a simd_view, T and N deduced from the operands.
template <atomic_op Op, class OffsetViewT, class T, int N, XESIM_SA_VIEW_OK(1) = 0>
XESIM_INLINE simd<T, N> slm_atomic_update(
    OffsetViewT byte_offset, simd<T, N> src0, simd_mask<N> mask = 1,
    std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(byte_offset.read(), &src0, nullptr, mask, loc);
}
template <atomic_op Op, class OffsetViewT, class T, int N, XESIM_SA_VIEW_OK(2) = 0>
XESIM_INLINE simd<T, N> slm_atomic_update(
    OffsetViewT byte_offset, simd<T, N> src0, simd<T, N> src1, simd_mask<N> mask = 1,
    std::source_location loc = std::source_location::current()) {
  return detail::slm_atomic_update_core<Op, T, N>(byte_offset.read(), &src0, &src1, mask, loc);
}

#undef XESIM_SA_OK
#undef XESIM_SA_VIEW_OK

}  // namespace xesim::esimd
