//===- LifetimeMoveFixes.cpp - Move a free after the uses it precedes -----===//
//
// Owns the local strategies for a use after free in the function of the
// free: the dealloc moves after the last use of the buffer in its block or
// in a block that holds it, to the block where the paths of its uses join
// (out of a CFG loop it is not in), or into each successor of its block; a
// dealloc under a guard of its own (an ownership flag's `scf.if`) moves with
// its guard. Beside them, a guard edit that shares their branch text: a
// free alone in one branch of an scf.if gets the guard the other way round
// (getFlippedGuardFix). It reads the IR and the source text and builds
// edits; whether a candidate is right is the validation's to decide
// (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFreeFixes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace memlint;

namespace {

/// Where moved text goes, beside an anchor op: after it, or before it (the
/// top of a block without uses).
enum class Side { After, Before };

/// The text of `branch` (of the guard of the dealloc `free`), when it holds
/// nothing but `free` and views and casts the dealloc frees (gen seed
/// 20011).
std::optional<std::string> getGuardedBranchText(const LintContext &context,
                                                Operation *free,
                                                Block *branch) {
  std::string text;
  for (Operation &op : branch->without_terminator()) {
    if (&op != free && (!isa<ViewLikeOpInterface>(op) ||
                        llvm::any_of(op.getUsers(), [&](Operation *user) {
                          return user->getBlock() != branch;
                        })))
      return std::nullopt;
    std::optional<std::string> line = getOpText(context, &op);
    if (!line)
      return std::nullopt;
    text += (text.empty() ? "" : "\n") + *line;
  }
  return text;
}

/// The dealloc `free` with `holder`, when that is an `scf.if` without
/// results that guards it alone (in its then branch, or in its else branch
/// after an empty then: an ownership flag's guard), moved to `side` of
/// `anchor` with its guard.
std::optional<FixIt> moveGuardedFree(const LintContext &context,
                                     Operation *free, Operation *holder,
                                     Operation *anchor, Side side,
                                     StringRef message) {
  auto guard = dyn_cast<scf::IfOp>(holder);
  if (!guard || free->getParentOp() != guard || guard->getNumResults() != 0)
    return std::nullopt;
  bool inThen = guard.getElseRegion().empty();
  bool inElse = !inThen && guard.thenBlock()->getOperations().size() == 1;
  if (!inThen && !inElse)
    return std::nullopt;
  std::optional<std::string> text = getGuardedBranchText(
      context, free, inThen ? guard.thenBlock() : guard.elseBlock());
  if (!text)
    return std::nullopt;
  FixItBuilder builder(context);
  builder.remove(guard);
  std::string moved =
      getGuardedText(context.getSource().getName(guard.getCondition()),
                     /*whenTrue=*/inThen, *text);
  if (side == Side::Before)
    builder.insertBefore(anchor, moved);
  else
    builder.insertAfter(anchor, moved);
  return builder.take(message.str());
}

/// The decision of the only edge into `block`, when one edge of one
/// branch enters it and that branch decides on an i1 (getEdgeDecision).
std::optional<std::pair<Value, bool>> getEnteringDecision(Block *block) {
  Block *from = block->getSinglePredecessor();
  Operation *branch = from ? from->getTerminator() : nullptr;
  if (!branch || llvm::count(branch->getSuccessors(), block) != 1)
    return std::nullopt;
  return getEdgeDecision(branch, llvm::find(branch->getSuccessors(), block) -
                                     branch->getSuccessors().begin());
}

/// The text of the dealloc `free` moved to the top of `join`, a successor
/// of its block: as written when what it frees is defined where `join`
/// sees it; else a dealloc of the argument of `join` that the edge from
/// its block hands it to (upstream buffer-hoisting: a buffer of one branch
/// freed before the join that reads it).
std::optional<std::string> getFreeTextAt(const LintContext &context,
                                         Operation *free, Block *join) {
  auto dealloc = dyn_cast<memref::DeallocOp>(free);
  if (!dealloc)
    return getOpText(context, free);
  Value freed = dealloc.getMemref();
  DominanceInfo dominance(getFunctionOf(free));
  if (dominance.properlyDominates(freed, &join->front()))
    return getOpText(context, free);
  auto branch = dyn_cast<BranchOpInterface>(free->getBlock()->getTerminator());
  if (!branch || llvm::count(branch->getSuccessors(), join) != 1)
    return std::nullopt;
  unsigned index = llvm::find(branch->getSuccessors(), join) -
                   branch->getSuccessors().begin();
  SuccessorOperands operands = branch.getSuccessorOperands(index);
  for (unsigned i = 0; i < operands.size(); ++i)
    if (operands[i] == freed && i < join->getNumArguments())
      return getDeallocText(context, join->getArgument(i), Deallocator::Memref);
  return std::nullopt;
}

} // namespace

std::optional<FixIt> memlint::getFlippedGuardFix(const LintContext &context,
                                                 Operation *free) {
  auto guard =
      dyn_cast_or_null<scf::IfOp>(free ? free->getParentOp() : nullptr);
  if (!guard || guard->getNumResults() != 0 || guard.getElseRegion().empty())
    return std::nullopt;
  bool inThen = free->getParentRegion() == &guard.getThenRegion();
  Block *other = inThen ? guard.elseBlock() : guard.thenBlock();
  if (other->getOperations().size() != 1)
    return std::nullopt;
  std::optional<std::string> text = getGuardedBranchText(
      context, free, inThen ? guard.thenBlock() : guard.elseBlock());
  std::string condition = context.getSource().getName(guard.getCondition());
  if (!text || !StringRef(condition).starts_with("%"))
    return std::nullopt;
  FixItBuilder builder(context);
  builder.replace(guard,
                  getGuardedText(condition, /*whenTrue=*/!inThen, *text));
  return builder.take("free when " + condition + " is " +
                      (inThen ? "false" : "true") + ", not when it is " +
                      (inThen ? "true" : "false") +
                      " (the guard the other way round)");
}

std::vector<FixIt>
memlint::getMoveFreeFixes(const LintContext &context, Operation *free,
                          Operation *use,
                          const llvm::SetVector<Value> &aliases) {
  std::vector<FixIt> fixes;
  auto add = [&](std::optional<FixIt> fix) {
    if (fix)
      fixes.push_back(std::move(*fix));
  };
  // The dealloc (or `holder`, the op of the anchor's block that holds it,
  // with its guard) after `last`.
  auto moveAfterLast = [&](Operation *holder, Operation *last) {
    add(moveGuardedFree(context, free, holder, last, Side::After,
                        "move the guarded dealloc after the last use"));
    FixItBuilder builder(context);
    builder.moveAfter(free, last);
    add(builder.take("move the dealloc after the last use"));
  };
  for (Block *block = free->getBlock(); block;) {
    Operation *ancestor = block->findAncestorOpInBlock(*free);
    Operation *last = getLastUseIn(block, aliases);
    if (last && ancestor->isBeforeInBlock(last) &&
        !last->hasTrait<OpTrait::IsTerminator>())
      moveAfterLast(ancestor, last);
    Operation *parent = block->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent))
      break;
    block = parent->getBlock();
  }
  // After the use itself (or the op of the dealloc's block that holds it)
  // when that is later in the dealloc's block: the alias sets above are
  // over-approximated (a loop-carried value counts as an alias of every
  // buffer it may carry), so their last use can be a terminator.
  if (Operation *holder = free->getBlock()->findAncestorOpInBlock(*use))
    if (holder != free && free->isBeforeInBlock(holder) &&
        !holder->hasTrait<OpTrait::IsTerminator>()) {
      FixItBuilder builder(context);
      builder.moveAfter(free, holder);
      add(builder.take("move the dealloc after the use"));
    }
  // Uses in other blocks of a CFG: move the dealloc to the block that
  // post-dominates it and every use (after the last use there).
  SmallVector<Operation *> points{free};
  for (Value alias : aliases)
    for (Operation *user : alias.getUsers())
      if (user != free)
        points.push_back(user);
  // (The region of the dealloc, or, for a dealloc under a guard of its
  // own, of the guard: gen seed 18034.)
  Region *region = free->getParentRegion();
  auto ownGuard = dyn_cast<scf::IfOp>(free->getParentOp());
  if (ownGuard && !ownGuard->isAncestor(use))
    region = ownGuard->getParentRegion();
  Operation *holder = region->findAncestorOpInRegion(*free);
  Block *freeBlock = holder->getBlock();
  // (Out of a CFG loop the dealloc is not in: gen seed 22098.)
  if (Block *join = getPostDominatorOutOfLoops(
          getCommonPostDominator(region, points), freeBlock)) {
    if (join != freeBlock) {
      Operation *last = getLastUseIn(join, aliases);
      // (Before a return of what may be the buffer too: the guard may say
      // it is not, there; validation tells.)
      Operation *before = last;
      if (last && last->hasTrait<OpTrait::ReturnLike>())
        before = last->getPrevNode();
      if (ownGuard && before && !before->hasTrait<OpTrait::IsTerminator>())
        moveAfterLast(holder, before);
      else if (ownGuard && !last)
        add(moveGuardedFree(context, free, holder, &join->front(), Side::Before,
                            "move the guarded dealloc to the block where the "
                            "paths of its uses join"));
      FixItBuilder builder(context);
      if (last && !last->hasTrait<OpTrait::IsTerminator>())
        builder.moveAfter(free, last);
      else if (!last)
        builder.moveBefore(free, &join->front());
      add(builder.take("move the dealloc to the block where the paths of its "
                       "uses join"));
      // A dealloc in a block that one edge of a branch alone enters, whose
      // decision says the buffer is freed (the other paths hand it on, a
      // select returns it): moved there under that decision (gen seed
      // 32070).
      if (!ownGuard && holder == free)
        if (auto edge = getEnteringDecision(freeBlock))
          if (std::optional<std::string> text =
                  getFreeTextAt(context, free, join)) {
            std::string moved = getGuardedText(
                context.getSource().getName(edge->first), edge->second, *text);
            FixItBuilder guarded(context);
            guarded.remove(free);
            if (last && !last->hasTrait<OpTrait::IsTerminator>())
              guarded.insertAfter(last, moved);
            else if (before && !before->hasTrait<OpTrait::IsTerminator>())
              guarded.insertAfter(before, moved);
            else if (!last)
              guarded.insertBefore(&join->front(), moved);
            add(guarded.take("move the dealloc to the block where the paths "
                             "of its uses join, under the decision of the "
                             "edge that enters its block"));
          }
    }
  }
  // Uses in the successors of the dealloc's block that no block joins (a
  // CFG loop's body and its exit): the dealloc sinks into each successor,
  // after the last use there, when the block is each one's only predecessor.
  Operation *useHolder = free->getParentRegion()->findAncestorOpInRegion(*use);
  Operation *terminator = free->getBlock()->getTerminator();
  if (!useHolder || useHolder->getBlock() == free->getBlock() || !terminator ||
      terminator->getNumSuccessors() <= 1)
    return fixes;
  Value freed = free->getNumOperands() == 1 ? free->getOperand(0) : Value();
  std::optional<std::string> text = getOpText(context, free);
  if (!freed || !text || !isa<memref::DeallocOp>(free))
    return fixes;
  FixItBuilder builder(context);
  builder.remove(free);
  for (Block *next : terminator->getSuccessors()) {
    if (next->getSinglePredecessor() != free->getBlock() ||
        (isa<BlockArgument>(freed) &&
         cast<BlockArgument>(freed).getOwner() == next))
      return fixes;
    Operation *last = getLastUseIn(next, aliases);
    if (last && last->hasTrait<OpTrait::IsTerminator>())
      return fixes;
    if (last)
      builder.insertAfter(last, *text);
    else
      builder.insertBefore(&next->front(), *text);
  }
  add(builder.take("move the dealloc into each successor, after the last use "
                   "there"));
  return fixes;
}
