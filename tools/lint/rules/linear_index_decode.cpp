// linear-index-decode: a 1D range whose index is decoded into coordinates with / and %.
#include "common.hpp"

#include <regex>
#include <set>

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kLinearIndexDecode = {
    {"linear-index-decode", severity::warning,
     "a 1D kernel index split into coordinates with / and %: use range<2>/range<3> instead"},
    check};

namespace {

// Loads and pointer reads stop the index chain: a value read at idx is data, not a coordinate.
bool reads_memory(node* n) {
  bool m = false;
  n->visit([&](node* k) {
    if (k->is(CXCursor_ArraySubscriptExpr) && !k->kids.empty() &&
        strip(k->kids[0])->type_spelling().find('*') != std::string::npos)
      m = true;
    if ((k->is(CXCursor_CallExpr) || k->is(CXCursor_OverloadedDeclRef)) &&
        (k->spelling.find("load") != std::string::npos || k->spelling == "gather"))
      m = true;
    return !m;
  });
  return m;
}

bool uses(node* n, const std::set<std::uint64_t>& keys) {
  bool hit = false;
  n->visit([&](node* k) {
    if (k->is(CXCursor_DeclRefExpr) && keys.count(k->decl)) hit = true;
    return !hit;
  });
  return hit;
}

void check(const unit& u, reporter& r) {
  static const std::regex one_d(R"((^|[^\w])(id|item|nd_item)<1>)");
  for (const function& f : u.fns) {
    if (!f.kernel || f.params.empty()) continue;
    if (!std::regex_search(f.params[0]->type_spelling(), one_d)) continue;
    // The index and the variables computed from it.
    std::set<std::uint64_t> idx = {f.params[0]->self};
    for (bool changed = true; changed;) {
      changed = false;
      f.body->visit([&](node* n) {
        if (n->is(CXCursor_VarDecl) && !idx.count(n->self) && !n->kids.empty()) {
          node* init = n->kids.back();
          if (clang_isExpression(init->kind) && uses(init, idx) && !reads_memory(init))
            changed = idx.insert(n->self).second || changed;
        }
        return true;
      });
    }
    node* first_div = nullptr;
    node* first_mod = nullptr;
    f.body->visit([&](node* n) {
      if (!n->is(CXCursor_BinaryOperator) || n->kids.size() != 2) return true;
      const std::string op = op_of(u, n);
      if (op != "/" && op != "%") return true;
      if (!uses(n->kids[0], idx) || reads_memory(n->kids[0])) return true;
      if (op == "/" && !first_div) first_div = n;
      if (op == "%" && !first_mod) first_mod = n;
      return true;
    });
    if (!first_div || !first_mod) continue;
    node* at = first_div->b < first_mod->b ? first_div : first_mod;
    r.report(kLinearIndexDecode.info, at->b,
             "the 1D index of this kernel is decoded into coordinates with '/' and '%' (" +
                 (line_of(u, first_div->b) == line_of(u, first_mod->b)
                      ? "line " + line_of(u, first_div->b)
                      : "lines " + line_of(u, first_div->b) + ", " + line_of(u, first_mod->b)) +
                 "): integer division per work-item and a shape the hardware cannot see (the guide "
                 "measured 1% of bandwidth); launch a range<2>/range<3> of the data's shape and "
                 "read the coordinates from idx[0], idx[1], idx[2]");
  }
}

}  // namespace
}  // namespace xesim::lint
