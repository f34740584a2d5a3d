// `xesim c++`: turns a user's compiler arguments into the g++ command that builds an ESIMD
// program against xesim. User flags win over the defaults; icpx-only flags are dropped.
#pragma once

#include "toolchain.hpp"

#include <string>
#include <vector>

namespace xesim::cli {

/// The compiler command for one invocation, and what was noticed on the way.
struct compile_plan {
  std::vector<std::string> argv;          ///< full command, compiler first
  std::vector<std::string> notes;         ///< one line per ignored icpx flag
  std::vector<std::string> inputs;        ///< non-flag arguments (sources, objects)
  std::vector<std::string> include_dirs;  ///< the user's -I/-iquote directories
  bool links = true;                      ///< false with -c, -S, -E, -M, -MM, -fsyntax-only
  bool has_output = false;                ///< the user passed -o
};

/// Builds the command: <compiler> [-std=c++20] [-O2] [-march=native] -I<include> <user args>
/// [<libxesim.a> <link libs>]. A default is left out when the user passes that kind of flag.
/// `-fsycl`, `-fsycl-targets=`, `-Xsycl-target-backend X` and `-Xs X` are dropped with a note;
/// large GRF mode (-DXESIM_LARGE_GRF=1) comes from `-Xs`/`-Xsycl-target-backend[=triple]` values
/// holding -doubleGRF, a bare `-doubleGRF`, or `-ftarget-register-alloc-mode=<dev>:large`.
compile_plan plan_compile(const std::vector<std::string>& user_args, const toolchain& tc);

/// Whether `arg` is a compiler flag whose value is the next argument (-o out, -I dir, ...).
bool takes_separate_value(const std::string& arg);

/// One line for -v: the command with arguments quoted where the shell would need it.
std::string format_command(const std::vector<std::string>& argv);

}  // namespace xesim::cli
