// DPC++ entry header <sycl/ext/intel/esimd/xmx/dpas.hpp>: sycl::ext::intel::esimd::xmx::dpas.
// Aliases only; xesim::esimd::xmx::dpas comes from xesim/xmx/dpas.hpp where it is implemented.
#pragma once

#include "sycl/ext/intel/esimd.hpp"
#if __has_include("xesim/xmx/dpas.hpp")
#include "xesim/xmx/dpas.hpp"
#endif
