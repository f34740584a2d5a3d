// sycl-minmax-in-esimd: sycl::min/max in a kernel (DPC++ compile error); fine on the host.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>

using namespace sycl::ext::intel::esimd;

void bad(sycl::queue& q, int* out, int a, int b) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    int n = sycl::min(a, b);  // expect: error sycl-minmax-in-esimd
    int m = sycl::max(a, static_cast<int>(i[0]));  // expect: error sycl-minmax-in-esimd
    out[i[0]] = n + m;
  });
}

void good(sycl::queue& q, int* out, int a, int b) {
  const int host = sycl::min(a, b);  // host code: a SYCL built-in is fine here
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    int n = std::min(a, b);
    int m = (a < host) ? a : host;
    simd<int, 8> v(0, 1);
    simd<int, 8> w = max(v, 3);  // esimd::max on simd operands
    out[i[0]] = n + m + w[0];
  });
}
