#include "commands.hpp"
#include "compile.hpp"
#include "compiler_retry.hpp"
#include "process.hpp"
#include "toolchain.hpp"

#include <cstdio>

namespace xesim::cli {
namespace {

constexpr const char* kUsage =
    "Usage: xesim c++ [-v|--verbose] <g++ arguments...>\n"
    "Compiles and links an ESIMD program against xesim with g++ (or $CXX).\n"
    "Adds -std=c++20 -O2 -march=native unless you pass your own -std=/-O/-march=, then\n"
    "-I<xesim include>, and (unless -c/-S/-E/-fsyntax-only) libxesim.a and its libraries.\n"
    "icpx flags: -fsycl*, -fno-sycl*, -ffp-model=, -Xclang X, -Xsycl-target-backend X are\n"
    "ignored;\n"
    "-Xs \"-doubleGRF\", -doubleGRF and -ftarget-register-alloc-mode=pvc:large select large GRF\n"
    "mode (-DXESIM_LARGE_GRF=1; the grf-overflow check then allows the doubled register file).\n"
    "--check=full builds with the `uninitialized` rule's instrumentation\n"
    "(-DXESIM_CHECK_UNINIT=1; run the program with XESIM_CHECK=full); --check=off|basic add\n"
    "nothing. --profile builds with the profile's instruction counters (-DXESIM_PROFILE_COUNT=1;\n"
    "run with XESIM_PROFILE=1 or =out.json, see docs/model.md). -v/--verbose prints the compiler\n"
    "command. Exit status is the compiler's.\n";

}  // namespace

int cmd_cxx(const std::vector<std::string>& args) {
  std::vector<std::string> compiler_args;
  bool verbose = false;
  for (const std::string& a : args) {
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (a == "-v" || a == "--verbose") {
      verbose = true;
      continue;
    }
    if (a == "--profile") {
      compiler_args.push_back("-DXESIM_PROFILE_COUNT=1");
      continue;
    }
    if (a.rfind("--check=", 0) == 0) {
      const std::string level = a.substr(8);
      if (level == "full") {
        compiler_args.push_back("-DXESIM_CHECK_UNINIT=1");
      } else if (level != "off" && level != "basic") {
        std::fprintf(stderr, "xesim c++: error: --check wants off, basic or full, got '%s'\n",
                     level.c_str());
        return kUsageError;
      }
      continue;
    }
    compiler_args.push_back(a);
  }
  const compile_plan plan = plan_compile(compiler_args, find_toolchain());
  for (const std::string& note : plan.notes) std::fprintf(stderr, "%s\n", note.c_str());
  if (verbose) std::fprintf(stderr, "%s\n", format_command(plan.argv).c_str());
  return run_compile(plan, verbose);
}

}  // namespace xesim::cli
