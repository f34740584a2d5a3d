// The level (XESIM_CHECK), the engine hooks, and what happens at exit: the summary and the exit
// status (XESIM_EXITCODE, default 1, when an error was reported).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#include "internal.hpp"
#include "report.hpp"
#include "xesim/check/check.hpp"

namespace xesim::check {

namespace detail {
constinit level g_level = level::basic;
constinit std::uint8_t g_port = kPortCheck;
constinit thread_local usm_window tls_usm_window{};
}  // namespace detail

namespace {

constexpr int kDefaultExitCode = 1;

int exit_code() {
  if (const char* env = std::getenv("XESIM_EXITCODE")) {
    char* end = nullptr;
    const long v = std::strtol(env, &end, 10);
    if (end != env && *end == '\0' && v >= 0 && v <= 255) return static_cast<int>(v);
  }
  return kDefaultExitCode;
}

// Runs at exit (registered before main, so after the program's own exit handlers and static
// destructors registered later). With errors, the status becomes XESIM_EXITCODE: streams are
// flushed, then _exit skips the handlers registered before ours (the runtime's own teardown).
void at_exit() {
  if (print_summary() == 0) return;
  const int code = exit_code();
  if (code == 0) return;
  std::cout.flush();
  std::cerr.flush();
  std::clog.flush();
  std::fflush(nullptr);
  _exit(code);
}

const bool g_installed = [] {
  set_level(level_from_string(std::getenv("XESIM_CHECK"), level::basic));
  rt::engine_hooks& h = rt::hooks();
  h.barrier_divergence = &detail::on_barrier_divergence;
  h.divergence_releases = true;
  h.invalid_launch = &detail::on_invalid_launch;
  h.group_end = &detail::on_group_end;
  h.kernel_begin = &detail::on_kernel_begin;
  h.stack_overflow = &detail::on_grf_overflow;
  detail::install_crash_handlers();
  std::atexit(&at_exit);
  return true;
}();

}  // namespace

void set_level(level l) noexcept {
  detail::g_level = l;
  detail::g_port = static_cast<std::uint8_t>((detail::g_port & ~detail::kPortCheck) |
                                             (l != level::off ? detail::kPortCheck : 0));
}

const char* to_string(level l) noexcept {
  switch (l) {
    case level::off:
      return "off";
    case level::basic:
      return "basic";
    case level::full:
      return "full";
  }
  return "basic";
}

level level_from_string(const char* value, level fallback) noexcept {
  if (!value) return fallback;
  if (std::strcmp(value, "off") == 0 || std::strcmp(value, "0") == 0) return level::off;
  if (std::strcmp(value, "basic") == 0) return level::basic;
  if (std::strcmp(value, "full") == 0) return level::full;
  return fallback;
}

}  // namespace xesim::check
