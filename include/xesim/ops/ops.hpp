// Umbrella of the ESIMD math, conversion, reduction and bit operations (one header per group).
#pragma once

#include "xesim/simd/operators.hpp"
