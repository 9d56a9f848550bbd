//===- LifetimeFreeFixes.h - The free-once construction ---------*- C++ -*-===//
//
// The strategies of frees at the wrong place that other files share: the
// most general local candidate of a buffer freed wrongly (free once), which
// the fix-its of leaks (LifetimeFixes.cpp) try too, what a free site frees,
// and the guards of the free sites of a returned select
// (LifetimeReturnedFixes.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMEFREEFIXES_H
#define MEMLINT_CHECKS_LIFETIMEFREEFIXES_H

#include "checks/Check.h"

#include <optional>
#include <vector>

namespace memlint {

/// DESIGN §4's ownership construction where the ownership is a select
/// condition: every free site of `root` (a dealloc, or a call of a helper
/// that only frees it) goes, a free site of a select that is `root` under a
/// condition runs only when it is not, and, unless the buffer belongs to the
/// caller (`returned`, or an argument), one dealloc of `root` goes after its
/// last use where every path of its uses joins. With `keepGuarded`, the one
/// free site of such a select stays as it is (it frees the other buffer
/// too) and the new dealloc runs under the opposite condition instead.
std::optional<FixIt> getFreeOnceFix(const LintContext &context,
                                    mlir::Value root, Deallocator family,
                                    mlir::Value returned,
                                    bool keepGuarded = false);

/// What the free site `op` frees: the operand of a dealloc, or the argument
/// a call passes to a helper that only frees (deallocs of its arguments and
/// their views, constants, the return) and frees that one argument; null for
/// any other op. A call of such a helper is a dealloc written elsewhere:
/// deleting, guarding or moving it changes nothing else.
mlir::Value getFreedOperand(mlir::Operation *op);

/// A value `returned` that a return `ret` of its function hands to the
/// caller, after it was freed, where it chooses among allocations through
/// selects and `scf.if` results: every free site of a buffer it may hold
/// runs only where that is not the buffer returned (LifetimeReturnedFixes.cpp).
std::vector<FixIt> getReturnedSelectFixes(const LintContext &context,
                                          mlir::Operation *ret,
                                          mlir::Value returned);

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMEFREEFIXES_H
