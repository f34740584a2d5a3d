// Where `xesim c++` finds the xesim headers and library: next to the installed executable, or
// in the source/build tree it was built in.
#pragma once

#include <string>
#include <vector>

namespace xesim::cli {

/// What a user program is compiled and linked with.
struct toolchain {
  std::string include_dir;             ///< passed as -I<include_dir>
  std::string library;                 ///< path of libxesim.a
  std::vector<std::string> link_libs;  ///< -ltbb -lboost_context ... after the library
  bool installed = false;              ///< found under <prefix> of the running executable
};

/// Absolute path of the running executable (/proc/self/exe), or "" when unknown.
std::string self_exe_path();

/// The installed layout <exe>/../{include,lib} when it holds xesim, else the build tree.
toolchain find_toolchain();

/// The compiler command: $CXX split on blanks (e.g. "ccache g++"), or "g++".
std::vector<std::string> compiler_command();

}  // namespace xesim::cli
