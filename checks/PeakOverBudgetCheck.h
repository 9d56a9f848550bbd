//===- PeakOverBudgetCheck.h - The perf-peak-over-budget check -*- C++ -*-===//

#ifndef MEMLINT_CHECKS_PEAKOVERBUDGETCHECK_H
#define MEMLINT_CHECKS_PEAKOVERBUDGETCHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports perf-peak-over-budget findings; see
/// docs/checks/perf-peak-over-budget.md.
class PeakOverBudgetCheck : public FunctionCheck {
public:
  PeakOverBudgetCheck() : FunctionCheck("perf-peak-over-budget", Level::Error) {}
  void runOnFunction(const LintContext &context,
                     FunctionAnalyses &function,
                     std::vector<Finding> &findings) const override;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_PEAKOVERBUDGETCHECK_H
