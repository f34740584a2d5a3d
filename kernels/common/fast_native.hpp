// The cookbook's native references compiled a second time with -O3 -ffast-math (fast_native.cpp):
// g++ then vectorises their FP reductions and calls libmvec's vector exp, which -O2 leaves
// scalar. vs_fast_native.cpp times every kernel against these, the strongest plain-C++ baseline.
#pragma once

#include <sycl/sycl.hpp>

#include <cstdint>

namespace xesim::kernels::fast_native {

void softmax(const sycl::half* in, sycl::half* out, int rows, int cols);
void rms_norm(const sycl::half* in, const sycl::half* w, sycl::half* out, int rows, int cols);
void gemv_int4(const uint8_t* w, const sycl::half* scales, const sycl::half* x, sycl::half* y,
               int n, int k, int g);
void conv1d(const sycl::half* in, const sycl::half* filt, sycl::half* out, int rows, int len,
            int win, int stride, int pad);
void topk(const sycl::half* in, sycl::half* vals, int* idxs, int rows, int cols, int k);
void max_pool_1d(const sycl::half* in, sycl::half* out, int rows, int len, int win, int stride,
                 int pad);
void max_pool_2d(const sycl::half* in, sycl::half* out, int planes, int h, int w, int kh, int kw,
                 int sh, int sw, int ph, int pw);

}  // namespace xesim::kernels::fast_native
