// Code that does not compile with xesim (DPC++-only or misspelled APIs, unknown attributes):
// lint keeps going and still finds the traps around it.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>
#include <sycl/ext/intel/experimental/esimd/memory.hpp>

using namespace sycl::ext::intel::esimd;
namespace xesimd = sycl::ext::intel::experimental::esimd;
using sycl::half;

void k(sycl::queue& q, const half* in, half* out, int w, int h, int pitch) {
  q.submit([&](sycl::handler& cgh) {
    cgh.parallel_for<class dpcpp_only_kernel>(
        sycl::range<1>(16), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL [[intel::reqd_sub_group_size(16)]] {
          auto tile = xesimd::lsc_load_2d<half, 16, 8, 1>(in, w, h, pitch, 0, 0);  // not emulated
          some_dpcpp_extension_call(tile, 42);  // undeclared
          simd<half, 8> v = block_load<half, 8>(in + idx[0] * 3);  // expect: warning unaligned-block-access
          int n = sycl::min(w, h);  // expect: error sycl-minmax-in-esimd
          block_store<half, 8>(out, v, properties{alignment<2>{}});  // expect: error alignment-braces
          out[0] = half(n);
        });
  });
}
