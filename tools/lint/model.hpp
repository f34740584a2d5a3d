// The parsed file as the rules see it: its text, its tokens, the cursor tree of its own code and
// the ESIMD functions in it (kernels and what they call). Built once per file from libclang.
#pragma once

#include "lint.hpp"

#include <clang-c/Index.h>

#include <cstdint>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace xesim::lint {

struct token {
  CXTokenKind kind;
  std::string text;
  unsigned b = 0, e = 0;  ///< byte offsets in the file
  bool is(std::string_view s) const { return text == s; }
  bool ident() const { return kind == CXToken_Identifier || kind == CXToken_Keyword; }
};

/// A cursor of the file's own code. `decl` identifies the declaration a reference names (or the
/// declaration itself): equal keys mean the same variable/function.
struct node {
  CXCursorKind kind{};
  CXCursor cur{};
  unsigned b = 0, e = 0;  ///< extent, byte offsets
  std::string spelling;
  node* parent = nullptr;
  std::vector<node*> kids;
  std::uint64_t decl = 0;  ///< key of the declaration referenced (0: none)
  std::uint64_t self = 0;  ///< key of this node when it is a declaration

  bool is(CXCursorKind k) const { return kind == k; }
  CXType type() const { return clang_getCursorType(cur); }
  std::string type_spelling() const;
  /// Visits this subtree in pre-order; f returns false to skip a node's children.
  void visit(const std::function<bool(node*)>& f);
};

/// An ESIMD function body: a kernel (lambda or functor marked SYCL_ESIMD_KERNEL /
/// [[intel::sycl_explicit_simd]], or a function marked SYCL_ESIMD_FUNCTION) or a function a
/// kernel calls.
struct function {
  node* decl = nullptr;  ///< LambdaExpr, CXXMethod, FunctionDecl or FunctionTemplate
  node* body = nullptr;  ///< its CompoundStmt
  bool kernel = false;   ///< an entry point (its parameter is the work-item id)
  std::vector<node*> params;
};

/// A call found in the tokens: name, optional <template args>, (args). Works on code that does
/// not compile: only the tokens are needed.
struct call {
  std::size_t name = 0;   ///< token index of the function name
  std::size_t first = 0;  ///< first token of the whole call (qualifier or object)
  bool member = false;    ///< x.name(...) or x->name(...)
  std::string qualifier;  ///< "sycl::" for sycl::min, "" when unqualified
  std::vector<std::pair<std::size_t, std::size_t>> targs;  ///< [first, last) token ranges
  std::vector<std::pair<std::size_t, std::size_t>> args;   ///< [first, last) token ranges
  std::size_t lparen = 0, rparen = 0;
};

class unit {
 public:
  std::string path;
  std::string text;
  std::vector<token> toks;
  std::deque<node> nodes;
  std::vector<node*> roots;
  std::vector<function> fns;
  CXTranslationUnit tu = nullptr;
  const options* opts = nullptr;

  std::pair<unsigned, unsigned> line_col(unsigned off) const;
  std::string slice(unsigned b, unsigned e) const { return text.substr(b, e - b); }
  std::string slice(const node* n) const { return slice(n->b, n->e); }
  /// Tokens [first, last) joined without spaces ("alignment<2>").
  std::string joined(std::size_t first, std::size_t last) const;
  /// Index of the first token starting at or after off.
  std::size_t tok_at(unsigned off) const;
  /// Index of the matching closer for an opener at i ("(" ")", "{" "}", "[" "]", "<" ">").
  std::size_t match(std::size_t i) const;
  /// Calls named `name` whose name token lies in [b, e).
  std::vector<call> calls(std::string_view name, unsigned b, unsigned e) const;
  /// The outermost node whose extent is exactly [b, e), or nullptr.
  node* node_at(unsigned b, unsigned e) const;
  /// A node spanning exactly [b, e) that references a declaration (DeclRefExpr...), or nullptr.
  node* ref_at(unsigned b, unsigned e) const;
  /// The innermost node containing [b, e).
  node* enclosing(unsigned b, unsigned e) const;
  /// The declaration node with this key, if it is in the file.
  node* decl_node(std::uint64_t key) const;
  /// The ESIMD function whose body contains offset off (innermost), or nullptr.
  const function* function_at(unsigned off) const;

  std::unordered_map<std::uint64_t, node*> decls_;
  std::vector<node*> by_begin_;  // every node, sorted by (b, -e)
};

/// Parses `path` (libclang, xesim's headers, keeps going past errors) and builds the unit.
/// `pch`: a precompiled prelude to use, or "". Returns nullopt and sets `error` on failure.
std::optional<unit> build_unit(CXIndex index, const std::string& path,
                               const std::vector<std::string>& args, const options& opts,
                               std::string& error);

/// The clang arguments for a user file: language, xesim's include dir, the prelude, the user's
/// -I/-D/-U/-std/-include flags (others are dropped: icpx- and g++-only flags must not stop it).
std::vector<std::string> clang_args(const options& opts, bool with_prelude);

/// The prelude every file is parsed with (std::source_location for clang 14), and its name.
extern const char* const kPreludeName;
extern const char* const kPreludeText;

}  // namespace xesim::lint
