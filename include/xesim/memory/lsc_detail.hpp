// What the experimental lsc_* functions share: the fence enums of the experimental namespace,
// DPC++'s compile-time rules for LSC vector sizes and data sizes, the property list a pair of
// template cache hints stands for, and the data-size conversions (u8u32, u16u32, u16u32h) that an
// LSC message applies between memory and registers. No memory access lives here: every lsc_*
// function forwards to the core of the matching ESIMD operation (block.hpp, gather.hpp, slm*.hpp,
// atomic.hpp, prefetch.hpp), which holds the port, the checks and the counters.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "xesim/memory/lsc_types.hpp"
#include "xesim/memory/properties.hpp"
#include "xesim/simd/simd.hpp"

namespace xesim::esimd {

namespace detail {
/// DPC++'s dqword_element_aligned_tag, the default flag of lsc_block_load/store: the address is
/// aligned to the element, at least to 4 bytes (an LSC block moves 4- or 8-byte units).
struct dqword_element_aligned_tag {
  template <class VT, class ET = flag_elem_t<VT>>
  static constexpr unsigned alignment = sizeof(ET) > 4 ? sizeof(ET) : 4;
};
inline constexpr dqword_element_aligned_tag dqword_element_aligned = {};
}  // namespace detail
template <>
struct is_simd_flag_type<detail::dqword_element_aligned_tag> : std::true_type {};

namespace xesim_experimental {

// ------------------------------ lsc_scope / lsc_fence_op / lsc_memory_kind
/// Who must observe the writes before an lsc_fence completes (DPC++'s numbering).
enum class lsc_scope : uint8_t {
  group = 0,
  local = 1,
  tile = 2,
  gpu = 3,
  gpus = 4,
  system = 5,
  sysacq = 6
};
/// The cache operation an lsc_fence applies (no effect on the CPU).
enum class lsc_fence_op : uint8_t {
  none = 0,
  evict = 1,
  invalidate = 2,
  discard = 3,
  clean = 4,
  flushl3 = 5
};
/// The memory an lsc_fence orders.
enum class lsc_memory_kind : uint8_t {
  untyped_global = 0,
  untyped_global_low_pri = 1,
  typed_global = 2,
  shared_local = 3
};

namespace detail {
using ::xesim::esimd::detail::lsc_data_size;

// ------------------------------ LSC compile-time rules
/// DPC++'s check_lsc_vector_size: the elements per address (NElts) an LSC message can carry.
template <int VS>
constexpr void check_lsc_vector_size() {
  static_assert(
      VS == 1 || VS == 2 || VS == 3 || VS == 4 || VS == 8 || VS == 16 || VS == 32 || VS == 64,
      "Unsupported vector size: NElts must be 1, 2, 3, 4, 8, 16, 32 or 64");
}

/// DPC++'s check_lsc_data_size: which data sizes each element size accepts.
template <class T, lsc_data_size DS>
constexpr void check_lsc_data_size() {
  using D = lsc_data_size;
  static_assert(
      DS != D::default_size || sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
      "Unsupported data type");
  static_assert(DS == D::default_size || (sizeof(T) == 1 && (DS == D::u8 || DS == D::u8u32)) ||
                    (sizeof(T) == 2 && (DS == D::u16 || DS == D::u16u32 || DS == D::u16u32h)) ||
                    (sizeof(T) == 4 &&
                     (DS == D::u32 || DS == D::u8u32 || DS == D::u16u32 || DS == D::u16u32h)) ||
                    (sizeof(T) == 8 && DS == D::u64),
                "Data type does not match data size: 1-byte T takes u8, u8u32; 2-byte T u16, "
                "u16u32, u16u32h; 4-byte T u32, u8u32, u16u32, u16u32h; 8-byte T u64");
}

/// DPC++'s finalize_data_size: the data size a message uses (default_size: sizeof(T)).
template <class T, lsc_data_size DS>
constexpr lsc_data_size finalize_data_size() {
  check_lsc_data_size<T, DS>();
  if constexpr (DS != lsc_data_size::default_size)
    return DS;
  else if constexpr (sizeof(T) == 1)
    return lsc_data_size::u8;
  else if constexpr (sizeof(T) == 2)
    return lsc_data_size::u16;
  else if constexpr (sizeof(T) == 4)
    return lsc_data_size::u32;
  else
    return lsc_data_size::u64;
}

/// Bytes one element occupies in memory under data size DS.
template <class T, lsc_data_size DS>
constexpr int lsc_mem_bytes() {
  constexpr lsc_data_size D = finalize_data_size<T, DS>();
  if constexpr (D == lsc_data_size::u8 || D == lsc_data_size::u8u32)
    return 1;
  else if constexpr (D == lsc_data_size::u32)
    return 4;
  else if constexpr (D == lsc_data_size::u64)
    return 8;
  else
    return 2;
}

/// The unsigned integer of B bytes: what the core moves when the data size narrows T.
template <int B>
using lsc_uint_t = std::conditional_t<
    B == 1, uint8_t,
    std::conditional_t<B == 2, uint16_t, std::conditional_t<B == 4, uint32_t, uint64_t>>>;

/// Whether data size DS moves T unchanged (memory element == register element).
template <class T, lsc_data_size DS>
inline constexpr bool lsc_is_plain =
    lsc_mem_bytes<T, DS>() == static_cast<int>(sizeof(T)) && DS != lsc_data_size::u16u32h;

/// The element type the core moves: T itself, or the narrow unsigned integer of memory.
template <class T, lsc_data_size DS>
using lsc_mem_t = std::conditional_t<lsc_is_plain<T, DS>, T, lsc_uint_t<lsc_mem_bytes<T, DS>()>>;

/// Memory element -> register element T. u8u32/u16u32 zero-extend to 32 bits, u16u32h puts the
/// 16 bits in the high half; the register is then read as T (its low sizeof(T) bytes, as DPC++'s
/// lsc_format_ret does: a 2-byte T under u16u32h reads the empty low half, 0).
template <class T, lsc_data_size DS, class M>
XESIM_INLINE T lsc_widen(M m) {
  uint32_t reg = static_cast<uint32_t>(m);
  if constexpr (DS == lsc_data_size::u16u32h) reg <<= 16;
  using U = lsc_uint_t<static_cast<int>(sizeof(T))>;
  const U u = static_cast<U>(reg);
  T v;
  std::memcpy(static_cast<void*>(&v), &u, sizeof(T));
  return v;
}
/// Register element T -> memory element: the low 8/16 bits (u8u32/u16u32), the high 16 of the
/// 32-bit register (u16u32h; a 2-byte T is zero-extended first, so it stores 0).
template <class T, lsc_data_size DS, class M>
XESIM_INLINE M lsc_narrow(T v) {
  lsc_uint_t<static_cast<int>(sizeof(T))> u;
  std::memcpy(&u, static_cast<const void*>(&v), sizeof(T));
  uint32_t reg = static_cast<uint32_t>(u);
  if constexpr (DS == lsc_data_size::u16u32h) reg >>= 16;
  return static_cast<M>(reg);
}

/// The result of a converting gather: r (memory elements, masked-off lanes 0) widened to T;
/// masked-off lanes (L lanes, NElts elements each at [j*L + i]) take pass_thru when given.
template <class T, lsc_data_size DS, int L, int NElts, class M>
XESIM_INLINE simd<T, L * NElts> lsc_widen_all(const simd<M, L * NElts>& r, const simd_mask<L>& pred,
                                              const simd<T, L * NElts>* pass_thru) {
  simd<T, L * NElts> out;
  for (int k = 0; k < L * NElts; ++k) out.elems()[k] = lsc_widen<T, DS>(r.elems()[k]);
  if (pass_thru)
    for (int i = 0; i < L; ++i)
      if (!pred.elems()[i])
        for (int j = 0; j < NElts; ++j) out.elems()[j * L + i] = pass_thru->elems()[j * L + i];
  return out;
}
template <class T, lsc_data_size DS, int K, class M>
XESIM_INLINE simd<M, K> lsc_narrow_all(const simd<T, K>& v) {
  simd<M, K> out;
  for (int k = 0; k < K; ++k) out.elems()[k] = lsc_narrow<T, DS, M>(v.elems()[k]);
  return out;
}

// ------------------------------ cache hints as template arguments
/// The property list that the experimental L1H / L3H template hints stand for. DPC++ reads the
/// old "L3" hint as today's L2 hint (check_lsc_cache_hint<Action, L1, L3> checks {L1, L2}).
template <cache_hint L1H, cache_hint L2H, int Align = 0>
struct lsc_props {
  using type = std::conditional_t<
      Align == 0, properties<cache_hint_L1_key::value_t<L1H>, cache_hint_L2_key::value_t<L2H>>,
      properties<alignment_key::value_t<Align>, cache_hint_L1_key::value_t<L1H>,
                 cache_hint_L2_key::value_t<L2H>>>;
};
template <cache_hint L1H, cache_hint L2H, int Align = 0>
using lsc_props_t = typename lsc_props<L1H, L2H, Align>::type;

/// DPC++'s check_lsc_cache_hint<Action, L1H, L3H>: the legal {L1, L2} table of the action.
template <::xesim::esimd::detail::cache_action A, cache_hint L1H, cache_hint L2H>
constexpr void check_lsc_cache_hint() {
  ::xesim::esimd::detail::check_cache_hints<A, lsc_props_t<L1H, L2H>>();
}

template <class V>
inline constexpr bool lsc_view_v = ::xesim::esimd::detail::is_simd_view_v<V>;

}  // namespace detail
}  // namespace xesim_experimental
}  // namespace xesim::esimd
