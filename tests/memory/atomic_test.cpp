// atomic_update on USM, integer operations: inc, dec, add, sub, bit ops, xchg, cmpxchg, umin/umax,
// smin/smax over 16-, 32- and 64-bit types; 0/1/2-operand forms with simd, simd_view and scalar
// offsets, masks and properties, against the scalar oracle of atomic_test_util.hpp.
#include "memory/atomic_test_util.hpp"

namespace {

using namespace atomic_test;
#define INT_TYPES int16_t, uint16_t, int32_t, uint32_t, int64_t, uint64_t

TEST(AtomicUpdate, IntegerOperations) {
  srand(42);
  check_op_types<atomic_op::inc, INT_TYPES>("inc");
  check_op_types<atomic_op::dec, INT_TYPES>("dec");
  check_op_types<atomic_op::add, INT_TYPES>("add");
  check_op_types<atomic_op::sub, INT_TYPES>("sub");
  check_op_types<atomic_op::bit_and, INT_TYPES>("bit_and");
  check_op_types<atomic_op::bit_or, INT_TYPES>("bit_or");
  check_op_types<atomic_op::bit_xor, INT_TYPES>("bit_xor");
  check_op_types<atomic_op::xchg, INT_TYPES>("xchg");
  check_op_types<atomic_op::cmpxchg, INT_TYPES>("cmpxchg");
  check_op_types<atomic_op::umin, uint16_t, uint32_t, uint64_t>("umin");
  check_op_types<atomic_op::umax, uint16_t, uint32_t, uint64_t>("umax");
  check_op_types<atomic_op::smin, int16_t, int32_t, int64_t>("smin");
  check_op_types<atomic_op::smax, int16_t, int32_t, int64_t>("smax");
}

TEST(AtomicUpdate, OtherLaneCounts) {
  srand(42);
  check_op<atomic_op::add, int32_t, 3>("add");
  check_op<atomic_op::inc, uint32_t, 3>("inc");
  check_op<atomic_op::add, uint64_t, 16>("add");
  check_op<atomic_op::cmpxchg, int16_t, 16>("cmpxchg");
  check_op<atomic_op::smax, int64_t, 16>("smax");
  check_op<atomic_op::bit_xor, uint16_t, 8>("bit_xor");
  check_op<atomic_op::umin, uint32_t, 8>("umin");
}

TEST(AtomicUpdate, ScalarOffsetForms) {
  int32_t x[4] = {5, 6, 7, 8};
  auto old =
      esimd::atomic_update<atomic_op::add, int32_t, 4>(x, 8u, simd<int32_t, 4>(1), simd_mask<4>(1));
  for (int i = 0; i < 4; ++i) EXPECT_EQ(old[i], 7 + i) << "lanes update one location in order";
  EXPECT_EQ(x[2], 11);
  auto inc = esimd::atomic_update<atomic_op::inc, int32_t, 2>(x, 0u);
  EXPECT_EQ(inc[0], 5);
  EXPECT_EQ(inc[1], 6);
  auto st = esimd::atomic_update<atomic_op::store, int32_t, 1>(x, 12u, simd<int32_t, 1>(42),
                                                               simd_mask<1>(1));
  EXPECT_EQ(st[0], 8);
  EXPECT_EQ(x[3], 42);
  auto cx = esimd::atomic_update<atomic_op::cmpxchg, int32_t, 1>(
      x, 4u, simd<int32_t, 1>(9), simd<int32_t, 1>(6), simd_mask<1>(1));
  EXPECT_EQ(cx[0], 6);
  EXPECT_EQ(x[1], 9);
}

TEST(AtomicUpdate, MisalignedAddressesStillUpdate) {
  alignas(8) unsigned char b[16] = {};
  auto* p = reinterpret_cast<uint32_t*>(b + 1);
  esimd::atomic_update<atomic_op::add, uint32_t, 1>(p, simd<uint32_t, 1>(0),
                                                    simd<uint32_t, 1>(0x01020304u));
  uint32_t v;
  std::memcpy(&v, b + 1, 4);
  EXPECT_EQ(v, 0x01020304u);
}

}  // namespace
