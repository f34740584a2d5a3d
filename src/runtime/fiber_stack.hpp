// What a work-item fiber is made of: a guarded stack (kept by its worker's work_group, its top
// shifted by a per-slot cache colour) and a context switch. Two switches, chosen at configure
// time by XESIM_FIBER_SWITCH (CMakeLists.txt): xesim's own x86-64 System V routine (asm, the
// fast path) or Boost.Context's fcontext (boost, any CPU Boost supports). Same interface.
#pragma once

#include <cstddef>
#include <vector>

#if !defined(XESIM_FIBER_BOOST)
#error "build xesim through its CMakeLists.txt: it defines XESIM_FIBER_BOOST (0: asm, 1: boost)"
#endif
#if !XESIM_FIBER_BOOST && !(defined(__x86_64__) && defined(__ELF__))
#error "XESIM_FIBER_SWITCH=asm needs an x86-64 ELF target; configure with XESIM_FIBER_SWITCH=boost"
#endif
#if XESIM_FIBER_BOOST
#include <boost/context/detail/fcontext.hpp>
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
  /// The usable bytes below the returned top are kFiberStackBytes - colour.
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
/// Suspends the running context (its handle stored in *save_sp) and resumes the suspended one
/// `resume_sp`. Returns when some context switches back to the stored handle. The handle must
/// stay where *save_sp is until then (the engine keeps it in its slot table).
///   asm:   push the six callee-saved registers, swap stack pointers, pop, `ret`: a call/ret
///          pair, so when every fiber suspends at the same call site the CPU predicts the
///          returns after a switch (Boost's jump leaves through an indirect jmp and mispredicted
///          each return up the stack, ~12 ns apiece here: bench/RESULTS.md "Barrier"). MXCSR
///          and the x87 control word are not switched: a group's items share the thread's.
///   boost: jump_fcontext; the resumed side stores the suspended side's handle (the transfer's
///          data is save_sp). On x86-64 Boost switches MXCSR and the x87 control
///          word with the context.
#if XESIM_FIBER_BOOST
inline void switch_context(void** save_sp, void* resume_sp) noexcept {
  const boost::context::detail::transfer_t from =
      boost::context::detail::jump_fcontext(resume_sp, save_sp);
  *static_cast<void**>(from.data) = from.fctx;  // where the context that resumed us is kept
}
#else
extern "C" void xesim_rt_switch_context(void** save_sp, void* resume_sp) noexcept;
inline void switch_context(void** save_sp, void* resume_sp) noexcept {
  xesim_rt_switch_context(save_sp, resume_sp);
}
#endif

// ------------------------------ make_context
/// A suspended context on the `bytes` of stack below `top`: switching to the returned handle
/// calls entry(arg) there. `entry` must never return and no exception may leave it.
void* make_context(void* top, std::size_t bytes, void (*entry)(void*), void* arg) noexcept;

}  // namespace xesim::rt
