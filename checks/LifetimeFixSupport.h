//===- LifetimeFixSupport.h - Helpers shared by lifetime fix-its -*- C++ -*-===//
//
// The queries on the IR that the candidate builders of the lifetime fix-its
// (LifetimeFixes.cpp, LifetimeFlagFixes.cpp) share: which values may hold a
// buffer, where its last use in a block is, what a value is derived from.
// Only queries: nothing here builds an edit.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMEFIXSUPPORT_H
#define MEMLINT_CHECKS_LIFETIMEFIXSUPPORT_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SetVector.h"

namespace memlint {

/// Values that may refer to the memory of `root`: views, casts and values it
/// is forwarded to through selects, branches and regions (over-approximated:
/// it serves to find last uses).
llvm::SetVector<mlir::Value> getFixAliases(mlir::Value root);

/// The last op of `block` that is, or contains, a use of one of `values`;
/// null when there is none.
mlir::Operation *getLastUseIn(mlir::Block *block,
                              const llvm::SetVector<mlir::Value> &values);

/// Whether `value` is `root` on every path: through views, casts, selects
/// and `scf.if` results that all lead to it.
bool derivesAlways(mlir::Value value, mlir::Value root);

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMEFIXSUPPORT_H
