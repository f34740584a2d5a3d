// Device selection: XESIM_DEVICE picks a row of the table in models.cpp, XESIM_GRF the GRF mode.
// Both are read once per process; an invalid value is a usage error (message, exit status 2).
#include <xesim/runtime/device_model.hpp>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace xesim::dev {
namespace {

constexpr std::string_view kDefaultDeviceId = "arc-b580";
constexpr int kUsageExit = 2;

std::atomic<bool> g_large_grf_default{false};

std::string valid_ids() {
  std::string out;
  for (const device_model& d : all_devices()) {
    if (!out.empty()) out += ", ";
    out += d.id;
  }
  return out;
}

[[noreturn]] void usage_error(const char* what, const char* value, const std::string& valid) {
  std::fprintf(stderr, "xesim: error: unknown %s '%s'; valid values: %s\n", what, value,
               valid.c_str());
  std::exit(kUsageExit);
}

// XESIM_GRF: -1 unset (use the compile-time default), 0 normal, 1 large.
int grf_from_env() {
  const char* v = std::getenv("XESIM_GRF");
  if (v == nullptr || *v == '\0') return -1;
  std::string_view s(v);
  if (s == "large") return 1;
  if (s == "normal") return 0;
  usage_error("XESIM_GRF", v, "large, normal");
}

}  // namespace

const device_model* find_device(std::string_view id) {
  for (const device_model& d : all_devices()) {
    if (id == d.id) return &d;
  }
  return nullptr;
}

std::string_view default_device_id() { return kDefaultDeviceId; }

std::size_t slm_granted(const device_model& m, std::size_t asked) {
  if (asked == 0) return 0;
  const bool xe2 = std::string_view(m.arch).starts_with("Xe2");
  std::size_t step = 1024;
  while (step < asked) {
    if (xe2 && step >= 16 * 1024 && asked <= step + step / 2) {  // 24 KB, 48 KB, ...
      step += step / 2;
      break;
    }
    step *= 2;
  }
  return step < m.slm_per_group ? step : m.slm_per_group;
}

const device_model* device_for_env_value(const char* value) {
  if (value == nullptr || *value == '\0') return find_device(kDefaultDeviceId);
  return find_device(value);
}

const device_model& current_device() {
  static const device_model& selected = []() -> const device_model& {
    const char* v = std::getenv("XESIM_DEVICE");
    const device_model* d = device_for_env_value(v);
    if (d == nullptr) usage_error("XESIM_DEVICE", v, valid_ids());
    return *d;
  }();
  return selected;
}

void set_large_grf_default(bool on) { g_large_grf_default.store(on, std::memory_order_relaxed); }

bool large_grf() {
  static const int from_env = grf_from_env();
  if (from_env >= 0) return from_env == 1;
  return g_large_grf_default.load(std::memory_order_relaxed);
}

}  // namespace xesim::dev
