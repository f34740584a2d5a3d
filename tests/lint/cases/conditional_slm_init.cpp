// conditional-slm-init: slm_init under a condition or in a loop; silent at the top.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;
constexpr int G = 8;

void bad(sycl::queue& q, float* out, bool use_slm) {
  q.parallel_for(sycl::nd_range<1>(G * 4, G), [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
    if (use_slm) {
      slm_init<G * sizeof(float)>();  // expect: error conditional-slm-init
    }
    out[item.get_global_id(0)] = 0.f;
  });
  q.parallel_for(sycl::nd_range<1>(G * 4, G), [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
    for (int i = 0; i < 2; ++i) slm_init<1024>();  // expect: error conditional-slm-init
    out[item.get_global_id(0)] = 0.f;
  });
}

template <bool UseSlm>
void good(sycl::queue& q, float* out) {
  q.parallel_for(sycl::nd_range<1>(G * 4, G), [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
    slm_init<G * sizeof(float)>();
    if constexpr (UseSlm) slm_init<2 * G * sizeof(float)>();
    out[item.get_global_id(0)] = 0.f;
  });
}

namespace ei = sycl::ext::intel::esimd;

// Through a namespace alias.
void alias(sycl::queue& q, float* out) {
  q.parallel_for(sycl::nd_range<1>(G * 4, G), [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
    if (item.get_local_id(0) == 0) ei::slm_init<1024>();  // expect: error conditional-slm-init
    out[item.get_global_id(0)] = 0.f;
  });
}
