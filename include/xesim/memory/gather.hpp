// gather / scatter on USM pointers: per-lane byte offsets (simd, simd_view or one scalar),
// masks, pass-thru, VS elements per address (usm-ga-1..9, usm-sc-1..4). Each overload forwards to
// detail::gather_core / scatter_core, the single place that touches memory.
#pragma once

#include <cstring>

#include "xesim/memory/block.hpp"
#include "xesim/memory/gather_vec.hpp"

namespace xesim::esimd {
namespace detail {

// ------------------------------ gather/scatter checks
/// The alignment a gather/scatter asserts (props, else sizeof(T)) after DPC++'s compile-time
/// checks (gather()/scatter() in DPC++'s memory.hpp): integral offsets, N divisible by VS,
/// alignment >= sizeof(T), VS > 1 only for 4- and 8-byte T and a legal LSC vector size.
template <class T, int N, int VS, class OffsetT, class Props, cache_action A>
constexpr std::size_t gather_alignment() {
  static_assert(std::is_integral_v<OffsetT>,
                "Unsupported offset type: byte offsets must be integral");
  static_assert(VS >= 1 && N / VS >= 1 && N % VS == 0, "N must be divisible by VS");
  static_assert(VS == 1 || sizeof(T) >= 4, "VS > 1 is supported only for 4- and 8-byte elements");
  static_assert(lsc_vector_size_ok(VS), "VS must be 1, 2, 3, 4, 8, 16, 32 or 64");
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4 || sizeof(T) == 8,
                "Unsupported data type");
  check_cache_hints<A, Props>();
  constexpr std::size_t kAlign = prop_alignment<Props>(sizeof(T));
  static_assert(kAlign >= sizeof(T), "gather()/scatter() require at least element-size alignment");
  return kAlign;
}

/// Address of lane i: base + offset, the offset converted to an address-sized integer as DPC++
/// does (a negative signed offset steps back).
template <class OffsetT>
XESIM_INLINE std::uintptr_t lane_offset(OffsetT off) {
  return static_cast<std::uintptr_t>(off);
}

// ------------------------------ gather_core
/// Element j of address i lands in r[j * (N/VS) + i] (LSC channel order); masked-off addresses
/// are never read and give *pass_thru's elements, or zeros when there is none (DPC++: undefined).
/// With AVX-512 and 8+ addresses: vector gathers (gather_vec.hpp) unless the checks skipped a
/// lane or a 1- / 2-byte element is misaligned; the per-lane loop below otherwise.
template <class T, int N, int VS, class OffsetT>
XESIM_INLINE simd<T, N> gather_core(const T* p, const simd<OffsetT, N / VS>& byte_offsets,
                                    std::size_t align, const simd_mask<N / VS>& mask,
                                    const simd<T, N>* pass_thru,
                                    const std::source_location& loc = {}) {
  constexpr int kLanes = N / VS;
  simd_mask_elem_type ok[kLanes];
  const simd_mask_elem_type* m =  // the port only with checks on: the record costs stores
      !check::port_on() ? mask.elems() : memory_port_lanes<kLanes>({mem_op::gather, mem_space::global, p, 0, sizeof(T), kLanes, VS,
                                 static_cast<std::uint32_t>(align), nullptr, false, nullptr},
                                byte_offsets, mask.elems(), ok, loc);
#if defined(XESIM_VEC_AVX512)
  if constexpr (kLanes >= 8 && kGatherVec<T, VS>) {
    if (m == mask.elems()) [[likely]] {  // the port kept every lane as called
      simd<T, N> r;
      if (gather_vec<T, N, VS>(p, byte_offsets.elems(), m, pass_thru ? pass_thru->elems() : nullptr,
                               r.elems())) [[likely]]
        return r;
    }
  }
#endif
  simd<T, N> r = pass_thru ? *pass_thru : simd<T, N>(0);
  const auto* base = reinterpret_cast<const unsigned char*>(p);
  for (int i = 0; i < kLanes; ++i) {
    if (!m[i]) {
      if (mask.elems()[i])  // skipped by the checks: the lane gives zeros
        for (int j = 0; j < VS; ++j) r.elems()[j * kLanes + i] = T(0);
      continue;
    }
    const unsigned char* a = base + lane_offset(byte_offsets[i]);
    for (int j = 0; j < VS; ++j)
      std::memcpy(static_cast<void*>(r.elems() + j * kLanes + i), a + j * sizeof(T), sizeof(T));
  }
  return r;
}

// ------------------------------ scatter_core
/// Writes element j of address i (vals[j * (N/VS) + i]) to p + byte_offsets[i] + j*sizeof(T);
/// masked-off addresses are never written. Lanes are written in order (the last lane wins when
/// two addresses coincide; the GPU leaves that case undefined). With AVX-512, 8+ addresses and
/// 4- or 8-byte elements one per address: vector scatters (scatter_vec, same outcome).
template <class T, int N, int VS, class OffsetT>
XESIM_INLINE void scatter_core(T* p, const simd<OffsetT, N / VS>& byte_offsets,
                               const simd<T, N>& vals, std::size_t align,
                               const simd_mask<N / VS>& mask,
                               const std::source_location& loc = {}) {
  constexpr int kLanes = N / VS;
  simd_mask_elem_type ok[kLanes];
  const simd_mask_elem_type* m =
      !check::port_on() ? mask.elems() : memory_port_lanes<kLanes>({mem_op::scatter, mem_space::global, p, 0, sizeof(T), kLanes, VS,
                                 static_cast<std::uint32_t>(align), nullptr, false, nullptr},
                                byte_offsets, mask.elems(), ok, loc);
  XESIM_UNINIT(check::uninit::sink_vs<VS>(vals, m, "scatter", loc);)
#if defined(XESIM_VEC_AVX512)
  if constexpr (kLanes >= 8 && VS == 1 && (sizeof(T) == 4 || sizeof(T) == 8)) {
    scatter_vec<T, kLanes>(p, byte_offsets.elems(), m, vals.elems());
    return;
  }
#endif
  auto* base = reinterpret_cast<unsigned char*>(p);
  for (int i = 0; i < kLanes; ++i) {
    if (!m[i]) continue;
    unsigned char* a = base + lane_offset(byte_offsets[i]);
    for (int j = 0; j < VS; ++j)
      std::memcpy(a + j * sizeof(T), static_cast<const void*>(vals.elems() + j * kLanes + i),
                  sizeof(T));
  }
}

template <class V>
inline constexpr bool view_v = is_simd_view_v<V>;
/// Elements of a simd_view type (1 for anything else, so deduction can move on).
template <class V>
constexpr int view_len() {
  if constexpr (is_simd_view_v<V>)
    return V::getSizeX() * V::getSizeY();
  else
    return 1;
}

}  // namespace detail

#define XESIM_GA_ALIGN(ACTION) \
  detail::gather_alignment<T, N, VS, OffsetT, Props, detail::cache_action::ACTION>()
#define XESIM_GA_VIEW_ALIGN(ACTION)                                              \
  detail::gather_alignment<T, N, VS, detail::element_type_t<OffsetViewT>, Props, \
                           detail::cache_action::ACTION>()
#define XESIM_PROPS_OK std::enable_if_t<detail::props_v<Props>, int>
#define XESIM_VIEW_PROPS_OK \
  std::enable_if_t<detail::props_v<Props> && detail::view_v<OffsetViewT>, int>

// ------------------------------ gather
/// Returns N elements: VS consecutive T at p + byte_offsets[i] for each of the N/VS addresses
/// (element j of address i at [j*(N/VS) + i]). Masked-off lanes are not read and take pass_thru.
/// Assumes alignment<props>, default sizeof(T). Pre: each address readable (out-of-bounds).
/// HW: lsc_load.ugm / svm gather. Platforms: Gen12 (VS == 1), DG2, PVC, Xe2.
template <class T, int N, int VS, class OffsetT, class Props = empty_properties_t,
          XESIM_PROPS_OK = 0>
XESIM_INLINE simd<T, N> gather(const T* p, simd<OffsetT, N / VS> byte_offsets,
                               simd_mask<N / VS> mask, simd<T, N> pass_thru, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(p, byte_offsets, XESIM_GA_ALIGN(load), mask, &pass_thru,
                                       loc);
}
/// Masked, no pass-thru: masked-off lanes give 0 (undefined in DPC++).
template <class T, int N, int VS, class OffsetT, class Props = empty_properties_t,
          XESIM_PROPS_OK = 0>
XESIM_INLINE simd<T, N> gather(const T* p, simd<OffsetT, N / VS> byte_offsets,
                               simd_mask<N / VS> mask, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(p, byte_offsets, XESIM_GA_ALIGN(load), mask, nullptr, loc);
}
template <class T, int N, int VS, class OffsetT, class Props = empty_properties_t,
          XESIM_PROPS_OK = 0>
XESIM_INLINE simd<T, N> gather(const T* p, simd<OffsetT, N / VS> byte_offsets, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(p, byte_offsets, XESIM_GA_ALIGN(load), 1, nullptr, loc);
}
/// VS = 1 forms; T and N may be deduced: gather(p, byte_offsets).
template <class T, int N, class OffsetT, class Props = empty_properties_t, XESIM_PROPS_OK = 0,
          int VS = 1>
XESIM_INLINE simd<T, N> gather(const T* p, simd<OffsetT, N> byte_offsets, simd_mask<N> mask,
                               simd<T, N> pass_thru, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, 1>(p, byte_offsets, XESIM_GA_ALIGN(load), mask, &pass_thru, loc);
}
template <class T, int N, class OffsetT, class Props = empty_properties_t, XESIM_PROPS_OK = 0,
          int VS = 1>
XESIM_INLINE simd<T, N> gather(const T* p, simd<OffsetT, N> byte_offsets, simd_mask<N> mask,
                               Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, 1>(p, byte_offsets, XESIM_GA_ALIGN(load), mask, nullptr, loc);
}
template <class T, int N, class OffsetT, class Props = empty_properties_t, XESIM_PROPS_OK = 0,
          int VS = 1>
XESIM_INLINE simd<T, N> gather(const T* p, simd<OffsetT, N> byte_offsets, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, 1>(p, byte_offsets, XESIM_GA_ALIGN(load), 1, nullptr, loc);
}
/// Byte offsets given as a simd_view (usm-ga-7..9): gather<T, N[, VS]>(p, v.select<...>(), ...).
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_VIEW_PROPS_OK = 0>
XESIM_INLINE simd<T, N> gather(const T* p, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               simd<T, N> pass_thru, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(p, byte_offsets.read(), XESIM_GA_VIEW_ALIGN(load), mask,
                                       &pass_thru, loc);
}
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_VIEW_PROPS_OK = 0>
XESIM_INLINE simd<T, N> gather(const T* p, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(p, byte_offsets.read(), XESIM_GA_VIEW_ALIGN(load), mask,
                                       nullptr, loc);
}
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_VIEW_PROPS_OK = 0>
XESIM_INLINE simd<T, N> gather(const T* p, OffsetViewT byte_offsets, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(p, byte_offsets.read(), XESIM_GA_VIEW_ALIGN(load), 1,
                                       nullptr, loc);
}
/// simd_view offsets with T and N deduced: gather(p, v.select<8, 1>()), gather<VS>(p, view).
template <int VS = 1, class OffsetViewT, class T, int N = detail::view_len<OffsetViewT>() * VS,
          class Props = empty_properties_t, XESIM_VIEW_PROPS_OK = 0>
XESIM_INLINE simd<T, N> gather(const T* p, OffsetViewT byte_offsets, simd_mask<N / VS> mask,
                               Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(p, byte_offsets.read(), XESIM_GA_VIEW_ALIGN(load), mask,
                                       nullptr, loc);
}
template <int VS = 1, class OffsetViewT, class T, int N = detail::view_len<OffsetViewT>() * VS,
          class Props = empty_properties_t, XESIM_VIEW_PROPS_OK = 0>
XESIM_INLINE simd<T, N> gather(const T* p, OffsetViewT byte_offsets, Props = {},
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, VS>(p, byte_offsets.read(), XESIM_GA_VIEW_ALIGN(load), 1,
                                       nullptr, loc);
}
/// One scalar offset for every lane: N copies of the element at p + offset.
template <class T, int N, class Toffset, std::enable_if_t<std::is_integral_v<Toffset>, int> = 0>
XESIM_INLINE simd<T, N> gather(const T* p, Toffset offset, simd_mask<N> mask = 1,
                               std::source_location loc = std::source_location::current()) {
  return detail::gather_core<T, N, 1>(p, simd<Toffset, N>(offset), sizeof(T), mask, nullptr, loc);
}

// ------------------------------ scatter
/// Writes vals: VS consecutive T to p + byte_offsets[i] for each of the N/VS addresses, taking
/// element j of address i from vals[j*(N/VS) + i]. Masked-off addresses are never written.
/// Assumes alignment<props>, default sizeof(T). Pre: addresses writable (out-of-bounds).
/// HW: lsc_store.ugm / svm scatter. Platforms: Gen12 (VS == 1), DG2, PVC, Xe2.
template <class T, int N, int VS = 1, class OffsetT, class Props = empty_properties_t,
          XESIM_PROPS_OK = 0>
XESIM_INLINE void scatter(T* p, simd<OffsetT, N / VS> byte_offsets, simd<T, N> vals,
                          simd_mask<N / VS> mask, Props = {},
                          std::source_location loc = std::source_location::current()) {
  detail::scatter_core<T, N, VS>(p, byte_offsets, vals, XESIM_GA_ALIGN(store), mask, loc);
}
template <class T, int N, int VS = 1, class OffsetT, class Props = empty_properties_t,
          XESIM_PROPS_OK = 0>
XESIM_INLINE void scatter(T* p, simd<OffsetT, N / VS> byte_offsets, simd<T, N> vals, Props = {},
                          std::source_location loc = std::source_location::current()) {
  detail::scatter_core<T, N, VS>(p, byte_offsets, vals, XESIM_GA_ALIGN(store), 1, loc);
}
/// Byte offsets given as a simd_view (usm-sc-3,4).
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_VIEW_PROPS_OK = 0>
XESIM_INLINE void scatter(T* p, OffsetViewT byte_offsets, simd<T, N> vals, simd_mask<N / VS> mask,
                          Props = {}, std::source_location loc = std::source_location::current()) {
  detail::scatter_core<T, N, VS>(p, byte_offsets.read(), vals, XESIM_GA_VIEW_ALIGN(store), mask,
                                 loc);
}
template <class T, int N, int VS = 1, class OffsetViewT, class Props = empty_properties_t,
          XESIM_VIEW_PROPS_OK = 0>
XESIM_INLINE void scatter(T* p, OffsetViewT byte_offsets, simd<T, N> vals, Props = {},
                          std::source_location loc = std::source_location::current()) {
  detail::scatter_core<T, N, VS>(p, byte_offsets.read(), vals, XESIM_GA_VIEW_ALIGN(store), 1, loc);
}
/// One scalar offset (N must be 1, as in DPC++).
template <class T, int N, class Toffset,
          std::enable_if_t<std::is_integral_v<Toffset> && N == 1, int> = 0>
XESIM_INLINE void scatter(T* p, Toffset offset, simd<T, N> vals, simd_mask<N> mask = 1,
                          std::source_location loc = std::source_location::current()) {
  detail::scatter_core<T, N, 1>(p, simd<Toffset, N>(offset), vals, sizeof(T), mask, loc);
}

#undef XESIM_GA_ALIGN
#undef XESIM_GA_VIEW_ALIGN
#undef XESIM_PROPS_OK
#undef XESIM_VIEW_PROPS_OK

}  // namespace xesim::esimd
