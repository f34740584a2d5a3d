// DPC++ entry header <sycl/ext/oneapi/experimental/bfloat16.hpp> (older releases): bfloat16.
#pragma once

#include "sycl/sycl.hpp"
