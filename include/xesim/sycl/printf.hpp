// sycl::ext::oneapi::experimental::printf: C printf from a kernel, as DPC++'s builtins.hpp
// declares it. Output lines are whole: a work-item's line is written once it ends with '\n' (or
// the work-item returns), so lines of different work-items never mix.
#pragma once

#include <cstdio>
#include <string>
#include <type_traits>

#include "xesim/runtime/context.hpp"

/// The address space DPC++ wants kernel printf format strings in (opencl_constant on a device;
/// nothing on the CPU): `static const __SYCL_CONSTANT_AS char fmt[] = "...";`.
#ifndef __SYCL_CONSTANT_AS
#define __SYCL_CONSTANT_AS
#endif

namespace xesim::sycl::ext::oneapi::experimental {

// ------------------------------ printf
/// Formats args by the C printf rules of `format` and writes the text to stdout. Returns the
/// characters written, negative on a formatting error. OpenCL vector conversions (%v4f) are not
/// emulated. HW: printf buffer, printed by the runtime after the kernel. Platforms: all.
template <class FormatT, class... Args>
int printf(const FormatT* format, Args... args) {
  static_assert(std::is_same_v<std::remove_cv_t<FormatT>, char>,
                "printf: the format must be a char string");
  char small[256];
  const int n = std::snprintf(small, sizeof small, format, args...);
  if (n < 0) return n;
  if (static_cast<std::size_t>(n) < sizeof small) {
    rt::kernel_print(small, static_cast<std::size_t>(n));
    return n;
  }
  std::string big(static_cast<std::size_t>(n) + 1, '\0');
  std::snprintf(big.data(), big.size(), format, args...);
  rt::kernel_print(big.data(), static_cast<std::size_t>(n));
  return n;
}

}  // namespace xesim::sycl::ext::oneapi::experimental
