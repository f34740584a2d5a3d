// The experimental LSC memory functions (sycl::ext::intel::experimental::esimd::lsc_*) and the
// native::lsc::atomic_op forms of atomic_update: call forms of the ESIMD memory cores, one header
// per group. The 2D block forms (lsc_load_2d, ...) live in block_2d*.hpp.
#pragma once

#include "xesim/memory/lsc_detail.hpp"
#include "xesim/memory/lsc_block.hpp"
#include "xesim/memory/lsc_gather.hpp"
#include "xesim/memory/lsc_atomic.hpp"
