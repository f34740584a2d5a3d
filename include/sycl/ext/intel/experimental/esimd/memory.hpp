// DPC++ entry header <sycl/ext/intel/experimental/esimd/memory.hpp>: the experimental memory API
// namespace (sycl::ext::intel::experimental::esimd): lsc_data_size and the lsc_* functions. Aliases
// only.
#pragma once

#include "sycl/ext/intel/esimd.hpp"
#include "xesim/memory/lsc_types.hpp"
#include "xesim/memory/lsc.hpp"
