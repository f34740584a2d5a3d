// xesim: the command line. Subcommands live in cmd_*.cpp; see docs/cli.md.
#include "commands.hpp"

#include <CLI/CLI.hpp>

namespace {

constexpr const char* kFooter =
    "Environment: XESIM_DEVICE=<id> (GPU model, see `xesim devices`), XESIM_GRF=normal|large,\n"
    "XESIM_THREADS=<n>, XESIM_CHECK=off|basic|full, XESIM_PROFILE=1|<file.json>,\n"
    "XESIM_TRACE=<file.json>, XESIM_TIMING=model, CXX (compiler, default g++),\n"
    "XDG_CACHE_HOME (cache of `xesim run`). Docs: docs/cli.md, docs/devices.md, docs/lint.md.";

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"xesim " XESIM_VERSION ": run Intel ESIMD programs unchanged on a CPU", "xesim"};
  app.set_version_flag("--version", "xesim " XESIM_VERSION);
  app.footer(kFooter);
  app.require_subcommand(1);

  // c++ and run take the compiler's argument syntax: they get their arguments raw.
  CLI::App* cxx = app.add_subcommand("c++", "compile and link a program against xesim (g++ flags)");
  cxx->prefix_command();
  cxx->set_help_flag();
  CLI::App* run = app.add_subcommand("run",
                                     "compile (cached) and run a program: run file.cpp "
                                     "[flags] [-- args]");
  run->prefix_command();
  run->set_help_flag();

  CLI::App* lint = app.add_subcommand("lint",
                                      "check ESIMD sources for the guide's traps: lint FILE... "
                                      "[-- flags]");
  lint->prefix_command();
  lint->set_help_flag();

  CLI::App* report = app.add_subcommand(
      "report", "a profile's per-kernel table and roofline: report out.json [--device id]");
  report->prefix_command();
  report->set_help_flag();

  CLI::App* devices = app.add_subcommand("devices", "list the GPU models xesim can act as");
  bool json = false, sources = false;
  devices->add_flag("--json", json, "print the table as JSON");
  devices->add_flag("--sources", sources, "with --json: include each number's source");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int status = app.exit(e);
    return status == 0 ? 0 : xesim::cli::kUsageError;
  }
  if (*cxx) return xesim::cli::cmd_cxx(cxx->remaining());
  if (*run) return xesim::cli::cmd_run(run->remaining());
  if (*lint) return xesim::cli::cmd_lint(lint->remaining());
  if (*report) return xesim::cli::cmd_report(report->remaining());
  return xesim::cli::cmd_devices(json, sources);
}
