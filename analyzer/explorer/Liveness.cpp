//===- Liveness.cpp - Which values of a path are live at its point --------===//
//
// Owns: the liveness walk and its caches (see Liveness.h).
// Must not touch: path states; a walk climbs regions with a loop, never by
// recursion.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/Liveness.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
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
    if (pc != lastQueryPoint) {
      lastQueryPoint = pc;
      lastQueryAt = ctx.position(pc);
      lastQueryLevel = &getLevel(pc->getBlock());
    }
    const Level &level = *lastQueryLevel;
    LocalLiveness local;
    if (std::optional<bool> inBlock =
            decideInBlock(uses, level.block, lastQueryAt, level.blockEnd))
      local = *inBlock ? LocalLiveness::Live : LocalLiveness::Dead;
    else
      local = getVerdictPastBlock(level, uses, v, number);
    if (local != LocalLiveness::UntilReturn)
      return local == LocalLiveness::Live;
    if (frame == 0)
      return false;
    pc = callStack[--frame]->getNextNode();
  }
  return false;
}

LivenessOracle::LocalLiveness
LivenessOracle::getVerdictPastBlock(const Level &level, const UseInfo &uses,
                                    Value v, uint32_t number) {
  // Most values are decided by the block's own parent (a loop that uses
  // them, a function body) or by the ops after it: no table for those
  // (the caller keeps the verdict per block and value).
  if (std::optional<LocalLiveness> beyond =
          decideBeyondBlock(level, uses, v, number))
    return *beyond;
  Operation *next = level.next;
  if (!next)
    return LocalLiveness::Dead;
  const Level &outer = getLevel(next->getBlock());
  if (std::optional<bool> inBlock =
          decideInBlock(uses, outer.block, ctx.position(next), outer.blockEnd))
    return *inBlock ? LocalLiveness::Live : LocalLiveness::Dead;
  return getBlockVerdict(outer, uses, v, number);
}

LivenessOracle::LocalLiveness
LivenessOracle::getBlockVerdict(const Level &start, const UseInfo &uses,
                                Value v, uint32_t number) {
  auto it = blockVerdicts.find({start.block, number});
  if (it != blockVerdicts.end())
    return it->second;
  // The walk climbs out of regions: past the block, at the op after its
  // parent, and so on. Every block it passes without a verdict has the
  // verdict the walk ends with, and a walk stops at a block with one:
  // linear in the nesting overall. (A loop, not a recursion: nesting may be
  // deep.)
  SmallVector<Block *, 8> passed;
  const Level *level = &start;
  LocalLiveness result = LocalLiveness::Dead;
  while (true) {
    passed.push_back(level->block);
    if (std::optional<LocalLiveness> beyond =
            decideBeyondBlock(*level, uses, v, number)) {
      result = *beyond;
      break;
    }
    Operation *next = level->next;
    if (!next)
      break;
    level = &getLevel(next->getBlock());
    if (std::optional<bool> inBlock = decideInBlock(
            uses, level->block, ctx.position(next), level->blockEnd)) {
      result = *inBlock ? LocalLiveness::Live : LocalLiveness::Dead;
      break;
    }
    auto known = blockVerdicts.find({level->block, number});
    if (known != blockVerdicts.end()) {
      result = known->second;
      break;
    }
  }
  for (Block *block : passed)
    blockVerdicts.try_emplace({block, number}, result);
  return result;
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

const LivenessOracle::Level &LivenessOracle::getLevel(Block *block) {
  auto [it, inserted] = levelIndex.try_emplace(block, levels.size());
  if (!inserted)
    return levels[it->second];
  Level &level = levels.emplace_back();
  level.block = block;
  level.blockEnd = ctx.subtreeEnd(&block->back());
  Operation *parent = block->getParentOp();
  level.parent = parent;
  if (!parent)
    return level;
  level.parentIsBoundary = ctx.isBoundary(parent);
  if (level.parentIsBoundary) {
    // Nothing is live out of the only block of a body: no need for the
    // liveness of its CFG.
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
LivenessOracle::decideBeyondBlock(const Level &level, const UseInfo &uses,
                                  Value v, uint32_t number) {
  if (!level.parent)
    return LocalLiveness::Dead;
  if (level.parentIsBoundary) {
    if (level.singleBlockBody)
      return LocalLiveness::UntilReturn;
    return isLiveOut(v, number, level.block) ? LocalLiveness::Live
                                             : LocalLiveness::UntilReturn;
  }
  if (level.cfgFunction && isLiveOut(v, number, level.block))
    return LocalLiveness::Live;
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

const LivenessOracle::RegionCfg &LivenessOracle::getRegionCfg(Region *region) {
  auto [it, inserted] = regionCfgs.try_emplace(region);
  RegionCfg &cfg = it->second;
  if (!inserted)
    return cfg;
  for (Block &block : *region) {
    cfg.index.try_emplace(&block, cfg.blocks.size());
    cfg.blocks.push_back(&block);
  }
  cfg.preds.resize(cfg.blocks.size());
  for (auto [i, block] : llvm::enumerate(cfg.blocks))
    for (Block *pred : block->getPredecessors())
      cfg.preds[i].push_back(cfg.index.lookup(pred));
  return cfg;
}

bool LivenessOracle::isLiveOut(Value v, uint32_t number, Block *block) {
  // What mlir::Liveness computes for the block, for this value only: the
  // least fixpoint of in(X) = use(X) | (out(X) - def(X)) and out(X) =
  // escaping(X) | in(successors of X) over the CFG of the block's region,
  // where use(X) holds the values an op nested in X reads and that X does
  // not define (def(X): every value defined in X, nested ones included),
  // and escaping(X) the values defined at the top of X (its arguments, the
  // results of its ops) with a user in another block of the region.
  // Building the whole analysis for a function of many blocks cost more
  // than the exploration's queries, which ask about few values and blocks.
  Region *region = block->getParent();
  auto [it, inserted] = cfgLiveIns.try_emplace({number, region});
  CfgLiveIn &live = it->second;
  const RegionCfg &cfg = getRegionCfg(region);
  if (inserted) {
    Block *defBlock = v.getParentBlock();
    // The block of the region the value is defined in (nested or not).
    Block *definer = region->findAncestorBlockInRegion(*defBlock);
    SmallVector<uint32_t> work;
    for (Operation *user : v.getUsers()) {
      Block *at = region->findAncestorBlockInRegion(*user->getBlock());
      if (definer && defBlock == definer && at != definer)
        live.escapes = true;
      if (!at || at == definer)
        continue;
      uint32_t i = cfg.index.lookup(at);
      // Most values are used in their own block only: no set for those.
      if (live.in.empty())
        live.in.resize(cfg.blocks.size());
      if (!live.in.test(i)) {
        live.in.set(i);
        work.push_back(i);
      }
    }
    if (definer && defBlock == definer)
      live.topDefiner = definer;
    while (!work.empty()) {
      uint32_t i = work.pop_back_val();
      for (uint32_t pred : cfg.preds[i])
        if (!live.in.test(pred) && cfg.blocks[pred] != definer) {
          live.in.set(pred);
          work.push_back(pred);
        }
    }
    cfgLiveInBits += live.in.size();
  }
  if (live.escapes && live.topDefiner == block)
    return true;
  if (live.in.empty())
    return false;
  for (Block *succ : block->getSuccessors())
    if (live.in.test(cfg.index.lookup(succ)))
      return true;
  return false;
}

LivenessOracle::FrameVerdicts &
LivenessOracle::getFrameVerdicts(Block *block,
                                 ArrayRef<Operation *> callStack) {
  SmallVector<uint32_t, 1> &candidates = framesByBlock[block];
  for (uint32_t index : candidates)
    if (ArrayRef(frames[index].callStack) == callStack)
      return frames[index];
  candidates.push_back(frames.size());
  FrameVerdicts &frame = frames.emplace_back();
  frame.level = &getLevel(block);
  frame.callStack.assign(callStack.begin(), callStack.end());
  // (No call, no recursion: most frames stop here.)
  if (callStack.empty())
    return frame;
  SmallVector<Operation *, 4> functions;
  for (Operation *call : callStack)
    functions.push_back(call->getParentOfType<FunctionOpInterface>());
  functions.push_back(
      block->getParent()->getParentOfType<FunctionOpInterface>());
  for (auto [i, fn] : llvm::enumerate(functions))
    if (llvm::is_contained(ArrayRef(functions).take_front(i), fn)) {
      frame.recursiveFrames.assign(functions.begin(), functions.end());
      break;
    }
  return frame;
}

LivenessOracle::Summary
LivenessOracle::summarizeActivation(const FrameVerdicts &frame, uint32_t key) {
  // The key names one activation of its function (ExplorerPart::keyOf): it
  // is live where that activation's frame is, and dead past its return (an
  // outer frame of the same function binds the same values, its own). A key
  // of an activation the stack no longer holds is dead.
  uint32_t number = ctx.baseNumber(key);
  unsigned activation = ctx.activationOf(key);
  Operation *fn = ctx.valueOf(number)
                      .getParentRegion()
                      ->getParentOfType<FunctionOpInterface>();
  ArrayRef<Operation *> callStack = frame.callStack;
  unsigned seen = 0;
  for (auto [j, runs] : llvm::enumerate(frame.recursiveFrames)) {
    if (runs != fn || seen++ != activation)
      continue;
    if (j == callStack.size())
      return summarize({frame.level, {}, {}, {}}, number);
    Summary summary;
    summary.liveBeyond = isLiveAt(number, callStack[j]->getNextNode(), {});
    return summary;
  }
  return Summary();
}

LivenessOracle::Summary LivenessOracle::summarize(const FrameVerdicts &frame,
                                                  uint32_t number) {
  if (!frame.recursiveFrames.empty() || ctx.activationOf(number))
    return summarizeActivation(frame, number);
  const UseInfo &uses = ctx.getUseInfo(number);
  const Level &level = *frame.level;
  Summary summary;
  if (std::optional<uint64_t> definerAt = uses.definerFrom(level.block))
    if (*definerAt < level.blockEnd)
      summary.definerAt = *definerAt;
  const uint64_t *end = std::lower_bound(uses.keys.begin(), uses.keys.end(),
                                         2 * level.blockEnd);
  if (end != uses.keys.begin())
    summary.lastUseKey = *(end - 1);
  LocalLiveness beyond =
      getVerdictPastBlock(level, uses, ctx.valueOf(number), number);
  if (beyond == LocalLiveness::UntilReturn && !frame.callStack.empty())
    summary.liveBeyond =
        isLiveAt(number, frame.callStack.back()->getNextNode(),
                 ArrayRef(frame.callStack).drop_back());
  else
    summary.liveBeyond = beyond == LocalLiveness::Live;
  return summary;
}

bool LivenessOracle::isLiveIn(FrameVerdicts &frame, uint32_t number,
                              uint64_t pointAt) {
  auto it = llvm::lower_bound(frame.known, number,
                              [](const std::pair<uint32_t, Summary> &entry,
                                 uint32_t key) { return entry.first < key; });
  if (it == frame.known.end() || it->first != number) {
    Summary summary = summarize(frame, number);
    it = frame.known.insert(it, {number, summary});
    ++knownSummaries;
  }
  return it->second.isLiveAt(pointAt);
}

const llvm::BitVector &LivenessOracle::getLiveVerdicts(const PathState &s) {
  // The summaries known in this block and call stack, sorted by value
  // number: the environment is sorted too, so one merge finds them.
  FrameVerdicts &frame = getFrameVerdicts(s.pc->getBlock(), s.callStack);
  uint64_t pointAt = ctx.position(s.pc);
  size_t numValues = s.env.size() + 2 * s.cmpAtoms.size();
  verdicts.clear();
  verdicts.resize(numValues);
  SmallVector<std::pair<uint32_t, Summary>, 8> learned;
  auto known = frame.known.begin(), knownEnd = frame.known.end();
  for (auto [i, entry] : llvm::enumerate(s.env)) {
    uint32_t number = entry.first;
    while (known != knownEnd && known->first < number)
      ++known;
    bool live;
    if (known != knownEnd && known->first == number) {
      live = known->second.isLiveAt(pointAt);
    } else {
      Summary summary = summarize(frame, number);
      live = summary.isLiveAt(pointAt);
      learned.emplace_back(number, summary);
    }
    if (live)
      verdicts.set(i);
  }
  if (!learned.empty()) {
    std::vector<std::pair<uint32_t, Summary>> merged;
    merged.reserve(frame.known.size() + learned.size());
    std::merge(frame.known.begin(), frame.known.end(), learned.begin(),
               learned.end(), std::back_inserter(merged),
               [](const auto &a, const auto &b) { return a.first < b.first; });
    frame.known = std::move(merged);
    knownSummaries += learned.size();
  }
  size_t index = s.env.size();
  for (const CmpAtom &c : s.cmpAtoms) {
    if (isLiveIn(frame, c.lhs, pointAt))
      verdicts.set(index);
    if (isLiveIn(frame, c.rhs, pointAt))
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
         knownSummaries * sizeof(std::pair<uint32_t, Summary>) +
         levels.size() * (16 + sizeof(Level)) +
         blockVerdicts.size() * (16 + sizeof(LocalLiveness)) +
         cfgLiveIns.size() * (16 + sizeof(CfgLiveIn)) + cfgLiveInBits / 8;
}
