//===- LeakCheck.h - The lifetime-leak check -*- C++ -*-===//

#ifndef MEMLINT_CHECKS_LEAKCHECK_H
#define MEMLINT_CHECKS_LEAKCHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports lifetime-leak findings; see docs/checks/lifetime-leak.md.
class LeakCheck : public Check {
public:
  LeakCheck() : Check("lifetime-leak", Level::Error) {}
  void run(const LintContext &context, std::vector<Finding> &findings) override;
  bool readsLifetime() const override { return true; }
};

} // namespace memlint

#endif // MEMLINT_CHECKS_LEAKCHECK_H
