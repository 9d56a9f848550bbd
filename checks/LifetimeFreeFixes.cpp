//===- LifetimeFreeFixes.cpp - Fix-its of frees at the wrong place -------===//
//
// Owns the strategies for a buffer freed where it must not be: a double
// free, a use after free, an invalid free: delete, move or guard a free
// site (a dealloc, or a call of a helper that only frees), free once after
// the last use (getFreeOnceFix, which the leak fix-its try too), call a
// freeing callee only with memory the caller owns. (The alloca-in-loop
// fix-it is its check's, AllocaInLoopCheck.cpp.)
// It reads the IR and the source text and builds edits; it never runs an
// analysis, and whether a candidate is right is the validation's to decide
// (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFixes.h"
#include "checks/LifetimeFreeFixes.h"
#include "checks/LifetimeFlagFixes.h"

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

/// Whether the CFG leads from `from` to `to` without running the definition
/// of `value` again (a block argument of a loop header is another buffer
/// after the back-edge).
bool reachesWithoutRedefinition(Operation *from, Operation *to, Value value) {
  Region *region = to->getParentRegion();
  Operation *fromAncestor = region->findAncestorOpInRegion(*from);
  if (!fromAncestor)
    return false;
  Block *fromBlock = fromAncestor->getBlock(), *toBlock = to->getBlock();
  Operation *defAncestor = region->findAncestorOpInRegion(
      *value.getParentBlock()->getParentOp());
  Block *defBlock = value.getParentRegion() == region
                        ? value.getParentBlock()
                        : (defAncestor ? defAncestor->getBlock() : nullptr);
  if (fromBlock == toBlock && fromAncestor->isBeforeInBlock(to))
    return true;
  llvm::SmallPtrSet<Block *, 16> seen;
  SmallVector<Block *> worklist(fromBlock->getSuccessors().begin(),
                                fromBlock->getSuccessors().end());
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    if (block == defBlock || !seen.insert(block).second)
      continue;
    if (block == toBlock)
      return true;
    for (Block *successor : block->getSuccessors())
      worklist.push_back(successor);
  }
  return false;
}

bool onlyFrees(Operation *function);


/// Whether the free site `free` frees what a return of the function then
/// returns.
bool freesReturned(Operation *free, Value returned) {
  Value freed = getFreedOperand(free);
  if (!freed || deriveFromRoot(freed, returned).kind != RootDerivation::Always)
    return false;
  for (Operation *user : returned.getUsers())
    if (user->hasTrait<OpTrait::ReturnLike>() &&
        isa<FunctionOpInterface>(user->getParentOp()) &&
        reachesWithoutRedefinition(free, user, returned))
      return true;
  return false;
}

/// The calls among `frees` that are the only calls of their callee in the
/// module (deleting all of them leaves the callee without a caller).
SmallVector<Operation *> getLastCallsOfHelpers(ArrayRef<Operation *> frees) {
  SmallVector<Operation *> result;
  llvm::SmallPtrSet<Operation *, 8> among(frees.begin(), frees.end());
  for (Operation *free : frees) {
    auto call = dyn_cast<CallOpInterface>(free);
    auto module = free->getParentOfType<ModuleOp>();
    if (!call || !module)
      continue;
    auto callee =
        dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee());
    if (!callee)
      continue;
    std::optional<SymbolTable::UseRange> symbolUses =
        SymbolTable::getSymbolUses(callee.getRootReference(), module);
    if (!symbolUses)
      continue;
    if (llvm::all_of(*symbolUses, [&](const SymbolTable::SymbolUse &u) {
          return among.contains(u.getUser());
        }))
      result.push_back(free);
  }
  return result;
}

/// Where `root` is freed once: after its last use where the paths of its
/// `uses` (and its allocation) join (`after`), or before the first op of
/// that block. Nothing when the last use there is a terminator or `moved`
/// (a dealloc of it) is that last use already.
struct FreePlace {
  Operation *anchor;
  bool after;
};
std::optional<FreePlace> getFreePlace(Value root,
                                      const llvm::SetVector<Value> &aliases,
                                      SmallVector<Operation *> uses,
                                      Operation *moved) {
  Block *home = root.getParentBlock();
  Region *region = home->getParent();
  uses.push_back(root.getDefiningOp());
  Block *join = getCommonPostDominator(region, uses);
  if (!join)
    join = home;
  Operation *last = getLastUseIn(join, aliases);
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt;
  if (moved && last == moved)
    return std::nullopt; // already where it would go
  // With no use in its own block (only frees, elsewhere): right after the
  // allocation.
  if (!last && join == home)
    last = root.getDefiningOp();
  if (last)
    return FreePlace{last, true};
  return FreePlace{&join->front(), false};
}

} // namespace

std::optional<FixIt> memlint::getFreeOnceFix(const LintContext &context,
                                             Value root, Deallocator family,
                                             Value returned,
                                             bool keepGuarded) {
  if (family != Deallocator::Memref)
    return std::nullopt;
  const SourceInfo &source = context.getSource();
  llvm::SetVector<Value> aliases = getFixAliases(root);
  FixItBuilder builder(context);
  unsigned changed = 0;
  SmallVector<Operation *> uses;
  // The free sites of `root` itself (not through a select): with only one
  // dealloc, it moves (keeping its comment) instead of being deleted and
  // written anew.
  SmallVector<Operation *> always;
  llvm::SmallPtrSet<Operation *, 8> seen;
  // With `keepGuarded`: the condition under which the kept site frees it.
  std::optional<RootDerivation> kept;
  for (Value alias : aliases)
    for (Operation *user : alias.getUsers()) {
      Value freed = getFreedOperand(user);
      if (!freed || !aliases.contains(freed)) {
        uses.push_back(user);
        continue;
      }
      if (!seen.insert(user).second)
        continue;
      // A free of the value the function returns (whichever buffer it
      // holds): the caller's, so it goes.
      if (returned && freesReturned(user, returned)) {
        ++changed;
        always.push_back(user);
        continue;
      }
      RootDerivation d = deriveFromRoot(freed, root);
      if (d.kind == RootDerivation::Never)
        continue;
      if (d.kind == RootDerivation::Unknown)
        return std::nullopt;
      if (d.kind == RootDerivation::Always) {
        ++changed;
        always.push_back(user);
        continue;
      }
      std::string condition = source.getName(d.condition);
      if (!StringRef(condition).starts_with("%"))
        return std::nullopt;
      if (keepGuarded) {
        if (kept)
          return std::nullopt;
        kept = d;
        uses.push_back(user);
        continue;
      }
      ++changed;
      std::optional<std::string> text = getOpText(context, user);
      if (!text)
        return std::nullopt;
      builder.replace(user, getGuardedText(condition, !d.rootWhenTrue, *text));
    }
  bool owned = !returned && root.getDefiningOp();
  if (keepGuarded && (!kept || !owned))
    return std::nullopt;
  if (!changed && !kept)
    return std::nullopt;
  // The one dealloc of `root` that can move to the new place, if any.
  Operation *moved = nullptr;
  if (owned && !kept && always.size() == 1 &&
      isa<memref::DeallocOp>(always.front()) &&
      always.front()->getOperand(0) == root)
    moved = always.front();
  for (Operation *free : always)
    if (free != moved)
      builder.remove(free);
  if (owned) {
    std::string text = getDeallocText(context, root, family);
    // A call of a helper that frees `root` itself stays the way it is
    // freed: it moves (deleting the last call of a helper that frees its
    // argument would make that helper's free an invalid one).
    for (Operation *free : always)
      if (isa<CallOpInterface>(free) && free->getNumOperands() == 1 &&
          free->getOperand(0) == root)
        if (std::optional<std::string> call = getOpText(context, free)) {
          text = *call;
          break;
        }
    if (kept) {
      std::string condition = source.getName(kept->condition);
      text = getGuardedText(condition, !kept->rootWhenTrue, text);
    }
    std::optional<FreePlace> place = getFreePlace(root, aliases, uses, moved);
    if (!place)
      return std::nullopt;
    if (moved && place->after)
      builder.moveAfter(moved, place->anchor);
    else if (moved)
      builder.moveBefore(moved, place->anchor);
    else if (place->after)
      builder.insertAfter(place->anchor, text);
    else
      builder.insertBefore(place->anchor, text);
  }
  std::string name = source.getName(root);
  std::optional<FixIt> fix = builder.take(
      kept ? "free " + name + " once, after its last use, where the free "
                 "of a value that may hold it did not"
      : owned ? "free " + name +
                  " once, after its last use, "
                  "instead of where it is freed now"
            : "stop freeing " + name + ": it belongs to the caller");
  if (fix)
    fix->general = true;
  return fix;
}

std::optional<FixIt> memlint::getFreeEachOnceFix(const LintContext &context,
                                                 Value buffer,
                                                 Deallocator family) {
  if (family != Deallocator::Memref || !buffer ||
      !isa_and_nonnull<memref::AllocOp>(buffer.getDefiningOp()))
    return std::nullopt;
  // The allocations the selects of `buffer` choose among.
  llvm::SetVector<Value> roots;
  roots.insert(buffer);
  for (Value alias : getFixAliases(buffer)) {
    if (!isa_and_nonnull<arith::SelectOp, scf::IfOp>(alias.getDefiningOp()))
      continue;
    bool other = false;
    SmallVector<Value> choices = getAllocatedChoices(alias, other);
    if (!other)
      roots.insert(choices.begin(), choices.end());
  }
  if (roots.size() < 2 || roots.size() > 4)
    return std::nullopt;
  // Every free site of any of them frees one of them; none is returned.
  FixItBuilder builder(context);
  llvm::SetVector<Operation *> sites; // in the order found: deterministic
  SmallVector<llvm::SetVector<Value>> aliasSets;
  for (Value root : roots) {
    if (!inSameFunction(root.getDefiningOp(), buffer.getDefiningOp()))
      return std::nullopt;
    aliasSets.push_back(getFixAliases(root));
    for (Value alias : aliasSets.back())
      for (Operation *user : alias.getUsers()) {
        if (user->hasTrait<OpTrait::ReturnLike>() &&
            isa<FunctionOpInterface>(user->getParentOp()))
          return std::nullopt;
        Value freed = getFreedOperand(user);
        if (!freed || sites.contains(user))
          continue;
        bool other = false;
        SmallVector<Value> choices = getAllocatedChoices(freed, other);
        if (other || choices.empty() ||
            llvm::any_of(choices, [&](Value v) { return !roots.contains(v); }))
          return std::nullopt;
        sites.insert(user);
        builder.remove(user);
      }
  }
  // A buffer a helper call frees stays freed by such a call (deleting the
  // last call of a helper that frees its argument would make that helper's
  // free an invalid one); the others by a dealloc.
  const SourceInfo &source = context.getSource();
  llvm::DenseMap<Value, std::string> texts;
  for (Operation *site : sites) {
    if (!isa<CallOpInterface>(site) || site->getNumOperands() != 1)
      continue;
    Value freed = site->getOperand(0);
    for (Value root : roots)
      if (freed.getType() == root.getType() && derivesAlways(freed, root))
        if (std::optional<std::string> text = getOpText(context, site)) {
          std::string from = "(" + source.getName(freed) + ")";
          size_t at = text->find(from);
          if (at != std::string::npos && !texts.count(root))
            texts[root] = text->replace(at, from.size(),
                                        "(" + source.getName(root) + ")");
        }
  }
  if (sites.empty())
    return std::nullopt;
  // Then one dealloc of each after its last use (the deallocs of one place
  // in the order of the roots, as one insertion).
  std::string names;
  llvm::MapVector<std::pair<Operation *, unsigned>, std::string> inserts;
  for (auto [root, aliases] : llvm::zip(roots, aliasSets)) {
    SmallVector<Operation *> uses;
    for (Value alias : aliases)
      for (Operation *user : alias.getUsers())
        if (!sites.contains(user))
          uses.push_back(user);
    std::optional<FreePlace> place =
        getFreePlace(root, aliases, uses, /*moved=*/nullptr);
    if (!place)
      return std::nullopt;
    std::string &text = inserts[{place->anchor, place->after}];
    auto call = texts.find(root);
    text += (text.empty() ? "" : "\n") +
            (call != texts.end() ? call->second
                                 : getDeallocText(context, root, family));
    names += (names.empty() ? "" : ", ") + source.getName(root);
  }
  for (auto &[place, text] : inserts)
    if (place.second)
      builder.insertAfter(place.first, text);
    else
      builder.insertBefore(place.first, text);
  std::optional<FixIt> fix = builder.take(
      "free each of " + names +
      " once, after its last use, instead of where a value that may hold "
      "any of them is freed");
  if (fix)
    fix->general = true;
  return fix;
}

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

/// The most general candidates for a use after free: free the buffer once,
/// after its last use, or not at all when the use `use` returns it to the
/// caller (its free sites in the function, deallocs or calls of helpers that
/// only free, go).
void addFreeOnceFixes(const LintContext &context, const LifetimeEvent &event,
                      Operation *use, const llvm::SetVector<Value> &aliases,
                      std::vector<FixIt> &fixes) {
  // The most general: free it once, after its last use (or not at all when
  // the use returns it to the caller).
  Value returned;
  if (use->hasTrait<OpTrait::ReturnLike>() &&
      isa<FunctionOpInterface>(use->getParentOp())) {
    for (Value operand : use->getOperands())
      if (aliases.contains(operand))
        returned = operand;
  }
  // Returned: the free sites of the returned value itself go (whichever
  // buffer it holds, the caller owns it), the others stay.
  if (returned) {
    llvm::SetVector<Operation *> frees;
    for (Value alias : aliases)
      for (Operation *user : alias.getUsers())
        if (inSameFunction(user, use) && freesReturned(user, returned))
          frees.insert(user);
    std::string title = "stop freeing " +
                        context.getSource().getName(returned) +
                        ": the function returns it";
    auto removeAllBut = [&](Operation *kept) {
      FixItBuilder builder(context);
      for (Operation *free : frees)
        if (free != kept)
          builder.remove(free);
      if (auto fix = builder.take(title))
        fixes.push_back(std::move(*fix));
    };
    if (!frees.empty())
      removeAllBut(nullptr);
    // Deleting every call of a helper that frees its argument makes the
    // helper's free an invalid one: also try keeping each of them (one
    // may be on a path that never runs with the returned buffer).
    unsigned kept = 0;
    for (Operation *call : getLastCallsOfHelpers(frees.getArrayRef()))
      if (kept++ < 4)
        removeAllBut(call);
  }
  if (returned)
    for (FixIt &fix : getReturnedSelectFixes(context, use, returned))
      fixes.push_back(std::move(fix));
  if (auto fix =
          getFreeOnceFix(context, event.buffer, event.allocFamily, returned))
    fixes.push_back(std::move(*fix));
  if (auto fix = getFreeOnceFix(context, event.buffer, event.allocFamily,
                                returned, /*keepGuarded=*/true))
    fixes.push_back(std::move(*fix));
  if (!returned)
    if (auto fix =
            getFreeEachOnceFix(context, event.buffer, event.allocFamily))
      fixes.push_back(std::move(*fix));
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

/// A dealloc of a value that is the function's own allocation on some
/// paths and memory it does not own on the others (a select or `scf.if`
/// between them decides): the dealloc under that decision. The invalid free
/// this makes, or the use after free and double free in a caller that
/// passed its own buffer.
static std::optional<FixIt> freeOnlyOwn(const LintContext &context,
                                        Operation *dealloc) {
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
  FixItBuilder builder(context);
  builder.replace(dealloc, getGuardedText(condition, d.rootWhenTrue, *text));
  return builder.take("free it only when it holds " +
                      context.getSource().getName(allocs.front()));
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

std::vector<FixIt> memlint::getDoubleFreeFixes(const LintContext &context,
                                               const LifetimeEvent &event) {
  std::vector<FixIt> fixes;
  Operation *second = event.op, *first = event.relatedOp;
  if (!second)
    return fixes;
  // First: a loop body that frees a buffer it then yields hands out freed
  // memory; what it drops instead is what leaks (deleting either free
  // leaves that leak, which validation counts as the finding it had).
  if (first && first != second && inSameFunction(first, second))
    for (FixIt &fix : getYieldedFreeFixes(context, first))
      fixes.push_back(std::move(fix));
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
    if (event.buffer)
      if (auto fix = moveFreeingCall(context, free, use, event.witness,
                                     getFixAliases(event.buffer)))
        fixes.push_back(std::move(*fix));
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
