// DPC++ entry header <sycl/ext/intel/experimental/esimd/memory.hpp>: the experimental memory API
// namespace (sycl::ext::intel::experimental::esimd): lsc_data_size, the lsc_* functions and the
// 2D block functions (lsc_load_2d, lsc_prefetch_2d, lsc_store_2d, config_2d_mem_access). Aliases
// only.
#pragma once

#include "sycl/ext/intel/esimd.hpp"
#include "xesim/memory/lsc_types.hpp"
#include "xesim/memory/lsc.hpp"
#include "xesim/memory/block_2d.hpp"
