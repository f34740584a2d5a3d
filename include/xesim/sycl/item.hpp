// item<D>, nd_range<D>, nd_item<D>, group<D>: what a kernel is handed to find its work.
// item/nd_item/group read the engine's per-work-item state (xesim::rt::item_state): building one
// costs a pointer copy, and every query is a load.
#pragma once

#include <atomic>
#include <cstddef>

#include "xesim/runtime/context.hpp"
#include "xesim/sycl/access.hpp"
#include "xesim/sycl/range.hpp"
#include "xesim/sycl/sub_group.hpp"

namespace xesim::sycl {

namespace detail {
// Row-major linearisation: dimension D-1 fastest, as SYCL defines linear ids.
template <int D>
constexpr std::size_t linearize(const std::size_t* i, const std::size_t* r) noexcept {
  std::size_t lin = i[0];
  for (int d = 1; d < D; ++d) lin = lin * r[d] + i[d];
  return lin;
}
}  // namespace detail

// ------------------------------ item
/// A work-item of a range launch: its global id and the launch range.
template <int D = 1, bool WithOffset = true>
class item {
 public:
  static constexpr int dimensions = D;
  /// Internal: built by the engine around the running work-item's state.
  explicit item(const rt::item_state& s) noexcept : s_(&s) {}

  id<D> get_id() const noexcept { return id<D>::from_array(s_->global_id); }
  std::size_t get_id(int d) const noexcept { return s_->global_id[d]; }
  std::size_t operator[](int d) const noexcept { return s_->global_id[d]; }
  range<D> get_range() const noexcept { return detail::range_from_array<D>(s_->launch->global); }
  std::size_t get_range(int d) const noexcept { return s_->launch->global[d]; }
  id<D> get_offset() const noexcept { return id<D>(); }
  std::size_t get_linear_id() const noexcept {
    return detail::linearize<D>(s_->global_id, s_->launch->global);
  }

  operator id<D>() const noexcept { return get_id(); }
  operator std::size_t() const noexcept requires(D == 1) { return s_->global_id[0]; }

 private:
  const rt::item_state* s_;
};

// ------------------------------ nd_range
/// A launch of global_range work-items in work-groups of local_range (global a multiple of local).
template <int D = 1>
class nd_range {
 public:
  static constexpr int dimensions = D;
  nd_range(range<D> global_range, range<D> local_range, id<D> offset = id<D>()) noexcept
      : global_(global_range), local_(local_range), offset_(offset) {}

  range<D> get_global_range() const noexcept { return global_; }
  range<D> get_local_range() const noexcept { return local_; }
  /// Number of work-groups per dimension (global / local, rounded down).
  range<D> get_group_range() const noexcept {
    range<D> g;
    for (int d = 0; d < D; ++d) g[d] = local_[d] ? global_[d] / local_[d] : 0;
    return g;
  }
  id<D> get_offset() const noexcept { return offset_; }

  friend bool operator==(const nd_range& a, const nd_range& b) noexcept {
    return a.global_ == b.global_ && a.local_ == b.local_ && a.offset_ == b.offset_;
  }

 private:
  range<D> global_;
  range<D> local_;
  id<D> offset_;
};

nd_range(range<1>, range<1>)->nd_range<1>;
nd_range(range<2>, range<2>)->nd_range<2>;
nd_range(range<3>, range<3>)->nd_range<3>;

// ------------------------------ group
/// The work-group the running work-item belongs to (minimal SYCL 2020 group).
template <int D = 1>
class group {
 public:
  static constexpr int dimensions = D;
  explicit group(const rt::item_state& s) noexcept : s_(&s) {}

  id<D> get_group_id() const noexcept { return id<D>::from_array(s_->group_id); }
  std::size_t get_group_id(int d) const noexcept { return s_->group_id[d]; }
  std::size_t operator[](int d) const noexcept { return s_->group_id[d]; }
  id<D> get_local_id() const noexcept { return id<D>::from_array(s_->local_id); }
  std::size_t get_local_id(int d) const noexcept { return s_->local_id[d]; }
  range<D> get_local_range() const noexcept {
    return detail::range_from_array<D>(s_->launch->local);
  }
  std::size_t get_local_range(int d) const noexcept { return s_->launch->local[d]; }
  range<D> get_group_range() const noexcept {
    range<D> g;
    for (int d = 0; d < D; ++d) g[d] = s_->launch->global[d] / s_->launch->local[d];
    return g;
  }
  std::size_t get_group_range(int d) const noexcept {
    return s_->launch->global[d] / s_->launch->local[d];
  }
  std::size_t get_group_linear_id() const noexcept { return s_->group_linear_id; }
  std::size_t get_local_linear_id() const noexcept { return s_->local_linear_id; }
  std::size_t get_group_linear_range() const noexcept { return get_group_range().size(); }
  std::size_t get_local_linear_range() const noexcept { return get_local_range().size(); }

 private:
  const rt::item_state* s_;
};

// ------------------------------ nd_item
/// A work-item of an nd_range launch: global, local and group ids and ranges.
template <int D = 1>
class nd_item {
 public:
  static constexpr int dimensions = D;
  /// Internal: built by the engine around the running work-item's state.
  explicit nd_item(const rt::item_state& s) noexcept : s_(&s) {}

  id<D> get_global_id() const noexcept { return id<D>::from_array(s_->global_id); }
  std::size_t get_global_id(int d) const noexcept { return s_->global_id[d]; }
  std::size_t get_global_linear_id() const noexcept {
    return detail::linearize<D>(s_->global_id, s_->launch->global);
  }
  id<D> get_local_id() const noexcept { return id<D>::from_array(s_->local_id); }
  std::size_t get_local_id(int d) const noexcept { return s_->local_id[d]; }
  std::size_t get_local_linear_id() const noexcept { return s_->local_linear_id; }

  group<D> get_group() const noexcept { return group<D>(*s_); }
  std::size_t get_group(int d) const noexcept { return s_->group_id[d]; }
  std::size_t get_group_linear_id() const noexcept { return s_->group_linear_id; }
  range<D> get_group_range() const noexcept { return get_group().get_group_range(); }
  std::size_t get_group_range(int d) const noexcept {
    return s_->launch->global[d] / s_->launch->local[d];
  }

  range<D> get_global_range() const noexcept {
    return detail::range_from_array<D>(s_->launch->global);
  }
  std::size_t get_global_range(int d) const noexcept { return s_->launch->global[d]; }
  range<D> get_local_range() const noexcept {
    return detail::range_from_array<D>(s_->launch->local);
  }
  std::size_t get_local_range(int d) const noexcept { return s_->launch->local[d]; }
  id<D> get_offset() const noexcept { return id<D>(); }
  nd_range<D> get_nd_range() const noexcept {
    return nd_range<D>(get_global_range(), get_local_range());
  }

  // ------------------------------ barrier / mem_fence
  /// Work-group barrier (SYCL 1.2.1 spelling of group_barrier): returns when every work-item of
  /// the group has reached it, with their memory writes before it visible. Pre: reached by all
  /// work-items the same number of times (barrier-divergence). HW: fence + barrier.
  void barrier(access::fence_space = access::fence_space::global_and_local) const {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    rt::barrier();
  }
  /// Orders this work-item's memory accesses (a full fence on the CPU).
  void mem_fence(access::fence_space = access::fence_space::global_and_local) const noexcept {
    std::atomic_thread_fence(std::memory_order_seq_cst);
  }

  /// The work-item's sub-group: in ESIMD, the work-item alone (size 1, as DPC++).
  sub_group get_sub_group() const noexcept { return sub_group(*s_); }

 private:
  const rt::item_state* s_;
};

// ------------------------------ group_barrier
/// SYCL 2020 work-group barrier: as nd_item::barrier. HW: fence + barrier.
template <int D>
void group_barrier(const group<D>&) {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  rt::barrier();
}

}  // namespace xesim::sycl
