// Readable kernel names for launch_info: the Name of parallel_for<Name>, else the kernel's type.
#pragma once

#include <string>
#include <string_view>

namespace xesim::sycl::detail {

/// The default Name of an unnamed kernel (the kernel's own type names it then).
struct auto_name;

/// Tidies a compiler spelling: "xesim::sycl::" becomes "sycl::" (what the user wrote).
std::string tidy_type_name(std::string_view raw);

/// T spelled as the compiler prints it, e.g. "main()::K" or "main()::<lambda(sycl::id<1>)>".
/// Works for incomplete types (parallel_for<class K>); computed once per type.
template <class T>
const char* type_name() {
  static const std::string name = [](std::string_view f) {  // "... type_name() [with T = X]"
    const std::size_t b = f.find("T = ") + 4;
    const std::size_t e = f.find_first_of(";]", b);
    return tidy_type_name(f.substr(b, e - b));
  }(__PRETTY_FUNCTION__);
  return name.c_str();
}

template <class Name, class Kernel>
const char* kernel_name() {
  if constexpr (std::is_same_v<Name, auto_name>)
    return type_name<Kernel>();
  else
    return type_name<Name>();
}

}  // namespace xesim::sycl::detail
