// uninitialized-simd: `simd<T, N> v;` read before anything is written to it.
#include "common.hpp"

#include <set>

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kUninitializedSimd = {
    {"uninitialized-simd", severity::error,
     "simd<T, N> declared without an initializer and read before it is written"},
    check};

namespace {

node* up(node* n) {
  node* p = n->parent;
  while (p && (p->is(CXCursor_UnexposedExpr) || p->is(CXCursor_ParenExpr)) && p->kids.size() == 1)
    p = p->parent;
  return p;
}

// ESIMD functions that read their simd arguments (the common ones; anything from the headers
// counts as a read too).
bool reads_args(const std::string& name) {
  static const std::set<std::string> names = {"block_store",
                                              "scatter",
                                              "slm_block_store",
                                              "slm_scatter",
                                              "hmax",
                                              "hmin",
                                              "reduce",
                                              "sum",
                                              "convert",
                                              "merge",
                                              "pack_mask",
                                              "fbl",
                                              "max",
                                              "min",
                                              "abs",
                                              "exp",
                                              "log",
                                              "sqrt",
                                              "rsqrt",
                                              "inv",
                                              "pow",
                                              "sin",
                                              "cos",
                                              "atomic_update",
                                              "slm_atomic_update",
                                              "lsc_block_store",
                                              "lsc_scatter",
                                              "dpas",
                                              "bit_cast",
                                              "select",
                                              "any",
                                              "all"};
  return names.count(name) > 0;
}

enum class use_kind { write, read };

// How the reference `ref` to the variable uses it.
use_kind classify(const unit& u, node* ref, std::uint64_t var) {
  node* p = up(ref);
  node* child = ref;
  // Climb through element / region access: v[i], v.select<..>(..), arr[i].
  for (int guard = 0; p && guard < 8; ++guard) {
    const bool subscript = p->is(CXCursor_ArraySubscriptExpr) ||
                           (p->is(CXCursor_CallExpr) && p->spelling == "operator[]");
    if (p->is(CXCursor_MemberRefExpr)) {
      const std::string m = p->spelling;
      if (m == "merge") {
        // v.merge(a, b, mask) overwrites every lane; v.merge(a, mask) keeps (reads) some.
        std::size_t i = u.tok_at(p->e);
        if (i < u.toks.size() && u.toks[i].is("(")) {
          const std::size_t close = u.match(i);
          int commas = 0;
          for (std::size_t k = i + 1; k < close; ++k) {
            if (u.toks[k].is("(") || u.toks[k].is("[") || u.toks[k].is("{"))
              k = u.match(k);
            else if (u.toks[k].is(","))
              ++commas;
          }
          return commas == 2 ? use_kind::write : use_kind::read;
        }
        return use_kind::read;
      }
      if (m == "copy_from" || m == "bit_cast_view" || m == "select" || m == "row" ||
          m == "column" || m == "format")
        ;  // a view or a load into it: decided by the use of the view below
      else
        return use_kind::read;  // v.any(), v.read(), v.merge(...), v.replicate...
      if (m == "copy_from") return use_kind::write;
      child = p;
      p = up(p);
      if (p && p->is(CXCursor_CallExpr)) {  // the member call itself
        child = p;
        p = up(p);
      }
      continue;
    }
    if (subscript && strip(p->kids[0]) == strip(child)) {
      child = p;
      p = up(p);
      continue;
    }
    break;
  }
  if (!p) return use_kind::read;
  // Assignment to the whole variable or to an element / region of it.
  // (v = v + x reads v first: the right-hand side is evaluated before the store.)
  if (p->is(CXCursor_BinaryOperator) && op_of(u, p) == "=" && !p->kids.empty() &&
      strip(p->kids[0]) == strip(child))
    return refs_in(p->kids.back()).count(var) ? use_kind::read : use_kind::write;
  if (p->is(CXCursor_CallExpr) && p->spelling == "operator=" && !p->kids.empty() &&
      strip(p->kids[0]) == strip(child))
    return refs_in(p->kids.back()).count(var) ? use_kind::read : use_kind::write;
  // Passed to a function of this file by reference: it may fill it (benefit of the doubt).
  if (p->is(CXCursor_CallExpr) || p->is(CXCursor_UnexposedExpr)) {
    node* d = u.decl_node(p->decl);
    if (d && !reads_args(p->spelling)) return use_kind::write;
    if (!d && p->decl == 0 && !reads_args(p->spelling)) {
      // An unresolved (dependent) call: by name.
      std::size_t i = u.tok_at(p->b);
      if (i < u.toks.size() && !reads_args(u.toks[i].text)) {
        node* callee = nullptr;
        for (node* k : p->kids)
          if (k->decl) callee = k;
        if (callee && u.decl_node(callee->decl)) return use_kind::write;
      }
    }
  }
  return use_kind::read;
}

bool no_initializer(const unit& u, node* var) {
  // The name token, then what follows it: `;` or `,` (after any [K] bounds) means no initializer.
  unsigned off = 0;
  clang_getSpellingLocation(clang_getCursorLocation(var->cur), nullptr, nullptr, nullptr, &off);
  std::size_t i = u.tok_at(off);
  if (i >= u.toks.size() || u.toks[i].text != var->spelling) return false;
  std::size_t j = i + 1;
  while (j < u.toks.size() && u.toks[j].is("[")) j = u.match(j) + 1;
  return j < u.toks.size() && (u.toks[j].is(";") || u.toks[j].is(","));
}

void check(const unit& u, reporter& r) {
  std::set<std::uint64_t> seen;
  for (const function& f : u.fns) {
    f.body->visit([&](node* n) {
      if (!n->is(CXCursor_VarDecl) || seen.count(n->self)) return true;
      auto shape = simd_type(n->type_spelling());
      if (!shape || !no_initializer(u, n)) return true;
      seen.insert(n->self);
      node* scope = n->parent && n->parent->parent ? n->parent->parent : f.body;
      node* first = nullptr;
      scope->visit([&](node* k) {
        if (first) return false;
        if (k->is(CXCursor_DeclRefExpr) && k->decl == n->self && k->b > n->b) first = k;
        return true;
      });
      if (!first || classify(u, first, n->self) == use_kind::write) return true;
      std::vector<fix_it> fixes;
      if (shape->count == 1) {
        CXSourceLocation loc = clang_getCursorLocation(n->cur);
        unsigned off = 0;
        clang_getSpellingLocation(loc, nullptr, nullptr, nullptr, &off);
        const unsigned end = off + static_cast<unsigned>(n->spelling.size());
        fixes.push_back(r.edit(end, end, "(0)"));
      }
      std::string type = n->type_spelling();
      for (std::size_t p; (p = type.find("xesim::esimd::")) != std::string::npos;)
        type.erase(p, 14);
      for (std::size_t p; (p = type.find("xesim::")) != std::string::npos;)
        type.replace(p, 7, "sycl::");
      r.report(kUninitializedSimd.info, first->b,
               "'" + n->spelling + "' (" + type + ", declared at line " + line_of(u, n->b) +
                   " without an initializer) is read here before anything is written to it: its "
                   "lanes hold garbage on the GPU; initialize it (" +
                   n->spelling + "(0), or from a load) before reading",
               fixes);
      return true;
    });
  }
}

}  // namespace
}  // namespace xesim::lint
