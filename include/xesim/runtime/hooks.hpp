// Hooks the check layer (src/check) may set to observe the engine. A plain table of function
// pointers; a null entry is skipped. Set them before launching kernels (not synchronised).
#pragma once

#include <cstddef>
#include <cstdint>

#include "xesim/runtime/context.hpp"

namespace xesim::rt {

/// A work-group that can never leave a barrier: every live work-item waits at one while others
/// have returned from the kernel (or items called barrier() different numbers of times).
struct barrier_divergence_info {
  const launch_info* launch;
  std::size_t group_id[3];
  std::size_t group_linear_id;
  const std::size_t* exited;  ///< local linear ids of the items that returned
  std::size_t exited_count;
  const std::size_t* waiting;  ///< local linear ids of the items blocked at a barrier
  std::size_t waiting_count;
  const std::uint32_t* barriers;  ///< barriers passed, per local linear id (group size entries)
  std::size_t group_size;
};

struct engine_hooks {
  /// Before the first work-item of a launch runs.
  void (*kernel_begin)(const launch_info& launch) = nullptr;
  /// After the last work-item of a launch (also when the launch stopped on an error).
  void (*kernel_end)(const launch_info& launch) = nullptr;
  /// A divergent work-group was found; the group is abandoned (its items unwound) either way.
  /// Return true if reported as a diagnostic: the launch then goes on with the other groups and
  /// no sycl::exception is raised. Return false to let the engine raise its sycl::exception.
  bool (*barrier_divergence)(const barrier_divergence_info& info) = nullptr;
};

/// The engine's hook table.
engine_hooks& hooks() noexcept;

}  // namespace xesim::rt
