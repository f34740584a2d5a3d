// lsc_atomic_update / lsc_slm_atomic_update / lsc_fence (sycl::ext::intel::experimental::esimd)
// and the current atomic_update forms taking native::lsc::atomic_op (sycl::ext::intel::esimd).
// Each forwards to atomic_update_core (atomic.hpp) or slm_atomic_update_core (slm_atomic.hpp),
// where the element-type rules, the cache-hint table and the port live; lsc_fence forwards to
// fence<memory_kind, fence_flush_op, fence_scope> (sync.hpp).
// Operand order: lsc_atomic_update's two-operand ops (cmpxchg, fcmpxchg) take the expected value
// first and the new value second; atomic_update<atomic_op> takes them the other way round, and
// atomic_update<native::lsc::atomic_op> swaps them into lsc order, as DPC++ does.
#pragma once

#include "xesim/memory/accessor_common.hpp"
#include "xesim/memory/atomic.hpp"
#include "xesim/memory/lsc_detail.hpp"
#include "xesim/memory/slm_atomic.hpp"
#include "xesim/memory/sync.hpp"

namespace xesim::esimd {

namespace native::lsc {
/// LSC atomic operation codes (DPC++'s numbering): atomic_update<native::lsc::atomic_op::inc>
/// is lsc_atomic_update<atomic_op::inc> with default data size and cache hints.
enum class atomic_op : uint8_t {
  inc = 0x08,
  dec = 0x09,
  load = 0x0a,
  store = 0x0b,
  add = 0x0c,
  sub = 0x0d,
  smin = 0x0e,
  smax = 0x0f,
  umin = 0x10,
  umax = 0x11,
  cmpxchg = 0x12,
  fadd = 0x13,
  fsub = 0x14,
  fmin = 0x15,
  fmax = 0x16,
  fcmpxchg = 0x17,
  bit_and = 0x18,
  bit_or = 0x19,
  bit_xor = 0x1a,
};
}  // namespace native::lsc

namespace detail {
/// The atomic_op a native::lsc::atomic_op stands for (DPC++'s to_atomic_op).
template <native::lsc::atomic_op Op>
constexpr atomic_op to_atomic_op() {
  using L = native::lsc::atomic_op;
  switch (Op) {
    case L::inc:
      return atomic_op::inc;
    case L::dec:
      return atomic_op::dec;
    case L::load:
      return atomic_op::load;
    case L::store:
      return atomic_op::store;
    case L::add:
      return atomic_op::add;
    case L::sub:
      return atomic_op::sub;
    case L::smin:
      return atomic_op::smin;
    case L::smax:
      return atomic_op::smax;
    case L::umin:
      return atomic_op::umin;
    case L::umax:
      return atomic_op::umax;
    case L::cmpxchg:
      return atomic_op::cmpxchg;
    case L::fadd:
      return atomic_op::fadd;
    case L::fsub:
      return atomic_op::fsub;
    case L::fmin:
      return atomic_op::fmin;
    case L::fmax:
      return atomic_op::fmax;
    case L::fcmpxchg:
      return atomic_op::fcmpxchg;
    case L::bit_and:
      return atomic_op::bit_and;
    case L::bit_or:
      return atomic_op::bit_or;
    case L::bit_xor:
      return atomic_op::bit_xor;
  }
  return atomic_op::inc;
}
template <native::lsc::atomic_op Op>
constexpr int get_num_args() {
  return get_num_args<to_atomic_op<Op>()>();
}
}  // namespace detail

namespace xesim_experimental {
using ::xesim::esimd::atomic_op;

namespace detail {
namespace xd = ::xesim::esimd::detail;
/// Data sizes an LSC atomic accepts here: the element's own (default_size or sizeof(T)). A
/// narrowing size (u16u32 on a 4-byte T, ...) is refused: xesim does not emulate it.
template <class T, lsc_data_size DS>
constexpr void check_lsc_atomic_data_size() {
  check_lsc_data_size<T, DS>();
  static_assert(lsc_is_plain<T, DS>,
                "lsc_atomic_update / lsc_slm_atomic_update with a data size narrower than T "
                "(u8u32, u16u32, u16u32h) is not emulated by xesim; use default_size");
}
/// The rules lsc_slm_atomic_update adds (DPC++): 2- or 4-byte T (8-byte only for cmpxchg), no
/// fadd/fsub on SLM.
template <atomic_op Op, class T, int NumSrc>
constexpr void check_lsc_slm_atomic() {
  if constexpr (NumSrc == 1)
    static_assert(Op != atomic_op::fadd && Op != atomic_op::fsub,
                  "fadd and fsub are not supported for slm.");
  if constexpr (NumSrc == 2)
    static_assert(sizeof(T) == 2 || sizeof(T) == 4 || (Op == atomic_op::cmpxchg && sizeof(T) == 8),
                  "Unsupported data type: lsc_slm_atomic_update takes 2- or 4-byte T (8-byte "
                  "for cmpxchg)");
  else
    static_assert(sizeof(T) == 2 || sizeof(T) == 4,
                  "Unsupported data type: lsc_slm_atomic_update takes 2- or 4-byte T");
}
template <atomic_op Op, class T, int N, lsc_data_size DS, int NumSrc>
XESIM_INLINE simd<T, N> lsc_slm_atomic_impl(const simd<uint32_t, N>& offs, const simd<T, N>* snew,
                                            const simd<T, N>* sexp, const simd_mask<N>& pred,
                                            const std::source_location& loc) {
  check_lsc_slm_atomic<Op, T, NumSrc>();
  check_lsc_atomic_data_size<T, DS>();
  xd::check_atomic<Op, T, NumSrc>();
  return xd::slm_atomic_update_core<Op, T, N>(offs, snew, sexp, pred, loc);
}
template <atomic_op Op, class T, int N, lsc_data_size DS, cache_hint L1H, cache_hint L2H,
          int NumSrc, class OffsetT>
XESIM_INLINE simd<T, N> lsc_atomic_impl(T* p, const simd<OffsetT, N>& offs, const simd<T, N>* snew,
                                        const simd<T, N>* sexp, const simd_mask<N>& pred,
                                        const std::source_location& loc) {
  check_lsc_atomic_data_size<T, DS>();
  xd::check_atomic<Op, T, NumSrc>();
  return xd::atomic_update_core<Op, T, N, lsc_props_t<L1H, L2H>>(p, offs, snew, sexp, pred, loc);
}
}  // namespace detail

#define XESIM_LA_TPARAMS                                                         \
  atomic_op Op, class T, int N, lsc_data_size DS = lsc_data_size::default_size,  \
                                              cache_hint L1H = cache_hint::none, \
                                              cache_hint L3H = cache_hint::none
#define XESIM_LA_NARGS(K) (::xesim::esimd::detail::get_num_args<Op>() == K)
#define XESIM_LA_IMPL(K) detail::lsc_atomic_impl<Op, T, N, DS, L1H, L3H, K>
#define XESIM_LOC std::source_location loc = std::source_location::current()
#define XESIM_XD ::xesim::esimd::detail

// ------------------------------ lsc_slm_atomic_update
/// Atomically applies Op to SLM offsets[i] per enabled lane; returns the old values (0 in
/// masked-off lanes). Two-operand ops: src0 is the expected value, src1 the new one.
/// T: 2 or 4 bytes (8 for cmpxchg); no fadd/fsub. Pre: naturally aligned, inside the initialised
/// SLM (slm-out-of-range). HW: lsc_atomic_<op>.slm. Platforms: DG2, PVC, Xe2.
template <atomic_op Op, class T, int N, lsc_data_size DS = lsc_data_size::default_size>
XESIM_INLINE simd<T, N> lsc_slm_atomic_update(simd<uint32_t, N> offsets, simd_mask<N> pred,
                                              XESIM_LOC) {
  return detail::lsc_slm_atomic_impl<Op, T, N, DS, 0>(offsets, nullptr, nullptr, pred, loc);
}
template <atomic_op Op, class T, int N, lsc_data_size DS = lsc_data_size::default_size>
XESIM_INLINE simd<T, N> lsc_slm_atomic_update(simd<uint32_t, N> offsets, simd<T, N> src0,
                                              simd_mask<N> pred, XESIM_LOC) {
  return detail::lsc_slm_atomic_impl<Op, T, N, DS, 1>(offsets, &src0, nullptr, pred, loc);
}
template <atomic_op Op, class T, int N, lsc_data_size DS = lsc_data_size::default_size>
XESIM_INLINE simd<T, N> lsc_slm_atomic_update(simd<uint32_t, N> offsets, simd<T, N> src0,
                                              simd<T, N> src1, simd_mask<N> pred, XESIM_LOC) {
  return detail::lsc_slm_atomic_impl<Op, T, N, DS, 2>(offsets, &src1, &src0, pred, loc);
}

// ------------------------------ lsc_atomic_update (USM)
/// Atomically applies Op to p + offsets[i] per enabled lane; returns the old values (0 in
/// masked-off lanes). Simd offsets need the predicate (as in DPC++); view and scalar offsets
/// default it to all lanes (scalar store/xchg only with N == 1). Types as atomic_update; L1H/L3H
/// from the atomic table. Pre: naturally aligned. HW: lsc_atomic_<op>.ugm. Platforms: DG2, PVC.
template <XESIM_LA_TPARAMS, class Toffset, std::enable_if_t<XESIM_LA_NARGS(0), int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(T* p, simd<Toffset, N> offsets, simd_mask<N> pred,
                                          XESIM_LOC) {
  return XESIM_LA_IMPL(0)(p, offsets, nullptr, nullptr, pred, loc);
}
template <XESIM_LA_TPARAMS, class Toffset,
          std::enable_if_t<XESIM_LA_NARGS(0) && std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(T* p, Toffset offset, simd_mask<N> pred = 1, XESIM_LOC) {
  return XESIM_LA_IMPL(0)(p, simd<Toffset, N>(offset), nullptr, nullptr, pred, loc);
}
template <XESIM_LA_TPARAMS, class Toffset, std::enable_if_t<XESIM_LA_NARGS(1), int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(T* p, simd<Toffset, N> offsets, simd<T, N> src0,
                                          simd_mask<N> pred, XESIM_LOC) {
  return XESIM_LA_IMPL(1)(p, offsets, &src0, nullptr, pred, loc);
}
template <XESIM_LA_TPARAMS, class OffsetViewT,
          std::enable_if_t<XESIM_LA_NARGS(1) && detail::lsc_view_v<OffsetViewT>, int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(T* p, OffsetViewT offsets, simd<T, N> src0,
                                          simd_mask<N> pred = 1, XESIM_LOC) {
  return XESIM_LA_IMPL(1)(p, offsets.read(), &src0, nullptr, pred, loc);
}
template <XESIM_LA_TPARAMS, class Toffset,
          std::enable_if_t<XESIM_LA_NARGS(1) && std::is_integral_v<Toffset> &&
                               ((Op != atomic_op::store && Op != atomic_op::xchg) || N == 1),
                           int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(T* p, Toffset offset, simd<T, N> src0,
                                          simd_mask<N> pred = 1, XESIM_LOC) {
  return XESIM_LA_IMPL(1)(p, simd<Toffset, N>(offset), &src0, nullptr, pred, loc);
}
template <XESIM_LA_TPARAMS, class Toffset, std::enable_if_t<XESIM_LA_NARGS(2), int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(T* p, simd<Toffset, N> offsets, simd<T, N> src0,
                                          simd<T, N> src1, simd_mask<N> pred, XESIM_LOC) {
  return XESIM_LA_IMPL(2)(p, offsets, &src1, &src0, pred, loc);
}
template <XESIM_LA_TPARAMS, class OffsetViewT,
          std::enable_if_t<XESIM_LA_NARGS(2) && detail::lsc_view_v<OffsetViewT>, int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(T* p, OffsetViewT offsets, simd<T, N> src0,
                                          simd<T, N> src1, simd_mask<N> pred = 1, XESIM_LOC) {
  return XESIM_LA_IMPL(2)(p, offsets.read(), &src1, &src0, pred, loc);
}
template <XESIM_LA_TPARAMS, class Toffset,
          std::enable_if_t<XESIM_LA_NARGS(2) && std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(T* p, Toffset offset, simd<T, N> src0, simd<T, N> src1,
                                          simd_mask<N> pred = 1, XESIM_LOC) {
  return XESIM_LA_IMPL(2)(p, simd<Toffset, N>(offset), &src1, &src0, pred, loc);
}

// ------------------------------ lsc_atomic_update (device and local accessors)
/// Device accessor: as the USM form from the buffer's first byte (load needs only a readable
/// accessor, the others read-write). Local accessor: lsc_slm_atomic_update at its SLM offset.
template <XESIM_LA_TPARAMS, class AccessorTy, class Toffset,
          std::enable_if_t<XESIM_XD::acc_read_v<AccessorTy> &&
                               (Op == atomic_op::load || XESIM_XD::acc_write_v<AccessorTy>),
                           int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(AccessorTy acc, simd<Toffset, N> offsets,
                                          simd_mask<N> pred, XESIM_LOC) {
  return XESIM_LA_IMPL(0)(XESIM_XD::acc_ptr<T>(acc, 0), offsets, nullptr, nullptr, pred, loc);
}
template <XESIM_LA_TPARAMS, class AccessorTy, class Toffset,
          std::enable_if_t<XESIM_XD::acc_rw_v<AccessorTy>, int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(AccessorTy acc, simd<Toffset, N> offsets, simd<T, N> src0,
                                          simd_mask<N> pred, XESIM_LOC) {
  return XESIM_LA_IMPL(1)(XESIM_XD::acc_ptr<T>(acc, 0), offsets, &src0, nullptr, pred, loc);
}
template <XESIM_LA_TPARAMS, class AccessorTy, class Toffset,
          std::enable_if_t<XESIM_XD::acc_rw_v<AccessorTy>, int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(AccessorTy acc, simd<Toffset, N> offsets, simd<T, N> src0,
                                          simd<T, N> src1, simd_mask<N> pred, XESIM_LOC) {
  return XESIM_LA_IMPL(2)(XESIM_XD::acc_ptr<T>(acc, 0), offsets, &src1, &src0, pred, loc);
}
template <XESIM_LA_TPARAMS, class AccessorTy,
          std::enable_if_t<XESIM_XD::lacc_rw_v<AccessorTy>, int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(AccessorTy acc, simd<uint32_t, N> offsets,
                                          simd_mask<N> pred, XESIM_LOC) {
  return lsc_slm_atomic_update<Op, T, N, DS>(offsets + XESIM_XD::lacc_off(acc, 0), pred, loc);
}
template <XESIM_LA_TPARAMS, class AccessorTy,
          std::enable_if_t<XESIM_XD::lacc_rw_v<AccessorTy>, int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(AccessorTy acc, simd<uint32_t, N> offsets,
                                          simd<T, N> src0, simd_mask<N> pred, XESIM_LOC) {
  return lsc_slm_atomic_update<Op, T, N, DS>(offsets + XESIM_XD::lacc_off(acc, 0), src0, pred, loc);
}
template <XESIM_LA_TPARAMS, class AccessorTy,
          std::enable_if_t<XESIM_XD::lacc_rw_v<AccessorTy>, int> = 0>
XESIM_INLINE simd<T, N> lsc_atomic_update(AccessorTy acc, simd<uint32_t, N> offsets,
                                          simd<T, N> src0, simd<T, N> src1, simd_mask<N> pred,
                                          XESIM_LOC) {
  return lsc_slm_atomic_update<Op, T, N, DS>(offsets + XESIM_XD::lacc_off(acc, 0), src0, src1, pred,
                                             loc);
}

// ------------------------------ lsc_fence
/// Orders this work-item's memory accesses of Kind (every access before it is visible to other
/// work-items before any after it). On the CPU a full fence whatever the arguments. Deprecated
/// in DPC++ for fence<memory_kind, fence_flush_op, fence_scope>(). SLM fences need
/// FenceOp == none and Scope == group; untyped_global_low_pri is refused, as in DPC++.
/// HW: lsc_fence.<ugm|ugml|tgm|slm>.<op>.<scope>. Platforms: DG2, PVC, Xe2.
template <lsc_memory_kind Kind = lsc_memory_kind::untyped_global,
          lsc_fence_op FenceOp = lsc_fence_op::none, lsc_scope Scope = lsc_scope::group, int N = 16>
XESIM_INLINE void lsc_fence(simd_mask<N> pred = 1) {
  static_assert(Kind != lsc_memory_kind::shared_local ||
                    (FenceOp == lsc_fence_op::none && Scope == lsc_scope::group),
                "SLM fence must have 'none' lsc_fence_op and 'group' scope");
  static_assert(
      Kind != lsc_memory_kind::untyped_global_low_pri,
      "lsc_memory_kind::untyped_global_low_pri is not supported in HW and/or GPU drivers");
  (void)pred;
  constexpr memory_kind kKind = Kind == lsc_memory_kind::shared_local   ? memory_kind::local
                                : Kind == lsc_memory_kind::typed_global ? memory_kind::image
                                                                        : memory_kind::global;
  ::xesim::esimd::fence<kKind, fence_flush_op::none, static_cast<fence_scope>(Scope)>();
}

#undef XESIM_LA_TPARAMS
#undef XESIM_LA_NARGS
#undef XESIM_LA_IMPL
#undef XESIM_LOC

}  // namespace xesim_experimental

// ------------------------------ atomic_update<native::lsc::atomic_op>
/// The current spelling of lsc_atomic_update with default data size and cache hints:
/// atomic_update<native::lsc::atomic_op::Op, T, N>(p | acc, offsets, [src0, [src1,]] mask).
/// Two-operand ops take src0 = new value, src1 = expected (as atomic_update<atomic_op>).
#define XESIM_NA(K) \
  std::enable_if_t<detail::get_num_args<Op>() == K && std::is_integral_v<Toffset>, int> = 0
#define XESIM_NA_VIEW(K) \
  std::enable_if_t<detail::get_num_args<Op>() == K && detail::is_simd_view_v<OffsetViewT>, int> = 0
#define XESIM_NA_ACC(K) \
  std::enable_if_t<detail::get_num_args<Op>() == K && !std::is_pointer_v<AccessorTy>, int> = 0
#define XESIM_ENS xesim_experimental::lsc_atomic_update<detail::to_atomic_op<Op>(), T, N>
#define XESIM_LOC std::source_location loc = std::source_location::current()
template <native::lsc::atomic_op Op, class T, int N, class Toffset, XESIM_NA(0)>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<Toffset, N> offset, simd_mask<N> mask, XESIM_LOC) {
  return XESIM_ENS(p, offset, mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class OffsetViewT, XESIM_NA_VIEW(0)>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffsetViewT offsets, simd_mask<N> mask = 1, XESIM_LOC) {
  return XESIM_ENS(p, offsets.read(), mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class Toffset, XESIM_NA(0)>
XESIM_INLINE simd<T, N> atomic_update(T* p, Toffset offset, simd_mask<N> mask = 1, XESIM_LOC) {
  return XESIM_ENS(p, offset, mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class Toffset, XESIM_NA(1)>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<Toffset, N> offset, simd<T, N> src0,
                                      simd_mask<N> mask, XESIM_LOC) {
  return XESIM_ENS(p, offset, src0, mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class OffsetViewT, XESIM_NA_VIEW(1)>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffsetViewT offsets, simd<T, N> src0,
                                      simd_mask<N> mask = 1, XESIM_LOC) {
  return XESIM_ENS(p, offsets, src0, mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class Toffset, XESIM_NA(1)>
XESIM_INLINE simd<T, N> atomic_update(T* p, Toffset offset, simd<T, N> src0, simd_mask<N> mask = 1,
                                      XESIM_LOC) {
  return XESIM_ENS(p, offset, src0, mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class Toffset, XESIM_NA(2)>
XESIM_INLINE simd<T, N> atomic_update(T* p, simd<Toffset, N> offset, simd<T, N> src0,
                                      simd<T, N> src1, simd_mask<N> mask, XESIM_LOC) {
  return XESIM_ENS(p, offset, src1, src0, mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class OffsetViewT, XESIM_NA_VIEW(2)>
XESIM_INLINE simd<T, N> atomic_update(T* p, OffsetViewT offsets, simd<T, N> src0, simd<T, N> src1,
                                      simd_mask<N> mask = 1, XESIM_LOC) {
  return XESIM_ENS(p, offsets, src1, src0, mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class Toffset, XESIM_NA(2)>
XESIM_INLINE simd<T, N> atomic_update(T* p, Toffset offset, simd<T, N> src0, simd<T, N> src1,
                                      simd_mask<N> mask = 1, XESIM_LOC) {
  return XESIM_ENS(p, offset, src1, src0, mask, loc);
}
/// Accessor forms (device or local accessor, simd offsets).
template <native::lsc::atomic_op Op, class T, int N, class Toffset, class AccessorTy,
          XESIM_NA_ACC(0)>
XESIM_INLINE simd<T, N> atomic_update(AccessorTy acc, simd<Toffset, N> offset, simd_mask<N> mask,
                                      XESIM_LOC) {
  return XESIM_ENS(acc, offset, mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class Toffset, class AccessorTy,
          XESIM_NA_ACC(1)>
XESIM_INLINE simd<T, N> atomic_update(AccessorTy acc, simd<Toffset, N> offset, simd<T, N> src0,
                                      simd_mask<N> mask, XESIM_LOC) {
  return XESIM_ENS(acc, offset, src0, mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class Toffset, class AccessorTy,
          XESIM_NA_ACC(2)>
XESIM_INLINE simd<T, N> atomic_update(AccessorTy acc, simd<Toffset, N> offset, simd<T, N> src0,
                                      simd<T, N> src1, simd_mask<N> mask, XESIM_LOC) {
  return XESIM_ENS(acc, offset, src1, src0, mask, loc);
}
/// Accessor forms with one scalar offset for every lane (Intel's *_scalar_off tests).
#define XESIM_NA_ACC_SCALAR(K)                                                             \
  std::enable_if_t<detail::get_num_args<Op>() == K && !std::is_pointer_v<AccessorTy> &&    \
                       std::is_integral_v<Toffset>,                                        \
                   int> = 0
template <native::lsc::atomic_op Op, class T, int N, class Toffset, class AccessorTy,
          XESIM_NA_ACC_SCALAR(0)>
XESIM_INLINE simd<T, N> atomic_update(AccessorTy acc, Toffset offset, simd_mask<N> mask,
                                      XESIM_LOC) {
  return XESIM_ENS(acc, simd<Toffset, N>(offset), mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class Toffset, class AccessorTy,
          XESIM_NA_ACC_SCALAR(1)>
XESIM_INLINE simd<T, N> atomic_update(AccessorTy acc, Toffset offset, simd<T, N> src0,
                                      simd_mask<N> mask, XESIM_LOC) {
  return XESIM_ENS(acc, simd<Toffset, N>(offset), src0, mask, loc);
}
template <native::lsc::atomic_op Op, class T, int N, class Toffset, class AccessorTy,
          XESIM_NA_ACC_SCALAR(2)>
XESIM_INLINE simd<T, N> atomic_update(AccessorTy acc, Toffset offset, simd<T, N> src0,
                                      simd<T, N> src1, simd_mask<N> mask, XESIM_LOC) {
  return XESIM_ENS(acc, simd<Toffset, N>(offset), src1, src0, mask, loc);
}
#undef XESIM_NA_ACC_SCALAR
#undef XESIM_NA
#undef XESIM_NA_VIEW
#undef XESIM_NA_ACC
#undef XESIM_ENS
#undef XESIM_LOC
#undef XESIM_XD

}  // namespace xesim::esimd
