//===- MissedReuseCheck.h - The perf-missed-reuse check --------*- C++ -*-===//

#ifndef MEMLINT_CHECKS_MISSEDREUSECHECK_H
#define MEMLINT_CHECKS_MISSEDREUSECHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports perf-missed-reuse findings; see docs/checks/perf-missed-reuse.md.
class MissedReuseCheck : public FunctionCheck {
public:
  MissedReuseCheck() : FunctionCheck("perf-missed-reuse", Level::Warning) {}
  void runOnFunction(const LintContext &context,
                     FunctionAnalyses &function,
                     std::vector<Finding> &findings) const override;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_MISSEDREUSECHECK_H
