//===- LifetimeFreeOnceFixes.cpp - Free once, after the last use ---------===//
//
// Owns the most general local candidates of a buffer freed at the wrong
// place (DESIGN §4): free it once, after its last use where the paths of
// its uses join, a free of a select that may hold it guarded by the
// select's condition (getFreeOnceFix); free each of the buffers a select
// chooses among once (getFreeEachOnceFix); and, for a buffer the function
// returns after it freed it, stop freeing it (addFreeOnceFixes). The
// fix-its of uses after free and double frees (LifetimeFreeFixes.cpp) and
// of leaks (LifetimeFixes.cpp) try them.
// It reads the IR and the source text and builds edits; whether a
// candidate is right is the validation's to decide (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFreeFixes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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
  Operation *defAncestor =
      region->findAncestorOpInRegion(*value.getParentBlock()->getParentOp());
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

/// The text of `site`, a call of one operand that frees a value of
/// `root`'s type holding `root` on every path (`root` itself, a cast of it
/// and back), with that operand renamed `root`; none for other sites.
std::optional<std::string> getCallFreeingText(const LintContext &context,
                                              Operation *site, Value root) {
  if (!isa<CallOpInterface>(site) || site->getNumOperands() != 1)
    return std::nullopt;
  Value freed = site->getOperand(0);
  if (freed.getType() != root.getType() || !derivesAlways(freed, root))
    return std::nullopt;
  std::optional<std::string> text = getOpText(context, site);
  if (!text)
    return std::nullopt;
  const SourceInfo &source = context.getSource();
  std::string from = "(" + source.getName(freed) + ")";
  size_t at = text->find(from);
  if (at == std::string::npos)
    return std::nullopt;
  return text->replace(at, from.size(), "(" + source.getName(root) + ")");
}

/// The text of the call among `frees` that frees `root` itself, else of the
/// first one that frees a value holding it (getCallFreeingText).
std::optional<std::string> getKeptCallText(const LintContext &context,
                                           ArrayRef<Operation *> frees,
                                           Value root) {
  for (Operation *free : frees)
    if (isa<CallOpInterface>(free) && free->getNumOperands() == 1 &&
        free->getOperand(0) == root)
      if (std::optional<std::string> text = getOpText(context, free))
        return text;
  for (Operation *free : frees)
    if (std::optional<std::string> text =
            getCallFreeingText(context, free, root))
      return text;
  return std::nullopt;
}

/// The text of `call`, a call of a helper that only frees its argument,
/// with the operand it frees renamed `to` (a value of its type); none when
/// its operand list is not written as the operands' names.
std::optional<std::string> getRetargetedCallText(const LintContext &context,
                                                 Operation *call,
                                                 StringRef to) {
  Value freed = getFreedOperand(call);
  if (!freed)
    return std::nullopt;
  std::optional<std::string> text = getOpText(context, call);
  if (!text)
    return std::nullopt;
  size_t open = text->find('(', text->find('@'));
  size_t close = open == std::string::npos ? open : text->find(')', open);
  if (close == std::string::npos)
    return std::nullopt;
  const SourceInfo &source = context.getSource();
  SmallVector<StringRef> written;
  StringRef(*text).slice(open + 1, close).split(written, ',');
  auto operands = cast<CallOpInterface>(call).getArgOperands();
  if (written.size() != operands.size())
    return std::nullopt;
  std::string list;
  for (auto [name, operand] : llvm::zip(written, operands)) {
    if (name.trim() != source.getName(operand))
      return std::nullopt;
    list += (list.empty() ? "" : ", ") +
            (operand == freed ? to.str() : source.getName(operand));
  }
  return text->substr(0, open + 1) + list + text->substr(close);
}

/// The buffers of the function of `call` that it may free instead of the
/// returned value `returned`, nearest first: allocations of the type of
/// what it frees, defined before it, that `returned` never holds and that
/// are not freed on every path of their block (they may leak where the
/// call runs; validation decides whether they do). At most `limit`.
SmallVector<Value> getUnfreedBuffers(Operation *call, Value returned,
                                     unsigned limit) {
  Value freed = getFreedOperand(call);
  Operation *function = getFunctionOf(call);
  if (!freed || !function)
    return {};
  DominanceInfo dominance(function);
  SmallVector<Value> buffers;
  function->walk([&](memref::AllocOp alloc) {
    Value buffer = alloc.getMemref();
    if (buffer.getType() == freed.getType() &&
        dominance.properlyDominates(buffer, call) &&
        deriveFromRoot(returned, buffer).kind == RootDerivation::Never &&
        deriveFromRoot(freed, buffer).kind == RootDerivation::Never &&
        !freesOnEveryPath(buffer.getParentBlock(), buffer))
      buffers.push_back(buffer);
  });
  std::reverse(buffers.begin(), buffers.end());
  if (buffers.size() > limit)
    buffers.resize(limit);
  return buffers;
}

} // namespace

std::optional<FreePlace>
memlint::getFreePlace(Value root, const llvm::SetVector<Value> &aliases,
                      SmallVector<Operation *> uses, Operation *moved) {
  Block *home = root.getParentBlock();
  Region *region = home->getParent();
  uses.push_back(root.getDefiningOp());
  // (Out of a CFG loop the allocation is not in: a free after a read in
  // the loop's header would run on every iteration; gen seed 51086.)
  Block *join =
      getPostDominatorOutOfLoops(getCommonPostDominator(region, uses), home);
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

std::optional<FixIt> memlint::getFreeOnceFix(const LintContext &context,
                                             Value root, Deallocator family,
                                             Value returned, bool keepGuarded) {
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
    // A call of a helper that frees `root` (itself, or a cast of it and
    // back) stays the way it is freed: it moves, as a call of `root`
    // (deleting the last call of a helper that frees its argument would
    // make that helper's free an invalid one; gen seed 61105).
    std::string text = getKeptCallText(context, always, root)
                           .value_or(getDeallocText(context, root, family));
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
      kept ? "free " + name +
                 " once, after its last use, where the free "
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
  for (Operation *site : sites)
    for (Value root : roots)
      if (!texts.count(root))
        if (std::optional<std::string> text =
                getCallFreeingText(context, site, root))
          texts[root] = *text;
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

/// The most general candidates for a use after free: free the buffer once,
/// after its last use, or not at all when the use `use` returns it to the
/// caller (its free sites in the function, deallocs or calls of helpers that
/// only free, go).
void memlint::addFreeOnceFixes(const LintContext &context,
                               const LifetimeEvent &event, Operation *use,
                               const llvm::SetVector<Value> &aliases,
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
    SmallVector<Operation *> lastCalls =
        getLastCallsOfHelpers(frees.getArrayRef());
    unsigned kept = 0;
    for (Operation *call : lastCalls)
      if (kept++ < 4)
        removeAllBut(call);
    // Or keep one of them freeing another buffer of the function, one that
    // may leak where the call runs, as a dealloc of the returned buffer
    // becomes one of the leaking buffer: the helper keeps a caller that
    // owns what it frees (gen seed 67037, where the call was the last of
    // its helper and the buffer returned after it, and deleting it made
    // the helper's dealloc an invalid free).
    // The fix-it that keeps `call`, with the text `text` (and the lines
    // `before` it), and deletes the other frees.
    auto keepCallAs = [&](Operation *call, const std::string &text,
                          const std::string &before, const std::string &what) {
      FixItBuilder builder(context);
      for (Operation *free : frees)
        if (free != call)
          builder.remove(free);
      if (!before.empty())
        builder.insertBefore(call, before);
      builder.replace(call, text);
      std::optional<FixIt> fix =
          builder.take(title + "; the call frees " + what + " instead");
      if (fix)
        fixes.push_back(std::move(*fix));
      return fix.has_value();
    };
    unsigned retargeted = 0;
    for (Operation *call : lastCalls)
      for (Value other : getUnfreedBuffers(call, returned, /*limit=*/4)) {
        std::optional<std::string> text = getRetargetedCallText(
            context, call, context.getSource().getName(other));
        if (text && retargeted < 4 &&
            keepCallAs(call, *text, "", context.getSource().getName(other)))
          ++retargeted;
      }
    // Or, with no such buffer, keep it freeing a new allocation of the
    // type it frees, made just before it: the helper, which only frees,
    // keeps a caller that owns what it frees (gen seed 76098, where the
    // function allocated nothing else).
    if (!retargeted)
      for (Operation *call : llvm::ArrayRef(lastCalls).take_front(4)) {
        Value freed = getFreedOperand(call);
        auto type = freed ? dyn_cast<MemRefType>(freed.getType()) : nullptr;
        if (!type || !type.hasStaticShape() || !type.getLayout().isIdentity())
          continue;
        std::string spare =
            "%memlint_spare_" +
            std::to_string(context.getSource().getRange(call).line);
        std::optional<std::string> text =
            getRetargetedCallText(context, call, spare);
        if (!text)
          continue;
        std::string alloc;
        llvm::raw_string_ostream os(alloc);
        os << spare << " = memref.alloc() : " << type;
        keepCallAs(call, *text, alloc, "a new buffer " + spare);
      }
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
    if (auto fix = getFreeEachOnceFix(context, event.buffer, event.allocFamily))
      fixes.push_back(std::move(*fix));
}
