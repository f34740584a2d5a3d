// block_load / block_store on USM pointers: every DPC++ call form (usm-bl-1..6, usm-bs-1..4 and
// the legacy alignment-flag forms). Offsets are in bytes. Each overload forwards to
// detail::block_load_core / block_store_core, the single place that touches memory.
#pragma once

#include <cstring>

#include "xesim/memory/port.hpp"
#include "xesim/memory/properties.hpp"
#include "xesim/simd/simd_view.hpp"

namespace xesim::esimd {
namespace detail {

// ------------------------------ block alignment per call form
/// The call forms of block operations that differ in assumed alignment and legal sizes.
enum class block_form : uint8_t {
  usm_load,   ///< block_load(ptr[, byte_offset], props), no cache hint   (usm-bl-1,2)
  usm_lsc,    ///< block_load/block_store with a predicate or a cache hint (usm-bl-3..6, usm-bs-3,4)
  usm_store,  ///< block_store(ptr[, byte_offset], vals, props), no cache hint (usm-bs-1,2)
  slm_plain,  ///< slm_block_load/store(offset, [vals,] props)            (slm-bl-1, slm-bs-2)
  slm_pred,   ///< slm_block_load/store with a predicate                  (slm-bl-2,3, slm-bs-1)
};

/// The alignment DPC++ assumes for a block call form when props give none. Read from DPC++'s
/// memory.hpp: block_load(const T*, props) and its predicated forms use
/// `(sizeof(T) <= 4) ? 4 : sizeof(T)`; block_store(T*, simd, props) without cache hints uses
/// OperandSize::OWORD (16); slm_block_load(uint32_t, props) / slm_block_store(uint32_t, simd,
/// props) use OWORD (16); their predicated forms use `sizeof(T) <= 4 ? 4 : sizeof(T)`.
template <class T>
constexpr std::size_t default_block_alignment(block_form f) {
  constexpr std::size_t kElem = sizeof(T) <= 4 ? 4 : sizeof(T);
  switch (f) {
    case block_form::usm_load:
      return kElem;
    case block_form::usm_lsc:
      return kElem;
    case block_form::usm_store:
      return 16;
    case block_form::slm_plain:
      return 16;
    case block_form::slm_pred:
      return kElem;
  }
  return kElem;
}

/// The byte alignment a block call asserts (props, else the form's default), after the
/// compile-time checks DPC++ makes for that form: predicated or cache-hinted accesses are LSC
/// messages with alignment >= 4 (8 for 8-byte T) and N from the legal table.
template <class T, int N, class Props, block_form F, cache_action A>
constexpr std::size_t block_alignment() {
  static_assert(N >= 1, "block_load/block_store: N must be >= 1");
  static_assert(is_property_list_v<Props>, "block_load/block_store: props must be properties{...}");
  constexpr bool kUsm =
      F == block_form::usm_load || F == block_form::usm_lsc || F == block_form::usm_store;
  if constexpr (kUsm) check_cache_hints<A, Props>();
  constexpr block_form kForm = kUsm && has_cache_hints<Props>() ? block_form::usm_lsc : F;
  constexpr std::size_t kAlign = prop_alignment<Props>(default_block_alignment<T>(kForm));
  if constexpr (kForm == block_form::usm_lsc || kForm == block_form::slm_pred) {
    static_assert(lsc_block_align_ok<T, N>(kAlign),
                  "Incorrect alignment for the data type: a predicated or cache-hinted block "
                  "access needs alignment >= 4 bytes (>= 8 for 8-byte elements)");
    static_assert(lsc_block_size_ok<T, N>(kAlign),
                  "Number of elements is not supported by a predicated or cache-hinted block "
                  "access. Legal N: 1-byte T: 4, 8, 12, 16, 32, 64, 128, 256 (512 with "
                  "alignment>=8); 2-byte T: 2, 4, 6, 8, 16, 32, 64, 128 (256 with alignment>=8); "
                  "4-byte T: 1, 2, 3, 4, 8, 16, 32, 64 (128 with alignment>=8); 8-byte T: 1, 2, "
                  "3, 4, 8, 16, 32, 64");
  }
  return kAlign;
}

/// The alignment a legacy flag (element_aligned, vector_aligned, overaligned<A>) asserts.
template <class T, int N, class Flags>
constexpr std::size_t flag_alignment() {
  return Flags::template alignment<simd<T, N>>;
}

/// Whether a block call relies on DPC++'s default alignment (props name none).
template <class Props>
constexpr bool align_is_default() {
  return !Props::template has_property<alignment_key>();
}

XESIM_INLINE const void* byte_add(const void* p, std::size_t off) {
  return static_cast<const unsigned char*>(p) + off;
}
XESIM_INLINE void* byte_add(void* p, std::size_t off) {
  return static_cast<unsigned char*>(p) + off;
}

/// The cold path of a block load the checks rejected: the tls_block_prefix leading elements
/// still read (the rest 0), or pass_thru / zeros when pred is off.
template <class T, int N>
[[gnu::noinline, gnu::cold]] simd<T, N> block_load_rejected(const T* p, simd_mask<1> pred,
                                                            const simd<T, N>* pass_thru) {
  if (!pred.elems()[0]) return pass_thru ? *pass_thru : simd<T, N>(0);
  simd<T, N> r(0);
  const std::uint32_t n = tls_block_prefix < std::uint32_t(N) ? tls_block_prefix : 0;
  if (n) std::memcpy(r.elems(), p, n * sizeof(T));
  return r;
}
/// The cold path of a rejected block store: only the tls_block_prefix leading elements.
template <class T, int N>
[[gnu::noinline, gnu::cold]] void block_store_rejected(T* p, const simd<T, N>& vals,
                                                       simd_mask<1> pred) {
  const std::uint32_t n = tls_block_prefix < std::uint32_t(N) ? tls_block_prefix : 0;
  if (pred.elems()[0] && n) std::memcpy(p, vals.elems(), n * sizeof(T));
}

// ------------------------------ block_load_core
/// Loads N contiguous T at `p` when pred[0] is set; otherwise returns *pass_thru, or zeros when
/// there is none (DPC++ leaves that value undefined). `align` is what the call asserts.
/// `loc` is the user's call (empty: unknown); `align_default`: `align` is DPC++'s default.
/// A load the checks reject gives zeros past the part inside its allocation.
template <class T, int N>
XESIM_INLINE simd<T, N> block_load_core(const T* p, std::size_t align, simd_mask<1> pred,
                                        const simd<T, N>* pass_thru,
                                        const std::source_location& loc = {},
                                        bool align_default = false) {
  if (check::port_on() && !memory_port({mem_op::block_load, mem_space::global, p, 0, sizeof(T), 1, N,
                    static_cast<std::uint32_t>(align), pred.elems(), align_default, nullptr},
                   loc)) [[unlikely]]
    return block_load_rejected<T, N>(p, pred, pass_thru);
  if (pred.elems()[0]) [[likely]] {
    simd<T, N> r;
    copy_n_vec<T, N>(r.elems(), p);  // 64-byte pieces: the vector stays in registers
    return r;
  }
  return pass_thru ? *pass_thru : simd<T, N>(0);
}

// ------------------------------ block_store_core
/// Stores the N elements of `vals` contiguously at `p` when pred[0] is set; nothing otherwise.
/// A store the checks reject writes only the part inside its allocation.
template <class T, int N>
XESIM_INLINE void block_store_core(T* p, const simd<T, N>& vals, std::size_t align,
                                   simd_mask<1> pred, const std::source_location& loc = {},
                                   bool align_default = false) {
  if (check::port_on() && !memory_port({mem_op::block_store, mem_space::global, p, 0, sizeof(T), 1, N,
                    static_cast<std::uint32_t>(align), pred.elems(), align_default, nullptr},
                   loc)) [[unlikely]]
    return block_store_rejected<T, N>(p, vals, pred);
  // 64-byte pieces, the units the simd was computed in: one 256-byte memcpy read the vector
  // back as 64-byte loads spanning two 32-byte stores, which cannot be store-forwarded
  // (rows_3d's hottest instruction, bench/RESULTS.md "Guide patterns (issue 3)").
  if (pred.elems()[0]) [[likely]] {
    XESIM_UNINIT(check::uninit::sink(vals, nullptr, "block_store", loc);)
    copy_n_vec<T, N>(p, vals.elems());
  }
}

template <class P>
inline constexpr bool props_v = is_property_list_v<P>;
template <class F>
inline constexpr bool flags_v = is_simd_flag_type_v<F>;

}  // namespace detail

#define XESIM_BL_ALIGN(FORM) \
  detail::block_alignment<T, N, Props, detail::block_form::FORM, detail::cache_action::load>()
#define XESIM_BS_ALIGN(FORM) \
  detail::block_alignment<T, N, Props, detail::block_form::FORM, detail::cache_action::store>()

// ------------------------------ block_load
/// Returns ptr[0..N). Assumes alignment<props>, default 4 B (8 B for 8-byte T); any N >= 1.
/// Pre: N*sizeof(T) readable bytes at ptr (out-of-bounds, misaligned-block-access).
/// HW: lsc_load.ugm (transposed) / svm block load. Platforms: Gen12, DG2, PVC, Xe2.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE simd<T, N> block_load(const T* ptr, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(ptr, XESIM_BL_ALIGN(usm_load), 1, nullptr, loc,
                                       detail::align_is_default<Props>());
}
/// Returns N elements at ptr + byte_offset (bytes, not elements). Same rules as above.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE simd<T, N> block_load(const T* ptr, std::size_t byte_offset, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(static_cast<const T*>(detail::byte_add(ptr, byte_offset)),
                                       XESIM_BL_ALIGN(usm_load), 1, nullptr, loc,
                                       detail::align_is_default<Props>());
}
/// Predicated: loads when pred[0], else returns 0 (undefined in DPC++). LSC rules: alignment
/// >= 4 (8 for 8-byte T), N from the LSC table (compile-time checked). HW: lsc_load.ugm. DG2, PVC.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE simd<T, N> block_load(const T* ptr, simd_mask<1> pred, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(ptr, XESIM_BL_ALIGN(usm_lsc), pred, nullptr, loc,
                                       detail::align_is_default<Props>());
}
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE simd<T, N> block_load(const T* ptr, std::size_t byte_offset, simd_mask<1> pred,
                                   Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(static_cast<const T*>(detail::byte_add(ptr, byte_offset)),
                                       XESIM_BL_ALIGN(usm_lsc), pred, nullptr, loc,
                                       detail::align_is_default<Props>());
}
/// Predicated with pass-thru: returns pass_thru when pred[0] is 0. LSC rules as above.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE simd<T, N> block_load(const T* ptr, simd_mask<1> pred, simd<T, N> pass_thru,
                                   Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(ptr, XESIM_BL_ALIGN(usm_lsc), pred, &pass_thru, loc,
                                       detail::align_is_default<Props>());
}
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE simd<T, N> block_load(const T* ptr, std::size_t byte_offset, simd_mask<1> pred,
                                   simd<T, N> pass_thru, Props = {},
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(static_cast<const T*>(detail::byte_add(ptr, byte_offset)),
                                       XESIM_BL_ALIGN(usm_lsc), pred, &pass_thru, loc,
                                       detail::align_is_default<Props>());
}
/// Legacy form: the flag (element_aligned, vector_aligned, overaligned<A>) asserts the alignment.
/// HW: svm block load (oword-aligned when the flag gives >= 16).
template <class T, int N, class Flags, std::enable_if_t<detail::flags_v<Flags>, int> = 0>
XESIM_INLINE simd<T, N> block_load(const T* addr, Flags,
                                   std::source_location loc = std::source_location::current()) {
  return detail::block_load_core<T, N>(addr, detail::flag_alignment<T, N, Flags>(), 1, nullptr,
                                       loc);
}

// ------------------------------ block_store
/// Stores vals to ptr[0..N). Assumes alignment<props>, default 16 B (without cache hints; with
/// hints 4 B, 8 B for 8-byte T, and LSC sizes). Pre: N*sizeof(T) writable bytes (out-of-bounds).
/// HW: svm block store / lsc_store.ugm. Platforms: Gen12, DG2, PVC, Xe2.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE void block_store(T* ptr, simd<T, N> vals, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::block_store_core<T, N>(ptr, vals, XESIM_BS_ALIGN(usm_store), 1, loc,
                                 detail::align_is_default<Props>());
}
/// Stores vals at ptr + byte_offset (bytes). Same rules as above.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE void block_store(T* ptr, std::size_t byte_offset, simd<T, N> vals, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::block_store_core<T, N>(static_cast<T*>(detail::byte_add(ptr, byte_offset)), vals,
                                 XESIM_BS_ALIGN(usm_store), 1, loc,
                                 detail::align_is_default<Props>());
}
/// Predicated: stores only when pred[0]. LSC rules: alignment >= 4 (8 for 8-byte T), LSC N.
/// HW: lsc_store.ugm. Platforms: DG2, PVC, Xe2.
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE void block_store(T* ptr, simd<T, N> vals, simd_mask<1> pred, Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::block_store_core<T, N>(ptr, vals, XESIM_BS_ALIGN(usm_lsc), pred, loc,
                                 detail::align_is_default<Props>());
}
template <class T, int N, class Props = empty_properties_t,
          std::enable_if_t<detail::props_v<Props>, int> = 0>
XESIM_INLINE void block_store(T* ptr, std::size_t byte_offset, simd<T, N> vals, simd_mask<1> pred,
                              Props = {},
                              std::source_location loc = std::source_location::current()) {
  detail::block_store_core<T, N>(static_cast<T*>(detail::byte_add(ptr, byte_offset)), vals,
                                 XESIM_BS_ALIGN(usm_lsc), pred, loc,
                                 detail::align_is_default<Props>());
}
/// Legacy form: the flag asserts the alignment (DPC++'s default flag is overaligned<16>).
template <class T, int N, class Flags, std::enable_if_t<detail::flags_v<Flags>, int> = 0>
XESIM_INLINE void block_store(T* addr, simd<T, N> vals, Flags,
                              std::source_location loc = std::source_location::current()) {
  detail::block_store_core<T, N>(addr, vals, detail::flag_alignment<T, N, Flags>(), 1, loc);
}

#undef XESIM_BL_ALIGN
#undef XESIM_BS_ALIGN

}  // namespace xesim::esimd
