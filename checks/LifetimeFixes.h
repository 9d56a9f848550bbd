//===- LifetimeFixes.h - Fix-it candidates for lifetime bugs ----*- C++ -*-===//
//
// Candidate fix-its for the lifetime-* findings (DESIGN §4), most specific
// first. Candidates are proposals: the driver keeps the first one whose
// result parses, verifies and re-lints without the finding and without any
// new finding (see tools/LintDriver.cpp), so a candidate only has to be
// plausible, never proven here. The leak's strategies are in
// LifetimeFixes.cpp, the others in LifetimeFreeFixes.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMEFIXES_H
#define MEMLINT_CHECKS_LIFETIMEFIXES_H

#include "checks/Check.h"

namespace memlint {

/// Leak: a dealloc after the last use in the allocating block (the end of
/// the loop iteration when it is a loop body), at the end of the branch the
/// witness leaks through (creating an `else` region when there is none), or
/// just before the point where the last reference is lost.
std::vector<FixIt> getLeakFixes(const LintContext &context,
                                const LifetimeEvent &event);
/// Double free: move a dealloc that runs once per iteration after the loop,
/// or delete the redundant dealloc.
std::vector<FixIt> getDoubleFreeFixes(const LintContext &context,
                                      const LifetimeEvent &event);
/// Use after free: move the dealloc after the last use.
std::vector<FixIt> getUseAfterFreeFixes(const LintContext &context,
                                        const LifetimeEvent &event);

/// Invalid free: free the buffer itself instead of an interior view of it,
/// or with the deallocator of its allocator; else delete the dealloc (the
/// memory is not the function's to free).
std::vector<FixIt> getInvalidFreeFixes(const LintContext &context,
                                       const LifetimeEvent &event);

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMEFIXES_H
