// backend: the SYCL backends, with DPC++'s enumerators and values. xesim's one device answers
// as an Intel GPU under Level Zero (DPC++'s default for Intel GPUs).
#pragma once

#include <ostream>

namespace xesim::sycl {

// ------------------------------ backend
/// DPC++'s backend enumerators. ext_intel_esimd_emulator (removed from recent DPC++) and the
/// SYCL 1.2.1-era aliases are kept so programs written against older releases compile.
enum class backend : char {
  host [[deprecated("the host backend is no longer supported")]] = 0,
  opencl = 1,
  ext_oneapi_level_zero = 2,
  level_zero [[deprecated("use ext_oneapi_level_zero")]] = ext_oneapi_level_zero,
  ext_oneapi_cuda = 3,
  cuda [[deprecated("use ext_oneapi_cuda")]] = ext_oneapi_cuda,
  all = 4,
  ext_intel_esimd_emulator = 5,
  esimd_cpu [[deprecated("use ext_intel_esimd_emulator")]] = ext_intel_esimd_emulator,
  ext_oneapi_hip = 6,
  hip [[deprecated("use ext_oneapi_hip")]] = ext_oneapi_hip,
  ext_oneapi_native_cpu = 7,
  ext_oneapi_offload = 8,
};

/// Prints the backend's name as DPC++ does ("ext_oneapi_level_zero", ...).
inline std::ostream& operator<<(std::ostream& out, backend be) {
  switch (static_cast<int>(be)) {
    case 0:
      return out << "host";
    case 1:
      return out << "opencl";
    case 2:
      return out << "ext_oneapi_level_zero";
    case 3:
      return out << "ext_oneapi_cuda";
    case 4:
      return out << "all";
    case 5:
      return out << "ext_intel_esimd_emulator";
    case 6:
      return out << "ext_oneapi_hip";
    case 7:
      return out << "ext_oneapi_native_cpu";
    case 8:
      return out << "ext_oneapi_offload";
  }
  return out << "unknown";
}

}  // namespace xesim::sycl
