// Umbrella of the ESIMD memory operations (one header per group).
#pragma once

#include "xesim/simd/operators.hpp"
