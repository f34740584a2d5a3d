// conditional-barrier: barrier() some work-items skip; silent on uniform control flow.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;
constexpr int G = 8;

void bad(sycl::queue& q, float* out, int n) {
  q.parallel_for(sycl::nd_range<1>(G * 4, G), [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
    slm_init<G * sizeof(float)>();
    const int lid = item.get_local_id(0);
    slm_block_store<float, 1>(lid * sizeof(float), simd<float, 1>(1.f));
    if (lid < 2) {
      barrier();  // expect: error conditional-barrier
    }
    if (item.get_global_id(0) >= n) return;
    barrier();  // expect: error conditional-barrier
    out[item.get_global_id(0)] = 0.f;
  });
}

void good(sycl::queue& q, float* out, int n) {
  q.parallel_for(sycl::nd_range<1>(G * 4, G), [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
    slm_init<G * sizeof(float)>();
    const int lid = item.get_local_id(0);
    const int gid = item.get_group(0);
    slm_block_store<float, 1>(lid * sizeof(float), simd<float, 1>(float(gid)));
    barrier();
    for (int step = 0; step < 3; ++step) barrier();  // uniform trip count
    if (n > 0) barrier();                           // uniform: a kernel argument
    if constexpr (G > 4) barrier();
    if (lid == 0) {
      simd<float, G> parts = slm_block_load<float, G>(0);
      out[gid] = hmax<float>(parts);
    }
  });
}

// The group id is the same for every item of a group: uniform.
void group_uniform(sycl::queue& q, float* out) {
  q.parallel_for(sycl::nd_range<1>(G * 4, G), [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
    const int gid = item.get_group(0);
    if (gid == 0) barrier();
    for (int i = item.get_local_id(0); i < 16; i += G) barrier();  // expect: error conditional-barrier
    while (item.get_local_id(0) > 100) {
      esimd_helper_spin();
      sycl::ext::intel::esimd::barrier();  // expect: error conditional-barrier
    }
    out[gid] = 0.f;
  });
}
