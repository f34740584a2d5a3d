// property_list and the properties xesim understands: queue (enable_profiling, in_order), buffer
// (use_host_ptr, use_mutex, context_bound, in buffer.hpp) and accessor (no_init).
#pragma once

#include <any>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "xesim/sycl/access.hpp"
#include "xesim/sycl/exception.hpp"

namespace xesim::sycl {

namespace property::queue {
/// Events of the queue carry command_submit/start/end timestamps.
struct enable_profiling {};
/// Commands run in submission order (xesim runs every command at submit, so always in order).
struct in_order {};
}  // namespace property::queue

/// Whether T is a SYCL property (specialised for each property type xesim accepts).
template <class T>
struct is_property : std::false_type {};
template <>
struct is_property<property::queue::enable_profiling> : std::true_type {};
template <>
struct is_property<property::queue::in_order> : std::true_type {};
template <>
struct is_property<property::no_init> : std::true_type {};
template <>
struct is_property<property::noinit> : std::true_type {};
template <class T>
inline constexpr bool is_property_v = is_property<T>::value;

/// Whether property T applies to SYCL object type SyclObject (kept permissive: every property
/// xesim knows is accepted where it is given; unknown ones do not compile).
template <class T, class SyclObject>
struct is_property_of : is_property<T> {};
template <class T, class SyclObject>
inline constexpr bool is_property_of_v = is_property_of<T, SyclObject>::value;

// ------------------------------ property_list
/// A set of properties: property_list{property::queue::enable_profiling{},
/// property::queue::in_order{}}, or a single property converted implicitly (`no_init`).
class property_list {
 public:
  template <class... Props, std::enable_if_t<(is_property_v<std::decay_t<Props>> && ...), int> = 0>
  property_list(Props... props) {  // NOLINT: implicit, as in SYCL
    props_.reserve(sizeof...(Props));
    (props_.emplace_back(std::move(props)), ...);
  }

  template <class Prop>
  bool has_property() const noexcept {
    for (const std::any& p : props_)
      if (p.type() == typeid(Prop)) return true;
    return false;
  }
  /// The property of type Prop; throws errc::invalid when the list does not hold one.
  template <class Prop>
  Prop get_property() const {
    for (const std::any& p : props_)
      if (p.type() == typeid(Prop)) return std::any_cast<Prop>(p);
    throw exception(make_error_code(errc::invalid),
                    "get_property: the property list does not hold this property");
  }

 private:
  std::vector<std::any> props_;
};

}  // namespace xesim::sycl
