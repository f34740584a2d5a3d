// Running the compile of `xesim c++` / `xesim run`, with a way around a g++ 12 crash that
// unchanged DPC++ programs hit (Intel's own dpas tests among them): g++ stops with "internal
// compiler error: in lookup_template_class_1" when a non-type template argument names a constexpr
// local of an enclosing function template inside a lambda with a capture-default
// (`[=] { simd<T, M * N> c; }`; g++ reports the name's column). Writing the local's initializer
// in its place (`constexpr int M = RepeatCount;` -> `(RepeatCount) * ...`) means the same and
// g++ compiles it, so on that crash the source is preprocessed once and compiled from the
// preprocessed text, substituting each name g++ reports, until it compiles.
#pragma once

#include <string>
#include <vector>

#include "compile.hpp"

namespace xesim::cli {

/// Runs plan.argv and returns the compiler's exit status; the compiler's diagnostics reach
/// stderr as it wrote them. On the crash above (one C++ source among the inputs), compiles again
/// as described and says so in a note on stderr.
int run_compile(const compile_plan& plan, bool verbose);

/// Where the crash was reported: file, line, column (1-based). False when `diagnostics` holds
/// no such crash. Exposed for tests.
bool find_template_arg_crash(const std::string& diagnostics, std::string& file, long& line,
                             long& column);

/// Replaces the name at `column` (1-based, bytes) of the line of preprocessed text `text` that
/// line markers map to file:line with the initializer, in parentheses, of the nearest constexpr
/// variable of that name declared before it. False when the line, the name or the declaration
/// is not found. Exposed for tests.
bool substitute_constexpr_local(std::string& text, const std::string& file, long line, long column);

}  // namespace xesim::cli
