// The GPU models xesim answers as: one row of facts per device, each with its source.
// Rows live in src/devices/models.cpp; XESIM_DEVICE=<id> selects one (see docs/devices.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace xesim::dev {

/// One Intel GPU as the engine, `device::get_info` and the checks see it. Sizes in bytes.
struct device_model {
  const char* id;               ///< XESIM_DEVICE name: "arc-a770", "arc-b580", ...
  const char* name;             ///< info::device::name as the driver reports it
  const char* arch;             ///< "Xe-HPG", "Xe2-HPG", "Xe-HPC", "Xe-LPG", "Xe2-LPG"
  std::uint32_t pci_device_id;  ///< ext::intel::info::device::device_id
  int xe_cores;                 ///< Xe-cores (sub-slices)
  int eus;                      ///< EUs / vector engines = info::device::max_compute_units
  int eus_per_xe_core;          ///< gpu_eu_count_per_subslice
  int slices;                   ///< gpu_slices
  int threads_per_eu;           ///< gpu_hw_threads_per_eu (normal GRF mode)
  int grf_bytes;                ///< GRF per thread, normal mode
  int grf_bytes_large;          ///< GRF per thread, large-GRF mode (-doubleGRF)
  int simd_width;               ///< gpu_eu_simd_width: native SIMD lanes of a 32-bit op
  int fp16_lanes;               ///< FP16 elements per instruction
  std::size_t slm_per_xe_core;  ///< SLM per Xe-core
  std::size_t slm_per_group;    ///< info::device::local_mem_size: SLM a work-group may use
  int max_work_group_size;      ///< info::device::max_work_group_size
  int sub_group_sizes[3];       ///< info::device::sub_group_sizes (0 = unused slot)
  std::uint64_t global_mem_bytes;
  std::size_t l1_bytes_per_xe_core;
  std::size_t l2_bytes;
  double max_clock_mhz;
  double mem_bandwidth_gbs;     ///< peak DRAM bandwidth, GB/s
  double peak_fp32_tflops;      ///< vector engines, FMA = 2 flops
  double peak_fp16_tflops;      ///< vector engines
  double peak_xmx_fp16_tflops;  ///< dpas fp16/bf16 (0 when no XMX)
  double peak_xmx_int8_tops;    ///< dpas int8 (0 when no XMX)
  int dpas_exec_size;           ///< dpas N: 8 on Xe-HPG/Xe-LPG, 16 on Xe-HPC/Xe2
  int dpas_systolic_depth;      ///< 8
  int dpas_max_repeat;          ///< dpas M (repeat count): 1..8
  bool has_fp64;
  bool has_xmx;
  bool is_integrated;           ///< host_unified_memory
  bool gen12_block_align16;     ///< Gen12 (Xe-HPG/Xe-LPG): unaligned 16 B-default block ops give wrong data
  bool has_block_2d;            ///< 2D block messages (lsc_load_block2d / lsc_store_block2d): Xe-HPC, Xe2
  const char* sources;          ///< where each number comes from, one "field: source" per line
};

/// Every model, in `xesim devices` order.
std::span<const device_model> all_devices();
/// The model named `id`, or nullptr.
const device_model* find_device(std::string_view id);
/// The id used when XESIM_DEVICE is unset.
std::string_view default_device_id();
/// The model selected by XESIM_DEVICE (read once), else the default. An unknown name is a
/// sycl::exception-free hard error: it prints the valid ids and exits with status 2.
const device_model& current_device();
/// The SLM the GPU gives a work-group that asks for `asked` bytes: the hardware allocates it in
/// steps (Xe-HPG, Xe-HPC, Xe-LPG: 1, 2, 4, ... KB; Xe2 also 24, 48, 96, 192, 384 KB), capped at
/// the model's slm_per_group. 0 for 0.
std::size_t slm_granted(const device_model& m, std::size_t asked);
/// Whether large GRF mode is on: XESIM_GRF=large|normal when set (read once), else the
/// compile-time default (a program built with -DXESIM_LARGE_GRF=1, see below).
bool large_grf();

/// The model XESIM_DEVICE=`value` selects: the default for null or "", nullptr for an unknown id.
/// current_device() is this plus the exit-2 error; exposed for tests and tools.
const device_model* device_for_env_value(const char* value);
/// Sets what large_grf() answers when XESIM_GRF is unset. Called before main by programs
/// compiled with -DXESIM_LARGE_GRF=1 (`xesim c++ -Xs "-doubleGRF"` passes it).
void set_large_grf_default(bool on);

#if defined(XESIM_LARGE_GRF) && XESIM_LARGE_GRF
namespace detail {
inline const bool kLargeGrfRequested = (set_large_grf_default(true), true);
}  // namespace detail
#endif

}  // namespace xesim::dev
