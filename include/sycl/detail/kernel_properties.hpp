// DPC++ header <sycl/detail/kernel_properties.hpp>: register_alloc_mode and the kernel property
// list (include/xesim/sycl/kernel_properties.hpp). Aliases only.
#pragma once

#include "sycl/sycl.hpp"
