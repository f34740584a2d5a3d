// xesim lint: the guide's source-level traps, found with libclang. See docs/lint.md.
// The library behind `xesim lint` (tools/xesim/cmd_lint.cpp): parse, find the ESIMD kernels,
// run the rules, print like a compiler (or SARIF), apply fix-its.
#pragma once

#include <iosfwd>
#include <set>
#include <string>
#include <vector>

namespace xesim::dev {
struct device_model;
}

namespace xesim::lint {

enum class severity { warning, error };

/// One text edit: replace [begin, end) (byte offsets in `file`) with `text`.
struct fix_it {
  std::string file;
  unsigned begin = 0, end = 0;
  std::string text;
};

/// One finding, located at a byte offset of a file (line/col are 1-based, col in bytes).
struct diagnostic {
  std::string rule;
  severity level = severity::warning;
  std::string file;
  unsigned offset = 0, line = 0, col = 0;
  std::string message;
  std::vector<fix_it> fixes;
};

enum class output_format { text, sarif };

struct options {
  std::vector<std::string> files;
  std::vector<std::string> compiler_args;     ///< after `--`: -I, -D, -U, -std=, -include, ...
  std::string include_dir;                    ///< xesim's headers (-I)
  std::set<std::string> disabled;             ///< rule ids
  const dev::device_model* device = nullptr;  ///< for grf-budget; nullptr: the default model
  bool large_grf = false;                     ///< -doubleGRF in compiler_args or --grf=large
  bool fix = false;
  output_format format = output_format::text;
  bool verbose = false;   ///< also print clang's own errors in the files
  bool dump_ast = false;  ///< print the file's cursor tree (for rule authors)
};

/// What a rule is, for --rules, SARIF and the docs.
struct rule_info {
  const char* id;
  severity level;
  const char* summary;
};

/// Every rule, in docs/lint.md order.
const std::vector<rule_info>& all_rules();

/// Lints opts.files; returns the diagnostics (after ignore comments and --disable), sorted by
/// file and offset. `errors` receives tool-level failures (unreadable file, parse failure).
std::vector<diagnostic> lint_files(const options& opts, std::vector<std::string>& errors);

/// The whole command: lint, print to `out` (text or SARIF), apply fix-its with opts.fix.
/// Returns 0 (clean or warnings only), 1 (an error-level finding or a tool failure).
int run(const options& opts, std::ostream& out, std::ostream& err);

}  // namespace xesim::lint
