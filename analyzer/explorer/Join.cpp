//===- Join.cpp - What happens where paths meet ---------------------------===//
//
// Owns: JoinPolicy (see Join.h).
// Must not touch: the transfer functions.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/Join.h"
#include "analyzer/explorer/FunctionExplorer.h"
#include "analyzer/explorer/StateMerge.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <algorithm>
#include <iterator>

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

/// True when paths can meet at `pc`: after a region op, at a loop head, or at
/// a block with several predecessor edges. Elsewhere (the entry of an
/// scf.if branch, a block with one predecessor) nothing can merge, so the
/// path goes on without pruning or bookkeeping.
static bool isMergePoint(ModuleContext &ctx, Operation *pc) {
  Block *block = pc->getBlock();
  if (&block->front() != pc)
    return true;
  Operation *parent = block->getParentOp();
  if (block->isEntryBlock())
    return ctx.isLoop(block->getParent()) || ctx.isBoundary(parent);
  unsigned edges = 0;
  for (auto it = block->pred_begin(), e = block->pred_end(); it != e; ++it)
    ++edges;
  return edges != 1;
}

void JoinPolicy::join(PathState &&s, Operation *pc) {
  s.pc = pc;
  if (!isMergePoint(ctx, pc)) {
    push(std::move(s));
    return;
  }
  canonicalize(s);
  if (x.loops.leaveConvergedLoop(s, pc))
    return;
  auto pointKey = std::make_pair(pc, (unsigned)s.callStack.size());
  unsigned &count = statesPerPoint[pointKey];
  Block *block = pc->getBlock();
  bool loopHead = &block->front() == pc &&
                  (ctx.isLoop(block->getParent()) ||
                   (!block->isEntryBlock() && !block->hasNoPredecessors() &&
                    !block->getSinglePredecessor()));
  // A loop with a known trip count is unrolled exactly (its induction
  // variable is known): it ends by itself and needs no widening.
  if (loopHead)
    if (auto loop = dyn_cast<LoopLikeOpInterface>(block->getParentOp()))
      if (auto ivs = loop.getLoopInductionVars())
        if (ivs->size() == 1 && getInt(s, ivs->front()))
          loopHead = false;
  if (loopHead && count >= 1) {
    // Widen at loop heads: forget integers carried around the loop through
    // block arguments and stored in memory, so that counting loops converge.
    // A counter compared with an unknown bound is widened from the second
    // state on (counting cannot end the loop), others once they have taken
    // more than `widenAfterStates` values here (a loop with known bounds
    // ends by itself; a count of states would also widen a short counter
    // whose loop is reached from many contexts, and make infeasible paths).
    // Integers in memory are widened after `widenAfterStates` states.
    bool widenAll = count >= options.widenAfterStates;
    auto keepsCounting = [&](BlockArgument arg, int64_t value) {
      auto &values = headValues[{pc, arg.getArgNumber()}];
      if (values.size() <= options.widenAfterStates)
        values.insert(value);
      return values.size() > options.widenAfterStates;
    };
    auto comparedWithUnknown = [&](BlockArgument arg) {
      for (Operation *user : arg.getUsers())
        if (auto cmp = dyn_cast<arith::CmpIOp>(user)) {
          Value other = cmp.getLhs() == arg ? cmp.getRhs() : cmp.getLhs();
          // A constant is a known bound even where this state has not
          // reached its definition yet (one in the loop's own block).
          if (!getInt(s, other) && !matchPattern(other, m_Constant()))
            return true;
        }
      return false;
    };
    bool changed = false;
    for (BlockArgument arg : block->getArguments()) {
      if (const AbsVal *val = get(s, arg))
        if (val->kind == AbsVal::Kind::Int &&
            (keepsCounting(arg, val->intValue) || comparedWithUnknown(arg))) {
          clear(s, arg);
          changed = true;
        }
    }
    for (BufferRecord &b : s.buffers) {
      if (!widenAll)
        break;
      size_t before = b.contents.size();
      llvm::erase_if(b.contents, [](const std::pair<int64_t, AbsVal> &cell) {
        return cell.second.kind == AbsVal::Kind::Int;
      });
      changed |= before != b.contents.size();
    }
    if (changed)
      canonicalize(s);
  }
  PathState::Fingerprints prints = s.fingerprints();
  auto print = prints.full;
  auto found = seenByFingerprint.find(print);
  std::optional<Shape> shape;
  if (options.mergeBooleanStates && found == seenByFingerprint.end()) {
    shape = prints.shape;
    PathWorklist &worklist = x.worklist;
    if (std::optional<uint32_t> slot = worklist.findWaiting(*shape)) {
      PathState &into = worklist.waiting(*slot);
      if (into.sameShape(s) && mergeBooleans(into, s)) {
        seenByFingerprint.try_emplace(print, into.hits);
        PathState::Fingerprints intoPrints = into.fingerprints();
        seenByFingerprint.try_emplace(intoPrints.full, into.hits);
        // Dropping an assumption changes the shape.
        auto newShape = intoPrints.shape;
        if (newShape != *shape)
          worklist.reshape(*slot, *shape, newShape);
        return;
      }
    }
  }
  std::pair<uint64_t, uint64_t> cover;
  if (found == seenByFingerprint.end()) {
    // A state seen with a subset of this one's assumptions covers it.
    cover = prints.cover;
    auto seen = seenByCover.find(cover);
    if (seen != seenByCover.end())
      for (const auto &[assumed, seenPrint] : coverLists[seen->second])
        if (std::includes(s.assignment.begin(), s.assignment.end(),
                          assumed.begin(), assumed.end())) {
          found = seenByFingerprint.find(seenPrint);
          break;
        }
  }
  if (found != seenByFingerprint.end()) {
    // Merge: the old state's paths already cover this one, except for the
    // all-paths verdict, which needs the intersection of the hits.
    SmallVector<uint32_t, 2> &oldHits = found->second;
    SmallVector<uint32_t, 2> common;
    std::set_intersection(oldHits.begin(), oldHits.end(), s.hits.begin(),
                          s.hits.end(), std::back_inserter(common));
    if (common.size() == oldHits.size())
      return;
    oldHits = common;
    s.hits = common;
    push(std::move(s));
    return;
  }
  if (count >= options.maxStatesPerPoint) {
    stop(AnalysisBound::StatesPerPoint, pc, options.maxStatesPerPoint,
         "too many distinct states at one program point");
    return;
  }
  ++count;
  seenByFingerprint.try_emplace(print, s.hits);
  auto [coverIt, newCover] = seenByCover.try_emplace(cover, coverLists.size());
  if (newCover)
    coverLists.emplace_back();
  auto &sameCover = coverLists[coverIt->second];
  if (sameCover.size() < kMaxStatesPerCover) {
    sameCover.emplace_back(s.assignment, print);
    ++coverEntries;
  }
  push(std::move(s), shape);
}

uint64_t JoinPolicy::estimateBytes() const {
  // An entry and its hash node each.
  constexpr uint64_t kNode = 48;
  uint64_t bytes = seenByFingerprint.size() *
                   (kNode + 16 + sizeof(SmallVector<uint32_t, 2>));
  // The entries are counted as they are added (the tables only grow): a
  // walk over seenByCover here, every kResourceCheckSteps steps, made the
  // exploration quadratic in the states seen (a function of 1M ops: a third
  // of the run).
  bytes += seenByCover.size() * (kNode + 16) +
           coverEntries * (sizeof(Assignment) + 16);
  return bytes;
}
