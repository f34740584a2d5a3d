// DPC++ entry header <sycl/ext/oneapi/bfloat16.hpp>: sycl::ext::oneapi::bfloat16. Aliases only.
#pragma once

#include "sycl/sycl.hpp"
