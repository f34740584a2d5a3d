// `xesim lint [options] FILE... [-- compiler flags]`: the source-level rules (docs/lint.md).
#include "commands.hpp"
#include "toolchain.hpp"

#include <lint.hpp>
#include <xesim/runtime/device_model.hpp>

#include <fmt/core.h>

#include <iostream>
#include <set>
#include <string_view>

namespace xesim::cli {
namespace {

constexpr const char* kLintUsage =
    "usage: xesim lint [options] FILE... [-- compiler flags]\n"
    "  --rules               list the rules (id, level, what it finds) and exit\n"
    "  --disable=a,b         do not run these rules\n"
    "  --device=<id>         GPU model for grf-budget (xesim devices; default: XESIM_DEVICE or\n"
    "                        the default model)\n"
    "  --grf=normal|large    register file mode for grf-budget (-doubleGRF in the flags: large)\n"
    "  --format=text|sarif   compiler-style lines (default) or SARIF 2.1.0 JSON\n"
    "  --fix                 apply the mechanical fix-its in place\n"
    "  -v                    also print clang's errors in the files (they do not stop lint)\n"
    "  flags after --: -I, -D, -U, -std=, -include are used; others are ignored\n"
    "Exit status: 0 clean or warnings only, 1 an error-level finding, 2 usage.\n"
    "Suppress on one line: // xesim-lint: ignore rule-id[,rule-id]\n";

// "--name=value" or "--name value": the value, advancing i for the second form.
bool option_value(const std::vector<std::string>& a, std::size_t& i, std::string_view name,
                  std::string& value) {
  const std::string& s = a[i];
  if (s.size() > name.size() && s.compare(0, name.size(), name) == 0 && s[name.size()] == '=') {
    value = s.substr(name.size() + 1);
    return true;
  }
  if (s == name && i + 1 < a.size()) {
    value = a[++i];
    return true;
  }
  return false;
}

bool known_rule(const std::string& id) {
  for (const lint::rule_info& r : lint::all_rules())
    if (id == r.id) return true;
  return false;
}

}  // namespace

int cmd_lint(const std::vector<std::string>& args) {
  lint::options opts;
  opts.include_dir = find_toolchain().include_dir;
  std::string device_id, value;
  bool grf_given = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") {
      opts.compiler_args.assign(args.begin() + static_cast<long>(i) + 1, args.end());
      break;
    }
    if (a == "-h" || a == "--help") {
      std::cout << kLintUsage;
      return 0;
    }
    if (a == "--rules") {
      for (const lint::rule_info& r : lint::all_rules())
        fmt::print("{:<24} {:<7} {}\n", r.id,
                   r.level == lint::severity::error ? "error" : "warning", r.summary);
      return 0;
    }
    if (a == "--fix") {
      opts.fix = true;
    } else if (a == "--dump-ast") {
      opts.dump_ast = true;
    } else if (a == "-v" || a == "--verbose") {
      opts.verbose = true;
    } else if (option_value(args, i, "--disable", value)) {
      std::string id;
      for (char c : value + ",") {
        if (c != ',') {
          id += c;
          continue;
        }
        if (id.empty()) continue;
        if (!known_rule(id)) {
          fmt::print(stderr, "xesim lint: unknown rule '{}' (xesim lint --rules)\n", id);
          return kUsageError;
        }
        opts.disabled.insert(id);
        id.clear();
      }
    } else if (option_value(args, i, "--device", value)) {
      device_id = value;
    } else if (option_value(args, i, "--grf", value)) {
      if (value != "normal" && value != "large") {
        fmt::print(stderr, "xesim lint: --grf must be normal or large (got '{}')\n", value);
        return kUsageError;
      }
      opts.large_grf = value == "large";
      grf_given = true;
    } else if (option_value(args, i, "--format", value)) {
      if (value != "text" && value != "sarif") {
        fmt::print(stderr, "xesim lint: --format must be text or sarif (got '{}')\n", value);
        return kUsageError;
      }
      opts.format = value == "sarif" ? lint::output_format::sarif : lint::output_format::text;
    } else if (a.size() > 1 && a[0] == '-') {
      fmt::print(stderr, "xesim lint: unknown option '{}'\n{}", a, kLintUsage);
      return kUsageError;
    } else {
      opts.files.push_back(a);
    }
  }
  if (opts.files.empty()) {
    fmt::print(stderr, "xesim lint: no input files\n{}", kLintUsage);
    return kUsageError;
  }
  if (device_id.empty()) {
    opts.device = xesim::dev::device_for_env_value(std::getenv("XESIM_DEVICE"));
    if (opts.device == nullptr) opts.device = xesim::dev::device_for_env_value(nullptr);
  } else {
    opts.device = xesim::dev::find_device(device_id);
    if (opts.device == nullptr) {
      fmt::print(stderr, "xesim lint: unknown device '{}' (xesim devices)\n", device_id);
      return kUsageError;
    }
  }
  if (!grf_given) {
    for (const std::string& f : opts.compiler_args)
      if (f.find("doubleGRF") != std::string::npos ||
          f.find("large-register-file") != std::string::npos ||
          (f.rfind("-ftarget-register-alloc-mode=", 0) == 0 &&
           f.find("large") != std::string::npos))
        opts.large_grf = true;
  }
  return lint::run(opts, std::cout, std::cerr);
}

}  // namespace xesim::cli
