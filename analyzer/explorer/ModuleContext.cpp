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
  // Sizes first: the tables are filled without growing.
  size_t numOps = 0, numValues = 0;
  module->walk([&](Operation *op) {
    ++numOps;
    numValues += op->getNumResults();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        numValues += block.getNumArguments();
  });
  positions.reserve(numOps);
  ends.resize(numOps);
  numbers.reserve(numValues);
  values.reserve(numValues);
  // Pre-order, with an explicit stack (nesting may be deep): an op's
  // position when it is entered, one past its subtree's last position when
  // it is left.
  struct Frame {
    Operation *op;
    uint64_t leaving; ///< 1 + the op's position when it is left, else 0
  };
  std::vector<Frame> stack{{module, 0}};
  while (!stack.empty()) {
    Frame frame = stack.back();
    stack.pop_back();
    Operation *op = frame.op;
    if (frame.leaving) {
      ends[frame.leaving - 1] = positions.size();
      continue;
    }
    uint64_t at = positions.size();
    positions.try_emplace(op, at);
    for (Value result : op->getResults())
      addValue(result);
    stack.push_back({op, at + 1});
    size_t firstChild = stack.size();
    for (Region &region : op->getRegions())
      for (Block &block : region) {
        for (Value arg : block.getArguments())
          addValue(arg);
        // Explorations may run in parallel: they must only read the IR
        // (see freezeOpOrder).
        if (!block.isOpOrderValid())
          block.recomputeOpOrder();
        for (Operation &nested : block)
          stack.push_back({&nested, 0});
      }
    std::reverse(stack.begin() + firstChild, stack.end());
  }
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
  number = baseNumber(number);
  if (useInfoIndex.empty())
    useInfoIndex.resize(numbering.numValues());
  uint32_t &slot = useInfoIndex[number];
  if (slot)
    return useInfos[slot - 1];
  useInfos.emplace_back();
  slot = useInfos.size();
  useInfoNumbers.push_back(number);
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
