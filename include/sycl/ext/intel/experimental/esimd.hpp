// DPC++ entry header <sycl/ext/intel/experimental/esimd.hpp>: the experimental ESIMD namespace
// (sycl::ext::intel::experimental::esimd). Aliases only.
#pragma once

#include "sycl/ext/intel/esimd.hpp"
