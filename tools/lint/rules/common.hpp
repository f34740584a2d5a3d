// Small helpers shared by the rule files.
#pragma once

#include "../rule.hpp"

#include <string>

namespace xesim::lint {

/// The node spanning the call's tokens (the call expression), or the innermost one around it.
inline node* call_node(const unit& u, const call& c) {
  const unsigned b = u.toks[c.first].b, e = u.toks[c.rparen].e;
  if (node* n = u.node_at(b, e)) return n;
  return u.enclosing(b, e);
}

/// The expression node of argument i (exact extent), or nullptr.
inline node* arg_node(const unit& u, const call& c, std::size_t i) {
  if (i >= c.args.size()) return nullptr;
  return u.node_at(u.toks[c.args[i].first].b, u.toks[c.args[i].second - 1].e);
}

inline std::string arg_text(const unit& u, const call& c, std::size_t i) {
  if (i >= c.args.size()) return "";
  return u.slice(u.toks[c.args[i].first].b, u.toks[c.args[i].second - 1].e);
}

inline bool arg_has_token(const unit& u, const call& c, std::size_t i, const char* t) {
  if (i >= c.args.size()) return false;
  for (std::size_t k = c.args[i].first; k < c.args[i].second; ++k)
    if (u.toks[k].is(t)) return true;
  return false;
}

/// Whether the call can be ESIMD's: not a member call, and unqualified or qualified by anything
/// but std (esimd::, sycl::ext::intel::esimd::, a namespace alias of it).
inline bool esimd_call(const call& c) {
  return !c.member && c.qualifier != "std::" && c.qualifier != "::std::";
}

/// The declared type of the variable an identifier token names ("" when unknown).
inline std::string var_type_at(const unit& u, std::size_t tok) {
  node* n = u.ref_at(u.toks[tok].b, u.toks[tok].e);
  if (!n) return "";
  node* d = u.decl_node(n->decl);
  return d ? d->type_spelling() : "";
}

/// `if constexpr (...)`.
inline bool is_if_constexpr(const unit& u, const node* if_stmt) {
  std::size_t i = u.tok_at(if_stmt->b);
  return i + 1 < u.toks.size() && u.toks[i + 1].is("constexpr");
}

/// The condition of an if/while/switch/for statement (its first expression child).
inline node* condition_of(node* stmt) {
  if (stmt->is(CXCursor_ForStmt)) return stmt->kids.size() >= 2 ? stmt->kids[1] : nullptr;
  for (node* k : stmt->kids)
    if (clang_isExpression(k->kind)) return k;
  return stmt->kids.empty() ? nullptr : stmt->kids[0];
}

inline std::string line_of(const unit& u, unsigned off) {
  return std::to_string(u.line_col(off).first);
}

}  // namespace xesim::lint
