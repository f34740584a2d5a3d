// lsc_data_size: the data sizes of LSC messages, with DPC++'s enumerators and values, as
// sycl::ext::intel::esimd::detail::lsc_data_size and its experimental alias. Programs name it
// even when they call no lsc_* function (Intel's esimd_test_utils.hpp prints it).
#pragma once

#include <cstdint>

namespace xesim::esimd {
namespace detail {
/// The size of one element of an LSC message (u8u32: 8-bit data widened to 32 bits, ...).
enum class lsc_data_size : std::uint8_t {
  default_size = 0,
  u8 = 1,
  u16 = 2,
  u32 = 3,
  u64 = 4,
  u8u32 = 5,    ///< load 8 bits, zero-extend to 32; store the low 8 of 32
  u16u32 = 6,   ///< load 16 bits, zero-extend to 32; store the low 16 of 32
  u16u32h = 7,  ///< load 16 bits into the high half of 32; store the high 16
};
}  // namespace detail
namespace xesim_experimental {
using detail::lsc_data_size;
}  // namespace xesim_experimental
}  // namespace xesim::esimd
