// Running the rules over files: one precompiled prelude shared by the files, a worker per core,
// ignore comments, --disable, and the text / SARIF output and --fix.
#include "rule.hpp"

#include <xesim/runtime/device_model.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace xesim::lint {
namespace {

namespace fs = std::filesystem;

// `// xesim-lint: ignore a, b` (or no id: every rule) on a line silences those rules there.
std::map<unsigned, std::set<std::string>> ignore_comments(const std::string& text) {
  std::map<unsigned, std::set<std::string>> out;
  unsigned line = 1;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string l = text.substr(start, end - start);
    const std::size_t c = l.find("//");
    if (c != std::string::npos) {
      const std::size_t k = l.find("xesim-lint:", c);
      if (k != std::string::npos) {
        std::istringstream rest(l.substr(k + 11));
        std::string word;
        rest >> word;
        if (word == "ignore") {
          std::set<std::string>& ids = out[line];
          std::string tail;
          std::getline(rest, tail);
          std::string id;
          for (char ch : tail + ",") {
            if (ch == ',' || ch == ' ' || ch == '\t' || ch == '\r') {
              if (!id.empty()) ids.insert(id);
              id.clear();
            } else {
              id += ch;
            }
          }
          if (ids.empty()) ids.insert("*");
        }
      }
    }
    ++line;
    start = end + 1;
  }
  return out;
}

struct temp_dir {
  std::string path;
  temp_dir() {
    std::string t = (fs::temp_directory_path() / "xesim-lint-XXXXXX").string();
    if (char* p = mkdtemp(t.data())) path = p;
  }
  ~temp_dir() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

// Precompiles the prelude and xesim's entry headers once for every file of the run.
std::string build_pch(const options& opts, const std::string& dir) {
  const std::string hdr = dir + "/pch.hpp", pch = dir + "/pch.pch";
  {
    std::ofstream out(hdr);
    // The standard headers ESIMD programs commonly include come along (parsed once, not per file).
    out << kPreludeText << "#include <sycl/sycl.hpp>\n#include <sycl/ext/intel/esimd.hpp>\n"
        << "#include <algorithm>\n#include <cmath>\n#include <cstdint>\n#include <cstdio>\n"
        << "#include <functional>\n#include <numeric>\n#include <string>\n#include <vector>\n"
        << "#include <xesim/testing.hpp>\n";  // the examples' accuracy reports
  }
  std::vector<std::string> args = clang_args(opts, false);
  std::vector<const char*> argv;
  for (const std::string& s : args) argv.push_back(s.c_str());
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = nullptr;
  // Bodies of the headers' functions are not needed to lint the user's code.
  const CXErrorCode rc = clang_parseTranslationUnit2(
      index, hdr.c_str(), argv.data(), static_cast<int>(argv.size()), nullptr, 0,
      CXTranslationUnit_Incomplete | CXTranslationUnit_ForSerialization |
          CXTranslationUnit_SkipFunctionBodies | CXTranslationUnit_KeepGoing,
      &tu);
  std::string result;
  if (rc == CXError_Success && tu &&
      clang_saveTranslationUnit(tu, pch.c_str(), 0) == CXSaveError_None)
    result = pch;
  if (tu) clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  return result;
}

std::vector<diagnostic> lint_unit(const unit& u, const options& opts) {
  std::vector<diagnostic> out;
  for (const rule* r : registry()) {
    if (opts.disabled.count(r->info.id)) continue;
    reporter rep(u);
    r->check(u, rep);
    for (diagnostic& d : rep.take()) out.push_back(std::move(d));
  }
  const auto ignores = ignore_comments(u.text);
  std::erase_if(out, [&](const diagnostic& d) {
    auto it = ignores.find(d.line);
    return it != ignores.end() && (it->second.count("*") || it->second.count(d.rule));
  });
  std::sort(out.begin(), out.end(), [](const diagnostic& a, const diagnostic& b) {
    return a.offset != b.offset ? a.offset < b.offset : a.rule < b.rule;
  });
  out.erase(std::unique(out.begin(), out.end(),
                        [](const diagnostic& a, const diagnostic& b) {
                          return a.offset == b.offset && a.rule == b.rule;
                        }),
            out.end());
  return out;
}

bool same_file(const char* a, const std::string& b) {
  std::error_code ec;
  return fs::equivalent(a, b, ec);
}

const char* level_name(severity s) { return s == severity::error ? "error" : "warning"; }

std::string source_line(const std::string& file, unsigned line) {
  std::ifstream in(file);
  std::string l;
  for (unsigned i = 0; i < line && std::getline(in, l); ++i) {
  }
  return l;
}

void print_text(const std::vector<diagnostic>& ds, std::ostream& out) {
  for (const diagnostic& d : ds) {
    out << d.file << ':' << d.line << ':' << d.col << ": " << level_name(d.level) << ": "
        << d.message << " [" << d.rule << "]\n";
    const std::string l = source_line(d.file, d.line);
    out << "  " << l << "\n  ";
    for (unsigned i = 1; i < d.col && i <= l.size(); ++i) out << (l[i - 1] == '\t' ? '\t' : ' ');
    out << "^\n";
    for (const fix_it& f : d.fixes)
      if (f.begin == f.end)
        out << "  fix-it: insert \"" << f.text << "\"\n";
      else
        out << "  fix-it: replace with \"" << f.text << "\"\n";
  }
}

std::pair<unsigned, unsigned> line_col_of(const std::string& text, unsigned off) {
  unsigned line = 1, col = 1;
  for (unsigned i = 0; i < off && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return {line, col};
}

void print_sarif(const std::vector<diagnostic>& ds, std::ostream& out) {
  using nlohmann::ordered_json;
  ordered_json rules = ordered_json::array();
  for (const rule_info& r : all_rules()) {
    rules.push_back({{"id", r.id},
                     {"shortDescription", {{"text", r.summary}}},
                     {"helpUri", std::string("docs/lint.md#") + r.id},
                     {"defaultConfiguration", {{"level", level_name(r.level)}}}});
  }
  std::map<std::string, std::string> texts;
  ordered_json results = ordered_json::array();
  for (const diagnostic& d : ds) {
    ordered_json res = {{"ruleId", d.rule},
                        {"level", level_name(d.level)},
                        {"message", {{"text", d.message}}},
                        {"locations",
                         {{{"physicalLocation",
                            {{"artifactLocation", {{"uri", d.file}}},
                             {"region", {{"startLine", d.line}, {"startColumn", d.col}}}}}}}}};
    if (!d.fixes.empty()) {
      ordered_json reps = ordered_json::array();
      for (const fix_it& f : d.fixes) {
        if (!texts.count(f.file)) {
          std::ifstream in(f.file, std::ios::binary);
          std::ostringstream ss;
          ss << in.rdbuf();
          texts[f.file] = ss.str();
        }
        auto [bl, bc] = line_col_of(texts[f.file], f.begin);
        auto [el, ec] = line_col_of(texts[f.file], f.end);
        reps.push_back(
            {{"deletedRegion",
              {{"startLine", bl}, {"startColumn", bc}, {"endLine", el}, {"endColumn", ec}}},
             {"insertedContent", {{"text", f.text}}}});
      }
      ordered_json change = {{"artifactLocation", {{"uri", d.file}}}, {"replacements", reps}};
      ordered_json fix = {{"description", {{"text", "xesim lint fix-it"}}},
                          {"artifactChanges", ordered_json::array({change})}};
      res["fixes"] = ordered_json::array({fix});
    }
    results.push_back(res);
  }
  ordered_json doc = {
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       {{{"tool",
          {{"driver",
            {{"name", "xesim-lint"}, {"informationUri", "docs/lint.md"}, {"rules", rules}}}}},
         {"results", results}}}}};
  out << doc.dump(2) << "\n";
}

// Applies every fix-it of the diagnostics, file by file, skipping overlapping ones.
int apply_fixes(const std::vector<diagnostic>& ds, std::ostream& err) {
  std::map<std::string, std::vector<fix_it>> by_file;
  for (const diagnostic& d : ds)
    for (const fix_it& f : d.fixes) by_file[f.file].push_back(f);
  int applied = 0;
  for (auto& [file, fixes] : by_file) {
    std::sort(fixes.begin(), fixes.end(), [](const fix_it& a, const fix_it& b) {
      return a.begin != b.begin ? a.begin > b.begin : a.end > b.end;
    });
    std::ifstream in(file, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str();
    unsigned limit = static_cast<unsigned>(text.size()) + 1;
    int n = 0;
    for (const fix_it& f : fixes) {
      if (f.end > limit || f.end > text.size() || f.begin > f.end)
        continue;  // overlaps a later one
      text.replace(f.begin, f.end - f.begin, f.text);
      limit = f.begin;
      ++n;
    }
    std::ofstream out(file, std::ios::binary | std::ios::trunc);
    out << text;
    err << "xesim lint: " << file << ": applied " << n << " fix-it" << (n == 1 ? "" : "s") << "\n";
    applied += n;
  }
  return applied;
}

}  // namespace

std::vector<diagnostic> lint_files(const options& opts, std::vector<std::string>& errors) {
  temp_dir tmp;
  std::string pch;
  if (opts.files.size() > 1 && !tmp.path.empty()) pch = build_pch(opts, tmp.path);
  std::vector<std::string> args = clang_args(opts, pch.empty());
  if (!pch.empty()) {
    args.push_back("-include-pch");
    args.push_back(pch);
  }

  std::vector<std::vector<diagnostic>> per_file(opts.files.size());
  std::vector<std::string> file_errors(opts.files.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    CXIndex index = clang_createIndex(0, 0);
    for (std::size_t i; (i = next++) < opts.files.size();) {
      std::string error;
      std::optional<unit> u = build_unit(index, opts.files[i], args, opts, error);
      if (!u) {
        file_errors[i] = opts.files[i] + ": error: " + error;
        continue;
      }
      per_file[i] = lint_unit(*u, opts);
      if (opts.dump_ast) {
        std::ostringstream os;
        std::function<void(node*, int)> dump = [&](node* n, int depth) {
          auto [l, c] = u->line_col(n->b);
          CXString k = clang_getCursorKindSpelling(n->kind);
          os << std::string(depth * 2, ' ') << clang_getCString(k) << " '" << n->spelling << "' <"
             << n->type_spelling() << "> " << l << ':' << c << (n->decl ? " ref" : "") << "\n";
          clang_disposeString(k);
          for (node* k2 : n->kids) dump(k2, depth + 1);
        };
        for (node* r : u->roots) dump(r, 0);
        for (const function& f : u->fns)
          os << "esimd function at line " << u->line_col(f.decl->b).first
             << (f.kernel ? " (kernel)" : "") << "\n";
        std::fprintf(stderr, "%s", os.str().c_str());
      }
      if (opts.verbose) {
        for (unsigned k = 0, n = clang_getNumDiagnostics(u->tu); k < n; ++k) {
          CXDiagnostic d = clang_getDiagnostic(u->tu, k);
          CXFile f = nullptr;
          clang_getSpellingLocation(clang_getDiagnosticLocation(d), &f, nullptr, nullptr, nullptr);
          CXString fn = clang_getFileName(f);
          const char* name = clang_getCString(fn);
          if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && name &&
              same_file(name, opts.files[i])) {
            CXString s = clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions());
            file_errors[i] += std::string(file_errors[i].empty() ? "" : "\n") +
                              "xesim lint: clang: " + clang_getCString(s);
            clang_disposeString(s);
          }
          clang_disposeString(fn);
          clang_disposeDiagnostic(d);
        }
      }
      clang_disposeTranslationUnit(u->tu);
    }
    clang_disposeIndex(index);
  };
  const std::size_t n =
      std::min<std::size_t>(opts.files.size(), std::max(1u, std::thread::hardware_concurrency()));
  std::vector<std::thread> threads;
  for (std::size_t t = 1; t < n; ++t) threads.emplace_back(worker);
  worker();
  for (std::thread& t : threads) t.join();

  std::vector<diagnostic> all;
  for (std::size_t i = 0; i < opts.files.size(); ++i) {
    if (!file_errors[i].empty()) errors.push_back(file_errors[i]);
    for (diagnostic& d : per_file[i]) all.push_back(std::move(d));
  }
  return all;
}

int run(const options& opts, std::ostream& out, std::ostream& err) {
  std::vector<std::string> errors;
  std::vector<diagnostic> ds = lint_files(opts, errors);
  bool failed = false;
  for (const std::string& e : errors) {
    err << e << "\n";
    if (e.find(": error: ") != std::string::npos) failed = true;
  }
  if (opts.format == output_format::sarif)
    print_sarif(ds, out);
  else
    print_text(ds, out);
  int nerr = 0, nwarn = 0;
  for (const diagnostic& d : ds) (d.level == severity::error ? nerr : nwarn)++;
  if (opts.format == output_format::text && (nerr || nwarn))
    err << nwarn << " warning" << (nwarn == 1 ? "" : "s") << " and " << nerr << " error"
        << (nerr == 1 ? "" : "s") << " (xesim lint)\n";
  if (opts.fix) apply_fixes(ds, err);
  return (nerr > 0 || failed) ? 1 : 0;
}

}  // namespace xesim::lint
