// `xesim lint`: every case file under tests/lint/cases/ gives exactly the findings its
// `// expect: <level> <rule-id>` comments name (same line, id and level) and nothing else; the
// cookbook and the examples lint clean; the command's options, exit status, SARIF and --fix.
// Runs the real bin/xesim (libclang) on the files.
#include "tools/subprocess.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

namespace {

namespace fs = std::filesystem;
using xesim_test::run_command;

const fs::path kSource = XESIM_SOURCE_DIR;
const fs::path kCases = kSource / "tests/lint/cases";

using finding =
    std::tuple<std::string, unsigned, std::string, std::string>;  // file, line, level, id

std::set<finding> findings(const std::string& output) {
  static const std::regex line_re(R"(^(\S+):(\d+):(\d+): (warning|error): .* \[([a-z0-9-]+)\]$)");
  std::set<finding> out;
  std::istringstream in(output);
  for (std::string l; std::getline(in, l);) {
    std::smatch m;
    if (std::regex_match(l, m, line_re))
      out.emplace(fs::path(m[1].str()).filename().string(), std::stoul(m[2].str()), m[4].str(),
                  m[5].str());
  }
  return out;
}

std::set<finding> expectations(const fs::path& file) {
  static const std::regex expect_re(R"(// expect: (warning|error) ([a-z0-9-]+))");
  std::set<finding> out;
  std::ifstream in(file);
  unsigned n = 0;
  for (std::string l; std::getline(in, l);) {
    ++n;
    for (std::sregex_iterator it(l.begin(), l.end(), expect_re), end; it != end; ++it)
      out.emplace(file.filename().string(), n, (*it)[1].str(), (*it)[2].str());
  }
  return out;
}

std::string lint(const std::string& args) { return xesim_test::xesim_exe() + " lint " + args; }

std::vector<fs::path> case_files() {
  std::vector<fs::path> v;
  for (const auto& e : fs::directory_iterator(kCases))
    if (e.path().extension() == ".cpp") v.push_back(e.path());
  std::sort(v.begin(), v.end());
  return v;
}

std::string join_paths(const std::vector<fs::path>& v) {
  std::string s;
  for (const fs::path& p : v) s += " " + p.string();
  return s;
}

// All case files in one run (one precompiled prelude for all of them, one test process: CTest
// runs each TEST in a process of its own).
TEST(Lint, EachCaseFindsExactlyTheExpectedTraps) {
  const auto r = run_command(lint(join_paths(case_files())));
  const std::set<finding> all = findings(r.output);
  for (const fs::path& file : case_files()) {
    SCOPED_TRACE(file.filename().string());
    std::set<finding> got;
    for (const finding& f : all)
      if (std::get<0>(f) == file.filename().string()) got.insert(f);
    const std::set<finding> want = expectations(file);
    for (const finding& f : want)
      EXPECT_TRUE(got.count(f)) << "missed: " << std::get<0>(f) << ":" << std::get<1>(f) << " "
                                << std::get<2>(f) << " [" << std::get<3>(f) << "]";
    for (const finding& f : got)
      EXPECT_TRUE(want.count(f)) << "false positive: " << std::get<0>(f) << ":" << std::get<1>(f)
                                 << " " << std::get<2>(f) << " [" << std::get<3>(f) << "]";
  }
  EXPECT_EQ(r.status, 1);  // the cases hold error-level traps
}

TEST(Lint, EveryRuleHasAMustFireAndAMustNotFireCase) {
  const auto rules = run_command(lint("--rules"));
  ASSERT_EQ(rules.status, 0);
  std::set<std::string> fired;
  for (const fs::path& f : case_files())
    for (const finding& e : expectations(f)) fired.insert(std::get<3>(e));
  std::istringstream in(rules.output);
  int n = 0;
  for (std::string l; std::getline(in, l);) {
    const std::string id = l.substr(0, l.find(' '));
    ++n;
    EXPECT_TRUE(fired.count(id)) << "no case expects " << id;
    // The rule's own case file holds its corrected (silent) code too.
    std::string file = id;
    std::replace(file.begin(), file.end(), '-', '_');
    EXPECT_TRUE(fs::exists(kCases / (file + ".cpp"))) << id;
  }
  EXPECT_EQ(n, 13);
}

TEST(Lint, CookbookAndExamplesAreCleanAndFast) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(kSource / "kernels"))
    if (e.path().filename() == "kernel.hpp") files.push_back(e.path());
  for (const auto& e : fs::directory_iterator(kSource / "examples"))
    if (e.path().extension() == ".cpp") files.push_back(e.path());
  ASSERT_GE(files.size(), 10u);
  const auto t0 = std::chrono::steady_clock::now();
  const auto r = run_command(lint(join_paths(files)));
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_TRUE(findings(r.output).empty()) << r.output;
  std::printf("lint: %zu cookbook/example files in %.2f s\n", files.size(), s);
}

TEST(Lint, ExitStatusErrorsWarningsAndUsage) {
  EXPECT_EQ(run_command(lint((kCases / "alignment_braces.cpp").string())).status, 1);  // errors
  EXPECT_EQ(run_command(lint((kCases / "missing_unroll.cpp").string())).status, 0);    // warnings
  EXPECT_EQ(run_command(lint("--disable=no-such-rule x.cpp")).status, 2);
  EXPECT_EQ(run_command(lint("--format=xml x.cpp")).status, 2);
  EXPECT_EQ(run_command(lint("--device=no-such-gpu x.cpp")).status, 2);
  EXPECT_EQ(run_command(lint("")).status, 2);
  const auto missing = run_command(lint("/nonexistent/file.cpp"));
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.output.find("cannot read"), std::string::npos) << missing.output;
}

TEST(Lint, DisableAndIgnoreComments) {
  const fs::path dir = xesim_test::scratch_dir("lint_ignore");
  const std::string head =
      "#include <sycl/sycl.hpp>\n#include <sycl/ext/intel/esimd.hpp>\n"
      "using namespace sycl::ext::intel::esimd;\n"
      "void k(sycl::queue& q, const sycl::half* p, int a, int b, int* o) {\n"
      "  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1> i) SYCL_ESIMD_KERNEL {\n";
  const std::string tail = "  });\n}\n";
  auto write = [&](const std::string& name, const std::string& body) {
    xesim_test::write_file(dir / name, head + body + tail);
    return (dir / name).string();
  };
  const std::string trap = "    o[0] = sycl::min(a, b);";
  auto f1 = write("plain.cpp", trap + "\n");
  auto f2 = write("ignored.cpp", trap + "  // xesim-lint: ignore sycl-minmax-in-esimd\n");
  auto f3 = write("other_id.cpp", trap + "  // xesim-lint: ignore grf-budget\n");
  auto f4 = write("all.cpp", trap + "  // xesim-lint: ignore\n");
  auto f5 =
      write("two.cpp",
            "    auto v = block_load<sycl::half, 8>(p + 1, properties{alignment<2>{}}); o[0] = "
            "sycl::max(a, b);  // xesim-lint: ignore alignment-braces, sycl-minmax-in-esimd\n");
  // One run for all five files (findings are per file name).
  const auto all =
      findings(run_command(lint(f1 + " " + f2 + " " + f3 + " " + f4 + " " + f5)).output);
  auto in = [&](const std::string& path) {
    int n = 0;
    for (const finding& f : all) n += std::get<0>(f) == fs::path(path).filename().string();
    return n;
  };
  EXPECT_EQ(in(f1), 1);
  EXPECT_EQ(in(f2), 0);
  EXPECT_EQ(in(f3), 1);
  EXPECT_EQ(in(f4), 0);
  EXPECT_EQ(in(f5), 0);
  EXPECT_EQ(run_command(lint(f2)).status, 0);
  const auto disabled = run_command(lint("--disable=sycl-minmax-in-esimd,grf-budget " + f1));
  EXPECT_EQ(disabled.status, 0);
  EXPECT_TRUE(findings(disabled.output).empty()) << disabled.output;
}

TEST(Lint, SarifLists13RulesResultsAndFixes) {
  const auto r = run_command(
      lint("--format=sarif " + (kCases / "alignment_braces.cpp").string() + " 2>/dev/null"));
  EXPECT_EQ(r.status, 1);
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["version"], "2.1.0");
  const auto& run = j["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "xesim-lint");
  EXPECT_EQ(run["tool"]["driver"]["rules"].size(), 13u);
  ASSERT_EQ(run["results"].size(), 2u);
  const auto& res = run["results"][0];
  EXPECT_EQ(res["ruleId"], "alignment-braces");
  EXPECT_EQ(res["level"], "error");
  EXPECT_EQ(res["locations"][0]["physicalLocation"]["region"]["startLine"], 11);
  const auto& rep = res["fixes"][0]["artifactChanges"][0]["replacements"][0];
  EXPECT_EQ(rep["insertedContent"]["text"], "");
  EXPECT_EQ(rep["deletedRegion"]["startLine"], 11);
}

TEST(Lint, FixAppliesTheMechanicalFixes) {
  const fs::path dir = xesim_test::scratch_dir("lint_fix");
  const std::map<std::string, std::string> fixable = {
      {"alignment_braces.cpp", "alignment-braces"},
      {"sycl_minmax_in_esimd.cpp", "sycl-minmax-in-esimd"},
      {"std_reduce_trap.cpp", "std-reduce-trap"},
      {"unaligned_block_access.cpp", "unaligned-block-access"},
      {"uninitialized_simd.cpp", "uninitialized-simd"},
      {"missing_unroll.cpp", "missing-unroll"},
      {"scalar_memory_loop.cpp", "scalar-memory-loop"}};
  // Findings left after --fix: those without a mechanical fix (s += p[k + i] needs a reduction).
  const std::map<std::string, int> left = {{"scalar_memory_loop.cpp", 1}};
  std::string files;
  for (const auto& [name, rule] : fixable) {
    fs::copy_file(kCases / name, dir / name);
    files += " " + (dir / name).string();
  }
  const auto before = findings(run_command(lint(files)).output);
  const auto fixed = run_command(lint("--fix" + files));
  EXPECT_NE(fixed.output.find("applied"), std::string::npos) << fixed.output;
  const auto after = run_command(lint(files));
  for (const auto& [name, rule] : fixable) {
    int n_before = 0, n_after = 0;
    for (const finding& f : before) n_before += std::get<0>(f) == name && std::get<3>(f) == rule;
    for (const finding& f : findings(after.output))
      n_after += std::get<0>(f) == name && std::get<3>(f) == rule;
    EXPECT_GT(n_before, 0) << name;
    EXPECT_EQ(n_after, left.count(name) ? left.at(name) : 0) << name << "\n" << after.output;
  }
  std::ifstream in(dir / "alignment_braces.cpp");
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str().find("properties{alignment<2>{}}"), std::string::npos);
  EXPECT_NE(ss.str().find("properties{alignment<2>}"), std::string::npos);
}

TEST(Lint, GrfBudgetFollowsTheDeviceAndGrfMode) {
  const fs::path dir = xesim_test::scratch_dir("lint_grf");
  // 4 KB of simd: the whole GRF of an Xe-HPG thread, half of an Xe2 one.
  xesim_test::write_file(dir / "k.cpp", R"(#include <sycl/sycl.hpp>
#include <sycl/ext/intel/esimd.hpp>
using namespace sycl::ext::intel::esimd;
void k(sycl::queue& q, float* o) {
  q.parallel_for(sycl::range<1>(1), [=](sycl::id<1>) SYCL_ESIMD_KERNEL {
    simd<float, 512> a(1.f), b(2.f);
    block_store<float, 512>(o, a + b);
  });
}
)");
  const std::string f = (dir / "k.cpp").string();
  auto count = [&](const std::string& args) {
    int n = 0;
    for (const finding& x : findings(run_command(lint(args + " " + f)).output))
      n += std::get<3>(x) == "grf-budget";
    return n;
  };
  EXPECT_EQ(count("--device=arc-a770"), 1);
  EXPECT_EQ(count("--device=arc-b580"), 0);
  EXPECT_EQ(count("--device=arc-a770 --grf=large"), 0);
  const auto dgrf = run_command(lint("--device=arc-a770 " + f + " -- -Xs -doubleGRF"));
  EXPECT_EQ(dgrf.status, 0);
  EXPECT_TRUE(findings(dgrf.output).empty()) << dgrf.output;
}

}  // namespace
