// unaligned-block-access: a 1- or 2-byte element block_load/block_store at an address not
// provably a multiple of 4 bytes, without an alignment<> property.
#include "common.hpp"

#include <algorithm>
#include <numeric>

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kUnalignedBlockAccess = {
    {"unaligned-block-access", severity::error,
     "1-/2-byte element block access at an offset not provably 4-byte aligned, no alignment<>"},
    check};

namespace {

constexpr long long kMax = 64;  // USM bases: at least 64-byte aligned here and on the GPU

long long pow2_of(long long v) {
  if (v == 0) return kMax;
  long long p = 1;
  while (p < kMax && v % (p * 2) == 0) p *= 2;
  return p;
}

struct prover {
  const unit& u;
  const function& f;
  // The access's own lane count as written (a template parameter, say) and element size: a
  // block access is whole dwords (N * sizeof(T) a multiple of 4), so an offset that is a
  // multiple of that same N is aligned.
  std::string lanes_text;
  long long elem = 4;

  // Whether the variable is assigned anywhere after its declaration (then its value is unknown).
  bool reassigned(std::uint64_t key) const {
    bool hit = false;
    f.body->visit([&](node* n) {
      if (hit) return false;
      if ((n->is(CXCursor_BinaryOperator) && op_of(u, n) == "=") ||
          n->is(CXCursor_CompoundAssignOperator) ||
          (n->is(CXCursor_UnaryOperator) && (op_of(u, n) == "++" || op_of(u, n) == "--"))) {
        node* lhs = strip(n->kids.empty() ? nullptr : n->kids[0]);
        if (lhs && lhs->is(CXCursor_DeclRefExpr) && lhs->decl == key) hit = true;
      }
      return true;
    });
    return hit;
  }

  // The loop that declares `key` as its counter, if any.
  std::optional<counted_loop> loop_of(std::uint64_t key) const {
    std::optional<counted_loop> out;
    f.body->visit([&](node* n) {
      if (out) return false;
      if (n->is(CXCursor_ForStmt))
        if (auto L = as_counted_loop(u, n); L && L->var == key) out = L;
      return true;
    });
    return out;
  }

  // The largest power of two (<= 64) known to divide the integer expression n.
  long long divisor(node* n, int depth = 0) const {
    n = strip(n);
    if (!n || depth > 12) return 1;
    if (auto v = const_value(u, n)) return pow2_of(*v < 0 ? -*v : *v);
    if (!lanes_text.empty() && elem < 4 && u.joined(u.tok_at(n->b), u.tok_at(n->e)) == lanes_text)
      return 4 / elem;
    switch (n->kind) {
      case CXCursor_BinaryOperator: {
        if (n->kids.size() != 2) return 1;
        const std::string op = op_of(u, n);
        const long long a = divisor(n->kids[0], depth + 1), b = divisor(n->kids[1], depth + 1);
        if (op == "*") return std::min(kMax, a * b);
        if (op == "+" || op == "-") return std::min(a, b);
        if (op == "<<") {
          if (auto s = const_value(u, n->kids[1])) return std::min(kMax, a << std::min(*s, 6LL));
        }
        if (op == "&") return std::max(a, b);
        return 1;
      }
      case CXCursor_CStyleCastExpr:
      case CXCursor_CXXFunctionalCastExpr:
      case CXCursor_CXXStaticCastExpr:
        return n->kids.empty() ? 1 : divisor(n->kids.back(), depth + 1);
      case CXCursor_DeclRefExpr: {
        node* d = u.decl_node(n->decl);
        if (!d || !d->is(CXCursor_VarDecl)) return 1;
        if (auto L = loop_of(d->self)) {
          if (!L->init) return 1;
          return std::min(divisor(L->init, depth + 1), pow2_of(L->step < 0 ? -L->step : L->step));
        }
        if (reassigned(d->self) || d->kids.empty() || !clang_isExpression(d->kids.back()->kind))
          return 1;
        return divisor(d->kids.back(), depth + 1);
      }
      default:
        return 1;
    }
  }

  // The byte offset of the integer expression n (counted in units of `unit` bytes) modulo 4,
  // when known: constants, multiples of 4 bytes, and sums of those.
  std::optional<long long> residue(node* n, long long unit, int depth = 0) const {
    n = strip(n);
    if (!n || depth > 12) return std::nullopt;
    if (auto v = const_value(u, n)) return (((*v * unit) % 4) + 4) % 4;
    if ((divisor(n) * unit) % 4 == 0) return 0;
    if (n->is(CXCursor_BinaryOperator) && n->kids.size() == 2) {
      const std::string op = op_of(u, n);
      if (op == "+" || op == "-") {
        auto a = residue(n->kids[0], unit, depth + 1), b = residue(n->kids[1], unit, depth + 1);
        if (a && b) return (((op == "+" ? *a + *b : *a - *b) % 4) + 4) % 4;
      }
    }
    if ((n->is(CXCursor_CStyleCastExpr) || n->is(CXCursor_CXXStaticCastExpr) ||
         n->is(CXCursor_CXXFunctionalCastExpr)) &&
        !n->kids.empty())
      return residue(n->kids.back(), unit, depth + 1);
    if (n->is(CXCursor_DeclRefExpr)) {
      node* d = u.decl_node(n->decl);
      if (d && d->is(CXCursor_VarDecl) && !loop_of(d->self) && !reassigned(d->self) &&
          !d->kids.empty() && clang_isExpression(d->kids.back()->kind))
        return residue(d->kids.back(), unit, depth + 1);
    }
    return std::nullopt;
  }

  // The pointer's byte address modulo 4, when known (kernel arguments and captures: 0).
  std::optional<long long> ptr_residue(node* n, long long elem, int depth = 0) const {
    n = strip(n);
    if (!n || depth > 12) return std::nullopt;
    if (ptr_align(n, elem) >= 4) return 0;
    switch (n->kind) {
      case CXCursor_BinaryOperator: {
        if (n->kids.size() != 2) return std::nullopt;
        const std::string op = op_of(u, n);
        if (op != "+" && op != "-") return std::nullopt;
        node* a = strip(n->kids[0]);
        node* b = strip(n->kids[1]);
        const bool a_ptr = a->type_spelling().find('*') != std::string::npos;
        auto pr = ptr_residue(a_ptr ? a : b, elem, depth + 1);
        auto ir = residue(a_ptr ? b : a, elem, depth + 1);
        if (!pr || !ir) return std::nullopt;
        return (((op == "+" ? *pr + *ir : *pr - *ir) % 4) + 4) % 4;
      }
      case CXCursor_CStyleCastExpr:
      case CXCursor_CXXReinterpretCastExpr:
      case CXCursor_CXXStaticCastExpr:
      case CXCursor_CXXConstCastExpr:
        return n->kids.empty() ? std::nullopt : ptr_residue(n->kids.back(), elem, depth + 1);
      case CXCursor_DeclRefExpr: {
        node* d = u.decl_node(n->decl);
        if (!d || !d->is(CXCursor_VarDecl) || reassigned(d->self) || d->kids.empty() ||
            !clang_isExpression(d->kids.back()->kind))
          return std::nullopt;
        return ptr_residue(d->kids.back(), elem, depth + 1);
      }
      default:
        return std::nullopt;
    }
  }

  // Known byte alignment of a pointer expression; elem = element size of what it points to.
  long long ptr_align(node* n, long long elem, int depth = 0) const {
    n = strip(n);
    if (!n || depth > 12) return elem;
    switch (n->kind) {
      case CXCursor_BinaryOperator: {
        if (n->kids.size() != 2) return elem;
        const std::string op = op_of(u, n);
        if (op != "+" && op != "-") return elem;
        node* a = strip(n->kids[0]);
        node* b = strip(n->kids[1]);
        const bool a_ptr = a->type_spelling().find('*') != std::string::npos;
        node* p = a_ptr ? a : b;
        node* i = a_ptr ? b : a;
        return std::min(ptr_align(p, elem, depth + 1),
                        std::min(kMax, elem * divisor(i, depth + 1)));
      }
      case CXCursor_CStyleCastExpr:
      case CXCursor_CXXReinterpretCastExpr:
      case CXCursor_CXXStaticCastExpr:
      case CXCursor_CXXConstCastExpr:
        return n->kids.empty() ? elem : ptr_align(n->kids.back(), elem, depth + 1);
      case CXCursor_DeclRefExpr: {
        node* d = u.decl_node(n->decl);
        // Parameters and captures: USM allocations from the host, aligned.
        if (!d || d->is(CXCursor_ParmDecl)) return kMax;
        if (!d->is(CXCursor_VarDecl)) return elem;
        const bool local = d->b >= f.body->b && d->e <= f.body->e;
        if (!local) return kMax;  // captured by the kernel lambda
        if (reassigned(d->self) || d->kids.empty() || !clang_isExpression(d->kids.back()->kind))
          return elem;
        return ptr_align(d->kids.back(), elem, depth + 1);
      }
      default:
        return elem;
    }
  }
};

bool has_alignment_prop(const unit& u, const call& c) {
  for (std::size_t k = c.lparen; k < c.rparen; ++k) {
    const std::string& t = u.toks[k].text;
    if (t == "alignment" || t == "element_aligned" || t == "vector_aligned" || t == "overaligned" ||
        t == "overaligned_tag" || t == "element_aligned_tag" || t == "vector_aligned_tag")
      return true;
  }
  return false;
}

bool is_props(const unit& u, const call& c, std::size_t i) {
  return arg_has_token(u, c, i, "properties") || arg_has_token(u, c, i, "cache_hint_L1") ||
         arg_has_token(u, c, i, "cache_hint_L2");
}

bool integral_arg(const unit& u, const call& c, std::size_t i) {
  node* a = arg_node(u, c, i);
  if (!a) return false;
  const std::string t = a->type_spelling();
  return t.find('*') == std::string::npos && !simd_type(t) && t.find("simd") == std::string::npos &&
         t.find("mask") == std::string::npos && !is_props(u, c, i) &&
         (t.find("int") != std::string::npos || t.find("long") != std::string::npos ||
          t.find("size_t") != std::string::npos || t.find("unsigned") != std::string::npos ||
          t.find("short") != std::string::npos || t.find("dependent") != std::string::npos);
}

void check(const unit& u, reporter& r) {
  for (const function& f : u.fns) {
    prover pv{u, f, "", 4};
    for (const char* name : {"block_load", "block_store", "slm_block_load", "slm_block_store"}) {
      const bool slm = name[0] == 's';
      const bool store = std::string(name).find("store") != std::string::npos;
      for (const call& c : u.calls(name, f.body->b, f.body->e)) {
        if (!esimd_call(c) || c.args.empty() || has_alignment_prop(u, c)) continue;
        // Element size: the first template argument, else the pointer / simd argument type.
        int elem = c.targs.empty() ? 0 : scalar_size(u.joined(c.targs[0].first, c.targs[0].second));
        if (elem == 0 && !c.targs.empty())
          continue;  // a type we cannot size (a template parameter)
        if (elem == 0 && !slm) {
          node* p = arg_node(u, c, 0);
          if (p) {
            CXType t = clang_getPointeeType(clang_getCanonicalType(p->type()));
            long long s = clang_Type_getSizeOf(t);
            if (s > 0) elem = static_cast<int>(s);
          }
        }
        if (elem != 1 && elem != 2) continue;
        pv.elem = elem;
        pv.lanes_text = c.targs.size() >= 2 ? u.joined(c.targs[1].first, c.targs[1].second) : "";
        // The access address modulo 4: 0 is provably aligned, another value provably wrong.
        std::optional<long long> res;
        if (slm) {
          res = pv.residue(arg_node(u, c, 0), 1);
        } else {
          node* p = arg_node(u, c, 0);
          if (!p || p->type_spelling().find('*') == std::string::npos) continue;  // accessors
          res = pv.ptr_residue(p, elem);
          // (ptr, byte_offset, ...) form.
          const std::size_t need = store ? 3 : 2;
          if (c.args.size() >= need && integral_arg(u, c, 1)) {
            auto off = pv.residue(arg_node(u, c, 1), 1);
            res = res && off ? std::optional<long long>((*res + *off) % 4) : std::nullopt;
          }
        }
        if (res && *res == 0) continue;
        const bool wrong = res.has_value();
        const std::string a = std::to_string(elem);
        std::vector<fix_it> fixes;
        bool props_arg = false;
        for (std::size_t i = 0; i < c.args.size(); ++i) props_arg = props_arg || is_props(u, c, i);
        if (!props_arg)
          fixes.push_back(
              r.edit(u.toks[c.rparen].b, u.toks[c.rparen].b, ", properties{alignment<" + a + ">}"));
        const std::string what =
            std::string(name) + "<" +
            (c.targs.empty() ? "T" : u.joined(c.targs[0].first, c.targs[0].second)) + ", ...>";
        if (wrong)
          r.report(
              kUnalignedBlockAccess.info, severity::error, u.toks[c.name].b,
              what + " at a byte address that is " + std::to_string(*res) +
                  " past a multiple of 4: "
                  "block access assumes 4-byte alignment by default and gives wrong data here; "
                  "pass properties{alignment<" +
                  a + ">}",
              fixes);
        else
          r.report(
              kUnalignedBlockAccess.info, severity::warning, u.toks[c.name].b,
              what + " of " + a +
                  "-byte elements at an offset not provably a multiple of 4 "
                  "bytes: block access assumes 4-byte alignment by default (wrong data on an odd " +
                  (elem == 2 ? "element index" : "byte offset") + "); pass properties{alignment<" +
                  a + ">} or make the offset provably aligned",
              fixes);
      }
    }
  }
}

}  // namespace
}  // namespace xesim::lint
