// Kernel launch properties (sycl_ext_oneapi_kernel_properties, sycl_ext_intel_grf_size): the
// ext::oneapi::experimental::properties list (the same compile-time list ESIMD memory calls
// take), Intel's register_alloc_mode<...> / grf_size<N> / grf_size_automatic and oneAPI's
// sub_group_size<N>, work_group_size<...>, work_group_size_hint<...>. handler::parallel_for /
// single_task and the queue shortcuts accept a list before the kernel. The engine needs none of
// them to run a kernel: they are accepted and checked for form only (the GRF size of the
// grf-overflow check stays what `xesim c++ -Xs -doubleGRF` or XESIM_GRF selects).
#pragma once

#include <cstddef>
#include <cstdint>

#include "xesim/memory/properties.hpp"

namespace xesim::sycl::ext::oneapi::experimental {
using ::xesim::esimd::empty_properties_t;
using ::xesim::esimd::is_property_list;
using ::xesim::esimd::is_property_list_v;
using ::xesim::esimd::properties;

struct sub_group_size_key {
  template <std::uint32_t N>
  struct value_t {
    using key_t = sub_group_size_key;
    static constexpr std::uint32_t value = N;
  };
};
template <std::uint32_t N>
inline constexpr sub_group_size_key::value_t<N> sub_group_size{};

struct work_group_size_key {
  template <std::size_t... Dims>
  struct value_t {
    using key_t = work_group_size_key;
    static constexpr std::size_t dims[] = {Dims...};
  };
};
template <std::size_t... Dims>
inline constexpr work_group_size_key::value_t<Dims...> work_group_size{};

struct work_group_size_hint_key {
  template <std::size_t... Dims>
  struct value_t {
    using key_t = work_group_size_hint_key;
    static constexpr std::size_t dims[] = {Dims...};
  };
};
template <std::size_t... Dims>
inline constexpr work_group_size_hint_key::value_t<Dims...> work_group_size_hint{};
}  // namespace xesim::sycl::ext::oneapi::experimental

namespace xesim::sycl::ext::intel::experimental {
/// register_alloc_mode<register_alloc_mode_enum::large>: 256 GRF registers (DPC++'s values).
enum class register_alloc_mode_enum : std::uint32_t { automatic = 0, large = 2 };
struct register_alloc_mode_key {
  template <register_alloc_mode_enum Mode>
  struct value_t {
    using key_t = register_alloc_mode_key;
    static constexpr register_alloc_mode_enum value = Mode;
  };
};
template <register_alloc_mode_enum Mode>
inline constexpr register_alloc_mode_key::value_t<Mode> register_alloc_mode{};

/// grf_size<128> or grf_size<256> (registers per thread), or grf_size_automatic.
struct grf_size_key {
  template <unsigned Size>
  struct value_t {
    static_assert(Size == 128 || Size == 256, "grf_size: 128 or 256 registers");
    using key_t = grf_size_key;
    static constexpr unsigned value = Size;
  };
};
template <unsigned Size>
inline constexpr grf_size_key::value_t<Size> grf_size{};
struct grf_size_automatic_key {
  struct value_t {
    using key_t = grf_size_automatic_key;
  };
};
inline constexpr grf_size_automatic_key::value_t grf_size_automatic{};
}  // namespace xesim::sycl::ext::intel::experimental
