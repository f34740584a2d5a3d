// Report printing, dedupe and counts (report.hpp).
#include "report.hpp"

#include <atomic>
#include <cstdio>
#include <map>
#include <mutex>

#include "xesim/check/check.hpp"

namespace xesim::check {
namespace {

struct site_entry {
  std::string rule, where;
  severity sev;
  std::uint64_t count = 0;
};

struct report_state {
  std::mutex mutex;
  std::map<std::string, site_entry> sites;  // key: rule + '\0' + site
  std::atomic<std::uint64_t> errors{0}, warnings{0};
};

report_state& state() {
  static report_state* s = new report_state;  // never destroyed: reports may come at exit
  return *s;
}

}  // namespace

std::string hex(std::uintptr_t a) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(a));
  return buf;
}

std::string where(const std::source_location& loc) {
  if (loc.line() == 0) return "(unknown location)";
  return std::string(loc.file_name()) + ":" + std::to_string(loc.line());
}

std::string site_of(const std::source_location& loc) {
  return where(loc) + ":" + std::to_string(loc.column());
}

std::string ids(const std::size_t* v, int dims) {
  std::string s = "(";
  for (int d = 0; d < dims; ++d) s += (d ? ", " : "") + std::to_string(v[d]);
  return s + ")";
}

std::string item_lines(const rt::item_state* it) {
  if (!it) return {};
  const int dims = it->launch->dims;
  std::string s = std::string("    kernel: ") + it->launch->kernel_name + "\n";
  if (it->launch->is_nd_range)
    s += "    work-group: " + ids(it->group_id, dims) + " (linear " +
         std::to_string(it->group_linear_id) + "), work-item: local " + ids(it->local_id, dims) +
         " (linear " + std::to_string(it->local_linear_id) + "), global " +
         ids(it->global_id, dims) + "\n";
  else
    s += "    work-item: " + ids(it->global_id, dims) + " (range launch)\n";
  return s;
}

void report(severity sev, const char* rule, const std::string& site, const std::string& what,
            const std::string& details, const char* fix) {
  report_state& st = state();
  (sev == severity::error ? st.errors : st.warnings).fetch_add(1, std::memory_order_relaxed);
  std::lock_guard lock(st.mutex);
  // One entry per rule, site and severity: a site whose first report was a warning still
  // prints its first error (an SLM access past slm_init, then past the allocation step).
  site_entry& e = st.sites[std::string(rule) + '\0' + site + (sev == severity::error ? "E" : "W")];
  if (e.count++ > 0) return;
  e.rule = rule;
  e.where = site;
  e.sev = sev;
  std::string text = std::string("xesim: ") + (sev == severity::error ? "error" : "warning") +
                     ": [" + rule + "] " + what + "\n" + details;
  if (fix && *fix) text += std::string("    fix: ") + fix + "\n";
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
}

std::uint64_t error_count() noexcept { return state().errors.load(std::memory_order_relaxed); }
std::uint64_t warning_count() noexcept { return state().warnings.load(std::memory_order_relaxed); }

void reset_reports() noexcept {
  report_state& st = state();
  std::lock_guard lock(st.mutex);
  st.sites.clear();
  st.errors = 0;
  st.warnings = 0;
}

std::uint64_t print_summary() noexcept {
  report_state& st = state();
  std::lock_guard lock(st.mutex);
  const std::uint64_t errors = st.errors.load(), warnings = st.warnings.load();
  if (errors + warnings == 0) return 0;
  std::string text;
  for (const auto& [key, e] : st.sites)
    if (e.count > 1)
      text += "xesim: [" + e.rule + "] at " + e.where + " occurred " + std::to_string(e.count) +
              " times (reported once)\n";
  text += "xesim: check summary (" + std::string(to_string(current_level())) +
          "): " + std::to_string(errors) + " error(s), " + std::to_string(warnings) +
          " warning(s) at " + std::to_string(st.sites.size()) + " distinct site(s)\n";
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
  return errors;
}

}  // namespace xesim::check
