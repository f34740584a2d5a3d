// How the host API hands a kernel to the engine: a launch shape plus a type-erased kernel.
// Implemented in src/runtime/engine.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>

#include "xesim/runtime/context.hpp"

namespace xesim::rt {

/// Runs one work-item: `kernel` is the user's kernel object, `item` the running work-item.
using item_invoker = void (*)(const void* kernel, const item_state& item);

/// A kernel object and the function that calls it for one work-item.
struct kernel_ref {
  const void* object;
  item_invoker invoke;
};

/// Wall-clock bounds of a launch on the engine's clock (now_ns()).
struct launch_times {
  std::uint64_t start_ns = 0;  ///< just before the first work-item ran
  std::uint64_t end_ns = 0;    ///< just after the last work-item finished
};

// ------------------------------ validate_launch
/// Checks a launch shape against the current device model before anything runs.
/// Throws sycl::exception: errc::nd_range for a zero local size, a global size that is not a
/// multiple of the local size, or a work-group above max_work_group_size.
void validate_launch(const launch_info& info);

// ------------------------------ launch
/// Runs every work-item of `info` to completion on the engine's thread pool; returns when done.
/// Range launches run items straight on the workers; nd_range launches run one work-group per task
/// with items as fibers that switch only at barrier(). Validates first (validate_launch throws
/// synchronously). Errors raised while the kernel runs (an exception from a work-item, a barrier
/// divergence) stop the launch and are returned, not thrown: they are SYCL asynchronous errors.
std::exception_ptr launch(const launch_info& info, kernel_ref kernel,
                          launch_times* times = nullptr);

/// Starts the worker threads now (idempotent, thread-safe), so the first launch does not pay for
/// creating them. Queues call it when constructed, as a DPC++ queue readies its device.
void start_workers();

/// The engine's clock: nanoseconds of a monotonic clock (profiling timestamps).
std::uint64_t now_ns() noexcept;

/// Worker threads of the engine: XESIM_THREADS if set (>= 1), else all hardware threads.
int thread_count() noexcept;

/// "xesim <version>": the driver_version a device reports.
const char* version_string() noexcept;

}  // namespace xesim::rt
