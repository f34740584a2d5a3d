// XESIM_DEVICE and XESIM_GRF: parsing, and the real current_device()/large_grf() in a child
// process (each reads its variable once per process, so every case gets a fresh process).
#include <xesim/runtime/device_model.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>

namespace {

using xesim::dev::device_for_env_value;

TEST(DeviceSelection, EnvValueParsing) {
  ASSERT_NE(device_for_env_value(nullptr), nullptr);
  EXPECT_EQ(device_for_env_value(nullptr)->id, xesim::dev::default_device_id());
  EXPECT_EQ(device_for_env_value("")->id, xesim::dev::default_device_id());
  EXPECT_STREQ(device_for_env_value("max-1550")->id, "max-1550");
  EXPECT_EQ(device_for_env_value("max1550"), nullptr);
}

// Runs in the death-test child: exit 0 when current_device() is `want`.
[[noreturn]] void expect_current(const char* env, const char* want) {
  if (env)
    setenv("XESIM_DEVICE", env, 1);
  else
    unsetenv("XESIM_DEVICE");
  std::exit(std::strcmp(xesim::dev::current_device().id, want) == 0 ? 0 : 1);
}

TEST(DeviceSelection, CurrentDeviceFollowsEnv) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(expect_current("lunar-lake", "lunar-lake"), testing::ExitedWithCode(0), "");
  EXPECT_EXIT(expect_current("arc-a770", "arc-a770"), testing::ExitedWithCode(0), "");
  EXPECT_EXIT(expect_current(nullptr, "arc-b580"), testing::ExitedWithCode(0), "");
  EXPECT_EXIT(expect_current("", "arc-b580"), testing::ExitedWithCode(0), "");
}

TEST(DeviceSelection, UnknownDeviceListsIdsAndExits2) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(expect_current("rtx-4090", ""), testing::ExitedWithCode(2),
              "unknown XESIM_DEVICE 'rtx-4090'.*arc-b580, arc-a770, max-1550, meteor-lake, "
              "lunar-lake");
}

[[noreturn]] void expect_grf(const char* env, bool compiled_default, bool want) {
  if (env)
    setenv("XESIM_GRF", env, 1);
  else
    unsetenv("XESIM_GRF");
  xesim::dev::set_large_grf_default(compiled_default);
  std::exit(xesim::dev::large_grf() == want ? 0 : 1);
}

TEST(DeviceSelection, LargeGrf) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(expect_grf(nullptr, false, false), testing::ExitedWithCode(0), "");
  EXPECT_EXIT(expect_grf(nullptr, true, true), testing::ExitedWithCode(0), "");
  EXPECT_EXIT(expect_grf("large", false, true), testing::ExitedWithCode(0), "");
  EXPECT_EXIT(expect_grf("normal", true, false), testing::ExitedWithCode(0), "");
  EXPECT_EXIT(expect_grf("huge", false, false), testing::ExitedWithCode(2), "unknown XESIM_GRF");
}

}  // namespace
