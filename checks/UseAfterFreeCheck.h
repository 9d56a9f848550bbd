//===- UseAfterFreeCheck.h - The lifetime-use-after-free check -*- C++ -*-===//

#ifndef MEMLINT_CHECKS_USEAFTERFREECHECK_H
#define MEMLINT_CHECKS_USEAFTERFREECHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports lifetime-use-after-free findings; see docs/checks/lifetime-use-after-free.md.
class UseAfterFreeCheck : public Check {
public:
  UseAfterFreeCheck() : Check("lifetime-use-after-free", Level::Error) {}
  void run(const LintContext &context, std::vector<Finding> &findings) override;
  bool readsLifetime() const override { return true; }
};

} // namespace memlint

#endif // MEMLINT_CHECKS_USEAFTERFREECHECK_H
