// simd_mask<N>: per-lane predicates (uint16_t elements, 0 = off), as produced by comparisons
// and taken by merge and the masked memory operations.
#pragma once

#include "xesim/simd/simd_obj.hpp"

namespace xesim::esimd {

// ------------------------------ simd_mask
/// N lane predicates; any non-zero element is "on". simd_mask<N> = simd_mask_impl<uint16_t, N>.
template <class T, int N>
class simd_mask_impl : public detail::simd_obj_impl<T, N, simd_mask_impl<T, N>> {
  static_assert(std::is_same_v<T, simd_mask_elem_type>,
                "simd_mask_impl: use simd_mask<N> (element type uint16_t)");
  using base = detail::simd_obj_impl<T, N, simd_mask_impl<T, N>>;
  using base::data_;

 public:
  using element_type = T;
  using raw_element_type = T;
  using typename base::raw_vector_type;
  static constexpr int length = N;

  simd_mask_impl() = default;
  simd_mask_impl(const simd_mask_impl&) = default;
  simd_mask_impl& operator=(const simd_mask_impl&) = default;

  /// Broadcast: every lane is `v` (converted to uint16_t).
  template <class T1, class = std::enable_if_t<std::is_integral_v<T1>>>
  XESIM_INLINE simd_mask_impl(T1 v) {
    detail::fill_n<T, N>(data_, static_cast<T>(v));
  }
  /// From a raw vector of N lanes (DPC++'s mask_type_t<N>, what data() returns).
  XESIM_INLINE simd_mask_impl(const raw_vector_type& raw) {
    detail::raw_load<T, N>(data_, raw);
    XESIM_UNINIT(this->uninit_shadow().clear_all();)
  }
  /// From a simd<uint16_t, N>: its lanes as they are.
  XESIM_INLINE simd_mask_impl(const simd<T, N>& v) {
    detail::copy_n<T, N>(data_, v.elems());
    XESIM_UNINIT(this->uninit_shadow() = v.uninit_shadow();)
  }
  /// From a braced list: simd_mask<4> m({1, 0, 0, 1}).
  template <int N1, class = std::enable_if_t<N1 == N>>
  simd_mask_impl(const T (&&arr)[N1]) {
    detail::copy_n<T, N>(data_, arr);
  }
  /// Loads N elements from `ptr`.
  template <class Flags = element_aligned_tag, class = std::enable_if_t<is_simd_flag_type_v<Flags>>>
  simd_mask_impl(const T* ptr, Flags f = {}) {
    this->copy_from(ptr, f);
  }
  /// Reads a mask view of the same length.
  template <class B, class R, class = std::enable_if_t<R::length == N>>
  simd_mask_impl(const simd_view<B, R>& v) : simd_mask_impl(v.read()) {}
  /// Broadcast of a one-element view: simd_mask<N> m(other[0]).
  template <class B, class R, std::enable_if_t<R::length == 1 && N != 1, int> = 0>
  simd_mask_impl(const simd_view<B, R>& v) : simd_mask_impl(static_cast<T>(v.read()[0])) {}

#define XESIM_MASK_OPASSIGN(OP)                                                                  \
  XESIM_INLINE simd_mask_impl& operator OP##=(const simd_mask_impl& x) {                         \
    detail::map2_lanes_n<T, N>(data_, data_, x.elems(),                                          \
                               [](auto p, auto q) XESIM_LAMBDA { return decltype(p)(p OP q); }); \
    return *this;                                                                                \
  }
  XESIM_MASK_OPASSIGN(&)
  XESIM_MASK_OPASSIGN(|)
  XESIM_MASK_OPASSIGN(^)
#undef XESIM_MASK_OPASSIGN
};

}  // namespace xesim::esimd
