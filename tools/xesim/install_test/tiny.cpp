// Built by P/bin/xesim c++ in the install test: an ESIMD kernel that doubles a vector, then the
// device the run sees (XESIM_DEVICE selects it).
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdio>

int main() {
  using namespace sycl::ext::intel::esimd;
  sycl::queue q;
  constexpr int N = 1024, VL = 16;
  float* v = sycl::malloc_shared<float>(N, q);
  for (int i = 0; i < N; ++i) v[i] = static_cast<float>(i);
  q.parallel_for(sycl::range<1>(N / VL), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
     simd<float, VL> x = block_load<float, VL>(v + i * VL);
     block_store<float, VL>(v + i * VL, x * 2.f);
   }).wait();
  int bad = 0;
  for (int i = 0; i < N; ++i) bad += v[i] != 2.f * static_cast<float>(i);
  sycl::free(v, q);
  const auto dev = q.get_device();
  std::printf("device: %s (%u EUs), %d wrong\n",
              dev.get_info<sycl::info::device::name>().c_str(),
              dev.get_info<sycl::info::device::max_compute_units>(), bad);
  return bad == 0 ? 0 : 1;
}
