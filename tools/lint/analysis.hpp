// What several rules need: expression shapes, constants, loop trip counts, simd types, and
// which values may differ between the work-items of a group.
#pragma once

#include "model.hpp"

#include <optional>
#include <set>
#include <string>

namespace xesim::lint {

/// n without the implicit wrappers libclang shows as UnexposedExpr / ParenExpr (single child).
node* strip(node* n);
/// The operator token of a BinaryOperator / CompoundAssignOperator / UnaryOperator ("", if none).
std::string op_of(const unit& u, const node* n);
/// Whether n lies inside a node of kind k below `stop` (exclusive).
node* ancestor(node* n, CXCursorKind k, const node* stop);

/// The value of an integer constant expression: literals, constexpr/const variables with
/// constant initializers, + - * / % << >> & |, sizeof of known types. nullopt when unknown
/// (a template parameter, a run-time value).
std::optional<long long> const_value(const unit& u, node* n, int depth = 0);
/// Whether n is a compile-time constant: const_value knows it, or it is built only from
/// literals, template parameters and constexpr variables (a value-dependent constant).
bool compile_time(const unit& u, node* n, int depth = 0);

/// A counted for-loop: `for (int i = a; i < b; i += s)` (also <=, !=, >, >=, i++/++i/i--/--i).
struct counted_loop {
  node* loop = nullptr;
  std::uint64_t var = 0;  ///< the induction variable's declaration key
  node* init = nullptr;   ///< its initial value
  node* bound = nullptr;  ///< the other side of the comparison
  long long step = 1;
  bool constant_trip = false;     ///< init and bound compile-time, step known
  std::optional<long long> trip;  ///< the trip count when known
};
std::optional<counted_loop> as_counted_loop(const unit& u, node* for_stmt);

/// simd<T, N> / simd_mask<N> / simd_view shapes from a type spelling.
struct simd_shape {
  bool mask = false;
  std::string elem;      ///< element type spelling
  int elem_size = 0;     ///< bytes, 0 when unknown
  long long lanes = -1;  ///< -1 when dependent
  long long count = 1;   ///< array elements (simd<T,N> a[K])
  long long bytes() const { return elem_size > 0 && lanes > 0 ? elem_size * lanes * count : -1; }
};
std::optional<simd_shape> simd_type(const std::string& spelling);
/// Byte size of a scalar type spelling ("half", "sycl::half", "uint8_t", "float"...), 0 unknown.
int scalar_size(const std::string& spelling);

/// Variables (declaration keys) whose value may differ between work-items of a function: those
/// computed from its parameters (the work-item id), from memory loads, or from other such
/// variables. For a called function every parameter counts.
std::set<std::uint64_t> varying_vars(const unit& u, const function& f);
/// Whether the expression n depends on a varying variable or on an id/load call.
bool varies(const unit& u, node* n, const std::set<std::uint64_t>& varying);

/// The DeclRefExpr keys referenced under n.
std::set<std::uint64_t> refs_in(node* n);

/// Loads and id queries: a call that returns a value that differs per work-item.
bool is_varying_call_name(const std::string& name);

}  // namespace xesim::lint
