// sub_group: what an ESIMD kernel's sub-group is in DPC++. A work-item is a whole hardware
// thread, so its sub-group holds just it: size 1, local id 0, one sub-group per work-item.
// Queries only; sub-group collectives (shuffles, reductions) are not declared.
#pragma once

#include <cstddef>
#include <cstdint>

#include "xesim/runtime/context.hpp"
#include "xesim/sycl/range.hpp"

namespace xesim::sycl {

// ------------------------------ sub_group
/// The running work-item's sub-group in an ESIMD kernel: one work-item.
class sub_group {
 public:
  using id_type = id<1>;
  using range_type = range<1>;
  using linear_id_type = std::uint32_t;
  static constexpr int dimensions = 1;
  explicit sub_group(const rt::item_state& s) noexcept : s_(&s) {}

  id<1> get_local_id() const noexcept { return id<1>(0); }
  std::uint32_t get_local_linear_id() const noexcept { return 0; }
  range<1> get_local_range() const noexcept { return range<1>(1); }
  std::uint32_t get_local_linear_range() const noexcept { return 1; }
  range<1> get_max_local_range() const noexcept { return range<1>(1); }
  /// Sub-group k of a work-group is its work-item with local linear id k.
  id<1> get_group_id() const noexcept { return id<1>(s_->local_linear_id); }
  std::uint32_t get_group_linear_id() const noexcept {
    return static_cast<std::uint32_t>(s_->local_linear_id);
  }
  range<1> get_group_range() const noexcept {
    const std::size_t* l = s_->launch->local;
    return range<1>(l[0] * l[1] * l[2]);
  }
  std::uint32_t get_group_linear_range() const noexcept {
    return static_cast<std::uint32_t>(get_group_range()[0]);
  }
  bool leader() const noexcept { return true; }

 private:
  const rt::item_state* s_;
};

}  // namespace xesim::sycl
