// host_accessor<T, D, Mode>: a buffer's memory on the host. Commands run at submit, so the data
// is up to date at once; the accessor keeps the buffer's memory alive (and its write-back
// pending) for as long as it exists.
#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>

#include "xesim/sycl/access.hpp"
#include "xesim/sycl/accessor_view.hpp"
#include "xesim/sycl/buffer.hpp"
#include "xesim/sycl/property.hpp"

namespace xesim::sycl {

// ------------------------------ host_accessor
/// Host access to a buffer: indices relative to the accessor's offset, get_pointer() the
/// buffer's first element. Built as `host_accessor h(buf)` or `host_accessor h(buf, read_only)`.
template <class DataT, int Dimensions, access_mode AccessMode>
class host_accessor
    : public detail::accessor_view<detail::acc_value_t<DataT, AccessMode>, Dimensions> {
  static_assert(Dimensions >= 1 && Dimensions <= 3,
                "host_accessor: 0-dimensional accessors are not supported by xesim; use a range "
                "of 1");
  static_assert(AccessMode != sycl::access_mode::atomic,
                "host_accessor: access_mode::atomic is not supported by xesim");
  static constexpr int D = Dimensions;
  using view = detail::accessor_view<detail::acc_value_t<DataT, AccessMode>, Dimensions>;
  template <class A>
  using buffer_t = buffer<std::remove_const_t<DataT>, Dimensions, A>;
  template <class TagT>
  static constexpr void check_tag() {
    static_assert(detail::mode_of_tag<TagT>::kMode == AccessMode,
                  "host_accessor: the tag's access mode differs from the accessor's access_mode");
  }

 public:
  static constexpr int dimensions = Dimensions;
  using value_type = detail::acc_value_t<DataT, AccessMode>;
  using reference = value_type&;
  using const_reference = const DataT&;
  using typename view::const_iterator;
  using typename view::const_reverse_iterator;
  using typename view::difference_type;
  using typename view::iterator;
  using typename view::reverse_iterator;
  using typename view::size_type;

  host_accessor() = default;
  template <class A>
  host_accessor(buffer_t<A>& buf, const property_list& = {}) {
    init(buf, {}, {}, false);
  }
  template <class A, class TagT, std::enable_if_t<detail::is_mode_tag_v<TagT>, int> = 0>
  host_accessor(buffer_t<A>& buf, TagT, const property_list& = {}) {
    check_tag<TagT>();
    init(buf, {}, {}, false);
  }
  template <class A>
  host_accessor(buffer_t<A>& buf, range<D> accessRange, const property_list& = {}) {
    init(buf, accessRange, {}, true);
  }
  template <class A, class TagT, std::enable_if_t<detail::is_mode_tag_v<TagT>, int> = 0>
  host_accessor(buffer_t<A>& buf, range<D> accessRange, TagT, const property_list& = {}) {
    check_tag<TagT>();
    init(buf, accessRange, {}, true);
  }
  template <class A>
  host_accessor(buffer_t<A>& buf, range<D> accessRange, id<D> accessOffset,
                const property_list& = {}) {
    init(buf, accessRange, accessOffset, true);
  }
  template <class A, class TagT, std::enable_if_t<detail::is_mode_tag_v<TagT>, int> = 0>
  host_accessor(buffer_t<A>& buf, range<D> accessRange, id<D> accessOffset, TagT,
                const property_list& = {}) {
    check_tag<TagT>();
    init(buf, accessRange, accessOffset, true);
  }

  void swap(host_accessor& other) noexcept {
    this->swap_view(other);
    std::swap(keep_, other.keep_);
  }

  // ------------------------------ element access
  reference operator[](id<D> index) const noexcept { return this->at(index); }
  template <int E = D, std::enable_if_t<E == 1, int> = 0>
  reference operator[](std::size_t index) const noexcept {
    return this->data_[this->offset_[0] + index];
  }
  template <int E = D, std::enable_if_t<(E > 1), int> = 0>
  detail::accessor_subscript<host_accessor, D, 1> operator[](std::size_t index) const noexcept {
    id<D> i;
    i[0] = index;
    return detail::accessor_subscript<host_accessor, D, 1>(*this, i);
  }
  /// The buffer's first element.
  value_type* get_pointer() const noexcept { return this->data_; }

  friend bool operator==(const host_accessor& a, const host_accessor& b) noexcept {
    return a.same_view(b);
  }
  friend bool operator!=(const host_accessor& a, const host_accessor& b) noexcept {
    return !(a == b);
  }

 private:
  template <class A>
  void init(buffer_t<A>& buf, const range<D>& r, const id<D>& off, bool ranged) {
    this->bind(buf, r, off, ranged);
    keep_ = buf.xesim_state();
    // The view moves to the memory the host copy lives in, at the same byte offset.
    const std::ptrdiff_t at = reinterpret_cast<const std::byte*>(this->data_) - keep_->data();
    std::byte* base = keep_->host_access(AccessMode != access_mode::read);
    this->data_ = reinterpret_cast<decltype(this->data_)>(base + at);
  }

  std::shared_ptr<detail::buffer_state> keep_;
};

/// host_accessor(buf[, range[, offset]][, tag][, props]).
template <class T, int D, class A, class... Ts>
host_accessor(buffer<T, D, A>&, Ts...)
    -> host_accessor<T, D, detail::deduce_access_mode<T, Ts...>()>;

}  // namespace xesim::sycl
