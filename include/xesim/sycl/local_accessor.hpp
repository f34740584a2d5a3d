// local_accessor<T, D>: work-group local memory declared by a command group. In xesim (as in
// DPC++'s ESIMD) it is SLM: the command group's local accessors are laid out from SLM offset 0,
// every work-group of the nd_range launch gets them before its first work-item runs, and the
// ESIMD accessor overloads (block_load(lacc, ...), gather(lacc, ...), ...) reach them by offset.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include "xesim/runtime/context.hpp"
#include "xesim/sycl/access.hpp"
#include "xesim/sycl/accessor_traits.hpp"
#include "xesim/sycl/accessor_view.hpp"
#include "xesim/sycl/handler.hpp"
#include "xesim/sycl/multi_ptr.hpp"
#include "xesim/sycl/property.hpp"

namespace xesim::sycl {

namespace detail {
/// Raised when a local accessor's memory is touched outside an nd_range work-group.
[[noreturn, gnu::cold, gnu::noinline]] inline void local_accessor_outside_kernel() {
  throw exception(make_error_code(errc::invalid),
                  "local_accessor: its memory exists only while an nd_range kernel of its "
                  "command group runs (not on the host, not in a range or single_task kernel)");
}
}  // namespace detail

// ------------------------------ local_accessor
/// D-dimensional local memory of T, one copy per work-group. Indexable in the kernel; its
/// get_pointer() holds the SLM byte offset (DPC++ ESIMD), for slm_block_load(offset + ...).
template <class DataT, int Dimensions>
class local_accessor {
  static_assert(Dimensions >= 1 && Dimensions <= 3,
                "local_accessor: 0-dimensional local accessors are not supported by xesim; use "
                "a range of 1");
  static constexpr int D = Dimensions;

 public:
  static constexpr int dimensions = Dimensions;
  using value_type = DataT;
  using reference = value_type&;
  using const_reference = const DataT&;
  template <access::decorated IsDecorated>
  using accessor_ptr = multi_ptr<value_type, access::address_space::local_space, IsDecorated>;
  using iterator = value_type*;
  using const_iterator = const value_type*;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;
  using difference_type = std::ptrdiff_t;
  using size_type = std::size_t;

  /// For the ESIMD accessor overloads (xesim/sycl/accessor_traits.hpp).
  static constexpr detail::acc_space kXesimSpace = detail::acc_space::local;
  static constexpr bool kXesimCanRead = true;
  static constexpr bool kXesimCanWrite = !std::is_const_v<DataT>;

  local_accessor() = default;
  /// allocationSize elements of local memory for the kernel cgh launches.
  local_accessor(range<D> allocationSize, handler& cgh, const property_list& = {})
      : range_(allocationSize),
        offset_(cgh.xesim_reserve_local_memory(allocationSize.size() * sizeof(DataT),
                                               alignof(DataT))) {}

  void swap(local_accessor& other) noexcept {
    std::swap(range_, other.range_);
    std::swap(offset_, other.offset_);
  }
  size_type byte_size() const noexcept { return size() * sizeof(DataT); }
  size_type size() const noexcept { return range_.size(); }
  size_type max_size() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  range<D> get_range() const { return range_; }

  // ------------------------------ element access (in the kernel)
  reference operator[](id<D> index) const { return data()[detail::linear_id<D>(index, range_)]; }
  template <int E = D, std::enable_if_t<E == 1, int> = 0>
  reference operator[](std::size_t index) const {
    return data()[index];
  }
  template <int E = D, std::enable_if_t<(E > 1), int> = 0>
  detail::accessor_subscript<local_accessor, D, 1> operator[](std::size_t index) const {
    id<D> i;
    i[0] = index;
    return detail::accessor_subscript<local_accessor, D, 1>(*this, i);
  }

  /// The SLM byte offset of the memory, as a pointer (DPC++ ESIMD): reinterpret_cast it to
  /// uintptr_t for slm_* offsets. Not dereferenceable on the CPU: index the accessor instead.
  std::add_pointer_t<value_type> get_pointer() const noexcept {
    return reinterpret_cast<value_type*>(static_cast<std::uintptr_t>(offset_));
  }
  /// The same SLM offset as a local_ptr.
  template <access::decorated IsDecorated>
  accessor_ptr<IsDecorated> get_multi_ptr() const noexcept {
    return accessor_ptr<IsDecorated>(get_pointer());
  }

  /// Iterators over this work-group's copy (valid only while the kernel runs).
  iterator begin() const { return data(); }
  iterator end() const { return data() + size(); }
  const_iterator cbegin() const { return data(); }
  const_iterator cend() const { return data() + size(); }
  reverse_iterator rbegin() const { return reverse_iterator(end()); }
  reverse_iterator rend() const { return reverse_iterator(begin()); }
  const_reverse_iterator crbegin() const { return const_reverse_iterator(cend()); }
  const_reverse_iterator crend() const { return const_reverse_iterator(cbegin()); }

  friend bool operator==(const local_accessor& a, const local_accessor& b) noexcept {
    return a.offset_ == b.offset_ && a.range_ == b.range_;
  }
  friend bool operator!=(const local_accessor& a, const local_accessor& b) noexcept {
    return !(a == b);
  }

  /// xesim: the SLM byte offset of this accessor's memory.
  std::uint32_t xesim_slm_offset() const noexcept { return offset_; }

 private:
  /// This work-group's copy: the running work-item's SLM at offset_ (its size was checked when
  /// the command group launched; SLM exists only in nd_range kernels).
  value_type* data() const {
    const rt::item_state* it = rt::current_item();
    if (!it || !it->slm || it->slm_size < offset_ + byte_size()) [[unlikely]]
      detail::local_accessor_outside_kernel();
    return reinterpret_cast<value_type*>(it->slm + offset_);
  }

  range<D> range_;
  std::uint32_t offset_ = 0;
};

// ------------------------------ accessor<..., target::local> (SYCL 1.2.1)
/// The deprecated local accessor spelling: a local_accessor.
template <class DataT, int Dimensions, access_mode AccessMode, access::placeholder IsPlaceholder>
class accessor<DataT, Dimensions, AccessMode, target::local, IsPlaceholder>
    : public local_accessor<DataT, Dimensions> {
  static_assert(AccessMode == access_mode::read_write || AccessMode == access_mode::atomic ||
                    AccessMode == access_mode::discard_read_write,
                "accessor<..., target::local>: local accessors are read_write");
  static_assert(AccessMode != access_mode::atomic,
                "accessor<..., access_mode::atomic, target::local> is not supported by xesim "
                "(deprecated in SYCL 2020); use esimd::atomic_update on the local accessor");

 public:
  accessor() = default;
  accessor(range<Dimensions> allocationSize, handler& cgh, const property_list& props = {})
      : local_accessor<DataT, Dimensions>(allocationSize, cgh, props) {}
  bool is_placeholder() const noexcept { return false; }
};

}  // namespace xesim::sycl
