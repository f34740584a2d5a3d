// unaligned-block-access: 1-/2-byte block access not provably 4-byte aligned, no alignment<>.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>

#include <cstdint>

using namespace sycl::ext::intel::esimd;
using sycl::half;

void bad(sycl::queue& q, const half* ptr, half* out, const uint8_t* bytes, int off) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, 8> a = block_load<half, 8>(ptr + 3);  // expect: error unaligned-block-access
    simd<half, 8> b = block_load<half, 8>(ptr + off);  // expect: warning unaligned-block-access
    const half* row = ptr + i[0] * 7;
    simd<half, 8> c = block_load<half, 8>(row);  // expect: warning unaligned-block-access
    simd<uint8_t, 8> d = block_load<uint8_t, 8>(bytes + 3);  // expect: error unaligned-block-access
    block_store<half, 8>(out + 3, a + b + c);  // expect: error unaligned-block-access
    simd<half, 16> s = slm_block_load<half, 16>(6);  // expect: error unaligned-block-access
    out[0] = d[0] + s[0];
  });
}

void good(sycl::queue& q, const half* ptr, half* out, const uint8_t* bytes, const float* f, int off) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, 8> a = block_load<half, 8>(ptr + 3, properties{alignment<2>});
    simd<half, 8> b = block_load<half, 8>(ptr + 2 * off);  // even element offset
    const half* row = ptr + i[0] * 128;                    // rows of 256 bytes
    simd<half, 8> c = block_load<half, 8>(row + 8);
    simd<uint8_t, 8> d = block_load<uint8_t, 8>(bytes + 3, properties{alignment<1>});
    simd<uint8_t, 8> e = block_load<uint8_t, 8>(bytes + 4 * off);
    simd<float, 8> g = block_load<float, 8>(f + 3);  // 4-byte elements: always aligned
    block_store<half, 8>(out + 3, a + b + c, properties{alignment<2>});
    for (int k = 0; k < 64; k += 16) block_store<half, 8>(out + k, a);
    simd<half, 16> s = slm_block_load<half, 16>(8);
    out[0] = d[0] + e[0] + s[0] + half(g[0]);
  });
}

// Offsets whose residue is known: provably wrong, or provably fine.
void residues(sycl::queue& q, const half* ptr, half* out, int off) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    const half* row = ptr + i[0] * 128;
    simd<half, 8> a = block_load<half, 8>(row + 1);  // expect: error unaligned-block-access
    simd<half, 8> b = block_load<half, 8>(ptr + i[0] * 16 + 1);  // expect: error unaligned-block-access
    simd<half, 8> c = block_load<half, 8>(ptr, 6);  // expect: error unaligned-block-access
    simd<half, 8> d = block_load<half, 8>(ptr, off * sizeof(half));  // expect: warning unaligned-block-access
    simd<half, 8> e = block_load<half, 8>(ptr + i[0] * 16 + 2);
    simd<half, 8> f = block_load<half, 8>(ptr, 8);
    simd<half, 8> g = block_load<half, 8>(row + 6);
    block_store<half, 8>(out, a + b + c + d + e + f + g);
  });
}

// A multiple of the access's own lane count: whole blocks of N * sizeof(T) bytes.
template <int N>
void rows(sycl::queue& q, const half* in, half* out, int k) {
  q.parallel_for(sycl::range<1>(4), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {
    simd<half, N> v = block_load<half, N>(in + i[0] * N);
    block_store<half, N>(out + i[0] * N, v);
    simd<half, N> w = block_load<half, N>(in + i[0] * N + k);  // expect: warning unaligned-block-access
    block_store<half, N>(out, w);
  });
}
