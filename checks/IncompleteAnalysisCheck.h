//===- IncompleteAnalysisCheck.h - memlint-incomplete -----------*- C++ -*-===//

#ifndef MEMLINT_CHECKS_INCOMPLETEANALYSISCHECK_H
#define MEMLINT_CHECKS_INCOMPLETEANALYSISCHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports each function whose lifetime exploration stopped at a bound
/// (steps, states at one point, time, memory): the lifetime findings of its
/// unexplored paths may be missing, so a clean run does not mean it is clean.
class IncompleteAnalysisCheck : public Check {
public:
  IncompleteAnalysisCheck() : Check("memlint-incomplete", Level::Warning) {}
  void run(const LintContext &context, std::vector<Finding> &findings) override;
  bool readsLifetime() const override { return true; }
};

} // namespace memlint

#endif // MEMLINT_CHECKS_INCOMPLETEANALYSISCHECK_H
