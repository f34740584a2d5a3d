// accessor<T, D, Mode, Target>: a buffer's memory in a command group. Device accessors are
// trivially copyable (a pointer and three ranges), so kernels and the ESIMD accessor overloads
// take them by value at no cost; the buffer's memory lives as long as the buffer (commands run at
// submit, before the buffer can go away). Built the SYCL 2020 way, with CTAD and tags:
// `accessor a(buf, cgh, read_only)`, `accessor b{buf, cgh, range, offset, write_only, no_init}`.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include "xesim/sycl/access.hpp"
#include "xesim/sycl/accessor_traits.hpp"
#include "xesim/sycl/accessor_view.hpp"
#include "xesim/sycl/buffer.hpp"
#include "xesim/sycl/handler.hpp"
#include "xesim/sycl/host_accessor.hpp"
#include "xesim/sycl/local_accessor.hpp"
#include "xesim/sycl/multi_ptr.hpp"
#include "xesim/sycl/property.hpp"

namespace xesim::sycl {

namespace detail {
/// Compile-time check of an accessor constructor's tag against the accessor's mode and target.
template <class TagT, access_mode M, target T>
constexpr void check_accessor_tag() {
  static_assert(mode_of_tag<TagT>::kMode == M,
                "accessor: the tag's access mode (read_only / write_only / read_write) differs "
                "from the accessor's access_mode");
  static_assert(
      mode_of_tag<TagT>::kTarget == T ||
          (mode_of_tag<TagT>::kTarget == sycl::target::device && T == sycl::target::device),
      "accessor: the tag's target (e.g. read_only_host_task) differs from the "
      "accessor's target");
}
template <class T>
using tag_ok_t = std::enable_if_t<is_mode_tag_v<T>, int>;
}  // namespace detail

// ------------------------------ accessor
/// Device (target::device), host_task and constant_buffer accessors of a buffer. Indices are
/// relative to the accessor's offset; get_pointer() is the buffer's first element (SYCL 2020).
template <class DataT, int Dimensions, access_mode AccessMode, target AccessTarget,
          access::placeholder IsPlaceholder>
class accessor : public detail::accessor_view<detail::acc_value_t<DataT, AccessMode>, Dimensions> {
  static_assert(Dimensions >= 1 && Dimensions <= 3,
                "accessor: 0-dimensional accessors are not supported by xesim; use a range of 1");
  static_assert(AccessMode != sycl::access_mode::atomic,
                "accessor: access_mode::atomic (deprecated in SYCL 2020) is not supported by "
                "xesim; use esimd::atomic_update on the accessor");
  static_assert(AccessTarget != sycl::target::image && AccessTarget != sycl::target::host_image &&
                    AccessTarget != sycl::target::image_array,
                "accessor: image accessors are not supported by xesim");
  static constexpr int D = Dimensions;
  using view = detail::accessor_view<detail::acc_value_t<DataT, AccessMode>, Dimensions>;
  template <class A>
  using buffer_t = buffer<std::remove_const_t<DataT>, Dimensions, A>;

 public:
  static constexpr int dimensions = Dimensions;
  static constexpr sycl::access_mode access_mode = AccessMode;
  static constexpr sycl::target access_target = AccessTarget;
  using value_type = detail::acc_value_t<DataT, AccessMode>;
  using reference = value_type&;
  using const_reference = const DataT&;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<value_type, access::address_space::global_space, IsDecorated>;
  using typename view::const_iterator;
  using typename view::const_reverse_iterator;
  using typename view::difference_type;
  using typename view::iterator;
  using typename view::reverse_iterator;
  using typename view::size_type;

  /// For the ESIMD accessor overloads (xesim/sycl/accessor_traits.hpp).
  static constexpr detail::acc_space kXesimSpace =
      AccessTarget == sycl::target::device || AccessTarget == sycl::target::constant_buffer
          ? detail::acc_space::global
          : detail::acc_space::none;
  static constexpr bool kXesimCanRead =
      AccessMode != sycl::access_mode::write && AccessMode != sycl::access_mode::discard_write;
  static constexpr bool kXesimCanWrite =
      AccessMode != sycl::access_mode::read && AccessTarget != sycl::target::constant_buffer;

  accessor() = default;

  // ------------------------------ placeholder accessors (no handler: cgh.require() them)
  template <class A>
  accessor(buffer_t<A>& buf, const property_list& = {}) {
    init(buf, true, {}, {}, false);
  }
  template <class A, class TagT, detail::tag_ok_t<TagT> = 0>
  accessor(buffer_t<A>& buf, TagT, const property_list& = {}) {
    detail::check_accessor_tag<TagT, AccessMode, AccessTarget>();
    init(buf, true, {}, {}, false);
  }
  template <class A>
  accessor(buffer_t<A>& buf, range<D> accessRange, const property_list& = {}) {
    init(buf, true, accessRange, {}, true);
  }
  template <class A, class TagT, detail::tag_ok_t<TagT> = 0>
  accessor(buffer_t<A>& buf, range<D> accessRange, TagT, const property_list& = {}) {
    detail::check_accessor_tag<TagT, AccessMode, AccessTarget>();
    init(buf, true, accessRange, {}, true);
  }
  template <class A>
  accessor(buffer_t<A>& buf, range<D> accessRange, id<D> accessOffset, const property_list& = {}) {
    init(buf, true, accessRange, accessOffset, true);
  }
  template <class A, class TagT, detail::tag_ok_t<TagT> = 0>
  accessor(buffer_t<A>& buf, range<D> accessRange, id<D> accessOffset, TagT,
           const property_list& = {}) {
    detail::check_accessor_tag<TagT, AccessMode, AccessTarget>();
    init(buf, true, accessRange, accessOffset, true);
  }

  // ------------------------------ accessors of a command group
  template <class A>
  accessor(buffer_t<A>& buf, handler&, const property_list& = {}) {
    init(buf, false, {}, {}, false);
  }
  template <class A, class TagT, detail::tag_ok_t<TagT> = 0>
  accessor(buffer_t<A>& buf, handler&, TagT, const property_list& = {}) {
    detail::check_accessor_tag<TagT, AccessMode, AccessTarget>();
    init(buf, false, {}, {}, false);
  }
  template <class A>
  accessor(buffer_t<A>& buf, handler&, range<D> accessRange, const property_list& = {}) {
    init(buf, false, accessRange, {}, true);
  }
  template <class A, class TagT, detail::tag_ok_t<TagT> = 0>
  accessor(buffer_t<A>& buf, handler&, range<D> accessRange, TagT, const property_list& = {}) {
    detail::check_accessor_tag<TagT, AccessMode, AccessTarget>();
    init(buf, false, accessRange, {}, true);
  }
  template <class A>
  accessor(buffer_t<A>& buf, handler&, range<D> accessRange, id<D> accessOffset,
           const property_list& = {}) {
    init(buf, false, accessRange, accessOffset, true);
  }
  template <class A, class TagT, detail::tag_ok_t<TagT> = 0>
  accessor(buffer_t<A>& buf, handler&, range<D> accessRange, id<D> accessOffset, TagT,
           const property_list& = {}) {
    detail::check_accessor_tag<TagT, AccessMode, AccessTarget>();
    init(buf, false, accessRange, accessOffset, true);
  }

  // ------------------------------ queries
  bool is_placeholder() const noexcept { return placeholder_; }
  [[deprecated("use size()")]] std::size_t get_count() const noexcept { return this->size(); }
  [[deprecated("use byte_size()")]] std::size_t get_size() const noexcept {
    return this->byte_size();
  }
  void swap(accessor& other) noexcept {
    this->swap_view(other);
    std::swap(placeholder_, other.placeholder_);
    std::swap(state_, other.state_);
  }

  // ------------------------------ element access
  reference operator[](id<D> index) const noexcept { return this->at(index); }
  template <int E = D, std::enable_if_t<E == 1, int> = 0>
  reference operator[](std::size_t index) const noexcept {
    return this->data_[this->offset_[0] + index];
  }
  template <int E = D, std::enable_if_t<(E > 1), int> = 0>
  detail::accessor_subscript<accessor, D, 1> operator[](std::size_t index) const noexcept {
    id<D> i;
    i[0] = index;
    return detail::accessor_subscript<accessor, D, 1>(*this, i);
  }

  /// The buffer's first element: a global_ptr for device accessors (deprecated in SYCL 2020,
  /// as DPC++ typed over DataT), a plain pointer for host_task ones.
  auto get_pointer() const noexcept {
    if constexpr (AccessTarget == sycl::target::host_task)
      return this->data_;
    else
      return global_ptr<DataT>(const_cast<DataT*>(this->data_));
  }
  template <access::decorated IsDecorated>
  accessor_ptr<IsDecorated> get_multi_ptr() const noexcept {
    return accessor_ptr<IsDecorated>(this->data_);
  }

  friend bool operator==(const accessor& a, const accessor& b) noexcept { return a.same_view(b); }
  friend bool operator!=(const accessor& a, const accessor& b) noexcept { return !(a == b); }

  /// xesim: the buffer's first element (ESIMD byte offsets count from here).
  value_type* xesim_base() const noexcept { return this->data_; }
  /// xesim (handler::require): a command group now uses this placeholder accessor.
  void xesim_require() const {
    if (state_) state_->device_access(AccessMode != access_mode::read);
  }

 private:
  template <class A>
  void init(buffer_t<A>& buf, bool placeholder, const range<D>& r, const id<D>& off, bool ranged) {
    this->bind(buf, r, off, ranged);
    state_ = buf.xesim_state().get();
    state_->device_access(AccessMode != access_mode::read);
    placeholder_ = placeholder;
  }

  detail::buffer_state* state_ = nullptr;  // not owned: an accessor may not outlive its buffer
  bool placeholder_ = false;
};

// ------------------------------ accessor<..., target::host_buffer> (SYCL 1.2.1)
/// The deprecated host accessor spelling (buffer::get_access<mode>()): a host_accessor.
template <class DataT, int Dimensions, access_mode AccessMode, access::placeholder IsPlaceholder>
class accessor<DataT, Dimensions, AccessMode, sycl::target::host_buffer, IsPlaceholder>
    : public host_accessor<DataT, Dimensions, AccessMode> {
 public:
  static constexpr sycl::target access_target = sycl::target::host_buffer;
  using host_accessor<DataT, Dimensions, AccessMode>::host_accessor;
  bool is_placeholder() const noexcept { return false; }
};

// ------------------------------ deduction guides
namespace detail {
template <class... Ts>
struct first_is_handler : std::false_type {};
template <class T, class... Ts>
struct first_is_handler<T, Ts...> : std::is_same<std::remove_cvref_t<T>, handler> {};
}  // namespace detail

/// accessor(buf[, range[, offset]][, tag][, props]): a placeholder accessor.
template <class T, int D, class A, class... Ts>
requires(!detail::first_is_handler<Ts...>::value) accessor(buffer<T, D, A>&, Ts...)
->accessor<T, D, detail::deduce_access_mode<T, Ts...>(),
           detail::deduce_target<sycl::target::device, Ts...>(), access::placeholder::true_t>;
/// accessor(buf, cgh[, range[, offset]][, tag][, props]).
template <class T, int D, class A, class... Ts>
accessor(buffer<T, D, A>&, handler&, Ts...)
    -> accessor<T, D, detail::deduce_access_mode<T, Ts...>(),
                detail::deduce_target<sycl::target::device, Ts...>(), access::placeholder::false_t>;

}  // namespace xesim::sycl
