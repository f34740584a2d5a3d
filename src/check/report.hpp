// Diagnostics of the checking mode: the stable report format, dedupe per (rule, call site) and
// the counts behind the summary at exit (docs/checks.md).
#pragma once

#include <source_location>
#include <string>

#include "xesim/runtime/context.hpp"

namespace xesim::check {

enum class severity : unsigned char { error, warning };

/// Prints one report on stderr unless the same (rule, site) was printed before; counts it
/// either way. `what` follows "[rule] "; `details` are "    key: value\n" lines; `fix` one line.
/// Thread-safe.
void report(severity sev, const char* rule, const std::string& site, const std::string& what,
            const std::string& details, const char* fix);

/// "file:line" of a call, or "(unknown location)".
std::string where(const std::source_location& loc);
/// The dedupe key of a call site.
std::string site_of(const std::source_location& loc);
/// The "kernel", "work-group" and "work-item" lines of a work-item (empty for null).
std::string item_lines(const rt::item_state* it);
/// "(a, b, c)" over the launch's dimensions.
std::string ids(const std::size_t* v, int dims);
/// "0x..." of an address.
std::string hex(std::uintptr_t a);

/// Prints the repeat counts and the one-line summary (when anything was reported). Returns the
/// errors reported.
std::uint64_t print_summary() noexcept;

}  // namespace xesim::check
