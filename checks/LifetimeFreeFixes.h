//===- LifetimeFreeFixes.h - The free-once construction ---------*- C++ -*-===//
//
// The most general local candidate of a buffer freed wrongly, shared by the
// fix-its of leaks (LifetimeFixes.cpp) and of frees at the wrong place
// (LifetimeFreeFixes.cpp, which owns it).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMEFREEFIXES_H
#define MEMLINT_CHECKS_LIFETIMEFREEFIXES_H

#include "checks/Check.h"

#include <optional>

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

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMEFREEFIXES_H
