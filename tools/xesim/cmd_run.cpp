#include "commands.hpp"
#include "compile.hpp"
#include "compiler_retry.hpp"
#include "content_hash.hpp"
#include "process.hpp"
#include "toolchain.hpp"

#include <xesim/runtime/device_model.hpp>

#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string_view>
#include <system_error>

namespace xesim::cli {
namespace fs = std::filesystem;

namespace {

constexpr const char* kUsage =
    "Usage: xesim run [options] file.cpp [more files, g++ flags] [-- program args]\n"
    "Compiles the program (cached by content) and runs it; exit status is the program's.\n"
    "Options:\n"
    "  --device <id>     run as that GPU (sets XESIM_DEVICE); see `xesim devices`\n"
    "  --threads <n>     worker threads (sets XESIM_THREADS)\n"
    "  --check=<level>   off|basic|full (sets XESIM_CHECK); full (or XESIM_CHECK=full in the\n"
    "                    environment) also builds the program with the uninitialized rule's\n"
    "                    instrumentation (-DXESIM_CHECK_UNINIT=1), cached separately\n"
    "  --profile         build with the profile's instruction counters (-DXESIM_PROFILE_COUNT=1,\n"
    "                    cached separately) and print the profile at exit (XESIM_PROFILE=1 unless\n"
    "                    set); XESIM_PROFILE set in the environment selects the same build\n"
    "  -v, --verbose     print cache hits and the compiler command\n"
    "Cache: $XDG_CACHE_HOME/xesim or ~/.cache/xesim.\n";

struct run_options {
  std::string device, threads, check;
  bool verbose = false;
  bool profile = false;
  std::vector<std::string> compiler_args;
  std::vector<std::string> program_args;
};

int usage_error(const std::string& message) {
  std::fprintf(stderr, "xesim run: error: %s\n", message.c_str());
  return kUsageError;
}

// Reads `--name value` or `--name=value` at args[i]; advances i past a separate value.
std::optional<std::string> option_value(const std::vector<std::string>& args, std::size_t& i,
                                        std::string_view name) {
  const std::string& a = args[i];
  if (a == name) {
    if (i + 1 >= args.size()) return std::string();
    return args[++i];
  }
  if (a.size() > name.size() && a.starts_with(name) && a[name.size()] == '=') {
    return a.substr(name.size() + 1);
  }
  return std::nullopt;
}

// Returns an exit status when parsing ends the command (help, usage error), else nullopt.
std::optional<int> parse(const std::vector<std::string>& args, run_options& opt) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      opt.program_args.assign(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
      break;
    }
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (a == "-v" || a == "--verbose") {
      opt.verbose = true;
    } else if (a == "--profile") {
      opt.profile = true;
    } else if (auto v = option_value(args, i, "--device")) {
      opt.device = *v;
    } else if (auto v = option_value(args, i, "--threads")) {
      opt.threads = *v;
    } else if (auto v = option_value(args, i, "--check")) {
      opt.check = *v;
    } else if (a == "-o" || a == "-c" || a == "-S" || a == "-E" || a == "-fsyntax-only") {
      return usage_error("'" + a + "' does not fit: xesim run builds and runs an executable");
    } else {
      opt.compiler_args.push_back(a);
      if (takes_separate_value(a) && i + 1 < args.size()) opt.compiler_args.push_back(args[++i]);
    }
  }
  if (!opt.device.empty() && xesim::dev::find_device(opt.device) == nullptr) {
    std::string ids;
    for (const auto& d : xesim::dev::all_devices()) {
      if (!ids.empty()) ids += ", ";
      ids += d.id;
    }
    return usage_error("unknown device '" + opt.device + "'; valid ids: " + ids);
  }
  if (!opt.threads.empty()) {
    int n = 0;
    const char* end = opt.threads.data() + opt.threads.size();
    auto [p, ec] = std::from_chars(opt.threads.data(), end, n);
    if (ec != std::errc() || p != end || n < 1) {
      return usage_error("--threads wants a positive integer, got '" + opt.threads + "'");
    }
  }
  if (!opt.check.empty() && opt.check != "off" && opt.check != "basic" && opt.check != "full") {
    return usage_error("--check wants off, basic or full, got '" + opt.check + "'");
  }
  return std::nullopt;
}

std::string cache_dir() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && *xdg != '\0') return std::string(xdg) + "/xesim";
  const char* home = std::getenv("HOME");
  if (home != nullptr && *home != '\0') return std::string(home) + "/.cache/xesim";
  return "/tmp/xesim-cache-" + std::to_string(getuid());
}

bool is_source(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".c++" || ext == ".C" ||
         ext == ".c" || ext == ".h" || ext == ".hpp";
}

// Everything the executable depends on: xesim version, the full command, the inputs and the
// files they include, the xesim headers and library.
std::string cache_key(const compile_plan& plan, const toolchain& tc) {
  content_hash h;
  h.add_field(XESIM_VERSION);
  for (const std::string& a : plan.argv) h.add_field(a);
  std::error_code ec;
  for (const std::string& in : plan.inputs) {
    h.add_file(fs::weakly_canonical(in, ec).string());
    if (!is_source(in)) continue;
    for (const std::string& dep : local_includes(in, plan.include_dirs, tc.include_dir)) {
      h.add_file(dep);
    }
  }
  h.add_tree(tc.include_dir + "/xesim");
  h.add_tree(tc.include_dir + "/sycl");
  h.add_file(tc.library);
  return h.hex();
}

// Compiles into the cache unless the entry exists. Returns 0 or the compiler's exit status.
int build_cached(compile_plan plan, const std::string& exe, bool verbose) {
  std::error_code ec;
  if (fs::is_regular_file(exe, ec)) {
    if (verbose) std::fprintf(stderr, "xesim: cache hit: %s\n", exe.c_str());
    return 0;
  }
  fs::create_directories(fs::path(exe).parent_path(), ec);
  if (ec) {
    std::fprintf(stderr, "xesim: error: cannot create cache folder %s: %s\n",
                 fs::path(exe).parent_path().c_str(), ec.message().c_str());
    return 1;
  }
  // Concurrent runs of the same program each compile to their own file; rename is atomic.
  const std::string tmp = exe + ".tmp." + std::to_string(getpid());
  plan.argv.push_back("-o");
  plan.argv.push_back(tmp);
  if (verbose) std::fprintf(stderr, "xesim: compiling: %s\n", format_command(plan.argv).c_str());
  const int status = run_compile(plan, verbose);
  if (status != 0) {
    fs::remove(tmp, ec);
    return status;
  }
  fs::rename(tmp, exe, ec);
  if (ec) {
    std::fprintf(stderr, "xesim: error: cannot store %s: %s\n", exe.c_str(), ec.message().c_str());
    fs::remove(tmp, ec);
    return 1;
  }
  return 0;
}

}  // namespace

int cmd_run(const std::vector<std::string>& args) {
  run_options opt;
  if (auto done = parse(args, opt)) return *done;
  const toolchain tc = find_toolchain();
  // Under full, the `uninitialized` rule needs its instrumentation compiled in (docs/checks.md).
  const char* env_check = std::getenv("XESIM_CHECK");
  const std::string level = !opt.check.empty() ? opt.check : (env_check ? env_check : "");
  if (level == "full") opt.compiler_args.push_back("-DXESIM_CHECK_UNINIT=1");
  // Profiling counts instructions only in the instrumented build (docs/model.md "Counting").
  const char* env_profile = std::getenv("XESIM_PROFILE");
  const bool env_profiling = env_profile && *env_profile && std::string(env_profile) != "0";
  if (opt.profile && !env_profiling) setenv("XESIM_PROFILE", "1", 1);
  if (opt.profile || env_profiling) opt.compiler_args.push_back("-DXESIM_PROFILE_COUNT=1");
  const compile_plan plan = plan_compile(opt.compiler_args, tc);
  if (plan.inputs.empty()) return usage_error("no source file (see xesim run --help)");
  for (const std::string& note : plan.notes) std::fprintf(stderr, "%s\n", note.c_str());
  for (const std::string& in : plan.inputs) {
    std::error_code ec;
    if (!fs::is_regular_file(in, ec)) return usage_error("cannot read '" + in + "'");
  }

  const std::string stem = fs::path(plan.inputs.front()).stem().string();
  const std::string exe = cache_dir() + "/" + stem + "-" + cache_key(plan, tc);
  if (int status = build_cached(plan, exe, opt.verbose); status != 0) return status;

  if (!opt.device.empty()) setenv("XESIM_DEVICE", opt.device.c_str(), 1);
  if (!opt.threads.empty()) setenv("XESIM_THREADS", opt.threads.c_str(), 1);
  if (!opt.check.empty()) setenv("XESIM_CHECK", opt.check.c_str(), 1);
  std::vector<std::string> argv{exe};
  argv.insert(argv.end(), opt.program_args.begin(), opt.program_args.end());
  exec_program(exe, argv);
}

}  // namespace xesim::cli
