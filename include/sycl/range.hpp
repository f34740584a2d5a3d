// DPC++ header <sycl/range.hpp>: the host API lives in <sycl/sycl.hpp> (xesim provides it whole).
#pragma once

#include <sycl/sycl.hpp>
