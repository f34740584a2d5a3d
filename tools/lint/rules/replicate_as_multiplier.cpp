// replicate-as-multiplier: replicate_w<N, 1>(i) broadcast used only as a factor of *.
#include "common.hpp"

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kReplicateAsMultiplier = {
    {"replicate-as-multiplier", severity::warning,
     "replicate_w<N, 1>(i) broadcast used only in a multiplication: multiply by the scalar"},
    check};

namespace {

// The parent of n above the implicit wrappers.
node* up(node* n) {
  node* p = n->parent;
  while (p && (p->is(CXCursor_UnexposedExpr) || p->is(CXCursor_ParenExpr)) && p->kids.size() == 1)
    p = p->parent;
  return p;
}

bool is_product(const unit& u, node* p) {
  if (!p) return false;
  if (p->is(CXCursor_BinaryOperator)) return op_of(u, p) == "*";
  if (p->is(CXCursor_CompoundAssignOperator)) return op_of(u, p) == "*=";
  if (p->is(CXCursor_CallExpr)) return p->spelling == "operator*" || p->spelling == "operator*=";
  return false;
}

// The outermost node of the call expression (member call: the whole a.template replicate_w<..>(i)).
node* outermost(node* n) {
  while (n->parent &&
         (n->parent->is(CXCursor_UnexposedExpr) || n->parent->is(CXCursor_CallExpr) ||
          n->parent->is(CXCursor_ParenExpr)) &&
         n->parent->b == n->b && n->parent->e == n->e)
    n = n->parent;
  return n;
}

void check(const unit& u, reporter& r) {
  for (const function& f : u.fns) {
    for (const char* name : {"replicate_w", "replicate_vs_w"}) {
      for (const call& c : u.calls(name, f.body->b, f.body->e)) {
        if (!c.member) continue;
        // The width (last template argument) must be 1: a broadcast of one element.
        if (c.targs.size() < 2) continue;
        auto w = u.joined(c.targs.back().first, c.targs.back().second);
        if (w != "1") continue;
        node* n = call_node(u, c);
        if (!n) continue;
        n = outermost(n);
        bool only_product = false;
        node* p = up(n);
        if (is_product(u, p)) {
          only_product = true;
        } else if (p && p->is(CXCursor_VarDecl)) {
          int uses = 0;
          bool all = true;
          f.body->visit([&](node* k) {
            if (k->is(CXCursor_DeclRefExpr) && k->decl == p->self) {
              ++uses;
              node* q = up(k);
              // The implicit copy of a simd argument is a CallExpr named like the type.
              while (q && q->is(CXCursor_CallExpr) && q->spelling == "simd") q = up(q);
              if (!is_product(u, q)) all = false;
            }
            return true;
          });
          only_product = uses > 0 && all;
        }
        if (!only_product) continue;
        const std::string base = u.joined(c.first > 0 ? c.first - 1 : c.first, c.first);
        r.report(kReplicateAsMultiplier.info, u.toks[c.name].b,
                 std::string(name) +
                     "<..., 1> broadcasts one element only to multiply by it: the "
                     "hardware broadcasts a scalar operand of * for free, the replicate costs a "
                     "register "
                     "shuffle; take the element as a scalar (T k = v[i];) and multiply by it");
      }
    }
  }
}

}  // namespace
}  // namespace xesim::lint
