//===- LoopInvariantAllocCheck.h - perf-loop-invariant-alloc ----*- C++ -*-===//

#ifndef MEMLINT_CHECKS_LOOPINVARIANTALLOCCHECK_H
#define MEMLINT_CHECKS_LOOPINVARIANTALLOCCHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports perf-loop-invariant-alloc findings; see
/// docs/checks/perf-loop-invariant-alloc.md.
class LoopInvariantAllocCheck : public FunctionCheck {
public:
  LoopInvariantAllocCheck()
      : FunctionCheck("perf-loop-invariant-alloc", Level::Warning) {}
  void runOnFunction(const LintContext &context,
                     FunctionAnalyses &function,
                     std::vector<Finding> &findings) const override;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_LOOPINVARIANTALLOCCHECK_H
