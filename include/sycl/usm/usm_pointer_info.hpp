// DPC++ header <sycl/usm/usm_pointer_info.hpp>: the host API lives in <sycl/sycl.hpp> (xesim provides it whole).
#pragma once

#include <sycl/sycl.hpp>
