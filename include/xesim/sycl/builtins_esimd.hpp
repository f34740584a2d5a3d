// The SYCL math built-ins DPC++ provides for ESIMD vectors (<sycl/builtins_esimd.hpp>):
// sycl::cos, sin, exp, log of simd<float, N>, with SYCL's accuracy. xesim computes them with the
// ESIMD functions, which already meet it (exp/log <= 2 ulp, sin/cos from the C library).
#pragma once

#include "xesim/ops/math.hpp"
#include "xesim/simd/simd.hpp"

namespace xesim::sycl {

// ------------------------------ cos / sin / exp / log
/// Lane-wise cosine of x. HW: math.cos with SYCL-accuracy fix-up. Platforms: all.
template <int N>
esimd::simd<float, N> cos(esimd::simd<float, N> x) {
  return esimd::cos(x);
}
/// Lane-wise sine of x. HW: math.sin with SYCL-accuracy fix-up. Platforms: all.
template <int N>
esimd::simd<float, N> sin(esimd::simd<float, N> x) {
  return esimd::sin(x);
}
/// Lane-wise e^x. HW: math.exp (via exp2). Platforms: all.
template <int N>
esimd::simd<float, N> exp(esimd::simd<float, N> x) {
  return esimd::exp(x);
}
/// Lane-wise natural logarithm of x. HW: math.log (via log2). Platforms: all.
template <int N>
esimd::simd<float, N> log(esimd::simd<float, N> x) {
  return esimd::log(x);
}

}  // namespace xesim::sycl
