// Answers of device::get_info / has / platform::get_info, from the current device model row.
#include <algorithm>

#include "xesim/runtime/launch.hpp"
#include "xesim/runtime/usm_registry.hpp"
#include "xesim/sycl/device.hpp"

namespace xesim::sycl::detail {
namespace {

// Memory interface facts the device_model row does not carry yet (bus width in bits, memory clock
// in MHz = data rate / 8 for GDDR6, / 2 for HBM2e and LPDDR5x). Sources: Intel ARK product pages
// (Arc A770 16GB: 256-bit GDDR6 17.5 Gbps; Arc B580: 192-bit GDDR6 19 Gbps; Data Center GPU Max
// 1550: 8192-bit HBM2e 3.2 Gbps), Core Ultra 100H (Meteor Lake: LPDDR5x-7467, 128-bit) and 200V
// (Lunar Lake: LPDDR5x-8533, 128-bit) datasheets. Unknown model ids answer 0.
struct memory_interface {
  const char* id;
  std::uint32_t bus_bits;
  std::uint32_t clock_mhz;
};
constexpr memory_interface kMemoryInterfaces[] = {
    {"arc-a770", 256, 2187},    {"arc-b580", 192, 2375},   {"max-1550", 8192, 1600},
    {"meteor-lake", 128, 3733}, {"lunar-lake", 128, 4266},
};
const memory_interface* find_memory_interface(const dev::device_model& m) {
  for (const memory_interface& mi : kMemoryInterfaces)
    if (std::string_view(mi.id) == m.id) return &mi;
  return nullptr;
}

std::uint32_t u32(int v) { return static_cast<std::uint32_t>(v); }

}  // namespace

info::device_type query(const dev::device_model&, idev::device_type) {
  return info::device_type::gpu;
}
std::uint32_t query(const dev::device_model&, idev::vendor_id) { return 0x8086; }
std::uint32_t query(const dev::device_model& m, idev::max_compute_units) { return u32(m.eus); }
std::uint32_t query(const dev::device_model&, idev::max_work_item_dimensions) { return 3; }
range<1> query(const dev::device_model& m, idev::max_work_item_sizes<1>) {
  return range<1>(m.max_work_group_size);
}
range<2> query(const dev::device_model& m, idev::max_work_item_sizes<2>) {
  return range<2>(m.max_work_group_size, m.max_work_group_size);
}
range<3> query(const dev::device_model& m, idev::max_work_item_sizes<3>) {
  return range<3>(m.max_work_group_size, m.max_work_group_size, m.max_work_group_size);
}
std::size_t query(const dev::device_model& m, idev::max_work_group_size) {
  return static_cast<std::size_t>(m.max_work_group_size);
}
std::vector<std::size_t> query(const dev::device_model& m, idev::sub_group_sizes) {
  std::vector<std::size_t> sizes;
  for (int s : m.sub_group_sizes)
    if (s > 0) sizes.push_back(static_cast<std::size_t>(s));
  return sizes;
}
std::uint32_t query(const dev::device_model& m, idev::max_num_sub_groups) {
  const std::vector<std::size_t> sizes = query(m, idev::sub_group_sizes{});
  const std::size_t smallest = sizes.empty() ? 1 : *std::min_element(sizes.begin(), sizes.end());
  return static_cast<std::uint32_t>(static_cast<std::size_t>(m.max_work_group_size) / smallest);
}
std::uint32_t query(const dev::device_model& m, idev::max_clock_frequency) {
  return static_cast<std::uint32_t>(m.max_clock_mhz);
}
std::uint32_t query(const dev::device_model&, idev::address_bits) { return 64; }
std::uint64_t query(const dev::device_model& m, idev::max_mem_alloc_size) {
  return m.global_mem_bytes;
}
info::global_mem_cache_type query(const dev::device_model&, idev::global_mem_cache_type) {
  return info::global_mem_cache_type::read_write;
}
std::uint32_t query(const dev::device_model&, idev::global_mem_cache_line_size) { return 64; }
std::uint64_t query(const dev::device_model& m, idev::global_mem_cache_size) { return m.l2_bytes; }
std::uint64_t query(const dev::device_model& m, idev::global_mem_size) {
  return m.global_mem_bytes;
}
info::local_mem_type query(const dev::device_model&, idev::local_mem_type) {
  return info::local_mem_type::local;
}
std::uint64_t query(const dev::device_model& m, idev::local_mem_size) { return m.slm_per_group; }
bool query(const dev::device_model&, idev::error_correction_support) { return false; }
bool query(const dev::device_model& m, idev::host_unified_memory) { return m.is_integrated; }
std::size_t query(const dev::device_model&, idev::profiling_timer_resolution) { return 1; }  // ns
bool query(const dev::device_model&, idev::is_endian_little) { return true; }
bool query(const dev::device_model&, idev::is_available) { return true; }
bool query(const dev::device_model&, idev::is_compiler_available) { return true; }
bool query(const dev::device_model&, idev::is_linker_available) { return true; }
std::string query(const dev::device_model& m, idev::name) { return m.name; }
std::string query(const dev::device_model&, idev::vendor) { return "Intel(R) Corporation"; }
std::string query(const dev::device_model&, idev::driver_version) { return rt::version_string(); }
std::string query(const dev::device_model&, idev::profile) { return "FULL_PROFILE"; }
std::string query(const dev::device_model&, idev::version) { return "1.3"; }
std::string query(const dev::device_model&, idev::backend_version) { return rt::version_string(); }
std::vector<std::string> query(const dev::device_model&, idev::extensions) { return {}; }

std::vector<aspect> query(const dev::device_model& m, idev::aspects) {
  std::vector<aspect> all;
  for (int a = 1; a <= static_cast<int>(aspect::ext_intel_matrix); ++a)
    if (has_aspect(m, static_cast<aspect>(a))) all.push_back(static_cast<aspect>(a));
  return all;
}

std::uint32_t query(const dev::device_model& m, xdev::device_id) { return m.pci_device_id; }
std::uint32_t query(const dev::device_model& m, xdev::gpu_eu_count) { return u32(m.eus); }
std::uint32_t query(const dev::device_model& m, xdev::gpu_eu_simd_width) {
  return u32(m.simd_width);
}
std::uint32_t query(const dev::device_model& m, xdev::gpu_slices) { return u32(m.slices); }
std::uint32_t query(const dev::device_model& m, xdev::gpu_subslices_per_slice) {
  return m.slices > 0 ? u32(m.xe_cores / m.slices) : u32(m.xe_cores);
}
std::uint32_t query(const dev::device_model& m, xdev::gpu_eu_count_per_subslice) {
  return u32(m.eus_per_xe_core);
}
std::uint32_t query(const dev::device_model& m, xdev::gpu_hw_threads_per_eu) {
  return u32(m.threads_per_eu);
}
std::uint64_t query(const dev::device_model& m, xdev::max_mem_bandwidth) {
  return static_cast<std::uint64_t>(m.mem_bandwidth_gbs * 1e9);  // bytes per second
}
std::uint64_t query(const dev::device_model& m, xdev::free_memory) {
  const std::uint64_t used =
      rt::usm_live_bytes(rt::usm_kind::device) + rt::usm_live_bytes(rt::usm_kind::shared);
  return used < m.global_mem_bytes ? m.global_mem_bytes - used : 0;
}
std::uint32_t query(const dev::device_model& m, xdev::memory_clock_rate) {
  const memory_interface* mi = find_memory_interface(m);
  return mi ? mi->clock_mhz : 0;
}
std::uint32_t query(const dev::device_model& m, xdev::memory_bus_width) {
  const memory_interface* mi = find_memory_interface(m);
  return mi ? mi->bus_bits : 0;
}

bool has_aspect(const dev::device_model& m, aspect a) {
  switch (a) {
    case aspect::gpu:
    case aspect::fp16:
    case aspect::queue_profiling:
    case aspect::usm_device_allocations:
    case aspect::usm_host_allocations:
    case aspect::usm_shared_allocations:
    case aspect::usm_atomic_host_allocations:
    case aspect::usm_atomic_shared_allocations:
    case aspect::atomic64:
    case aspect::online_compiler:
    case aspect::online_linker:
    case aspect::ext_intel_gpu_eu_count:
    case aspect::ext_intel_gpu_eu_simd_width:
    case aspect::ext_intel_gpu_slices:
    case aspect::ext_intel_gpu_subslices_per_slice:
    case aspect::ext_intel_gpu_eu_count_per_subslice:
    case aspect::ext_intel_gpu_hw_threads_per_eu:
    case aspect::ext_intel_max_mem_bandwidth:
    case aspect::ext_intel_device_id:
    case aspect::ext_intel_free_memory:
    case aspect::ext_intel_esimd:
      return true;
    case aspect::ext_intel_memory_clock_rate:
    case aspect::ext_intel_memory_bus_width:
      return find_memory_interface(m) != nullptr;
    case aspect::fp64:
      return m.has_fp64;
    case aspect::ext_intel_matrix:
      return m.has_xmx;
    default:
      return false;
  }
}

std::string query(const dev::device_model&, info::platform::name) {
  return "Intel(R) Level-Zero (xesim)";
}
std::string query(const dev::device_model&, info::platform::vendor) {
  return "Intel(R) Corporation";
}
std::string query(const dev::device_model&, info::platform::version) {
  return rt::version_string();
}
std::string query(const dev::device_model&, info::platform::profile) { return "FULL_PROFILE"; }

}  // namespace xesim::sycl::detail
