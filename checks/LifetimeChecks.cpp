//===- LifetimeChecks.cpp - Helpers shared by the lifetime-* checks -------===//

#include "checks/LifetimeChecks.h"

using namespace memlint;

std::string memlint::quoteBuffer(const LintContext &context, mlir::Value value) {
  if (!value)
    return "'<unknown>'";
  return "'" + context.getSource().getName(value) + "'";
}

llvm::StringRef memlint::describePaths(bool allPaths) {
  return allPaths ? "on every path" : "on some path";
}
