//===- DoubleFreeCheck.h - The lifetime-double-free check -*- C++ -*-===//

#ifndef MEMLINT_CHECKS_DOUBLEFREECHECK_H
#define MEMLINT_CHECKS_DOUBLEFREECHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports lifetime-double-free findings; see docs/checks/lifetime-double-free.md.
class DoubleFreeCheck : public Check {
public:
  DoubleFreeCheck() : Check("lifetime-double-free", Level::Error) {}
  void run(const LintContext &context, std::vector<Finding> &findings) override;
  bool readsLifetime() const override { return true; }
};

} // namespace memlint

#endif // MEMLINT_CHECKS_DOUBLEFREECHECK_H
