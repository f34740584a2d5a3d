// SYCL 2020 specialization constants: specialization_id<T>, handler::set_specialization_constant
// / get_specialization_constant, kernel_handler. A DPC++ build folds the value into the kernel at
// JIT time; here the command group keeps the values it was given and the kernel reads them
// through the kernel_handler it takes as its last argument (item, kernel_handler) or
// (kernel_handler) for single_task. Kernel bundles are not modelled: a value is per command group.
#pragma once

#include <cstring>
#include <map>
#include <memory>
#include <type_traits>
#include <utility>

namespace xesim::sycl {

/// A specialization constant's identity and default value. DPC++ requires a namespace-scope or
/// static `constexpr` object of a device-copyable T; it is neither copyable nor movable.
template <class T>
class specialization_id {
 public:
  using value_type = T;
  template <class... Args>
  requires std::is_constructible_v<T, Args&&...>
  explicit constexpr specialization_id(Args&&... args) : default_(std::forward<Args>(args)...) {}
  specialization_id(const specialization_id&) = delete;
  specialization_id& operator=(const specialization_id&) = delete;

  /// Internal: the default value.
  constexpr const T& xesim_default() const { return default_; }

 private:
  T default_;
};

namespace detail {
/// The values one command group set, by the address of their specialization_id.
class spec_constants {
 public:
  template <auto& Id>
  void set(const typename std::remove_reference_t<decltype(Id)>::value_type& v) {
    using T = typename std::remove_reference_t<decltype(Id)>::value_type;
    static_assert(std::is_trivially_copyable_v<T>,
                  "set_specialization_constant: the value type must be device-copyable "
                  "(trivially copyable)");
    auto& slot = values_[static_cast<const void*>(&Id)];
    slot.assign(reinterpret_cast<const unsigned char*>(&v),
                reinterpret_cast<const unsigned char*>(&v) + sizeof(T));
  }
  template <auto& Id>
  typename std::remove_reference_t<decltype(Id)>::value_type get() const {
    using T = typename std::remove_reference_t<decltype(Id)>::value_type;
    const auto it = values_.find(static_cast<const void*>(&Id));
    if (it == values_.end()) return Id.xesim_default();
    T v;
    std::memcpy(static_cast<void*>(&v), it->second.data(), sizeof(T));
    return v;
  }
  template <auto& Id>
  bool has() const {
    return values_.count(static_cast<const void*>(&Id)) != 0;
  }

 private:
  std::map<const void*, std::basic_string<unsigned char>> values_;
};
}  // namespace detail

/// What a kernel that asks for it receives as its last argument: the command group's
/// specialization constants.
class kernel_handler {
 public:
  template <auto& SpecName>
  typename std::remove_reference_t<decltype(SpecName)>::value_type get_specialization_constant()
      const {
    if (!values_) return SpecName.xesim_default();
    return values_->template get<SpecName>();
  }

  /// Internal: made by the handler for one launch.
  explicit kernel_handler(const detail::spec_constants* v) : values_(v) {}

 private:
  const detail::spec_constants* values_;
};

namespace detail {
/// Whether a kernel takes the kernel_handler after its index argument(s).
template <class K, class... Args>
inline constexpr bool takes_kernel_handler_v =
    std::is_invocable_v<const K&, Args..., kernel_handler>;

/// A kernel taking (args..., kernel_handler) seen as one taking (args...): the launch forms and
/// the invokers stay as they are.
template <class K>
struct with_kernel_handler {
  const K* kernel;
  kernel_handler kh;
  template <class... Args>
  requires std::is_invocable_v<const K&, Args..., kernel_handler>
  void operator()(Args... args) const { (*kernel)(args..., kh); }
};
}  // namespace detail
}  // namespace xesim::sycl
