//===- SharedCauses.h - Findings with one cause -----------------*- C++ -*-===//
//
// Owns: linking the findings one op causes (a misplaced dealloc in a loop:
// a write and a read after free, and a double free). They stay separate
// findings, each real, but name their cause and each other, and the cause's
// fix-it is offered once.
// Must not touch: which findings there are.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_SHAREDCAUSES_H
#define MEMLINT_CHECKS_SHAREDCAUSES_H

#include "checks/Finding.h"

#include <vector>

namespace memlint {

/// For each group of two or more `findings` (sorted) with the same cause:
/// adds to each a note at the cause ("caused by the dealloc at 9:5, which
/// also causes 2 other findings") and one at each other member (SARIF's
/// related locations carry them), after the witness (which ends at the
/// bug); a fix-it that an earlier member offers too is left to that member,
/// and the others try it last (the validation skips it once a member holds
/// it).
void linkSharedCauses(std::vector<Finding> &findings);

/// Whether `a` and `b` are caused by the same op (their `cause`).
bool sameCause(const Finding &a, const Finding &b);

/// Whether two fix-its make the same edits.
bool sameEdits(const FixIt &a, const FixIt &b);

} // namespace memlint

#endif // MEMLINT_CHECKS_SHAREDCAUSES_H
