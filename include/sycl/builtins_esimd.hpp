// DPC++ entry header <sycl/builtins_esimd.hpp>: sycl::cos, sin, exp, log of ESIMD vectors.
#pragma once

#include "sycl/ext/intel/esimd.hpp"
#include "sycl/sycl.hpp"
#include "xesim/sycl/builtins_esimd.hpp"
