//===- ModuleContext.h - What explorations read of the module ---*- C++ -*-===//
//-*-===//
//
// Owns: the numbering of a module's values and ops (computed once, then only
// read, by explorations on several threads) and the per-thread caches of use
// sites, memory models and loop/boundary predicates.
// Must not touch: path states, the worklist or events; nothing here depends on
// how a path runs. It never mutates the IR after the numbering is built.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_MODULECONTEXT_H
#define MEMLINT_ANALYZER_EXPLORER_MODULECONTEXT_H

#include "analyzer/MemoryModel.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace memlint::explorer {

/// Where the uses of one value are, for cheap liveness queries at any point:
/// the ops from a point to the end of its block, with everything nested in
/// them, are a range of pre-order positions, so "used at or after the point"
/// and "used inside this op" are range queries on the sorted positions of
/// the users.
struct UseInfo {
  /// Twice the pre-order position of each user, plus one for a loop that
  /// only takes the value as an initial iteration value (it reads it once,
  /// on entry); sorted.
  llvm::SmallVector<uint64_t, 4> keys;
  /// The value's definition: the position of its defining op, or for a
  /// block argument its block (and the position of the op holding it).
  bool hasDefiningOp = false;
  uint64_t definerAt = 0;
  mlir::Block *argOwner = nullptr;
  bool hasArgOwnerParent = false;
  uint64_t argOwnerParentAt = 0;
  /// The position of the op holding the region the value is defined in.
  bool hasRegionOwner = false;
  uint64_t regionOwnerAt = 0;

  /// The position of the op that (re)defines the value as seen from an op
  /// of `block`: its defining op, or the op holding the block of a block
  /// argument of another block; none for an argument of `block` itself.
  std::optional<uint64_t> definerFrom(mlir::Block *block) const {
    if (hasDefiningOp)
      return definerAt;
    if (argOwner && argOwner != block && hasArgOwnerParent)
      return argOwnerParentAt;
    return std::nullopt;
  }

  /// True when an op at a position in [begin, end) uses the value.
  bool usedIn(uint64_t begin, uint64_t end) const {
    const uint64_t *it = std::lower_bound(keys.begin(), keys.end(), 2 * begin);
    return it != keys.end() && *it < 2 * end;
  }
  /// True when the op at `begin`, whose subtree ends at `end`, uses the
  /// value (other than as an initial iteration value of a loop) or holds a
  /// use.
  bool usedInside(uint64_t begin, uint64_t end) const {
    const uint64_t *it = std::lower_bound(keys.begin(), keys.end(), 2 * begin);
    while (it != keys.end() && *it == 2 * begin + 1)
      ++it;
    return it != keys.end() && *it < 2 * end;
  }
};
/// Value numbers and op positions of a module: computed once, then only read
/// (by every exploration, possibly on several threads).
class ModuleNumbering {
public:
  explicit ModuleNumbering(mlir::Operation *module);

  /// One past the last pre-order position of `op`'s subtree.
  uint64_t subtreeEnd(mlir::Operation *op) const {
    auto it = positions.find(op);
    return it == positions.end() ? 0 : ends[it->second];
  }
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
  /// The value of a number, or of a key (ExplorerPart::keyOf: a number plus
  /// a multiple of numValues() for the activation of a recursive function).
  mlir::Value valueOf(uint32_t number) const {
    return values[baseNumber(number)];
  }
  uint32_t baseNumber(uint32_t key) const { return key % values.size(); }
  /// Which activation of its function a key is (0 for a plain number).
  unsigned activationOf(uint32_t key) const { return key / values.size(); }
  /// How many values are numbered (their numbers are 0 to this, excluded).
  uint32_t numValues() const { return values.size(); }
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
  llvm::DenseMap<mlir::Operation *, uint64_t> positions;
  /// By position: one past the last position of the op's subtree.
  std::vector<uint64_t> ends;
  std::vector<mlir::Value> values;
};

/// True for a function or an op isolated from above: what its regions hold
/// is not live out of it.
bool isFunctionBoundary(mlir::Operation *op);
/// Returns true when region `region` of `op` can run again after it ran.
bool isLoopRegion(mlir::Operation *op, mlir::Region *region);

/// What one exploration (one thread) reads of the module: the shared
/// numbering, plus caches of uses, memory effects and symbols of
/// its own.
class ModuleContext {
public:
  ModuleContext(mlir::Operation *module, const ModuleNumbering &numbering)
      : module(module), numbering(numbering) {}

  uint32_t number(mlir::Value value) const { return numbering.number(value); }
  mlir::Value valueOf(uint32_t number) const {
    return numbering.valueOf(number);
  }
  uint32_t baseNumber(uint32_t key) const { return numbering.baseNumber(key); }
  unsigned activationOf(uint32_t key) const {
    return numbering.activationOf(key);
  }
  uint32_t numValues() const { return numbering.numValues(); }
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

  /// The uses of the value numbered `number`, computed once.
  const UseInfo &getUseInfo(uint32_t number);

  /// The memory model of an op, computed once.
  const OpMemoryInfo &getMemoryInfo(mlir::Operation *op) {
    auto [it, inserted] = memoryInfoIndex.try_emplace(op, memoryInfos.size());
    if (inserted)
      memoryInfos.push_back(describeMemory(op));
    return memoryInfos[it->second];
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

  /// Drops the per-value and per-op caches (between root functions,
  /// to keep the peak memory of large modules low).
  void releaseCaches() {
    // (The index stays: clearing what was set keeps this linear in the
    // values explored, not in the module's.)
    for (uint32_t number : useInfoNumbers)
      useInfoIndex[number] = 0;
    useInfoNumbers.clear();
    useInfos.clear();
    memoryInfoIndex.clear();
    memoryInfos.clear();
  }

  mlir::SymbolTableCollection symbolTables;
  mlir::Operation *module;

private:
  const ModuleNumbering &numbering;
  /// By value number, one plus an index into useInfos, 0 for none yet (a
  /// flat table: the numbers are dense, and a lookup is one load; a deque:
  /// references to its elements stay valid as it grows).
  std::vector<uint32_t> useInfoIndex;
  /// The numbers set in useInfoIndex.
  std::vector<uint32_t> useInfoNumbers;
  std::deque<UseInfo> useInfos;
  /// By op, an index into memoryInfos (a deque: the infos, large, stay in
  /// place as the table grows; one per op of a large function).
  llvm::DenseMap<mlir::Operation *, uint32_t> memoryInfoIndex;
  std::deque<OpMemoryInfo> memoryInfos;
  llvm::DenseMap<mlir::Region *, bool> loopRegions;
  llvm::DenseMap<mlir::Operation *, bool> boundaries;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_MODULECONTEXT_H
