//===- ControlFlow.h - Which edge a terminator takes ------------*- C++ -*-===//
//
// Maps the known operands of a branch to the *edges* (successor indices) it
// may take. BranchOpInterface::getSuccessorForOperands answers with a block,
// which loses the edge when two successors of one terminator are the same
// block with different operands (`cf.cond_br %c, ^bb(%a), ^bb(%b)`,
// `cf.switch` with a repeated destination). The explorer, the witness, the
// fix-its and the diagrams all speak in successor indices; this file is the
// one place that turns operand values into them. It knows nothing of buffers.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_CONTROLFLOW_H
#define MEMLINT_ANALYZER_CONTROLFLOW_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace memlint {

/// The successor indices of the branch `term` that its operands, known as
/// the constant attributes `operands` (null where unknown), allow:
///  - one index when they decide the edge;
///  - every index of the chosen block when only the block is known (an op
///    that is not in the table below and names one block by two edges);
///  - nothing when the operands decide nothing (the caller decides an
///    operand, or takes every successor).
/// `cf.cond_br` and `cf.switch` are answered by edge, from their own
/// operands and case values.
llvm::SmallVector<unsigned, 2>
getTakenSuccessors(mlir::Operation *term,
                   llvm::ArrayRef<mlir::Attribute> operands);

/// The successor indices of `term` that lead to `dest` (several when two
/// edges share a destination).
llvm::SmallVector<unsigned, 2> getSuccessorIndices(mlir::Operation *term,
                                                   mlir::Block *dest);

} // namespace memlint

#endif // MEMLINT_ANALYZER_CONTROLFLOW_H
