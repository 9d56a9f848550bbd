//===- InvalidFreeCheck.h - The lifetime-invalid-free check -*- C++ -*-===//

#ifndef MEMLINT_CHECKS_INVALIDFREECHECK_H
#define MEMLINT_CHECKS_INVALIDFREECHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports lifetime-invalid-free findings; see docs/checks/lifetime-invalid-free.md.
class InvalidFreeCheck : public Check {
public:
  InvalidFreeCheck() : Check("lifetime-invalid-free", Level::Error) {}
  void run(const LintContext &context, std::vector<Finding> &findings) override;
  bool readsLifetime() const override { return true; }
};

} // namespace memlint

#endif // MEMLINT_CHECKS_INVALIDFREECHECK_H
