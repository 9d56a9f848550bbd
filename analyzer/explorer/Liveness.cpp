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

LivenessOracle::FrameVerdicts &
LivenessOracle::getFrameVerdicts(Operation *pc,
                                 ArrayRef<Operation *> callStack) {
  SmallVector<uint32_t, 1> &candidates = framesByPoint[pc];
  for (uint32_t index : candidates)
    if (ArrayRef(frames[index].callStack) == callStack)
      return frames[index];
  candidates.push_back(frames.size());
  FrameVerdicts &frame = frames.emplace_back();
  frame.callStack.assign(callStack.begin(), callStack.end());
  return frame;
}

bool LivenessOracle::isLiveIn(FrameVerdicts &frame, uint32_t number,
                              Operation *pc, ArrayRef<Operation *> callStack) {
  auto it = llvm::lower_bound(frame.known, std::make_pair(number, false));
  if (it != frame.known.end() && it->first == number)
    return it->second;
  bool live = isLiveAt(number, pc, callStack);
  frame.known.insert(it, {number, live});
  ++knownVerdicts;
  return live;
}

const llvm::BitVector &LivenessOracle::getLiveVerdicts(const PathState &s) {
  // The verdicts known at this point and call stack, sorted by value
  // number: the environment is sorted too, so one merge finds them.
  FrameVerdicts &frame = getFrameVerdicts(s.pc, s.callStack);
  size_t numValues = s.env.size() + 2 * s.cmpAtoms.size();
  verdicts.clear();
  verdicts.resize(numValues);
  SmallVector<std::pair<uint32_t, bool>, 8> learned;
  auto known = frame.known.begin(), knownEnd = frame.known.end();
  for (auto [i, entry] : llvm::enumerate(s.env)) {
    uint32_t number = entry.first;
    while (known != knownEnd && known->first < number)
      ++known;
    bool live;
    if (known != knownEnd && known->first == number) {
      live = known->second;
    } else {
      live = isLiveAt(number, s.pc, s.callStack);
      learned.emplace_back(number, live);
    }
    if (live)
      verdicts.set(i);
  }
  if (!learned.empty()) {
    std::vector<std::pair<uint32_t, bool>> merged;
    merged.reserve(frame.known.size() + learned.size());
    std::merge(frame.known.begin(), frame.known.end(), learned.begin(),
               learned.end(), std::back_inserter(merged));
    frame.known = std::move(merged);
    knownVerdicts += learned.size();
  }
  size_t index = s.env.size();
  for (const CmpAtom &c : s.cmpAtoms) {
    if (isLiveIn(frame, c.lhs, s.pc, s.callStack))
      verdicts.set(index);
    if (isLiveIn(frame, c.rhs, s.pc, s.callStack))
      verdicts.set(index + 1);
    index += 2;
  }
  return verdicts;
}

uint64_t LivenessOracle::estimateBytes() const {
  constexpr uint64_t kNode = 48;
  // (The verdicts are counted as they are learned: a walk over the frames
  // here, every kResourceCheckSteps steps, would be quadratic.)
  return frames.size() * (kNode + sizeof(FrameVerdicts)) +
         knownVerdicts * sizeof(std::pair<uint32_t, bool>) +
         livenessCache.size() * (8 + sizeof(LocalLiveness)) +
         levels.capacity() * sizeof(Level) +
         pointLevels.size() * (8 + sizeof(PointLevels));
}
