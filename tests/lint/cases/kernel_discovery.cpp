// Kernel discovery: functors, [[intel::sycl_explicit_simd]], SYCL_ESIMD_FUNCTION and the
// functions a kernel calls are ESIMD code; host code and plain SYCL kernels are not.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;

// Called from a kernel: checked.
int helper(int a, int b) {
  return sycl::max(a, b);  // expect: error sycl-minmax-in-esimd
}

template <int N>
ESIMD_INLINE simd<float, N> helper_t(const float* p) {
  simd<float, N> v;
  return v + block_load<float, N>(p);  // expect: error uninitialized-simd
}

// Marked as an ESIMD function: checked.
SYCL_ESIMD_FUNCTION int marked(int a, int b) {
  return sycl::min(a, b);  // expect: error sycl-minmax-in-esimd
}

struct functor {
  int* out;
  int a, b;
  void operator()(sycl::id<1> i) const SYCL_ESIMD_KERNEL {
    out[i[0]] = sycl::min(a, b) + helper(a, b);  // expect: error sycl-minmax-in-esimd
  }
};

void launch(sycl::queue& q, int* out, float* f, int a, int b) {
  q.parallel_for(sycl::range<1>(4), functor{out, a, b});
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) [[intel::sycl_explicit_simd]] {
    simd<float, 16> v = helper_t<16>(f);
    out[i[0]] = sycl::max(a, b) + int(v[0]);  // expect: error sycl-minmax-in-esimd
  });
  // A plain SYCL kernel (no ESIMD marker) and host code may call sycl::min.
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) { out[i[0]] = sycl::min(a, b); });
  out[0] = sycl::min(a, b);
}

// Not called from any kernel: not checked.
int host_only(int a, int b) { return sycl::max(a, b); }
