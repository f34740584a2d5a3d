// The `xesim` subcommands. Each returns the process exit status.
#pragma once

#include <string>
#include <vector>

namespace xesim::cli {

/// `xesim c++ <g++ args>`: compile (and link) against xesim. Exit status = the compiler's.
int cmd_cxx(const std::vector<std::string>& args);

/// `xesim run [options] file.cpp [g++ flags] [-- program args]`: compile through the cache,
/// then replace this process with the program (its exit status is the result).
int cmd_run(const std::vector<std::string>& args);

/// `xesim devices [--json [--sources]]`: the device table, current one marked.
int cmd_devices(bool json, bool sources);

/// `xesim lint [options] FILE... [-- flags]`: the source-level rules (docs/lint.md).
/// Exit status 1 on an error-level finding, 2 on a usage error.
int cmd_lint(const std::vector<std::string>& args);

/// `xesim report out.json [--device id] [--svg f] [--png f]`: a profile's table and roofline.
int cmd_report(const std::vector<std::string>& args);

/// Exit status for a usage error (bad option, unknown device).
inline constexpr int kUsageError = 2;

}  // namespace xesim::cli
