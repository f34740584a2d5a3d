// Umbrella of the ESIMD memory operations (one header per group).
#pragma once

#include "xesim/simd/operators.hpp"
#include "xesim/memory/properties.hpp"
#include "xesim/memory/port.hpp"
#include "xesim/memory/block.hpp"
#include "xesim/memory/gather.hpp"
#include "xesim/memory/atomic.hpp"
#include "xesim/memory/slm.hpp"
#include "xesim/memory/slm_gather.hpp"
#include "xesim/memory/slm_atomic.hpp"
#include "xesim/memory/sync.hpp"
#include "xesim/memory/prefetch.hpp"
#include "xesim/memory/accessor_block.hpp"
#include "xesim/memory/accessor_gather.hpp"
#include "xesim/memory/accessor_atomic.hpp"
#include "xesim/memory/accessor_simd.hpp"
#include "xesim/memory/accessor_prefetch.hpp"
