// A crash inside a kernel (SIGSEGV, SIGBUS, SIGFPE, SIGILL) names the kernel and the work-item
// (and the launch's source line, and the last xesim memory op the work-item called) before the
// process dies with the signal's default action. Only async-signal-safe calls.
#include <signal.h>
#include <unistd.h>

#include <cstring>

#include "internal.hpp"
#include "xesim/check/check.hpp"
#include "xesim/runtime/context.hpp"

namespace xesim::check::detail {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};

void put(const char* s) {
  const ssize_t r = ::write(2, s, std::strlen(s));
  (void)r;
}

void put_num(std::size_t v) {
  char buf[24];
  int n = 0;
  do {
    buf[n++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v && n < 23);
  char out[24];
  for (int i = 0; i < n; ++i) out[i] = buf[n - 1 - i];
  out[n] = '\0';
  put(out);
}

void put_ids(const std::size_t* v, int dims) {
  put("(");
  for (int d = 0; d < dims; ++d) {
    if (d) put(", ");
    put_num(v[d]);
  }
  put(")");
}

// "<label>file:line" of a call; nothing when the location is unknown (line 0).
void put_loc(const char* label, const std::source_location& loc) {
  if (loc.line() == 0) return;
  put(label);
  put(loc.file_name());
  put(":");
  put_num(loc.line());
}

void on_signal(int sig, siginfo_t* info, void*) {
  const rt::item_state* it = rt::current_item();
  if (it && on()) {
    put("xesim: error: [kernel-crash] ");
    put(sig == SIGSEGV  ? "segmentation fault"
        : sig == SIGBUS ? "bus error"
        : sig == SIGFPE ? "floating-point/integer trap"
                        : "illegal instruction");
    put(" inside a kernel\n    kernel: ");
    put(it->launch->kernel_name);
    if (it->launch->is_nd_range) {
      put("\n    work-group: ");
      put_ids(it->group_id, it->launch->dims);
      put(", work-item: local ");
      put_ids(it->local_id, it->launch->dims);
      put(", global ");
    } else {
      put("\n    work-item: ");
    }
    put_ids(it->global_id, it->launch->dims);
    put_loc("\n    launch: ", it->launch->call_loc);
    put_loc("\n    last memory op of this work-item: ", it->last_op_loc);
    if (sig == SIGSEGV || sig == SIGBUS) {
      put("\n    address: 0x");
      char hex[17];
      auto a = reinterpret_cast<std::uintptr_t>(info->si_addr);
      for (int i = 15; i >= 0; --i, a >>= 4) hex[i] = "0123456789abcdef"[a & 15];
      hex[16] = '\0';
      put(hex);
    }
    put("\n    fix: the fault is at or after the last memory op above (run under gdb --args for "
        "the exact line); integer division by zero and unchecked host pointers are the usual "
        "causes\n");
  }
  signal(sig, SIG_DFL);  // die of the signal as before (core dump, status)
  raise(sig);
}

}  // namespace

void install_crash_handlers() noexcept {
  for (int sig : kSignals) {
    struct sigaction old {};
    if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler != SIG_DFL) continue;  // keep theirs
    struct sigaction sa {};
    sa.sa_sigaction = &on_signal;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, nullptr);
  }
}

}  // namespace xesim::check::detail
