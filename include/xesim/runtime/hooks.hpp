// Hooks the check layer (src/check) may set to observe the engine. A plain table of function
// pointers; a null entry is skipped. Set them before launching kernels (not synchronised).
#pragma once

#include <cstddef>
#include <cstdint>

#include "xesim/runtime/context.hpp"

namespace xesim::rt {

/// A work-group that can never leave a barrier: every live work-item waits at one (the
/// work-group barrier or a named barrier) while others have returned from the kernel, called
/// barrier() a different number of times, or cannot signal the named barrier.
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
  const item_state* items;  ///< the group's work-items, by local linear id (group size entries)
  /// Per local linear id: the named barrier a waiting item waits on (32: split_barrier's
  /// wait), -1 for the work-group barrier (and for items not waiting).
  const std::int8_t* named_barrier;
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
  /// When barrier_divergence returned true: false (default) abandons the group (its items are
  /// unwound); true releases the waiters, which go on past their barrier (the check layer).
  bool divergence_releases = false;
  /// A launch validate_launch rejected, with the message of the sycl::exception about to be
  /// thrown (the exception is thrown either way).
  void (*invalid_launch)(const launch_info& launch, const char* message) = nullptr;
  /// A work-item whose stack went deeper than detail::g_stack_budget (grf-overflow).
  void (*stack_overflow)(const item_state& item) = nullptr;
  /// After the last work-item of an nd_range work-group returned (not for abandoned groups).
  void (*group_end)(const item_state* items, std::size_t count) = nullptr;
};

/// The engine's hook table.
engine_hooks& hooks() noexcept;

}  // namespace xesim::rt
