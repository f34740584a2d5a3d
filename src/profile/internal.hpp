// Shared inside src/profile: the registry of kernels and what collect.cpp hands it.
#pragma once

#include <cstdint>
#include <string>

#include "xesim/profile/model.hpp"
#include "xesim/runtime/context.hpp"

namespace xesim::profile {

/// The kernel's name as the reports show it: its name type, or "lambda at file:line".
std::string kernel_display_name(const rt::launch_info& info);
/// Whether the program was built with XESIM_PROFILE_COUNT (instructions counted).
bool instrumented_build() noexcept;
/// Files one launch under its kernel; returns its predicted time on the current device (ns).
double record_launch(launch_counters c, std::uint64_t start_ns, std::uint64_t end_ns);

}  // namespace xesim::profile
