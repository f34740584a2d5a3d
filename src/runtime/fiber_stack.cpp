// Guarded fiber stacks and the context switch (fiber_stack.hpp).
#include "fiber_stack.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <new>

#include "xesim/runtime/fiber_switch.hpp"

#if !XESIM_FIBER_BOOST
// The switch (System V x86-64): push the six callee-saved registers, save rsp, load the other
// context's rsp, pop its registers, ret to where it called us. The entry of a new context: its
// first switch "returns" into xesim_rt_context_entry with r12 = entry and r13 = arg; the
// undefined return address ends backtraces and unwinding there.
asm(R"(
  .text
  .p2align 4
  .globl xesim_rt_switch_context
  .hidden xesim_rt_switch_context
  .type xesim_rt_switch_context, @function
xesim_rt_switch_context:
  pushq %rbp
  pushq %rbx
  pushq %r15
  pushq %r14
  pushq %r13
  pushq %r12
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r12
  popq %r13
  popq %r14
  popq %r15
  popq %rbx
  popq %rbp
  ret
  .size xesim_rt_switch_context, .-xesim_rt_switch_context

  .p2align 4
  .globl xesim_rt_context_entry
  .hidden xesim_rt_context_entry
  .type xesim_rt_context_entry, @function
xesim_rt_context_entry:
  .cfi_startproc
  .cfi_undefined rip
  movq %r13, %rdi
  andq $-16, %rsp
  callq *%r12
  ud2
  .cfi_endproc
  .size xesim_rt_context_entry, .-xesim_rt_context_entry
)");

extern "C" void xesim_rt_context_entry();
#endif

namespace xesim::rt {
namespace {

std::size_t page_bytes() {
  static const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return page;
}

#if XESIM_FIBER_BOOST
// What the first switch into a new fcontext carries from make_context to its entry.
struct start_args {
  void (*entry)(void*);
  void* arg;
};

// A new fcontext's entry: copy the start arguments, suspend back to make_context (so the handle
// it returns is an ordinary suspended context), then, on the first switch_context to it, store
// the switching side's handle as switch_context does and run entry(arg), which never returns.
void boost_entry(boost::context::detail::transfer_t t) noexcept {
  const start_args args = *static_cast<const start_args*>(t.data);
  t = boost::context::detail::jump_fcontext(t.fctx, nullptr);
  *static_cast<void**>(t.data) = t.fctx;
  args.entry(args.arg);
  std::abort();  // entry returned: the engine's fibers never do
}
#else
// Registers popped by xesim_rt_switch_context, in order, then its return address.
enum saved : int { kR12, kR13, kR14, kR15, kRbx, kRbp, kReturn, kSlots };
#endif

}  // namespace

stack_pool::~stack_pool() {
  for (void* base : bases_) ::munmap(base, kFiberStackBytes + page_bytes());
}

void* stack_pool::allocate(std::size_t colour) {
  const std::size_t guard = page_bytes();
  bases_.reserve(bases_.size() + 1);  // may throw before anything is mapped
  void* base = ::mmap(nullptr, kFiberStackBytes + guard, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED) throw std::bad_alloc();
  if (::mprotect(base, guard, PROT_NONE) != 0) {  // overflow faults instead of corrupting
    ::munmap(base, kFiberStackBytes + guard);
    throw std::bad_alloc();
  }
  bases_.push_back(base);
  return static_cast<char*>(base) + guard + kFiberStackBytes - colour;  // stacks grow down
}

#if XESIM_FIBER_BOOST
void* make_context(void* top, std::size_t bytes, void (*entry)(void*), void* arg) noexcept {
  namespace bc = boost::context::detail;
  start_args args{entry, arg};
  const bc::fcontext_t fresh = bc::make_fcontext(top, bytes, &boost_entry);
  return bc::jump_fcontext(fresh, &args).fctx;  // boost_entry copied args and suspended
}

const char* fiber_switch() noexcept { return "boost"; }
#else
void* make_context(void* top, std::size_t, void (*entry)(void*), void* arg) noexcept {
  auto* sp = reinterpret_cast<std::uintptr_t*>(reinterpret_cast<std::uintptr_t>(top) &
                                               ~std::uintptr_t(15)) -
             kSlots - 1;
  for (int i = 0; i < kSlots; ++i) sp[i] = 0;
  sp[kR12] = reinterpret_cast<std::uintptr_t>(entry);
  sp[kR13] = reinterpret_cast<std::uintptr_t>(arg);
  sp[kReturn] = reinterpret_cast<std::uintptr_t>(&xesim_rt_context_entry);
  return sp;
}

const char* fiber_switch() noexcept { return "asm"; }
#endif

}  // namespace xesim::rt
