// A lint rule: an id, a level, a one-line summary, and a check over one parsed file.
// Each rule lives in rules/<id>.cpp (dashes as underscores) and is listed in rules.cpp.
#pragma once

#include "analysis.hpp"
#include "model.hpp"

#include <string>
#include <vector>

namespace xesim::lint {

class reporter {
 public:
  explicit reporter(const unit& u) : u_(u) {}
  /// A finding of `info` at byte offset `off`; `level` overrides the rule's default.
  void report(const rule_info& info, unsigned off, std::string message,
              std::vector<fix_it> fixes = {});
  void report(const rule_info& info, severity level, unsigned off, std::string message,
              std::vector<fix_it> fixes = {});
  /// A fix-it in this unit's file.
  fix_it edit(unsigned b, unsigned e, std::string text) const {
    return {u_.path, b, e, std::move(text)};
  }
  std::vector<diagnostic> take() { return std::move(out_); }

 private:
  const unit& u_;
  std::vector<diagnostic> out_;
};

struct rule {
  rule_info info;
  void (*check)(const unit& u, reporter& r);
};

/// The registry (rules.cpp), in docs/lint.md order.
const std::vector<const rule*>& registry();

}  // namespace xesim::lint
