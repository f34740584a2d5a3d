// Umbrella of the ESIMD math, conversion, reduction and bit operations (one header per group).
#pragma once

#include "xesim/simd/operators.hpp"
#include "xesim/ops/saturation.hpp"
#include "xesim/ops/convert.hpp"
#include "xesim/ops/minmax.hpp"
#include "xesim/ops/math.hpp"
#include "xesim/ops/rounding.hpp"
#include "xesim/ops/reduce.hpp"
#include "xesim/ops/bits.hpp"
#include "xesim/ops/bfn.hpp"
#include "xesim/ops/carry.hpp"
#include "xesim/ops/experimental_bits.hpp"
#include "xesim/ops/experimental_math.hpp"
