#include "commands.hpp"

#include <xesim/runtime/device_model.hpp>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace xesim::cli {
namespace {

using xesim::dev::device_model;

// The XESIM_DEVICE choice without current_device()'s exit: nullptr when the value is unknown.
const device_model* selected_device() {
  return xesim::dev::device_for_env_value(std::getenv("XESIM_DEVICE"));
}

std::string kib(std::size_t bytes) { return fmt::format("{}K", bytes / 1024); }

std::vector<int> sub_groups(const device_model& d) {
  std::vector<int> out;
  for (int s : d.sub_group_sizes) {
    if (s != 0) out.push_back(s);
  }
  return out;
}

// The dpas shape: max repeat count x execution size x systolic depth.
std::string dpas_shape(const device_model& d) {
  if (!d.has_xmx) return "-";
  return fmt::format("{}x{}x{}", d.dpas_max_repeat, d.dpas_exec_size, d.dpas_systolic_depth);
}

void print_table(const device_model* current) {
  fmt::print(
      "{:1} {:<11} {:<34} {:<7} {:>5} {:>5} {:>4} {:>9} {:>4} {:>6} {:>6} {:>5} {:>7} "
      "{:>7} {:>7} {:>8} {:>6}\n",
      "", "id", "name", "arch", "cores", "EUs", "thr", "GRF", "SIMD", "SLM/c", "SLM/wg", "maxWG",
      "GB/s", "FP32TF", "FP16TF", "XMX16TF", "dpas");
  for (const device_model& d : xesim::dev::all_devices()) {
    fmt::print(
        "{:1} {:<11} {:<34} {:<7} {:>5} {:>5} {:>4} {:>9} {:>4} {:>6} {:>6} {:>5} {:>7.1f} "
        "{:>7.2f} {:>7.2f} {:>8.1f} {:>6}\n",
        &d == current ? "*" : "", d.id, d.name, d.arch, d.xe_cores, d.eus, d.threads_per_eu,
        kib(d.grf_bytes) + "/" + kib(d.grf_bytes_large), d.simd_width, kib(d.slm_per_xe_core),
        kib(d.slm_per_group), d.max_work_group_size, d.mem_bandwidth_gbs, d.peak_fp32_tflops,
        d.peak_fp16_tflops, d.peak_xmx_fp16_tflops, dpas_shape(d));
  }
  fmt::print("\n* current: ");
  if (current != nullptr) {
    fmt::print(
        "{} ({})\n", current->id,
        std::getenv("XESIM_DEVICE") && *std::getenv("XESIM_DEVICE") ? "XESIM_DEVICE" : "default");
  } else {
    fmt::print("none: XESIM_DEVICE='{}' is not a device id\n", std::getenv("XESIM_DEVICE"));
  }
  fmt::print(
      "GRF: per thread, normal/large (-doubleGRF). SLM/c: per Xe-core, SLM/wg: per "
      "work-group. dpas: repeat x exec size x depth.\nSources: xesim devices --json "
      "--sources, docs/devices.md\n");
}

nlohmann::ordered_json sources_json(const device_model& d) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  std::istringstream in(d.sources);
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(": ");
    if (colon == std::string::npos) continue;
    out[line.substr(0, colon)].push_back(line.substr(colon + 2));
  }
  return out;
}

nlohmann::ordered_json device_json(const device_model& d, bool with_sources) {
  nlohmann::ordered_json j = {
      {"id", d.id},
      {"name", d.name},
      {"arch", d.arch},
      {"pci_device_id", d.pci_device_id},
      {"xe_cores", d.xe_cores},
      {"eus", d.eus},
      {"eus_per_xe_core", d.eus_per_xe_core},
      {"slices", d.slices},
      {"threads_per_eu", d.threads_per_eu},
      {"grf_bytes", d.grf_bytes},
      {"grf_bytes_large", d.grf_bytes_large},
      {"simd_width", d.simd_width},
      {"fp16_lanes", d.fp16_lanes},
      {"slm_per_xe_core", d.slm_per_xe_core},
      {"slm_per_group", d.slm_per_group},
      {"max_work_group_size", d.max_work_group_size},
      {"sub_group_sizes", sub_groups(d)},
      {"global_mem_bytes", d.global_mem_bytes},
      {"l1_bytes_per_xe_core", d.l1_bytes_per_xe_core},
      {"l2_bytes", d.l2_bytes},
      {"max_clock_mhz", d.max_clock_mhz},
      {"mem_bandwidth_gbs", d.mem_bandwidth_gbs},
      {"peak_fp32_tflops", d.peak_fp32_tflops},
      {"peak_fp16_tflops", d.peak_fp16_tflops},
      {"peak_xmx_fp16_tflops", d.peak_xmx_fp16_tflops},
      {"peak_xmx_int8_tops", d.peak_xmx_int8_tops},
      {"dpas_exec_size", d.dpas_exec_size},
      {"dpas_systolic_depth", d.dpas_systolic_depth},
      {"dpas_max_repeat", d.dpas_max_repeat},
      {"has_fp64", d.has_fp64},
      {"has_xmx", d.has_xmx},
      {"is_integrated", d.is_integrated},
      {"gen12_block_align16", d.gen12_block_align16},
      {"has_block_2d", d.has_block_2d},
  };
  if (with_sources) j["sources"] = sources_json(d);
  return j;
}

}  // namespace

int cmd_devices(bool json, bool sources) {
  const device_model* current = selected_device();
  if (!json) {
    print_table(current);
    return 0;
  }
  nlohmann::ordered_json out = {
      {"default", std::string(xesim::dev::default_device_id())},
      {"current", current ? nlohmann::ordered_json(current->id) : nlohmann::ordered_json()},
      {"devices", nlohmann::ordered_json::array()}};
  for (const device_model& d : xesim::dev::all_devices()) {
    nlohmann::ordered_json j = device_json(d, sources);
    j["current"] = (&d == current);
    out["devices"].push_back(std::move(j));
  }
  std::puts(out.dump(2).c_str());
  return 0;
}

}  // namespace xesim::cli
