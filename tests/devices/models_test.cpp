// The device table: complete rows, consistent counts, sources for every field, lookup by id.
#include <xesim/runtime/device_model.hpp>

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace {

using xesim::dev::device_model;

constexpr const char* kIds[] = {"arc-a770", "arc-b580", "max-1550", "meteor-lake", "lunar-lake"};

// Fields that need a "field: ..." line in `sources`.
constexpr const char* kSourcedFields[] = {"pci_device_id",
                                          "xe_cores",
                                          "eus",
                                          "eus_per_xe_core",
                                          "slices",
                                          "threads_per_eu",
                                          "grf_bytes",
                                          "grf_bytes_large",
                                          "simd_width",
                                          "fp16_lanes",
                                          "slm_per_xe_core",
                                          "slm_per_group",
                                          "max_work_group_size",
                                          "sub_group_sizes",
                                          "global_mem_bytes",
                                          "l1_bytes_per_xe_core",
                                          "l2_bytes",
                                          "max_clock_mhz",
                                          "mem_bandwidth_gbs",
                                          "peak_fp32_tflops",
                                          "peak_fp16_tflops",
                                          "peak_xmx_fp16_tflops",
                                          "peak_xmx_int8_tops",
                                          "dpas_exec_size",
                                          "dpas_systolic_depth",
                                          "dpas_max_repeat",
                                          "has_fp64",
                                          "has_xmx"};

TEST(DeviceModels, TableHoldsExactlyTheFiveIds) {
  std::set<std::string> ids;
  for (const device_model& d : xesim::dev::all_devices()) ids.insert(d.id);
  EXPECT_EQ(ids.size(), xesim::dev::all_devices().size()) << "duplicate id";
  EXPECT_EQ(ids, std::set<std::string>(std::begin(kIds), std::end(kIds)));
}

TEST(DeviceModels, RowsAreCompleteAndConsistent) {
  for (const device_model& d : xesim::dev::all_devices()) {
    SCOPED_TRACE(d.id);
    ASSERT_NE(d.name, nullptr);
    ASSERT_NE(d.arch, nullptr);
    EXPECT_NE(d.pci_device_id, 0u);
    EXPECT_GT(d.xe_cores, 0);
    EXPECT_GT(d.eus_per_xe_core, 0);
    EXPECT_EQ(d.eus, d.xe_cores * d.eus_per_xe_core);
    EXPECT_GT(d.slices, 0);
    EXPECT_EQ(d.xe_cores % d.slices, 0);
    EXPECT_EQ(d.threads_per_eu, 8);
    EXPECT_GT(d.grf_bytes, 0);
    EXPECT_EQ(d.grf_bytes_large, 2 * d.grf_bytes);
    EXPECT_TRUE(d.simd_width == 8 || d.simd_width == 16);
    EXPECT_EQ(d.fp16_lanes, 2 * d.simd_width);
    // GRF register width is the native SIMD width times 4 bytes: 32 B on Gen12, 64 B on Xe2/HPC.
    EXPECT_EQ(d.grf_bytes, 128 * d.simd_width * 4);
    EXPECT_GT(d.slm_per_group, 0u);
    EXPECT_LE(d.slm_per_group, d.slm_per_xe_core);
    EXPECT_LE(d.slm_per_xe_core, d.l1_bytes_per_xe_core);
    EXPECT_EQ(d.max_work_group_size, 1024);
    EXPECT_GT(d.sub_group_sizes[0], 0);
    EXPECT_GT(d.global_mem_bytes, 0u);
    EXPECT_GT(d.l2_bytes, 0u);
    EXPECT_GT(d.max_clock_mhz, 0.0);
    EXPECT_GT(d.mem_bandwidth_gbs, 0.0);
    // Peak fp32 = EUs x 2 x simd_width x clock (FMA = 2 flops), to the table's rounding.
    const double fp32 = d.eus * 2.0 * d.simd_width * d.max_clock_mhz * 1e-6;
    EXPECT_NEAR(d.peak_fp32_tflops, fp32, fp32 * 0.002);
    EXPECT_NEAR(d.peak_fp16_tflops, 2 * fp32, fp32 * 0.004);
    EXPECT_EQ(d.has_xmx, d.peak_xmx_fp16_tflops > 0);
    EXPECT_EQ(d.has_xmx, d.peak_xmx_int8_tops > 0);
    if (d.has_xmx) {
      EXPECT_NEAR(d.peak_xmx_int8_tops, 2 * d.peak_xmx_fp16_tflops, 0.2);
    }
    EXPECT_EQ(d.dpas_exec_size, d.simd_width);
    EXPECT_EQ(d.dpas_systolic_depth, 8);
    EXPECT_EQ(d.dpas_max_repeat, 8);
    // Every model has LSC block messages (DG2 and Xe-LPG included): none has the Gen12LP
    // oword trap (Intel's DG2 tests store at 4-byte SLM offsets under the 16-byte default).
    EXPECT_FALSE(d.gen12_block_align16) << d.id;
  }
}

TEST(DeviceModels, EveryFieldHasASource) {
  for (const device_model& d : xesim::dev::all_devices()) {
    SCOPED_TRACE(d.id);
    ASSERT_NE(d.sources, nullptr);
    const std::string src = std::string("\n") + d.sources;
    for (const char* field : kSourcedFields) {
      EXPECT_NE(src.find(std::string("\n") + field + ": "), std::string::npos) << field;
    }
  }
}

TEST(DeviceModels, FindDeviceByEveryId) {
  for (const char* id : kIds) {
    const device_model* d = xesim::dev::find_device(id);
    ASSERT_NE(d, nullptr) << id;
    EXPECT_STREQ(d->id, id);
  }
  EXPECT_EQ(xesim::dev::find_device("arc-a999"), nullptr);
  EXPECT_EQ(xesim::dev::find_device(""), nullptr);
  EXPECT_EQ(xesim::dev::find_device("ARC-B580"), nullptr);
}

TEST(DeviceModels, KnownFacts) {
  EXPECT_EQ(xesim::dev::find_device("arc-a770")->eus, 512);
  EXPECT_EQ(xesim::dev::find_device("max-1550")->eus, 1024);
  EXPECT_EQ(xesim::dev::find_device("arc-b580")->slm_per_group, 128u * 1024);
  EXPECT_EQ(xesim::dev::find_device("arc-a770")->slm_per_group, 64u * 1024);
  EXPECT_FALSE(xesim::dev::find_device("meteor-lake")->has_xmx);
  EXPECT_TRUE(xesim::dev::find_device("lunar-lake")->is_integrated);
  EXPECT_FALSE(xesim::dev::find_device("arc-a770")->has_fp64);
}

TEST(DeviceModels, DefaultIsAValidRow) {
  EXPECT_EQ(xesim::dev::default_device_id(), "arc-b580");
  EXPECT_NE(xesim::dev::find_device(xesim::dev::default_device_id()), nullptr);
}

}  // namespace

// The SLM a work-group really gets: the hardware's allocation steps, capped by the model.
TEST(DeviceModels, SlmGrantedFollowsTheHardwareSteps) {
  const device_model* hpg = xesim::dev::find_device("arc-a770");
  const device_model* xe2 = xesim::dev::find_device("arc-b580");
  ASSERT_TRUE(hpg && xe2);
  using xesim::dev::slm_granted;
  EXPECT_EQ(slm_granted(*hpg, 0), 0u);
  EXPECT_EQ(slm_granted(*hpg, 1), 1024u);
  EXPECT_EQ(slm_granted(*hpg, 32), 1024u);
  EXPECT_EQ(slm_granted(*hpg, 1025), 2048u);
  EXPECT_EQ(slm_granted(*hpg, 20 * 1024), 32u * 1024);
  EXPECT_EQ(slm_granted(*xe2, 20 * 1024), 24u * 1024);  // Xe2's 1.5x steps
  EXPECT_EQ(slm_granted(*xe2, 40 * 1024), 48u * 1024);
  EXPECT_EQ(slm_granted(*xe2, 16 * 1024), 16u * 1024);
  EXPECT_LE(slm_granted(*hpg, hpg->slm_per_group), hpg->slm_per_group);
  EXPECT_EQ(slm_granted(*hpg, hpg->slm_per_group - 1), hpg->slm_per_group);
}
