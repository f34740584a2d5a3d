// The whole ESIMD API in namespace xesim::esimd: vectors, their operators, math, reductions and
// bit operations, memory operations. <sycl/ext/intel/esimd.hpp> maps DPC++'s names onto this.
#pragma once

#include "xesim/simd/operators.hpp"
#include "xesim/ops/ops.hpp"
#include "xesim/memory/memory.hpp"
