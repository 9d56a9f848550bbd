//===- LifetimeFreeFixes.cpp - Fix-its of frees at the wrong place -------===//
//
// Owns the strategies for a buffer freed where it must not be: a double
// free, a use after free, an invalid free: delete, move or guard a free
// site (a dealloc, or a call of a helper that only frees), call a freeing
// callee only with memory the caller owns; last, the free-once candidates
// of LifetimeFreeOnceFixes.cpp. (The alloca-in-loop
// fix-it is its check's, AllocaInLoopCheck.cpp.)
// It reads the IR and the source text and builds edits; it never runs an
// analysis, and whether a candidate is right is the validation's to decide
// (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/LifetimeFreeFixes.h"
#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFixes.h"
#include "checks/LifetimeFlagFixes.h"
#include "checks/SharedCauses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace memlint;

namespace {

/// An invalid free in a callee of what a call of the function passed it,
/// where the call passes either an allocation of the function's own or
/// memory it does not own, as a select or `scf.if` decides: the call runs
/// only when it passes the allocation.
std::optional<FixIt> guardCall(const LintContext &context,
                               Operation *dealloc,
                               ArrayRef<WitnessStep> witness) {
  if (!dealloc || !isa<memref::DeallocOp>(dealloc))
    return std::nullopt;
  Operation *callee = getFunctionOf(dealloc);
  // The callee's argument the dealloc frees.
  auto argument = dyn_cast<BlockArgument>(stripViews(dealloc->getOperand(0)));
  if (!argument || argument.getOwner()->getParentOp() != callee)
    return std::nullopt;
  for (const WitnessStep &step : witness) {
    auto call = dyn_cast_or_null<CallOpInterface>(step.op);
    if (step.kind != WitnessStep::Kind::Call || !call ||
        call->getNumResults() != 0 || call.resolveCallable() != callee ||
        argument.getArgNumber() >= call.getArgOperands().size())
      continue;
    Value passed = call.getArgOperands()[argument.getArgNumber()];
    bool other = false;
    SmallVector<Value> allocs = getAllocatedChoices(passed, other);
    if (allocs.size() != 1 || !other)
      return std::nullopt;
    RootDerivation d = deriveFromRoot(passed, allocs.front());
    if (d.kind != RootDerivation::Guarded)
      return std::nullopt;
    std::string condition = context.getSource().getName(d.condition);
    std::optional<std::string> text = getOpText(context, call);
    if (!StringRef(condition).starts_with("%") || !text)
      return std::nullopt;
    FixItBuilder builder(context);
    builder.replace(call, getGuardedText(condition, d.rootWhenTrue, *text));
    return builder.take("call only when " +
                        context.getSource().getName(passed) + " holds " +
                        context.getSource().getName(allocs.front()) +
                        ", which the function owns (the callee frees it)");
  }
  return std::nullopt;
}

/// A function whose body only frees (deallocs of its arguments and their
/// views, constants, the return): moving a call of it moves nothing else.
bool onlyFrees(Operation *function) {
  if (!function || function->getNumRegions() == 0 ||
      function->getRegion(0).empty())
    return false;
  return function->walk([](Operation *op) {
           if (isa<FunctionOpInterface>(op) || isa<memref::DeallocOp>(op) ||
               isa<ViewLikeOpInterface>(op) ||
               op->hasTrait<OpTrait::ConstantLike>() ||
               op->hasTrait<OpTrait::ReturnLike>())
             return WalkResult::advance();
           return WalkResult::interrupt();
         }).wasInterrupted() == false;
}

/// A use after a call that freed the buffer in a helper that only frees
/// (the witness enters it): the call moves after the last use in its block.
std::optional<FixIt> moveFreeingCall(const LintContext &context,
                                     Operation *free, Operation *use,
                                     ArrayRef<WitnessStep> witness,
                                     const llvm::SetVector<Value> &aliases) {
  Operation *callee = getFunctionOf(free);
  for (const WitnessStep &step : witness) {
    auto call = dyn_cast_or_null<CallOpInterface>(step.op);
    if (step.kind != WitnessStep::Kind::Call || !call ||
        call->getNumResults() != 0 || !inSameFunction(call, use) ||
        call.resolveCallable() != callee || !onlyFrees(callee))
      continue;
    Operation *last = getLastUseIn(call->getBlock(), aliases);
    if (!last || last == call.getOperation() ||
        !call->isBeforeInBlock(last) ||
        last->hasTrait<OpTrait::IsTerminator>())
      return std::nullopt;
    FixItBuilder builder(context);
    builder.moveAfter(call, last);
    return builder.take("move the call that frees it after the last use");
  }
  return std::nullopt;
}

/// The call of the function of `use` that entered the helper that only
/// frees whose dealloc `free` freed the buffer: the last call of it the
/// witness enters before that free, when it passes one of `aliases`; null
/// when there is none.
Operation *getFreeingCall(Operation *free, Operation *use,
                          ArrayRef<WitnessStep> witness,
                          const llvm::SetVector<Value> &aliases) {
  Operation *callee = getFunctionOf(free);
  if (!onlyFrees(callee))
    return nullptr;
  Operation *found = nullptr;
  for (const WitnessStep &step : witness) {
    if (step.kind == WitnessStep::Kind::Free && step.op == free && found)
      break;
    auto call = dyn_cast_or_null<CallOpInterface>(step.op);
    if (step.kind != WitnessStep::Kind::Call || !call ||
        call->getNumResults() != 0 || !inSameFunction(call, use) ||
        call.resolveCallable() != callee)
      continue;
    if (Value freed = getFreedOperand(call); freed && aliases.contains(freed))
      found = call;
  }
  return found;
}

/// A use after a call that freed the buffer in a helper that only frees:
/// the call is a free site as a dealloc is, and moves as getMoveFreeFixes
/// moves one, also to the block where the paths of its uses join (a use in
/// a block after a CFG loop the call is not in: gen seed 48001). The
/// candidates `fixes` holds already (moveFreeingCall's) are left out.
void addMovedCallFixes(const LintContext &context, Operation *free,
                       Operation *use, ArrayRef<WitnessStep> witness,
                       const llvm::SetVector<Value> &aliases,
                       std::vector<FixIt> &fixes) {
  Operation *call = getFreeingCall(free, use, witness, aliases);
  if (!call)
    return;
  for (FixIt &fix : getMoveFreeFixes(context, call, use, aliases))
    if (llvm::none_of(fixes,
                      [&](const FixIt &held) { return sameEdits(held, fix); }))
      fixes.push_back(std::move(fix));
}

/// A call of a helper that only frees, inside a loop or region of the
/// function that allocated `buffer` outside of it, freeing it on every
/// iteration: the call moves after that op, passing `buffer` itself when
/// what the call passed (a cast inside the loop) is not visible there.
std::optional<FixIt> moveFreeingCallOut(const LintContext &context,
                                        Operation *free, Value buffer,
                                        ArrayRef<WitnessStep> witness) {
  if (!buffer || !free)
    return std::nullopt;
  Operation *callee = getFunctionOf(free);
  for (const WitnessStep &step : witness) {
    auto call = dyn_cast_or_null<CallOpInterface>(step.op);
    if (step.kind != WitnessStep::Kind::Call || !call ||
        call->getNumResults() != 0 ||
        !inSameFunction(call, buffer.getParentBlock()->getParentOp()) ||
        call.resolveCallable() != callee || !onlyFrees(callee))
      continue;
    Operation *ancestor = buffer.getParentBlock()->findAncestorOpInBlock(*call);
    if (!ancestor || ancestor == call.getOperation())
      return std::nullopt;
    std::optional<std::string> text = getOpText(context, call);
    if (!text)
      return std::nullopt;
    DominanceInfo dominance(getFunctionOf(call));
    const SourceInfo &source = context.getSource();
    std::string moved = *text;
    for (Value operand : call.getArgOperands()) {
      if (dominance.properlyDominates(operand, ancestor->getNextNode()))
        continue;
      // Not visible after the loop: the buffer itself, when it is what the
      // operand always holds, with the same type.
      if (operand.getType() != buffer.getType() ||
          deriveFromRoot(operand, buffer).kind != RootDerivation::Always)
        return std::nullopt;
      std::string from = source.getName(operand), to = source.getName(buffer);
      size_t at = moved.find(from + ")");
      if (at == std::string::npos)
        at = moved.find(from + ",");
      if (at == std::string::npos || from.empty() || to.empty())
        return std::nullopt;
      moved.replace(at, from.size(), to);
    }
    FixItBuilder builder(context);
    builder.remove(call);
    builder.insertAfter(ancestor, moved);
    return builder.take(isa<LoopLikeOpInterface>(ancestor)
                            ? "move the call that frees it after the loop"
                            : "move the call that frees it out of the region");
  }
  return std::nullopt;
}

/// The flagged-join candidates of LifetimeFlagFixes.cpp for `root`: the
/// first blocks (not entry blocks) of its function with arguments that may
/// hold it.
void addJoinHoldFixes(const LintContext &context, Value root,
                      Deallocator family, std::vector<FixIt> &fixes,
                      bool returned = false) {
  if (!root || !root.getDefiningOp())
    return;
  // (And an scf.for's ownership flag of it that starts true.)
  for (FixIt &fix : getLoopFlagInitFixes(context, root))
    fixes.push_back(std::move(fix));
  llvm::SetVector<Block *> joins;
  for (Value alias : getFixAliases(root))
    if (auto argument = dyn_cast<BlockArgument>(alias))
      if (!argument.getOwner()->isEntryBlock() &&
          inSameFunction(argument.getOwner()->getParentOp(),
                         root.getDefiningOp()))
        joins.insert(argument.getOwner());
  for (Block *join : joins.getArrayRef().take_front(4))
    for (FixIt &fix : getJoinHoldFixes(context, root, join, family, returned))
      fixes.push_back(std::move(fix));
  // (And the same on an scf.for that frees its iter_arg.)
  for (FixIt &fix : getForHoldFixes(context, root, family, returned))
    fixes.push_back(std::move(fix));
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

Value memlint::getFreedOperand(Operation *op) {
  if (auto dealloc = dyn_cast<memref::DeallocOp>(op))
    return dealloc.getMemref();
  // (A gpu.dealloc with an async token is not a line that can go or move.)
  if (auto dealloc = dyn_cast<gpu::DeallocOp>(op);
      dealloc && op->getNumResults() == 0)
    return dealloc.getMemref();
  auto call = dyn_cast<CallOpInterface>(op);
  if (!call || op->getNumResults() != 0)
    return Value();
  Operation *callee = call.resolveCallable();
  if (!callee || !isa<FunctionOpInterface>(callee) || !onlyFrees(callee))
    return Value();
  std::optional<unsigned> freed;
  bool other = false;
  callee->walk([&](memref::DeallocOp dealloc) {
    auto argument = dyn_cast<BlockArgument>(stripViews(dealloc.getMemref()));
    if (!argument || argument.getOwner()->getParentOp() != callee ||
        (freed && *freed != argument.getArgNumber()))
      other = true;
    else
      freed = argument.getArgNumber();
  });
  if (other || !freed || *freed >= call.getArgOperands().size())
    return Value();
  return call.getArgOperands()[*freed];
}

bool memlint::freesOnEveryPath(Block *block, Value value) {
  for (Operation &op : block->without_terminator()) {
    Value freed = getFreedOperand(&op);
    if (freed && derivesAlways(freed, value))
      return true;
    if (!isa<scf::IfOp, scf::IndexSwitchOp, scf::ExecuteRegionOp>(op))
      continue;
    // (An scf.if without else has an empty region: not every path.)
    if (llvm::all_of(op.getRegions(), [&](Region &region) {
          return region.hasOneBlock() &&
                 freesOnEveryPath(&region.front(), value);
        }))
      return true;
  }
  return false;
}

std::optional<bool>
memlint::handsToOwnFree(Block *join, SuccessorOperands operands, Value root,
                        const llvm::SetVector<Value> &aliases) {
  bool owned = false;
  for (BlockArgument argument : join->getArguments()) {
    unsigned index = argument.getArgNumber();
    if (index >= operands.size() || !aliases.contains(operands[index]) ||
        !freesOnEveryPath(join, argument))
      continue;
    RootDerivation d = deriveFromRoot(operands[index], root);
    if (d.kind == RootDerivation::Always)
      owned = true;
    else if (d.kind != RootDerivation::Never)
      return std::nullopt;
  }
  return owned;
}

namespace {
/// The text of a dealloc under the decision that makes it free the
/// function's own allocation, and the name of that allocation.
struct OwnGuardedFree {
  std::string text;
  std::string allocName;
  Value condition;
};
} // namespace

/// A dealloc of a value that is the function's own allocation on some
/// paths and memory it does not own on the others (a select or `scf.if`
/// between them decides): its text under that decision; none otherwise.
static std::optional<OwnGuardedFree>
getOwnGuardedFree(const LintContext &context, Operation *dealloc) {
  if (!isa_and_nonnull<memref::DeallocOp>(dealloc))
    return std::nullopt;
  Value freed = dealloc->getOperand(0);
  bool other = false;
  SmallVector<Value> allocs = getAllocatedChoices(freed, other);
  if (allocs.size() != 1 || !other)
    return std::nullopt;
  RootDerivation d = deriveFromRoot(freed, allocs.front());
  std::optional<std::string> text = getOpText(context, dealloc);
  if (d.kind != RootDerivation::Guarded || !text)
    return std::nullopt;
  std::string condition = context.getSource().getName(d.condition);
  if (!StringRef(condition).starts_with("%"))
    return std::nullopt;
  return OwnGuardedFree{getGuardedText(condition, d.rootWhenTrue, *text),
                        context.getSource().getName(allocs.front()),
                        d.condition};
}

/// A dealloc of a value that is the function's own allocation on some
/// paths and memory it does not own on the others (a select or `scf.if`
/// between them decides): the dealloc under that decision. The invalid free
/// this makes, or the use after free and double free in a caller that
/// passed its own buffer.
static std::optional<FixIt> freeOnlyOwn(const LintContext &context,
                                        Operation *dealloc) {
  std::optional<OwnGuardedFree> guarded = getOwnGuardedFree(context, dealloc);
  if (!guarded)
    return std::nullopt;
  FixItBuilder builder(context);
  builder.replace(dealloc, guarded->text);
  return builder.take("free it only when it holds " + guarded->allocName);
}

/// A dealloc in a loop (or region) `ancestor` of a value that is the
/// function's own allocation only under a decision made before `ancestor`:
/// the dealloc after `ancestor`, under that decision (gen seed 52100: moved
/// alone it freed a function argument, guarded alone it freed the buffer on
/// every iteration).
static std::optional<FixIt> moveOutGuarded(const LintContext &context,
                                           Operation *dealloc,
                                           Operation *ancestor) {
  std::optional<OwnGuardedFree> guarded = getOwnGuardedFree(context, dealloc);
  if (!guarded ||
      !DominanceInfo(ancestor).properlyDominates(guarded->condition, ancestor))
    return std::nullopt;
  FixItBuilder builder(context);
  builder.remove(dealloc);
  builder.insertAfter(ancestor, guarded->text);
  return builder.take((isa<LoopLikeOpInterface>(ancestor)
                           ? "move the dealloc after the loop, "
                           : "move the dealloc out of the region, ") +
                      std::string("only when it holds ") + guarded->allocName);
}

/// The memref operand of the `bufferization.dealloc` `free` that may hold
/// `buffer`; null for other ops or when none does.
static Value getBufferizationDeallocOperand(Operation *free, Value buffer) {
  auto dealloc = dyn_cast_or_null<bufferization::DeallocOp>(free);
  if (!dealloc || !buffer)
    return Value();
  llvm::SetVector<Value> aliases = getFixAliases(buffer);
  for (Value memref : dealloc.getMemrefs())
    if (aliases.contains(memref))
      return memref;
  return Value();
}

/// A dealloc in an scf.for body of a buffer the iteration then may yield
/// (itself, or through a select or an `scf.if`) in the position of an
/// iter_arg, which the iteration drops: the iter_arg is freed instead (its
/// guard stays), or, for a select of the two after the dealloc, the one the
/// select does not pass on is freed after it (gen seed 25011: the yield
/// handed out a freed buffer, and what the iteration held leaked).
static std::vector<FixIt> getYieldedFreeFixes(const LintContext &context,
                                              Operation *free) {
  std::vector<FixIt> fixes;
  auto dealloc = dyn_cast<memref::DeallocOp>(free);
  auto loop = dealloc ? dealloc->getParentOfType<scf::ForOp>() : nullptr;
  if (!loop)
    return fixes;
  Value value = dealloc.getMemref();
  if (!loop.getRegion().isAncestor(value.getParentRegion()) ||
      llvm::is_contained(loop.getRegionIterArgs(), value))
    return fixes;
  const SourceInfo &source = context.getSource();
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  llvm::SetVector<Value> aliases = getFixAliases(value);
  for (auto [k, yielded] : llvm::enumerate(yield.getOperands())) {
    BlockArgument held = loop.getRegionIterArgs()[k];
    if (!aliases.contains(yielded) || held.getType() != value.getType())
      continue;
    FixItBuilder builder(context);
    builder.replace(dealloc,
                    getDeallocText(context, held, Deallocator::Memref));
    if (auto fix = builder.take("free the iter_arg " + source.getName(held) +
                                ", which the iteration drops, instead of " +
                                source.getName(value) + ", which it yields"))
      fixes.push_back(std::move(*fix));
    for (Operation *user : value.getUsers()) {
      auto select = dyn_cast<arith::SelectOp>(user);
      if (!select || select->getBlock() != dealloc->getBlock() ||
          select->isBeforeInBlock(dealloc) ||
          !llvm::is_contained(select->getOperands(), held))
        continue;
      FixItBuilder split(context);
      split.remove(dealloc);
      split.insertAfter(select,
                        getNotPassedOnFreeText(context, select.getCondition(),
                                               select.getTrueValue(),
                                               select.getFalseValue()));
      if (auto fix = split.take("free what the select does not pass on, " +
                                source.getName(value) + " or " +
                                source.getName(held) + ", after it"))
        fixes.push_back(std::move(*fix));
    }
    break;
  }
  return fixes;
}

/// The argument of the block the edge `k` of `branch` enters that the edge
/// hands `value` (or what may hold it) to, with the type of `value`, when
/// that block dominates the branch's block (a back-edge of a CFG loop),
/// `value` is the iteration's own (defined in a block it dominates, not an
/// argument of it) and the edge does not hand the argument on: the
/// argument dies there.
static BlockArgument getReplacedArgument(BranchOpInterface branch, unsigned k,
                                         Value value,
                                         const llvm::SetVector<Value> &aliases,
                                         DominanceInfo &dominance) {
  Block *header = branch->getSuccessor(k);
  auto isHeaderArgument = [&](Value v) {
    auto argument = dyn_cast<BlockArgument>(v);
    return argument && argument.getOwner() == header;
  };
  if (!dominance.dominates(header, branch->getBlock()) ||
      isHeaderArgument(value) ||
      !dominance.dominates(header, value.getParentBlock()))
    return BlockArgument();
  SuccessorOperands operands = branch.getSuccessorOperands(k);
  for (unsigned i = 0; i < operands.size(); ++i) {
    BlockArgument held = header->getArgument(i);
    // (An argument of the header passed back is carried, not the
    // iteration's own.)
    if (!operands[i] || !aliases.contains(operands[i]) ||
        isHeaderArgument(operands[i]) || held.getType() != value.getType())
      continue;
    if (llvm::is_contained(operands.getForwardedOperands(), held))
      return BlockArgument();
    return held;
  }
  return BlockArgument();
}

/// The same as getYieldedFreeFixes for a CFG loop: a dealloc, in a block of
/// the loop, of a buffer the iteration allocated and that the block's
/// back-edge then hands to the header's argument, which the edge drops:
/// the argument is freed instead (its guard stays; gen seed 50078: the
/// exit read and freed the last iteration's buffer, freed already, and
/// what the first iteration held leaked).
static std::vector<FixIt> getBackEdgeFreeFixes(const LintContext &context,
                                               Operation *free) {
  auto dealloc = dyn_cast_or_null<memref::DeallocOp>(free);
  Operation *function = dealloc ? getFunctionOf(dealloc) : nullptr;
  if (!function)
    return {};
  Value value = dealloc.getMemref();
  Region *region = value.getParentRegion();
  Operation *top = region->findAncestorOpInRegion(*dealloc);
  auto branch =
      top ? dyn_cast<BranchOpInterface>(top->getBlock()->getTerminator())
          : nullptr;
  if (!branch)
    return {};
  DominanceInfo dominance(function);
  llvm::SetVector<Value> aliases = getFixAliases(value);
  for (unsigned k = 0; k < branch->getNumSuccessors(); ++k) {
    BlockArgument held =
        getReplacedArgument(branch, k, value, aliases, dominance);
    if (!held)
      continue;
    const SourceInfo &source = context.getSource();
    FixItBuilder builder(context);
    builder.replace(dealloc,
                    getDeallocText(context, held, Deallocator::Memref));
    auto fix =
        builder.take("free the loop's block argument " + source.getName(held) +
                     ", which the back-edge drops, instead of " +
                     source.getName(value) + ", which it hands on");
    if (!fix)
      return {};
    std::vector<FixIt> fixes;
    fixes.push_back(std::move(*fix));
    return fixes;
  }
  return {};
}

std::vector<FixIt> memlint::getDoubleFreeFixes(const LintContext &context,
                                               const LifetimeEvent &event) {
  std::vector<FixIt> fixes;
  Operation *second = event.op, *first = event.relatedOp;
  if (!second)
    return fixes;
  // First: a loop body that frees a buffer it then yields hands out freed
  // memory; what it drops instead is what leaks (deleting either free
  // leaves that leak, which validation counts as the finding it had).
  if (first && first != second && inSameFunction(first, second)) {
    for (FixIt &fix : getYieldedFreeFixes(context, first))
      fixes.push_back(std::move(fix));
    for (FixIt &fix : getBackEdgeFreeFixes(context, first))
      fixes.push_back(std::move(fix));
  }
  // A dealloc that runs on every iteration of a loop (or in a region) the
  // buffer was allocated outside of: move it after that op.
  Value buffer = event.buffer;
  auto moveOutOf = [&](Value v) {
    if (!v || !inSameFunction(v.getParentBlock()->getParentOp(), second))
      return;
    Operation *ancestor = v.getParentBlock()->findAncestorOpInBlock(*second);
    if (!ancestor || ancestor == second)
      return;
    FixItBuilder builder(context);
    builder.moveAfter(second, ancestor);
    if (auto fix = builder.take(isa<LoopLikeOpInterface>(ancestor)
                                    ? "move the dealloc after the loop"
                                    : "move the dealloc out of the region"))
      fixes.push_back(std::move(*fix));
    if (auto fix = moveOutGuarded(context, second, ancestor))
      fixes.push_back(std::move(*fix));
  };
  moveOutOf(buffer);
  // After the deletes: the same for the value freed when it is not the
  // buffer (a loop result freed in a later loop).
  Value freed = second->getNumOperands() == 1 ? second->getOperand(0) : Value();
  size_t movedOut = fixes.size();
  // Not the dealloc of a helper that only frees, reached through two of its
  // calls or after a free elsewhere: its calls are the free sites (the
  // candidates below edit them), and without its dealloc every call of it
  // would free nothing.
  auto inHelper = [&](Operation *free) {
    return (first == second || !inSameFunction(first, second)) &&
           onlyFrees(getFunctionOf(free));
  };
  FixItBuilder removeSecond(context);
  if (removeFree(removeSecond, context, second, event.alias) &&
      !inHelper(second))
    if (auto fix = removeSecond.take("delete the redundant dealloc"))
      fixes.push_back(std::move(*fix));
  // Also when the second free is in a helper the function calls after its
  // own dealloc (gen seed 13076: deleting the helper's dealloc would leak in
  // its other callers; validation refuses whichever is wrong).
  if (first && first != second && !inHelper(first) &&
      (inSameFunction(first, second) || isa<memref::DeallocOp>(first))) {
    FixItBuilder removeFirst(context);
    if (removeFree(removeFirst, context, first,
                   getBufferizationDeallocOperand(first, buffer)))
      if (auto fix = removeFirst.take("delete the first dealloc"))
        fixes.push_back(std::move(*fix));
  }
  if (!movedOut && freed && freed != buffer &&
      (!buffer || freed.getParentBlock() != buffer.getParentBlock()))
    moveOutOf(freed);
  // A dealloc in an scf.for body of the init value of one of its iter_args
  // (which the iteration holds as that iter_arg): free the iter_arg, what
  // the iteration holds, instead (gen seed 9190: under the iter_arg's
  // ownership flag, the second iteration freed the init value again).
  for (Operation *free : {second, first}) {
    auto dealloc = dyn_cast_or_null<memref::DeallocOp>(free);
    auto loop = dealloc ? dealloc->getParentOfType<scf::ForOp>() : nullptr;
    if (!loop || !inSameFunction(loop, second))
      continue;
    Value value = dealloc.getMemref();
    for (auto [init, iterArg] :
         llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs())) {
      if (init != value || init.getType() != iterArg.getType())
        continue;
      FixItBuilder builder(context);
      builder.replace(dealloc,
                      getDeallocText(context, iterArg, Deallocator::Memref));
      if (auto fix = builder.take("free the iter_arg " +
                                  context.getSource().getName(iterArg) +
                                  " (what the iteration holds) instead of "
                                  "its init value"))
        fixes.push_back(std::move(*fix));
      break;
    }
  }
  // (Also when the second free is in a helper the function calls: its call
  // is a free site of the buffer.)
  if (buffer) {
    if (auto fix = getFreeOnceFix(context, buffer, event.allocFamily,
                                  /*returned=*/Value()))
      fixes.push_back(std::move(*fix));
    if (auto fix = getFreeOnceFix(context, buffer, event.allocFamily,
                                  /*returned=*/Value(), /*keepGuarded=*/true))
      fixes.push_back(std::move(*fix));
    if (auto fix = getFreeEachOnceFix(context, buffer, event.allocFamily))
      fixes.push_back(std::move(*fix));
  }
  for (FixIt &fix :
       getSelectComplementFixes(context, buffer, event.allocFamily))
    fixes.push_back(std::move(fix));
  addJoinHoldFixes(context, buffer, event.allocFamily, fixes);
  // A free in a callee of memory a call passed it that is not always the
  // caller's own, or a call of such a callee in a loop.
  for (Operation *free : {first, second}) {
    if (auto fix = guardCall(context, free, event.witness))
      fixes.push_back(std::move(*fix));
    // (A free in a callee of a buffer a caller passed it.)
    if (first && second && !inSameFunction(first, second))
      if (auto fix = freeOnlyOwn(context, free))
        fixes.push_back(std::move(*fix));
  }
  if (auto fix = moveFreeingCallOut(context, second, event.buffer,
                                    event.witness))
    fixes.push_back(std::move(*fix));
  // Some inits of a loop's permuted cycle freed after it, and the results
  // of the others: every result freed instead (gen seed 33078).
  for (Operation *free : {second, first}) {
    if (!free || !inSameFunction(free, second))
      continue;
    std::vector<FixIt> mixed = getPermutedLoopMixedFreeFixes(context, free);
    for (FixIt &fix : mixed)
      fixes.push_back(std::move(fix));
    if (!mixed.empty())
      break;
  }
  return fixes;
}

std::vector<FixIt> memlint::getUseAfterFreeFixes(const LintContext &context,
                                                 const LifetimeEvent &event) {
  std::vector<FixIt> fixes;
  Operation *free = event.relatedOp, *use = event.op;
  if (free && use && !inSameFunction(free, use)) {
    if (auto fix = freeOnlyOwn(context, free))
      fixes.push_back(std::move(*fix));
    if (event.buffer) {
      llvm::SetVector<Value> aliases = getFixAliases(event.buffer);
      if (auto fix =
              moveFreeingCall(context, free, use, event.witness, aliases))
        fixes.push_back(std::move(*fix));
      addMovedCallFixes(context, free, use, event.witness, aliases, fixes);
    }
    if (auto fix = guardCall(context, free, event.witness))
      fixes.push_back(std::move(*fix));
    if (auto fix = moveFreeingCallOut(context, free, event.buffer,
                                      event.witness))
      fixes.push_back(std::move(*fix));
  }
  if (!free || !use || !event.buffer)
    return fixes;
  llvm::SetVector<Value> aliases = getFixAliases(event.buffer);
  // Freed by a bufferization.dealloc among other memrefs (its condition
  // true on some path): not freed there at all (the use, a return, may hand
  // it to the caller; validation refuses the leaks this makes elsewhere).
  if (Value freed = getBufferizationDeallocOperand(free, event.buffer)) {
    FixItBuilder builder(context);
    if (removeFree(builder, context, free, freed))
      if (auto fix = builder.take("drop " + context.getSource().getName(freed) +
                                  " from the bufferization.dealloc"))
        fixes.push_back(std::move(*fix));
  }
  // Freed in a helper the function calls: the call is the free site.
  if (!inSameFunction(free, use)) {
    addFreeOnceFixes(context, event, use, aliases, fixes);
    for (FixIt &fix :
         getSelectComplementFixes(context, event.buffer, event.allocFamily))
      fixes.push_back(std::move(fix));
    for (FixIt &fix : getLoopFlagInitFixes(context, event.buffer))
      fixes.push_back(std::move(fix));
    return fixes;
  }
  for (FixIt &fix : getMoveFreeFixes(context, free, use, aliases))
    fixes.push_back(std::move(fix));
  addFreeOnceFixes(context, event, use, aliases, fixes);
  for (FixIt &fix :
       getSelectComplementFixes(context, event.buffer, event.allocFamily))
    fixes.push_back(std::move(fix));
  for (FixIt &fix : getPermutedLoopFreeFixes(context, free, use))
    fixes.push_back(std::move(fix));
  // (A return of the buffer: the caller owns it, nothing frees it here.)
  addJoinHoldFixes(context, event.buffer, event.allocFamily, fixes,
                   use->hasTrait<OpTrait::ReturnLike>() &&
                       isa<FunctionOpInterface>(use->getParentOp()) &&
                       llvm::is_contained(use->getOperands(), event.buffer));
  return fixes;
}

std::vector<FixIt> memlint::getInvalidFreeFixes(const LintContext &context,
                                                const LifetimeEvent &event) {
  std::vector<FixIt> fixes;
  Operation *dealloc = event.op;
  if (!dealloc)
    return fixes;
  // A bufferization.dealloc frees several memrefs: drop the one it must not.
  if (isa<bufferization::DeallocOp>(dealloc)) {
    FixItBuilder builder(context);
    if (removeFree(builder, context, dealloc, event.alias))
      if (auto fix = builder.take(
              "drop " + context.getSource().getName(event.alias) +
              " from the bufferization.dealloc: the memory is not the "
              "function's to free"))
        fixes.push_back(std::move(*fix));
    return fixes;
  }
  if (dealloc->getNumOperands() != 1 ||
      !isa<BaseMemRefType>(dealloc->getOperand(0).getType()))
    return fixes;
  Value freed = dealloc->getOperand(0);
  if (auto fix = freeOnlyOwn(context, dealloc))
    fixes.push_back(std::move(*fix));
  switch (event.reason) {
  case InvalidFreeReason::InteriorView: {
    Value buffer = event.buffer;
    if (buffer &&
        inSameFunction(buffer.getParentBlock()->getParentOp(), dealloc) &&
        DominanceInfo(getFunctionOf(dealloc))
            .properlyDominates(buffer, dealloc)) {
      FixItBuilder builder(context);
      builder.replace(dealloc,
                      getDeallocText(context, buffer, event.allocFamily));
      if (auto fix = builder.take("free the buffer " +
                                  context.getSource().getName(buffer) +
                                  " itself"))
        fixes.push_back(std::move(*fix));
    }
    break;
  }
  case InvalidFreeReason::MismatchedDeallocator: {
    FixItBuilder builder(context);
    std::string text = getDeallocText(context, freed, event.allocFamily);
    builder.replace(dealloc, text);
    if (auto fix = builder.take("free it with '" + text + "'"))
      fixes.push_back(std::move(*fix));
    break;
  }
  default:
    break;
  }
  FixItBuilder remove(context);
  remove.remove(dealloc);
  if (auto fix = remove.take("delete the dealloc: the memory is not the "
                             "function's to free"))
    fixes.push_back(std::move(*fix));
  if (auto fix = guardCall(context, event.op, event.witness))
    fixes.push_back(std::move(*fix));
  // The free site under a guard the wrong way round: the dealloc, or the
  // call of the helper that frees (the witness enters it).
  Operation *site = dealloc;
  for (const WitnessStep &step : event.witness)
    if (auto call = dyn_cast_or_null<CallOpInterface>(step.op);
        call && step.kind == WitnessStep::Kind::Call &&
        call.resolveCallable() == getFunctionOf(dealloc) &&
        getFreedOperand(call))
      site = call;
  if (auto fix = getFlippedGuardFix(context, site))
    fixes.push_back(std::move(*fix));
  return fixes;
}
