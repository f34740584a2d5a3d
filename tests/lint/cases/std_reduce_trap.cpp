// std-reduce-trap: flagged (the guide's BAD) and silent (its GOOD, and other reduce calls).
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <functional>
#include <numeric>
#include <vector>

using namespace sycl::ext::intel::esimd;
constexpr int N = 32;

void bad(sycl::queue& q, const float* in, float* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<float, N> vec = block_load<float, N>(in + i[0] * N);
    float s = reduce<float>(vec, std::plus<float>());  // expect: error std-reduce-trap
    float p = reduce<float>(vec, std::multiplies<>());  // expect: error std-reduce-trap
    out[i[0]] = s + p;
  });
}

void good(sycl::queue& q, const float* in, float* out) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<float, N> vec = block_load<float, N>(in + i[0] * N);
    float s = sycl::ext::intel::esimd::detail::sum<float, float, N>(vec);
    float m = sycl::ext::intel::esimd::reduce<float>(vec, std::plus<float>());
    out[i[0]] = s + m;
  });
}

float host_sum(const std::vector<float>& v) {
  return std::reduce(v.begin(), v.end()) + std::reduce(v.begin(), v.end(), 0.f);  // iterators
}

float host_sum2(const std::vector<float>& v) { return std::reduce(v.begin(), std::end(v)); }
