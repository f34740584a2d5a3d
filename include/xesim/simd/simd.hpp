// simd<T, N>: N elements of T held in registers by one ESIMD work-item.
#pragma once

#include <array>
#include <initializer_list>
#include <iosfwd>

#include "xesim/simd/simd_obj.hpp"

namespace xesim::esimd {

// ------------------------------ simd
/// A vector of N elements of T; arithmetic is element-wise (see operators.hpp).
/// Default construction leaves elements uninitialised, as on the GPU.
template <class T, int N>
class simd : public detail::simd_obj_impl<T, N, simd<T, N>> {
  using base = detail::simd_obj_impl<T, N, simd<T, N>>;
  using base::data_;

 public:
  using element_type = T;
  using value_type = T;
  using typename base::raw_element_type;
  using typename base::raw_vector_type;
  static constexpr int length = N;

  simd() requires(XESIM_CHECK_UNINIT == 0) = default;
  /// Instrumented builds (XESIM_CHECK_UNINIT): every lane holds poison and is marked unwritten.
  simd() requires(XESIM_CHECK_UNINIT != 0) { check::uninit::on_default(*this); }
  simd(const simd&) = default;
  simd(simd&&) = default;
  simd& operator=(const simd&) = default;
  simd& operator=(simd&&) = default;

  /// Converts every element of another vector of the same length (DPC++: implicit): integers
  /// wrap, floating -> integer truncates and saturates (NaN -> 0), -> half / bfloat16 / tfloat32
  /// round to nearest even (the scalar tfloat32(float) truncates). HW: mov with a type change.
  template <class T2, class = std::enable_if_t<!std::is_same_v<T2, T>>>
  XESIM_INLINE simd(const simd<T2, N>& other) {
    detail::convert_n<T, T2, N>(data_, other.elems());  // vcvt* per piece (vec_convert.hpp)
    XESIM_UNINIT(check::uninit::propagate(*this, other);)
    XESIM_PROF(profile::count_alu<profile::alu_kind::convert, N,
                                  (sizeof(T) > sizeof(T2) ? sizeof(T) : sizeof(T2))>();)
  }
  /// From a raw vector of N raw elements (what data() returns).
  XESIM_INLINE simd(const raw_vector_type& raw) {
    detail::raw_load<T, N>(data_, raw);
    XESIM_UNINIT(this->uninit_shadow().clear_all();)
  }
  /// From a mask of the same length: each lane's 0 / non-zero value converted to T (DPC++
  /// converts between any two simd_obj_impl types of one length).
  template <class M, class = std::enable_if_t<detail::is_simd_mask_type_v<M> && M::length == N>>
  XESIM_INLINE simd(const M& mask) {
    detail::convert_n<T, simd_mask_elem_type, N>(data_, mask.elems());
    XESIM_UNINIT(check::uninit::propagate(*this, mask);)
  }
  /// Reads a view of the same length, converting its elements.
  template <class B, class R,
            class = std::enable_if_t<R::length == N && !detail::is_mask_like_v<B>>>
  simd(const simd_view<B, R>& v) : simd(v.read()) {}

  /// Broadcast: every element is `v` converted to T.
  template <class T1, class = std::enable_if_t<detail::is_valid_simd_elem_type_v<T1>>>
  XESIM_INLINE simd(T1 v) {
    detail::fill_n<T, N>(data_, detail::convert_scalar<T>(v));
  }
  /// Arithmetic sequence: element i is base + i*step (computed in T's compute type).
  XESIM_INLINE simd(T base_value, T step) { detail::iota_n<T, N>(data_, base_value, step); }
  /// From a braced list of exactly N elements: simd<int, 4> v({1, 2, 3, 4}).
  template <int N1, class = std::enable_if_t<N1 == N>>
  simd(const T (&&arr)[N1]) {
    detail::copy_n<T, N>(data_, arr);
  }
  /// From a std::array of N elements.
  simd(const std::array<T, N>& arr) { detail::copy_n<T, N>(data_, arr.data()); }
  /// Loads N elements from `ptr` (copy_from).
  template <class Flags = element_aligned_tag, class = std::enable_if_t<is_simd_flag_type_v<Flags>>>
  simd(const T* ptr, Flags f = {}) {
    this->copy_from(ptr, f);
  }
  /// Loads N elements from `ptr`, props giving alignment / cache hints (copy_from).
  template <class PropertyListT, class = std::enable_if_t<is_property_list_v<PropertyListT>>,
            class = void>
  simd(const T* ptr, PropertyListT props) {
    this->copy_from(ptr, props);
  }
  /// Loads N elements at byte `offset` of a device or local accessor (copy_from).
  template <class AccessorT, class Flags = element_aligned_tag,
            class = std::enable_if_t<::xesim::sycl::detail::accessor_readable_v<AccessorT> &&
                                     is_simd_flag_type_v<Flags>>>
  simd(AccessorT acc, std::uint64_t offset, Flags f = {}) {
    this->copy_from(acc, offset, f);
  }

  /// Assigns a view's elements (same length).
  template <class B, class R, class = std::enable_if_t<R::length == N>>
  simd& operator=(const simd_view<B, R>& v) {
    return *this = simd(v.read());
  }

  /// A one-element vector converts to any element type (convert rules).
  template <class To, class = std::enable_if_t<N == 1 && !std::is_same_v<To, T> &&
                                               detail::is_valid_simd_elem_type_v<To>>>
  operator To() const {
    return detail::convert_scalar<To>(data_[0]);
  }

  // ------------------------------ increment / decrement
  simd& operator++() { return *this = *this + T(1); }
  simd operator++(int) {
    simd r = *this;
    ++*this;
    return r;
  }
  simd& operator--() { return *this = *this - T(1); }
  simd operator--(int) {
    simd r = *this;
    --*this;
    return r;
  }

  /// Element-wise negation.
  XESIM_INLINE simd operator-() const {
    simd r;
    detail::neg_n<T, N>(r.data_, data_);
    XESIM_UNINIT(check::uninit::propagate(r, *this);)
    XESIM_PROF(profile::count_alu<profile::kind_of_elem<T>(), N, sizeof(T)>();)
    return r;
  }
  simd operator+() const { return *this; }

  // Compound assignment: `a op= b` is `a = simd<T,N>(a op b)`, the result converted back to T.
#define XESIM_SIMD_OPASSIGN(OP)                                                                 \
  template <class X, class = decltype(std::declval<const simd&>() OP std::declval<const X&>())> \
  simd& operator OP##=(const X& x) {                                                            \
    return *this = simd(*this OP x);                                                            \
  }
  XESIM_SIMD_OPASSIGN(+)
  XESIM_SIMD_OPASSIGN(-)
  XESIM_SIMD_OPASSIGN(*)
  XESIM_SIMD_OPASSIGN(/)
  XESIM_SIMD_OPASSIGN(%)
  XESIM_SIMD_OPASSIGN(&)
  XESIM_SIMD_OPASSIGN(|)
  XESIM_SIMD_OPASSIGN(^)
  XESIM_SIMD_OPASSIGN(<<)
  XESIM_SIMD_OPASSIGN(>>)
#undef XESIM_SIMD_OPASSIGN
};

/// CTAD: `simd v = some_view;` takes the view's element type and length.
template <class B, class R>
simd(const simd_view<B, R>&) -> simd<typename R::element_type, R::length>;

/// Prints `{v0,v1,...}` (DPC++'s host-side operator<<; elements printed with their own <<).
template <class Char, class Traits, class T, int N>
std::basic_ostream<Char, Traits>& operator<<(std::basic_ostream<Char, Traits>& os,
                                             const simd<T, N>& v) {
  os << "{";
  for (int i = 0; i < N; ++i) {
    os << v[i];
    if (i < N - 1) os << ",";
  }
  return os << "}";
}

}  // namespace xesim::esimd
