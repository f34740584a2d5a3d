// The vector paths of gather (memory/gather_vec.hpp) against a scalar oracle: AVX-512 gathers
// of 8 / 16 addresses, offsets that step by one or two elements (read by masked vector loads),
// 1- and 2-byte elements read through their aligned dword, misaligned 2-byte elements (the
// scalar loop), sign-extended negative offsets, and masked-off lanes next to a PROT_NONE page
// (never read, also by the span loads). Lengths 8, 16, 17, 32, 33, 48; masks all on, all off,
// mixed; with and without pass-thru.
#include <sys/mman.h>
#include <unistd.h>

#include "memory/mem_test_util.hpp"

namespace {

using namespace mem_test;
using esimd::simd;
using esimd::simd_mask;

/// Oracle: lane i reads the element at base + off[i] (bytes) when m[i], else pass / 0.
template <class T, int L, class OffsetT>
void expect_lanes(const simd<T, L>& r, const unsigned char* base, const simd<OffsetT, L>& off,
                  const simd_mask<L>& m, const simd<T, L>* pass, const std::string& ctx) {
  for (int i = 0; i < L; ++i) {
    T want;
    if (m[i])
      std::memcpy(static_cast<void*>(&want), base + static_cast<std::intptr_t>(off[i]), sizeof(T));
    else
      want = pass ? (*pass)[i] : T(0);
    ASSERT_TRUE(same_bits(r[i], want)) << ctx << " lane " << i;
  }
}

/// The three masks every case runs with.
template <int L>
std::vector<simd_mask<L>> masks() {
  return {simd_mask<L>(1), simd_mask<L>(0), rand_mask<L>()};
}

/// Offsets of one kind: 0 random element slots, 1 contiguous, 2 every other element, 3 stride
/// 2 but one lane out of step (not affine: the gather path).
template <class T, int L, class OffsetT>
simd<OffsetT, L> make_offsets(int kind, int first_elem) {
  simd<OffsetT, L> off;
  for (int i = 0; i < L; ++i) {
    int e = first_elem + (kind == 1 ? i : kind == 2 || kind == 3 ? 2 * i : rand() % (3 * L));
    if (kind == 3 && i == L / 2) e += 1;
    off.elems()[i] = static_cast<OffsetT>(e * static_cast<int>(sizeof(T)));
  }
  return off;
}

template <class T, int L, class OffsetT>
void check_kinds() {
  buffer buf(8 * L * sizeof(T) + 64);
  const T* p = reinterpret_cast<const T*>(buf.data());
  const simd<T, L> pass = rand_simd<T, L>();
  for (int kind = 0; kind < 4; ++kind)
    for (const auto& m : masks<L>()) {
      const std::string ctx = what<T, L>() + " offset bytes " + std::to_string(sizeof(OffsetT)) +
                              " kind " + std::to_string(kind);
      const auto off = make_offsets<T, L, OffsetT>(kind, 1 + rand() % 3);
      expect_lanes<T, L>(esimd::gather<T, L>(p, off, m), buf.data(), off, m, nullptr, ctx);
      expect_lanes<T, L>(esimd::gather<T, L>(p, off, m, pass), buf.data(), off, m, &pass,
                         ctx + " pass");
      expect_lanes<T, L>(esimd::gather<T, L>(p, off), buf.data(), off, simd_mask<L>(1), nullptr,
                         ctx + " no mask");
    }
  ASSERT_EQ(buf.first_diff(), -1) << "a gather wrote memory";
}

TEST(GatherFast, OffsetKindsTypesLengthsMasks) {
  srand(42);
  for_each_type<all_types>([]<class T>() {
    for_each_n<8, 16, 17, 32, 33, 48>([]<int L>() {
      check_kinds<T, L, uint32_t>();
      check_kinds<T, L, uint64_t>();
      check_kinds<T, L, int32_t>();
    });
  });
}

/// VS = 2 and 4: element j of address i at [j * L + i], through the vector gathers.
TEST(GatherFast, VectorSizesTwoAndFour) {
  srand(42);
  buffer buf(4096);
  const auto* p = reinterpret_cast<const float*>(buf.data());
  const auto check = [&]<int L, int VS>() {
    const auto off = make_offsets<float, L, uint32_t>(0, 0) * VS;
    const simd<float, L * VS> pass = rand_simd<float, L * VS>();
    for (const auto& m : masks<L>()) {
      const auto r = esimd::gather<float, L * VS, VS>(p, off, m, pass);
      for (int i = 0; i < L; ++i)
        for (int j = 0; j < VS; ++j) {
          const float want = m[i] ? elem_at<float>(buf.data(), off[i] + 4 * j) : pass[j * L + i];
          ASSERT_TRUE(same_bits(r[j * L + i], want)) << L << " x " << VS << " " << i << "," << j;
        }
    }
  };
  check.template operator()<8, 2>();
  check.template operator()<16, 2>();
  check.template operator()<17, 4>();
  check.template operator()<32, 4>();
}

/// Negative int offsets from the middle of a buffer are sign-extended, as the scalar loop does.
TEST(GatherFast, NegativeOffsetsAllPaths) {
  srand(42);
  buffer buf(2048);
  const auto* mid = reinterpret_cast<const half*>(buf.data() + 1024);
  for (int kind = 0; kind < 4; ++kind) {
    const auto off = make_offsets<half, 32, int32_t>(kind, -200);
    for (const auto& m : masks<32>())
      expect_lanes<half, 32>(esimd::gather<half, 32>(mid, off, m), buf.data() + 1024, off, m,
                             nullptr, "negative kind " + std::to_string(kind));
  }
}

/// Masked-off lanes of a contiguous / stride-2 run end past the last readable page: neither the
/// vector loads nor the gathers may touch them. The run's readable part ends at the page end.
TEST(GatherFast, MaskedOffLanesPastThePageAreNotRead) {
  srand(42);
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  void* map = mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(map, MAP_FAILED);
  auto* bytes = static_cast<unsigned char*>(map);
  for (std::size_t i = 0; i < page; ++i) bytes[i] = rand_byte();
  ASSERT_EQ(mprotect(bytes + page, page, PROT_NONE), 0);
  const auto run = [&]<class T>(int stride, int readable) {
    constexpr int L = 32;
    const int first = static_cast<int>(page / sizeof(T)) - ((readable - 1) * stride + 1);
    const T* p = reinterpret_cast<const T*>(bytes);
    simd<uint32_t, L> off;
    simd_mask<L> m;
    for (int i = 0; i < L; ++i) {
      off.elems()[i] = static_cast<uint32_t>((first + stride * i) * sizeof(T));
      m.elems()[i] = i < readable;
    }
    const simd<T, L> pass = rand_simd<T, L>();
    expect_lanes<T, L>(esimd::gather<T, L>(p, off, m, pass), bytes, off, m, &pass,
                       type_name(T{}) + " stride " + std::to_string(stride) + " readable " +
                           std::to_string(readable));
  };
  for (int readable : {1, 15, 16, 17, 31}) {
    for (int stride : {1, 2}) {
      run.template operator()<half>(stride, readable);
      run.template operator()<int16_t>(stride, readable);
      run.template operator()<float>(stride, readable);
      run.template operator()<uint8_t>(stride, readable);
      run.template operator()<double>(stride, readable);
    }
  }
  munmap(map, 2 * page);
}

/// A 2-byte element at an odd address (misaligned: the scalar loop reads it as called).
TEST(GatherFast, MisalignedHalfFallsBackExactly) {
  srand(42);
  buffer buf(512);
  const auto* p = reinterpret_cast<const half*>(buf.data() + 1);  // odd base
  const auto off = make_offsets<half, 32, uint32_t>(2, 0);
  for (const auto& m : masks<32>())
    expect_lanes<half, 32>(esimd::gather<half, 32>(p, off, m), buf.data() + 1, off, m, nullptr,
                           "odd base");
}

}  // namespace
