// conditional-barrier: barrier() that some work-items of the group may not reach.
#include "common.hpp"

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kConditionalBarrier = {
    {"conditional-barrier", severity::error,
     "barrier() under a condition that differs between work-items (or after an early return)"},
    check};

namespace {

// Whether n is inside a lambda that is not f itself (a nested lambda has its own flow).
bool in_nested_lambda(node* n, const function& f) {
  for (node* p = n->parent; p && p != f.body; p = p->parent)
    if (p->is(CXCursor_LambdaExpr)) return true;
  return false;
}

// The statement that makes `at` conditional on a varying value, or nullptr.
node* divergent_guard(const unit& u, node* at, const function& f,
                      const std::set<std::uint64_t>& varying) {
  node* child = at;
  for (node* p = at->parent; p && p != f.body; child = p, p = p->parent) {
    node* cond = nullptr;
    if (p->is(CXCursor_IfStmt)) {
      if (is_if_constexpr(u, p)) continue;
      cond = condition_of(p);
      if (cond == child) continue;  // the barrier is in the condition itself
    } else if (p->is(CXCursor_SwitchStmt) || p->is(CXCursor_WhileStmt) || p->is(CXCursor_DoStmt) ||
               p->is(CXCursor_ConditionalOperator)) {
      cond = condition_of(p);
      if (p->is(CXCursor_DoStmt) && !p->kids.empty()) cond = p->kids.back();
    } else if (p->is(CXCursor_ForStmt)) {
      if (auto L = as_counted_loop(u, p)) {
        if ((L->init && varies(u, L->init, varying)) || (L->bound && varies(u, L->bound, varying)))
          return p;
        continue;
      }
      cond = condition_of(p);
    } else if (p->is(CXCursor_BinaryOperator)) {
      const std::string op = op_of(u, p);
      if ((op == "&&" || op == "||") && p->kids.size() == 2 && p->kids[1] == child &&
          varies(u, p->kids[0], varying))
        return p;
      continue;
    } else {
      continue;
    }
    if (cond && varies(u, cond, varying)) return p;
  }
  return nullptr;
}

void check(const unit& u, reporter& r) {
  for (const function& f : u.fns) {
    const auto varying = varying_vars(u, f);
    for (const call& c : u.calls("barrier", f.body->b, f.body->e)) {
      if (!esimd_call(c) || !c.args.empty()) continue;
      node* at = call_node(u, c);
      if (!at || in_nested_lambda(at, f)) continue;
      const unsigned off = u.toks[c.first].b;
      if (node* g = divergent_guard(u, at, f, varying)) {
        r.report(kConditionalBarrier.info, off,
                 "barrier() inside a branch that depends on the work-item (condition at line " +
                     line_of(u, g->b) +
                     "): every work-item of the group must reach the same "
                     "barrier, or the group hangs; move barrier() out of the branch");
        continue;
      }
      // An early return on a varying condition before the barrier.
      node* ret = nullptr;
      f.body->visit([&](node* n) {
        if (ret || n->b >= at->b) return false;
        if (n->is(CXCursor_LambdaExpr)) return false;
        if (n->is(CXCursor_ReturnStmt) && divergent_guard(u, n, f, varying)) ret = n;
        return true;
      });
      if (ret) {
        r.report(kConditionalBarrier.info, off,
                 "barrier() after a return that only some work-items take (line " +
                     line_of(u, ret->b) +
                     "): they never reach it and the group hangs; let every work-item reach the "
                     "barrier and skip only the work after it");
      }
    }
  }
}

}  // namespace
}  // namespace xesim::lint
