#include "compile.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace xesim::cli {
namespace {

bool starts_with(std::string_view s, std::string_view prefix) { return s.starts_with(prefix); }

bool is_no_link_flag(std::string_view a) {
  return a == "-c" || a == "-S" || a == "-E" || a == "-M" || a == "-MM" || a == "-fsyntax-only";
}

bool asks_large_grf(std::string_view xs_value) {
  return xs_value.find("doubleGRF") != std::string_view::npos ||
         xs_value.find("large-register-file") != std::string_view::npos;
}

// -ftarget-register-alloc-mode=<device>:<mode>[,<device>:<mode>...]: whether a mode is `large`.
bool alloc_mode_is_large(std::string_view list) {
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view item = list.substr(0, comma);
    const std::size_t colon = item.find(':');
    if (colon != std::string_view::npos && item.substr(colon + 1) == "large") return true;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return false;
}

}  // namespace

bool takes_separate_value(const std::string& arg) {
  static constexpr std::array<std::string_view, 17> kFlags = {"-o",
                                                              "-I",
                                                              "-L",
                                                              "-D",
                                                              "-U",
                                                              "-x",
                                                              "-include",
                                                              "-isystem",
                                                              "-iquote",
                                                              "-idirafter",
                                                              "-imacros",
                                                              "-MF",
                                                              "-MT",
                                                              "-MQ",
                                                              "-Xlinker",
                                                              "-Xassembler",
                                                              "-Xpreprocessor"};
  return std::find(kFlags.begin(), kFlags.end(), arg) != kFlags.end();
}

compile_plan plan_compile(const std::vector<std::string>& user_args, const toolchain& tc) {
  compile_plan plan;
  std::vector<std::string> passed;
  bool has_std = false, has_opt = false, has_march = false, large_grf = false;

  for (std::size_t i = 0; i < user_args.size(); ++i) {
    const std::string& a = user_args[i];
    const bool has_next = i + 1 < user_args.size();
    if (starts_with(a, "-fsycl-targets=intel_gpu_") && a.find(',') == std::string::npos) {
      // One Intel GPU ahead of time: if_architecture_is decides for that target, as in DPC++.
      const std::string arch = a.substr(15);
      passed.push_back("-DXESIM_AOT_ARCH=" + arch);
      plan.notes.push_back("xesim: note: '" + a + "': if_architecture_is tests against " + arch +
                           " (-DXESIM_AOT_ARCH=" + arch +
                           "); the kernel runs on whichever model "
                           "XESIM_DEVICE picks");
      continue;
    }
    // Every other DPC++ device-compilation flag (-fsycl-device-code-split=, -fsycl-esimd-force-
    // stateless-mem, -fno-sycl-..., clang's floating-point model): g++ does not know them and
    // they change nothing a CPU run can see.
    if (starts_with(a, "-fsycl") || starts_with(a, "-fno-sycl") || starts_with(a, "-ffp-model=") ||
        starts_with(a, "-fp-model=") || starts_with(a, "-fintelfpga")) {
      plan.notes.push_back("xesim: note: '" + a + "' ignored (xesim builds SYCL as plain C++)");
      continue;
    }
    if (a == "-Xclang" || a == "-fp-model") {  // an option to clang itself: it and its value
      const std::string value = has_next ? user_args[++i] : std::string();
      plan.notes.push_back("xesim: note: '" + a + " " + value + "' ignored (not clang)");
      continue;
    }
    if (a == "-doubleGRF") {  // the backend option given straight to the driver
      large_grf = true;
      plan.notes.push_back(
          "xesim: note: '-doubleGRF' selects large GRF mode: adding "
          "-DXESIM_LARGE_GRF=1");
      continue;
    }
    if (starts_with(a, "-ftarget-register-alloc-mode=")) {
      if (alloc_mode_is_large(std::string_view(a).substr(29))) {
        large_grf = true;
        plan.notes.push_back("xesim: note: '" + a +
                             "' selects large GRF mode (on whichever model XESIM_DEVICE picks): "
                             "adding -DXESIM_LARGE_GRF=1");
      } else {
        plan.notes.push_back("xesim: note: '" + a + "' ignored (normal GRF mode)");
      }
      continue;
    }
    if (a == "-Xs" || a == "-Xsycl-target-backend" || starts_with(a, "-Xsycl-target-backend=")) {
      const std::string value = has_next ? user_args[++i] : std::string();
      if (asks_large_grf(value)) {
        large_grf = true;
        plan.notes.push_back("xesim: note: -Xs '" + value +
                             "' selects large GRF mode: adding -DXESIM_LARGE_GRF=1");
      } else {
        plan.notes.push_back("xesim: note: " + a + " '" + value + "' ignored (no device compiler)");
      }
      continue;
    }
    if (starts_with(a, "-std=")) has_std = true;
    if (starts_with(a, "-O")) has_opt = true;
    if (starts_with(a, "-march=")) has_march = true;
    if (is_no_link_flag(a)) plan.links = false;
    if (a == "-o") plan.has_output = true;
    passed.push_back(a);
    if (takes_separate_value(a) && has_next) {
      if (a == "-I" || a == "-iquote") plan.include_dirs.push_back(user_args[i + 1]);
      passed.push_back(user_args[++i]);
      continue;
    }
    if (a.size() > 2 && starts_with(a, "-I")) {
      plan.include_dirs.push_back(a.substr(2));
    } else if (starts_with(a, "-iquote") && a.size() > 7) {
      plan.include_dirs.push_back(a.substr(7));
    } else if (a.empty() || a[0] != '-') {
      plan.inputs.push_back(a);
    }
  }

  plan.argv = compiler_command();
  if (!has_std) plan.argv.push_back("-std=c++20");
  if (!has_opt) plan.argv.push_back("-O2");
  if (!has_march) plan.argv.push_back("-march=native");
  plan.argv.push_back("-I" + tc.include_dir);
  // DPC++'s driver also searches <install>/include/sycl, so `#include <ext/intel/esimd.hpp>`
  // (oneDPL's ESIMD kernels) finds the ESIMD header without the sycl/ prefix.
  plan.argv.push_back("-isystem");
  plan.argv.push_back(tc.include_dir + "/sycl");
  if (large_grf) plan.argv.push_back("-DXESIM_LARGE_GRF=1");
  plan.argv.insert(plan.argv.end(), passed.begin(), passed.end());
  // `#pragma unroll` is DPC++ (clang) syntax that g++ ignores; its unknown-pragma warning would
  // fire on every guide-style loop under -Wall. GCC 12 cannot silence it from a header (PR 53431),
  // so it is turned off here, after the user's flags, unless they asked for it by name.
  if (std::find(passed.begin(), passed.end(), "-Wunknown-pragmas") == passed.end())
    plan.argv.push_back("-Wno-unknown-pragmas");
  if (plan.links) {
    plan.argv.push_back(tc.library);
    plan.argv.insert(plan.argv.end(), tc.link_libs.begin(), tc.link_libs.end());
  }
  return plan;
}

std::string format_command(const std::vector<std::string>& argv) {
  std::string out;
  for (const std::string& a : argv) {
    if (!out.empty()) out += ' ';
    const bool plain =
        !a.empty() && a.find_first_of(" \t\n'\"\\$`*?;&|<>()[]{}#~") == std::string::npos;
    if (plain) {
      out += a;
      continue;
    }
    out += '\'';
    for (char c : a) out += (c == '\'') ? std::string("'\\''") : std::string(1, c);
    out += '\'';
  }
  return out;
}

}  // namespace xesim::cli
