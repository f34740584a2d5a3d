// std-reduce-trap: `reduce<T>(v, std::plus<T>())` found by ADL as std::reduce under DPC++.
#include "common.hpp"

#include <set>

namespace xesim::lint {
namespace {

void check(const unit& u, reporter& r);

}  // namespace

extern const rule kStdReduceTrap = {{"std-reduce-trap", severity::error,
                                     "unqualified reduce<T>(simd, std::plus<T>()) resolves to "
                                     "std::reduce under DPC++ and returns 0"},
                                    check};

namespace {

void check(const unit& u, reporter& r) {
  for (const call& c : u.calls("reduce", 0, static_cast<unsigned>(u.text.size()))) {
    if (c.member || (!c.qualifier.empty() && c.qualifier != "std::" && c.qualifier != "::std::"))
      continue;
    if (c.args.size() != 2) continue;
    // The second argument a std function object (ADL brings in namespace std), or the first a
    // simd (the ESIMD reduction was meant).
    static const std::set<std::string> ops = {"plus",    "minus",   "multiplies",  "bit_and",
                                              "bit_or",  "bit_xor", "logical_and", "logical_or",
                                              "maximum", "minimum", "greater",     "less"};
    const std::size_t k = c.args[1].first;
    const bool std_op = k + 2 < c.args[1].second && u.toks[k].is("std") && u.toks[k + 1].is("::") &&
                        ops.count(u.toks[k + 2].text);
    node* a0 = arg_node(u, c, 0);
    const bool simd_arg =
        (a0 && simd_type(a0->type_spelling())) ||
        (c.args[0].second - c.args[0].first == 1 && simd_type(var_type_at(u, c.args[0].first)));
    if (!std_op && !simd_arg) continue;
    const unsigned b = u.toks[c.first].b, e = u.toks[c.name].e;
    std::string targs;
    if (!c.targs.empty()) targs = u.joined(c.targs[0].first, c.targs[0].second);
    r.report(
        kStdReduceTrap.info, b,
        "'" + u.slice(b, e) +
            "' with a std:: operation is found as std::reduce under DPC++ "
            "(argument-dependent lookup through namespace std): it compiles and returns 0; use "
            "sycl::ext::intel::esimd::detail::sum<" +
            (targs.empty() ? "T" : targs) + ", " + (targs.empty() ? "T" : targs) +
            ", N>(v) for a sum, or qualify the call",
        {r.edit(b, e, "sycl::ext::intel::esimd::reduce")});
  }
}

}  // namespace
}  // namespace xesim::lint
