//===- MemoryModel.h - How ops allocate, free, alias and use memory -*- C++ -*-===//
//
// The memory semantics of operations, read through MLIR's interfaces
// (MemoryEffectOpInterface, ViewLikeOpInterface, ...). The few ops whose
// interfaces do not say enough are listed in one table in MemoryModel.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_MEMORYMODEL_H
#define MEMLINT_ANALYZER_MEMORYMODEL_H

#include "analyzer/AbstractState.h"

#include "mlir/IR/Operation.h"

#include <optional>

namespace memlint {

/// How an op produces a buffer in one of its results.
struct AllocationInfo {
  mlir::Value result;
  BufferOrigin origin;
  Deallocator deallocator;
};


/// How an op frees a buffer.
struct FreeInfo {
  mlir::Value operand;
  Deallocator deallocator;
};


/// A result of an op that aliases one of its operands.
struct AliasInfo {
  mlir::Value result;
  mlir::Value source;
  enum class Kind {
    Cast,     ///< same start as the source (cast, reshape, transpose)
    Interior, ///< may start inside the source (subview, view)
    Base,     ///< the base buffer of the source, whatever view it is
  };
  Kind kind;
};


/// Accesses to memory through an operand value.
struct AccessInfo {
  mlir::Value operand;
  bool write;
};


/// Everything the memory model says about one op, computed from a single
/// query of its effects.
struct OpMemoryInfo {
  /// The buffers the op creates (allocations, globals, ...).
  llvm::SmallVector<AllocationInfo, 1> allocations;
  /// The values it frees unconditionally (memref.dealloc, gpu.dealloc,
  /// memref.realloc's source, free()); bufferization.dealloc is conditional
  /// and handled by the explorer itself.
  llvm::SmallVector<FreeInfo, 1> frees;
  /// Results that are views, casts or base buffers of an operand. Control
  /// flow (select, block arguments, region results) is not included: the
  /// explorer follows it path by path.
  llvm::SmallVector<AliasInfo, 1> aliases;
  /// Operands the op reads or writes through.
  llvm::SmallVector<AccessInfo, 2> accesses;
  bool unknownEffects = false;
};

/// Describes how `op` allocates, frees, aliases and accesses memory.
OpMemoryInfo describeMemory(mlir::Operation *op);

/// False when describeMemory(op) lists no allocation for certain: the op has
/// no result of memref or LLVM pointer type. A cheap filter for walks that
/// look for allocations only.
bool mayAllocate(mlir::Operation *op);

/// Returns true when the memory behaviour of `op` is unknown: it has no
/// MemoryEffectOpInterface and no recursive effects, and it is not modelled
/// otherwise. Memrefs handed to such ops escape.
bool hasUnknownEffects(mlir::Operation *op);

/// Returns a short human name for the deallocator family ("memref.dealloc").
llvm::StringRef getDeallocatorName(Deallocator deallocator);
/// Returns the name of the op family that allocates for `deallocator`.
llvm::StringRef getAllocatorName(Deallocator deallocator);

} // namespace memlint

#endif // MEMLINT_ANALYZER_MEMORYMODEL_H
