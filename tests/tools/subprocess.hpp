// Helpers for tests that run bin/xesim: run a shell command, scratch folders, small files.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace xesim_test {

struct command_result {
  int status = -1;     ///< exit status, or -1 when the command did not exit normally
  std::string output;  ///< stdout and stderr together
};

/// Runs `command` with /bin/sh, capturing stdout and stderr.
inline command_result run_command(const std::string& command) {
  command_result r;
  FILE* p = popen((command + " 2>&1").c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) r.output.append(buf, n);
  const int raw = pclose(p);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

/// The xesim executable of this build tree.
inline std::string xesim_exe() { return std::string(XESIM_TEST_BIN_DIR) + "/bin/xesim"; }

/// A fresh, empty folder under the build tree's scratch area.
inline std::filesystem::path scratch_dir(const std::string& name) {
  std::filesystem::path dir = std::filesystem::path(XESIM_TEST_BIN_DIR) / "test_scratch" / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path) << text;
}

}  // namespace xesim_test
