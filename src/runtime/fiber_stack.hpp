// What a work-item fiber is made of: a guarded stack (kept by its worker's work_group, its top
// shifted by a per-slot cache colour) and an x86-64 context switch.
#pragma once

#include <cstddef>
#include <vector>

#if !defined(__x86_64__)
#error "xesim's fibers (src/runtime/fiber_stack.cpp) switch contexts with x86-64 code only"
#endif

namespace xesim::rt {

// 256 KB: an ESIMD work-item keeps its simd locals (8 KB+ of GRF-sized arrays, often copied) on
// its stack; untouched pages cost nothing (MAP_NORESERVE).
constexpr std::size_t kFiberStackBytes = 256 * 1024;

/// Guarded stacks of kFiberStackBytes with a PROT_NONE page below each (an overflow faults
/// instead of corrupting memory). A stack lives as long as its pool: fibers are never destroyed,
/// they sleep between work-groups. Not thread-safe: one pool per work_group (per worker thread).
class stack_pool {
 public:
  stack_pool() = default;
  ~stack_pool();  // unmaps every stack
  stack_pool(const stack_pool&) = delete;
  stack_pool& operator=(const stack_pool&) = delete;

  /// A new stack; returns its top moved down by `colour` bytes (a multiple of 64 below 4 KB).
  /// Throws std::bad_alloc when the mapping fails.
  void* allocate(std::size_t colour);

 private:
  std::vector<void*> bases_;  // lowest address of each mapping (its guard page)
};

/// The cache colour of fiber slot `slot`. The stacks are 260 KB apart, so their tops (where a
/// suspended fiber keeps its registers and hot frames) would all map to the same L1/L2 sets;
/// slot * 5 lines mod 64 gives 64 consecutive slots 64 distinct lines of a 4 KB page.
constexpr std::size_t stack_colour(std::size_t slot) noexcept { return (slot * 5 % 64) * 64; }

// ------------------------------ switch_context
/// Suspends the running context (its callee-saved registers pushed on its own stack, its stack
/// pointer stored in *save_sp) and resumes the one whose stack pointer is `resume_sp`. Returns
/// when some context switches back to the saved pointer. A plain call/ret pair (unlike
/// Boost.Context's jump, which leaves through an indirect jmp), so when every fiber suspends at
/// the same call site the CPU predicts the returns after a switch; Boost's version mispredicted
/// each return up the stack, ~12 ns apiece here (bench/RESULTS.md "Barrier"). MXCSR and the
/// x87 control word are not switched: the items of a group share the thread's FP environment.
extern "C" void xesim_rt_switch_context(void** save_sp, void* resume_sp) noexcept;

// ------------------------------ make_context
/// A suspended context on the stack below `top`: switching to the returned stack pointer calls
/// entry(arg) there. `entry` must never return.
void* make_context(void* top, void (*entry)(void*), void* arg) noexcept;

}  // namespace xesim::rt
