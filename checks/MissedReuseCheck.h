//===- MissedReuseCheck.h - The perf-missed-reuse check --------*- C++ -*-===//

#ifndef MEMLINT_CHECKS_MISSEDREUSECHECK_H
#define MEMLINT_CHECKS_MISSEDREUSECHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports perf-missed-reuse findings; see docs/checks/perf-missed-reuse.md.
class MissedReuseCheck : public Check {
public:
  MissedReuseCheck() : Check("perf-missed-reuse", Level::Warning) {}
  void run(const LintContext &context, std::vector<Finding> &findings) override;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_MISSEDREUSECHECK_H
