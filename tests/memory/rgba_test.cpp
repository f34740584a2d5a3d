// gather_rgba / scatter_rgba (USM, simd_view and scalar offsets, device accessors) and
// slm_gather_rgba / slm_scatter_rgba against a scalar oracle: every read channel mask, the four
// write masks, masks of pixels, N = 8, 16, 32, 4-byte types; channel helpers.
#include <gtest/gtest.h>

#include <vector>

#include "mem_test_util.hpp"
#include "xesim/sycl/sycl.hpp"

using namespace mem_test;
using esimd::rgba_channel;
using esimd::rgba_channel_mask;
using esimd::simd;
using esimd::simd_mask;

namespace {

constexpr int kPixels = 64;  // 4 channels of 4 bytes each
constexpr int kBytes = kPixels * 16;

static_assert(esimd::get_num_channels_enabled(rgba_channel_mask::ABGR) == 4);
static_assert(esimd::get_num_channels_enabled(rgba_channel_mask::AR) == 2);
static_assert(esimd::get_num_channels_enabled(rgba_channel_mask::G) == 1);
static_assert(esimd::is_channel_enabled(rgba_channel_mask::BR, rgba_channel::B) == 1);
static_assert(esimd::is_channel_enabled(rgba_channel_mask::BR, rgba_channel::G) == 0);

/// Random pixel offsets (distinct pixels, so scatters do not collide) and a random mask.
template <int N>
simd<uint32_t, N> pixel_offsets() {
  std::vector<int> ids(kPixels);
  for (int i = 0; i < kPixels; ++i) ids[i] = i;
  for (int i = kPixels - 1; i > 0; --i) std::swap(ids[i], ids[rand() % (i + 1)]);
  simd<uint32_t, N> off;
  for (int i = 0; i < N; ++i) off.elems()[i] = static_cast<uint32_t>(ids[i] * 16);
  return off;
}

/// Oracle of a gather: channel k (k-th enabled) of pixel i at [k*N + i]; zeros where masked.
template <rgba_channel_mask M, class T, int N>
std::vector<T> oracle_gather(const unsigned char* mem, const simd<uint32_t, N>& off,
                             const simd_mask<N>& m) {
  std::vector<T> r;
  for (int c = 0; c < 4; ++c) {
    if (!((static_cast<int>(M) >> c) & 1)) continue;
    for (int i = 0; i < N; ++i)
      r.push_back(m[i] ? elem_at<T>(mem, off[i] + c * 4) : T(0));
  }
  return r;
}

template <class T, int N, class V>
void expect_same(const V& got, const std::vector<T>& want, const std::string& ctx) {
  ASSERT_EQ(static_cast<std::size_t>(V::length), want.size()) << ctx;
  for (std::size_t i = 0; i < want.size(); ++i)
    ASSERT_TRUE(same_bits(got[static_cast<int>(i)], want[i])) << ctx << " element " << i;
}

template <rgba_channel_mask M, class T, int N>
void gather_case(buffer& b) {
  const auto off = pixel_offsets<N>();
  const auto m = rand_mask<N>();
  const std::string ctx = what<T, N>() + " mask " + std::to_string(static_cast<int>(M));
  const T* p = reinterpret_cast<const T*>(b.data());
  expect_same<T, N>(esimd::gather_rgba<M>(p, off, m), oracle_gather<M, T, N>(b.data(), off, m),
                    ctx);
  expect_same<T, N>(esimd::gather_rgba<M>(p, off), oracle_gather<M, T, N>(b.data(), off, 1), ctx);
  simd<uint32_t, 2 * N> wide = 0;
  wide.template select<N, 2>(1) = off;
  expect_same<T, N>(esimd::gather_rgba<M, T, N>(p, wide.template select<N, 2>(1), m),
                    oracle_gather<M, T, N>(b.data(), off, m), ctx + " (view)");
  expect_same<T, N>(esimd::gather_rgba<M, T, N>(p, 32u, m),
                    oracle_gather<M, T, N>(b.data(), simd<uint32_t, N>(32), m), ctx + " (scalar)");
  // SLM: the same bytes in a work-item's SLM.
  fake_item it(kBytes);
  std::memcpy(it.bytes(), b.data(), kBytes);
  expect_same<T, N>(esimd::slm_gather_rgba<T, N, M>(off, m),
                    oracle_gather<M, T, N>(b.data(), off, m), ctx + " (slm)");
}

template <rgba_channel_mask M, class T, int N>
void scatter_case(buffer& b) {
  constexpr int kCh = esimd::get_num_channels_enabled(M);
  const auto off = pixel_offsets<N>();
  const auto m = rand_mask<N>();
  const auto vals = rand_simd<T, N * kCh>();
  auto oracle = [&](std::vector<unsigned char>& ref) {
    for (int k = 0; k < kCh; ++k)
      for (int i = 0; i < N; ++i)
        if (m[i]) std::memcpy(ref.data() + off[i] + k * 4, &vals.elems()[k * N + i], 4);
  };
  const std::string ctx = what<T, N>() + " write mask " + std::to_string(static_cast<int>(M));
  esimd::scatter_rgba<M>(reinterpret_cast<T*>(b.data()), off, vals, m);
  oracle(b.ref);
  ASSERT_EQ(b.first_diff(), -1) << ctx;
  fake_item it(kBytes);
  std::vector<unsigned char> ref(kBytes);
  std::memcpy(it.bytes(), b.data(), kBytes);
  std::memcpy(ref.data(), b.data(), kBytes);
  esimd::slm_scatter_rgba<T, N, M>(off, vals, m);
  oracle(ref);
  ASSERT_EQ(std::memcmp(it.bytes(), ref.data(), kBytes), 0) << ctx << " (slm)";
}

struct sweep {
  template <class T>
  void operator()() const {
    for_each_n<8, 16, 32>([&]<int N>() {
      buffer b(kBytes);
      gather_case<rgba_channel_mask::ABGR, T, N>(b);
      gather_case<rgba_channel_mask::R, T, N>(b);
      gather_case<rgba_channel_mask::BGR, T, N>(b);
      gather_case<rgba_channel_mask::AR, T, N>(b);  // not a prefix: one gather per channel
      gather_case<rgba_channel_mask::AG, T, N>(b);
      gather_case<rgba_channel_mask::B, T, N>(b);
      scatter_case<rgba_channel_mask::ABGR, T, N>(b);
      scatter_case<rgba_channel_mask::BGR, T, N>(b);
      scatter_case<rgba_channel_mask::GR, T, N>(b);
      scatter_case<rgba_channel_mask::R, T, N>(b);
    });
  }
};

}  // namespace

TEST(Rgba, UsmAndSlmAgainstTheOracle) {
  srand(42);
  for_each_type<std::tuple<float, int32_t, uint32_t>>(sweep{});
}

// Device accessors: pixels at global_offset + offsets[i] of the buffer, in a kernel.
TEST(Rgba, DeviceAccessorsInAKernel) {
  srand(42);
  namespace sycl = xesim::sycl;
  std::vector<float> host(kPixels * 4), out(16 * 4, 0.f);
  for (auto& v : host) v = static_cast<float>(rand() % 1000);
  const auto off = pixel_offsets<16>();
  const auto m = rand_mask<16>();
  {
    sycl::buffer<float, 1> in_buf(host.data(), host.size());
    sycl::buffer<float, 1> out_buf(out.data(), out.size());
    sycl::queue q;
    q.submit([&](sycl::handler& cgh) {
      sycl::accessor in(in_buf, cgh, sycl::read_only);
      sycl::accessor o(out_buf, cgh, sycl::write_only);
      cgh.single_task([=] {
        const simd<float, 32> px = esimd::gather_rgba<rgba_channel_mask::AG>(in, off, 16, m);
        esimd::scatter_rgba<rgba_channel_mask::GR>(o, simd<uint32_t, 16>(0, 16), px, 0);
      });
    });
  }
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 2; ++k) {
      const int ch = k == 0 ? 1 : 3;  // G, then A
      const float want = m[i] ? host[(off[i] + 16) / 4 + ch] : 0.f;
      EXPECT_EQ(out[i * 4 + k], want) << "pixel " << i << " channel " << ch;
    }
}
