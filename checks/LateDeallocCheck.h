//===- LateDeallocCheck.h - The perf-late-dealloc check --------*- C++ -*-===//

#ifndef MEMLINT_CHECKS_LATEDEALLOCCHECK_H
#define MEMLINT_CHECKS_LATEDEALLOCCHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports perf-late-dealloc findings; see docs/checks/perf-late-dealloc.md.
class LateDeallocCheck : public FunctionCheck {
public:
  LateDeallocCheck() : FunctionCheck("perf-late-dealloc", Level::Warning) {}
  void runOnFunction(const LintContext &context,
                     FunctionAnalyses &function,
                     std::vector<Finding> &findings) const override;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_LATEDEALLOCCHECK_H
