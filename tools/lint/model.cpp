// Building a unit: parse with libclang, tokenize the file, mirror its cursors, find the kernels.
#include "model.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace xesim::lint {

const char* const kPreludeName = "/xesim-lint/prelude.hpp";
// clang 14 has no __builtin_source_location, so libstdc++ 12's <source_location> is empty and
// xesim's headers (which default arguments to std::source_location::current()) would not parse.
const char* const kPreludeText = R"(#pragma once
#include <version>
#if !__has_builtin(__builtin_source_location)
namespace std {
struct source_location {
  static constexpr source_location current() noexcept { return {}; }
  constexpr unsigned line() const noexcept { return 0; }
  constexpr unsigned column() const noexcept { return 0; }
  constexpr const char* file_name() const noexcept { return ""; }
  constexpr const char* function_name() const noexcept { return ""; }
};
}  // namespace std
#endif
)";

namespace {

std::string str(CXString s) {
  const char* c = clang_getCString(s);
  std::string out = c ? c : "";
  clang_disposeString(s);
  return out;
}

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

// Offset of a location if it is in `file`, else nullopt.
std::optional<unsigned> offset_in(CXSourceLocation loc, CXFile file) {
  CXFile f = nullptr;
  unsigned off = 0;
  clang_getSpellingLocation(loc, &f, nullptr, nullptr, &off);
  if (f == nullptr || !clang_File_isEqual(f, file)) return std::nullopt;
  return off;
}

std::uint64_t key_of(CXCursor c, CXFile file) {
  if (clang_Cursor_isNull(c) || clang_isInvalid(clang_getCursorKind(c))) return 0;
  if (auto off = offset_in(clang_getCursorLocation(c), file)) return (std::uint64_t{*off} << 1) | 1;
  return std::uint64_t{clang_hashCursor(c)} << 33;
}

struct builder {
  unit& u;
  CXFile file;

  node* add(CXCursor c, node* parent) {
    CXSourceRange r = clang_getCursorExtent(c);
    auto b = offset_in(clang_getRangeStart(r), file), e = offset_in(clang_getRangeEnd(r), file);
    if (!b || !e || *e < *b) return nullptr;  // macro bodies, other files
    node& n = u.nodes.emplace_back();
    n.kind = clang_getCursorKind(c);
    n.cur = c;
    n.b = *b;
    n.e = *e;
    n.spelling = str(clang_getCursorSpelling(c));
    n.parent = parent;
    if (clang_isDeclaration(n.kind)) {
      n.self = key_of(c, file);
      if (n.self != 0) u.decls_.emplace(n.self, &n);
    }
    if (n.kind == CXCursor_DeclRefExpr || n.kind == CXCursor_MemberRefExpr ||
        n.kind == CXCursor_CallExpr || n.kind == CXCursor_TypeRef ||
        n.kind == CXCursor_TemplateRef || n.kind == CXCursor_OverloadedDeclRef ||
        n.kind == CXCursor_VariableRef) {
      CXCursor ref = clang_getCursorReferenced(c);
      if (n.kind == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(c) > 0)
        ref = clang_getOverloadedDecl(c, 0);
      n.decl = key_of(ref, file);
    }
    if (parent) parent->kids.push_back(&n);
    clang_visitChildren(
        c,
        [](CXCursor k, CXCursor, CXClientData d) {
          auto* self = static_cast<std::pair<builder*, node*>*>(d);
          self->first->add(k, self->second);
          return CXChildVisit_Continue;
        },
        new_ctx(&n));
    return &n;
  }

  // The visitor's client data must outlive the call; a small pool keeps them.
  std::deque<std::pair<builder*, node*>> ctx_;
  CXClientData new_ctx(node* n) { return &ctx_.emplace_back(this, n); }
};

bool is_function_kind(CXCursorKind k) {
  return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
         k == CXCursor_LambdaExpr;
}

node* body_of(node* fn) {
  for (node* k : fn->kids)
    if (k->is(CXCursor_CompoundStmt)) return k;
  return nullptr;
}

// Whether the tokens of a declaration up to its body carry the ESIMD marker: the (empty, in
// xesim) macro SYCL_ESIMD_KERNEL / SYCL_ESIMD_FUNCTION, or [[intel::sycl_explicit_simd]].
bool marked_esimd(const unit& u, unsigned b, unsigned body_b, bool* is_kernel_macro,
                  bool look_back) {
  std::size_t first = u.tok_at(b);
  // A function's marker may precede its extent (SYCL_ESIMD_FUNCTION int f(), [[...]] void f()).
  for (int n = 0; look_back && first > 0 && n < 12; ++n) {
    const token& t = u.toks[first - 1];
    if (t.is(";") || t.is("}") || t.is("{") || t.is("#")) break;
    --first;
  }
  for (std::size_t i = first; i < u.toks.size() && u.toks[i].b < body_b; ++i) {
    const token& t = u.toks[i];
    if (t.is("SYCL_ESIMD_KERNEL") || t.is("SYCL_ESIMD_FUNCTION")) {
      if (is_kernel_macro) *is_kernel_macro = t.is("SYCL_ESIMD_KERNEL");
      return true;
    }
    if (t.is("sycl_explicit_simd") && i >= 2 && u.toks[i - 1].is("::") && u.toks[i - 2].is("intel"))
      return true;
  }
  return false;
}

}  // namespace

std::string node::type_spelling() const { return str(clang_getTypeSpelling(type())); }

void node::visit(const std::function<bool(node*)>& f) {
  if (!f(this)) return;
  for (node* k : kids) k->visit(f);
}

std::pair<unsigned, unsigned> unit::line_col(unsigned off) const {
  unsigned line = 1, col = 1;
  for (unsigned i = 0; i < off && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      col = 1;
    } else {
      ++col;
    }
  }
  return {line, col};
}

std::string unit::joined(std::size_t first, std::size_t last) const {
  std::string s;
  for (std::size_t i = first; i < last && i < toks.size(); ++i) {
    if (!s.empty() && toks[i].ident() &&
        (std::isalnum(static_cast<unsigned char>(s.back())) || s.back() == '_'))
      s += ' ';
    s += toks[i].text;
  }
  return s;
}

std::size_t unit::tok_at(unsigned off) const {
  auto it = std::lower_bound(toks.begin(), toks.end(), off,
                             [](const token& t, unsigned o) { return t.b < o; });
  return static_cast<std::size_t>(it - toks.begin());
}

std::size_t unit::match(std::size_t i) const {
  const std::string& open = toks[i].text;
  const std::string close = open == "(" ? ")" : open == "[" ? "]" : open == "{" ? "}" : ">";
  int depth = 0;
  for (std::size_t j = i; j < toks.size(); ++j) {
    const std::string& t = toks[j].text;
    if (open == "<") {
      // Template brackets: nested (), [], {} are skipped; >> closes two.
      if (t == "(" || t == "[" || t == "{") {
        j = match(j);
        continue;
      }
      if (t == "<") ++depth;
      if (t == ">") --depth;
      if (t == ">>") depth -= 2;
      if (t == ";") return toks.size();
      if (depth <= 0) return j;
    } else {
      if (t == open) ++depth;
      if (t == close && --depth == 0) return j;
    }
  }
  return toks.size();
}

std::vector<call> unit::calls(std::string_view name, unsigned b, unsigned e) const {
  std::vector<call> out;
  for (std::size_t i = tok_at(b); i < toks.size() && toks[i].b < e; ++i) {
    if (toks[i].kind != CXToken_Identifier || toks[i].text != name) continue;
    call c;
    c.name = i;
    std::size_t j = i + 1;
    if (j < toks.size() && toks[j].is("<")) {
      std::size_t close = match(j);
      if (close >= toks.size()) continue;
      std::size_t start = j + 1;
      int depth = 0;
      for (std::size_t k = j + 1; k <= close; ++k) {
        const std::string& t = toks[k].text;
        if (t == "(" || t == "[" || t == "{") {
          k = match(k);
          continue;
        }
        if (t == "<") ++depth;
        if ((t == ">" || t == ">>") && depth > 0 && k != close) --depth;
        if ((t == "," && depth == 0) || k == close) {
          if (k > start) c.targs.emplace_back(start, k);
          start = k + 1;
        }
      }
      j = close + 1;
    }
    if (j >= toks.size() || !toks[j].is("(")) continue;
    c.lparen = j;
    c.rparen = match(j);
    if (c.rparen >= toks.size()) continue;
    std::size_t start = j + 1;
    for (std::size_t k = j + 1; k <= c.rparen; ++k) {
      const std::string& t = toks[k].text;
      if (k != c.rparen && (t == "(" || t == "[" || t == "{")) {
        k = match(k);
        continue;
      }
      if (t == "<") {  // a template argument list inside an argument (alignment<2>, f<a, b>(x))
        std::size_t close = match(k);
        if (close < c.rparen && k > 0 && toks[k - 1].kind == CXToken_Identifier) {
          // Only treat it as brackets when it closes before the call does and is followed by
          // something a template-id can be followed by.
          const std::string& after = close + 1 < toks.size() ? toks[close + 1].text : "";
          if (after == "(" || after == "{" || after == "}" || after == ")" || after == "," ||
              after == "::") {
            k = close;
            continue;
          }
        }
      }
      if ((t == "," || k == c.rparen)) {
        if (k > start) c.args.emplace_back(start, k);
        start = k + 1;
      }
    }
    // Qualifier / object before the name.
    std::size_t f = i;
    if (f >= 1 && toks[f - 1].is("template")) --f;
    if (f >= 1 && (toks[f - 1].is(".") || toks[f - 1].is("->"))) {
      c.member = true;
      c.first = f - 1;
    } else {
      while (f >= 2 && toks[f - 1].is("::") && toks[f - 2].kind == CXToken_Identifier) {
        c.qualifier = toks[f - 2].text + "::" + c.qualifier;
        f -= 2;
      }
      if (f >= 1 && toks[f - 1].is("::")) {
        c.qualifier = "::" + c.qualifier;
        --f;
      }
      c.first = f;
    }
    out.push_back(std::move(c));
  }
  return out;
}

node* unit::node_at(unsigned b, unsigned e) const {
  auto it = std::lower_bound(by_begin_.begin(), by_begin_.end(), b,
                             [](const node* n, unsigned o) { return n->b < o; });
  for (; it != by_begin_.end() && (*it)->b == b; ++it)
    if ((*it)->e == e) return *it;
  return nullptr;
}

node* unit::ref_at(unsigned b, unsigned e) const {
  auto it = std::lower_bound(by_begin_.begin(), by_begin_.end(), b,
                             [](const node* n, unsigned o) { return n->b < o; });
  for (; it != by_begin_.end() && (*it)->b == b; ++it)
    if ((*it)->e == e && (*it)->decl != 0) return *it;
  return nullptr;
}

node* unit::enclosing(unsigned b, unsigned e) const {
  node* best = nullptr;
  for (node* r : roots) {
    if (r->b > b || r->e < e) continue;
    node* cur = r;
    for (bool deeper = true; deeper;) {
      deeper = false;
      for (node* k : cur->kids) {
        if (k->b <= b && k->e >= e) {
          cur = k;
          deeper = true;
          break;
        }
      }
    }
    best = cur;
  }
  return best;
}

node* unit::decl_node(std::uint64_t key) const {
  auto it = decls_.find(key);
  return it == decls_.end() ? nullptr : it->second;
}

const function* unit::function_at(unsigned off) const {
  const function* best = nullptr;
  for (const function& f : fns)
    if (f.body->b <= off && off < f.body->e && (!best || f.body->b >= best->body->b)) best = &f;
  return best;
}

std::vector<std::string> clang_args(const options& opts, bool with_prelude) {
  std::vector<std::string> a = {"-xc++", "-std=c++20", "-ferror-limit=0", "-w",
                                // xesim's half is _Float16, which clang 14 accepts on x86 only
                                // with AVX512-FP16: parsing only, nothing is run.
                                "-mavx512fp16", "-Wno-everything"};
  if (!opts.include_dir.empty()) a.push_back("-I" + opts.include_dir);
  const auto& in = opts.compiler_args;
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::string& s = in[i];
    auto starts = [&](const char* p) { return s.rfind(p, 0) == 0; };
    if (starts("-std=")) {
      a.erase(std::remove(a.begin(), a.end(), "-std=c++20"), a.end());
      a.push_back(s);
    } else if (starts("-I") || starts("-D") || starts("-U") || starts("-iquote") ||
               starts("-isystem") || s == "-include") {
      a.push_back(s);
      if ((s == "-I" || s == "-D" || s == "-U" || s == "-iquote" || s == "-isystem" ||
           s == "-include") &&
          i + 1 < in.size())
        a.push_back(in[++i]);
    } else if (s == "-Xs" || s == "-Xsycl-target-backend" || s == "-o") {
      ++i;  // its argument goes with it
    }
  }
  if (with_prelude) {
    a.push_back("-include");
    a.push_back(kPreludeName);
  }
  return a;
}

std::optional<unit> build_unit(CXIndex index, const std::string& path,
                               const std::vector<std::string>& args, const options& opts,
                               std::string& error) {
  unit u;
  u.path = path;
  u.opts = &opts;
  if (!read_file(path, u.text)) {
    error = "cannot read file";
    return std::nullopt;
  }
  std::vector<const char*> argv;
  for (const std::string& s : args) argv.push_back(s.c_str());
  CXUnsavedFile prelude{kPreludeName, kPreludeText,
                        static_cast<unsigned long>(std::char_traits<char>::length(kPreludeText))};
  CXTranslationUnit tu = nullptr;
  const CXErrorCode rc =
      clang_parseTranslationUnit2(index, path.c_str(), argv.data(), static_cast<int>(argv.size()),
                                  &prelude, 1, CXTranslationUnit_KeepGoing, &tu);
  if (rc != CXError_Success || tu == nullptr) {
    error = "libclang could not parse it (error " + std::to_string(static_cast<int>(rc)) + ")";
    return std::nullopt;
  }
  u.tu = tu;
  CXFile file = clang_getFile(tu, path.c_str());
  if (file == nullptr) {
    error = "libclang lost the file";
    return std::nullopt;
  }

  // Tokens of the whole file.
  CXSourceRange all =
      clang_getRange(clang_getLocationForOffset(tu, file, 0),
                     clang_getLocationForOffset(tu, file, static_cast<unsigned>(u.text.size())));
  CXToken* toks = nullptr;
  unsigned ntoks = 0;
  clang_tokenize(tu, all, &toks, &ntoks);
  u.toks.reserve(ntoks);
  for (unsigned i = 0; i < ntoks; ++i) {
    token t;
    t.kind = clang_getTokenKind(toks[i]);
    if (t.kind == CXToken_Comment) continue;
    t.text = str(clang_getTokenSpelling(tu, toks[i]));
    CXSourceRange r = clang_getTokenExtent(tu, toks[i]);
    clang_getSpellingLocation(clang_getRangeStart(r), nullptr, nullptr, nullptr, &t.b);
    clang_getSpellingLocation(clang_getRangeEnd(r), nullptr, nullptr, nullptr, &t.e);
    u.toks.push_back(std::move(t));
  }
  clang_disposeTokens(tu, toks, ntoks);

  // Cursors of the file's own top-level declarations.
  builder bld{u, file, {}};
  struct top {
    builder* b;
    std::vector<CXCursor> cursors;
  } tops{&bld, {}};
  clang_visitChildren(
      clang_getTranslationUnitCursor(tu),
      [](CXCursor c, CXCursor, CXClientData d) {
        auto* t = static_cast<top*>(d);
        CXFile f = nullptr;
        clang_getSpellingLocation(clang_getCursorLocation(c), &f, nullptr, nullptr, nullptr);
        if (f != nullptr && clang_File_isEqual(f, t->b->file)) t->cursors.push_back(c);
        return CXChildVisit_Continue;
      },
      &tops);
  for (CXCursor c : tops.cursors)
    if (node* n = bld.add(c, nullptr)) u.roots.push_back(n);
  for (node& n : u.nodes) u.by_begin_.push_back(&n);
  std::stable_sort(u.by_begin_.begin(), u.by_begin_.end(), [](const node* a, const node* b) {
    return a->b != b->b ? a->b < b->b : a->e > b->e;
  });

  // Kernels: marked lambdas, functor call operators, marked functions.
  std::vector<node*> work;
  auto add_fn = [&](node* decl, bool kernel) {
    for (const function& f : u.fns)
      if (f.decl == decl) return;
    node* body = body_of(decl);
    if (!body) return;
    function fn;
    fn.decl = decl;
    fn.body = body;
    fn.kernel = kernel;
    for (node* k : decl->kids)
      if (k->is(CXCursor_ParmDecl)) fn.params.push_back(k);
    u.fns.push_back(fn);
    work.push_back(decl);
  };
  for (node* r : u.roots) {
    r->visit([&](node* n) {
      if (!is_function_kind(n->kind)) return true;
      node* body = body_of(n);
      if (!body) return true;
      bool kernel_macro = false;
      if (!marked_esimd(u, n->b, body->b, &kernel_macro, !n->is(CXCursor_LambdaExpr))) return true;
      const bool kernel = n->is(CXCursor_LambdaExpr) || n->spelling == "operator()" || kernel_macro;
      add_fn(n, kernel);
      return true;
    });
  }
  // Functions of the file by name: a call the parser dropped (an invalid expression around it)
  // is still found in the tokens.
  std::unordered_map<std::string, std::vector<node*>> by_name;
  for (node& n : u.nodes)
    if ((n.is(CXCursor_FunctionDecl) || n.is(CXCursor_FunctionTemplate) ||
         n.is(CXCursor_CXXMethod)) &&
        body_of(&n) && n.spelling.rfind("operator", 0) != 0)
      by_name[n.spelling].push_back(&n);
  // What they call, transitively, when defined in this file.
  while (!work.empty()) {
    node* decl = work.back();
    work.pop_back();
    node* body = body_of(decl);
    for (std::size_t i = u.tok_at(body->b); i + 1 < u.toks.size() && u.toks[i].b < body->e; ++i) {
      if (u.toks[i].kind != CXToken_Identifier) continue;
      auto it = by_name.find(u.toks[i].text);
      if (it == by_name.end()) continue;
      if (!u.toks[i + 1].is("(") && !u.toks[i + 1].is("<")) continue;
      for (node* d : it->second) add_fn(d, false);
    }
    body->visit([&](node* n) {
      if (n->decl == 0) return true;
      node* d = u.decl_node(n->decl);
      if (!d || !is_function_kind(d->kind) || d->is(CXCursor_LambdaExpr)) {
        // A reference to a declaration without body: look for a definition in the file.
        if (!d) return true;
        CXCursor def = clang_getCursorDefinition(d->cur);
        if (clang_Cursor_isNull(def)) return true;
        d = u.decl_node(key_of(def, file));
        if (!d || !is_function_kind(d->kind)) return true;
      }
      if (!body_of(d)) {
        CXCursor def = clang_getCursorDefinition(d->cur);
        node* dd = clang_Cursor_isNull(def) ? nullptr : u.decl_node(key_of(def, file));
        if (!dd || !body_of(dd)) return true;
        d = dd;
      }
      add_fn(d, false);
      return true;
    });
  }
  return u;
}

}  // namespace xesim::lint
