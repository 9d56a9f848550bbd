//===- TransferArith.h - What arith ops do to a path ------------*- C++ -*-===//
//
// Owns: the transfer functions of integers and booleans: constants, folding,
// boolean operators as functions of atoms, comparisons (correlated atoms per
// pair of values and predicate class, `value == constant` atoms shared with
// cf.switch cases, pointer comparisons), arith.select (a symbolic select of
// buffers, or a decision), extensions of flags.
// Must not touch: buffers (beyond asking MemoryTransfer whether two alias)
// or control flow.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_TRANSFERARITH_H
#define MEMLINT_ANALYZER_EXPLORER_TRANSFERARITH_H

#include "analyzer/explorer/ExplorerPart.h"

namespace memlint::explorer {

/// The transfer functions of arith ops.
class ArithTransfer : public ExplorerPart {
public:
  explicit ArithTransfer(FunctionExplorer &x) : ExplorerPart(x) {}

  /// Executes an arith op; returns false for ops it does not model.
  bool step(PathState &s, mlir::Operation *op);
  /// The boolean of `lhs pred rhs` on unknown integers: one atom per pair of
  /// values and predicate class, so equal and opposite tests correlate.
  BoolFn compareAtom(PathState &s, mlir::Value lhs, mlir::Value rhs,
                     mlir::arith::CmpIPredicate pred);
  /// The atom `value == constant` for an integer this path does not know.
  BoolFn equalsConstantAtom(PathState &s, mlir::Value value, int64_t constant);
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_TRANSFERARITH_H
