// What buffer accessors (accessor, host_accessor) share: the buffer's storage, its range, the
// accessed sub-range and offset; element lookup, iteration over the sub-range, and the
// acc[i][j][k] subscript chain of multi-dimensional accessors.
#pragma once

#include <cstddef>
#include <iterator>
#include <type_traits>

#include "xesim/sycl/buffer.hpp"
#include "xesim/sycl/range.hpp"

namespace xesim::sycl::detail {

/// The element type an accessor of mode M exposes: const for read-only modes.
template <class DataT, access_mode M>
using acc_value_t = std::conditional_t<M == access_mode::read, const DataT, DataT>;

// ------------------------------ accessor_subscript
/// acc[i] of a D-dimensional accessor with K < D indices fixed; the last [] gives the element.
template <class Acc, int D, int K>
class accessor_subscript {
 public:
  accessor_subscript(const Acc& acc, const id<D>& idx) noexcept : acc_(&acc), idx_(idx) {}
  decltype(auto) operator[](std::size_t i) const {
    id<D> next = idx_;
    next[K] = i;
    if constexpr (K + 1 == D)
      return (*acc_)[next];
    else
      return accessor_subscript<Acc, D, K + 1>(*acc_, next);
  }

 private:
  const Acc* acc_;
  id<D> idx_;
};

template <class V, int D>
class accessor_view;

// ------------------------------ accessor_iterator
/// Random-access iterator over the accessed sub-range of a multi-dimensional accessor whose
/// view holds ViewV, yielding W& (W = ViewV or const ViewV), in row-major order.
/// 1-dimensional accessors iterate with plain pointers instead.
template <class ViewV, class W, int D>
class accessor_iterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = std::remove_const_t<W>;
  using difference_type = std::ptrdiff_t;
  using pointer = W*;
  using reference = W&;

  accessor_iterator() = default;
  accessor_iterator(const accessor_view<ViewV, D>* v, std::size_t lin) noexcept
      : view_(v), lin_(lin) {}

  reference operator*() const noexcept { return view_->at_linear(lin_); }
  pointer operator->() const noexcept { return &view_->at_linear(lin_); }
  reference operator[](difference_type n) const noexcept { return *(*this + n); }
  accessor_iterator& operator++() noexcept { return ++lin_, *this; }
  accessor_iterator operator++(int) noexcept {
    accessor_iterator r = *this;
    ++lin_;
    return r;
  }
  accessor_iterator& operator--() noexcept { return --lin_, *this; }
  accessor_iterator operator--(int) noexcept {
    accessor_iterator r = *this;
    --lin_;
    return r;
  }
  accessor_iterator& operator+=(difference_type n) noexcept { return lin_ += n, *this; }
  accessor_iterator& operator-=(difference_type n) noexcept { return lin_ -= n, *this; }
  friend accessor_iterator operator+(accessor_iterator a, difference_type n) noexcept {
    return a += n;
  }
  friend accessor_iterator operator+(difference_type n, accessor_iterator a) noexcept {
    return a += n;
  }
  friend accessor_iterator operator-(accessor_iterator a, difference_type n) noexcept {
    return a -= n;
  }
  friend difference_type operator-(const accessor_iterator& a,
                                   const accessor_iterator& b) noexcept {
    return static_cast<difference_type>(a.lin_) - static_cast<difference_type>(b.lin_);
  }
  friend bool operator==(const accessor_iterator& a, const accessor_iterator& b) noexcept {
    return a.lin_ == b.lin_ && a.view_ == b.view_;
  }
  friend auto operator<=>(const accessor_iterator& a, const accessor_iterator& b) noexcept {
    return a.lin_ <=> b.lin_;
  }

 private:
  const accessor_view<ViewV, D>* view_ = nullptr;
  std::size_t lin_ = 0;  // linear index in the accessed sub-range
};

/// Iterators of a D-dimensional accessor viewing ViewV and yielding W: pointers when D == 1.
template <class ViewV, class W, int D>
using accessor_iterator_t = std::conditional_t<D == 1, W*, accessor_iterator<ViewV, W, D>>;

// ------------------------------ accessor_view
/// The storage a buffer accessor reaches: data_ is the buffer's first element, mem_range_ the
/// buffer's range, acc_range_/offset_ the accessed sub-range (ranged accessors).
template <class V, int D>
class accessor_view {
 public:
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;

  accessor_view() = default;

  /// The element at index i of the accessed range (relative to the accessor's offset).
  V& at(const id<D>& i) const noexcept {
    if constexpr (D == 1)
      return data_[offset_[0] + i[0]];
    else
      return data_[linear_id<D>(offset_ + i, mem_range_)];
  }
  /// The element at linear index `lin` of the accessed range.
  V& at_linear(std::size_t lin) const noexcept {
    if constexpr (D == 1)
      return data_[offset_[0] + lin];
    else
      return at(delinearize<D>(lin, acc_range_));
  }

  range<D> get_range() const noexcept { return acc_range_; }
  id<D> get_offset() const noexcept { return offset_; }
  size_type size() const noexcept { return acc_range_.size(); }
  size_type byte_size() const noexcept { return size() * sizeof(V); }
  size_type max_size() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }

  using iterator = accessor_iterator_t<V, V, D>;
  using const_iterator = accessor_iterator_t<V, const V, D>;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  iterator begin() const noexcept { return iter<V>(0); }
  iterator end() const noexcept { return iter<V>(size()); }
  const_iterator cbegin() const noexcept { return iter<const V>(0); }
  const_iterator cend() const noexcept { return iter<const V>(size()); }
  reverse_iterator rbegin() const noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() const noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator crbegin() const noexcept { return const_reverse_iterator(cend()); }
  const_reverse_iterator crend() const noexcept { return const_reverse_iterator(cbegin()); }

 protected:
  /// Points the view at `buf`'s memory; a ranged access must lie inside the buffer.
  template <class Buffer>
  void bind(Buffer& buf, const range<D>& r, const id<D>& off, bool ranged) {
    const range<D> whole = buf.get_range();
    if (ranged)
      for (int d = 0; d < D; ++d)
        if (off[d] + r[d] > whole[d])
          throw exception(make_error_code(errc::invalid),
                          "accessor: the access range and offset exceed the buffer's range");
    data_ = buf.xesim_data();
    mem_range_ = whole;
    acc_range_ = ranged ? r : whole;
    offset_ = ranged ? off : id<D>();
  }
  void swap_view(accessor_view& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(mem_range_, o.mem_range_);
    std::swap(acc_range_, o.acc_range_);
    std::swap(offset_, o.offset_);
  }
  bool same_view(const accessor_view& o) const noexcept {
    return data_ == o.data_ && mem_range_ == o.mem_range_ && acc_range_ == o.acc_range_ &&
           offset_ == o.offset_;
  }

  V* data_ = nullptr;
  range<D> mem_range_;
  range<D> acc_range_;
  id<D> offset_;

 private:
  template <class W>
  accessor_iterator_t<V, W, D> iter(std::size_t lin) const noexcept {
    if constexpr (D == 1)
      return data_ + offset_[0] + lin;
    else
      return accessor_iterator<V, W, D>(this, lin);
  }
};

}  // namespace xesim::sycl::detail
