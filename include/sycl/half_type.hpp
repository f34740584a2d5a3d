// DPC++ entry header <sycl/half_type.hpp>: sycl::half. Aliases only.
#pragma once

#include "sycl/sycl.hpp"
