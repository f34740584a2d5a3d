// The guide's GOOD patterns, written as kernels: all must lint clean.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>

using namespace sycl::ext::intel::esimd;
using sycl::half;
constexpr int ELEMS = 128, ROW_DIM = 256, GROUP_SIZE = 8, D = 64, K = 4, N = 64, BS = 32;
constexpr int STRIDE = 2, WINDOW = 8;

// Rule 1 and 2: a 3D range, many elements per work-item, one block load and store.
void rows_3d(sycl::queue& q, const half* input, half* output, int bsz, int heads, int seq) {
  q.parallel_for(sycl::range<3>(bsz, heads, seq), [=](sycl::id<3> idx) SYCL_ESIMD_KERNEL {
    const int base = ((idx[0] * heads + idx[1]) * seq + idx[2]) * ELEMS;
    simd<half, ELEMS> data = block_load<half, ELEMS>(input + base);
    block_store<half, ELEMS>(output + base, data * half(2.f));
  });
}

// Rule 3 and 4: compile-time sizes, unrolled; all loads before any compute.
template <int Rows>
void dots(sycl::queue& q, const half* ptr, const half* wp, float* results) {
  q.parallel_for(sycl::range<1>(Rows), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
    simd<half, D> w = block_load<half, D>(wp);
    simd<half, D> vecs[K];
#pragma unroll
    for (int i = 0; i < K; i++) vecs[i] = block_load<half, D>(ptr + (idx[0] * K + i) * D);
    simd<float, K> res(0.f);
#pragma unroll
    for (int i = 0; i < K; i++)
      res[i] = sycl::ext::intel::esimd::detail::sum<float, float, D>(convert<float>(vecs[i] * w));
    block_store<float, K>(results + idx[0] * K, res);
  });
}

// FP16 in, FP32 accumulation, FP16 out; reductions the guide's way.
void fp32_acc(sycl::queue& q, const half* ptr_a, const half* ptr_b, half* out) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<half, 128> a = block_load<half, 128>(ptr_a);
    simd<half, 128> b = block_load<half, 128>(ptr_b);
    simd<float, 128> acc(0.f);
    acc += convert<float>(a) * convert<float>(b);
    float result = sycl::ext::intel::esimd::detail::sum<float, float, 128>(acc);
    float mx = hmax<float>(convert<float>(a));
    half mn = hmin<half>(b);
    block_store<half, 1>(out, simd<half, 1>(half(result + mx) + mn));
  });
}

// Scalar x vector: the scalar broadcasts for free.
void scalar_times_vector(sycl::queue& q, const half* k, const half* v, half* out) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<half, 64> k_tile = block_load<half, 64>(k);
    simd<half, 16> v_row = block_load<half, 16>(v);
    simd<half, 16> acc(0.f);
#pragma unroll
    for (int ii = 0; ii < 4; ++ii) {
      half k_val = k_tile[ii * 16];
      acc += k_val * v_row;
    }
    block_store<half, 16>(out, acc);
  });
}

// Alignment annotated where the offset may be odd; 4-byte types need none.
void alignment_ok(sycl::queue& q, const half* ptr, const float* fp, const uint8_t* bytes, half* out) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<half, 8> h = block_load<half, 8>(ptr + 3, properties{alignment<2>});
    simd<float, 8> f = block_load<float, 8>(fp + 3);
    simd<uint8_t, 8> u = block_load<uint8_t, 8>(bytes + 3, properties{alignment<1>});
    block_store<half, 8>(out + 3, h + half(f[0]) + half(u[0]), properties{alignment<2>});
  });
}

// Batch gather with branchless clamping and the scalar tail.
template <class T>
void gather_batch(sycl::queue& q, const T* input, T* output, int num_outputs, int max_elem) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> idx) SYCL_ESIMD_KERNEL {
    const int base = idx[0] * 1024, out_base = idx[0] * num_outputs;
    simd<int, BS> rel = simd<int, BS>(0, 1) * STRIDE;
    for (int o = 0; o < num_outputs; o += BS) {
      simd<int, BS> offs = max(o * STRIDE + rel - 1, 0);
      offs = min(offs, max_elem);
      simd<T, BS> vals = gather<T, BS>(input + base, simd<uint32_t, BS>(offs) * sizeof(T));
      int n = std::min(BS, num_outputs - o);
      if (n == BS) block_store<T, BS>(output + out_base + o, vals);
      else for (int i = 0; i < n; i++) output[out_base + o + i] = vals[i];
    }
  });
}

// Workgroup reduction through SLM: slm_init and barrier unconditional.
void slm_reduce(sycl::queue& q, half* output, int num_outputs) {
  q.parallel_for(sycl::nd_range<1>(num_outputs * GROUP_SIZE, GROUP_SIZE),
                 [=](sycl::nd_item<1> item) SYCL_ESIMD_KERNEL {
                   const int group_id = (int)item.get_group(0);
                   const int local_id = (int)item.get_local_id(0);
                   slm_init<GROUP_SIZE * sizeof(float)>();
                   float partial = float(group_id + local_id);
                   slm_block_store<float, 1>(local_id * sizeof(float), simd<float, 1>(partial));
                   barrier();
                   if (local_id == 0) {
                     simd<float, GROUP_SIZE> parts = slm_block_load<float, GROUP_SIZE>(0);
                     float result = sycl::ext::intel::esimd::detail::sum<float, float, GROUP_SIZE>(parts);
                     output[group_id] = half(result);
                   }
                 });
}

// Registers for per-thread data; the first match with N <= 32.
void registers(sycl::queue& q, const half* in, int* pos_out) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) [[intel::sycl_explicit_simd]] {
    simd<half, 512> data;
#pragma unroll
    for (int chunk_idx = 0; chunk_idx < 16; ++chunk_idx) {
      simd<half, 32> chunk = block_load<half, 32>(in + chunk_idx * 32);
      data.template select<32, 1>(chunk_idx * 32) = chunk;
    }
    simd<half, 32> v = data.template select<32, 1>(64);
    uint32_t pos = fbl(pack_mask(v == half(1.f)));
    simd<half, 8> heap(-65504.f);
    pos_out[0] = int(pos) + int(heap[0]);
  });
}

// Hybrid scalar/vector: vector hot path, scalar edges.
void hybrid(sycl::queue& q, const half* input, half* output, int num_outputs, int num_elems) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    for (int i = 0; i < num_outputs; i++) {
      int start = i * STRIDE - 1;
      int end = start + WINDOW;
      if (start < 0 || end > num_elems) {
        start = std::max(0, start);
        end = std::min(num_elems, end);
        float mx = -INFINITY;
        for (int j = start; j < end; j++) mx = std::max(mx, (float)input[j]);
        output[i] = half(mx);
      } else {
        simd<half, WINDOW> v = block_load<half, WINDOW>(input + start, properties{alignment<2>});
        output[i] = half(hmax<float>(convert<float>(v)));
      }
    }
  });
}

// Reused temporaries keep the register file small.
void temporaries(sycl::queue& q, const float* in, float* out) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<float, 128> acc(0.f);
    simd<float, 128> tmp;
    for (int r = 0; r < 16; ++r) {
      tmp = block_load<float, 128>(in + r * 128);
      acc += tmp * tmp;
    }
    block_store<float, 128>(out, acc);
  });
}
