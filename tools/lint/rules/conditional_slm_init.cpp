// conditional-slm-init: slm_init under a condition, in a loop or after an early return.
#include "common.hpp"

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kConditionalSlmInit = {
    {"conditional-slm-init", severity::error,
     "slm_init must be called unconditionally in the kernel body, once"},
    check};

namespace {

node* guard(const unit& u, node* at, const function& f) {
  node* child = at;
  for (node* p = at->parent; p && p != f.body; child = p, p = p->parent) {
    if (p->is(CXCursor_LambdaExpr)) return nullptr;  // a nested lambda: its own body
    if (p->is(CXCursor_IfStmt)) {
      if (is_if_constexpr(u, p) || condition_of(p) == child) continue;
      return p;
    }
    if (p->is(CXCursor_SwitchStmt) || p->is(CXCursor_WhileStmt) || p->is(CXCursor_DoStmt) ||
        p->is(CXCursor_ForStmt) || p->is(CXCursor_CXXForRangeStmt) ||
        p->is(CXCursor_ConditionalOperator))
      return p;
  }
  return nullptr;
}

void check(const unit& u, reporter& r) {
  for (const function& f : u.fns) {
    for (const call& c : u.calls("slm_init", f.body->b, f.body->e)) {
      if (!esimd_call(c)) continue;
      node* at = call_node(u, c);
      if (!at) continue;
      const unsigned off = u.toks[c.first].b;
      if (node* g = guard(u, at, f)) {
        const bool loop = !g->is(CXCursor_IfStmt) && !g->is(CXCursor_SwitchStmt) &&
                          !g->is(CXCursor_ConditionalOperator);
        r.report(kConditionalSlmInit.info, off,
                 std::string("slm_init ") + (loop ? "inside a loop" : "under a condition") +
                     " (line " + line_of(u, g->b) +
                     "): DPC++ requires it once, unconditionally, in "
                     "the kernel body, before any SLM access; move it to the top of the kernel");
        continue;
      }
      node* ret = nullptr;
      f.body->visit([&](node* n) {
        if (ret || n->b >= at->b || n->is(CXCursor_LambdaExpr)) return false;
        if (n->is(CXCursor_ReturnStmt)) ret = n;
        return true;
      });
      if (ret)
        r.report(kConditionalSlmInit.info, off,
                 "slm_init after a return (line " + line_of(u, ret->b) +
                     "): not every work-item calls it; call it first thing in the kernel body");
    }
  }
}

}  // namespace
}  // namespace xesim::lint
