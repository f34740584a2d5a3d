// alignment-braces: alignment<2>{} is a parse error under DPC++.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;
using sycl::half;

template <int N>
void bad(sycl::queue& q, const half* ptr, half* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, N> v = block_load<half, N>(ptr + 1, properties{alignment<2>{}});  // expect: error alignment-braces
    block_store<half, N>(out + 1, v, properties{alignment<2>{}});  // expect: error alignment-braces
  });
}

template <int N>
void good(sycl::queue& q, const half* ptr, half* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, N> v = block_load<half, N>(ptr + 1, properties{alignment<2>});
    block_store<half, N>(out + 1, v, properties{alignment<2>});
  });
}
