// missing-unroll: a compile-time trip-count loop that indexes registers with its counter and
// has no unroll pragma.
#include "common.hpp"

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kMissingUnroll = {
    {"missing-unroll", severity::warning,
     "constant-trip loop indexing simd registers by its counter without #pragma unroll"},
    check};

namespace {

// Whether the lines just above the loop hold an unroll pragma (#pragma unroll [N],
// #pragma GCC unroll N, #pragma clang loop unroll(...), #pragma nounroll).
bool has_unroll_pragma(const unit& u, const node* loop) {
  std::size_t i = u.tok_at(loop->b);
  // Walk back over preprocessor lines: "#" "pragma" ... each on its own line.
  while (i > 0) {
    std::size_t j = i - 1;
    const unsigned line = u.line_col(u.toks[j].b).first;
    std::size_t start = j;
    while (start > 0 && u.line_col(u.toks[start - 1].b).first == line) --start;
    if (!u.toks[start].is("#") || start + 1 >= u.toks.size() || !u.toks[start + 1].is("pragma"))
      return false;
    for (std::size_t k = start + 2; k <= j; ++k)
      if (u.toks[k].is("unroll") || u.toks[k].is("nounroll")) return true;
    i = start;
  }
  return false;
}

// The register value the loop counter indexes, if any: v[i], v.select<..>(..i..) on a simd or
// simd_mask variable, a[i] on an array of simd.
std::string register_index(const unit& u, const counted_loop& L, node* body) {
  std::string hit;
  const std::size_t b = u.tok_at(body->b), e = u.tok_at(body->e);
  for (std::size_t k = b; k + 1 < e && hit.empty(); ++k) {
    if (u.toks[k].kind != CXToken_Identifier) continue;
    const std::string type = var_type_at(u, k);
    if (type.empty() || type.find("simd") == std::string::npos ||
        type.find('*') != std::string::npos)
      continue;
    std::size_t open = std::string::npos;
    if (u.toks[k + 1].is("[")) {
      open = k + 1;
    } else if (u.toks[k + 1].is(".")) {
      std::size_t m = k + 2;
      if (m < e && u.toks[m].is("template")) ++m;
      if (m < e && (u.toks[m].is("select") || u.toks[m].is("replicate_w") ||
                    u.toks[m].is("replicate_vs_w"))) {
        std::size_t n = m + 1;
        if (n < e && u.toks[n].is("<")) n = u.match(n) + 1;
        if (n < e && u.toks[n].is("(")) open = n;
      }
    }
    if (open == std::string::npos) continue;
    const std::size_t close = u.match(open);
    for (std::size_t q = open + 1; q < close && q < e; ++q) {
      if (u.toks[q].kind != CXToken_Identifier) continue;
      node* ref = u.ref_at(u.toks[q].b, u.toks[q].e);
      if (ref && ref->decl == L.var) {
        hit = u.joined(k, close + 1);
        break;
      }
    }
  }
  return hit;
}

void check(const unit& u, reporter& r) {
  for (const function& f : u.fns) {
    f.body->visit([&](node* n) {
      if (!n->is(CXCursor_ForStmt)) return true;
      auto L = as_counted_loop(u, n);
      if (!L || !L->constant_trip || L->step == 0) return true;
      if (L->trip && (*L->trip <= 1 || *L->trip > 64)) return true;  // nothing to unroll / too big
      if (has_unroll_pragma(u, n)) return true;
      // Straight-line bodies only: a body with its own loops, run-time branches or jumps is not
      // what a full unroll is for (edge paths, streaming outer loops).
      bool branchy = false;
      n->kids.back()->visit([&](node* k) {
        if (k->is(CXCursor_ForStmt) || k->is(CXCursor_WhileStmt) || k->is(CXCursor_DoStmt) ||
            k->is(CXCursor_CXXForRangeStmt) || k->is(CXCursor_BreakStmt) ||
            k->is(CXCursor_ContinueStmt) || k->is(CXCursor_ReturnStmt) ||
            k->is(CXCursor_SwitchStmt) || (k->is(CXCursor_IfStmt) && !is_if_constexpr(u, k)))
          branchy = true;
        return !branchy && !k->is(CXCursor_LambdaExpr);
      });
      if (branchy) return true;
      // Only loops whose counter picks registers: there a rolled loop needs indirect register
      // addressing; a loop that only streams memory is the compiler's to unroll (quieter).
      const std::string use = register_index(u, *L, n->kids.back());
      if (use.empty()) return true;
      const unsigned line_start = static_cast<unsigned>(u.text.rfind('\n', n->b) + 1);
      const std::string indent = u.slice(line_start, n->b);
      const bool only_space = indent.find_first_not_of(" \t") == std::string::npos;
      std::vector<fix_it> fixes;
      if (only_space) fixes.push_back(r.edit(line_start, line_start, indent + "#pragma unroll\n"));
      r.report(kMissingUnroll.info, n->b,
               "loop with a compile-time trip count" +
                   (L->trip ? " (" + std::to_string(*L->trip) + ")" : std::string()) +
                   " indexes simd registers by its counter ('" + use +
                   "') and has no #pragma unroll: kept as a loop, each such access needs a "
                   "run-time register index, and every iteration a counter and a branch; add "
                   "#pragma unroll",
               fixes);
      return true;
    });
  }
}

}  // namespace
}  // namespace xesim::lint
