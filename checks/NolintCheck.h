//===- NolintCheck.h - memlint-nolint ---------------------------*- C++ -*-===//

#ifndef MEMLINT_CHECKS_NOLINTCHECK_H
#define MEMLINT_CHECKS_NOLINTCHECK_H

#include "checks/Check.h"

namespace memlint {

/// Reports NOLINT comments that cannot work: a NOLINTBEGIN without its
/// NOLINTEND, a NOLINTEND without its NOLINTBEGIN, a malformed check list.
class NolintCheck : public Check {
public:
  NolintCheck() : Check("memlint-nolint", Level::Error) {}
  void run(const LintContext &context, std::vector<Finding> &findings) override;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_NOLINTCHECK_H
