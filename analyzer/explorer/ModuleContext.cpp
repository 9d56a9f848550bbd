//===- ModuleContext.cpp - What every exploration reads of the module -----===//
//
// Owns: the module numbering and the use-site cache (see ModuleContext.h).
// Must not touch: path states; the IR is only read (block op orders are
// computed once here, before explorations may run in parallel).
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/ModuleContext.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <algorithm>

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

ModuleNumbering::ModuleNumbering(Operation *module) {
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    positions.try_emplace(op, positions.size());
    for (Value result : op->getResults())
      addValue(result);
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        for (Value arg : block.getArguments())
          addValue(arg);
        // Explorations may run in parallel: they must only read the IR
        // (see freezeOpOrder).
        if (!block.isOpOrderValid())
          block.recomputeOpOrder();
      }
  });
  // One past the last position in each op's subtree (children first).
  module->walk<WalkOrder::PostOrder>([&](Operation *op) {
    uint64_t end = position(op) + 1;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty())
          end = std::max(end, ends.lookup(&block.back()));
    ends.try_emplace(op, end);
  });
}

uint64_t ModuleNumbering::countOps(Operation *op) const {
  // An op outside any block (the top-level module) has no next node.
  for (Operation *p = op; p && p->getBlock(); p = p->getParentOp())
    if (Operation *after = p->getNextNode())
      return position(after) - position(op);
  return positions.size() - position(op);
}

bool memlint::explorer::isFunctionBoundary(Operation *op) {
  return isa<FunctionOpInterface>(op) ||
         op->hasTrait<OpTrait::IsIsolatedFromAbove>();
}

bool memlint::explorer::isLoopRegion(Operation *op, Region *region) {
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op))
    return llvm::is_contained(loop.getLoopRegions(), region);
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op))
    return branch.isRepetitiveRegion(region->getRegionNumber());
  return false;
}

const UseInfo &ModuleContext::getUseInfo(uint32_t number) {
  auto [it, inserted] = useInfoIndex.try_emplace(number, useInfos.size());
  if (!inserted)
    return useInfos[it->second];
  useInfos.emplace_back();
  UseInfo &info = useInfos.back();
  Value value = valueOf(number);
  if (Operation *def = value.getDefiningOp()) {
    info.hasDefiningOp = true;
    info.definerAt = position(def);
  } else {
    info.argOwner = cast<BlockArgument>(value).getOwner();
    if (Operation *parent = info.argOwner->getParentOp()) {
      info.hasArgOwnerParent = true;
      info.argOwnerParentAt = position(parent);
    }
  }
  if (Operation *owner = value.getParentRegion()->getParentOp()) {
    info.hasRegionOwner = true;
    info.regionOwnerAt = position(owner);
  }
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    // A loop reads its initial iteration values once, on entry: they do
    // not keep the value live inside the loop (bounds do: the
    // exploration reads them at every back-edge).
    // (Only an op with regions is a loop: no interface lookup for others.)
    bool entryOnly = false;
    if (auto loop = user->getNumRegions() != 0
                        ? dyn_cast<LoopLikeOpInterface>(user)
                        : LoopLikeOpInterface()) {
      MutableArrayRef<OpOperand> inits = loop.getInitsMutable();
      entryOnly = !inits.empty() && &use >= inits.begin() && &use < inits.end();
    }
    info.keys.push_back(2 * position(user) + (entryOnly ? 1 : 0));
  }
  std::sort(info.keys.begin(), info.keys.end());
  return info;
}
