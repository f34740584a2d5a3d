// The simd core's register kernels (vec.hpp, vec_convert.hpp, region_io.hpp) on random inputs at
// awkward lengths (1, 3, 17, 33, 129: a lone lane, a short tail, one piece + 1, two pieces + 1,
// eight pieces + 1) against scalar oracles written here, independent of xesim's scalar code:
// conversions between element types (saturation, NaN, half / bfloat16 / tfloat32 rounding),
// comparisons to masks, merge, compare + merge, and strided select<N, 2> reads and writes.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "oracle_util.hpp"

using namespace xesim::esimd;
using xesim::bfloat16;
using xesim::half;
using xesim::tfloat32;
using xesim_test::rand64;
using namespace xesim_oracle;

namespace {

// ------------------------------ oracles
/// The bits simd<To, N>(simd<From, N>) must give for one lane x: integers wrap, floating ->
/// integer truncates and saturates (NaN -> 0), double -> half rounds once, every other pair goes
/// through float (half, bfloat16: nearest even; tfloat32: nearest even, the vector conversion).
template <class To, class From>
uint64_t convert_oracle(From x) {
  if constexpr (std::is_integral_v<To> && std::is_integral_v<From>) {
    return bits_of(static_cast<To>(x));
  } else if constexpr (std::is_integral_v<To>) {
    const long double v = exact(x);
    if (std::isnan(v)) return 0;
    const long double lo = static_cast<long double>(std::numeric_limits<To>::lowest());
    const long double hi = static_cast<long double>(std::numeric_limits<To>::max());
    if (v <= lo) return bits_of(std::numeric_limits<To>::lowest());
    if (v >= hi) return bits_of(std::numeric_limits<To>::max());
    return bits_of(static_cast<To>(std::trunc(v)));
  } else if constexpr (std::is_same_v<To, half> && std::is_same_v<From, double>) {
    const _Float16 h = static_cast<_Float16>(x);  // libgcc: correctly rounded from double
    return bits_of(h);
  } else if constexpr (std::is_same_v<To, double>) {
    if constexpr (std::is_integral_v<From>)
      return bits_of(static_cast<double>(x));
    else
      return bits_of(static_cast<double>(exact(x)));
  } else {
    float f;  // every other pair: through float
    if constexpr (std::is_integral_v<From> || std::is_same_v<From, double>)
      f = static_cast<float>(x);
    else
      f = static_cast<float>(exact(x));
    if constexpr (std::is_same_v<To, float>) return bits_of(f);
    if constexpr (std::is_same_v<To, half>) return bits_of(static_cast<_Float16>(f));
    if constexpr (std::is_same_v<To, bfloat16>) return bf16_rne(f);
    if constexpr (std::is_same_v<To, tfloat32>) return tf32_rne(f);
  }
}

/// NaN bits may differ in payload between paths: a NaN result only has to be a NaN.
template <class T>
bool matches(T got, uint64_t want) {
  if constexpr (!std::is_integral_v<T>) {
    T w;
    std::memcpy(static_cast<void*>(&w), &want, sizeof(T));
    if (std::isnan(exact(w))) return std::isnan(exact(got));
  }
  return bits_of(got) == want;
}

template <class To, class From, int N>
void check_convert_n() {
  From src[N];
  for (int i = 0; i < N; ++i) src[i] = random_elem<From>();
  const simd<From, N> a(src);
  const simd<To, N> r = a;
  for (int i = 0; i < N; ++i) {
    const uint64_t want = convert_oracle<To, From>(src[i]);
    ASSERT_TRUE(matches<To>(r[i], want))
        << "N=" << N << " lane " << i << " from " << static_cast<double>(exact(src[i])) << " ("
        << std::hex << bits_of(src[i]) << "): got " << bits_of(To(r[i])) << " want " << want;
  }
}
template <class To, class From>
void check_convert_all_lengths() {
  SCOPED_TRACE(testing::Message() << "convert sizeof " << sizeof(From) << " "
                                  << (std::is_integral_v<From> ? "int" : "fp") << " -> sizeof "
                                  << sizeof(To) << " " << (std::is_integral_v<To> ? "int" : "fp"));
  check_convert_n<To, From, 1>();
  check_convert_n<To, From, 3>();
  check_convert_n<To, From, 17>();
  check_convert_n<To, From, 33>();
  check_convert_n<To, From, 129>();
}

TEST(VecOracle, ConvertFromFloat) {
  srand(42);
  for (int rep = 0; rep < 4; ++rep) {
    check_convert_all_lengths<int8_t, float>();
    check_convert_all_lengths<uint8_t, float>();
    check_convert_all_lengths<int16_t, float>();
    check_convert_all_lengths<uint16_t, float>();
    check_convert_all_lengths<int32_t, float>();
    check_convert_all_lengths<uint32_t, float>();
    check_convert_all_lengths<int64_t, float>();
    check_convert_all_lengths<uint64_t, float>();
    check_convert_all_lengths<double, float>();
    check_convert_all_lengths<half, float>();
    check_convert_all_lengths<bfloat16, float>();
    check_convert_all_lengths<tfloat32, float>();
  }
}
TEST(VecOracle, ConvertFromHalfBfloat16Double) {
  srand(42);
  for (int rep = 0; rep < 4; ++rep) {
    check_convert_all_lengths<float, half>();
    check_convert_all_lengths<int32_t, half>();
    check_convert_all_lengths<uint8_t, half>();
    check_convert_all_lengths<bfloat16, half>();
    check_convert_all_lengths<tfloat32, half>();
    check_convert_all_lengths<float, bfloat16>();
    check_convert_all_lengths<half, bfloat16>();
    check_convert_all_lengths<int16_t, bfloat16>();
    check_convert_all_lengths<float, double>();
    check_convert_all_lengths<half, double>();
    check_convert_all_lengths<bfloat16, double>();
    check_convert_all_lengths<tfloat32, double>();
    check_convert_all_lengths<int32_t, double>();
    check_convert_all_lengths<uint64_t, double>();
    check_convert_all_lengths<float, tfloat32>();
  }
}
TEST(VecOracle, ConvertFromIntegers) {
  srand(42);
  for (int rep = 0; rep < 4; ++rep) {
    check_convert_all_lengths<float, uint8_t>();
    check_convert_all_lengths<half, uint8_t>();
    check_convert_all_lengths<int32_t, int8_t>();
    check_convert_all_lengths<uint64_t, int8_t>();
    check_convert_all_lengths<float, int16_t>();
    check_convert_all_lengths<int8_t, uint16_t>();
    check_convert_all_lengths<float, int32_t>();
    check_convert_all_lengths<double, int32_t>();
    check_convert_all_lengths<bfloat16, int32_t>();
    check_convert_all_lengths<tfloat32, int32_t>();
    check_convert_all_lengths<uint16_t, int32_t>();
    check_convert_all_lengths<int64_t, uint32_t>();
    check_convert_all_lengths<float, uint32_t>();
    check_convert_all_lengths<float, int64_t>();
    check_convert_all_lengths<double, uint64_t>();
    check_convert_all_lengths<int8_t, uint64_t>();
  }
}

/// The vector conversion to tfloat32 rounds to nearest even; the scalar constructor truncates.
TEST(VecOracle, Tfloat32VectorConversionRoundsToNearestEven) {
  const float f[] = {1.0f + 0x1.0p-11f,              // below half an ulp: down
                     1.0f + 0x1.0p-11f + 0x1.0p-23f,  // above half an ulp: up
                     1.0f + 0x1.8p-10f,              // a tie above an odd mantissa: up
                     1.0f + 0x1.0p-11f,              // a tie above an even mantissa: down
                     -3.0f - 0x1.8p-9f,              // negative: away from zero by magnitude
                     std::numeric_limits<float>::max(),  // rounds up to infinity
                     1e-40f};                              // subnormal
  constexpr int kN = sizeof(f) / sizeof(f[0]);
  const simd<tfloat32, kN> v = simd<float, kN>(f);
  for (int i = 0; i < kN; ++i) {
    EXPECT_EQ(bits_of(tfloat32(v[i])), tf32_rne(f[i])) << i;
    EXPECT_EQ(bits_of(tfloat32(f[i])), tf32_trunc(f[i])) << i;  // the scalar class truncates
  }
  EXPECT_EQ(tf32_rne(1.0f + 0x1.8p-10f), std::bit_cast<uint32_t>(1.0f + 0x1.0p-9f));
  EXPECT_TRUE(std::isinf(static_cast<float>(tfloat32(v[5]))));
}

// ------------------------------ comparisons, merge, compare + merge
template <class T, int N>
void check_compare_merge_n() {
  T a[N], b[N], c[N];
  for (int i = 0; i < N; ++i) {
    a[i] = random_elem<T>();
    b[i] = rand() % 5 == 0 ? a[i] : random_elem<T>();  // some equal lanes
    c[i] = random_elem<T>();
  }
  const simd<T, N> va(a), vb(b), vc(c);
  const simd_mask<N> eq = va == vb, ne = va != vb, lt = va < vb, le = va <= vb, gt = va > vb,
                     ge = va >= vb;
  const T s = b[N / 2];
  const simd_mask<N> lts = va < s, ges = s >= va;
  simd<T, N> m1 = vc;
  m1.merge(va, va > vb);                     // cmp + merge
  const simd<T, N> m2 = merge(vb, vc, lt);   // free merge
  simd<T, N> m3;
  m3.merge(va, vc, ge);
  for (int i = 0; i < N; ++i) {
    const long double x = exact(a[i]), y = exact(b[i]), z = exact(s);
    SCOPED_TRACE(testing::Message() << "N=" << N << " lane " << i << ": " << static_cast<double>(x)
                                    << " vs " << static_cast<double>(y));
    ASSERT_EQ(eq[i], x == y ? 1 : 0);
    ASSERT_EQ(ne[i], x != y ? 1 : 0);
    ASSERT_EQ(lt[i], x < y ? 1 : 0);
    ASSERT_EQ(le[i], x <= y ? 1 : 0);
    ASSERT_EQ(gt[i], x > y ? 1 : 0);
    ASSERT_EQ(ge[i], x >= y ? 1 : 0);
    ASSERT_EQ(lts[i], x < z ? 1 : 0);
    ASSERT_EQ(ges[i], z >= x ? 1 : 0);
    ASSERT_EQ(bits_of(T(m1[i])), bits_of(x > y ? a[i] : c[i]));
    ASSERT_EQ(bits_of(T(m2[i])), bits_of(x < y ? b[i] : c[i]));
    ASSERT_EQ(bits_of(T(m3[i])), bits_of(x >= y ? a[i] : c[i]));
  }
}
template <class T>
void check_compare_merge_all_lengths() {
  SCOPED_TRACE(testing::Message() << "compare/merge sizeof " << sizeof(T));
  check_compare_merge_n<T, 1>();
  check_compare_merge_n<T, 3>();
  check_compare_merge_n<T, 17>();
  check_compare_merge_n<T, 33>();
  check_compare_merge_n<T, 129>();
}
TEST(VecOracle, CompareAndMerge) {
  srand(42);
  for (int rep = 0; rep < 4; ++rep) {
    check_compare_merge_all_lengths<float>();
    check_compare_merge_all_lengths<double>();
    check_compare_merge_all_lengths<half>();
    check_compare_merge_all_lengths<bfloat16>();
    check_compare_merge_all_lengths<int8_t>();
    check_compare_merge_all_lengths<uint16_t>();
    check_compare_merge_all_lengths<int32_t>();
    check_compare_merge_all_lengths<uint32_t>();
    check_compare_merge_all_lengths<int64_t>();
    check_compare_merge_all_lengths<uint64_t>();
  }
}

// ------------------------------ strided select<N, 2> reads and writes
int hidden(int x) {
  static volatile int sink;
  sink = x;
  return sink;
}
/// select<N, 2>(off) of simd<T, 2N + 1> (N = 3, 17, 33, 129), off 0 and 1 as constants and at run time: reads, writes
/// (other lanes keep their bits) and a compound assignment.
template <class T, int N>
void check_stride2_n() {
  constexpr int M = 2 * N + 1;
  T base[M], val[N];
  for (int i = 0; i < M; ++i) base[i] = random_elem<T>();
  for (int i = 0; i < N; ++i) val[i] = random_elem<T>();
  const simd<T, N> w(val);
  for (int k = 0; k < 4; ++k) {
    const int o = k % 2;
    SCOPED_TRACE(testing::Message() << "select<" << N << ",2>(" << o << ") "
                                    << (k < 2 ? "constant" : "run-time"));
    simd<T, M> v(base);
    const uint16_t off = static_cast<uint16_t>(k < 2 ? o : hidden(o));
    simd<T, N> r;
    if (k == 0)
      r = v.template select<N, 2>(0);
    else if (k == 1)
      r = v.template select<N, 2>(1);
    else
      r = v.template select<N, 2>(off);
    for (int i = 0; i < N; ++i) ASSERT_EQ(bits_of(T(r[i])), bits_of(base[o + 2 * i])) << i;
    if (k == 0)
      v.template select<N, 2>(0) = w;
    else if (k == 1)
      v.template select<N, 2>(1) = w;
    else
      v.template select<N, 2>(off) = w;
    for (int j = 0; j < M; ++j) {
      const bool hit = j >= o && (j - o) % 2 == 0 && (j - o) / 2 < N;
      ASSERT_EQ(bits_of(T(v[j])), bits_of(hit ? val[(j - o) / 2] : base[j])) << "element " << j;
    }
    if constexpr (std::is_integral_v<T>) {
      v = simd<T, M>(base);
      v.template select<N, 2>(off) += w;
      for (int j = 0; j < M; ++j) {
        const bool hit = j >= o && (j - o) % 2 == 0 && (j - o) / 2 < N;
        using C = decltype(T() + T());
        const T want = hit ? static_cast<T>(static_cast<std::make_unsigned_t<C>>(base[j]) +
                                            static_cast<std::make_unsigned_t<C>>(val[(j - o) / 2]))
                           : base[j];
        ASSERT_EQ(v[j], want) << "+= element " << j;
      }
    }
  }
}
template <class T>
void check_stride2_all_lengths() {
  SCOPED_TRACE(testing::Message() << "stride 2 sizeof " << sizeof(T));
  // (select<1, 2> is rejected at compile time: a one-element region has stride 1.)
  check_stride2_n<T, 3>();
  check_stride2_n<T, 17>();
  check_stride2_n<T, 33>();
  check_stride2_n<T, 129>();
}
TEST(VecOracle, StridedSelectReadWrite) {
  srand(42);
  check_stride2_all_lengths<float>();
  check_stride2_all_lengths<half>();
  check_stride2_all_lengths<int32_t>();
  check_stride2_all_lengths<uint8_t>();
  check_stride2_all_lengths<double>();
}
/// select<N, 2> of a base whose size is a whole number of pieces (simd<T, 2N>), the bench's shape.
template <class T, int N>
void check_stride2_whole() {
  T base[2 * N], val[N];
  for (int i = 0; i < 2 * N; ++i) base[i] = random_elem<T>();
  for (int i = 0; i < N; ++i) val[i] = random_elem<T>();
  for (int o = 0; o < 2; ++o) {
    simd<T, 2 * N> v(base);
    const uint16_t off = static_cast<uint16_t>(hidden(o));
    const simd<T, N> r = v.template select<N, 2>(off);
    for (int i = 0; i < N; ++i) ASSERT_EQ(bits_of(T(r[i])), bits_of(base[o + 2 * i])) << i;
    v.template select<N, 2>(off) = simd<T, N>(val);
    for (int j = 0; j < 2 * N; ++j)
      ASSERT_EQ(bits_of(T(v[j])), bits_of(j % 2 == o ? val[j / 2] : base[j])) << j;
  }
  simd<T, 2 * N> il;  // interleave, as bench "interleave" does
  il.template select<N, 2>(0) = simd<T, N>(val);
  il.template select<N, 2>(1) = simd<T, N>(base);
  for (int j = 0; j < 2 * N; ++j)
    ASSERT_EQ(bits_of(T(il[j])), bits_of(j % 2 == 0 ? val[j / 2] : base[j / 2])) << j;
}
TEST(VecOracle, StridedSelectOfWholePieces) {
  srand(42);
  check_stride2_whole<float, 64>();
  check_stride2_whole<float, 8>();
  check_stride2_whole<half, 64>();
  check_stride2_whole<int16_t, 32>();
  check_stride2_whole<double, 16>();
  check_stride2_whole<uint8_t, 64>();
}

}  // namespace
