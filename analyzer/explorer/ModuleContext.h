//===- ModuleContext.h - What explorations read of the module ---*- C++ -*-===//
//-*-===//
//
// Owns: the numbering of a module's values and ops (computed once, then only
// read, by explorations on several threads) and the per-thread caches of use
// sites, memory models, liveness and loop/boundary predicates.
// Must not touch: path states, the worklist or events; nothing here depends on
// how a path runs. It never mutates the IR after the numbering is built.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_MODULECONTEXT_H
#define MEMLINT_ANALYZER_EXPLORER_MODULECONTEXT_H

#include "analyzer/MemoryModel.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <memory>
#include <vector>

namespace memlint::explorer {

/// Where the uses of one value are, for cheap liveness queries at any point.
struct UseInfo {
  /// For each block holding a use (or an ancestor op of a use): the last such
  /// op in the block.
  llvm::SmallDenseMap<mlir::Block *, mlir::Operation *, 4> lastUseInBlock;
  /// Every op that uses the value or contains a use (a loop that only
  /// takes it as an initial iteration value excluded).
  llvm::SmallDenseSet<mlir::Operation *, 8> userAncestors;
};

/// Value numbers and op positions of a module: computed once, then only read
/// (by every exploration, possibly on several threads).
class ModuleNumbering {
public:
  explicit ModuleNumbering(mlir::Operation *module);

  /// One past the last pre-order position of `op`'s subtree.
  uint64_t subtreeEnd(mlir::Operation *op) const { return ends.lookup(op); }
  /// True when `op` is `root` or nested in it, in constant time.
  bool inSubtree(mlir::Operation *root, mlir::Operation *op) const {
    uint64_t at = position(op);
    return position(root) <= at && at < subtreeEnd(root);
  }

  uint32_t number(mlir::Value value) const {
    auto it = numbers.find(value);
    assert(it != numbers.end() && "value not numbered");
    return it->second;
  }
  mlir::Value valueOf(uint32_t number) const { return values[number]; }
  uint64_t position(mlir::Operation *op) const { return positions.lookup(op); }
  /// The number of ops in `op`, itself included (the pre-order positions of
  /// its ops are contiguous).
  uint64_t countOps(mlir::Operation *op) const;

private:
  void addValue(mlir::Value value) {
    numbers.try_emplace(value, values.size());
    values.push_back(value);
  }

  llvm::DenseMap<mlir::Value, uint32_t> numbers;
  llvm::DenseMap<mlir::Operation *, uint64_t> positions, ends;
  std::vector<mlir::Value> values;
};

/// True for a function or an op isolated from above: what its regions hold
/// is not live out of it.
bool isFunctionBoundary(mlir::Operation *op);
/// Returns true when region `region` of `op` can run again after it ran.
bool isLoopRegion(mlir::Operation *op, mlir::Region *region);

/// What one exploration (one thread) reads of the module: the shared
/// numbering, plus caches of uses, memory effects, liveness and symbols of
/// its own.
class ModuleContext {
public:
  ModuleContext(mlir::Operation *module, const ModuleNumbering &numbering)
      : module(module), numbering(numbering) {}

  uint32_t number(mlir::Value value) const { return numbering.number(value); }
  mlir::Value valueOf(uint32_t number) const {
    return numbering.valueOf(number);
  }
  /// The position of an op in a pre-order walk of the module.
  uint64_t position(mlir::Operation *op) const {
    return numbering.position(op);
  }
  uint64_t countOps(mlir::Operation *op) const {
    return numbering.countOps(op);
  }
  uint64_t subtreeEnd(mlir::Operation *op) const {
    return numbering.subtreeEnd(op);
  }
  bool inSubtree(mlir::Operation *root, mlir::Operation *op) const {
    return numbering.inSubtree(root, op);
  }

  /// The uses of `value`, computed once.
  const UseInfo &getUseInfo(mlir::Value value);

  /// The memory model of an op, computed once.
  const OpMemoryInfo &getMemoryInfo(mlir::Operation *op) {
    auto [it, inserted] = memoryInfos.try_emplace(op);
    if (inserted)
      it->second = describeMemory(op);
    return it->second;
  }

  const mlir::Liveness &getLiveness(mlir::Operation *function) {
    auto &slot = liveness[function];
    if (!slot)
      slot = std::make_unique<mlir::Liveness>(function);
    return *slot;
  }

  /// isLoopRegion and isFunctionBoundary, asked at every join and liveness
  /// query (interface calls), computed once per region and op.
  bool isLoop(mlir::Region *region) {
    auto [it, inserted] = loopRegions.try_emplace(region);
    if (inserted)
      it->second = isLoopRegion(region->getParentOp(), region);
    return it->second;
  }
  bool isBoundary(mlir::Operation *op) {
    auto [it, inserted] = boundaries.try_emplace(op);
    if (inserted)
      it->second = isFunctionBoundary(op);
    return it->second;
  }

  /// Drops the per-value and per-function caches (between root functions,
  /// to keep the peak memory of large modules low).
  void releaseCaches() {
    useInfos.clear();
    liveness.clear();
    memoryInfos.clear();
  }

  mlir::SymbolTableCollection symbolTables;
  mlir::Operation *module;

private:
  const ModuleNumbering &numbering;
  llvm::DenseMap<mlir::Value, UseInfo> useInfos;
  llvm::DenseMap<mlir::Operation *, OpMemoryInfo> memoryInfos;
  llvm::DenseMap<mlir::Operation *, std::unique_ptr<mlir::Liveness>> liveness;
  llvm::DenseMap<mlir::Region *, bool> loopRegions;
  llvm::DenseMap<mlir::Operation *, bool> boundaries;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_MODULECONTEXT_H
