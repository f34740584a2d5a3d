// alignment-braces: `alignment<N>{}` inside properties{...} (a parse error under DPC++).
#include "common.hpp"

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kAlignmentBraces = {
    {"alignment-braces", severity::error,
     "alignment<N>{} is a parse error under DPC++: alignment<N> is already a value"},
    check};

namespace {

void check(const unit& u, reporter& r) {
  for (std::size_t i = 0; i + 1 < u.toks.size(); ++i) {
    if (!u.toks[i].is("alignment") || !u.toks[i + 1].is("<")) continue;
    if (i > 0 && (u.toks[i - 1].is(".") || u.toks[i - 1].is("->") || u.toks[i - 1].is("struct") ||
                  u.toks[i - 1].is("class")))
      continue;
    const std::size_t close = u.match(i + 1);
    if (close + 2 >= u.toks.size() || !u.toks[close + 1].is("{") || !u.toks[close + 2].is("}"))
      continue;
    const std::string written = u.joined(i, close + 3);
    r.report(kAlignmentBraces.info, u.toks[i].b,
             "'" + written +
                 "' does not parse under DPC++ (alignment<N> is a variable template "
                 "value, not a type); write '" +
                 u.joined(i, close + 1) + "'",
             {r.edit(u.toks[close + 1].b, u.toks[close + 2].e, "")});
  }
}

}  // namespace
}  // namespace xesim::lint
