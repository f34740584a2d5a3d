// DPC++ entry header <sycl/ext/intel/esimd/math.hpp>: part of the ESIMD API; xesim provides all
// of it through <sycl/ext/intel/esimd.hpp>. Aliases only.
#pragma once

#include "sycl/ext/intel/esimd.hpp"
