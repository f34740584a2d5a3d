// range, id, nd_range arithmetic and queries (host side, no launch).
#include <gtest/gtest.h>

#include "xesim/sycl/exception.hpp"
#include "xesim/sycl/item.hpp"
#include "xesim/sycl/range.hpp"

namespace sycl = xesim::sycl;

TEST(Range, SizeAndIndexing) {
  sycl::range<3> r(2, 3, 4);
  EXPECT_EQ(r.size(), 24u);
  EXPECT_EQ(r[0], 2u);
  EXPECT_EQ(r.get(2), 4u);
  r[1] = 5;
  EXPECT_EQ(r.size(), 40u);
  EXPECT_EQ(sycl::range(7).size(), 7u);
  static_assert(std::is_same_v<decltype(sycl::range(1, 2)), sycl::range<2>>);
}

TEST(Range, ArithmeticMatchesScalarOracle) {
  srand(42);
  for (int t = 0; t < 200; ++t) {
    const std::size_t a0 = rand() % 100 + 1, a1 = rand() % 100 + 1, b0 = rand() % 50 + 1,
                      b1 = rand() % 50 + 1;
    const sycl::range<2> a(a0, a1), b(b0, b1);
    EXPECT_EQ((a + b), sycl::range<2>(a0 + b0, a1 + b1));
    EXPECT_EQ((a * b), sycl::range<2>(a0 * b0, a1 * b1));
    EXPECT_EQ((a / b), sycl::range<2>(a0 / b0, a1 / b1));
    EXPECT_EQ((a % b), sycl::range<2>(a0 % b0, a1 % b1));
    EXPECT_EQ((a * 3), sycl::range<2>(a0 * 3, a1 * 3));
    EXPECT_EQ((5 + a), sycl::range<2>(a0 + 5, a1 + 5));
    sycl::id<2> i(a0, a1);
    i += sycl::id<2>(b0, b1);
    EXPECT_EQ(i, sycl::id<2>(a0 + b0, a1 + b1));
    EXPECT_NE(i, sycl::id<2>(a0, a1));
  }
}

TEST(Id, OneDimensionalConvertsToSizeT) {
  const sycl::id<1> i(17);
  const std::size_t s = i;
  EXPECT_EQ(s, 17u);
  EXPECT_EQ(i * 2, sycl::id<1>(34));
  EXPECT_TRUE(i == 17);
  EXPECT_EQ(static_cast<int>(i[0]) + 1, 18);
  EXPECT_EQ(sycl::id<3>(sycl::range<3>(1, 2, 3)), sycl::id<3>(1, 2, 3));
}

TEST(NdRange, GroupRange) {
  const sycl::nd_range<3> r(sycl::range<3>(8, 6, 4), sycl::range<3>(2, 3, 4));
  EXPECT_EQ(r.get_group_range(), sycl::range<3>(4, 2, 1));
  EXPECT_EQ(r.get_global_range(), sycl::range<3>(8, 6, 4));
  EXPECT_EQ(r.get_local_range(), sycl::range<3>(2, 3, 4));
  const sycl::nd_range<1> r1(64, 8);
  EXPECT_EQ(r1.get_group_range()[0], 8u);
}

TEST(Exception, CodeAndWhat) {
  const sycl::exception e(sycl::make_error_code(sycl::errc::nd_range), "bad shape");
  EXPECT_EQ(e.code(), sycl::errc::nd_range);
  EXPECT_EQ(e.code().category(), sycl::sycl_category());
  EXPECT_STREQ(e.what(), "bad shape");
  const std::error_code ec = sycl::errc::invalid;  // errc is an error-code enum
  EXPECT_EQ(ec.value(), 8);
}
