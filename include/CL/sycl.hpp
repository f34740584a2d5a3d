// SYCL 1.2.1 entry header <CL/sycl.hpp>: the host API of xesim, also as cl::sycl. Aliases only.
#pragma once

#include "sycl/sycl.hpp"

namespace cl {
namespace sycl = ::xesim::sycl;
}  // namespace cl
