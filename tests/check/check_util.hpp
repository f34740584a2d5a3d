// Runs one test of this executable in a child process (a fresh xesim with its own level, device
// and exit status) and reads back what it printed, for must-fire / must-not-fire tests.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "tools/subprocess.hpp"

namespace check_test {

/// Children run only when the parent asks (XESIM_CHECK_CHILD=1); in a normal run they skip.
#define CHILD_TEST(name)                                                 \
  void child_body_##name();                                              \
  TEST(Child, name) {                                                    \
    if (!std::getenv("XESIM_CHECK_CHILD")) GTEST_SKIP() << "child only"; \
    child_body_##name();                                                 \
  }                                                                      \
  void child_body_##name()

/// Runs Child.<name> with extra environment `env` ("VAR=value ..."); status and all output.
inline xesim_test::command_result run_child(const std::string& name, const std::string& env) {
  const std::string exe = std::filesystem::read_symlink("/proc/self/exe").string();
  return xesim_test::run_command("env XESIM_CHECK_CHILD=1 " + env + " " + exe +
                                 " --gtest_filter=Child." + name);
}

/// The line of `file` (under tests/check) holding `marker`, as "file:line"; "" if absent.
inline std::string line_of(const std::string& file, const std::string& marker) {
  std::ifstream in(std::string(XESIM_SOURCE_DIR) + "/tests/check/" + file);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.find(marker) != std::string::npos && line.find("line_of") == std::string::npos)
      return file + ":" + std::to_string(n);
  return "";
}

/// Output with an xesim diagnostic of any kind.
inline bool has_diagnostic(const std::string& out) {
  return out.find("xesim: ") != std::string::npos;
}

}  // namespace check_test
