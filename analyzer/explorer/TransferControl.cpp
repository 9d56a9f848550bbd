//===- TransferControl.cpp - What branches and regions do to a path -------===//
//
// Owns: ControlTransfer (see TransferControl.h).
// Must not touch: buffers or the join tables.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/TransferControl.h"
#include "analyzer/ControlFlow.h"
#include "analyzer/explorer/FunctionExplorer.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

bool ControlTransfer::stepRegionOp(PathState &s, RegionBranchOpInterface op) {
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op.getOperation()))
    if (LoopTransfer::hasSingleInductionVar(loop) &&
        isa<RegionBranchTerminatorOpInterface>(
            loop.getLoopRegions().front()->front().getTerminator()))
      return x.loops.stepLoopEntry(s, loop);
  SmallVector<RegionSuccessor> succs;
  while (true) {
    succs.clear();
    op.getEntrySuccessorRegions(getOperandAttrs(s, op), succs);
    if (succs.size() <= 1 || !decideSomeOperand(s, op))
      break;
  }
  bool choice = succs.size() > 1 || op->getNumRegions() > 1;
  if (succs.size() > 1)
    ++s.forks;
  for (size_t i = 0; i < succs.size(); ++i) {
    PathState t = i + 1 == succs.size() ? std::move(s) : PathState(s);
    RegionSuccessor &succ = succs[i];
    if (succ.isParent()) {
      bindForwarded(t, op.getEntrySuccessorOperands(succ), op->getResults());
      if (choice)
        t.addTrace(TraceStep::Kind::Branch, op, -1);
      join(std::move(t), op->getNextNode());
      continue;
    }
    Region *region = succ.getSuccessor();
    if (region->empty()) {
      join(std::move(t), op->getNextNode());
      continue;
    }
    bindForwarded(t, op.getEntrySuccessorOperands(succ),
                  succ.getSuccessorInputs());
    if (choice)
      t.addTrace(TraceStep::Kind::Branch, op, region->getRegionNumber());
    else if (op->getNumRegions() == 1 && ctx.isLoop(region))
      // The first iteration of a loop the generic rules run (scf.forall):
      // witnesses count iterations from it.
      t.addTrace(TraceStep::Kind::Iteration, op, 1);
    join(std::move(t), &region->front().front());
  }
  return false;
}

bool ControlTransfer::stepRegionTerminator(PathState &s, Operation *term) {
  Operation *parentOp = term->getParentOp();
  auto parent = cast<RegionBranchOpInterface>(parentOp);
  if (auto loop = dyn_cast<LoopLikeOpInterface>(parentOp))
    if (LoopTransfer::hasSingleInductionVar(loop) &&
        isa<RegionBranchTerminatorOpInterface>(term))
      return x.loops.stepLoopBackedge(s, loop, term);
  auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(term);
  SmallVector<RegionSuccessor> succs;
  while (true) {
    succs.clear();
    if (terminator)
      terminator.getSuccessorRegions(getOperandAttrs(s, term), succs);
    else
      parent.getSuccessorRegions(*term->getParentRegion(), succs);
    if (succs.size() <= 1 || !decideSomeOperand(s, term))
      break;
  }
  if (succs.empty() && !terminator) {
    // A terminator the interface does not describe (scf.forall.in_parallel):
    // leave the op, or run the region again when it loops.
    Region *region = term->getParentRegion();
    succs.emplace_back(parentOp, parentOp->getResults());
    if (ctx.isLoop(region))
      succs.emplace_back(region, region->getArguments());
  }
  bool choice = succs.size() > 1;
  if (succs.empty()) {
    // No successor: the region does not return (e.g. unreachable).
    return false;
  }
  if (succs.size() > 1)
    ++s.forks;
  for (size_t i = 0; i < succs.size(); ++i) {
    PathState t = i + 1 == succs.size() ? std::move(s) : PathState(s);
    RegionSuccessor &succ = succs[i];
    ValueRange from = terminator
                          ? ValueRange(terminator.getSuccessorOperands(succ))
                          : ValueRange(term->getOperands());
    if (succ.isParent()) {
      bindForwarded(t, from, parentOp->getResults());
      if (choice)
        t.addTrace(TraceStep::Kind::Iteration, parentOp, 0);
      join(std::move(t), parentOp->getNextNode());
      continue;
    }
    Region *region = succ.getSuccessor();
    bindForwarded(t, from, succ.getSuccessorInputs());
    if (choice)
      t.addTrace(TraceStep::Kind::Iteration, parentOp, 1);
    join(std::move(t), &region->front().front());
  }
  return false;
}

bool ControlTransfer::stepBranch(PathState &s, Operation *term) {
  auto branch = dyn_cast<BranchOpInterface>(term);
  unsigned numSuccessors = term->getNumSuccessors();
  // The edges the known operands allow, by successor index: two edges to one
  // block carry different operands.
  SmallVector<unsigned, 2> targets;
  if (branch) {
    while (true) {
      targets = getTakenSuccessors(term, getOperandAttrs(s, term));
      if (!targets.empty() || numSuccessors <= 1 || !decideSomeOperand(s, term))
        break;
    }
  }
  // A cf.switch on a flag this path does not know: case i is taken when
  // the atom `flag == value_i` holds, the default when none does; a case edge
  // also fixes the flag, so that later branches on it follow the same case.
  auto switchOp = dyn_cast<cf::SwitchOp>(term);
  SmallVector<int64_t> caseValues;
  SmallVector<BoolFn> caseAtoms;
  if (switchOp && targets.empty() && !getInt(s, switchOp.getFlag()))
    if (auto values = switchOp.getCaseValues())
      for (const APInt &value : values->getValues<APInt>()) {
        if (value.getSignificantBits() > 64) {
          caseAtoms.clear();
          break;
        }
        caseValues.push_back(value.getSExtValue());
        caseAtoms.push_back(x.arith.equalsConstantAtom(s, switchOp.getFlag(),
                                                       caseValues.back()));
      }
  if (!caseAtoms.empty()) {
    // A case this path already assumed (`cmpi eq` of the selector with the
    // case value, tested before) is the edge; otherwise every case not
    // excluded, and the default.
    SmallVector<unsigned, 2> holding;
    for (auto [i, atom] : llvm::enumerate(caseAtoms)) {
      std::optional<bool> holds = atom.evaluate(s.assignment);
      if (holds == true)
        holding.push_back(i + 1);
      else if (!holds)
        targets.push_back(i + 1);
    }
    if (!holding.empty())
      targets.assign(1, holding.front());
    else
      targets.insert(targets.begin(), 0u);
  }
  if (targets.empty())
    for (unsigned i = 0; i < numSuccessors; ++i)
      targets.push_back(i);
  if (targets.size() > 1)
    ++s.forks;
  for (size_t k = 0; k < targets.size(); ++k) {
    unsigned i = targets[k];
    PathState t = k + 1 == targets.size() ? std::move(s) : PathState(s);
    Block *dest = term->getSuccessor(i);
    if (!caseAtoms.empty()) {
      for (auto [c, atom] : llvm::enumerate(caseAtoms))
        if (auto a = atom.getAtoms();
            a.size() == 1 && !atom.evaluate(t.assignment))
          t.assume(a.front(), c + 1 == i);
      if (i > 0) {
        clear(t, switchOp.getFlag());
        set(t, switchOp.getFlag(), AbsVal::getInt(caseValues[i - 1]));
      }
    }
    if (branch) {
      SuccessorOperands operands = branch.getSuccessorOperands(i);
      SmallVector<Value> forwarded(operands.getForwardedOperands());
      unsigned produced = operands.getProducedOperandCount();
      for (unsigned a = 0; a < produced; ++a)
        setUnknown(t, dest->getArgument(a));
      bindForwarded(t, forwarded, dest->getArguments().drop_front(produced));
    } else {
      for (BlockArgument arg : dest->getArguments())
        setUnknown(t, arg);
    }
    if (numSuccessors > 1)
      t.addTrace(TraceStep::Kind::Branch, term, i);
    join(std::move(t), &dest->front());
  }
  return false;
}

bool ControlTransfer::stepReturn(PathState &s, Operation *term) {
  for (Value operand : term->getOperands())
    x.memory.checkUse(s, term, operand, UseKind::Return);
  if (!s.callStack.empty()) {
    auto vals = readForwarded(s, term->getOperands());
    Operation *call = s.callStack.pop_back_val();
    // The frame left was a recursive one when an outer frame runs its
    // function too.
    if (s.recursiveFrames) {
      Operation *fn = term->getParentOfType<FunctionOpInterface>();
      bool outer = call->getParentOfType<FunctionOpInterface>() == fn;
      for (Operation *c : s.callStack)
        outer |= c->getParentOfType<FunctionOpInterface>() == fn;
      s.recursiveFrames -= outer;
    }
    // A buffer handed back to the caller is the caller's to free: a leak of
    // it is reported at the call.
    for (const std::optional<AbsVal> &val : vals)
      if (val && val->kind == AbsVal::Kind::Ref) {
        BufferRecord &b = s.buffers[val->buffer];
        if (b.origin == BufferOrigin::Heap && !b.freed && !b.escaped &&
            b.leakSite && term->getParentOp()->isAncestor(b.leakSite))
          b.leakSite = call;
      }
    bindRead(s, vals, call->getResults());
    s.addTrace(TraceStep::Kind::Return, term);
    join(std::move(s), call->getNextNode());
    return false;
  }
  if (setup.summaryOut)
    x.calls.recordExit(s, term);
  for (Value operand : term->getOperands())
    x.memory.markEscaped(s, operand);
  finishPath(s, term);
  return false;
}
