// Forms found in Intel's ESIMD tests: a one-row 2D select used with row(); a mask broadcast from
// one element of another mask; detail::simd_mask_impl as a template template argument; the
// __ESIMD_ENABLE_TEST_PROXY move tracking (simd_obj_impl::get_test_proxy).
#define __ESIMD_ENABLE_TEST_PROXY
#include <gtest/gtest.h>

#include <utility>

#include <sycl/ext/intel/esimd.hpp>

using namespace sycl::ext::intel::esimd;

namespace {

TEST(ViewForms, OneRowTwoDSelectHasRows) {
  simd<int, 32> v(0, 1);                                              // 4 x 8
  auto rows = v.bit_cast_view<int, 4, 8>().select<1, 1, 4, 2>(2, 1);  // row 2, columns 1, 3, 5, 7
  for (int j = 0; j < 4; ++j) rows.row(0)[j] = 100 + j;
  for (int i = 0; i < 32; ++i) {
    const bool hit = i / 8 == 2 && i % 8 % 2 == 1;
    EXPECT_EQ(int(v[i]), hit ? 100 + (i % 8) / 2 : i) << i;
  }
  simd<int, 1> col = v.bit_cast_view<int, 4, 8>().select<1, 1, 4, 2>(0, 0).column(3);
  EXPECT_EQ(int(col[0]), 6);
}

TEST(ViewForms, MaskBroadcastFromOneElement) {
  simd_mask<8> m0 = simd<int, 8>(0, 1) < 3;  // 1 1 1 0 0 0 0 0
  simd_mask<8> on(m0[0]), off(m0[5]);
  for (int i = 0; i < 8; ++i) {
    EXPECT_NE(on[i], 0) << i;
    EXPECT_EQ(off[i], 0) << i;
  }
}

template <class T, int N, template <class, int> class Vec>
int first_of() {
  Vec<T, N> v(T(1));
  return int(v[0]);
}
TEST(ViewForms, DetailSimdMaskImplIsATemplate) {
  EXPECT_EQ((first_of<simd_mask<1>::element_type, 4, detail::simd_mask_impl>()), 1);
  EXPECT_TRUE((std::is_same_v<detail::simd_mask_impl<uint16_t, 4>, simd_mask<4>>));
}

TEST(ViewForms, TestProxyTellsAMoveFromACopy) {
  simd<float, 8> a(1.0f);
  simd<float, 8> copied(a);
  simd<float, 8> moved(std::move(a));
  EXPECT_FALSE(copied.get_test_proxy().was_move_destination());
  EXPECT_TRUE(moved.get_test_proxy().was_move_destination());
  copied = moved;
  EXPECT_FALSE(copied.get_test_proxy().was_move_destination());
  copied = simd<float, 8>(2.0f);
  EXPECT_TRUE(copied.get_test_proxy().was_move_destination());
}

}  // namespace
