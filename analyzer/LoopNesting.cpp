//===- LoopNesting.cpp - Does an op run repeatedly in one scope? ----------===//

#include "analyzer/LoopNesting.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Region.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace memlint;

/// Returns the terminator of a back-edge when `block` lies on a CFG cycle of
/// its region.
static Operation *findCycleThrough(Block *block) {
  SmallVector<Block *> worklist(block->getSuccessors().begin(),
                                block->getSuccessors().end());
  llvm::SmallPtrSet<Block *, 16> visited;
  while (!worklist.empty()) {
    Block *b = worklist.pop_back_val();
    if (!visited.insert(b).second)
      continue;
    for (Block *succ : b->getSuccessors()) {
      if (succ == block)
        return b->getTerminator();
      worklist.push_back(succ);
    }
  }
  if (llvm::is_contained(block->getSuccessors(), block))
    return block->getTerminator();
  return nullptr;
}

std::optional<RepetitionInfo> memlint::findRepetitionInScope(Operation *op) {
  for (Operation *current = op; current;) {
    Block *block = current->getBlock();
    if (!block)
      return std::nullopt;
    if (Operation *backEdge = findCycleThrough(block))
      return RepetitionInfo{backEdge, true};
    Operation *parent = block->getParentOp();
    if (!parent ||
        parent->hasTrait<OpTrait::AutomaticAllocationScope>())
      return std::nullopt;
    Region *region = block->getParent();
    if (auto loop = dyn_cast<LoopLikeOpInterface>(parent)) {
      if (llvm::is_contained(loop.getLoopRegions(), region))
        return RepetitionInfo{parent, false};
    } else if (auto branch = dyn_cast<RegionBranchOpInterface>(parent)) {
      if (branch.isRepetitiveRegion(region->getRegionNumber()))
        return RepetitionInfo{parent, false};
    }
    current = parent;
  }
  return std::nullopt;
}
