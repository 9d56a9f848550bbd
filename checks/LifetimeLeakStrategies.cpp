//===- LifetimeLeakStrategies.cpp - Where a leak's free may go ------------===//
//
// Owns the places the strategies of a leak try for one buffer (see
// LifetimeLeakStrategies.h): after its last uses, along the witness, at the
// loss, on the edges that drop it, under guards, and the flag constructions
// of LifetimeFlagFixes.h, each added to the buffer's Candidates. The order
// they are tried in is getLeakFixes' (LifetimeFixes.cpp). It reads the IR
// and builds edits; it never runs an analysis, and whether a candidate is
// right is the validation's to decide (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/LifetimeLeakStrategies.h"
#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFlagFixes.h"
#include "checks/LifetimeFreeFixes.h"
#include "checks/LifetimeGuards.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace memlint;

namespace {

/// Whether an scf.if that encloses `anchor` decides `guard`'s condition the
/// way `guard` says (a guard on it there is always true).
bool decidedAt(Operation *anchor, const Candidates::Guard &guard) {
  for (Operation *op = anchor; op; op = op->getParentOp())
    if (auto ifOp = dyn_cast_or_null<scf::IfOp>(op->getParentOp()))
      if (ifOp.getCondition() == guard.first &&
          (op->getParentRegion() == &ifOp.getThenRegion()) == guard.second)
        return true;
  return false;
}

/// For a buffer that the body of `loop` allocates and always yields: when
/// the body frees it before, in one branch of an `scf.if` of its own block,
/// and nowhere else, the guard under which the body still owns it at the
/// yield (the other branch's); nothing otherwise. The flag the iteration
/// yields is that guard, not true: the next iteration must not free again
/// what this one freed (cfg seed 68062).
std::optional<Candidates::Guard> getKeptGuard(scf::ForOp loop, Value root) {
  std::optional<Candidates::Guard> kept;
  for (Value alias : getFixAliases(root))
    for (Operation *user : alias.getUsers()) {
      auto dealloc = dyn_cast<memref::DeallocOp>(user);
      if (!dealloc || !loop->isProperAncestor(dealloc))
        continue;
      // (In the branch's block itself: freed whenever the branch is taken.)
      auto ifOp = dyn_cast<scf::IfOp>(dealloc->getParentOp());
      if (!ifOp || ifOp->getBlock() != loop.getBody() ||
          !derivesAlways(dealloc.getMemref(), root))
        return std::nullopt;
      Candidates::Guard guard(ifOp.getCondition(), dealloc->getParentRegion() !=
                                                       &ifOp.getThenRegion());
      if (kept && *kept != guard)
        return std::nullopt;
      kept = guard;
    }
  return kept;
}

/// Whether every edge of `branch` that passes one of `aliases` passes it to
/// a block argument nobody uses.
bool passesToDeadArguments(BranchOpInterface branch,
                           const llvm::SetVector<Value> &aliases) {
  Operation *op = branch.getOperation();
  for (unsigned k = 0; k < op->getNumSuccessors(); ++k) {
    SuccessorOperands operands = branch.getSuccessorOperands(k);
    Block *dest = op->getSuccessor(k);
    for (unsigned i = 0; i < operands.size(); ++i) {
      // operands[i] is what block argument i receives (null when the op
      // produces it).
      if (!aliases.contains(operands[i]))
        continue;
      if (i >= dest->getNumArguments() || !dest->getArgument(i).use_empty())
        return false;
    }
  }
  return true;
}

/// For a leak lost at an op that is not a branch, at the top of a block
/// whose arguments that may hold the buffer nobody uses: the branch whose
/// edge the witness takes into that block (after its last branch decision,
/// through blocks that end in a branch of one successor), which drops the
/// buffer; null when there is none.
Operation *getEdgeIntoLoss(const LifetimeEvent &event,
                           const llvm::SetVector<Value> &aliases) {
  Operation *loss = event.relatedOp;
  if (!loss || loss->hasTrait<OpTrait::IsTerminator>())
    return nullptr;
  Block *block = loss->getBlock();
  if (block->isEntryBlock())
    return nullptr;
  for (BlockArgument argument : block->getArguments())
    if (aliases.contains(argument) && !argument.use_empty())
      return nullptr;
  for (Operation &op : *block) {
    if (&op == loss)
      break;
    for (Value operand : op.getOperands())
      if (aliases.contains(operand))
        return nullptr;
  }
  const WitnessStep *last = nullptr;
  for (const WitnessStep &step : llvm::reverse(event.pathBranches))
    if (step.kind == WitnessStep::Kind::Branch && step.op &&
        step.op->getParentRegion() == block->getParent() &&
        step.successor >= 0 &&
        step.successor < (int)step.op->getNumSuccessors()) {
      last = &step;
      break;
    }
  if (!last)
    return nullptr;
  Operation *branch = last->op;
  Block *dest = branch->getSuccessor(last->successor);
  for (unsigned hops = 0; dest != block; ++hops) {
    Operation *terminator = dest->empty() ? nullptr : &dest->back();
    if (hops == 16 || !terminator || terminator->getNumSuccessors() != 1 ||
        !isa<BranchOpInterface>(terminator))
      return nullptr;
    branch = terminator;
    dest = terminator->getSuccessor(0);
  }
  return branch;
}

/// The one return of `function` (a return-like terminator of its body);
/// null when it has several or none.
Operation *getOnlyReturn(Operation *function) {
  Operation *only = nullptr;
  if (!function || function->getNumRegions() == 0)
    return nullptr;
  for (Block &block : function->getRegion(0))
    if (!block.empty() && block.back().hasTrait<OpTrait::ReturnLike>()) {
      if (only)
        return nullptr;
      only = &block.back();
    }
  return only;
}

/// For a buffer of a nested region whose last reference is lost outside of
/// it (`loss`), where a dealloc can still name it: from the allocating block
/// outwards, each block that holds `site` and not `loss`, and before it,
/// in a region of several blocks, the block where the paths of the uses in
/// that region join (a use after the region op that allocates, in a block
/// after it).
SmallVector<Block *> getEnclosingEnds(Operation *site, Operation *loss,
                                      const llvm::SetVector<Value> &aliases) {
  SmallVector<Block *> ends;
  for (Block *block = site->getBlock(); block;) {
    if (block->findAncestorOpInBlock(*loss))
      break;
    Region *region = block->getParent();
    if (!region->hasOneBlock()) {
      SmallVector<Operation *> uses{site};
      for (Value alias : aliases)
        for (Operation *user : alias.getUsers())
          if (region->findAncestorOpInRegion(*user))
            uses.push_back(user);
      Block *join = getCommonPostDominator(region, uses);
      if (join && join != block && !join->findAncestorOpInBlock(*loss))
        ends.push_back(join);
    }
    ends.push_back(block);
    Operation *parent = block->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent))
      break;
    block = parent->getBlock();
  }
  return ends;
}

/// The blocks of `home`'s region that `home` dominates and that branch out
/// of them (or back to `home`), when the block of `loss` is not one of them:
/// the last places its allocation's own name is seen on the way to the
/// loss. Empty when there are more than two.
SmallVector<Block *> getDominanceExits(DominanceInfo &dominance, Block *home,
                                       Operation *loss) {
  SmallVector<Block *> exits;
  Region *region = home->getParent();
  Operation *ancestor = region->findAncestorOpInRegion(*loss);
  if (!ancestor || dominance.dominates(home, ancestor->getBlock()))
    return exits;
  for (Block &block : *region)
    if (dominance.dominates(home, &block) &&
        llvm::any_of(block.getSuccessors(), [&](Block *next) {
          return next == home || !dominance.dominates(home, next);
        }))
      exits.push_back(&block);
  if (exits.size() > 2)
    exits.clear();
  return exits;
}

/// The block that edge `successor` of `op` enters, when it is the leaking
/// path's own: only `op`'s block branches to it, and every edge of `op` into
/// it hands over what this one hands over of the buffer (a cf.switch whose
/// cases share a destination: cfg seed 27024, where the block that calls the
/// callee the witness loses the buffer in is entered by three cases of one
/// switch). Edges that hand the block a name of the buffer (one of
/// `aliases`) may differ in their other operands: each hands it over alike,
/// in the same arguments (cfg seed 64062: two cases pass one view of it and
/// different memrefs in another argument; the join's flags cannot free a
/// view). Null for a block that other edges enter with other names of it,
/// or with it in other arguments (`cf.cond_br %c, ^bb1(%arg), ^bb1(%b)`:
/// test/fixes/dead-guard-cfg.mlir), whose paths are not the witness's, and
/// for one they enter with other operands and none of it: the buffer only
/// reaches it there, and the frees before the branch are tried instead.
/// Edges from blocks the entry does not reach never run and do not count
/// (cfg seed 72036: an unreachable block branches to the block that calls
/// the callee the witness loses the buffer in).
Block *getOwnSuccessor(Operation *op, unsigned successor,
                       const llvm::SetVector<Value> &aliases,
                       DominanceInfo &dominance) {
  Block *dest = op->getSuccessor(successor);
  unsigned edges = 0;
  for (Block *from : dest->getPredecessors()) {
    if (from == op->getBlock())
      ++edges;
    else if (dominance.isReachableFromEntry(from))
      return nullptr;
  }
  if (edges == 1)
    return dest;
  auto branch = dyn_cast<BranchOpInterface>(op);
  if (!branch)
    return nullptr;
  SuccessorOperands taken = branch.getSuccessorOperands(successor);
  for (unsigned k = 0; k < op->getNumSuccessors(); ++k) {
    if (k == successor || op->getSuccessor(k) != dest)
      continue;
    SuccessorOperands other = branch.getSuccessorOperands(k);
    if (other.getProducedOperandCount() != 0 ||
        taken.getProducedOperandCount() != 0 || other.size() != taken.size())
      return nullptr;
    bool handed = false, differs = false;
    for (auto [mine, theirs] : llvm::zip_equal(taken.getForwardedOperands(),
                                               other.getForwardedOperands())) {
      if (mine != theirs &&
          (aliases.contains(mine) || aliases.contains(theirs)))
        return nullptr;
      handed |= aliases.contains(mine);
      differs |= mine != theirs;
    }
    if (differs && !handed)
      return nullptr;
  }
  return dest;
}

} // namespace

LeakStrategies::LeakStrategies(const LintContext &context,
                               const LifetimeEvent &event, Value root,
                               DominanceInfo &dominance, Candidates &candidates)
    : context(context), event(event), site(event.op), root(root),
      dominance(dominance), candidates(candidates) {}

void LeakStrategies::atHome() {
  Block *home = root.getParentBlock();
  Operation *last = getLastUseIn(home, candidates.getAliasSet());
  candidates.insertAfter(last ? last : site, "after the last use");
}

void LeakStrategies::handedOffAtHome() {
  Operation *last =
      getLastUseIn(root.getParentBlock(), candidates.getAliasSet());
  if (auto branch = dyn_cast_or_null<BranchOpInterface>(last);
      branch && last->getNumSuccessors() != 0 &&
      passesToDeadArguments(branch, candidates.getAliasSet()))
    candidates.insertBefore(last,
                            "before the branch (the blocks it "
                            "passes the buffer to do not use it)",
                            /*deadUses=*/true);
}

void LeakStrategies::atJoin() {
  SmallVector<Operation *> uses{site};
  for (Value alias : candidates.getAliasSet())
    for (Operation *user : alias.getUsers())
      uses.push_back(user);
  Block *join = getCommonPostDominator(root.getParentRegion(), uses);
  if (!join)
    return;
  if (Operation *last = getLastUseIn(join, candidates.getAliasSet()))
    candidates.insertAfter(last, "after its last use, where the paths "
                                 "of its uses join");
  else
    candidates.insertBefore(&join->front(), "where the paths of its "
                                            "uses join");
}

void LeakStrategies::alongWitness() {
  for (const WitnessStep &step : llvm::reverse(event.pathBranches)) {
    if (step.kind != WitnessStep::Kind::Branch ||
        !inSameFunction(step.op, site))
      continue;
    Operation *op = step.op;
    if (isa<RegionBranchOpInterface>(op)) {
      if (step.successor >= 0 && step.successor < (int)op->getNumRegions() &&
          !op->getRegion(step.successor).empty())
        candidates.insertAtEnd(&op->getRegion(step.successor).front(),
                               "at the end of the branch that leaks");
      else if (auto ifOp = dyn_cast<scf::IfOp>(op))
        candidates.addElseRegion(ifOp);
    } else if (step.successor >= 0 &&
               step.successor < (int)op->getNumSuccessors() &&
               getOwnSuccessor(op, step.successor, candidates.getAliasSet(),
                               dominance)) {
      // Only a block this edge alone enters, or other edges of the same
      // branch that hand it over alike (cases of a switch that share
      // it): a block that other edges enter is not the leaking path's
      // own.
      Block *dest = op->getSuccessor(step.successor);
      Operation *last = getLastUseIn(dest, candidates.getAliasSet());
      if (last)
        candidates.insertAfter(last, "in the block that leaks");
      else
        candidates.insertBefore(&dest->front(), "in the block that leaks");
    }
  }
}

void LeakStrategies::atLoss() {
  if (!inSameFunction(event.relatedOp, site))
    return;
  if (candidates.isImplicitTerminator(event.relatedOp))
    candidates.insertAtEnd(event.relatedOp->getBlock(),
                           "where the last reference is lost");
  else
    candidates.insertBefore(event.relatedOp,
                            "where the last reference is lost");
  candidates.insertAllResultsBefore(event.relatedOp,
                                    "where the last reference is lost");
  // A loss inside a loop or region the buffer was allocated outside of
  // (its last use there): after that op, in the block of the buffer's
  // region the path loses it in.
  Operation *ancestor =
      root.getParentRegion()->findAncestorOpInRegion(*event.relatedOp);
  if (ancestor && ancestor != event.relatedOp)
    candidates.insertAtEnd(ancestor->getBlock(),
                           "at the end of the block where the last "
                           "reference is lost");
}

void LeakStrategies::enclosing() {
  // Lost in a caller (the witness returned first): the function's
  // return is where it leaves (cfg seed 40033: an scf.execute_region
  // of several blocks hands it out, and the function body uses it).
  Operation *loss = event.relatedOp;
  if (loss && !inSameFunction(loss, site))
    loss = getOnlyReturn(getFunctionOf(site));
  if (!loss || !inSameFunction(loss, site))
    return;
  for (Block *block = site->getBlock(); block;) {
    if (block->findAncestorOpInBlock(*loss)) {
      // The block that holds the loss too: after the last use there.
      if (block != site->getBlock())
        if (Operation *last = getLastUseIn(block, candidates.getAliasSet()))
          candidates.insertAfter(last, "after the last use of what the "
                                       "region hands out");
      break;
    }
    // The allocating block too when its terminator hands the buffer
    // out (a yield of a region whose result nobody frees): after the
    // last use there is no place, the yield is.
    Operation *last = block == site->getBlock()
                          ? getLastUseIn(block, candidates.getAliasSet())
                          : nullptr;
    if (block != site->getBlock() ||
        (last && last->hasTrait<OpTrait::IsTerminator>() &&
         last->getNumSuccessors() == 0))
      candidates.insertAtEnd(block,
                             "at the end of the region that hands it out",
                             /*outOfRegion=*/block == site->getBlock());
    Operation *parent = block->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent))
      break;
    block = parent->getBlock();
  }
  // In a region of several blocks: where the paths of its uses there
  // join (a use in a block after the region op that allocates it).
  for (Block *end : getEnclosingEnds(site, loss, candidates.getAliasSet()))
    if (!end->findAncestorOpInBlock(*site))
      candidates.insertAtEnd(end, "where the paths of its uses in the "
                                  "region join");
}

void LeakStrategies::moveExisting() {
  if (!inSameFunction(event.relatedOp, site))
    return;
  for (Value alias : candidates.getAliasSet())
    for (Operation *user : alias.getUsers()) {
      if (!isa<memref::DeallocOp>(user) || !inSameFunction(user, site))
        continue;
      Region *region = user->getParentRegion();
      Block *join = getCommonPostDominator(region, {user, event.relatedOp});
      if (!join || join == user->getBlock())
        continue;
      candidates.moveDeallocTo(user, join, "moved to where the paths join");
    }
}

void LeakStrategies::atExits() {
  candidates.insertBeforeExits(root, "before each return");
}

void LeakStrategies::onEdges() {
  Operation *loss = event.relatedOp;
  // Lost in a caller (the witness returned first): the branch that ends
  // the allocating block is where a CFG loop drops it.
  bool inCaller = !inSameFunction(loss, site);
  if (inCaller)
    loss = site->getBlock()->getTerminator();
  else if (Operation *edge = getEdgeIntoLoss(event, candidates.getAliasSet()))
    loss = edge;
  if (!inSameFunction(loss, site) || !loss ||
      !loss->hasTrait<OpTrait::IsTerminator>() || loss->getNumSuccessors() == 0)
    return;
  auto branch = dyn_cast<BranchOpInterface>(loss);
  if (!branch)
    return;
  // The edges that pass the buffer on pass it to arguments nobody uses:
  // free it before the branch.
  if (passesToDeadArguments(branch, candidates.getAliasSet()))
    candidates.insertBefore(loss,
                            "before the branch (the blocks it "
                            "passes the buffer to do not use it)",
                            /*deadUses=*/true);
  SmallVector<unsigned> dropping;
  for (unsigned k = 0; k < loss->getNumSuccessors(); ++k) {
    SuccessorOperands operands = branch.getSuccessorOperands(k);
    bool passes = false;
    // An edge that passes it only to block arguments nobody uses
    // drops it too.
    Block *dest = loss->getSuccessor(k);
    for (unsigned i = 0; i < operands.size(); ++i)
      passes |=
          candidates.getAliasSet().contains(operands[i]) &&
          (i >= dest->getNumArguments() || !dest->getArgument(i).use_empty());
    if (!passes)
      dropping.push_back(k);
  }
  bool named = false;
  for (const WitnessStep &step : llvm::reverse(event.pathBranches))
    if (!inCaller && step.kind == WitnessStep::Kind::Branch &&
        step.op == loss) {
      named = true;
      if (llvm::is_contained(dropping, (unsigned)step.successor)) {
        candidates.splitEdges(loss, {(unsigned)step.successor},
                              "on the edge where the last reference is "
                              "lost");
        candidates.splitEdgesAndExits(
            root, loss, {(unsigned)step.successor},
            "on the edge where the last reference is lost");
      }
      break;
    }
  if (!dropping.empty() && (dropping.size() > 1 || !named)) {
    candidates.splitEdges(loss, dropping,
                          "on each edge that does not pass it on");
    candidates.splitEdgesAndExits(root, loss, dropping,
                                  "on each edge that does not pass it on");
  }
}

void LeakStrategies::withFlag() {
  unsigned tried = 0;
  for (Value alias : candidates.getAliasSet())
    if (auto argument = dyn_cast<BlockArgument>(alias))
      if (inSameFunction(argument.getOwner()->getParentOp(), site) &&
          tried++ < 2)
        candidates.ownershipFlag(argument, "where the paths join");
  // Flags on every argument of a join that may hold it, each edge
  // passing what it hands over (LifetimeFlagFixes.cpp).
  llvm::SetVector<Block *> joins;
  for (Value alias : candidates.getAliasSet())
    if (auto argument = dyn_cast<BlockArgument>(alias))
      if (!argument.getOwner()->isEntryBlock() &&
          inSameFunction(argument.getOwner()->getParentOp(), site))
        joins.insert(argument.getOwner());
  for (Block *join : joins.getArrayRef().take_front(4)) {
    for (FixIt &fix : getJoinFlagFixes(context, root, join, event.allocFamily))
      candidates.addFix(std::move(fix));
    if (std::optional<FixIt> fix =
            getJoinKeepFlagFix(context, root, join, event.allocFamily))
      candidates.addFix(std::move(*fix));
    // A view of it handed over: its base, through an argument of its
    // own (LifetimeJoinFlagFixes.cpp).
    if (std::optional<FixIt> fix =
            getJoinBaseFlagFix(context, root, join, event.allocFamily))
      candidates.addFix(std::move(*fix));
  }
  // Flags along the blocks it is handed through.
  for (FixIt &fix : getChainFlagFixes(context, root, event.allocFamily))
    candidates.addFix(std::move(fix));
  for (FixIt &fix : getChainFlagFixes(context, root, event.allocFamily,
                                      /*holds=*/true))
    candidates.addFix(std::move(fix));
  // Last, the join's flags freed on a back-edge that also leaves the loop
  // (after the chain's, which repair most of those loops first).
  for (Block *join : joins.getArrayRef().take_front(4))
    for (FixIt &fix :
         getJoinFlagBackEdgeFixes(context, root, join, event.allocFamily))
      candidates.addFix(std::move(fix));
  // A view of an earlier round's buffer handed round a CFG loop: its base,
  // with the flag of the argument it is taken from (after the others, which
  // free the arguments themselves).
  for (Block *join : joins.getArrayRef().take_front(4))
    if (std::optional<FixIt> fix =
            getLoopBaseFlagFix(context, root, join, event.allocFamily))
      candidates.addFix(std::move(*fix));
}

void LeakStrategies::loopCarried() {
  // A select of the iter_arg and the iteration's own buffer that the
  // body yields: the one it does not pass on, freed after it under its
  // condition (LifetimeSelectFixes.cpp). The flag below cannot: the
  // carried buffer goes on through the select to the yield (cfg seed
  // 30100).
  for (FixIt &fix : getLoopSelectFixes(context, root, event.allocFamily))
    candidates.addFix(std::move(fix));
  // The same through an scf.while (LifetimeFlagFixes.cpp).
  for (FixIt &fix : getWhileForwardedFixes(context, root, event.allocFamily))
    candidates.addFix(std::move(fix));
  for (FixIt &fix : getWhileCarriedFlagFixes(context, root, event.allocFamily))
    candidates.addFix(std::move(fix));
  // Through several iter_args in turn (LifetimeLoopHoldFixes.cpp).
  for (FixIt &fix : getRotatingFlagFixes(context, root, event.allocFamily))
    candidates.addFix(std::move(fix));
  // A buffer of before the loop that the loop may yield as its result.
  for (FixIt &fix : getLoopResultFlagFixes(context, root, event.allocFamily))
    candidates.addFix(std::move(fix));
  // The scf.for whose body holds the allocation (in a region nested in
  // the body too: an scf.if that yields it or another buffer).
  Operation *parent = root.getParentBlock()->getParentOp();
  while (parent && !isa<scf::ForOp, FunctionOpInterface>(parent))
    parent = parent->getParentOp();
  auto loop = dyn_cast_or_null<scf::ForOp>(parent);
  if (!loop)
    return;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  // Each position the yield carries it in, the first first (twin
  // iter_args that hold one buffer: the other's uses may be the last;
  // cfg seed 46130).
  unsigned carried = 0;
  for (OpOperand &operand : yield->getOpOperands()) {
    if (carried == 2)
      break;
    RootDerivation d = deriveFromRoot(operand.get(), root);
    std::optional<Candidates::Guard> fresh;
    if (d.kind == RootDerivation::Guarded &&
        (!d.condition.getParentBlock() ||
         d.condition.getParentRegion()->isAncestor(&loop.getRegion()) ||
         d.condition.getParentBlock() == loop.getBody()))
      fresh = Candidates::Guard(d.condition, d.rootWhenTrue);
    else if (d.kind != RootDerivation::Always)
      continue;
    else
      // Yielded always, but freed first in a branch of the body: owned at
      // the yield only where the other branch is taken (cfg seed 68062).
      fresh = getKeptGuard(loop, root);
    candidates.loopCarriedFlag(loop, operand.getOperandNumber(),
                               /*afterLoop=*/false, "", fresh);
    candidates.loopCarriedFlag(loop, operand.getOperandNumber(),
                               /*afterLoop=*/true, "", fresh);
    // A body that frees it on some paths only: in the regions that drop
    // it instead (cfg seed 51079).
    for (bool afterLoop : {false, true})
      candidates.loopCarriedFlag(loop, operand.getOperandNumber(), afterLoop,
                                 "", fresh,
                                 /*inDroppingRegions=*/true);
    ++carried;
  }
  if (carried)
    return;
  // None derives from it alone: an scf.if of the body that yields it
  // in one branch and passes the iter_arg on in the other (the carried
  // buffer dies in the branch that replaces it; cfg seed 28055).
  for (FixIt &fix : getLoopReplacedFlagFixes(context, root, event.allocFamily))
    candidates.addFix(std::move(fix));
}

void LeakStrategies::guarded(bool passOn, bool allocation) {
  if (passOn && (!inSameFunction(event.relatedOp, site) ||
                 event.relatedOp->getNumSuccessors() == 0 ||
                 !candidates.usesBuffer(event.relatedOp)))
    return;
  GuardSet guards = allocation ? collectAllocationGuards(event, site)
                               : collectGuards(candidates, event, site);
  if (guards.guards.empty())
    return;
  if (passOn) {
    const char *where = "before the branch, where the edge taken does "
                        "not pass it on";
    place(guards.singles(), event.relatedOp, false, where,
          /*beforeUse=*/true);
    place(guards.pairs(), event.relatedOp, false, where,
          /*beforeUse=*/true);
    return;
  }
  std::optional<GuardAnchor> anchor = getGuardAnchor();
  if (!anchor)
    return;
  const char *where = "where the last reference is lost";
  if (anchor->after)
    where = "after its last use, where the paths of its uses join";
  else if (anchor->atReturn)
    where = "before the return, where the paths of its uses join";
  place(guards.singles(), anchor->op, anchor->after, where);
  if (anchor->op == event.relatedOp)
    placeAroundLoss(guards, allocation);
  place(guards.pairs(), anchor->op, anchor->after, where);
  if (anchor->op == event.relatedOp)
    placePairsAfterLoss(guards);
  placeAtDominanceExits(guards);
  placeAtEnclosingEnds(guards);
}

std::optional<LeakStrategies::GuardAnchor>
LeakStrategies::getGuardAnchor() const {
  if (inSameFunction(event.relatedOp, site))
    return GuardAnchor{event.relatedOp, false, false};
  return getJoinAnchor();
}

std::optional<LeakStrategies::GuardAnchor>
LeakStrategies::getJoinAnchor() const {
  SmallVector<Operation *> uses{site};
  for (Value alias : candidates.getAliasSet())
    for (Operation *user : alias.getUsers())
      uses.push_back(user);
  // (In the innermost region that holds its names and their uses: the
  // uses of what a nested region hands out are outside that region; a
  // buffer of a nested region that only a call there passes on is seen in
  // that region alone: cfg seed 54057.)
  Region *region = getRegionOfUses(root, candidates.getAliasSet());
  if (!region)
    return std::nullopt;
  Block *join = region->hasOneBlock() ? &region->front()
                                      : getCommonPostDominator(region, uses);
  if (!join)
    return std::nullopt;
  Operation *last = getLastUseIn(join, candidates.getAliasSet());
  if (!last)
    return GuardAnchor{&join->front(), false, false};
  GuardAnchor anchor{last, !last->hasTrait<OpTrait::IsTerminator>(),
                     last->hasTrait<OpTrait::ReturnLike>()};
  if (!anchor.after && !anchor.atReturn)
    return std::nullopt;
  return anchor;
}

void LeakStrategies::placeAroundLoss(const GuardSet &guards, bool allocation) {
  // A loss inside a region op of the buffer's region, or of the region of
  // another name of it, that does not use it (a loop after its last use;
  // a loop after the branch that drops the result of the switch that
  // yields it: cfg seed 18017): before that op, under each guard, not
  // once per iteration.
  for (Operation *holder : getLossHolders())
    place(guards.singles(), holder, false,
          "before the region op where the last reference is lost");
  // A loss in a region op nested in the block of a name of the buffer
  // (a loop in one case of a switch whose other case uses it): after
  // the innermost such op, under each guard, once. Under the decisions
  // that lead to the allocation, also in a later block of the region of
  // that name, which it dominates (a cf.br between the op that hands
  // the buffer out and the region op whose branch drops it: cfg seed
  // 26034).
  for (Operation *holder = event.relatedOp->getParentOp();
       holder && !isa<FunctionOpInterface>(holder);
       holder = holder->getParentOp()) {
    Block *block = holder->getBlock();
    if (llvm::none_of(candidates.getAliasSet(), [&](Value alias) {
          return alias.getParentBlock() == block ||
                 (allocation && alias.getParentRegion() == block->getParent() &&
                  dominance.properlyDominates(alias, holder));
        }))
      continue;
    if (candidates.usesBuffer(holder) &&
        !holder->isAncestor(root.getParentBlock()->getParentOp()))
      place(guards.singles(), holder, true,
            "after the region op where the last reference is lost");
    break;
  }
  // A loss at a region op that hands the buffer and its flag out (the
  // flag's dealloc missing): after it, guarded by the flag.
  if (event.relatedOp->getNumRegions() != 0)
    place(guards.flags(), event.relatedOp, true,
          "after the op that hands it out");
  // A loss at a region op whose regions use the buffer last (a loop
  // over a view of it): after it, under each branch decision.
  if (event.relatedOp->getNumRegions() != 0 &&
      candidates.usesBuffer(event.relatedOp))
    place(guards.decisions(), event.relatedOp, true,
          "after the op where the last reference is lost");
}

void LeakStrategies::placePairsAfterLoss(const GuardSet &guards) {
  // The same place as the decisions of placeAroundLoss, a region op whose
  // regions use the buffer last, under two guards: where a select picks
  // either the buffer or the result of an scf.if that yields it on one
  // branch only, the buffer is lost where the select picks that result
  // and the scf.if did not yield it (cfg seed 55031: a loop after the
  // select, in a later block, makes a view of it; neither guard alone
  // singles that path out). The pairs at the loss itself would go
  // before it, where it still uses the buffer: not tried.
  if (event.relatedOp->getNumRegions() == 0 ||
      !candidates.usesBuffer(event.relatedOp))
    return;
  place(guards.pairs(), event.relatedOp, true,
        "after the op where the last reference is lost");
}

SmallVector<Operation *> LeakStrategies::getLossHolders() const {
  SmallVector<Operation *> holders;
  auto add = [&](Region *region) {
    Operation *holder = region->findAncestorOpInRegion(*event.relatedOp);
    if (holder && holder != event.relatedOp && !candidates.usesBuffer(holder) &&
        !llvm::is_contained(holders, holder))
      holders.push_back(holder);
  };
  Value buffer = root; // (a copy: Value's accessors are not const)
  add(buffer.getParentRegion());
  for (Value alias : candidates.getAliasSet())
    add(alias.getParentRegion());
  return holders;
}

void LeakStrategies::placeAtDominanceExits(const GuardSet &guards) {
  // Lost past the blocks its allocation dominates, where an alias that
  // may hold another buffer (a block argument of a join) is the only
  // name left: at the end of each block that still sees its own name and
  // branches out of them (after the last use there), under each guard.
  if (inSameFunction(event.relatedOp, site) &&
      root.getParentBlock() == site->getBlock())
    for (Block *exit :
         getDominanceExits(dominance, site->getBlock(), event.relatedOp)) {
      Operation *last = getLastUseIn(exit, candidates.getAliasSet());
      const char *end = "at the end of the last block that sees its own "
                        "name";
      if (last && !last->hasTrait<OpTrait::IsTerminator>())
        place(guards.singles(), last, true, end);
      else
        place(guards.singles(), exit->getTerminator(), false, end,
              /*beforeUse=*/true);
    }
}

void LeakStrategies::placeAtEnclosingEnds(const GuardSet &guards) {
  // A buffer of a nested region whose last reference is lost outside of
  // it, where no name of it is left: at the end of each block that
  // encloses the allocation (and where the paths of its uses in a region
  // of several blocks join), under the same guards.
  if (!inSameFunction(event.relatedOp, site) ||
      llvm::any_of(candidates.getAliasSet(), [&](Value alias) {
        return dominance.properlyDominates(alias, event.relatedOp);
      }))
    return;
  for (Block *end :
       getEnclosingEnds(site, event.relatedOp, candidates.getAliasSet())) {
    Operation *last = getLastUseIn(end, candidates.getAliasSet());
    bool afterLast = last && !last->hasTrait<OpTrait::IsTerminator>();
    Operation *at = afterLast ? last : (end->empty() ? nullptr : &end->back());
    if (!at)
      continue;
    const char *enclosing =
        "at the end of a block that encloses its allocation";
    place(guards.singles(), at, afterLast, enclosing);
    place(guards.pairs(), at, afterLast, enclosing);
  }
}

void LeakStrategies::place(const GuardSet::Guards &which, Operation *anchor,
                           bool after, const char *where, bool beforeUse) {
  for (const auto &guard : which)
    if (after)
      candidates.insertGuardedAfter(anchor, guard, where);
    else
      candidates.insertGuarded(anchor, /*after=*/false, guard, where,
                               beforeUse);
}

void LeakStrategies::joinGuarded() {
  if (!inSameFunction(event.relatedOp, site))
    return; // (guarded() frees there already)
  std::optional<GuardAnchor> anchor = getJoinAnchor();
  if (!anchor || anchor->op == event.relatedOp)
    return;
  GuardSet guards = collectOwnershipDecisions(candidates, event, site);
  if (guards.guards.empty())
    return;
  const char *where =
      anchor->after ? "after its last use, where the paths of its uses join"
                    : "before the return, where the paths of its uses join";
  place(guards.singles(), anchor->op, anchor->after, where);
  place(guards.pairs(), anchor->op, anchor->after, where);
}

void LeakStrategies::pathGuarded() {
  if (!inSameFunction(event.relatedOp, site))
    return;
  GuardSet guards = collectGuards(candidates, event, site);
  SmallVector<Candidates::Guard> path;
  // (Only the conditions the dealloc can read where it goes: one of a CFG
  // loop the path passed through, defined in a block that does not
  // dominate the loss, would make insertGuarded build nothing; cfg seed
  // 72006.)
  auto visible = [&](Value condition) {
    return dominance.properlyDominates(condition, event.relatedOp);
  };
  for (const Candidates::Guard &guard : guards.pathDecisions(visible))
    if (!decidedAt(event.relatedOp, guard))
      path.push_back(guard);
  if (path.size() < 3) // one or two: the singles and pairs
    return;
  candidates.insertGuarded(event.relatedOp, /*after=*/false, path,
                           "on the path reported, where the last "
                           "reference is lost");
}
