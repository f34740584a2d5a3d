// DPC++ entry header <sycl/ext/intel/experimental/esimd/common.hpp>: part of the experimental ESIMD
// API (sycl::ext::intel::experimental::esimd); xesim provides all of it through
// <sycl/ext/intel/esimd.hpp>. Aliases only.
#pragma once

#include "sycl/ext/intel/esimd.hpp"
