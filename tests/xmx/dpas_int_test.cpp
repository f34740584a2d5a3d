// xmx::dpas for every signed / unsigned mix of s8, u8, s4, u4, s2, u2 into int32 / uint32 against
// the scalar oracle (dpas_oracle.hpp), bit for bit, every repeat count, execution size 16, with
// and without the accumulator (size 8: dpas_int_exec8_test.cpp); the VNNI packing helpers; a
// dpas inside a kernel, and the refusal on devices without XMX.
#include <utility>

#include <xesim/xmx/vnni.hpp>

#include "xmx/dpas_int_cases.hpp"

namespace {

using namespace dpas_test;
TEST(DpasInt, EveryPairExec16) {
  std::srand(42);
  if (!on_device_with_exec(16)) return;
  sweep_all<16>(std::make_index_sequence<36>{});
}
TEST(Vnni, PackUnpackAndLayout) {
  std::srand(42);
  const int rows = 7, cols = 5, ld = 6;  // odd rows: the last group is zero-padded
  std::vector<std::uint16_t> src(rows * ld), packed(8 * cols), back(rows * ld, 0);
  for (auto& x : src) x = std::uint16_t(std::rand());
  xesim::xmx::vnni_pack(src.data(), rows, cols, ld, packed.data());
  for (int r = 0; r < 8; ++r)
    for (int c = 0; c < cols; ++c)
      EXPECT_EQ(packed[((r / 2) * cols + c) * 2 + r % 2], r < rows ? src[r * ld + c] : 0);
  xesim::xmx::vnni_unpack(packed.data(), rows, cols, back.data(), ld);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) EXPECT_EQ(back[r * ld + c], src[r * ld + c]);
  std::vector<std::uint8_t> s8(9 * 3), p8(12 * 3);
  for (auto& x : s8) x = std::uint8_t(std::rand());
  xesim::xmx::vnni_pack(s8.data(), 9, 3, 3, p8.data());
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 3; ++c)
      EXPECT_EQ(p8[((r / 4) * 3 + c) * 4 + r % 4], r < 9 ? s8[r * 3 + c] : 0);
  // Sub-byte: pack_bits / vnni_pack_bits give the layouts the oracle reads.
  std::vector<int> vals(64 * 8);
  for (auto& v : vals) v = std::rand() % 16 - 8;
  std::vector<unsigned char> a(64 * 8 * 4 / 8);
  xesim::xmx::pack_bits<4>(vals.data(), 64 * 8, a.data());
  for (int i = 0; i < 64 * 8; ++i) EXPECT_EQ(int_field(P::s4, a_field(a, 4, i)), vals[i]);
  std::vector<std::uint32_t> w(64 / 8 * 8);
  xesim::xmx::vnni_pack_bits<4>(vals.data(), 64, 8, w.data());
  std::vector<unsigned char> wb(w.size() * 4);
  std::memcpy(wb.data(), w.data(), wb.size());
  for (int k = 0; k < 64; ++k)
    for (int n = 0; n < 8; ++n)
      EXPECT_EQ(int_field(P::s4, b_field(wb, 4, 8, k, n)), vals[k * 8 + n]);
}

/// Inside a kernel on a device with XMX it runs; on meteor-lake (no XMX) and with the wrong
/// execution size the launch fails with errc::kernel_not_supported, as the driver refuses it.
int run_kernel_dpas() {
  sycl::queue q;
  int* out = sycl::malloc_shared<int>(8 * 16, q);
  q.single_task([=]() SYCL_ESIMD_KERNEL {
     esimd::simd<unsigned char, 8 * 32> A(1);
     esimd::simd<signed char, 32 * 16> B(2);
     esimd::simd<int, 8 * 16> C(3);
     xmx::dpas<8, 8, int>(C, B, A).copy_to(out);
   }).wait_and_throw();
  const int r = out[5];
  sycl::free(out, q);
  return r;
}
TEST(DpasDevice, RunsOnXmxDevice) {
  if (!on_device_with_exec(16)) return;
  EXPECT_EQ(run_kernel_dpas(), 3 + 32 * 2);
}
TEST(DpasDevice, RefusedWithoutXmxOrWrongExecSize) {
  if (std::getenv("XESIM_DEVICE") == nullptr) {
    for (const char* dev : {"meteor-lake", "arc-a770"}) {
      const auto r = run_self(std::string("XESIM_DEVICE=") + dev);
      EXPECT_EQ(r.status, 0) << r.output;
      EXPECT_NE(r.output.find("[  PASSED  ] 1 test"), std::string::npos) << r.output;
    }
    return;
  }
  try {
    run_kernel_dpas();
    ADD_FAILURE() << "the dpas kernel ran on " << xesim::dev::current_device().id;
  } catch (const sycl::exception& e) {
    EXPECT_EQ(e.code(), sycl::errc::kernel_not_supported);
    EXPECT_NE(std::string(e.what()).find("[dpas-unsupported]"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(xesim::dev::current_device().id), std::string::npos);
  }
}

}  // namespace
