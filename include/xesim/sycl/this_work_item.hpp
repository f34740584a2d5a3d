// The running work-item without a kernel argument: sycl::ext::oneapi::this_work_item::
// get_nd_item<D>(), get_work_group<D>(), get_sub_group(), and the older experimental this_nd_item / this_item / this_id / this_group /
// this_sub_group.
#pragma once

#include "xesim/runtime/context.hpp"
#include "xesim/sycl/exception.hpp"
#include "xesim/sycl/item.hpp"

namespace xesim::sycl::ext::oneapi {
namespace detail {
/// The running work-item's state; throws errc::invalid outside a kernel.
inline const rt::item_state& this_item_state() {
  const rt::item_state* s = rt::current_item();
  if (!s)
    throw exception(make_error_code(errc::invalid),
                    "this_work_item: called outside a running kernel");
  return *s;
}
}  // namespace detail

namespace this_work_item {
/// The running work-item of an nd_range kernel. Pre: inside one (errc::invalid outside a
/// kernel). HW: none (reads the thread's payload).
template <int D>
nd_item<D> get_nd_item() {
  return nd_item<D>(detail::this_item_state());
}
/// Its sub-group (in ESIMD, the work-item alone).
inline sub_group get_sub_group() { return sub_group(detail::this_item_state()); }
/// Its work-group.
template <int D>
group<D> get_work_group() {
  return group<D>(detail::this_item_state());
}
}  // namespace this_work_item

namespace experimental {
/// Deprecated DPC++ spellings of this_work_item::get_nd_item & co.
template <int D>
nd_item<D> this_nd_item() {
  return nd_item<D>(detail::this_item_state());
}
template <int D>
item<D> this_item() {
  return item<D>(detail::this_item_state());
}
template <int D>
id<D> this_id() {
  return item<D>(detail::this_item_state()).get_id();
}
template <int D>
group<D> this_group() {
  return group<D>(detail::this_item_state());
}
inline sub_group this_sub_group() { return sub_group(detail::this_item_state()); }
}  // namespace experimental
}  // namespace xesim::sycl::ext::oneapi
