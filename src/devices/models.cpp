// The device table: one row per GPU xesim can answer as. Every number carries its source in
// `sources` ("field: source" per line); derived numbers say how they were derived. Peak rates are
// per-clock rates from Intel's architecture disclosures times the clock in the row. See
// docs/devices.md for the same table in prose.
#include <xesim/runtime/device_model.hpp>

#include <iterator>

namespace xesim::dev {
namespace {

constexpr std::size_t kKiB = 1024;
constexpr std::size_t kMiB = 1024 * kKiB;
constexpr std::uint64_t kGiB = 1024ull * kMiB;

// Lines shared by every row of one micro-architecture.
#define XESIM_SRC_XE_HPG_CORE                                                                     \
  "eus_per_xe_core: Intel Xe-HPG disclosure (Architecture Day 2021): 16 vector engines per "      \
  "Xe-core; Intel GPU Occupancy Calculator (oneAPI-samples) EU_Per_Sub_Slice=16\n"                \
  "threads_per_eu: Intel GPU Occupancy Calculator, Xe-HPG: Threads_Per_EU=8\n"                    \
  "grf_bytes: 128 GRF x 32 B (ESIMD guide, Xe1 row; oneAPI GPU optimization guide, Xe-LP/Xe-HPG " \
  "EU description)\n"                                                                             \
  "grf_bytes_large: 256 GRF x 32 B with -doubleGRF (ESIMD guide 'large GRF mode'); threads per "  \
  "EU halve to 4 in that mode\n"                                                                  \
  "simd_width: 256-bit vector engine = 8 fp32 lanes (ESIMD guide, Xe1 SIMD width)\n"              \
  "fp16_lanes: 16 fp16 per instruction (ESIMD guide, Xe1 SIMD width table)\n"                     \
  "slm_per_xe_core: Intel GPU Occupancy Calculator, Xe-HPG: SLM_Size_Per_Sub_Slice=128 KB\n"      \
  "slm_per_group: Intel GPU Occupancy Calculator, Xe-HPG: SLM_Size_Per_Work_Group=64 KB "         \
  "(= info::device::local_mem_size)\n"                                                            \
  "max_work_group_size: Intel GPU Occupancy Calculator, Xe-HPG: Max_Work_Group_Size=1024\n"       \
  "sub_group_sizes: Intel GPU Occupancy Calculator, Xe-HPG: Subgroup_Sizes=[8,16,32]\n"           \
  "l1_bytes_per_xe_core: Intel Xe-HPG disclosure: 192 KB shared L1/SLM per Xe-core\n"             \
  "peak_fp32_tflops: derived: EUs x 16 fp32 flops/clk (8 FMA lanes) x clock\n"                    \
  "peak_fp16_tflops: derived: EUs x 32 fp16 flops/clk x clock\n"

#define XESIM_SRC_XE2_CORE                                                                         \
  "eus_per_xe_core: Intel Xe2 disclosure (Tech Tour 2024): 8 vector engines of 512 bit per "       \
  "Xe2-core\n"                                                                                     \
  "threads_per_eu: 8 hardware threads per vector engine in normal GRF mode (Xe2, as Xe-HPC; "      \
  "4 in large-GRF mode)\n"                                                                         \
  "grf_bytes: 128 GRF x 64 B = 8 KB (ESIMD guide, Xe2+ row: 8 KB per thread)\n"                    \
  "grf_bytes_large: 256 GRF x 64 B = 16 KB with -doubleGRF (ESIMD guide: 8 KB -> 16 KB on Xe2+)\n" \
  "simd_width: native SIMD16 vector engine (Intel Xe2 disclosure) = 16 fp32 lanes\n"               \
  "fp16_lanes: 32 fp16 per instruction (ESIMD guide, Xe2+ SIMD width table)\n"                     \
  "slm_per_xe_core: 128 KB (ESIMD guide 'SLM per sub-slice 128 KB'; Xe2 Xe-core SLM carve-out)\n"  \
  "slm_per_group: 128 KB = info::device::local_mem_size on Xe2 (a group may use the whole "        \
  "Xe-core SLM)\n"                                                                                 \
  "max_work_group_size: 1024 (info::device::max_work_group_size on Intel Xe GPUs)\n"               \
  "sub_group_sizes: [16,32] (Xe2 drops SIMD8; MLIR XeGPU uArch Xe2: subgroup size 16)\n"           \
  "peak_fp32_tflops: derived: EUs x 32 fp32 flops/clk (16 FMA lanes) x clock\n"                    \
  "peak_fp16_tflops: derived: EUs x 64 fp16 flops/clk x clock\n"                                   \
  "peak_xmx_fp16_tflops: derived: XMX engines (= EUs) x 256 fp16 ops/clk (2048-bit XMX, twice "    \
  "Xe-HPG's 128) x clock\n"                                                                        \
  "peak_xmx_int8_tops: derived: XMX engines x 512 int8 ops/clk x clock\n"                          \
  "dpas_exec_size: 16 (ESIMD xmx::dpas: execution size 16 on PVC and Xe2)\n"                       \
  "has_fp64: Xe2 vector engine has native FP64 (Intel Xe2 disclosure: 'Extended Math and FP64')\n"

#define XESIM_SRC_DPAS_COMMON                                           \
  "dpas_systolic_depth: 8 (ESIMD xmx::dpas: SystolicDepth must be 8)\n" \
  "dpas_max_repeat: 8 (ESIMD xmx::dpas: RepeatCount 1..8)\n"

constexpr device_model kModels[] = {
    {
        .id = "arc-b580",
        .name = "Intel(R) Arc(TM) B580 Graphics",
        .arch = "Xe2-HPG",
        .pci_device_id = 0xE20B,
        .xe_cores = 20,
        .eus = 160,
        .eus_per_xe_core = 8,
        .slices = 5,
        .threads_per_eu = 8,
        .grf_bytes = 8192,
        .grf_bytes_large = 16384,
        .simd_width = 16,
        .fp16_lanes = 32,
        .slm_per_xe_core = 128 * kKiB,
        .slm_per_group = 128 * kKiB,
        .max_work_group_size = 1024,
        .sub_group_sizes = {16, 32, 0},
        .global_mem_bytes = 12 * kGiB,
        .l1_bytes_per_xe_core = 256 * kKiB,
        .l2_bytes = 18 * kMiB,
        .max_clock_mhz = 2670,
        .mem_bandwidth_gbs = 456,
        .peak_fp32_tflops = 13.67,
        .peak_fp16_tflops = 27.34,
        .peak_xmx_fp16_tflops = 109.4,
        .peak_xmx_int8_tops = 218.7,
        .dpas_exec_size = 16,
        .dpas_systolic_depth = 8,
        .dpas_max_repeat = 8,
        .has_fp64 = true,
        .has_xmx = true,
        .is_integrated = false,
        .gen12_block_align16 = false,
        .has_block_2d = true,
        .sources =
            "pci_device_id: 0xE20B (Intel Arc B580 product page, device ID; BMG-G21)\n"
            "xe_cores: 20 Xe2-cores (Intel ark, Arc B580)\n"
            "eus: derived: 20 Xe2-cores x 8 vector engines = 160\n"
            "slices: 5 render slices of 4 Xe2-cores (Intel Arc B-series launch briefing)\n"
            "global_mem_bytes: 12 GB GDDR6 (Intel ark)\n"
            "l1_bytes_per_xe_core: 256 KB L1/SLM per Xe2-core on Xe2-HPG (Intel Arc B-series "
            "briefing, up from 192 KB)\n"
            "l2_bytes: 18 MB (Intel Arc B-series briefing, BMG-G21)\n"
            "max_clock_mhz: 2670 MHz graphics clock (Intel ark)\n"
            "mem_bandwidth_gbs: 456 GB/s (Intel ark: 192-bit, 19 Gbps)\n" XESIM_SRC_XE2_CORE
                XESIM_SRC_DPAS_COMMON "has_xmx: 160 XMX engines (Intel ark)\n"
            "is_integrated: discrete card\n"
            "has_block_2d: Xe2 LSC 2D block messages (DPC++ ESIMD load_2d/store_2d run on Xe2; IGC "
            "Xe2 target)\n",
    },
    {
        .id = "arc-a770",
        .name = "Intel(R) Arc(TM) A770 Graphics",
        .arch = "Xe-HPG",
        .pci_device_id = 0x56A0,
        .xe_cores = 32,
        .eus = 512,
        .eus_per_xe_core = 16,
        .slices = 8,
        .threads_per_eu = 8,
        .grf_bytes = 4096,
        .grf_bytes_large = 8192,
        .simd_width = 8,
        .fp16_lanes = 16,
        .slm_per_xe_core = 128 * kKiB,
        .slm_per_group = 64 * kKiB,
        .max_work_group_size = 1024,
        .sub_group_sizes = {8, 16, 32},
        .global_mem_bytes = 16 * kGiB,
        .l1_bytes_per_xe_core = 192 * kKiB,
        .l2_bytes = 16 * kMiB,
        .max_clock_mhz = 2100,
        .mem_bandwidth_gbs = 560,
        .peak_fp32_tflops = 17.20,
        .peak_fp16_tflops = 34.41,
        .peak_xmx_fp16_tflops = 137.6,
        .peak_xmx_int8_tops = 275.3,
        .dpas_exec_size = 8,
        .dpas_systolic_depth = 8,
        .dpas_max_repeat = 8,
        .has_fp64 = false,
        .has_xmx = true,
        .is_integrated = false,
        .gen12_block_align16 = false,
        .has_block_2d = false,
        .sources =
            "pci_device_id: 0x56A0 (Intel Arc A770 product page, device ID; DG2-512 / ACM-G10)\n"
            "xe_cores: 32 Xe-cores (Intel ark, Arc A770)\n"
            "eus: derived: 32 Xe-cores x 16 vector engines = 512\n"
            "slices: 8 render slices of 4 Xe-cores (Intel Xe-HPG disclosure, ACM-G10)\n"
            "global_mem_bytes: 16 GB GDDR6 (Intel ark, A770 16GB)\n"
            "l2_bytes: 16 MB (Intel Xe-HPG disclosure, ACM-G10)\n"
            "max_clock_mhz: 2100 MHz graphics clock (Intel ark)\n"
            "mem_bandwidth_gbs: 560 GB/s (Intel ark: 256-bit, 17.5 Gbps)\n" XESIM_SRC_XE_HPG_CORE
            "peak_xmx_fp16_tflops: derived: 512 XMX engines x 128 fp16 ops/clk x 2.1 GHz\n"
            "peak_xmx_int8_tops: derived: 512 XMX engines x 256 int8 ops/clk x 2.1 GHz\n"
            "dpas_exec_size: 8 (ESIMD xmx::dpas: execution size 8 on DG2)\n" XESIM_SRC_DPAS_COMMON
            "has_fp64: no native FP64 on DG2 (aspect::fp64 not reported)\n"
            "has_xmx: 512 XMX engines (Intel ark)\n"
            "is_integrated: discrete card\n"
            "gen12_block_align16: false: DG2's LSC block messages need the element's alignment "
            "only (Intel's block_load_slm_dg2 test stores 4 bytes at SLM offset 4 under the "
            "16-byte default)\n"
            "has_block_2d: false: DG2 has no 2D block messages (DPC++ ESIMD: load_2d/store_2d are "
            "PVC+ only)\n",
    },
    {
        .id = "max-1550",
        .name = "Intel(R) Data Center GPU Max 1550",
        .arch = "Xe-HPC",
        .pci_device_id = 0x0BD5,
        .xe_cores = 128,
        .eus = 1024,
        .eus_per_xe_core = 8,
        .slices = 8,
        .threads_per_eu = 8,
        .grf_bytes = 8192,
        .grf_bytes_large = 16384,
        .simd_width = 16,
        .fp16_lanes = 32,
        .slm_per_xe_core = 128 * kKiB,
        .slm_per_group = 128 * kKiB,
        .max_work_group_size = 1024,
        .sub_group_sizes = {16, 32, 0},
        .global_mem_bytes = 128 * kGiB,
        .l1_bytes_per_xe_core = 512 * kKiB,
        .l2_bytes = 408 * kMiB,
        .max_clock_mhz = 1600,
        .mem_bandwidth_gbs = 3276.8,
        .peak_fp32_tflops = 52.43,
        .peak_fp16_tflops = 104.9,
        .peak_xmx_fp16_tflops = 838.9,
        .peak_xmx_int8_tops = 1677.7,
        .dpas_exec_size = 16,
        .dpas_systolic_depth = 8,
        .dpas_max_repeat = 8,
        .has_fp64 = true,
        .has_xmx = true,
        .is_integrated = false,
        .gen12_block_align16 = false,
        .has_block_2d = true,
        .sources =
            "scope: the whole card, both stacks (ZE_FLAT_DEVICE_HIERARCHY=COMPOSITE); in FLAT mode "
            "each stack is a device with half of xe_cores, eus, memory and peaks\n"
            "pci_device_id: 0x0BD5 (Intel ark, Data Center GPU Max 1550)\n"
            "xe_cores: 128 Xe-cores, 64 per stack (Intel ark)\n"
            "eus: derived: 128 Xe-cores x 8 vector engines = 1024 (Intel GPU Occupancy "
            "Calculator, Xe-HPC: EU_Count up to 1024)\n"
            "eus_per_xe_core: Intel GPU Occupancy Calculator, Xe-HPC: EU_Per_Sub_Slice=8\n"
            "slices: 2 stacks x 4 slices of 16 Xe-cores (Intel Max Series technical overview)\n"
            "threads_per_eu: 8 (oneAPI GPU optimization guide, 'Small Register Mode vs. Large "
            "Register Mode': 8 threads in small GRF mode, 4 in large)\n"
            "grf_bytes: 128 GRF x 64 B (same guide page)\n"
            "grf_bytes_large: 256 GRF x 64 B (same guide page)\n"
            "simd_width: 512-bit vector engine = 16 fp32 lanes (Intel Xe-HPC disclosure)\n"
            "fp16_lanes: 32 fp16 per instruction (512-bit / 16 bit)\n"
            "slm_per_xe_core: Intel GPU Occupancy Calculator, Xe-HPC: SLM_Size_Per_Sub_Slice=128 "
            "KB\n"
            "slm_per_group: Intel GPU Occupancy Calculator, Xe-HPC: SLM_Size_Per_Work_Group=128 "
            "KB\n"
            "max_work_group_size: Intel GPU Occupancy Calculator, Xe-HPC: "
            "Max_Work_Group_Size=1024\n"
            "sub_group_sizes: Intel GPU Occupancy Calculator, Xe-HPC: Subgroup_Sizes=[32,16]\n"
            "global_mem_bytes: 128 GB HBM2e (Intel ark)\n"
            "l1_bytes_per_xe_core: 512 KB (Intel Xe-HPC disclosure, Architecture Day 2021)\n"
            "l2_bytes: 408 MB (Intel ark)\n"
            "max_clock_mhz: 1600 MHz max dynamic frequency (Intel ark)\n"
            "mem_bandwidth_gbs: 3276.8 GB/s (Intel ark)\n"
            "peak_fp32_tflops: derived: 128 Xe-cores x 256 fp32 flops/clk (Xe-HPC disclosure) x "
            "1.6 GHz\n"
            "peak_fp16_tflops: derived: 128 Xe-cores x 512 fp16 flops/clk x 1.6 GHz\n"
            "peak_xmx_fp16_tflops: derived: 128 Xe-cores x 4096 fp16 ops/clk x 1.6 GHz\n"
            "peak_xmx_int8_tops: derived: 128 Xe-cores x 8192 int8 ops/clk x 1.6 GHz\n"
            "dpas_exec_size: 16 (ESIMD xmx::dpas: execution size 16 on PVC)\n" XESIM_SRC_DPAS_COMMON
            "has_fp64: full-rate FP64 vector engine (Intel Xe-HPC disclosure)\n"
            "has_xmx: 1024 XMX engines (Intel ark)\n"
            "is_integrated: discrete card\n"
            "has_block_2d: PVC LSC 2D block messages (DPC++ ESIMD load_2d: \"available only for "
            "PVC\" when written)\n",
    },
    {
        .id = "meteor-lake",
        .name = "Intel(R) Arc(TM) Graphics",
        .arch = "Xe-LPG",
        .pci_device_id = 0x7D55,
        .xe_cores = 8,
        .eus = 128,
        .eus_per_xe_core = 16,
        .slices = 2,
        .threads_per_eu = 8,
        .grf_bytes = 4096,
        .grf_bytes_large = 8192,
        .simd_width = 8,
        .fp16_lanes = 16,
        .slm_per_xe_core = 128 * kKiB,
        .slm_per_group = 64 * kKiB,
        .max_work_group_size = 1024,
        .sub_group_sizes = {8, 16, 32},
        .global_mem_bytes = 16 * kGiB,
        .l1_bytes_per_xe_core = 192 * kKiB,
        .l2_bytes = 4 * kMiB,
        .max_clock_mhz = 2250,
        .mem_bandwidth_gbs = 120,
        .peak_fp32_tflops = 4.608,
        .peak_fp16_tflops = 9.216,
        .peak_xmx_fp16_tflops = 0,
        .peak_xmx_int8_tops = 0,
        .dpas_exec_size = 8,
        .dpas_systolic_depth = 8,
        .dpas_max_repeat = 8,
        .has_fp64 = true,
        .has_xmx = false,
        .is_integrated = true,
        .gen12_block_align16 = false,
        .has_block_2d = false,
        .sources =
            "config: Core Ultra 7 155H, 8 Xe-cores (Intel ark)\n"
            "pci_device_id: 0x7D55 (Intel ark, Core Ultra 7 155H graphics device ID)\n"
            "xe_cores: 8 Xe-cores (Intel ark)\n"
            "eus: derived: 8 Xe-cores x 16 vector engines = 128 (Intel ark: 128 EUs)\n"
            "slices: 2 render slices of 4 Xe-cores (Meteor Lake GPU tile disclosure)\n"
            "note: Xe-LPG uses the Xe-HPG Xe-core without XMX; rows marked Xe-HPG below follow "
            "from that\n" XESIM_SRC_XE_HPG_CORE
            "global_mem_bytes: model choice: shared system memory, 16 GiB assumed (the driver "
            "reports a share of system RAM)\n"
            "l2_bytes: 4 MB GPU L2 (SiSoftware listing of the Meteor Lake GPU tile)\n"
            "max_clock_mhz: 2250 MHz graphics max dynamic frequency (Intel ark, 155H)\n"
            "mem_bandwidth_gbs: 120 GB/s max memory bandwidth (Intel ark; LPDDR5x-7467, 128-bit)\n"
            "peak_xmx_fp16_tflops: 0: no XMX engines on Xe-LPG (IGC Xe_MTL target has no DPAS)\n"
            "peak_xmx_int8_tops: 0: no XMX\n"
            "dpas_exec_size: 8: the Gen12 dpas shape; dpas itself is unavailable "
            "(has_xmx=false)\n" XESIM_SRC_DPAS_COMMON
            "has_fp64: FP64 present on Xe-LPG (IGC Xe_MTL target enables FP64)\n"
            "has_xmx: false (IGC Xe_MTL target: no DPAS)\n"
            "is_integrated: integrated in the SoC\n"
            "gen12_block_align16: false: Xe-LPG has DG2-class LSC block messages\n"
            "has_block_2d: false: Xe-LPG has no 2D block messages (IGC Xe_MTL target, DG2-class "
            "LSC)\n",
    },
    {
        .id = "lunar-lake",
        .name = "Intel(R) Arc(TM) 140V GPU",
        .arch = "Xe2-LPG",
        .pci_device_id = 0x64A0,
        .xe_cores = 8,
        .eus = 64,
        .eus_per_xe_core = 8,
        .slices = 2,
        .threads_per_eu = 8,
        .grf_bytes = 8192,
        .grf_bytes_large = 16384,
        .simd_width = 16,
        .fp16_lanes = 32,
        .slm_per_xe_core = 128 * kKiB,
        .slm_per_group = 128 * kKiB,
        .max_work_group_size = 1024,
        .sub_group_sizes = {16, 32, 0},
        .global_mem_bytes = 32 * kGiB,
        .l1_bytes_per_xe_core = 192 * kKiB,
        .l2_bytes = 8 * kMiB,
        .max_clock_mhz = 2050,
        .mem_bandwidth_gbs = 136.5,
        .peak_fp32_tflops = 4.198,
        .peak_fp16_tflops = 8.397,
        .peak_xmx_fp16_tflops = 33.59,
        .peak_xmx_int8_tops = 67.2,
        .dpas_exec_size = 16,
        .dpas_systolic_depth = 8,
        .dpas_max_repeat = 8,
        .has_fp64 = true,
        .has_xmx = true,
        .is_integrated = true,
        .gen12_block_align16 = false,
        .has_block_2d = true,
        .sources =
            "config: Arc 140V in Core Ultra 9 288V, 8 Xe2-cores (Intel ark)\n"
            "pci_device_id: 0x64A0 (Intel ark, Lunar Lake Arc 140V device ID)\n"
            "xe_cores: 8 Xe2-cores (Intel ark, Arc 140V)\n"
            "eus: derived: 8 Xe2-cores x 8 vector engines = 64\n"
            "slices: 2 render slices of 4 Xe2-cores (Lunar Lake GPU disclosure)\n"
            "global_mem_bytes: 32 GB LPDDR5X on package (Intel ark, 288V); shared with the CPU\n"
            "l1_bytes_per_xe_core: 192 KB shared L1/SLM per Xe2-core (Intel Xe2 disclosure, "
            "Lunar Lake)\n"
            "l2_bytes: 8 MB GPU L2 (Intel Lunar Lake disclosure)\n"
            "max_clock_mhz: 2050 MHz graphics max dynamic frequency (Intel ark, 288V; 1950-2050 "
            "by SKU)\n"
            "mem_bandwidth_gbs: derived: LPDDR5X-8533 x 128 bit / 8 = 136.5 "
            "GB/s\n" XESIM_SRC_XE2_CORE XESIM_SRC_DPAS_COMMON
            "peak_xmx_int8_tops: cross-check: Intel quotes 67 TOPS int8 for the Arc 140V GPU\n"
            "has_xmx: 64 XMX engines (Intel ark)\n"
            "is_integrated: integrated in the SoC\n"
            "has_block_2d: Xe2 LSC 2D block messages (IGC Xe2 target)\n",
    },
};

#undef XESIM_SRC_XE_HPG_CORE
#undef XESIM_SRC_XE2_CORE
#undef XESIM_SRC_DPAS_COMMON

}  // namespace

std::span<const device_model> all_devices() { return {std::begin(kModels), std::end(kModels)}; }

}  // namespace xesim::dev
