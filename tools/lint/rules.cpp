// The rule registry: every rule of tools/lint/rules/, in docs/lint.md order.
#include "rule.hpp"

namespace xesim::lint {

extern const rule kStdReduceTrap, kSyclMinmaxInEsimd, kAlignmentBraces, kLinearIndexDecode,
    kConditionalBarrier, kConditionalSlmInit, kUnalignedBlockAccess, kReplicateAsMultiplier,
    kMissingUnroll, kScalarMemoryLoop, kUninitializedSimd, kFirstMatchHmax, kGrfBudget;

const std::vector<const rule*>& registry() {
  static const std::vector<const rule*> rules = {
      &kStdReduceTrap,      &kSyclMinmaxInEsimd,  &kAlignmentBraces,      &kLinearIndexDecode,
      &kConditionalBarrier, &kConditionalSlmInit, &kUnalignedBlockAccess, &kReplicateAsMultiplier,
      &kMissingUnroll,      &kScalarMemoryLoop,   &kUninitializedSimd,    &kFirstMatchHmax,
      &kGrfBudget};
  return rules;
}

const std::vector<rule_info>& all_rules() {
  static const std::vector<rule_info> infos = [] {
    std::vector<rule_info> v;
    for (const rule* r : registry()) v.push_back(r->info);
    return v;
  }();
  return infos;
}

void reporter::report(const rule_info& info, unsigned off, std::string message,
                      std::vector<fix_it> fixes) {
  report(info, info.level, off, std::move(message), std::move(fixes));
}

void reporter::report(const rule_info& info, severity level, unsigned off, std::string message,
                      std::vector<fix_it> fixes) {
  diagnostic d;
  d.rule = info.id;
  d.level = level;
  d.file = u_.path;
  d.offset = off;
  std::tie(d.line, d.col) = u_.line_col(off);
  d.message = std::move(message);
  d.fixes = std::move(fixes);
  out_.push_back(std::move(d));
}

}  // namespace xesim::lint
