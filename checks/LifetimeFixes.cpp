//===- LifetimeFixes.cpp - Fix-it candidates for leaks --------------------===//
//
// Owns the order in which the strategies of a leak are tried (see
// LifetimeFixes.h): the places of LifetimeLeakStrategies.cpp (local edits
// first, the ownership flags of LifetimeFlagFixes.cpp after them), combined
// with the edges that drop the buffer, and the free-once construction of
// LifetimeFreeFixes.cpp last. The other lifetime findings are
// LifetimeFreeFixes.cpp's; the guards the guarded candidates try are
// LifetimeGuards.cpp's. It reads the IR and builds edits; it never runs an
// analysis, and whether a candidate is right is the validation's to decide
// (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/LifetimeFixes.h"
#include "checks/FixIts.h"
#include "checks/LifetimeFixCandidates.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFreeFixes.h"
#include "checks/LifetimeLeakStrategies.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace memlint;

namespace {

/// A select between `root` (itself, or a view or cast of it) and memory
/// that is never it, whose result goes on (out of a region, to a join):
/// where it picks the other one, `root` dies at the select. A dealloc of
/// `root` after its last use (through itself or its views) in the select's
/// block, under the select's decision for the other one; null when there is
/// no such select or the text does not allow it.
std::optional<FixIt> freeWhereNotSelected(const LintContext &context,
                                          Value root, Deallocator family) {
  llvm::SetVector<Value> itself;
  for (Value alias : getFixAliases(root))
    if (stripViews(alias) == root)
      itself.insert(alias);
  for (Value alias : itself)
    for (Operation *user : alias.getUsers()) {
      auto select = dyn_cast<arith::SelectOp>(user);
      if (!select || select.getTrueValue() == select.getFalseValue() ||
          !handsOutOfBlock(select))
        continue;
      bool onTrue = select.getTrueValue() == alias;
      Value other = onTrue ? select.getFalseValue() : select.getTrueValue();
      if (deriveFromRoot(other, root).kind != RootDerivation::Never)
        continue;
      Operation *last = getLastUseIn(select->getBlock(), itself);
      std::string condition =
          context.getSource().getName(select.getCondition());
      if (!last || last->hasTrait<OpTrait::IsTerminator>() ||
          !StringRef(condition).starts_with("%"))
        continue;
      FixItBuilder builder(context);
      builder.insertAfter(
          last, getGuardedText(condition, /*whenTrue=*/!onTrue,
                               getDeallocText(context, root, family)));
      if (auto fix =
              builder.take("free " + context.getSource().getName(root) +
                           " where the select does not pick it (" + condition +
                           " is " + (onTrue ? "false" : "true") + ")"))
        return fix;
    }
  return std::nullopt;
}

/// The successors of `terminator` (a branch) whose edges do not pass the
/// buffer of `candidates` on, when some other edge does; empty otherwise.
SmallVector<unsigned> droppingEdges(const Candidates &candidates,
                                    Operation *terminator, Value root) {
  auto branch = dyn_cast<BranchOpInterface>(terminator);
  if (!branch || terminator->getNumSuccessors() < 2)
    return {};
  // Whether a block reached from `dest` (before the buffer is allocated
  // again) uses it.
  Region *region = terminator->getParentRegion();
  Operation *rootAncestor =
      root.getDefiningOp()
          ? region->findAncestorOpInRegion(*root.getDefiningOp())
          : nullptr;
  Block *defBlock = rootAncestor ? rootAncestor->getBlock() : nullptr;
  llvm::SmallPtrSet<Block *, 16> useBlocks;
  for (Value alias : candidates.getAliasSet())
    for (Operation *user : alias.getUsers())
      if (Operation *ancestor = region->findAncestorOpInRegion(*user))
        useBlocks.insert(ancestor->getBlock());
  auto liveIn = [&](Block *dest) {
    llvm::SmallPtrSet<Block *, 16> seen;
    SmallVector<Block *> worklist{dest};
    while (!worklist.empty()) {
      Block *block = worklist.pop_back_val();
      if (block == defBlock || !seen.insert(block).second)
        continue;
      if (useBlocks.contains(block))
        return true;
      for (Block *successor : block->getSuccessors())
        worklist.push_back(successor);
    }
    return false;
  };
  SmallVector<unsigned> dropping;
  for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k) {
    SuccessorOperands operands = branch.getSuccessorOperands(k);
    bool passes = liveIn(terminator->getSuccessor(k));
    Block *dest = terminator->getSuccessor(k);
    for (unsigned i = 0; i < operands.size(); ++i)
      passes |= operands[i] && candidates.getAliasSet().contains(operands[i]) &&
                (i >= dest->getNumArguments() ||
                 !dest->getArgument(i).use_empty());
    if (!passes)
      dropping.push_back(k);
  }
  if (dropping.size() == terminator->getNumSuccessors())
    return {};
  return dropping;
}

} // namespace

std::vector<FixIt> memlint::getLeakFixes(const LintContext &context,
                                         const LifetimeEvent &event) {
  Operation *site = event.op;
  if (!site || !site->getParentOfType<FunctionOpInterface>())
    return {};
  // The buffer as the leaking function sees it: the allocation, or the
  // results of the call that returned it.
  SmallVector<Value> roots;
  if (event.buffer && event.buffer.getDefiningOp() == site)
    roots.push_back(event.buffer);
  else
    for (Value result : site->getResults())
      if (isa<BaseMemRefType>(result.getType()) ||
          event.allocFamily == Deallocator::LibC)
        roots.push_back(result);
  std::vector<FixIt> all;
  DominanceInfo dominance(getFunctionOf(site));
  for (Value root : roots) {
    Candidates candidates(context, root, event.allocFamily);
    LeakStrategies strategies(context, event, root, dominance, candidates);
    if (event.allPaths) {
      strategies.atHome();
      strategies.atJoin();
      strategies.alongWitness();
      strategies.atLoss();
      strategies.enclosing();
      strategies.moveExisting();
      strategies.atExits();
      strategies.onEdges();
      strategies.guarded(false);
      strategies.withFlag();
      strategies.loopCarried();
      strategies.handedOffAtHome();
      strategies.guarded(true);
      strategies.guarded(false, /*allocation=*/true);
    } else {
      strategies.alongWitness();
      strategies.atLoss();
      strategies.enclosing();
      strategies.moveExisting();
      strategies.atHome();
      strategies.atJoin();
      strategies.guarded(false);
      strategies.atExits();
      strategies.onEdges();
      strategies.withFlag();
      strategies.loopCarried();
      strategies.handedOffAtHome();
      strategies.guarded(true);
      strategies.guarded(false, /*allocation=*/true);
      strategies.pathGuarded();
      strategies.joinGuarded();
    }
    // Lost on some path and dropped by an edge of the allocating block's
    // branch (a back-edge that allocates again) that the other path takes
    // not: each candidate with that edge freeing it too.
    if (!event.allPaths && site->getBlock() == root.getParentBlock())
      if (Operation *branch = site->getBlock()->getTerminator())
        if (auto edges = droppingEdges(candidates, branch, root);
            !edges.empty())
          if (auto extra = candidates.makeEdges(
                  branch, edges, "on each edge that does not pass it on"))
            candidates.combineWith(*extra);
    // Handed on by a select that picks other memory on some paths: where
    // it does, the buffer dies at the select; each candidate (which frees
    // what the select hands on) with a dealloc there too.
    // (Alone too: what the select hands on may be freed already, by a
    // caller that receives it.)
    if (std::optional<FixIt> extra =
            freeWhereNotSelected(context, root, event.allocFamily)) {
      candidates.combineWith(*extra);
      candidates.addFix(std::move(*extra));
    }
    // Freed by an scf.if or scf.index_switch in some of its regions only,
    // and handed on past it: where the op does not free it, the buffer goes
    // on under names nobody frees (cfg seed 79023: a CFG loop's block frees
    // the iteration's buffer in one branch and hands it to the header,
    // which drops it; the witness, from the latest allocation, does not
    // show that branch). Each candidate with a dealloc in the other regions
    // too, and alone.
    if (std::optional<FixIt> extra = candidates.makeFreeWhereKept(root)) {
      candidates.combineWith(*extra);
      candidates.addFix(std::move(*extra));
    }
    // Dropped by edges of several branches (a back-edge, an edge that
    // passes it to an argument nobody uses): a block on each of them.
    if (!event.allPaths && root.getParentRegion() &&
        !root.getParentRegion()->hasOneBlock()) {
      std::optional<FixIt> merged;
      unsigned branches = 0;
      for (Block &block : *root.getParentRegion()) {
        Operation *terminator = block.getTerminator();
        if (!terminator || !dominance.properlyDominates(root, terminator))
          continue;
        SmallVector<unsigned> edges =
            droppingEdges(candidates, terminator, root);
        if (edges.empty())
          continue;
        std::optional<FixIt> fix = candidates.makeEdges(
            terminator, edges, "on each edge that drops it");
        if (!fix)
          continue;
        ++branches;
        if (!merged) {
          merged = std::move(fix);
          continue;
        }
        for (FixEdit &edit : fix->edits)
          merged->edits.push_back(std::move(edit));
      }
      if (merged && branches > 1) {
        merged->edits = sortEdits(merged->edits);
        merged->description = "free it on each edge of a branch that drops "
                              "it";
        merged->general = true;
        candidates.addFix(std::move(*merged));
      }
    }
    for (FixIt &fix : candidates.take())
      all.push_back(std::move(fix));
    // The most general: its frees replaced by one after its last use.
    if (event.buffer && root == event.buffer)
      if (auto fix = getFreeOnceFix(context, root, event.allocFamily,
                                    /*returned=*/Value()))
        all.push_back(std::move(*fix));
    if (event.buffer && root == event.buffer)
      if (auto fix = getFreeOnceFix(context, root, event.allocFamily,
                                    /*returned=*/Value(),
                                    /*keepGuarded=*/true))
        all.push_back(std::move(*fix));
    if (event.buffer && root == event.buffer)
      if (auto fix = getFreeEachOnceFix(context, root, event.allocFamily))
        all.push_back(std::move(*fix));
  }
  return all;
}
