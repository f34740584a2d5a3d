// DPC++ entry header <sycl/ext/oneapi/experimental/builtins.hpp>: kernel printf
// (sycl::ext::oneapi::experimental::printf, __SYCL_CONSTANT_AS; include/xesim/sycl/printf.hpp).
// Aliases only.
#pragma once

#include "sycl/sycl.hpp"
