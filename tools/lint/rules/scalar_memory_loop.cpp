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
  auto is_var = [&](node* x) {
    x = strip(x);
    return x && x->is(CXCursor_DeclRefExpr) && x->decl == var;
  };
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

// When the loop copies a whole simd<T, N> from lane 0 (start 0, N iterations), the loop becomes
// one block access: `v = block_load<T, N>(p + off);` / `block_store<T, N>(p + off, v);` (with
// alignment<sizeof(T)> for 1- and 2-byte T, whose offset is not known to be aligned). An unroll
// pragma above the loop goes with it.
std::vector<fix_it> whole_vector_fix(const unit& u, reporter& r, const counted_loop& L, node* loop,
                                     node* element, node* memory, bool load) {
  auto init = const_value(u, L.init);
  if (!init || *init != 0 || !L.trip) return {};
  node* e = strip(element);
  const std::size_t b = u.tok_at(e->b);
  node* vref = u.ref_at(u.toks[b].b, u.toks[b].e);
  node* vdecl = vref ? u.decl_node(vref->decl) : nullptr;
  if (!vdecl) return {};
  auto shape = simd_type(vdecl->type_spelling());
  if (!shape || shape->count != 1 || shape->lanes != *L.trip || shape->elem_size == 0) return {};
  std::string elem = shape->elem;
  for (std::size_t p; (p = elem.find("xesim::")) != std::string::npos;)
    elem.replace(p, 7, "sycl::");
  // p[off + i] -> p + off; p[i] -> p.
  node* m = strip(memory);
  node* base = m->kids[0];
  node* idx = strip(m->kids[1]);
  std::string addr = u.slice(base);
  if (idx->is(CXCursor_BinaryOperator)) {
    node* a = strip(idx->kids[0]);
    node* other = (a->is(CXCursor_DeclRefExpr) && a->decl == L.var) ? idx->kids[1] : idx->kids[0];
    addr += " + " + u.slice(other);
  }
  const std::string v = u.toks[b].text;
  const std::string targs = "<" + elem + ", " + std::to_string(*L.trip) + ">";
  const std::string props =
      shape->elem_size < 4 ? ", properties{alignment<" + std::to_string(shape->elem_size) + ">}"
                           : "";
  std::string text = load ? v + " = block_load" + targs + "(" + addr + props + ")"
                          : "block_store" + targs + "(" + addr + ", " + v + props + ")";
  unsigned begin = loop->b;
  node* body = loop->kids.back();
  if (body->is(CXCursor_CompoundStmt)) text += ";";
  // A pragma line right above the loop would apply to no loop: it goes too.
  const std::size_t for_line = u.text.rfind('\n', loop->b) + 1;  // npos + 1 == 0
  const std::string indent = u.text.substr(for_line, loop->b - for_line);
  if (for_line >= 2 && indent.find_first_not_of(" \t") == std::string::npos) {
    const std::size_t prev_line = u.text.rfind('\n', for_line - 2) + 1;
    const std::string above = u.text.substr(prev_line, for_line - 1 - prev_line);
    const std::size_t k = above.find_first_not_of(" \t");
    if (k != std::string::npos && above.compare(k, 7, "#pragma") == 0 &&
        above.find("unroll") != std::string::npos) {
      begin = static_cast<unsigned>(prev_line);
      text = indent + text;
    }
  }
  return {r.edit(begin, loop->e, text)};
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
      } else if (body->is(CXCursor_CallExpr) && body->spelling == "operator=" &&
                 body->kids.size() >= 2) {
        lhs = body->kids[0];
        rhs = body->kids.back();
      } else if (body->is(CXCursor_CompoundAssignOperator) && body->kids.size() == 2 &&
                 unit_stride_ptr(u, body->kids[1], L->var) && L->trip && *L->trip >= 4) {
        // s += p[k + i]: element loads reduced one by one.
        r.report(
            kScalarMemoryLoop.info, n->b,
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
      std::vector<fix_it> fixes =
          whole_vector_fix(u, r, *L, n, load ? lhs : rhs, load ? rhs : lhs, load);
      r.report(kScalarMemoryLoop.info, n->b,
               std::string("element-by-element ") + (load ? "loads" : "stores") + " in a loop of " +
                   count + " iterations: one memory message per element where one " +
                   (load ? "block_load<T, " + count + ">(ptr + offset)"
                         : "block_store<T, " + count + ">(ptr + offset, v)") +
                   " moves the whole vector",
               fixes);
      return true;
    });
  }
}

}  // namespace
}  // namespace xesim::lint
