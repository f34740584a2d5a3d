// DPC++ entry header <sycl/bit_cast.hpp>: sycl::bit_cast. Aliases only.
#pragma once

#include "sycl/sycl.hpp"
