// 2D block loads, stores and prefetches against a scalar oracle written here: every legal element
// size, plain, multi-block, transposed and VNNI-transformed shapes, at every edge of the surface
// (left, right, top, bottom partly outside, corners, fully outside), packed and padded results,
// stores that drop what falls outside (and never touch the pitch padding), prefetches anywhere.
// Calls run inside kernels on USM memory; no check may fire.
#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>
#include <sycl/ext/intel/experimental/esimd/memory.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "xesim/check/check.hpp"

namespace esimd = sycl::ext::intel::esimd;
namespace xesimd = sycl::ext::intel::experimental::esimd;
using esimd::simd;

namespace {

// One surface for every type: 160-byte rows (the width) in 192-byte pitch, 20 rows.
constexpr unsigned kWidthBytes = 160, kPitchBytes = 192, kRows = 20;

template <class T>
struct surface {
  sycl::queue q;
  T* p;
  std::vector<T> host;
  surface() {
    p = static_cast<T*>(sycl::aligned_alloc_shared(64, kPitchBytes * kRows, q));
    host.resize(kPitchBytes * kRows / sizeof(T));
    auto* b = reinterpret_cast<unsigned char*>(host.data());
    for (std::size_t i = 0; i < kPitchBytes * kRows; ++i) b[i] = static_cast<unsigned char>(std::rand());
    std::memcpy(p, host.data(), kPitchBytes * kRows);
  }
  ~surface() { sycl::free(p, q); }
  static constexpr int kWel = kWidthBytes / sizeof(T), kPel = kPitchBytes / sizeof(T);
  /// The oracle's element: 0 outside the surface.
  T at(long x, long y) const {
    if (x < 0 || x >= kWel || y < 0 || y >= long(kRows)) return T(0);
    return host[y * kPel + x];
  }
};

/// The corners tried: inside, each edge partly outside, fully outside on each side.
template <int Cols, int Rows>
std::vector<std::pair<int, int>> corners(int wel) {
  const int xs[] = {0, 12, -4, wel - 4, wel - Cols + 4, wel + 4, -Cols - 8};
  const int ys[] = {0, 5, -1, -Rows + 1, int(kRows) - 1, int(kRows) - Rows + 1, int(kRows) + 2,
                    -Rows - 3};
  std::vector<std::pair<int, int>> v;
  for (int x : xs)
    for (int y : ys) v.push_back({x & ~3, y});
  return v;
}

template <class T>
bool same_bits(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

/// Runs one 2D load shape at every corner through `Call` (load_2d, lsc_load_2d or the payload
/// form) and compares with the oracle, element for element.
template <class T, int W, int H, int NB, bool Tr, bool Tf, int N, class Call>
void check_load(const char* what, Call call) {
  using L = esimd::detail::block_2d_layout<T, W, H, NB, Tr, Tf>;
  constexpr bool kRaw = N == L::kActualN;
  constexpr int kRowOut = kRaw ? L::kRowPitch : L::kRowSize;
  constexpr int kBlockOut = kRaw ? L::kBlockPitch : L::kDstBlock;
  surface<T> s;
  T* out = sycl::malloc_shared<T>(N, s.q);
  for (auto [x, y] : corners<W * NB, H>(s.kWel)) {
    const T* p = s.p;
    s.q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
       simd<T, N> v = call(p, x, y);
       v.copy_to(out);
     }).wait();
    std::vector<T> want(N, T(0));  // padding is 0
    for (int b = 0; b < NB; ++b)
      for (int i = 0; i < L::kColSize; ++i)
        for (int j = 0; j < (Tr && kRaw ? L::kRowPitch : L::kRowSize); ++j) {
          T e;
          if (Tr)  // row i of the result is column x + i; element j is row y + j
            e = s.at(x + i, y + j);
          else if (Tf)  // VNNI: element c*V + k of row i is (x + c, y + i*V + k)
            e = s.at(x + b * W + j / L::kVnni, y + i * L::kVnni + j % L::kVnni);
          else
            e = s.at(x + b * W + j, y + i);
          want[b * kBlockOut + i * kRowOut + j] = e;
        }
    for (int k = 0; k < N; ++k)
      ASSERT_TRUE(same_bits(out[k], want[k]))
          << what << " sizeof(T)=" << sizeof(T) << " W=" << W << " H=" << H << " NB=" << NB
          << " x=" << x << " y=" << y << " element " << k;
  }
  sycl::free(out, s.q);
}

template <class T, int W, int H = 1, int NB = 1, bool Tr = false, bool Tf = false>
void check_load_forms() {
  constexpr int N = esimd::detail::get_lsc_block_2d_data_size<T, NB, H, W, Tr, Tf>();
  constexpr unsigned w = kWidthBytes - 1, h = kRows - 1, pt = kPitchBytes - 1;
  check_load<T, W, H, NB, Tr, Tf, N>("load_2d", [=](const T* p, int x, int y) {
    return esimd::load_2d<T, W, H, NB, Tr, Tf>(p, w, h, pt, x, y);
  });
  check_load<T, W, H, NB, Tr, Tf, N>("lsc_load_2d", [=](const T* p, int x, int y) {
    return xesimd::lsc_load_2d<T, W, H, NB, Tr, Tf, esimd::cache_hint::cached,
                               esimd::cache_hint::uncached>(p, w, h, pt, x, y);
  });
}

template <class T, int W, int H, int NB, bool Tr, bool Tf>
void check_padded_forms() {  // N = the padded register size: the raw image
  using L = esimd::detail::block_2d_layout<T, W, H, NB, Tr, Tf>;
  constexpr int N = L::kActualN;
  constexpr unsigned w = kWidthBytes - 1, h = kRows - 1, pt = kPitchBytes - 1;
  check_load<T, W, H, NB, Tr, Tf, N>("load_2d padded", [=](const T* p, int x, int y) {
    return esimd::load_2d<T, W, H, NB, Tr, Tf, N>(
        p, w, h, pt, x, y,
        esimd::properties{esimd::cache_hint_L1<esimd::cache_hint::streaming>,
                          esimd::cache_hint_L2<esimd::cache_hint::cached>});
  });
  check_load<T, W, H, NB, Tr, Tf, N>("config form", [=](const T* p, int x, int y) {
    xesimd::config_2d_mem_access<T, W, H, NB> cfg(p, w, h, pt, x, y);
    return xesimd::lsc_load_2d<T, W, H, NB, Tr, Tf, esimd::cache_hint::none,
                               esimd::cache_hint::none, N>(cfg);
  });
}

/// Stores one block at every corner; only its in-surface part changes.
template <class T, int W, int H, bool kLsc>
void check_store() {
  surface<T> s;
  constexpr int N = W * H;
  for (auto [x, y] : corners<W, H>(s.kWel)) {
    std::memcpy(s.p, s.host.data(), kPitchBytes * kRows);
    T* p = s.p;
    std::vector<T> vals(N);
    auto* vb = reinterpret_cast<unsigned char*>(vals.data());
    for (std::size_t i = 0; i < N * sizeof(T); ++i) vb[i] = static_cast<unsigned char>(std::rand());
    T* in = sycl::malloc_shared<T>(N, s.q);
    std::memcpy(in, vals.data(), N * sizeof(T));
    s.q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
       simd<T, N> v(in);
       if constexpr (kLsc)
         xesimd::lsc_store_2d<T, W, H>(p, kWidthBytes - 1, kRows - 1, kPitchBytes - 1, x, y, v);
       else
         esimd::store_2d<T, W, H>(p, kWidthBytes - 1, kRows - 1, kPitchBytes - 1, x, y, v);
     }).wait();
    for (int yy = 0; yy < int(kRows); ++yy)
      for (int xx = 0; xx < s.kPel; ++xx) {
        T want = s.host[yy * s.kPel + xx];
        const bool in_block = xx >= x && xx < x + W && yy >= y && yy < y + H;
        if (in_block && xx < s.kWel) want = vals[(yy - y) * W + (xx - x)];
        ASSERT_TRUE(same_bits(s.p[yy * s.kPel + xx], want))
            << "store_2d sizeof(T)=" << sizeof(T) << " W=" << W << " H=" << H << " x=" << x
            << " y=" << y << " at (" << xx << ", " << yy << ")";
      }
    sycl::free(in, s.q);
  }
}

}  // namespace

TEST(Block2d, LoadEveryElementSizeAtEveryEdge) {
  std::srand(42);
  xesim::check::reset_reports();
  check_load_forms<uint8_t, 16, 4>();
  check_load_forms<uint8_t, 8, 3, 4>();  // 4 blocks of 8 bytes
  check_load_forms<uint16_t, 16, 8, 2>();
  check_load_forms<sycl::half, 6, 5>();  // width padded to 8 in registers, packed on return
  check_load_forms<uint32_t, 8, 16, 2>();
  check_load_forms<float, 3, 7>();
  check_load_forms<uint64_t, 8, 4>();
  check_load_forms<double, 1, 32>();
  EXPECT_EQ(xesim::check::error_count(), 0u);
}

TEST(Block2d, TransposedLoads) {
  std::srand(42);
  xesim::check::reset_reports();
  check_load_forms<uint32_t, 8, 32, 1, true>();
  check_load_forms<float, 3, 5, 1, true>();
  check_load_forms<uint64_t, 4, 8, 1, true>();
  check_load_forms<double, 1, 8, 1, true>();
  EXPECT_EQ(xesim::check::error_count(), 0u);
}

TEST(Block2d, VnniTransformedLoads) {
  std::srand(42);
  xesim::check::reset_reports();
  check_load_forms<sycl::half, 16, 16, 1, false, true>();  // the dpas B operand
  check_load_forms<uint16_t, 8, 3, 2, false, true>();      // odd height: the 4th row is read
  check_load_forms<uint8_t, 16, 32, 4, false, true>();
  check_load_forms<int8_t, 4, 5, 1, false, true>();
  EXPECT_EQ(xesim::check::error_count(), 0u);
}

TEST(Block2d, PaddedRegisterImage) {
  std::srand(42);
  xesim::check::reset_reports();
  check_padded_forms<uint8_t, 16, 4, 1, false, false>();
  check_padded_forms<uint16_t, 8, 3, 2, false, false>();  // blocks pitched past their rows
  check_padded_forms<float, 16, 8, 1, false, false>();
  check_padded_forms<float, 3, 5, 1, true, false>();  // 5 rows read as 8: the padded rows load
  check_padded_forms<uint16_t, 16, 8, 2, false, true>();
  EXPECT_EQ(xesim::check::error_count(), 0u);
}

TEST(Block2d, StoresDropWhatFallsOutside) {
  std::srand(42);
  xesim::check::reset_reports();
  check_store<uint8_t, 64, 8, false>();
  check_store<uint16_t, 2, 3, true>();
  check_store<sycl::half, 16, 8, false>();
  check_store<float, 16, 8, true>();
  check_store<uint32_t, 5, 2, false>();
  check_store<double, 8, 4, true>();
  EXPECT_EQ(xesim::check::error_count(), 0u);
}

TEST(Block2d, PaddedStoreAndPayloadStore) {
  std::srand(42);
  surface<float> s;
  float* p = s.p;
  // store_2d with rows padded to a power of two (N = 3 * 8 for W = 6), and the payload form.
  s.q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     simd<float, 24> v(0.f, 1.f);
     esimd::store_2d<float, 6, 3, 24>(p, kWidthBytes - 1, kRows - 1, kPitchBytes - 1, 4, 2, v);
     xesimd::config_2d_mem_access<float, 8, 2, 1> cfg(p, kWidthBytes - 1, kRows - 1,
                                                      kPitchBytes - 1, 36, 10);
     xesimd::lsc_store_2d(cfg, simd<float, 16>(100.f, 1.f));  // 4 columns fall outside
   }).wait();
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 6; ++c) EXPECT_EQ(s.p[(2 + r) * s.kPel + 4 + c], float(r * 8 + c));
  EXPECT_TRUE(same_bits(s.p[2 * s.kPel + 10], s.host[2 * s.kPel + 10]));
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 8; ++c) {
      const float got = s.p[(10 + r) * s.kPel + 36 + c];
      if (36 + c < s.kWel)
        EXPECT_EQ(got, 100.f + r * 8 + c);
      else
        EXPECT_TRUE(same_bits(got, s.host[(10 + r) * s.kPel + 36 + c]));  // pitch padding kept
    }
}

TEST(Block2d, PrefetchIsHarmlessAnywhere) {
  std::srand(42);
  xesim::check::reset_reports();
  surface<uint16_t> s;
  const uint16_t* p = s.p;
  s.q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
     constexpr auto kHints = esimd::properties{esimd::cache_hint_L1<esimd::cache_hint::cached>,
                                               esimd::cache_hint_L2<esimd::cache_hint::cached>};
     esimd::prefetch_2d<uint16_t, 16, 8, 2>(p, kWidthBytes - 1, kRows - 1, kPitchBytes - 1, 0, 0,
                                            kHints);
     // Far outside the surface and the allocation: nothing is touched, nothing reported.
     esimd::prefetch_2d<uint16_t, 32, 32>(p, kWidthBytes - 1, 1 << 20, kPitchBytes - 1, 8,
                                          1 << 19, kHints);
     xesimd::lsc_prefetch_2d<uint16_t, 16, 4, 1, esimd::cache_hint::streaming,
                             esimd::cache_hint::uncached>(p, kWidthBytes - 1, kRows - 1,
                                                          kPitchBytes - 1, -400, 3);
     xesimd::config_2d_mem_access<uint16_t, 16, 4, 1> cfg(p, kWidthBytes - 1, kRows - 1,
                                                          kPitchBytes - 1, 4, 4);
     xesimd::lsc_prefetch_2d<uint16_t, 16, 4, 1, false, false, esimd::cache_hint::uncached,
                             esimd::cache_hint::cached>(cfg);
   }).wait();
  EXPECT_EQ(std::memcmp(s.p, s.host.data(), kPitchBytes * kRows), 0);
  EXPECT_EQ(xesim::check::error_count(), 0u);
}

TEST(Block2d, PayloadObjectAccessors) {
  float buf[16];
  xesimd::config_2d_mem_access<float, 16, 8, 1> cfg(buf, 255, 31, 511, 3, 4);
  EXPECT_EQ(cfg.get_data_pointer(), buf);
  EXPECT_EQ(cfg.get_surface_width(), 255u);
  EXPECT_EQ(cfg.get_surface_height(), 31u);
  EXPECT_EQ(cfg.get_surface_pitch(), 511u);
  EXPECT_EQ(cfg.get_x(), 3);
  EXPECT_EQ(cfg.get_y(), 4);
  cfg.set_x(7).set_y(9).set_surface_width(127).set_surface_pitch(255).set_surface_height(3);
  EXPECT_EQ(cfg.get_x(), 7);
  EXPECT_EQ(cfg.get_y(), 9);
  EXPECT_EQ(cfg.get_surface_width(), 127u);
  EXPECT_EQ(cfg.get_surface_pitch(), 255u);
  EXPECT_EQ(cfg.get_surface_height(), 3u);
  static_assert(cfg.get_width() == 16 && cfg.get_height() == 8 && cfg.get_number_of_blocks() == 1);
}

TEST(Block2d, DataSizeAsDpcpp) {
  namespace d = esimd::detail;
  static_assert(d::get_lsc_block_2d_data_size<float, 2, 8, 16, false, false>() == 256);
  static_assert(d::get_lsc_block_2d_data_size<uint16_t, 1, 3, 6, false, true>() == 4 * 8);
  static_assert(d::get_lsc_block_2d_data_size<uint8_t, 2, 5, 4, false, true>() == 8 * 4 * 2);
  static_assert(xesimd::detail::get_lsc_block_2d_data_size<float, 1, 5, 3, true, false>() == 15);
  static_assert(d::getNextPowerOf2<5>() == 8 && d::getNextPowerOf2<8>() == 8);
  static_assert(d::roundUpNextMultiple<5, 4>() == 8 && d::roundUpNextMultiple<32, 48>() == 48);
  using L = d::block_2d_layout<uint16_t, 8, 3, 2, false, false>;  // 24-element blocks, 48 apart
  static_assert(L::kBlockSize == 24 && L::kBlockPitch == 48 && L::kActualN == 96 && L::kDstN == 48);
  SUCCEED();
}
