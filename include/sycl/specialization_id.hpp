// DPC++ header <sycl/specialization_id.hpp>: the host API lives in <sycl/sycl.hpp> (xesim provides it whole).
#pragma once

#include <sycl/sycl.hpp>
