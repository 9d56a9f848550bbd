//===- AllocaInLoopCheck.h - The lifetime-alloca-in-loop check -*- C++ -*-===//

#ifndef MEMLINT_CHECKS_ALLOCAINLOOPCHECK_H
#define MEMLINT_CHECKS_ALLOCAINLOOPCHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports lifetime-alloca-in-loop findings; see docs/checks/lifetime-alloca-in-loop.md.
class AllocaInLoopCheck : public Check {
public:
  AllocaInLoopCheck() : Check("lifetime-alloca-in-loop", Level::Warning) {}
  void run(const LintContext &context, std::vector<Finding> &findings) override;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_ALLOCAINLOOPCHECK_H
