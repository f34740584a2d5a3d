// The `uninitialized` rule's report (the tracking is in include/xesim/check/uninit.hpp and only
// exists in programs built with XESIM_CHECK_UNINIT=1).
#include "xesim/check/uninit.hpp"

#include <fmt/format.h>

#include <atomic>
#include <iterator>
#include <string>

#include "report.hpp"
#include "xesim/check/check.hpp"

namespace xesim::check::uninit {
namespace {

/// "8-15, 17" for sorted lane numbers, at most 12 runs then "...".
std::string lane_list(const int* lanes, int count) {
  fmt::memory_buffer out;
  int runs = 0;
  for (int i = 0; i < count;) {
    int j = i;
    while (j + 1 < count && lanes[j + 1] == lanes[j] + 1) ++j;
    if (runs == 12) {
      fmt::format_to(std::back_inserter(out), ", ...");
      break;
    }
    fmt::format_to(std::back_inserter(out), "{}{}", runs ? ", " : "", lanes[i]);
    if (j > i) fmt::format_to(std::back_inserter(out), "-{}", lanes[j]);
    ++runs;
    i = j + 1;
  }
  return fmt::to_string(out);
}

bool is_reduction(const char* api) {
  const std::string a(api);
  return a == "reduce" || a == "hmax" || a == "hmin" || a == "sum" || a == "prod";
}

}  // namespace

namespace {
std::atomic<bool> g_instrumented{false};
}  // namespace

bool instrumented() noexcept { return g_instrumented.load(std::memory_order_relaxed); }
void mark_instrumented() noexcept { g_instrumented.store(true, std::memory_order_relaxed); }

void report(const sink_info& s, const int* lanes, int count) noexcept {
  try {
    const bool red = is_reduction(s.api);
    const std::string what = fmt::format(
        "{} {} {} {} of a simd<{}, {}> that {} never written (a default-constructed simd holds "
        "garbage)",
        s.api, red ? "reduces" : "stores", count, count == 1 ? "lane" : "lanes", s.type_name,
        s.length, count == 1 ? "was" : "were");
    const std::string details =
        item_lines(rt::current_item()) +
        fmt::format("    call: {} at {}\n    lanes: {} ({} of {})\n", s.api,
                    s.loc ? where(*s.loc) : std::string("(unknown location)"),
                    lane_list(lanes, count), count, s.length);
    check::report(
        severity::error, "uninitialized", s.loc ? site_of(*s.loc) : std::string(s.api), what,
        details,
        "initialise the vector before use: broadcast-construct it (simd<T, N> v(0)) or fill "
        "it from a load; write every lane before it is stored or reduced");
  } catch (...) {  // a report must never take the kernel down
  }
}

}  // namespace xesim::check::uninit
