// `xesim devices`: the JSON form parses and matches the table in the library; the text table
// marks the current device.
#include "tools/subprocess.hpp"

#include <xesim/runtime/device_model.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace {

using xesim_test::run_command;

TEST(XesimDevices, JsonMatchesTheLibraryTable) {
  auto r = run_command("XESIM_DEVICE=max-1550 " + xesim_test::xesim_exe() + " devices --json");
  ASSERT_EQ(r.status, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["default"], "arc-b580");
  EXPECT_EQ(j["current"], "max-1550");
  const auto models = xesim::dev::all_devices();
  ASSERT_EQ(j["devices"].size(), models.size());
  for (std::size_t i = 0; i < models.size(); ++i) {
    const auto& d = j["devices"][i];
    SCOPED_TRACE(models[i].id);
    EXPECT_EQ(d["id"], models[i].id);
    EXPECT_EQ(d["name"], models[i].name);
    EXPECT_EQ(d["eus"], models[i].eus);
    EXPECT_EQ(d["grf_bytes_large"], models[i].grf_bytes_large);
    EXPECT_EQ(d["slm_per_group"], models[i].slm_per_group);
    EXPECT_EQ(d["peak_fp32_tflops"], models[i].peak_fp32_tflops);
    EXPECT_EQ(d["current"], std::string(models[i].id) == "max-1550");
    EXPECT_FALSE(d.contains("sources"));
  }
}

TEST(XesimDevices, JsonSourcesCoverTheFields) {
  auto r = run_command("XESIM_DEVICE= " + xesim_test::xesim_exe() + " devices --json --sources");
  ASSERT_EQ(r.status, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["current"], "arc-b580");
  for (const auto& d : j["devices"]) {
    SCOPED_TRACE(d["id"].get<std::string>());
    const auto& src = d["sources"];
    for (const char* field : {"xe_cores", "eus", "grf_bytes", "slm_per_group", "mem_bandwidth_gbs",
                              "peak_fp32_tflops", "dpas_exec_size"}) {
      ASSERT_TRUE(src.contains(field)) << field;
      EXPECT_FALSE(src[field][0].get<std::string>().empty());
    }
  }
}

TEST(XesimDevices, TableMarksCurrent) {
  auto r = run_command("XESIM_DEVICE=lunar-lake " + xesim_test::xesim_exe() + " devices");
  ASSERT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("\n* lunar-lake "), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("\n* arc-b580 "), std::string::npos) << r.output;
  auto bad = run_command("XESIM_DEVICE=nope " + xesim_test::xesim_exe() + " devices");
  EXPECT_EQ(bad.status, 0);
  EXPECT_NE(bad.output.find("'nope' is not a device id"), std::string::npos) << bad.output;
}

}  // namespace
