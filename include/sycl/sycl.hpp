// DPC++ entry header <sycl/sycl.hpp>: the host API of xesim under DPC++'s names. Aliases only.
#pragma once

// The standard headers DPC++'s <sycl/sycl.hpp> makes visible (through sycl/detail/common.hpp,
// iostream_proxy.hpp, exception.hpp, builtins, buffer, ...): programs and Intel's own test
// utilities call assert, std::cout, std::memcpy, std::unique_ptr, typeid ... without including
// them.
#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iostream>
#include <iterator>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

#include "xesim/simd/bfloat16.hpp"
#include "xesim/simd/half.hpp"
#include "xesim/sycl/sycl.hpp"

namespace xesim::sycl {
/// sycl::_V1::x is sycl::x.
namespace _V1 = ::xesim::sycl;
using ::xesim::half;
namespace ext::oneapi {
using ::xesim::bfloat16;
namespace experimental {
using ::xesim::bfloat16;  // the pre-2023 spelling
}  // namespace experimental
}  // namespace ext::oneapi
}  // namespace xesim::sycl

namespace sycl = ::xesim::sycl;

#include <sycl/image.hpp>  // DPC++'s sycl.hpp declares sycl::image: using one names it unsupported

#ifndef SYCL_ESIMD_KERNEL
/// Marks an ESIMD kernel lambda or operator(); no effect on the CPU.
#define SYCL_ESIMD_KERNEL
#endif
#ifndef SYCL_ESIMD_FUNCTION
#define SYCL_ESIMD_FUNCTION
#endif
#ifndef SYCL_EXTERNAL
#define SYCL_EXTERNAL
#endif
#ifndef SYCL_LANGUAGE_VERSION
#define SYCL_LANGUAGE_VERSION 202001
#endif
/// DPC++ defines it on Linux (sycl/detail/os_util.hpp); programs test it to pick OS paths.
#ifndef __SYCL_RT_OS_LINUX
#define __SYCL_RT_OS_LINUX
#endif
/// Defined by every xesim build of a program; never by Intel's compiler.
#define XESIM 1
