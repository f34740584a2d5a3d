#include "compiler_retry.hpp"

#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string_view>

#include "process.hpp"

namespace xesim::cli {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kCrash = ": internal compiler error: in lookup_template_class_1";
constexpr int kMaxRetries = 32;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
bool write_file(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
  return bool(out);
}

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool is_cxx_source(const std::string& path) {
  const std::string ext = fs::path(path).extension().string();
  return ext == ".cpp" || ext == ".cc" || ext == ".cxx" || ext == ".C" || ext == ".c++" ||
         ext == ".cp" || ext == ".CPP";
}

/// The initializer of the nearest constexpr (or const) variable `name` declared before `pos`
/// in `text` ("constexpr int M = RepeatCount;" gives "RepeatCount"), or "" when none is found
/// within the preceding 256 KB.
std::string constexpr_initializer(const std::string& text, std::size_t pos,
                                  const std::string& name) {
  const std::size_t floor = pos > (256u << 10) ? pos - (256u << 10) : 0;
  for (std::size_t h = pos; h > floor;) {
    h = text.rfind(name, h - 1);
    if (h == std::string::npos || h < floor) break;
    const std::size_t e = h + name.size();
    if ((h > 0 && is_ident_char(text[h - 1])) || (e < text.size() && is_ident_char(text[e])))
      continue;
    std::size_t q = e;
    while (q < text.size() && std::isspace(static_cast<unsigned char>(text[q]))) ++q;
    if (q + 1 >= text.size() || text[q] != '=' || text[q + 1] == '=') continue;
    // The statement's start: the previous ';', '{' or '}'.
    const std::size_t st = text.find_last_of(";{}", h);
    const std::string head = text.substr(st == std::string::npos ? 0 : st + 1,
                                         h - (st == std::string::npos ? 0 : st + 1));
    if (head.find("constexpr") == std::string::npos && head.find("const ") == std::string::npos)
      continue;
    // The initializer: up to the ';' outside brackets.
    int depth = 0;
    std::size_t i = q + 1;
    for (; i < text.size(); ++i) {
      const char c = text[i];
      if (c == '(' || c == '[' || c == '{') ++depth;
      if (c == ')' || c == ']' || c == '}') --depth;
      if (c == ';' && depth <= 0) break;
    }
    std::string init = text.substr(q + 1, i - q - 1);
    for (char& c : init)
      if (c == '\n') c = ' ';
    const std::size_t b = init.find_first_not_of(" \t"), z = init.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : init.substr(b, z - b + 1);
  }
  return {};
}

/// Replaces the name at byte `col` of the line starting at `line_pos` with its constexpr
/// initializer in parentheses.
bool substitute_name(std::string& text, std::size_t line_pos, std::size_t line_end, long col) {
  const std::size_t at = line_pos + std::size_t(col);
  if (col < 0 || at >= line_end || !is_ident_start(text[at]) ||
      (at > line_pos && is_ident_char(text[at - 1])))
    return false;
  std::size_t e = at;
  while (e < line_end && is_ident_char(text[e])) ++e;
  const std::string name = text.substr(at, e - at);
  const std::string init = constexpr_initializer(text, line_pos, name);
  if (init.empty() || init.size() > 4096) return false;
  text.replace(at, e - at, "(" + init + ")");
  return true;
}

bool same_file(const std::string& a, const std::string& b) {
  if (a == b) return true;
  std::error_code ec1, ec2;
  const fs::path pa = fs::weakly_canonical(a, ec1), pb = fs::weakly_canonical(b, ec2);
  return !ec1 && !ec2 && pa == pb;
}

/// A temporary folder removed when it goes out of scope.
struct scratch_dir {
  fs::path path;
  scratch_dir() {
    static std::atomic<int> n{0};
    path = fs::temp_directory_path() /
           ("xesim-cc-" + std::to_string(getpid()) + "-" + std::to_string(n++));
    std::error_code ec;
    fs::create_directories(path, ec);
  }
  ~scratch_dir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

}  // namespace

bool find_template_arg_crash(const std::string& diagnostics, std::string& file, long& line,
                             long& column) {
  std::istringstream in(diagnostics);
  for (std::string l; std::getline(in, l);) {
    const std::size_t at = l.find(kCrash);
    if (at == std::string::npos) continue;
    const std::string where = l.substr(0, at);  // file:line:column
    const std::size_t c2 = where.rfind(':');
    if (c2 == std::string::npos || c2 == 0) continue;
    const std::size_t c1 = where.rfind(':', c2 - 1);
    if (c1 == std::string::npos) continue;
    try {
      line = std::stol(where.substr(c1 + 1, c2 - c1 - 1));
      column = std::stol(where.substr(c2 + 1));
    } catch (...) {
      continue;
    }
    file = where.substr(0, c1);
    return true;
  }
  return false;
}

bool substitute_constexpr_local(std::string& text, const std::string& file, long line,
                                long column) {
  std::string cur_file;
  long cur_line = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string::npos) eol = text.size();
    const std::string_view l(text.data() + pos, eol - pos);
    // A line marker: # <line> "<file>" [flags]
    if (l.size() > 2 && l[0] == '#' && l[1] == ' ' &&
        std::isdigit(static_cast<unsigned char>(l[2]))) {
      const std::size_t q1 = l.find('"'), q2 = l.rfind('"');
      if (q1 != std::string_view::npos && q2 > q1) {
        cur_line = std::stol(std::string(l.substr(2, q1 - 2)));
        cur_file = std::string(l.substr(q1 + 1, q2 - q1 - 1));
        pos = eol + 1;
        continue;
      }
    }
    if (cur_line == line && same_file(cur_file, file))
      return substitute_name(text, pos, eol, column - 1);
    ++cur_line;
    pos = eol + 1;
  }
  return false;
}

int run_compile(const compile_plan& plan, bool verbose) {
  scratch_dir dir;
  const fs::path first_err = dir.path / "stderr-0.txt";
  const int status = run_process_to(plan.argv, first_err.string());
  const std::string diagnostics = read_file(first_err);
  std::string file;
  long line = 0, column = 0;
  int source_count = 0;
  std::string source;
  for (const std::string& in : plan.inputs)
    if (is_cxx_source(in)) ++source_count, source = in;
  if (status == 0 || source_count != 1 ||
      !find_template_arg_crash(diagnostics, file, line, column)) {
    std::fputs(diagnostics.c_str(), stderr);
    return status;
  }
  // Preprocess once (the same flags, no output or link step), then compile that text.
  const fs::path ii = dir.path / (fs::path(source).stem().string() + ".ii");
  std::vector<std::string> pp;
  for (std::size_t i = 0; i < plan.argv.size(); ++i) {
    const std::string& a = plan.argv[i];
    if (a == "-o") {
      ++i;
      continue;
    }
    if (a == "-c" || a == "-S") continue;
    pp.push_back(a);
  }
  pp.insert(pp.end(), {"-E", "-o", ii.string()});
  std::vector<std::string> again;
  for (const std::string& a : plan.argv) again.push_back(a == source ? ii.string() : a);
  again.insert(again.begin() + 1, "-fdiagnostics-column-unit=byte");
  if (run_process_to(pp, (dir.path / "stderr-pp.txt").string()) != 0) {
    std::fputs(diagnostics.c_str(), stderr);
    return status;
  }
  std::string text = read_file(ii);
  std::string where = file + ":" + std::to_string(line) + ":" + std::to_string(column);
  for (int k = 1; k <= kMaxRetries; ++k) {
    const fs::path err = dir.path / ("stderr-" + std::to_string(k) + ".txt");
    const int st = run_process_to(again, err.string());
    const std::string d = read_file(err);
    if (!find_template_arg_crash(d, file, line, column)) {
      std::fprintf(stderr,
                   "xesim: note: g++ stopped with an internal compiler error at %s (a g++ 12 bug: "
                   "a constexpr local named in a template argument inside a lambda with a "
                   "capture-default); compiled again with such locals replaced by their values (%d "
                   "place%s)\n",
                   where.c_str(), k - 1, k == 2 ? "" : "s");
      if (verbose) std::fprintf(stderr, "xesim: compiling: %s\n", format_command(again).c_str());
      std::fputs(d.c_str(), stderr);
      return st;
    }
    if (!substitute_constexpr_local(text, file, line, column) || !write_file(ii, text)) break;
  }
  std::fputs(diagnostics.c_str(), stderr);
  return status;
}

}  // namespace xesim::cli
