// DPC++ entry header <sycl/ext/oneapi/free_function_queries.hpp>: this_work_item::get_nd_item,
// get_work_group, get_sub_group (include/xesim/sycl/this_work_item.hpp). Aliases only.
#pragma once

#include "sycl/sycl.hpp"
