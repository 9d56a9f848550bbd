//===- LifetimeGuards.cpp - The guards of a leak's guarded fixes ----------===//
//
// See LifetimeGuards.h.
//
//===----------------------------------------------------------------------===//

#include "checks/LifetimeGuards.h"
#include "checks/LifetimeFixSupport.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace memlint;

bool memlint::handsOutOfBlock(arith::SelectOp select) {
  Operation *terminator = select->getBlock()->getTerminator();
  return terminator &&
         llvm::any_of(terminator->getOperands(), [&](Value operand) {
           return stripViews(operand) == select.getResult();
         });
}

GuardSet memlint::collectGuards(const Candidates &candidates,
                                const LifetimeEvent &event, Operation *site) {
  GuardSet set;
  auto addGuard = [&](Value condition, bool polarity) {
    if (!condition || !condition.getType().isInteger(1))
      return;
    // A condition may come twice, with both polarities: a flag that
    // travels with the buffer (true) is also a branch the witness
    // took the other way.
    for (const Candidates::Guard &g : set.guards)
      if (g.first == condition && g.second == polarity)
        return;
    set.guards.push_back({condition, polarity});
  };
  // A buffer a select may hand on (a returned select): freed when the
  // select picks the other one.
  for (Value alias : candidates.getAliasSet())
    if (auto select = alias.getDefiningOp<arith::SelectOp>()) {
      bool onTrue = candidates.getAliasSet().contains(select.getTrueValue());
      bool onFalse = candidates.getAliasSet().contains(select.getFalseValue());
      if (onTrue != onFalse) {
        addGuard(select.getCondition(), onFalse);
        // (And the other decision, for a dealloc of what it hands out of
        // its block.)
        if (handsOutOfBlock(select))
          addGuard(select.getCondition(), onTrue);
      }
    }
  // A buffer yielded by one branch of an scf.if is owned when that
  // branch ran.
  for (Value alias : candidates.getAliasSet()) {
    auto result = dyn_cast<OpResult>(alias);
    auto ifOp = result ? dyn_cast<scf::IfOp>(result.getOwner()) : nullptr;
    if (!ifOp || ifOp.getElseRegion().empty())
      continue;
    bool yields[2];
    for (unsigned r = 0; r < 2; ++r) {
      auto yield =
          cast<scf::YieldOp>(ifOp->getRegion(r).front().getTerminator());
      yields[r] = candidates.getAliasSet().contains(
          yield.getOperand(result.getResultNumber()));
    }
    if (yields[0] != yields[1]) // both: the condition says nothing
      addGuard(ifOp.getCondition(), yields[0]);
  }
  // The same for an scf.index_switch on an i1 (an extension or cast of it,
  // a select of it between constants): owned when the regions that yield
  // it are those of one decision (cfg seed 18017).
  for (Value alias : candidates.getAliasSet()) {
    auto result = dyn_cast<OpResult>(alias);
    auto sw =
        result ? dyn_cast<scf::IndexSwitchOp>(result.getOwner()) : nullptr;
    if (!sw)
      continue;
    std::optional<std::pair<Value, bool>> owning;
    bool agree = true, any = false;
    for (unsigned r = 0; r < sw->getNumRegions() && agree; ++r) {
      auto yield = cast<scf::YieldOp>(sw->getRegion(r).front().getTerminator());
      bool yields = candidates.getAliasSet().contains(
          yield.getOperand(result.getResultNumber()));
      any |= yields;
      std::optional<std::pair<Value, bool>> decision = getEdgeDecision(sw, r);
      if (!decision) {
        agree = !yields; // a region no i1 decides must not yield it
        continue;
      }
      std::pair<Value, bool> owned = {decision->first,
                                      decision->second == yields};
      agree = !owning || *owning == owned;
      owning = owned;
    }
    if (agree && any && owning)
      addGuard(owning->first, owning->second);
  }
  // Then the i1 values next to a name of it (block arguments, results of
  // its op), which may be flags that travel with it; after the exact
  // guards above, which a block of many i1 arguments must not crowd out of
  // the first kMax (cfg seed 15189).
  for (Value alias : candidates.getAliasSet()) {
    auto flags =
        isa<BlockArgument>(alias)
            ? ValueRange(cast<BlockArgument>(alias).getOwner()->getArguments())
            : ValueRange(alias.getDefiningOp()->getResults());
    for (Value flag : flags)
      addGuard(flag, true);
  }
  set.numFlags = set.guards.size();
  for (const WitnessStep &step : llvm::reverse(event.pathBranches)) {
    if (step.kind != WitnessStep::Kind::Branch ||
        !inSameFunction(step.op, site))
      continue;
    // (A switch too, on the i1 its selector is chosen by.)
    if (auto decision = getEdgeDecision(step.op, step.successor)) {
      addGuard(decision->first, decision->second);
      // The path's decisions together too, each condition once; one
      // decided both ways (a loop's, true then false) singles out no path.
      auto same = llvm::find_if(set.path, [&](const Candidates::Guard &g) {
        return g.first == decision->first;
      });
      if (same == set.path.end())
        set.path.push_back(*decision);
      else if (same->second != decision->second &&
               !llvm::is_contained(set.pathBothWays, decision->first))
        set.pathBothWays.push_back(decision->first);
    }
  }
  // A branch of a callee the path enters from this function, on an
  // argument of the callee (a callee that frees the buffer under that
  // condition): what the call passes for it decides the same. The step is
  // the latest decision of that branch, so it was taken in the latest call
  // of the callee on the path, not the first (cfg seed 78039: two calls
  // pass the buffer, with a constant false first).
  for (const WitnessStep &step : llvm::reverse(event.pathBranches)) {
    if (step.kind != WitnessStep::Kind::Branch || inSameFunction(step.op, site))
      continue;
    auto decision = getEdgeDecision(step.op, step.successor);
    auto argument =
        decision ? dyn_cast<BlockArgument>(decision->first) : nullptr;
    Operation *callee = getFunctionOf(step.op);
    if (!argument || !argument.getOwner()->isEntryBlock() ||
        argument.getOwner()->getParentOp() != callee)
      continue;
    for (const WitnessStep &entered : llvm::reverse(event.witness)) {
      auto call = dyn_cast_or_null<CallOpInterface>(entered.op);
      if (entered.kind != WitnessStep::Kind::Call || !call ||
          !inSameFunction(call, site) || call.resolveCallable() != callee ||
          argument.getArgNumber() >= call.getArgOperands().size())
        continue;
      addGuard(call.getArgOperands()[argument.getArgNumber()],
               decision->second);
      break;
    }
  }
  // A select between two values that may both hold it (one of them on
  // some paths only): it hands on the buffer under either decision, so
  // either may be the one the leaking path takes.
  size_t beforeSides = set.guards.size();
  for (Value alias : candidates.getAliasSet())
    if (auto select = alias.getDefiningOp<arith::SelectOp>())
      if (candidates.getAliasSet().contains(select.getTrueValue()) &&
          candidates.getAliasSet().contains(select.getFalseValue())) {
        addGuard(select.getCondition(), true);
        addGuard(select.getCondition(), false);
      }
  set.numSelectSides = set.guards.size() - beforeSides;
  return set;
}

/// Whether the branch `op` hands a name of the buffer to a block argument
/// on some of its edges, or a region of it frees one.
static bool decidesOwnership(const Candidates &candidates, Operation *op) {
  const auto &aliases = candidates.getAliasSet();
  if (auto branch = dyn_cast<BranchOpInterface>(op))
    for (unsigned s = 0; s < op->getNumSuccessors(); ++s)
      if (llvm::any_of(branch.getSuccessorOperands(s).getForwardedOperands(),
                       [&](Value v) { return aliases.contains(v); }))
        return true;
  if (op->getNumRegions() == 0)
    return false;
  WalkResult freed = op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      if (aliases.contains(operand) &&
          hasEffect<MemoryEffects::Free>(nested, operand))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return freed.wasInterrupted();
}

GuardSet memlint::collectOwnershipDecisions(const Candidates &candidates,
                                            const LifetimeEvent &event,
                                            Operation *site) {
  GuardSet set;
  for (const WitnessStep &step : llvm::reverse(event.pathBranches)) {
    if (step.kind != WitnessStep::Kind::Branch ||
        !inSameFunction(step.op, site) ||
        !decidesOwnership(candidates, step.op))
      continue;
    std::optional<std::pair<Value, bool>> decision =
        getEdgeDecision(step.op, step.successor);
    if (decision && llvm::none_of(set.guards, [&](const Candidates::Guard &g) {
          return g.first == decision->first;
        }))
      set.guards.push_back(*decision);
  }
  return set;
}

/// The only edge into `block` that comes from outside the blocks it
/// dominates, as the branch and the number of its successor: the edge every
/// path that reaches `block` takes first. A CFG loop's header is entered so
/// once; its back-edges come from blocks it dominates (itself too), and an
/// edge from an unreachable block never runs. None when several edges enter
/// it (also two edges of one branch), or none does (an entry block).
static std::optional<std::pair<Operation *, unsigned>>
getEnteringEdge(Block *block, DominanceInfo &dominance) {
  std::optional<std::pair<Operation *, unsigned>> edge;
  for (BlockOperand &use : block->getUses()) {
    Block *from = use.getOwner()->getBlock();
    if (!dominance.isReachableFromEntry(from) ||
        dominance.dominates(block, from))
      continue;
    if (edge)
      return std::nullopt;
    edge = {use.getOwner(), use.getOperandNumber()};
  }
  return edge;
}

GuardSet memlint::collectAllocationGuards(const LifetimeEvent &event,
                                          Operation *site) {
  GuardSet set;
  Value buffer = event.buffer;
  Operation *function = getFunctionOf(site);
  if (!buffer || !function || !buffer.getParentBlock())
    return set;
  // A buffer the callee of `site` allocates and returns: the decisions on
  // the callee's arguments that its allocation needs, on what the call
  // passes for them (a callee that returns a fresh buffer or memory the
  // caller does not own, chosen by an i1 argument: cfg seed 62001).
  CallOpInterface through; // the call, when the callee allocates it
  Operation *callee = getFunctionOf(buffer.getParentBlock()->getParentOp());
  if (callee != function) {
    through = dyn_cast<CallOpInterface>(site);
    if (!through || !callee || through.resolveCallable() != callee)
      return set;
    function = callee;
  }
  DominanceInfo dominance(function);
  // From the allocation's block out through each region that encloses it:
  // the edges into the blocks that dominate it, each the only edge that
  // enters its block (a CFG loop's header, which allocates again on each
  // iteration, is entered by one edge and reached again by its back-edges:
  // cfg seed 26034, where the first --fix frees the buffer on the
  // back-edge).
  for (Block *block = buffer.getParentBlock(); block;) {
    if (!block->getParent()->hasOneBlock())
      for (llvm::DomTreeNodeBase<Block> *node = dominance.getNode(block); node;
           node = node->getIDom()) {
        std::optional<std::pair<Operation *, unsigned>> edge =
            getEnteringEdge(node->getBlock(), dominance);
        if (!edge)
          continue;
        std::optional<std::pair<Value, bool>> decision =
            getEdgeDecision(edge->first, edge->second);
        if (decision && through) {
          auto argument = dyn_cast<BlockArgument>(decision->first);
          if (!argument || !argument.getOwner()->isEntryBlock() ||
              argument.getOwner()->getParentOp() != function ||
              argument.getArgNumber() >= through.getArgOperands().size())
            continue;
          decision->first = through.getArgOperands()[argument.getArgNumber()];
        }
        if (decision && !llvm::is_contained(set.guards, *decision))
          set.guards.push_back(*decision);
      }
    Operation *parent = block->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent))
      break;
    block = parent->getBlock();
  }
  return set;
}
