// first-match-hmax: hmax over per-chunk fbl indices, which finds the LAST matching chunk.
#include "common.hpp"

#include <set>

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kFirstMatchHmax = {
    {"first-match-hmax", severity::error,
     "hmax over per-chunk fbl results returns the last matching chunk, not the first"},
    check};

namespace {

// Whether the token range [b, e) holds a vector fbl: fbl(x) with x a simd variable.
bool has_vector_fbl(const unit& u, unsigned b, unsigned e) {
  for (const call& c : u.calls("fbl", b, e)) {
    if (c.member || c.args.size() != 1) continue;
    node* a = arg_node(u, c, 0);
    if (a && simd_type(a->type_spelling())) return true;
    if (c.args[0].second - c.args[0].first == 1 && simd_type(var_type_at(u, c.args[0].first)))
      return true;
  }
  return false;
}

void check(const unit& u, reporter& r) {
  for (const function& f : u.fns) {
    // Variables holding vector-fbl results or values computed from them.
    std::set<std::uint64_t> from_fbl;
    auto tainted = [&](node* e) {
      if (has_vector_fbl(u, e->b, e->e)) return true;
      for (std::uint64_t k : refs_in(e))
        if (from_fbl.count(k)) return true;
      return false;
    };
    for (bool changed = true; changed;) {
      changed = false;
      f.body->visit([&](node* n) {
        if (n->is(CXCursor_VarDecl) && !from_fbl.count(n->self) && !n->kids.empty() &&
            clang_isExpression(n->kids.back()->kind) && tainted(n->kids.back()))
          changed = from_fbl.insert(n->self).second || changed;
        return true;
      });
    }
    if (from_fbl.empty()) continue;
    for (const call& c : u.calls("hmax", f.body->b, f.body->e)) {
      if (!esimd_call(c) || c.args.empty()) continue;
      node* a = arg_node(u, c, 0);
      const unsigned b = u.toks[c.args[0].first].b, e = u.toks[c.args[0].second - 1].e;
      bool hit = has_vector_fbl(u, b, e);
      if (!hit && a) hit = tainted(a);
      if (!hit && !a) {
        for (std::size_t k = c.args[0].first; k < c.args[0].second; ++k) {
          node* ref = u.ref_at(u.toks[k].b, u.toks[k].e);
          if (ref && from_fbl.count(ref->decl)) hit = true;
        }
      }
      if (!hit) continue;
      r.report(kFirstMatchHmax.info, u.toks[c.name].b,
               "hmax over per-chunk fbl indices returns the lane of the LAST chunk that matches, "
               "not the first: give chunks without a match a sentinel above every index "
               "(merge(simd<int, M>(INT_MAX), glob, bit_idx == -1)) and take hmin; -1 for no "
               "match is then hmin == INT_MAX");
    }
  }
}

}  // namespace
}  // namespace xesim::lint
