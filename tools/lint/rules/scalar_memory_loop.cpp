// scalar-memory-loop: a constant-trip loop moving one element per iteration between memory and
// a simd, where one block_load / block_store would do.
#include "common.hpp"

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kScalarMemoryLoop = {
    {"scalar-memory-loop", severity::warning,
     "element-by-element loads/stores in a constant-trip loop where one block access would do"},
    check};

namespace {

// p[i], p[k + i], p[i + k]: a pointer subscript whose index is the counter plus an invariant.
bool unit_stride_ptr(const unit& u, node* n, std::uint64_t var) {
  n = strip(n);
  if (!n || !n->is(CXCursor_ArraySubscriptExpr) || n->kids.size() != 2) return false;
  if (strip(n->kids[0])->type_spelling().find('*') == std::string::npos) return false;
  node* idx = strip(n->kids[1]);
  auto is_var = [&](node* x) { x = strip(x); return x && x->is(CXCursor_DeclRefExpr) && x->decl == var; };
  if (is_var(idx)) return true;
  if (idx->is(CXCursor_BinaryOperator) && idx->kids.size() == 2 && op_of(u, idx) == "+") {
    if (is_var(idx->kids[0])) return !refs_in(idx->kids[1]).count(var);
    if (is_var(idx->kids[1])) return !refs_in(idx->kids[0]).count(var);
  }
  return false;
}

// v[i] with v a simd (the register side of the copy).
bool simd_element(const unit& u, node* n, std::uint64_t var) {
  n = strip(n);
  if (!n) return false;
  const std::size_t b = u.tok_at(n->b), e = u.tok_at(n->e);
  if (e - b != 4 || !u.toks[b + 1].is("[") || !u.toks[b + 3].is("]")) return false;
  if (!simd_type(var_type_at(u, b))) return false;
  node* i = u.ref_at(u.toks[b + 2].b, u.toks[b + 2].e);
  return i && i->decl == var;
}

void check(const unit& u, reporter& r) {
  for (const function& f : u.fns) {
    f.body->visit([&](node* n) {
      if (!n->is(CXCursor_ForStmt)) return true;
      auto L = as_counted_loop(u, n);
      if (!L || !L->constant_trip || L->step != 1) return true;
      if (L->trip && *L->trip < 2) return true;
      node* body = n->kids.back();
      if (body->is(CXCursor_CompoundStmt)) {
        if (body->kids.size() != 1) return true;
        body = body->kids[0];
      }
      body = strip(body);
      // x = y as a builtin assignment or an overloaded operator= call.
      node* lhs = nullptr;
      node* rhs = nullptr;
      if (body->is(CXCursor_BinaryOperator) && op_of(u, body) == "=" && body->kids.size() == 2) {
        lhs = body->kids[0];
        rhs = body->kids[1];
      } else if (body->is(CXCursor_CallExpr) && body->spelling == "operator=" && body->kids.size() >= 2) {
        lhs = body->kids[0];
        rhs = body->kids.back();
      } else if (body->is(CXCursor_CompoundAssignOperator) && body->kids.size() == 2 &&
                 unit_stride_ptr(u, body->kids[1], L->var) && L->trip && *L->trip >= 4) {
        // s += p[k + i]: element loads reduced one by one.
        r.report(kScalarMemoryLoop.info, n->b,
                 "element-by-element loads in a loop of " + std::to_string(*L->trip) +
                     " iterations: one memory message per element; load them with one block_load<T, " +
                     std::to_string(*L->trip) + "> and reduce the vector (detail::sum, hmax, hmin)");
        return true;
      } else {
        return true;
      }
      const bool load = unit_stride_ptr(u, rhs, L->var) && simd_element(u, lhs, L->var);
      const bool store = unit_stride_ptr(u, lhs, L->var) && simd_element(u, rhs, L->var);
      if (!load && !store) return true;
      const std::string count = L->trip ? std::to_string(*L->trip) : "N";
      r.report(kScalarMemoryLoop.info, n->b,
               std::string("element-by-element ") + (load ? "loads" : "stores") + " in a loop of " +
                   count + " iterations: one memory message per element where one " +
                   (load ? "block_load<T, " + count + ">(ptr + offset)" : "block_store<T, " + count + ">(ptr + offset, v)") +
                   " moves the whole vector");
      return true;
    });
  }
}

}  // namespace
}  // namespace xesim::lint
