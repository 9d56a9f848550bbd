//===- LifetimeChecks.h - Helpers shared by the lifetime-* checks -*- C++ -*-===//

#ifndef MEMLINT_CHECKS_LIFETIMECHECKS_H
#define MEMLINT_CHECKS_LIFETIMECHECKS_H

#include "checks/Check.h"

namespace memlint {

/// The quoted SSA name of the buffer of an event ("'%alloc'").
std::string quoteBuffer(const LintContext &context, mlir::Value value);
/// "on every path" or "on some path".
llvm::StringRef describePaths(bool allPaths);

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMECHECKS_H
