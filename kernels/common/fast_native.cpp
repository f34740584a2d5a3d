// The native references, unchanged, in a translation unit built with -O3 -ffast-math
// (kernels/CMakeLists.txt). See fast_native.hpp.
#include "fast_native.hpp"

#include "../conv1d_hybrid/reference.hpp"
#include "../gemv_int4/reference.hpp"
#include "../max_pool/reference.hpp"
#include "../rms_norm/reference.hpp"
#include "../softmax/reference.hpp"
#include "../topk/reference.hpp"

namespace xesim::kernels::fast_native {

using sycl::half;

void softmax(const half* in, half* out, int rows, int cols) {
  kernels::softmax::reference(in, out, rows, cols);
}
void rms_norm(const half* in, const half* w, half* out, int rows, int cols) {
  kernels::rms_norm::reference(in, w, out, rows, cols);
}
void gemv_int4(const uint8_t* w, const half* scales, const half* x, half* y, int n, int k, int g) {
  kernels::gemv_int4::reference(w, scales, x, y, n, k, g);
}
void conv1d(const half* in, const half* filt, half* out, int rows, int len, int win, int stride,
            int pad) {
  kernels::conv1d_hybrid::reference(in, filt, out, rows, len, win, stride, pad);
}
void topk(const half* in, half* vals, int* idxs, int rows, int cols, int k) {
  kernels::topk::reference(in, vals, idxs, rows, cols, k);
}
void max_pool_1d(const half* in, half* out, int rows, int len, int win, int stride, int pad) {
  kernels::max_pool::reference_1d(in, out, rows, len, win, stride, pad);
}
void max_pool_2d(const half* in, half* out, int planes, int h, int w, int kh, int kw, int sh,
                 int sw, int ph, int pw) {
  kernels::max_pool::reference_2d(in, out, planes, h, w, kh, kw, sh, sw, ph, pw);
}

}  // namespace xesim::kernels::fast_native
