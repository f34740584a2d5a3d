// Fiber stacks for work-items: fixed size, a PROT_NONE guard page below each, pooled per thread.
#pragma once

#include <boost/context/stack_context.hpp>

#include <cstddef>

namespace xesim::rt {

// 256 KB: an ESIMD work-item keeps its simd locals (8 KB+ of GRF-sized arrays, often copied) on
// its stack; untouched pages cost nothing (MAP_NORESERVE).
constexpr std::size_t kFiberStackBytes = 256 * 1024;

/// Boost.Context stack allocator drawing from the calling thread's pool. A fiber is created and
/// finishes on the same worker thread, so allocate/deallocate never cross threads.
class pooled_stack {
 public:
  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context& sctx) noexcept;
};

}  // namespace xesim::rt
