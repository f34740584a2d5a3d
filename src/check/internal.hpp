// What the files of src/check share: the engine hooks they install and the crash handlers.
#pragma once

#include "xesim/runtime/hooks.hpp"

namespace xesim::check::detail {

/// barrier-divergence: reports and asks the engine to release the waiters (group.cpp).
bool on_barrier_divergence(const rt::barrier_divergence_info& info);
/// invalid-launch: reports the launch error the engine is about to throw (group.cpp).
void on_invalid_launch(const rt::launch_info& launch, const char* message);
/// slm-init-misuse (only some work-items called slm_init) and slm-race epochs (group.cpp).
void on_group_end(const rt::item_state* items, std::size_t count);
/// grf-overflow: sets rt::detail::g_stack_budget from the device model and GRF mode (grf.cpp).
void on_kernel_begin(const rt::launch_info& launch);
/// grf-overflow: reports a work-item over the budget, once per kernel (grf.cpp).
void on_grf_overflow(const rt::item_state& it) noexcept;
/// Installs SIGSEGV/SIGBUS/SIGFPE/SIGILL reporters that name the kernel and work-item (crash.cpp).
void install_crash_handlers() noexcept;

}  // namespace xesim::check::detail
