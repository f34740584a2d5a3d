#include "compiler_retry.hpp"

#include <unistd.h>

#include <atomic>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
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

/// Words that are not names of values (keywords, fundamental types).
const std::set<std::string_view>& keywords() {
  static const std::set<std::string_view> k = {
      "sizeof",      "alignof",          "decltype",   "true",         "false",    "nullptr",
      "static_cast", "reinterpret_cast", "const_cast", "dynamic_cast", "typename", "template",
      "int",         "unsigned",         "long",       "short",        "char",     "bool",
      "float",       "double",           "signed",     "auto",         "const",    "volatile",
      "this",        "noexcept",         "operator",   "new",          "delete",   "void",
      "wchar_t",     "char8_t",          "char16_t",   "char32_t",     "and",      "or",
      "not",         "bitand",           "bitor",      "xor",          "compl"};
  return k;
}

/// The next character that is not a space, from i forward (or backward with step -1); 0 at the
/// end.
char next_non_space(const std::string& s, long i, int step) {
  for (; i >= 0 && i < long(s.size()); i += step)
    if (!std::isspace(static_cast<unsigned char>(s[i]))) return s[i];
  return 0;
}

/// Parenthesises the value names of the template argument starting at byte `col` of `line`.
bool patch_line(std::string& line, long col) {
  if (col < 0 || col >= long(line.size())) return false;
  // The argument ends at a ',' or '>' outside parentheses and nested angle brackets.
  long end = col;
  int parens = 0, angles = 0;
  for (; end < long(line.size()); ++end) {
    const char c = line[end];
    if (c == '(' || c == '[' || c == '{') {
      ++parens;
    } else if (c == ')' || c == ']' || c == '}') {
      if (parens == 0) break;
      --parens;
    } else if (c == '<' && parens == 0) {
      ++angles;
    } else if ((c == '>' || c == ',') && parens == 0) {
      if (angles == 0) break;
      if (c == '>') --angles;
    } else if (c == ';') {
      break;
    }
  }
  std::string out = line.substr(0, col);
  bool changed = false;
  for (long i = col; i < end;) {
    if (!is_ident_start(line[i]) || (i > 0 && is_ident_char(line[i - 1]))) {
      out += line[i++];
      continue;
    }
    long j = i;
    for (;;) {  // a (qualified) name: a, a::b, a::b::c
      while (j < end && is_ident_char(line[j])) ++j;
      if (j + 2 < end && line[j] == ':' && line[j + 1] == ':' && is_ident_start(line[j + 2]))
        j += 2;
      else
        break;
    }
    const std::string name = line.substr(i, j - i);
    const char before = next_non_space(line, i - 1, -1), after = next_non_space(line, j, 1);
    const bool member = before == '.' || (before == '>' && i >= 2 && line[i - 2] == '-');
    const bool wrapped = before == '(' && after == ')';
    const bool value = !keywords().count(name) && after != '(' && after != '<' && after != ':' &&
                       !member && !wrapped;
    if (value) {
      out += "(" + name + ")";
      changed = true;
    } else {
      out += name;
    }
    i = j;
  }
  out += line.substr(end);
  if (changed) line = out;
  return changed;
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

bool parenthesise_template_arg(std::string& text, const std::string& file, long line, long column) {
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
    if (cur_line == line && same_file(cur_file, file)) {
      std::string patched(l);
      if (!patch_line(patched, column - 1)) return false;
      text.replace(pos, eol - pos, patched);
      return true;
    }
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
                   "capture-default); compiled again with such names in parentheses (%d place%s)\n",
                   where.c_str(), k - 1, k == 2 ? "" : "s");
      if (verbose) std::fprintf(stderr, "xesim: compiling: %s\n", format_command(again).c_str());
      std::fputs(d.c_str(), stderr);
      return st;
    }
    if (!parenthesise_template_arg(text, file, line, column) || !write_file(ii, text)) break;
  }
  std::fputs(diagnostics.c_str(), stderr);
  return status;
}

}  // namespace xesim::cli
