// Performance of decode attention (D 128, 8 KV heads x 4 query heads, 8192 cached keys, 4
// splits): the guide's perf line (best of 5 launches) and the ESIMD/native ratio against
// reference.hpp on the same threads, then the accuracy line of the timed output. `--smoke`: 512
// keys for CI. Exit status 0 = output correct.
#include <cstdio>
#include <vector>

#include <xesim/testing.hpp>

#include "kernel.hpp"
#include "reference.hpp"

int main(int argc, char** argv) {
  using sycl::half;
  namespace xt = xesim::testing;
  namespace ad = xesim::kernels::attention_decode;
  const bool smoke = xt::has_flag(argc, argv, "--smoke");
  constexpr int kD = 128, kG = 4, kKvHeads = 8, kSplits = 4;
  const int S = smoke ? 512 : 8192;
  const std::size_t nq = std::size_t(kKvHeads) * kG * kD, nkv = std::size_t(kKvHeads) * S * kD;

  sycl::queue q{sycl::property::queue::enable_profiling{}};
  half* qp = sycl::malloc_device<half>(nq, q);
  half* k = static_cast<half*>(sycl::aligned_alloc_device(64, nkv * sizeof(half), q));
  half* v = static_cast<half*>(sycl::aligned_alloc_device(64, nkv * sizeof(half), q));
  half* out = sycl::malloc_device<half>(nq, q);
  const std::size_t ns = ad::scratch_floats<kD, kG>(kKvHeads, kSplits);
  float* scratch = sycl::malloc_device<float>(ns, q);
  q.memset(scratch, 0, ns * sizeof(float)).wait();  // the split counters start at 0
  std::vector<half> ref(nq);
  xt::fill_random(qp, nq, -1.f, 1.f, 42);
  xt::fill_random(k, nkv, -1.f, 1.f, 43);
  xt::fill_random(v, nkv, -1.f, 1.f, 44);

  std::printf("attention_decode: D %d, %d KV heads x %d query heads, %d keys, %d splits\n", kD,
              kKvHeads, kG, S, kSplits);
  std::printf("%s\n", xt::config_line().c_str());
  auto launch = [&] { return ad::attention_decode<kD, kG>(q, qp, k, v, out, scratch, kKvHeads, S, kSplits); };
  // Bytes: K and V once. Flops: 2 per multiply-add of q.K and p.V for every query head.
  const xt::perf_report perf = xt::run_perf(launch, 2.0 * nkv * sizeof(half), 4.0 * nq * S);
  perf.print();
  const xt::native_report nat = xt::compare_native(
      launch, [&] { ad::reference(qp, k, v, ref.data(), kD, kG, kKvHeads, S); }, smoke ? 3 : 7);
  nat.print();
  // Both sides round to FP16 from FP32 results (the kernel with FP16 probabilities in the p.V
  // product): outputs here are ~0.01, so 1e-3 absolute is ten times what either side can differ.
  const xt::accuracy_report acc = xt::compare(out, ref.data(), nq, {1e-3, 1e-3});
  acc.print();
  for (void* p : {static_cast<void*>(qp), static_cast<void*>(k), static_cast<void*>(v),
                  static_cast<void*>(out), static_cast<void*>(scratch)})
    sycl::free(p, q);
  return acc.pass ? 0 : 1;
}
