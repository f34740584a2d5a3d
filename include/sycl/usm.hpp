// DPC++ entry header <sycl/usm.hpp>: USM allocation (sycl::malloc_*, free, ...). Aliases only.
#pragma once

#include "sycl/sycl.hpp"
