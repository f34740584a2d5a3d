#include "analysis.hpp"

#include <regex>

namespace xesim::lint {

node* strip(node* n) {
  while (n && n->kids.size() == 1) {
    node* k = n->kids[0];
    const bool wrapper = n->is(CXCursor_UnexposedExpr) || n->is(CXCursor_ParenExpr);
    // Implicit conversions and copies: a call or member reference spanning exactly its operand.
    const bool implicit =
        (n->is(CXCursor_CallExpr) || n->is(CXCursor_MemberRefExpr)) && k->b == n->b && k->e == n->e;
    if (!wrapper && !implicit) break;
    n = k;
  }
  return n;
}

std::string op_of(const unit& u, const node* n) {
  if (n->kids.size() == 2) {
    for (std::size_t i = u.tok_at(n->kids[0]->e); i < u.toks.size() && u.toks[i].b < n->kids[1]->b;
         ++i)
      if (u.toks[i].kind == CXToken_Punctuation) return u.toks[i].text;
    return "";
  }
  if (n->kids.size() == 1) {
    std::size_t i = u.tok_at(n->b);
    if (i < u.toks.size() && u.toks[i].b < n->kids[0]->b) return u.toks[i].text;  // prefix
    std::size_t j = u.tok_at(n->kids[0]->e);
    if (j < u.toks.size() && u.toks[j].b < n->e) return u.toks[j].text;  // postfix
  }
  return "";
}

node* ancestor(node* n, CXCursorKind k, const node* stop) {
  for (node* p = n ? n->parent : nullptr; p && p != stop; p = p->parent)
    if (p->is(k)) return p;
  return nullptr;
}

namespace {

// The initializer expression of a VarDecl node (its last expression child).
node* init_of(node* var) {
  for (auto it = var->kids.rbegin(); it != var->kids.rend(); ++it) {
    CXCursorKind k = (*it)->kind;
    if (clang_isExpression(k) && k != CXCursor_TypeRef && k != CXCursor_TemplateRef) {
      // `int a[K]` has the bound K as a child; an initializer comes after the name.
      return *it;
    }
  }
  return nullptr;
}

bool declared_const(const unit& u, node* var) {
  for (std::size_t i = u.tok_at(var->b); i < u.toks.size() && u.toks[i].b < var->e; ++i) {
    if (u.toks[i].is("constexpr") || u.toks[i].is("const")) return true;
    if (u.toks[i].is("=") || u.toks[i].is("{") || u.toks[i].is("(")) break;
  }
  // `constexpr int A = 1, B = 2;`: the keyword precedes the first declarator of the statement.
  if (var->parent && var->parent->is(CXCursor_DeclStmt)) {
    for (std::size_t i = u.tok_at(var->parent->b); i < u.toks.size() && u.toks[i].b < var->b; ++i)
      if (u.toks[i].is("constexpr") || u.toks[i].is("const")) return true;
  }
  // Namespace-scope: look back from the declaration to the start of the statement.
  std::size_t i = u.tok_at(var->b);
  while (i > 0) {
    const token& t = u.toks[i - 1];
    if (t.is(";") || t.is("{") || t.is("}")) break;
    if (t.is("constexpr") || t.is("const")) return true;
    --i;
  }
  return false;
}

long long apply(const std::string& op, long long a, long long b, bool& ok) {
  ok = true;
  if (op == "+") return a + b;
  if (op == "-") return a - b;
  if (op == "*") return a * b;
  if (op == "/" && b != 0) return a / b;
  if (op == "%" && b != 0) return a % b;
  if (op == "<<" && b >= 0 && b < 63) return a << b;
  if (op == ">>" && b >= 0 && b < 63) return a >> b;
  if (op == "&") return a & b;
  if (op == "|") return a | b;
  if (op == "<") return a < b;
  if (op == ">") return a > b;
  if (op == "<=") return a <= b;
  if (op == ">=") return a >= b;
  if (op == "==") return a == b;
  if (op == "!=") return a != b;
  ok = false;
  return 0;
}

}  // namespace

std::optional<long long> const_value(const unit& u, node* n, int depth) {
  n = strip(n);
  if (!n || depth > 16) return std::nullopt;
  switch (n->kind) {
    case CXCursor_IntegerLiteral: {
      std::size_t i = u.tok_at(n->b);
      if (i >= u.toks.size()) return std::nullopt;
      try {
        return std::stoll(u.toks[i].text, nullptr, 0);
      } catch (...) {
        return std::nullopt;
      }
    }
    case CXCursor_CharacterLiteral:
    case CXCursor_CXXBoolLiteralExpr:
      break;
    case CXCursor_DeclRefExpr: {
      node* d = u.decl_node(n->decl);
      if (d && d->is(CXCursor_VarDecl) && declared_const(u, d)) {
        if (node* init = init_of(d)) return const_value(u, init, depth + 1);
      }
      if (d && d->is(CXCursor_EnumConstantDecl)) break;
      if (!d && n->decl != 0) break;  // a constant from another file: ask clang below
      return std::nullopt;
    }
    case CXCursor_BinaryOperator: {
      if (n->kids.size() != 2) return std::nullopt;
      auto a = const_value(u, n->kids[0], depth + 1), b = const_value(u, n->kids[1], depth + 1);
      if (!a || !b) return std::nullopt;
      bool ok = false;
      long long v = apply(op_of(u, n), *a, *b, ok);
      if (ok) return v;
      return std::nullopt;
    }
    case CXCursor_UnaryOperator: {
      if (n->kids.size() != 1) return std::nullopt;
      auto a = const_value(u, n->kids[0], depth + 1);
      if (!a) return std::nullopt;
      const std::string op = op_of(u, n);
      if (op == "-") return -*a;
      if (op == "+") return *a;
      if (op == "~") return ~*a;
      return std::nullopt;
    }
    case CXCursor_ConditionalOperator: {
      if (n->kids.size() != 3) return std::nullopt;
      auto c = const_value(u, n->kids[0], depth + 1);
      if (!c) return std::nullopt;
      return const_value(u, n->kids[*c ? 1 : 2], depth + 1);
    }
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
      if (!n->kids.empty()) return const_value(u, n->kids.back(), depth + 1);
      return std::nullopt;
    default:
      break;
  }
  // Non-dependent expressions clang can fold (sizeof, enumerators, constants from headers).
  const std::string ty = n->type_spelling();
  if (ty.find("dependent") != std::string::npos) return std::nullopt;
  if (n->is(CXCursor_CallExpr)) return std::nullopt;  // calls may not be constant expressions
  CXEvalResult r = clang_Cursor_Evaluate(n->cur);
  if (!r) return std::nullopt;
  std::optional<long long> out;
  if (clang_EvalResult_getKind(r) == CXEval_Int) out = clang_EvalResult_getAsLongLong(r);
  clang_EvalResult_dispose(r);
  return out;
}

bool compile_time(const unit& u, node* n, int depth) {
  n = strip(n);
  if (!n || depth > 16) return false;
  if (const_value(u, n, depth)) return true;
  switch (n->kind) {
    case CXCursor_DeclRefExpr: {
      node* d = u.decl_node(n->decl);
      if (d && d->is(CXCursor_NonTypeTemplateParameter)) return true;
      if (d && d->is(CXCursor_VarDecl) && declared_const(u, d)) {
        node* init = init_of(d);
        return init && compile_time(u, init, depth + 1);
      }
      return false;
    }
    case CXCursor_BinaryOperator:
      return n->kids.size() == 2 && compile_time(u, n->kids[0], depth + 1) &&
             compile_time(u, n->kids[1], depth + 1);
    case CXCursor_UnaryOperator:
    case CXCursor_ParenExpr:
    case CXCursor_CXXFunctionalCastExpr:
    case CXCursor_CStyleCastExpr:
    case CXCursor_CXXStaticCastExpr:
      return !n->kids.empty() && compile_time(u, n->kids.back(), depth + 1);
    case CXCursor_ConditionalOperator:
      return n->kids.size() == 3 && compile_time(u, n->kids[0], depth + 1) &&
             compile_time(u, n->kids[1], depth + 1) && compile_time(u, n->kids[2], depth + 1);
    case CXCursor_UnaryExpr:  // sizeof
      return true;
    default:
      return false;
  }
}

std::optional<counted_loop> as_counted_loop(const unit& u, node* f) {
  if (!f->is(CXCursor_ForStmt) || f->kids.size() < 3) return std::nullopt;
  counted_loop L;
  L.loop = f;
  node* init = f->kids[0];
  node* var = nullptr;
  if (init->is(CXCursor_DeclStmt) && init->kids.size() == 1 &&
      init->kids[0]->is(CXCursor_VarDecl)) {
    var = init->kids[0];
    L.var = var->self;
    L.init = init_of(var);
  } else if (init->is(CXCursor_BinaryOperator) && op_of(u, init) == "=" &&
             strip(init->kids[0])->is(CXCursor_DeclRefExpr)) {
    L.var = strip(init->kids[0])->decl;
    L.init = init->kids[1];
  } else {
    return std::nullopt;
  }
  if (!L.init) return std::nullopt;
  // Condition and increment: kids [1] and [2] (the body is the last).
  node* cond = strip(f->kids[1]);
  node* inc = strip(f->kids[2]);
  if (!cond || !cond->is(CXCursor_BinaryOperator) || cond->kids.size() != 2) return std::nullopt;
  const std::string cop = op_of(u, cond);
  node* l = strip(cond->kids[0]);
  node* r = strip(cond->kids[1]);
  bool var_left = l->is(CXCursor_DeclRefExpr) && l->decl == L.var;
  bool var_right = r->is(CXCursor_DeclRefExpr) && r->decl == L.var;
  if (!var_left && !var_right) return std::nullopt;
  if (cop != "<" && cop != "<=" && cop != "!=" && cop != ">" && cop != ">=") return std::nullopt;
  L.bound = var_left ? cond->kids[1] : cond->kids[0];
  // Step.
  const std::string iop = op_of(u, inc);
  if (inc->is(CXCursor_UnaryOperator)) {
    L.step = (iop == "++") ? 1 : (iop == "--") ? -1 : 0;
  } else if (inc->is(CXCursor_CompoundAssignOperator) && inc->kids.size() == 2) {
    auto s = const_value(u, inc->kids[1]);
    if (!s) {
      L.step = 0;
    } else {
      L.step = iop == "+=" ? *s : iop == "-=" ? -*s : 0;
    }
  } else {
    L.step = 0;
  }
  if (L.step == 0) return L;
  L.constant_trip = compile_time(u, L.init) && compile_time(u, L.bound);
  auto a = const_value(u, L.init), b = const_value(u, L.bound);
  if (a && b && L.constant_trip) {
    long long lo = *a, hi = *b;
    const bool up =
        var_left ? (cop == "<" || cop == "<=" || cop == "!=") : (cop == ">" || cop == ">=");
    if (up && L.step > 0) {
      if (cop == "<=" || cop == ">=") ++hi;
      L.trip = hi > lo ? (hi - lo + L.step - 1) / L.step : 0;
    } else if (!up && L.step < 0) {
      if (cop == ">=" || cop == "<=") --hi;
      L.trip = lo > hi ? (lo - hi + (-L.step) - 1) / (-L.step) : 0;
    }
  }
  return L;
}

int scalar_size(const std::string& s0) {
  std::string s = s0;
  for (const char* q :
       {"const ", "volatile ", "sycl::_V1::", "sycl::", "xesim::esimd::", "xesim::sycl::",
        "xesim::", "std::", "ext::oneapi::", "ext::intel::esimd::", "detail::"}) {
    for (std::size_t p; (p = s.find(q)) != std::string::npos;)
      s.erase(p, std::char_traits<char>::length(q));
  }
  while (!s.empty() && s.back() == ' ') s.pop_back();
  if (s == "half" || s == "bfloat16" || s == "uint16_t" || s == "int16_t" || s == "short" ||
      s == "unsigned short" || s == "ushort" || s == "_Float16" || s == "__bf16")
    return 2;
  if (s == "uint8_t" || s == "int8_t" || s == "char" || s == "signed char" ||
      s == "unsigned char" || s == "uchar" || s == "bool" || s == "std::byte" || s == "byte")
    return 1;
  if (s == "float" || s == "int" || s == "uint32_t" || s == "int32_t" || s == "unsigned" ||
      s == "unsigned int" || s == "uint" || s == "tfloat32")
    return 4;
  if (s == "double" || s == "int64_t" || s == "uint64_t" || s == "long" || s == "unsigned long" ||
      s == "long long" || s == "unsigned long long" || s == "size_t")
    return 8;
  return 0;
}

std::optional<simd_shape> simd_type(const std::string& spelling) {
  static const std::regex simd_re(
      R"((?:^|[^\w])simd<\s*(.+?)\s*,\s*([^<>]+?)\s*>\s*(?:\[(\d+)\])?\s*(&)?\s*$)");
  static const std::regex mask_re(
      R"((?:^|[^\w])simd_mask<\s*([^<>]+?)\s*>\s*(?:\[(\d+)\])?\s*(&)?\s*$)");
  static const std::regex dims_re(R"((\[\d+\])(\[\d+\])+\s*$)");
  std::string s = spelling;
  // simd<T, N> a[K][M]: one dimension of K * M elements.
  std::smatch dm;
  if (std::regex_search(s, dm, dims_re)) {
    std::string dims = dm[0].str();
    long long prod = 1;
    static const std::regex one(R"(\[(\d+)\])");
    for (std::sregex_iterator it(dims.begin(), dims.end(), one), end; it != end; ++it)
      prod *= std::stoll((*it)[1].str());
    s = s.substr(0, static_cast<std::size_t>(dm.position(0))) + "[" + std::to_string(prod) + "]";
  }
  for (const char* q : {"const ", "volatile "})
    for (std::size_t p; (p = s.find(q)) != std::string::npos;)
      s.erase(p, std::char_traits<char>::length(q));
  std::smatch m;
  simd_shape out;
  if (std::regex_search(s, m, mask_re)) {
    if (m[3].matched) return std::nullopt;  // a reference
    out.mask = true;
    out.elem = "uint16_t";
    out.elem_size = 2;  // simd_mask elements are 16-bit (DPC++'s simd_mask_elem_type)
    try {
      out.lanes = std::stoll(m[1].str());
    } catch (...) {
      out.lanes = -1;
    }
    if (m[2].matched) out.count = std::stoll(m[2].str());
    return out;
  }
  if (std::regex_search(s, m, simd_re)) {
    if (m[4].matched) return std::nullopt;
    out.elem = m[1].str();
    out.elem_size = scalar_size(out.elem);
    try {
      std::size_t used = 0;
      out.lanes = std::stoll(m[2].str(), &used);
      if (used != m[2].str().size()) out.lanes = -1;
    } catch (...) {
      out.lanes = -1;
    }
    if (m[3].matched) out.count = std::stoll(m[3].str());
    return out;
  }
  return std::nullopt;
}

bool is_varying_call_name(const std::string& n) {
  static const std::set<std::string> names = {
      "block_load",
      "gather",
      "slm_block_load",
      "slm_gather",
      "load",
      "lsc_block_load",
      "lsc_gather",
      "lsc_slm_block_load",
      "lsc_slm_gather",
      "atomic_update",
      "slm_atomic_update",
      "get_global_id",
      "get_local_id",
      "get_global_linear_id",
      "get_local_linear_id",
      "get_id",
      "get_linear_id",
      "copy_from"};  // (get_group is the same for the whole group)
  return names.count(n) > 0;
}

std::set<std::uint64_t> refs_in(node* n) {
  std::set<std::uint64_t> out;
  n->visit([&](node* k) {
    if (k->is(CXCursor_DeclRefExpr) && k->decl) out.insert(k->decl);
    return true;
  });
  return out;
}

bool varies(const unit& u, node* n, const std::set<std::uint64_t>& varying) {
  bool v = false;
  // Queries that answer the same for every work-item of a group.
  static const std::set<std::string> uniform = {
      "get_group",       "get_group_linear_id", "get_group_range",
      "get_local_range", "get_global_range",    "get_nd_range",
      "get_range",       "get_offset",          "get_max_local_range"};
  n->visit([&](node* k) {
    if (v) return false;
    if (k->is(CXCursor_MemberRefExpr) && uniform.count(k->spelling)) return false;
    if ((k->is(CXCursor_DeclRefExpr) || k->is(CXCursor_MemberRefExpr)) && varying.count(k->decl))
      v = true;
    if ((k->is(CXCursor_CallExpr) || k->is(CXCursor_MemberRefExpr) ||
         k->is(CXCursor_OverloadedDeclRef) || k->is(CXCursor_DeclRefExpr)) &&
        is_varying_call_name(k->spelling))
      v = true;
    if (k->is(CXCursor_ArraySubscriptExpr)) {
      // p[i] through a pointer reads memory: a per-item value unless p and i are uniform
      // buffers... treat memory reads as varying.
      node* base = strip(k->kids.empty() ? nullptr : k->kids[0]);
      if (base && base->type_spelling().find('*') != std::string::npos) v = true;
    }
    return true;
  });
  (void)u;
  return v;
}

std::set<std::uint64_t> varying_vars(const unit& u, const function& f) {
  std::set<std::uint64_t> out;
  for (node* p : f.params) out.insert(p->self);
  // Fixed point over declarations and assignments in the body.
  for (bool changed = true; changed;) {
    changed = false;
    f.body->visit([&](node* n) {
      if (n->is(CXCursor_VarDecl) && !out.count(n->self)) {
        node* init = init_of(n);
        if (init && varies(u, init, out)) changed = out.insert(n->self).second || changed;
      }
      if ((n->is(CXCursor_BinaryOperator) && op_of(u, n) == "=") ||
          n->is(CXCursor_CompoundAssignOperator)) {
        if (n->kids.size() == 2) {
          node* lhs = strip(n->kids[0]);
          if (lhs->is(CXCursor_DeclRefExpr) && !out.count(lhs->decl) && varies(u, n->kids[1], out))
            changed = out.insert(lhs->decl).second || changed;
        }
      }
      // A loop variable whose bounds vary.
      if (n->is(CXCursor_ForStmt)) {
        if (auto L = as_counted_loop(u, n)) {
          if (!out.count(L->var) &&
              ((L->init && varies(u, L->init, out)) || (L->bound && varies(u, L->bound, out))))
            changed = out.insert(L->var).second || changed;
        }
      }
      return true;
    });
  }
  return out;
}

}  // namespace xesim::lint
