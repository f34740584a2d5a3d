// range<D> and id<D>: D-dimensional sizes and indices (D = 1, 2, 3), dimension 0 slowest.
#pragma once

#include <cstddef>
#include <type_traits>

namespace xesim::sycl {

namespace detail {

// The storage and operators shared by range and id; Derived is the concrete type returned.
template <class Derived, int D>
class index_array {
  static_assert(D >= 1 && D <= 3, "range/id: dimensions must be 1, 2 or 3");

 public:
  static constexpr int dimensions = D;

  constexpr std::size_t get(int d) const noexcept { return v_[d]; }
  constexpr std::size_t& operator[](int d) noexcept { return v_[d]; }
  constexpr std::size_t operator[](int d) const noexcept { return v_[d]; }

  friend constexpr bool operator==(const Derived& a, const Derived& b) noexcept {
    for (int d = 0; d < D; ++d)
      if (a.v_[d] != b.v_[d]) return false;
    return true;
  }
  friend constexpr bool operator!=(const Derived& a, const Derived& b) noexcept {
    return !(a == b);
  }
  // Integral right-hand sides compare every component (keeps id<1> == 0 unambiguous).
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
  friend constexpr bool operator==(const Derived& a, T s) noexcept {
    for (int d = 0; d < D; ++d)
      if (a.v_[d] != static_cast<std::size_t>(s)) return false;
    return true;
  }
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
  friend constexpr bool operator!=(const Derived& a, T s) noexcept {
    return !(a == s);
  }

#define XESIM_INDEX_ARRAY_OP(op)                                                      \
  friend constexpr Derived operator op(const Derived& a, const Derived& b) noexcept { \
    Derived r = a;                                                                    \
    for (int d = 0; d < D; ++d) r.v_[d] = a.v_[d] op b.v_[d];                         \
    return r;                                                                         \
  }                                                                                   \
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>                \
  friend constexpr Derived operator op(const Derived& a, T s) noexcept {              \
    Derived r = a;                                                                    \
    for (int d = 0; d < D; ++d) r.v_[d] = a.v_[d] op static_cast<std::size_t>(s);     \
    return r;                                                                         \
  }                                                                                   \
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>                \
  friend constexpr Derived operator op(T s, const Derived& a) noexcept {              \
    Derived r = a;                                                                    \
    for (int d = 0; d < D; ++d) r.v_[d] = static_cast<std::size_t>(s) op a.v_[d];     \
    return r;                                                                         \
  }                                                                                   \
  friend constexpr Derived& operator op##=(Derived& a, const Derived& b) noexcept {   \
    for (int d = 0; d < D; ++d) a.v_[d] = a.v_[d] op b.v_[d];                         \
    return a;                                                                         \
  }                                                                                   \
  template <class T, std::enable_if_t<std::is_integral_v<T>, int> = 0>                \
  friend constexpr Derived& operator op##=(Derived& a, T s) noexcept {                \
    for (int d = 0; d < D; ++d) a.v_[d] = a.v_[d] op static_cast<std::size_t>(s);     \
    return a;                                                                         \
  }
  XESIM_INDEX_ARRAY_OP(+)
  XESIM_INDEX_ARRAY_OP(-)
  XESIM_INDEX_ARRAY_OP(*)
  XESIM_INDEX_ARRAY_OP(/)
  XESIM_INDEX_ARRAY_OP(%)
  XESIM_INDEX_ARRAY_OP(<<)
  XESIM_INDEX_ARRAY_OP(>>)
  XESIM_INDEX_ARRAY_OP(&)
  XESIM_INDEX_ARRAY_OP(|)
  XESIM_INDEX_ARRAY_OP(^)
#undef XESIM_INDEX_ARRAY_OP

  friend constexpr Derived operator+(const Derived& a) noexcept { return a; }
  friend constexpr Derived operator-(const Derived& a) noexcept {
    Derived r = a;
    for (int d = 0; d < D; ++d) r.v_[d] = std::size_t(0) - a.v_[d];
    return r;
  }

 protected:
  std::size_t v_[D] = {};
};

}  // namespace detail

// ------------------------------ range
/// The extent of a launch or a work-group in each dimension.
template <int D = 1>
class range : public detail::index_array<range<D>, D> {
 public:
  constexpr range() noexcept = default;
  template <int E = D, std::enable_if_t<E == 1, int> = 0>
  constexpr range(std::size_t r0) noexcept {
    this->v_[0] = r0;
  }
  template <int E = D, std::enable_if_t<E == 2, int> = 0>
  constexpr range(std::size_t r0, std::size_t r1) noexcept {
    this->v_[0] = r0;
    this->v_[1] = r1;
  }
  template <int E = D, std::enable_if_t<E == 3, int> = 0>
  constexpr range(std::size_t r0, std::size_t r1, std::size_t r2) noexcept {
    this->v_[0] = r0;
    this->v_[1] = r1;
    this->v_[2] = r2;
  }

  /// The number of elements: the product of the extents.
  constexpr std::size_t size() const noexcept {
    std::size_t n = 1;
    for (int d = 0; d < D; ++d) n *= this->v_[d];
    return n;
  }
};

range(std::size_t)->range<1>;
range(std::size_t, std::size_t)->range<2>;
range(std::size_t, std::size_t, std::size_t)->range<3>;

// ------------------------------ id
/// A position in a range. id<1> converts to size_t, as in SYCL.
template <int D = 1>
class id : public detail::index_array<id<D>, D> {
 public:
  constexpr id() noexcept = default;
  template <int E = D, std::enable_if_t<E == 1, int> = 0>
  constexpr id(std::size_t i0) noexcept {
    this->v_[0] = i0;
  }
  template <int E = D, std::enable_if_t<E == 2, int> = 0>
  constexpr id(std::size_t i0, std::size_t i1) noexcept {
    this->v_[0] = i0;
    this->v_[1] = i1;
  }
  template <int E = D, std::enable_if_t<E == 3, int> = 0>
  constexpr id(std::size_t i0, std::size_t i1, std::size_t i2) noexcept {
    this->v_[0] = i0;
    this->v_[1] = i1;
    this->v_[2] = i2;
  }
  /// The id whose components are the extents of r.
  constexpr id(const range<D>& r) noexcept {  // implicit, as SYCL 2020 (id % range works)
    for (int d = 0; d < D; ++d) this->v_[d] = r[d];
  }
  /// Internal: the first D entries of a 3-entry array (engine state).
  static constexpr id from_array(const std::size_t* a) noexcept {
    id r;
    for (int d = 0; d < D; ++d) r.v_[d] = a[d];
    return r;
  }

  constexpr operator std::size_t() const noexcept requires(D == 1) { return this->v_[0]; }
};

id(std::size_t)->id<1>;
id(std::size_t, std::size_t)->id<2>;
id(std::size_t, std::size_t, std::size_t)->id<3>;

namespace detail {
/// Internal: range<D> from the first D entries of a 3-entry array.
template <int D>
constexpr range<D> range_from_array(const std::size_t* a) noexcept {
  range<D> r;
  for (int d = 0; d < D; ++d) r[d] = a[d];
  return r;
}
}  // namespace detail

}  // namespace xesim::sycl
