// DPC++ entry header <sycl/detail/core.hpp> (the lighter core of <sycl/sycl.hpp>): the whole
// host API of xesim. Aliases only.
#pragma once

#include "sycl/sycl.hpp"
