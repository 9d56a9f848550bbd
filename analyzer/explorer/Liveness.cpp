//===- Liveness.cpp - Which values of a path are live at its point --------===//
//
// Owns: the liveness walk and its caches (see Liveness.h).
// Must not touch: path states; a walk climbs regions with a loop, never by
// recursion.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/Liveness.h"

#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

bool LivenessOracle::isLiveAt(uint32_t number, Operation *pc,
                              ArrayRef<Operation *> callStack) {
  // In an inlined call, a value not used again in the callee may still be
  // used after the call: continue in the caller, frame after frame.
  size_t frame = callStack.size();
  while (pc) {
    if (pc != lastPoint) {
      lastPoint = pc;
      lastPointIndex =
          pointIndex.try_emplace(pc, pointIndex.size()).first->second;
    }
    LocalLiveness local;
    auto it = livenessCache.find({lastPointIndex, number});
    if (it != livenessCache.end()) {
      local = it->second;
    } else {
      // (It caches the points it passes: no iterator is kept across it.)
      local = computeLocalLiveness(ctx.valueOf(number), number, pc);
      livenessCache[{getPointIndex(pc), number}] = local;
    }
    if (local != LocalLiveness::UntilReturn)
      return local == LocalLiveness::Live;
    if (frame == 0)
      return false;
    pc = callStack[--frame]->getNextNode();
  }
  return false;
}

LivenessOracle::LocalLiveness
LivenessOracle::computeLocalLiveness(Value v, uint32_t number, Operation *pc) {
  // The walk climbs out of regions; the points it passes on the way (the op
  // after each region op left) have the same answer, so they are cached
  // too, and a walk stops at a cached one: linear in the nesting overall.
  SmallVector<Operation *, 8> passed;
  auto finish = [&](LocalLiveness result) {
    for (Operation *point : passed)
      livenessCache[{getPointIndex(point), number}] = result;
    return result;
  };
  const UseInfo &uses = ctx.getUseInfo(v);
  Operation *point = pc; // the first op not yet executed at this level
  Operation *defOp = v.getDefiningOp();
  Block *argOwner =
      isa<BlockArgument>(v) ? cast<BlockArgument>(v).getOwner() : nullptr;
  while (point) {
    Block *block = point->getBlock();
    // A value (re)defined at or after the point is not live here: the uses
    // that follow read the new definition. (Defined in an op of the block
    // at or after the point: the ops from the point to the end of the
    // block, with everything nested in them, are a range of pre-order
    // positions.)
    Operation *definer = defOp ? defOp
                         : argOwner && argOwner != block
                             ? argOwner->getParentOp()
                             : nullptr;
    if (definer && ctx.position(point) <= ctx.position(definer) &&
        ctx.position(definer) < ctx.subtreeEnd(&block->back()))
      return finish(LocalLiveness::Dead);
    auto it = uses.lastUseInBlock.find(block);
    if (it != uses.lastUseInBlock.end() &&
        (it->second == point || point->isBeforeInBlock(it->second)))
      return finish(LocalLiveness::Live);
    Operation *parent = block->getParentOp();
    if (!parent)
      return finish(LocalLiveness::Dead);
    if (ctx.isBoundary(parent)) {
      // Nothing is live out of the only block of a body: no need to build
      // the function's liveness.
      if (block->getNumSuccessors() == 0 && block->getParent()->hasOneBlock())
        return finish(LocalLiveness::UntilReturn);
      const LivenessBlockInfo *info =
          ctx.getLiveness(parent).getLiveness(block);
      return finish(info && info->isLiveOut(v) ? LocalLiveness::Live
                                               : LocalLiveness::UntilReturn);
    }
    // Inside a region of `parent`: a CFG inside the region may branch on.
    if (block->getNumSuccessors() != 0 || !block->isEntryBlock()) {
      Operation *fn = parent;
      while (fn && !ctx.isBoundary(fn))
        fn = fn->getParentOp();
      if (fn) {
        const LivenessBlockInfo *info = ctx.getLiveness(fn).getLiveness(block);
        if (info && info->isLiveOut(v))
          return finish(LocalLiveness::Live);
      }
    }
    // The loop itself reads its induction variables (arguments of its body)
    // at the back-edge.
    if (argOwner == block)
      if (auto loop = dyn_cast<LoopLikeOpInterface>(parent))
        if (auto ivs = loop.getLoopInductionVars())
          if (llvm::is_contained(*ivs, v))
            return finish(LocalLiveness::Live);
    if (ctx.isLoop(block->getParent()) && uses.userAncestors.contains(parent)) {
      // Used inside the loop: live across iterations unless defined inside
      // it (then every iteration defines it anew).
      Operation *owner = v.getParentRegion()->getParentOp();
      if (!owner || !ctx.inSubtree(parent, owner))
        return finish(LocalLiveness::Live);
    }
    point = parent->getNextNode();
    if (point) {
      auto cached = livenessCache.find({getPointIndex(point), number});
      if (cached != livenessCache.end())
        return finish(cached->second);
      passed.push_back(point);
    }
  }
  return finish(LocalLiveness::Dead);
}

const llvm::BitVector &LivenessOracle::getLiveVerdicts(const PathState &s) {
  SmallVector<uint32_t, 32> numbers;
  for (const auto &entry : s.env)
    numbers.push_back(entry.first);
  for (const CmpAtom &c : s.cmpAtoms) {
    numbers.push_back(c.lhs);
    numbers.push_back(c.rhs);
  }
  size_t hash = llvm::hash_combine(
      s.pc, llvm::hash_combine_range(s.callStack.begin(), s.callStack.end()),
      llvm::hash_combine_range(numbers.begin(), numbers.end()));
  auto [first, last] = liveVerdicts.equal_range(hash);
  for (auto it = first; it != last; ++it) {
    const LiveVerdicts &v = it->second;
    if (v.pc == s.pc && ArrayRef(v.callStack) == ArrayRef(s.callStack) &&
        ArrayRef(v.numbers) == ArrayRef(numbers))
      return v.live;
  }
  LiveVerdicts v;
  v.pc = s.pc;
  v.callStack.assign(s.callStack.begin(), s.callStack.end());
  v.numbers = numbers;
  v.live.resize(numbers.size());
  for (auto [i, number] : llvm::enumerate(numbers))
    if (isLiveAt(number, s.pc, s.callStack))
      v.live.set(i);
  return liveVerdicts.emplace(hash, std::move(v))->second.live;
}

uint64_t LivenessOracle::estimateBytes() const {
  constexpr uint64_t kNode = 48;
  return liveVerdicts.size() * (kNode + sizeof(LiveVerdicts)) +
         livenessCache.size() * (8 + sizeof(LocalLiveness));
}
