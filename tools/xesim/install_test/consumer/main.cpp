// Built through find_package(xesim) in the install test: an nd_range ESIMD kernel with SLM and a
// barrier (each work-group reverses its work-items' values through SLM).
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdio>

int main() {
  using namespace sycl::ext::intel::esimd;
  sycl::queue q;
  constexpr int G = 8, GROUPS = 4;
  int* out = sycl::malloc_shared<int>(G * GROUPS, q);
  q.parallel_for(sycl::nd_range<1>(G * GROUPS, G), [=](sycl::nd_item<1> it) SYCL_ESIMD_KERNEL {
     slm_init<G * sizeof(int)>();
     const int lid = it.get_local_id(0), gid = it.get_global_id(0);
     slm_scalar_store<int>(lid * sizeof(int), gid);
     barrier();
     out[gid] = slm_scalar_load<int>((G - 1 - lid) * sizeof(int));
   }).wait();
  int bad = 0;
  for (int g = 0; g < GROUPS; ++g)
    for (int l = 0; l < G; ++l) bad += out[g * G + l] != g * G + (G - 1 - l);
  sycl::free(out, q);
  std::printf("consumer: %s, %d wrong\n",
              q.get_device().get_info<sycl::info::device::name>().c_str(), bad);
  return bad == 0 ? 0 : 1;
}
