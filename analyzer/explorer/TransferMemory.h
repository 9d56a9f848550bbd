//===- TransferMemory.h - What memory ops do to a path ----------*- C++ -*-===//
//
// Owns: the transfer functions of buffers: allocation, free (and which frees
// are double or invalid), use (and use after free), escape, views and casts,
// the tracked contents of small buffers (loads, stores, dim, pointers),
// ops with declared or unknown effects, bufferization.dealloc, and the
// concretization of a select of buffers where the buffer matters.
// Must not touch: control flow (the op after is the engine's), the worklist
// or the tables of join points.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_TRANSFERMEMORY_H
#define MEMLINT_ANALYZER_EXPLORER_TRANSFERMEMORY_H

#include "analyzer/explorer/ExplorerPart.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

namespace memlint::explorer {

/// The transfer functions of memory ops.
class MemoryTransfer : public ExplorerPart {
public:
  explicit MemoryTransfer(FunctionExplorer &x) : ExplorerPart(x) {}

  void checkUse(PathState &s, mlir::Operation *op, mlir::Value v, UseKind use);
  void freeValue(PathState &s, mlir::Operation *op, mlir::Value v,
                 Deallocator family);
  void markEscaped(PathState &s, mlir::Value v);
  void createBuffer(PathState &s, mlir::Value result, BufferOrigin origin,
                    Deallocator family, mlir::Operation *site);
  /// Decides whether buffers `a` and `b` are the same object (an atom per
  /// pair of buffers that may alias).
  bool decideAlias(PathState &s, uint32_t a, uint32_t b);

  /// memref.load, memref.store, memref.dim and
  /// memref.extract_aligned_pointer_as_index: the values a path tracks in
  /// and about buffers. Returns false for other ops.
  bool stepMemoryValue(PathState &s, mlir::Operation *op);
  /// An op by its memory model (effects, views, allocations, frees).
  void stepGeneric(PathState &s, mlir::Operation *op);
  void stepBufferizationDealloc(PathState &s,
                                mlir::bufferization::DeallocOp op);
  /// Decides the condition of the Select operands of `op` whose buffer
  /// matters to it (splitting the path), and rebinds them to the Ref chosen.
  void concretizeSelects(PathState &s, mlir::Operation *op);

private:
  /// True when `op` treats the Select `val` in `operand` the same whichever
  /// buffer it is: it forwards it (branches, region entries and exits),
  /// makes a view of it, or reads and writes it while both buffers are
  /// alive and hold no tracked contents.
  bool selectPassesThrough(PathState &s, mlir::Operation *op,
                           mlir::OpOperand &operand, const AbsVal &val);
  void stepUnknown(PathState &s, mlir::Operation *op);
  void escapeCaptured(PathState &s, mlir::Operation *op);
  std::optional<int64_t> linearIndex(PathState &s, mlir::Value memref,
                                     mlir::ValueRange indices);

  llvm::DenseSet<mlir::Operation *> unknownOps;
  llvm::DenseSet<mlir::Operation *> allocSites;
  /// Whether linearIndex tracks the cells of a buffer of this type: static,
  /// identity layout, at most 4096 elements (asked at every load and store).
  llvm::DenseMap<mlir::Type, bool> trackedTypes;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_TRANSFERMEMORY_H
