// Pooled, guarded fiber stacks (fiber_stack.hpp).
#include "fiber_stack.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <new>
#include <vector>

namespace xesim::rt {
namespace {

// Stacks kept per thread once created; a work-group of G items needs G - 1 at once.
constexpr std::size_t kMaxPooledStacks = 1024;

std::size_t page_bytes() {
  static const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return page;
}

struct stack_pool {
  std::vector<void*> free_bases;  // lowest address of each mapping (the guard page)
  ~stack_pool() {
    for (void* base : free_bases) ::munmap(base, kFiberStackBytes + page_bytes());
  }
};
thread_local stack_pool tls_pool;

}  // namespace

boost::context::stack_context pooled_stack::allocate() {
  const std::size_t guard = page_bytes();
  void* base;
  if (!tls_pool.free_bases.empty()) {
    base = tls_pool.free_bases.back();
    tls_pool.free_bases.pop_back();
  } else {
    base = ::mmap(nullptr, kFiberStackBytes + guard, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) throw std::bad_alloc();
    if (::mprotect(base, guard, PROT_NONE) != 0) {  // overflow faults instead of corrupting
      ::munmap(base, kFiberStackBytes + guard);
      throw std::bad_alloc();
    }
  }
  boost::context::stack_context sctx;
  sctx.size = kFiberStackBytes;
  sctx.sp = static_cast<char*>(base) + guard + kFiberStackBytes;  // stacks grow down
  return sctx;
}

void pooled_stack::deallocate(boost::context::stack_context& sctx) noexcept {
  void* base = static_cast<char*>(sctx.sp) - kFiberStackBytes - page_bytes();
  if (tls_pool.free_bases.size() < kMaxPooledStacks) {
    try {
      tls_pool.free_bases.push_back(base);
      return;
    } catch (...) {
    }
  }
  ::munmap(base, kFiberStackBytes + page_bytes());
}

}  // namespace xesim::rt
