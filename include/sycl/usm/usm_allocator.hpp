// DPC++ entry header <sycl/usm/usm_allocator.hpp>: sycl::usm_allocator. Aliases only.
#pragma once

#include "sycl/sycl.hpp"
