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
  const UseInfo &uses = ctx.getUseInfo(number);
  Value v = ctx.valueOf(number);
  // In an inlined call, a value not used again in the callee may still be
  // used after the call: continue in the caller, frame after frame.
  size_t frame = callStack.size();
  while (pc) {
    if (pc != lastLevelsPoint) {
      lastLevelsPoint = pc;
      lastLevels = getPointLevels(pc);
    }
    std::optional<LocalLiveness> local;
    for (uint32_t i = lastLevels.begin, e = i + lastLevels.size;
         i != e && !local; ++i)
      local = decideAtLevel(levels[i], uses, v);
    if (!local && !lastLevels.rest)
      local = LocalLiveness::Dead;
    if (!local) {
      // A deep walk: through the cache, by the point it continues from.
      Operation *rest = lastLevels.rest;
      if (rest != lastPoint) {
        lastPoint = rest;
        lastPointIndex =
            pointIndex.try_emplace(rest, pointIndex.size()).first->second;
      }
      auto it = livenessCache.find({lastPointIndex, number});
      if (it != livenessCache.end()) {
        local = it->second;
      } else {
        // (It caches the points it passes: no iterator is kept across it.)
        local = computeLocalLiveness(v, number, rest);
        livenessCache[{getPointIndex(rest), number}] = *local;
      }
    }
    if (*local != LocalLiveness::UntilReturn)
      return *local == LocalLiveness::Live;
    if (frame == 0)
      return false;
    pc = callStack[--frame]->getNextNode();
  }
  return false;
}

std::optional<bool> LivenessOracle::decideInBlock(const UseInfo &uses,
                                                  Block *block,
                                                  uint64_t pointAt,
                                                  uint64_t blockEnd) {
  // A value (re)defined at or after the point is not live here: the uses
  // that follow read the new definition. (Defined in an op of the block at
  // or after the point: the ops from the point to the end of the block,
  // with everything nested in them, are a range of pre-order positions.)
  if (std::optional<uint64_t> definerAt = uses.definerFrom(block))
    if (pointAt <= *definerAt && *definerAt < blockEnd)
      return false;
  // Used by an op of the block at or after the point, or nested in one.
  if (uses.usedIn(pointAt, blockEnd))
    return true;
  return std::nullopt;
}

LivenessOracle::Level LivenessOracle::getLevel(Operation *point) {
  Level level = {};
  Block *block = point->getBlock();
  level.block = block;
  level.pointAt = ctx.position(point);
  level.blockEnd = ctx.subtreeEnd(&block->back());
  Operation *parent = block->getParentOp();
  level.parent = parent;
  if (!parent)
    return level;
  level.parentIsBoundary = ctx.isBoundary(parent);
  if (level.parentIsBoundary) {
    // Nothing is live out of the only block of a body: no need to build
    // the function's liveness.
    level.singleBlockBody = block->getNumSuccessors() == 0 &&
                            block->getParent()->hasOneBlock();
    return level;
  }
  // Inside a region of `parent`: a CFG inside the region may branch on.
  if (block->getNumSuccessors() != 0 || !block->isEntryBlock()) {
    Operation *fn = parent;
    while (fn && !ctx.isBoundary(fn))
      fn = fn->getParentOp();
    level.cfgFunction = fn;
  }
  level.inLoop = ctx.isLoop(block->getParent());
  if (level.inLoop) {
    level.parentAt = ctx.position(parent);
    level.parentEnd = ctx.subtreeEnd(parent);
  }
  level.next = parent->getNextNode();
  return level;
}

std::optional<LivenessOracle::LocalLiveness>
LivenessOracle::decideAtLevel(const Level &level, const UseInfo &uses,
                              Value v) {
  if (std::optional<bool> inBlock =
          decideInBlock(uses, level.block, level.pointAt, level.blockEnd))
    return *inBlock ? LocalLiveness::Live : LocalLiveness::Dead;
  if (!level.parent)
    return LocalLiveness::Dead;
  if (level.parentIsBoundary) {
    if (level.singleBlockBody)
      return LocalLiveness::UntilReturn;
    const LivenessBlockInfo *info =
        ctx.getLiveness(level.parent).getLiveness(level.block);
    return info && info->isLiveOut(v) ? LocalLiveness::Live
                                      : LocalLiveness::UntilReturn;
  }
  if (level.cfgFunction) {
    const LivenessBlockInfo *info =
        ctx.getLiveness(level.cfgFunction).getLiveness(level.block);
    if (info && info->isLiveOut(v))
      return LocalLiveness::Live;
  }
  // The loop itself reads its induction variables (arguments of its body)
  // at the back-edge.
  if (uses.argOwner == level.block)
    if (auto loop = dyn_cast<LoopLikeOpInterface>(level.parent))
      if (auto ivs = loop.getLoopInductionVars())
        if (llvm::is_contained(*ivs, v))
          return LocalLiveness::Live;
  // Used inside the loop: live across iterations unless defined inside it
  // (then every iteration defines it anew).
  if (level.inLoop && uses.usedInside(level.parentAt, level.parentEnd) &&
      (!uses.hasRegionOwner || uses.regionOwnerAt < level.parentAt ||
       uses.regionOwnerAt >= level.parentEnd))
    return LocalLiveness::Live;
  return std::nullopt;
}

LivenessOracle::PointLevels
LivenessOracle::getPointLevels(Operation *point) {
  auto it = pointLevels.find(point);
  if (it != pointLevels.end())
    return it->second;
  PointLevels result = {uint32_t(levels.size()), 0, nullptr};
  Operation *at = point;
  while (at && result.size < kMaxLevels) {
    Level level = getLevel(at);
    levels.push_back(level);
    ++result.size;
    // A level without a parent or at a function body always decides.
    at = level.parent && !level.parentIsBoundary ? level.next : nullptr;
  }
  result.rest = at;
  pointLevels.try_emplace(point, result);
  return result;
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
  const UseInfo &uses = ctx.getUseInfo(number);
  Operation *point = pc; // the first op not yet executed at this level
  while (point) {
    Level level = getLevel(point);
    if (std::optional<LocalLiveness> local = decideAtLevel(level, uses, v))
      return finish(*local);
    point = level.next;
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
         livenessCache.size() * (8 + sizeof(LocalLiveness)) +
         levels.capacity() * sizeof(Level) +
         pointLevels.size() * (8 + sizeof(PointLevels));
}
