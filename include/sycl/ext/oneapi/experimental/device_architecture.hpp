// DPC++ entry header <sycl/ext/oneapi/experimental/device_architecture.hpp>: the architecture enum
// and info::device::architecture (include/xesim/sycl/architecture.hpp). Aliases only.
#pragma once

#include "sycl/sycl.hpp"
