// sycl::exception, errc, exception_list, async_handler: how the host API reports errors.
#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace xesim::sycl {

/// Error codes of the SYCL error category, spelled and numbered as in SYCL 2020.
enum class errc : int {
  success = 0,
  runtime = 1,
  kernel = 2,
  accessor = 3,
  nd_range = 4,
  event = 5,
  kernel_argument = 6,
  build = 7,
  invalid = 8,
  memory_allocation = 9,
  platform = 10,
  profiling = 11,
  feature_not_supported = 12,
  kernel_not_supported = 13,
  backend_mismatch = 14,
};

namespace detail {
class sycl_error_category final : public std::error_category {
 public:
  const char* name() const noexcept override { return "sycl"; }
  std::string message(int code) const override {
    switch (static_cast<errc>(code)) {
      case errc::success:
        return "success";
      case errc::runtime:
        return "runtime error";
      case errc::kernel:
        return "kernel error";
      case errc::accessor:
        return "accessor error";
      case errc::nd_range:
        return "invalid nd_range";
      case errc::event:
        return "event error";
      case errc::kernel_argument:
        return "invalid kernel argument";
      case errc::build:
        return "build error";
      case errc::invalid:
        return "invalid object or argument";
      case errc::memory_allocation:
        return "memory allocation failure";
      case errc::platform:
        return "platform error";
      case errc::profiling:
        return "profiling error";
      case errc::feature_not_supported:
        return "feature not supported";
      case errc::kernel_not_supported:
        return "kernel not supported";
      case errc::backend_mismatch:
        return "backend mismatch";
    }
    return "unknown sycl error";
  }
};
}  // namespace detail

/// The category of every sycl::errc.
inline const std::error_category& sycl_category() noexcept {
  static const detail::sycl_error_category category;
  return category;
}

inline std::error_code make_error_code(errc e) noexcept {
  return {static_cast<int>(e), sycl_category()};
}

// ------------------------------ exception
/// What every failure of the host API and of a kernel launch throws: an error code of the sycl
/// category and a message saying what went wrong and why.
class exception : public std::exception {
 public:
  exception(std::error_code ec, const std::string& what_arg)
      : code_(ec), what_(what_arg.empty() ? ec.message() : what_arg) {}
  exception(std::error_code ec, const char* what_arg) : exception(ec, std::string(what_arg)) {}
  explicit exception(std::error_code ec) : exception(ec, std::string()) {}
  exception(int ev, const std::error_category& cat, const std::string& what_arg)
      : exception(std::error_code(ev, cat), what_arg) {}
  exception(int ev, const std::error_category& cat) : exception(std::error_code(ev, cat)) {}

  const std::error_code& code() const noexcept { return code_; }
  const std::error_category& category() const noexcept { return code_.category(); }
  const char* what() const noexcept override { return what_.c_str(); }
  /// SYCL 1.2.1 (deprecated in DPC++): the OpenCL error code behind the exception. There is no
  /// OpenCL call behind xesim's errors: -1 (nonzero, as programs return it from main on error).
  [[deprecated("use sycl::exception::code() instead")]] int get_cl_code() const noexcept {
    return -1;
  }
  bool has_context() const noexcept { return false; }

 private:
  std::error_code code_;
  std::string what_;
};

// ------------------------------ exception_list
/// The asynchronous errors handed to an async_handler, in the order they happened.
class exception_list {
 public:
  using value_type = std::exception_ptr;
  using reference = value_type&;
  using const_reference = const value_type&;
  using size_type = std::size_t;
  using iterator = std::vector<std::exception_ptr>::const_iterator;
  using const_iterator = iterator;

  exception_list() = default;
  explicit exception_list(std::vector<std::exception_ptr> list) : list_(std::move(list)) {}

  size_type size() const noexcept { return list_.size(); }
  iterator begin() const noexcept { return list_.begin(); }
  iterator end() const noexcept { return list_.end(); }

 private:
  std::vector<std::exception_ptr> list_;
};

/// Called by queue::wait_and_throw / throw_asynchronous with the errors kernels raised.
using async_handler = std::function<void(exception_list)>;

}  // namespace xesim::sycl

template <>
struct std::is_error_code_enum<xesim::sycl::errc> : std::true_type {};
