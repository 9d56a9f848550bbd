//===- LoopNesting.h - Does an op run repeatedly in one scope? --*- C++ -*-===//
//
// Answers whether an operation can execute several times within one instance
// of its nearest automatic allocation scope: it sits in a region that loops
// (scf.while, any RegionBranchOpInterface region that can re-enter itself)
// or in a block on a CFG cycle, with no AutomaticAllocationScope op between.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_LOOPNESTING_H
#define MEMLINT_ANALYZER_LOOPNESTING_H

#include "mlir/IR/Operation.h"

namespace memlint {

/// Why an op repeats within its allocation scope.
struct RepetitionInfo {
  /// The looping region op, or the terminator of the CFG back-edge.
  mlir::Operation *loop = nullptr;
  /// True for a CFG cycle, false for a looping region.
  bool cfgCycle = false;
};

/// Returns where `op` repeats within its allocation scope, if it does.
std::optional<RepetitionInfo> findRepetitionInScope(mlir::Operation *op);

} // namespace memlint

#endif // MEMLINT_ANALYZER_LOOPNESTING_H
