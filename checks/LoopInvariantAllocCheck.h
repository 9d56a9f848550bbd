//===- LoopInvariantAllocCheck.h - perf-loop-invariant-alloc ----*- C++ -*-===//

#ifndef MEMLINT_CHECKS_LOOPINVARIANTALLOCCHECK_H
#define MEMLINT_CHECKS_LOOPINVARIANTALLOCCHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports perf-loop-invariant-alloc findings; see
/// docs/checks/perf-loop-invariant-alloc.md.
class LoopInvariantAllocCheck : public Check {
public:
  LoopInvariantAllocCheck()
      : Check("perf-loop-invariant-alloc", Level::Warning) {}
  void run(const LintContext &context, std::vector<Finding> &findings) override;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_LOOPINVARIANTALLOCCHECK_H
