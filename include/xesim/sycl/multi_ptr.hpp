// multi_ptr<T, Space, Decorated> and its aliases (global_ptr, local_ptr, private_ptr, ...): a
// pointer tagged with an address space. Every address space is host memory here, so a multi_ptr
// is a plain pointer that converts to and from T*.
#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>

#include "xesim/sycl/access.hpp"

namespace xesim::sycl {

// ------------------------------ multi_ptr
/// A pointer into address space Space. Converts implicitly to T* (get() spells it out).
/// Note: a local_accessor's pointer holds the SLM byte offset (as on the GPU), not an address.
template <class ElementType, access::address_space Space,
          access::decorated DecorateAddress = access::decorated::legacy>
class multi_ptr {
 public:
  static constexpr bool is_decorated = DecorateAddress == access::decorated::yes;
  static constexpr access::address_space address_space = Space;
  using value_type = ElementType;
  using element_type = ElementType;
  using pointer = ElementType*;
  using reference = std::add_lvalue_reference_t<ElementType>;
  using difference_type = std::ptrdiff_t;
  using iterator_category = std::random_access_iterator_tag;

  constexpr multi_ptr() noexcept = default;
  constexpr multi_ptr(std::nullptr_t) noexcept {}            // NOLINT: implicit, as in SYCL
  constexpr multi_ptr(ElementType* p) noexcept : ptr_(p) {}  // NOLINT: implicit (legacy form)
  /// multi_ptr<const T> from multi_ptr<T>, and any decoration from any other.
  template <class U, access::decorated D2,
            std::enable_if_t<std::is_convertible_v<U*, ElementType*>, int> = 0>
  constexpr multi_ptr(const multi_ptr<U, Space, D2>& other) noexcept  // NOLINT
      : ptr_(other.get()) {}

  constexpr ElementType* get() const noexcept { return ptr_; }
  constexpr ElementType* get_raw() const noexcept { return ptr_; }
  constexpr ElementType* get_decorated() const noexcept { return ptr_; }
  constexpr operator ElementType*() const noexcept { return ptr_; }  // NOLINT: implicit

  template <class E = ElementType, std::enable_if_t<!std::is_void_v<E>, int> = 0>
  constexpr E& operator*() const noexcept {
    return *ptr_;
  }
  constexpr ElementType* operator->() const noexcept { return ptr_; }
  template <class E = ElementType, std::enable_if_t<!std::is_void_v<E>, int> = 0>
  constexpr E& operator[](difference_type i) const noexcept {
    return ptr_[i];
  }

  constexpr multi_ptr& operator++() noexcept { return ++ptr_, *this; }
  constexpr multi_ptr operator++(int) noexcept { return multi_ptr(ptr_++); }
  constexpr multi_ptr& operator--() noexcept { return --ptr_, *this; }
  constexpr multi_ptr operator--(int) noexcept { return multi_ptr(ptr_--); }
  constexpr multi_ptr& operator+=(difference_type r) noexcept { return ptr_ += r, *this; }
  constexpr multi_ptr& operator-=(difference_type r) noexcept { return ptr_ -= r, *this; }
  friend constexpr multi_ptr operator+(const multi_ptr& p, difference_type r) noexcept {
    return multi_ptr(p.ptr_ + r);
  }
  friend constexpr multi_ptr operator-(const multi_ptr& p, difference_type r) noexcept {
    return multi_ptr(p.ptr_ - r);
  }
  friend constexpr difference_type operator-(const multi_ptr& a, const multi_ptr& b) noexcept {
    return a.ptr_ - b.ptr_;
  }
  friend constexpr bool operator==(const multi_ptr& a, const multi_ptr& b) noexcept {
    return a.ptr_ == b.ptr_;
  }
  friend constexpr bool operator!=(const multi_ptr& a, const multi_ptr& b) noexcept {
    return a.ptr_ != b.ptr_;
  }
  friend constexpr bool operator<(const multi_ptr& a, const multi_ptr& b) noexcept {
    return a.ptr_ < b.ptr_;
  }
  friend constexpr bool operator>(const multi_ptr& a, const multi_ptr& b) noexcept {
    return a.ptr_ > b.ptr_;
  }
  friend constexpr bool operator<=(const multi_ptr& a, const multi_ptr& b) noexcept {
    return a.ptr_ <= b.ptr_;
  }
  friend constexpr bool operator>=(const multi_ptr& a, const multi_ptr& b) noexcept {
    return a.ptr_ >= b.ptr_;
  }
  friend constexpr bool operator==(const multi_ptr& a, std::nullptr_t) noexcept {
    return a.ptr_ == nullptr;
  }
  friend constexpr bool operator!=(const multi_ptr& a, std::nullptr_t) noexcept {
    return a.ptr_ != nullptr;
  }

  /// Accepted; the host's caches prefetch on their own.
  void prefetch(std::size_t) const noexcept {}

 private:
  ElementType* ptr_ = nullptr;
};

template <class T, access::decorated D = access::decorated::legacy>
using global_ptr = multi_ptr<T, access::address_space::global_space, D>;
template <class T, access::decorated D = access::decorated::legacy>
using local_ptr = multi_ptr<T, access::address_space::local_space, D>;
template <class T, access::decorated D = access::decorated::legacy>
using private_ptr = multi_ptr<T, access::address_space::private_space, D>;
template <class T>
using raw_global_ptr = multi_ptr<T, access::address_space::global_space, access::decorated::no>;
template <class T>
using raw_local_ptr = multi_ptr<T, access::address_space::local_space, access::decorated::no>;
template <class T>
using raw_private_ptr = multi_ptr<T, access::address_space::private_space, access::decorated::no>;
template <class T>
using decorated_global_ptr =
    multi_ptr<T, access::address_space::global_space, access::decorated::yes>;
template <class T>
using decorated_local_ptr =
    multi_ptr<T, access::address_space::local_space, access::decorated::yes>;
template <class T>
using decorated_private_ptr =
    multi_ptr<T, access::address_space::private_space, access::decorated::yes>;

/// A multi_ptr of address space Space around p.
template <access::address_space Space, access::decorated D = access::decorated::no, class T>
constexpr multi_ptr<T, Space, D> address_space_cast(T* p) noexcept {
  return multi_ptr<T, Space, D>(p);
}

}  // namespace xesim::sycl
