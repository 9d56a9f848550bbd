//===- TransferLoops.cpp - What loops do to a path ------------------------===//
//
// Owns: LoopTransfer (see TransferLoops.h).
// Must not touch: the join tables or other control flow.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/TransferLoops.h"
#include "analyzer/explorer/FunctionExplorer.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

bool LoopTransfer::hasSingleInductionVar(LoopLikeOpInterface loop) {
  auto ivs = loop.getLoopInductionVars();
  return ivs && ivs->size() == 1 && loop.getLoopLowerBounds() &&
         loop.getLoopUpperBounds() && loop.getLoopSteps() &&
         loop.getLoopRegions().size() == 1;
}

namespace {
/// The order a loop compares its induction variable in: `scf.for unsigned`
/// compares unsigned, every other loop signed, both at the width of the
/// induction variable. Integers are held sign-extended to 64 bits; trip
/// counts and steps are computed in 128 bits, so nothing overflows.
struct LoopOrder {
  unsigned width = 64;
  bool isUnsigned = false;

  explicit LoopOrder(LoopLikeOpInterface loop) {
    if (auto forOp = dyn_cast<scf::ForOp>(loop.getOperation()))
      isUnsigned = forOp.getUnsignedCmp();
    Type type = loop.getLoopInductionVars()->front().getType();
    if (auto intType = dyn_cast<IntegerType>(type))
      width = std::clamp(intType.getWidth(), 1u, 64u);
  }
  /// `v` in this order, widened to 128 bits.
  APInt wide(int64_t v) const {
    APInt narrow = APInt(64, v, /*isSigned=*/true).trunc(width);
    return isUnsigned ? narrow.zext(128) : narrow.sext(128);
  }
  /// Back to a sign-extended int64 (the caller checked it is in range).
  static int64_t narrow(const APInt &wideValue, unsigned width) {
    return wideValue.trunc(width).sext(64).getSExtValue();
  }
  /// No value of the order is past `lb` (or before `ub`): the loop has no
  /// trip whatever the other bound is.
  bool neverRuns(std::optional<int64_t> lb, std::optional<int64_t> ub) const {
    APInt max = isUnsigned ? APInt::getMaxValue(width).zext(128)
                           : APInt::getSignedMaxValue(width).sext(128);
    APInt min = isUnsigned ? APInt::getZero(128)
                           : APInt::getSignedMinValue(width).sext(128);
    return (lb && wide(*lb) == max) || (ub && wide(*ub) == min);
  }
  /// The trip count, when it fits in an int64.
  std::optional<int64_t> trips(int64_t lb, int64_t ub, int64_t step) const {
    APInt lo = wide(lb), hi = wide(ub);
    if (hi.sle(lo))
      return 0;
    APInt count = (hi - lo + APInt(128, step - 1)).udiv(APInt(128, step));
    if (count.getActiveBits() > 63)
      return std::nullopt;
    return count.getSExtValue();
  }
  /// The next induction value when the loop goes on, none when it ends.
  std::optional<int64_t> next(int64_t iv, int64_t ub, int64_t step) const {
    APInt after = wide(iv) + APInt(128, step);
    if (!after.slt(wide(ub)))
      return std::nullopt;
    return narrow(after, width);
  }
};
} // namespace

/// Loops with at most this many trips are always unrolled exactly.
static constexpr int64_t kAlwaysUnrolledTrips = 4;

/// True when a loop carries values the analysis tracks from one iteration to
/// the next: i1 or index iteration arguments, or i1/index elements stored in
/// or loaded from memory (ownership flags and pointers, as in the output of
/// the deallocation pipeline).
bool LoopTransfer::tracksScalarsAcrossIterations(LoopLikeOpInterface loop) {
  auto [it, inserted] = exactLoops.try_emplace(loop.getOperation(), false);
  if (!inserted)
    return it->second;
  auto tracked = [](Type t) { return t.isInteger(1) || t.isIndex(); };
  bool result = llvm::any_of(loop.getRegionIterArgs(), [&](BlockArgument a) {
    return tracked(a.getType());
  });
  if (!result)
    loop->walk([&](Operation *op) {
      if (auto load = dyn_cast<memref::LoadOp>(op))
        result |= tracked(load.getResult().getType());
      else if (auto store = dyn_cast<memref::StoreOp>(op))
        result |= tracked(store.getValueToStore().getType());
    });
  it->second = result;
  return result;
}

const LoopTransfer::InductionVarUses &
LoopTransfer::getInductionVarUses(LoopLikeOpInterface loop) {
  auto [it, inserted] = inductionVarUses.try_emplace(loop.getOperation());
  InductionVarUses &result = it->second;
  if (!inserted)
    return result;
  // Elements whose contents the state never holds (see the memref.store
  // step): which element an iteration reads or writes makes no difference.
  auto untracked = [](Type memrefType) {
    Type element = cast<BaseMemRefType>(memrefType).getElementType();
    return !element.isInteger(1) && !element.isIndex() &&
           !isa<BaseMemRefType, LLVM::LLVMPointerType>(element);
  };
  Value iv = loop.getLoopInductionVars()->front();
  SmallVector<Value> worklist = {iv};
  DenseSet<Value> seen;
  bool limited = true;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (auto load = dyn_cast<memref::LoadOp>(user)) {
        if (use.getOperandNumber() >= 1 && untracked(load.getMemRefType()))
          continue;
      } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
        if (use.getOperandNumber() >= 2 && untracked(store.getMemRefType()))
          continue;
      } else if (auto cmp = dyn_cast<arith::CmpIOp>(user);
                 cmp && v == iv &&
                 matchPattern(cmp.getLhs() == iv ? cmp.getRhs() : cmp.getLhs(),
                              m_Constant())) {
        // Its outcome is checked against the remaining iterations.
        result.comparisons.push_back(cmp);
        continue;
      } else if (user->getNumRegions() == 0 &&
                 !user->hasTrait<OpTrait::IsTerminator>() &&
                 isMemoryEffectFree(user)) {
        llvm::append_range(worklist, user->getResults());
        continue;
      }
      limited = false;
    }
  }
  result.limited = limited;
  return result;
}

bool LoopTransfer::comparisonsAreConstant(const InductionVarUses &uses,
                                          int64_t first, int64_t last) {
  for (arith::CmpIOp cmp : uses.comparisons) {
    // One side is the variable, the other a constant.
    bool ivOnLeft = !matchPattern(cmp.getLhs(), m_Constant());
    APInt constant;
    if (!matchPattern(ivOnLeft ? cmp.getRhs() : cmp.getLhs(),
                      m_ConstantInt(&constant)))
      return false;
    APInt c = constant.sextOrTrunc(64);
    auto outcome = [&](int64_t value) {
      APInt v(64, value, /*isSigned=*/true);
      return ivOnLeft ? arith::applyCmpPredicate(cmp.getPredicate(), v, c)
                      : arith::applyCmpPredicate(cmp.getPredicate(), c, v);
    };
    // Every predicate is monotone in the variable over a range that does
    // not wrap (unsigned order: non-negative values), except eq and ne,
    // which change only at the constant.
    switch (cmp.getPredicate()) {
    case arith::CmpIPredicate::eq:
    case arith::CmpIPredicate::ne:
      if (c.getSExtValue() >= first && c.getSExtValue() <= last &&
          first != last)
        return false;
      continue;
    case arith::CmpIPredicate::ult:
    case arith::CmpIPredicate::ule:
    case arith::CmpIPredicate::ugt:
    case arith::CmpIPredicate::uge:
      if (first < 0)
        return false;
      break;
    default:
      break;
    }
    if (outcome(first) != outcome(last))
      return false;
  }
  return true;
}

bool LoopTransfer::leaveConvergedLoop(PathState &s, Operation *pc) {
  Block *block = pc->getBlock();
  auto loop = dyn_cast<LoopLikeOpInterface>(block->getParentOp());
  if (!loop || &block->front() != pc || !block->isEntryBlock() ||
      !hasSingleInductionVar(loop) ||
      loop.getLoopRegions().front() != block->getParent())
    return false;
  Value iv = loop.getLoopInductionVars()->front();
  auto ivValue = getInt(s, iv);
  auto stepSize = getInt(s, loop.getLoopSteps()->front());
  auto results = loop.getLoopResults();
  if (!ivValue || !stepSize || *stepSize <= 0 || !results ||
      results->size() != loop.getRegionIterArgs().size())
    return false;
  const InductionVarUses &uses = getInductionVarUses(loop);
  if (!uses.limited)
    return false;
  uint32_t n = keyOf(s, iv);
  AbsVal saved = *s.lookup(n);
  s.unbind(n);
  auto print = s.fingerprint();
  s.bind(n, saved);
  Operation *op = loop.getOperation();
  auto *mark = llvm::find_if(s.iterationMarks,
                             [&](const auto &m) { return m.loop == op; });
  // The iteration from the mark reproduced its state; so does every later
  // one when the comparisons of the variable keep their outcome up to the
  // last iteration.
  auto converged = [&] {
    if (uses.comparisons.empty())
      return true;
    auto ub = getInt(s, loop.getLoopUpperBounds()->front());
    // The remaining values run from the mark's to ub - 1; an unsigned loop
    // past INT64_MAX is not one signed range.
    if (!ub || *ub == std::numeric_limits<int64_t>::min() ||
        (LoopOrder(loop).isUnsigned && (*ub < 0 || mark->inductionValue < 0)))
      return false;
    return comparisonsAreConstant(uses, mark->inductionValue, *ub - 1);
  };
  // The results are the iteration arguments at this head. An argument the
  // body does not read was dropped from the state: its result is the value
  // the body yields for it, known here only when defined outside the loop.
  SmallVector<Value> sources;
  auto yielded = loop.getYieldedValues();
  for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    Value source = arg;
    // Values of types the state never holds (floats, vectors, ...) are
    // unknown at the head and in the result alike.
    bool tracked =
        isa<IntegerType, IndexType, BaseMemRefType, LLVM::LLVMPointerType>(
            arg.getType());
    if (tracked && !get(s, arg) && !(*results)[i].use_empty()) {
      Value y = i < yielded.size() ? yielded[i] : Value();
      if (!y || op->isAncestor(y.getParentRegion()->getParentOp()))
        return false;
      source = y;
    }
    sources.push_back(source);
  }
  if (mark != s.iterationMarks.end() && mark->print == print &&
      mark->inductionValue + *stepSize == *ivValue && converged()) {
    s.iterationMarks.erase(mark);
    bindForwarded(s, sources, *results);
    s.addTrace(TraceStep::Kind::Iteration, op, 0);
    join(std::move(s), op->getNextNode());
    return true;
  }
  if (mark == s.iterationMarks.end())
    s.iterationMarks.push_back({op, *ivValue, print, s.forks});
  else
    *mark = {op, *ivValue, print, s.forks};
  return false;
}

bool LoopTransfer::stepLoopEntry(PathState &s, LoopLikeOpInterface loop) {
  Operation *op = loop.getOperation();
  auto branch = cast<RegionBranchOpInterface>(op);
  Region *body = loop.getLoopRegions().front();
  auto lb = getInt(s, loop.getLoopLowerBounds()->front());
  auto ub = getInt(s, loop.getLoopUpperBounds()->front());
  auto stepSize = getInt(s, loop.getLoopSteps()->front());
  std::optional<int64_t> trips;
  LoopOrder order(loop);
  // Bounds near the ends of the order (scf.for from -2 to INT64_MAX) are
  // counted without overflow; a trip count past int64_t stays unknown.
  if (stepSize && *stepSize > 0) {
    if (order.neverRuns(lb, ub))
      trips = 0;
    else if (lb && ub)
      trips = order.trips(*lb, *ub, *stepSize);
  }
  Value iv = loop.getLoopInductionVars()->front();
  // Unroll exactly only where iterations can differ for the analysis (they
  // carry tracked scalars, or compare the induction variable); otherwise
  // explore at least one trip and iterate to a fixpoint.
  bool exact = trips && (*trips <= kAlwaysUnrolledTrips ||
                         (*trips <= (int64_t)options.maxUnrolledTrips &&
                          (tracksScalarsAcrossIterations(loop) ||
                           !getInductionVarUses(loop).comparisons.empty())));

  auto enter = [&](PathState t) {
    RegionSuccessor succ(body, body->getArguments());
    SmallVector<RegionSuccessor> succs;
    branch.getSuccessorRegions(RegionBranchPoint::parent(), succs);
    for (RegionSuccessor &candidate : succs)
      if (candidate.getSuccessor() == body)
        succ = candidate;
    bindForwarded(t, branch.getEntrySuccessorOperands(succ),
                  succ.getSuccessorInputs());
    clear(t, iv);
    if (exact)
      set(t, iv, AbsVal::getInt(*lb));
    t.addTrace(TraceStep::Kind::Iteration, op, 1);
    join(std::move(t), &body->front().front());
  };
  auto skip = [&](PathState t) {
    SmallVector<RegionSuccessor> succs;
    branch.getSuccessorRegions(RegionBranchPoint::parent(), succs);
    for (RegionSuccessor &candidate : succs)
      if (candidate.isParent())
        bindForwarded(t, branch.getEntrySuccessorOperands(candidate),
                      op->getResults());
    t.addTrace(TraceStep::Kind::Iteration, op, 0);
    forgetIterationMark(t, op);
    join(std::move(t), op->getNextNode());
  };
  if (trips && *trips == 0) {
    skip(std::move(s));
  } else if (trips || (lb && ub && stepSize && *stepSize > 0)) {
    // Known bounds with more trips than an int64_t holds run too.
    enter(std::move(s));
  } else {
    // Whether the loop runs at all is `lb < ub`: the same atom as any other
    // loop or comparison over the same bounds, so loops sharing a trip count
    // are entered together.
    Value lbValue = dyn_cast<Value>(loop.getLoopLowerBounds()->front());
    Value ubValue = dyn_cast<Value>(loop.getLoopUpperBounds()->front());
    if (lbValue && ubValue && stepSize && *stepSize > 0) {
      bool runs = decide(
          s, x.arith.compareAtom(s, lbValue, ubValue,
                                 order.isUnsigned ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt));
      if (runs)
        enter(std::move(s));
      else
        skip(std::move(s));
      return false;
    }
    ++s.forks;
    PathState other = s;
    skip(std::move(other));
    enter(std::move(s));
  }
  return false;
}

bool LoopTransfer::stepLoopBackedge(PathState &s, LoopLikeOpInterface loop,
                                    Operation *term) {
  Operation *op = loop.getOperation();
  auto branch = cast<RegionBranchOpInterface>(op);
  Region *body = loop.getLoopRegions().front();
  Value iv = loop.getLoopInductionVars()->front();
  auto ivVal = getInt(s, iv);
  auto ub = getInt(s, loop.getLoopUpperBounds()->front());
  auto stepSize = getInt(s, loop.getLoopSteps()->front());
  std::optional<bool> again;
  std::optional<int64_t> next;
  if (ivVal && ub && stepSize && *stepSize > 0) {
    // An induction variable that would step past the largest value of the
    // loop's order is past any upper bound: the loop ends.
    next = LoopOrder(loop).next(*ivVal, *ub, *stepSize);
    again = next.has_value();
  }
  auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(term);
  SmallVector<RegionSuccessor> succs;
  branch.getSuccessorRegions(RegionBranchPoint(terminator), succs);
  auto forwarded = [&](RegionSuccessor &succ) -> ValueRange {
    return terminator.getSuccessorOperands(succ);
  };
  auto continueLoop = [&](PathState t) {
    for (RegionSuccessor &succ : succs)
      if (succ.getSuccessor() == body)
        bindForwarded(t, forwarded(succ), succ.getSuccessorInputs());
    clear(t, iv);
    if (next)
      set(t, iv, AbsVal::getInt(*next));
    t.addTrace(TraceStep::Kind::Iteration, op, 1);
    join(std::move(t), &body->front().front());
  };
  auto exitLoop = [&](PathState t) {
    for (RegionSuccessor &succ : succs)
      if (succ.isParent())
        bindForwarded(t, forwarded(succ), op->getResults());
    t.addTrace(TraceStep::Kind::Iteration, op, 0);
    forgetIterationMark(t, op);
    join(std::move(t), op->getNextNode());
  };
  if (again) {
    if (*again)
      continueLoop(std::move(s));
    else
      exitLoop(std::move(s));
  } else {
    ++s.forks;
    PathState other = s;
    exitLoop(std::move(other));
    continueLoop(std::move(s));
  }
  return false;
}
