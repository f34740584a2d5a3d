// property_list and the queue properties xesim understands (enable_profiling, in_order).
#pragma once

#include <type_traits>

#include "xesim/sycl/exception.hpp"

namespace xesim::sycl {

namespace property::queue {
/// Events of the queue carry command_submit/start/end timestamps.
struct enable_profiling {};
/// Commands run in submission order (xesim runs every command at submit, so always in order).
struct in_order {};
}  // namespace property::queue

template <class T>
struct is_property : std::false_type {};
template <>
struct is_property<property::queue::enable_profiling> : std::true_type {};
template <>
struct is_property<property::queue::in_order> : std::true_type {};
template <class T>
inline constexpr bool is_property_v = is_property<T>::value;

// ------------------------------ property_list
/// A set of properties: property_list{property::queue::enable_profiling{},
/// property::queue::in_order{}}.
class property_list {
 public:
  template <class... Props, std::enable_if_t<(is_property_v<Props> && ...), int> = 0>
  property_list(Props... props) {  // NOLINT: implicit, as in SYCL
    (add(props), ...);
  }

  template <class Prop>
  bool has_property() const noexcept {
    if constexpr (std::is_same_v<Prop, property::queue::enable_profiling>)
      return profiling_;
    else if constexpr (std::is_same_v<Prop, property::queue::in_order>)
      return in_order_;
    else
      return false;
  }
  template <class Prop>
  Prop get_property() const {
    if (!has_property<Prop>())
      throw exception(make_error_code(errc::invalid),
                      "get_property: the property list does not hold this property");
    return Prop{};
  }

 private:
  void add(property::queue::enable_profiling) noexcept { profiling_ = true; }
  void add(property::queue::in_order) noexcept { in_order_ = true; }

  bool profiling_ = false;
  bool in_order_ = false;
};

}  // namespace xesim::sycl
