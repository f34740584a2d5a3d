// Starting other programs: the compiler (wait for it) and the user's program (replace xesim).
#pragma once

#include <string>
#include <vector>

namespace xesim::cli {

/// Runs argv[0] (searched in PATH) with the current environment and waits. Returns its exit
/// status, 128 + signal number when it was killed, or 127 when it could not be started.
int run_process(const std::vector<std::string>& argv);

/// run_process with the program's stderr written to the file `stderr_path` (created or
/// truncated) instead of this process's.
int run_process_to(const std::vector<std::string>& argv, const std::string& stderr_path);

/// Replaces this process with `path` run with `argv`; on failure prints why and exits 127.
[[noreturn]] void exec_program(const std::string& path, const std::vector<std::string>& argv);

}  // namespace xesim::cli
