// The compile-failure tests' one helper: writes a snippet after a prelude to a file unique to
// this process and call, compiles it syntax-only with the flags user programs get, and returns
// the compiler's output (tests/ops, tests/memory/lsc_reject, tests/xmx reject tests).
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace test_util {

/// Compiles `prelude` + `src` as `<tag>_snippet_<pid>_<n>.cpp` in the test binary dir; returns
/// the compiler's output and sets ok to its success. The pid and a counter keep the file names
/// apart across CTest's parallel processes (rand() repeats in every process: they collided).
inline std::string compile_snippet(const char* tag, const char* prelude, const std::string& src,
                                   bool& ok) {
  static std::atomic<int> counter{0};
  const std::string path = std::string(XESIM_TEST_BIN_DIR) + "/" + tag + "_snippet_" +
                           std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".cpp";
  FILE* f = std::fopen(path.c_str(), "w");
  if (f == nullptr) {
    ok = false;
    return "cannot write " + path;
  }
  std::fprintf(f, "%s%s\n", prelude, src.c_str());
  std::fclose(f);
  const char* cxx = std::getenv("CXX");
  const std::string cmd =
      std::string(cxx ? cxx : "c++") +
      " -std=c++20 -fsyntax-only -march=native -I" XESIM_SOURCE_DIR "/include " + path + " 2>&1";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  char buf[4096];
  while (p != nullptr && std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
  ok = p != nullptr && pclose(p) == 0;
  std::remove(path.c_str());
  return out;
}

}  // namespace test_util
