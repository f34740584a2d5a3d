// device, platform, context and device selectors. There is one device: the GPU model selected by
// XESIM_DEVICE (xesim::dev::current_device()); every query answers as that GPU does.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "xesim/runtime/device_model.hpp"
#include "xesim/sycl/architecture.hpp"
#include "xesim/sycl/backend.hpp"
#include "xesim/sycl/exception.hpp"
#include "xesim/sycl/info.hpp"
#include "xesim/sycl/property.hpp"

namespace xesim::sycl::info::device {
/// DPC++'s ESIMD device descriptor sycl::ext::intel::esimd::info::device::has_2d_block_io_support:
/// whether the device has 2D block I/O (load_2d, store_2d, prefetch_2d, the lsc_*_2d forms).
struct has_2d_block_io_support {
  using return_type = bool;
};
}  // namespace xesim::sycl::info::device
namespace xesim::esimd {
/// An alias, not a namespace of its own: under `using namespace sycl;` and
/// `using namespace sycl::ext::intel::esimd;` an unqualified `info::device::name` must still
/// name one namespace (Intel's tests write both).
namespace info = ::xesim::sycl::info;
}  // namespace xesim::esimd

namespace xesim::sycl {

class device;
class platform;

namespace detail {
// One overload per supported descriptor (src/runtime/device_info.cpp). A descriptor without an
// overload does not compile.
namespace idev = info::device;
namespace xdev = ext::intel::info::device;
info::device_type query(const dev::device_model&, idev::device_type);
std::uint32_t query(const dev::device_model&, idev::vendor_id);
std::uint32_t query(const dev::device_model&, idev::max_compute_units);
std::uint32_t query(const dev::device_model&, idev::max_work_item_dimensions);
range<1> query(const dev::device_model&, idev::max_work_item_sizes<1>);
range<2> query(const dev::device_model&, idev::max_work_item_sizes<2>);
range<3> query(const dev::device_model&, idev::max_work_item_sizes<3>);
std::size_t query(const dev::device_model&, idev::max_work_group_size);
std::uint32_t query(const dev::device_model&, idev::max_num_sub_groups);
std::vector<std::size_t> query(const dev::device_model&, idev::sub_group_sizes);
std::uint32_t query(const dev::device_model&, idev::max_clock_frequency);
std::uint32_t query(const dev::device_model&, idev::address_bits);
std::uint64_t query(const dev::device_model&, idev::max_mem_alloc_size);
info::global_mem_cache_type query(const dev::device_model&, idev::global_mem_cache_type);
std::uint32_t query(const dev::device_model&, idev::global_mem_cache_line_size);
std::uint64_t query(const dev::device_model&, idev::global_mem_cache_size);
std::uint64_t query(const dev::device_model&, idev::global_mem_size);
info::local_mem_type query(const dev::device_model&, idev::local_mem_type);
std::uint64_t query(const dev::device_model&, idev::local_mem_size);
bool query(const dev::device_model&, idev::error_correction_support);
bool query(const dev::device_model&, idev::host_unified_memory);
std::size_t query(const dev::device_model&, idev::profiling_timer_resolution);
bool query(const dev::device_model&, idev::is_endian_little);
bool query(const dev::device_model&, idev::is_available);
bool query(const dev::device_model&, idev::is_compiler_available);
bool query(const dev::device_model&, idev::is_linker_available);
std::string query(const dev::device_model&, idev::name);
std::string query(const dev::device_model&, idev::vendor);
std::string query(const dev::device_model&, idev::driver_version);
std::string query(const dev::device_model&, idev::profile);
std::string query(const dev::device_model&, idev::version);
std::string query(const dev::device_model&, idev::backend_version);
std::vector<std::string> query(const dev::device_model&, idev::extensions);
std::vector<aspect> query(const dev::device_model&, idev::aspects);
std::uint32_t query(const dev::device_model&, xdev::device_id);
std::uint32_t query(const dev::device_model&, xdev::gpu_eu_count);
std::uint32_t query(const dev::device_model&, xdev::gpu_eu_simd_width);
inline ext::oneapi::experimental::architecture query(
    const dev::device_model& m, ext::oneapi::experimental::info::device::architecture) {
  return detail::architecture_of(m);
}
/// sycl::ext::intel::esimd::info::device::has_2d_block_io_support: 2D block load/store/prefetch
/// (Xe-HPC and Xe2 in the models).
inline bool query(const dev::device_model& m, info::device::has_2d_block_io_support) {
  return m.has_block_2d;
}
std::uint32_t query(const dev::device_model&, xdev::gpu_slices);
std::uint32_t query(const dev::device_model&, xdev::gpu_subslices_per_slice);
std::uint32_t query(const dev::device_model&, xdev::gpu_eu_count_per_subslice);
std::uint32_t query(const dev::device_model&, xdev::gpu_hw_threads_per_eu);
std::uint64_t query(const dev::device_model&, xdev::max_mem_bandwidth);
std::uint64_t query(const dev::device_model&, xdev::free_memory);
std::uint32_t query(const dev::device_model&, xdev::memory_clock_rate);
std::uint32_t query(const dev::device_model&, xdev::memory_bus_width);
bool has_aspect(const dev::device_model&, aspect a);
std::string query(const dev::device_model&, info::platform::name);
std::string query(const dev::device_model&, info::platform::vendor);
std::string query(const dev::device_model&, info::platform::version);
std::string query(const dev::device_model&, info::platform::profile);
}  // namespace detail

// ------------------------------ device
/// The modelled Intel GPU. Default-constructed, or chosen by a selector, it is always the model
/// XESIM_DEVICE names; get_info answers from that model's row.
class device {
 public:
  device() : model_(&dev::current_device()) {}
  /// The device a selector (int(const device&)) scores highest; throws errc::runtime when it
  /// rejects the only device (a negative score), as DPC++ does when no device matches.
  template <class Selector,
            std::enable_if_t<std::is_invocable_r_v<int, const Selector&, const device&>, int> = 0>
  explicit device(const Selector& selector) : device() {
    if (selector(*this) < 0)
      throw exception(make_error_code(errc::runtime),
                      "No device of requested type available: xesim models one GPU (" +
                          std::string(model_->name) + "), rejected by the selector");
  }

  bool is_gpu() const noexcept { return true; }
  bool is_cpu() const noexcept { return false; }
  bool is_accelerator() const noexcept { return false; }
  bool has(aspect a) const { return detail::has_aspect(*model_, a); }
  platform get_platform() const;
  /// The backend of a DPC++ Intel GPU device: Level Zero.
  backend get_backend() const noexcept { return backend::ext_oneapi_level_zero; }

  template <class Desc>
  typename Desc::return_type get_info() const {
    return detail::query(*model_, Desc{});
  }

  /// sycl_ext_oneapi_device_architecture: whether this device is `arch` / of category `cat`.
  bool ext_oneapi_architecture_is(ext::oneapi::experimental::architecture arch) const noexcept {
    return detail::architecture_of(*model_) == arch;
  }
  bool ext_oneapi_architecture_is(ext::oneapi::experimental::arch_category cat) const noexcept {
    return cat == ext::oneapi::experimental::arch_category::intel_gpu;
  }

  /// xesim: the device model this device answers as.
  const dev::device_model& model() const noexcept { return *model_; }

  static std::vector<device> get_devices(info::device_type type = info::device_type::all) {
    if (type == info::device_type::all || type == info::device_type::gpu ||
        type == info::device_type::automatic)
      return {device()};
    return {};
  }

  friend bool operator==(const device& a, const device& b) noexcept { return a.model_ == b.model_; }
  friend bool operator!=(const device& a, const device& b) noexcept { return !(a == b); }

 private:
  const dev::device_model* model_;
};

// ------------------------------ platform
/// The Intel(R) Level-Zero-like platform holding the one modelled device.
class platform {
 public:
  platform() = default;
  /// The platform of the device the selector picks (throws errc::runtime when it rejects it).
  template <class Selector,
            std::enable_if_t<std::is_invocable_r_v<int, const Selector&, const device&>, int> = 0>
  explicit platform(const Selector& selector) {
    (void)device(selector);
  }
  backend get_backend() const noexcept { return backend::ext_oneapi_level_zero; }
  std::vector<device> get_devices(info::device_type type = info::device_type::all) const {
    return device::get_devices(type);
  }
  bool has(aspect a) const { return device().has(a); }
  template <class Desc>
  typename Desc::return_type get_info() const {
    return detail::query(dev::current_device(), Desc{});
  }
  static std::vector<platform> get_platforms() { return {platform()}; }
  friend bool operator==(const platform&, const platform&) noexcept { return true; }
  friend bool operator!=(const platform&, const platform&) noexcept { return false; }
};

inline platform device::get_platform() const { return platform(); }

// ------------------------------ context
class context;
namespace info::context {
/// context::get_info descriptors (SYCL 2020 4.6.3).
struct devices {
  using return_type = std::vector<sycl::device>;
};
struct platform {
  using return_type = sycl::platform;
};
struct reference_count {
  using return_type = std::uint32_t;
};
}  // namespace info::context

/// A SYCL context: the one device. Exists so USM calls taking a context compile.
class context {
 public:
  explicit context(const property_list& = {}) {}
  explicit context(const async_handler& h, const property_list& = {}) : handler_(h) {}
  explicit context(const device& d, const property_list& = {}) : device_(d) {}
  context(const device& d, const async_handler& h, const property_list& = {})
      : device_(d), handler_(h) {}
  explicit context(const platform&, const property_list& = {}) {}
  context(const platform&, const async_handler& h, const property_list& = {}) : handler_(h) {}
  explicit context(const std::vector<device>& devs, const property_list& = {})
      : device_(devs.empty() ? device() : devs.front()) {}
  context(const std::vector<device>& devs, const async_handler& h, const property_list& = {})
      : device_(devs.empty() ? device() : devs.front()), handler_(h) {}
  std::vector<device> get_devices() const { return {device_}; }
  platform get_platform() const { return platform(); }
  /// info::context::devices, platform or reference_count (1: contexts here are values).
  template <class Desc>
  typename Desc::return_type get_info() const {
    if constexpr (std::is_same_v<Desc, info::context::devices>) return get_devices();
    else if constexpr (std::is_same_v<Desc, info::context::platform>) return get_platform();
    else if constexpr (std::is_same_v<Desc, info::context::reference_count>) return 1;
    else static_assert(sizeof(Desc) == 0, "xesim: not a context info descriptor");
  }
  backend get_backend() const noexcept { return backend::ext_oneapi_level_zero; }
  template <class Prop>
  bool has_property() const noexcept {
    return false;
  }
  friend bool operator==(const context&, const context&) noexcept { return true; }
  friend bool operator!=(const context&, const context&) noexcept { return false; }

 private:
  device device_;
  async_handler handler_;
};

// ------------------------------ selectors
/// SYCL 2020 selectors: score a device (negative = reject).
inline int default_selector_v(const device&) { return 1; }
inline int gpu_selector_v(const device& d) { return d.is_gpu() ? 1 : -1; }
inline int cpu_selector_v(const device& d) { return d.is_cpu() ? 1 : -1; }
inline int accelerator_selector_v(const device& d) { return d.is_accelerator() ? 1 : -1; }
inline auto aspect_selector(std::vector<aspect> required) {
  return [required = std::move(required)](const device& d) {
    for (aspect a : required)
      if (!d.has(a)) return -1;
    return 1;
  };
}

/// SYCL 1.2.1 selector base class (deprecated in SYCL 2020): derive and override operator().
class device_selector {
 public:
  virtual ~device_selector() = default;
  virtual int operator()(const device& d) const = 0;
  /// The device this selector picks (throws errc::runtime when it rejects it).
  device select_device() const { return device(*this); }
};

/// SYCL 1.2.1 selector classes (deprecated in SYCL 2020, still common).
struct default_selector {
  int operator()(const device& d) const { return default_selector_v(d); }
};
struct gpu_selector {
  int operator()(const device& d) const { return gpu_selector_v(d); }
};
struct cpu_selector {
  int operator()(const device& d) const { return cpu_selector_v(d); }
};
struct accelerator_selector {
  int operator()(const device& d) const { return accelerator_selector_v(d); }
};

}  // namespace xesim::sycl
