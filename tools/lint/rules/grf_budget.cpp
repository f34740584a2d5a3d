// grf-budget: simd locals live together in one scope take the whole register file.
#include "common.hpp"

#include <xesim/runtime/device_model.hpp>

#include <set>

namespace xesim::lint {
namespace {
void check(const unit& u, reporter& r);
}  // namespace

extern const rule kGrfBudget = {
    {"grf-budget", severity::warning,
     "simd locals live in one scope need at least the device's whole GRF (spills)"},
    check};

namespace {

struct walker {
  const unit& u;
  reporter& r;
  long long budget;
  std::string device;
  bool reported = false;
  std::set<std::uint64_t> counted;

  // Visits a scope with `live` bytes already live from the enclosing scopes.
  void scope(node* s, long long live, std::vector<std::string>& names) {
    const std::size_t names_at = names.size();
    for (node* k : s->kids) {
      if (reported) return;
      if (k->is(CXCursor_DeclStmt)) {
        for (node* v : k->kids) {
          if (!v->is(CXCursor_VarDecl)) continue;
          auto shape = simd_type(v->type_spelling());
          if (!shape || shape->bytes() <= 0 || !counted.insert(v->self).second) continue;
          live += shape->bytes();
          names.push_back(v->spelling + " " + std::to_string(shape->bytes()) + " B");
          if (live >= budget) {
            std::string list;
            for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
            r.report(
                kGrfBudget.info, v->b,
                "simd variables live together here take " + std::to_string(live) + " B (" + list +
                    "), at least the " + std::to_string(budget) +
                         " B register file of one thread on " + device +
                         ": the compiler spills to memory; reuse temporaries, shrink N, or use "
                    "the large GRF mode (-doubleGRF)");
            reported = true;
            return;
          }
        }
        continue;
      }
      // Nested scopes (blocks, loop and branch bodies) see what is live here.
      k->visit([&](node* n) {
        if (reported) return false;
        if (n->is(CXCursor_LambdaExpr)) return false;
        if (n->is(CXCursor_CompoundStmt)) {
          scope(n, live, names);
          return false;
        }
        return true;
      });
    }
    names.resize(names_at);
  }
};

void check(const unit& u, reporter& r) {
  const dev::device_model* d = u.opts->device;
  if (d == nullptr) d = dev::device_for_env_value(nullptr);
  if (d == nullptr) return;
  const bool large = u.opts->large_grf;
  const long long budget = large ? d->grf_bytes_large : d->grf_bytes;
  const std::string device =
      std::string(d->id) + " (" + d->arch + ", " + (large ? "large" : "normal") + " GRF)";
  for (const function& f : u.fns) {
    walker w{u, r, budget, device, false, {}};
    std::vector<std::string> names;
    long long live = 0;
    for (node* p : f.params) {
      auto shape = simd_type(p->type_spelling());
      if (shape && shape->bytes() > 0) {
        live += shape->bytes();
        names.push_back(p->spelling + " " + std::to_string(shape->bytes()) + " B");
      }
    }
    w.scope(f.body, live, names);
  }
}

}  // namespace
}  // namespace xesim::lint
