//===- Concurrency.h - Reading one module on several threads ----*- C++ -*-===//
//
// The analyses and the function checks read a module on several threads (the
// MLIR context's thread pool). Reading IR is safe except for one lazy update:
// Operation::isBeforeInBlock renumbers the ops of a block when its order is
// stale. freezeOpOrder renumbers every block first, so that afterwards
// isBeforeInBlock only reads (as long as nobody edits the IR).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_CONCURRENCY_H
#define MEMLINT_ANALYZER_CONCURRENCY_H

namespace mlir {
class Operation;
} // namespace mlir

namespace memlint {

/// Makes the op order of every block nested in `root` valid.
void freezeOpOrder(mlir::Operation *root);

} // namespace memlint

#endif // MEMLINT_ANALYZER_CONCURRENCY_H
