// Information descriptors: info::device, ext::intel::info::device, info::platform,
// info::event_profiling, and aspect. Each descriptor names the type get_info returns.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "xesim/sycl/range.hpp"

namespace xesim::sycl {

/// Device capabilities (numbered as in DPC++'s aspects.def).
enum class aspect {
  cpu = 1,
  gpu = 2,
  accelerator = 3,
  custom = 4,
  fp16 = 5,
  fp64 = 6,
  image = 9,
  online_compiler = 10,
  online_linker = 11,
  queue_profiling = 12,
  usm_device_allocations = 13,
  usm_host_allocations = 14,
  usm_shared_allocations = 15,
  usm_system_allocations = 17,
  ext_intel_pci_address = 18,
  ext_intel_gpu_eu_count = 19,
  ext_intel_gpu_eu_simd_width = 20,
  ext_intel_gpu_slices = 21,
  ext_intel_gpu_subslices_per_slice = 22,
  ext_intel_gpu_eu_count_per_subslice = 23,
  ext_intel_max_mem_bandwidth = 24,
  ext_intel_mem_channel = 25,
  usm_atomic_host_allocations = 26,
  usm_atomic_shared_allocations = 27,
  atomic64 = 28,
  ext_intel_device_info_uuid = 29,
  ext_oneapi_srgb = 30,
  ext_oneapi_native_assert = 31,
  host_debuggable = 32,
  ext_intel_gpu_hw_threads_per_eu = 33,
  ext_oneapi_bfloat16_math_functions = 35,
  ext_intel_free_memory = 36,
  ext_intel_device_id = 37,
  ext_intel_memory_clock_rate = 38,
  ext_intel_memory_bus_width = 39,
  emulated = 40,
  ext_intel_esimd = 53,
  ext_intel_matrix = 58,
};

namespace info {

enum class device_type { cpu, gpu, accelerator, custom, automatic, host, all };
enum class local_mem_type { none, local, global };
enum class global_mem_cache_type { none, read_only, read_write };

#define XESIM_INFO_DESCRIPTOR(name, type) \
  struct name {                           \
    using return_type = type;             \
  };

namespace device {
XESIM_INFO_DESCRIPTOR(device_type, info::device_type)
XESIM_INFO_DESCRIPTOR(vendor_id, std::uint32_t)
XESIM_INFO_DESCRIPTOR(max_compute_units, std::uint32_t)
XESIM_INFO_DESCRIPTOR(max_work_item_dimensions, std::uint32_t)
template <int D = 3>
struct max_work_item_sizes {  // SYCL 2020: range<D>
  using return_type = range<D>;
};
XESIM_INFO_DESCRIPTOR(max_work_group_size, std::size_t)
XESIM_INFO_DESCRIPTOR(max_num_sub_groups, std::uint32_t)
XESIM_INFO_DESCRIPTOR(sub_group_sizes, std::vector<std::size_t>)
XESIM_INFO_DESCRIPTOR(max_clock_frequency, std::uint32_t)
XESIM_INFO_DESCRIPTOR(address_bits, std::uint32_t)
XESIM_INFO_DESCRIPTOR(max_mem_alloc_size, std::uint64_t)
XESIM_INFO_DESCRIPTOR(global_mem_cache_type, info::global_mem_cache_type)
XESIM_INFO_DESCRIPTOR(global_mem_cache_line_size, std::uint32_t)
XESIM_INFO_DESCRIPTOR(global_mem_cache_size, std::uint64_t)
XESIM_INFO_DESCRIPTOR(global_mem_size, std::uint64_t)
XESIM_INFO_DESCRIPTOR(local_mem_type, info::local_mem_type)
XESIM_INFO_DESCRIPTOR(local_mem_size, std::uint64_t)
XESIM_INFO_DESCRIPTOR(error_correction_support, bool)
XESIM_INFO_DESCRIPTOR(host_unified_memory, bool)
XESIM_INFO_DESCRIPTOR(profiling_timer_resolution, std::size_t)
XESIM_INFO_DESCRIPTOR(is_endian_little, bool)
XESIM_INFO_DESCRIPTOR(is_available, bool)
XESIM_INFO_DESCRIPTOR(is_compiler_available, bool)
XESIM_INFO_DESCRIPTOR(is_linker_available, bool)
XESIM_INFO_DESCRIPTOR(name, std::string)
XESIM_INFO_DESCRIPTOR(vendor, std::string)
XESIM_INFO_DESCRIPTOR(driver_version, std::string)
XESIM_INFO_DESCRIPTOR(profile, std::string)
XESIM_INFO_DESCRIPTOR(version, std::string)
XESIM_INFO_DESCRIPTOR(backend_version, std::string)
XESIM_INFO_DESCRIPTOR(extensions, std::vector<std::string>)
XESIM_INFO_DESCRIPTOR(aspects, std::vector<sycl::aspect>)
}  // namespace device

namespace platform {
XESIM_INFO_DESCRIPTOR(name, std::string)
XESIM_INFO_DESCRIPTOR(vendor, std::string)
XESIM_INFO_DESCRIPTOR(version, std::string)
XESIM_INFO_DESCRIPTOR(profile, std::string)
}  // namespace platform

namespace event_profiling {
XESIM_INFO_DESCRIPTOR(command_submit, std::uint64_t)
XESIM_INFO_DESCRIPTOR(command_start, std::uint64_t)
XESIM_INFO_DESCRIPTOR(command_end, std::uint64_t)
}  // namespace event_profiling

enum class event_command_status { submitted, running, complete };
namespace event {
XESIM_INFO_DESCRIPTOR(command_execution_status, info::event_command_status)
}  // namespace event

}  // namespace info

namespace ext::intel::info::device {
XESIM_INFO_DESCRIPTOR(device_id, std::uint32_t)
XESIM_INFO_DESCRIPTOR(gpu_eu_count, std::uint32_t)
XESIM_INFO_DESCRIPTOR(gpu_eu_simd_width, std::uint32_t)
XESIM_INFO_DESCRIPTOR(gpu_slices, std::uint32_t)
XESIM_INFO_DESCRIPTOR(gpu_subslices_per_slice, std::uint32_t)
XESIM_INFO_DESCRIPTOR(gpu_eu_count_per_subslice, std::uint32_t)
XESIM_INFO_DESCRIPTOR(gpu_hw_threads_per_eu, std::uint32_t)
XESIM_INFO_DESCRIPTOR(max_mem_bandwidth, std::uint64_t)
XESIM_INFO_DESCRIPTOR(free_memory, std::uint64_t)
XESIM_INFO_DESCRIPTOR(memory_clock_rate, std::uint32_t)
XESIM_INFO_DESCRIPTOR(memory_bus_width, std::uint32_t)
}  // namespace ext::intel::info::device

#undef XESIM_INFO_DESCRIPTOR

}  // namespace xesim::sycl
