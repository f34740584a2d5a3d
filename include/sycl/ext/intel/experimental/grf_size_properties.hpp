// DPC++ header <sycl/ext/intel/experimental/grf_size_properties.hpp> (sycl_ext_intel_grf_size):
// grf_size<N> and grf_size_automatic, with the kernel properties they go in.
#pragma once

#include <sycl/detail/kernel_properties.hpp>
#include <sycl/sycl.hpp>
