#include "toolchain.hpp"

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <system_error>

namespace xesim::cli {
namespace fs = std::filesystem;

namespace {

std::vector<std::string> split_blanks(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

}  // namespace

std::string self_exe_path() {
  std::error_code ec;
  fs::path p = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : p.string();
}

toolchain find_toolchain() {
  toolchain tc;
  tc.link_libs = split_blanks(XESIM_CLI_LINK_LIBS);
  const std::string exe = self_exe_path();
  if (!exe.empty()) {
    // <prefix>/bin/xesim -> <prefix>
    const fs::path prefix = fs::path(exe).parent_path().parent_path();
    const fs::path inc = prefix / XESIM_CLI_REL_INCLUDEDIR;
    const fs::path lib = prefix / XESIM_CLI_REL_LIBDIR / "libxesim.a";
    std::error_code ec;
    if (fs::exists(inc / "xesim" / "runtime" / "device_model.hpp", ec) && fs::exists(lib, ec)) {
      tc.include_dir = inc.string();
      tc.library = lib.string();
      tc.installed = true;
      return tc;
    }
  }
  tc.include_dir = XESIM_CLI_BUILD_INCLUDE_DIR;
  tc.library = XESIM_CLI_BUILD_LIBRARY;
  return tc;
}

std::vector<std::string> compiler_command() {
  const char* cxx = std::getenv("CXX");
  std::vector<std::string> cmd = cxx ? split_blanks(cxx) : std::vector<std::string>{};
  if (cmd.empty()) cmd.push_back("g++");
  return cmd;
}

}  // namespace xesim::cli
