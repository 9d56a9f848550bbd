//===- LifetimeReturnedFixes.cpp - A returned select freed ----------------===//
//
// Owns the strategies for a value returned after it was freed, where the
// value chooses among the function's allocations through selects and
// `scf.if` results (see getReturnedSelectFixes in LifetimeFreeFixes.h):
// each free site of a buffer it may hold runs only where that is not the
// buffer returned. It reads the IR and the source text and builds edits;
// whether a candidate is right is the validation's to decide
// (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFlagFixes.h"
#include "checks/LifetimeFreeFixes.h"
#include "checks/LifetimeHoldsWriter.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace memlint;

namespace {

/// The allocations `value` may hold, through views, casts, selects and
/// the results of `scf.if`; empty when it may hold anything else (an
/// argument, a block argument, a call result).
SmallVector<Value> getSelectedRoots(Value value) {
  bool other = false;
  SmallVector<Value> roots = getAllocatedChoices(value, other);
  return other ? SmallVector<Value>() : roots;
}

/// A free site of one of `roots` in the function of `ret`: a dealloc, or a
/// call of a helper that only frees, and the operand it frees.
struct FreeSite {
  Operation *op;
  Value operand;
};

/// What a `gpu.dealloc async` frees. getFreedOperand leaves it out (later
/// ops may wait on its token, so its line can neither go nor move); the
/// strategies here keep a token in its place (getKeptTokenText).
Value getAsyncFreedOperand(Operation *op) {
  auto dealloc = dyn_cast<gpu::DeallocOp>(op);
  return dealloc && dealloc.getAsyncToken() ? dealloc.getMemref() : Value();
}

/// The free sites of `roots` and their aliases in the function of `ret`,
/// each once, in the order of the roots and their aliases' uses.
SmallVector<FreeSite> getFreeSites(ArrayRef<Value> roots, Operation *ret) {
  SmallVector<FreeSite> sites;
  llvm::SmallPtrSet<Operation *, 8> done;
  for (Value root : roots)
    for (Value alias : getFixAliases(root))
      for (Operation *user : alias.getUsers()) {
        Value operand = getFreedOperand(user);
        if (!operand)
          operand = getAsyncFreedOperand(user);
        if (operand && inSameFunction(user, ret) && done.insert(user).second)
          sites.push_back({user, operand});
      }
  return sites;
}

/// What a free of `value` frees: when `value` is the result of a call of a
/// function of the module that returns, as that result, one of its
/// arguments on every path, the call's operand for it (through chains of
/// such calls, at most 8: a bound on the work); `value` otherwise. Such a
/// call makes no buffer, so a dealloc of its result frees a candidate the
/// strategy must see (generator seed 64086: the dealloc of `@g_id`'s
/// result derived from no candidate, and the strategy gave up).
Value getForwardedValue(Value value) {
  for (unsigned depth = 0; depth < 8; ++depth) {
    auto result = dyn_cast<OpResult>(value);
    auto call = result ? dyn_cast<CallOpInterface>(result.getOwner()) : nullptr;
    auto callee =
        call ? dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable())
             : nullptr;
    if (!callee || callee.isExternal())
      return value;
    Value forwarded;
    for (auto [position, operand] : llvm::enumerate(call.getArgOperands()))
      if (position < callee.getNumArguments() &&
          returnsArgument(callee, result.getResultNumber(), position,
                          /*always=*/true)) {
        forwarded = operand;
        break;
      }
    if (!forwarded)
      return value;
    value = forwarded;
  }
  return value;
}

/// For a `gpu.dealloc async` site: a `gpu.wait async` on its dependencies
/// under the name of its token, which the ops after it may wait on or the
/// function return; "" for any other site. What MLIR's ownership-based
/// deallocation writes for one it guards: the token it returns is ready
/// when the dependencies are, and the guarded free is waited for.
std::optional<std::string> getKeptTokenText(const LintContext &context,
                                            Operation *site) {
  auto dealloc = dyn_cast<gpu::DeallocOp>(site);
  if (!dealloc || !dealloc.getAsyncToken())
    return "";
  const SourceInfo &source = context.getSource();
  std::string token = source.getName(dealloc.getAsyncToken());
  if (!StringRef(token).starts_with("%"))
    return std::nullopt;
  std::string text = token + " = gpu.wait async";
  if (!dealloc.getAsyncDependencies().empty()) {
    text += " [";
    for (auto [i, dependency] :
         llvm::enumerate(dealloc.getAsyncDependencies())) {
      std::string name = source.getName(dependency);
      if (!StringRef(name).starts_with("%"))
        return std::nullopt;
      text += (i ? ", " : "") + name;
    }
    text += "]";
  }
  return text;
}

/// The edit that deletes the free site `site` (a `gpu.dealloc async`
/// leaves the token it names, getKeptTokenText).
bool removeFreeSite(const LintContext &context, FixItBuilder &builder,
                    Operation *site) {
  std::optional<std::string> kept = getKeptTokenText(context, site);
  if (!kept)
    return false;
  return kept->empty() ? builder.remove(site) : builder.replace(site, *kept);
}

/// The free site `site` run only where `condition` (a name) is `whenTrue`,
/// after `lines`: a `gpu.dealloc async` under a new name, waited for in its
/// branch, after the token it names (getKeptTokenText).
bool guardFreeSite(const LintContext &context, FixItBuilder &builder,
                   Operation *site, StringRef lines, StringRef condition,
                   bool whenTrue) {
  std::optional<std::string> text = getOpText(context, site);
  std::optional<std::string> kept = getKeptTokenText(context, site);
  if (!text || !kept)
    return false;
  if (kept->empty())
    return builder.replace(
        site, lines.str() + getGuardedText(condition, whenTrue, *text));
  std::string token = context.getSource().getName(site->getResult(0));
  std::string freed = "%memlint_freed_" + token.substr(1);
  if (!StringRef(*text).starts_with(token + " ") ||
      context.getSource().getText().contains(freed))
    return false;
  std::string guarded =
      freed + text->substr(token.size()) + "\ngpu.wait [" + freed + "]";
  return builder.replace(site,
                         lines.str() + *kept + "\n" +
                             getGuardedText(condition, whenTrue, guarded));
}

/// The value of the i1 `condition` wherever `op` runs, when an enclosing
/// `scf.if` on it decides that; nothing otherwise.
std::optional<bool> getKnownCondition(Operation *op, Value condition) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<FunctionOpInterface>(parent))
      break;
    auto ifOp = dyn_cast<scf::IfOp>(parent);
    if (!ifOp || ifOp.getCondition() != condition)
      continue;
    return ifOp.getThenRegion().isAncestor(op->getParentRegion());
  }
  return std::nullopt;
}

/// A buffer returned after it was freed, where the returned value selects
/// among allocations: every free site of a candidate (a dealloc, or a call
/// of a helper that only frees) runs only when the returned value is not
/// that candidate (the caller owns the one it gets). Free sites under an
/// `scf.if` on the select's condition are kept or deleted; the others get
/// that guard.
std::optional<FixIt> stopFreeingSelected(const LintContext &context,
                                         Operation *ret, Value returned) {
  SmallVector<Value> roots = getSelectedRoots(returned);
  if (roots.size() < 2)
    return std::nullopt;
  const SourceInfo &source = context.getSource();
  FixItBuilder builder(context);
  unsigned changed = 0;
  for (auto [dealloc, operand] : getFreeSites(roots, ret)) {
    // The site must free one candidate, the same on every path.
    Value freed, freedValue = getForwardedValue(operand);
    for (Value candidate : roots) {
      RootDerivation d = deriveFromRoot(freedValue, candidate);
      if (d.kind == RootDerivation::Always)
        freed = candidate;
      else if (d.kind != RootDerivation::Never)
        return std::nullopt;
    }
    if (!freed)
      continue;
    RootDerivation d = deriveFromRoot(returned, freed);
    if (d.kind == RootDerivation::Never)
      continue;
    if (d.kind == RootDerivation::Always) {
      if (!removeFreeSite(context, builder, dealloc))
        return std::nullopt;
      ++changed;
      continue;
    }
    if (d.kind != RootDerivation::Guarded)
      return std::nullopt;
    // `returned` is `freed` exactly when the condition is rootWhenTrue.
    std::optional<bool> known = getKnownCondition(dealloc, d.condition);
    if (known) {
      if (*known == d.rootWhenTrue) {
        if (!removeFreeSite(context, builder, dealloc))
          return std::nullopt;
        ++changed;
      }
      continue;
    }
    std::string condition = source.getName(d.condition);
    if (!StringRef(condition).starts_with("%") ||
        !guardFreeSite(context, builder, dealloc, "", condition,
                       !d.rootWhenTrue))
      return std::nullopt;
    ++changed;
  }
  if (!changed)
    return std::nullopt;
  return builder.take("free the buffers " + source.getName(returned) +
                      " may hold only where it does not hold them: the "
                      "function returns it");
}

/// A buffer returned after it was freed, where the returned value chooses
/// among allocations through selects and `scf.if` results nested so that no
/// one condition says which (stopFreeingSelected's case in general): every
/// free site of a buffer it may hold (a dealloc, or a call of a helper that
/// only frees) runs only when what it frees is not what the function
/// returns, an `i1` computed from the conditions just before it.
std::optional<FixIt> stopFreeingReturned(const LintContext &context,
                                         Operation *ret, Value returned) {
  SmallVector<Value> roots = getSelectedRoots(returned);
  if (roots.size() < 2)
    return std::nullopt;
  const SourceInfo &source = context.getSource();
  FixItBuilder builder(context);
  unsigned changed = 0;
  for (auto [site, operand] : getFreeSites(roots, ret)) {
    SourceRange range = source.getRange(site);
    std::optional<std::string> text = getOpText(context, site);
    if (!range.isValid() || !text)
      return std::nullopt;
    std::string prefix = "%memlint_same_" + std::to_string(range.line) + "_";
    if (source.getText().contains(prefix))
      return std::nullopt;
    // Whether the site frees what the function returns: for one of the
    // buffers, both hold it.
    HoldsWriter writer(source, site, prefix);
    std::optional<std::string> same = "";
    for (Value candidate : roots) {
      std::optional<std::string> freed = writer.holds(operand, candidate);
      if (!freed)
        return std::nullopt;
      if (writer.isConstant(*freed, false))
        continue; // (then what it returns does not matter)
      std::optional<std::string> kept = writer.holds(returned, candidate);
      std::optional<std::string> sameHere =
          kept ? writer.both(*freed, *kept) : std::nullopt;
      if (!sameHere)
        return std::nullopt;
      same = same->empty() ? sameHere : writer.either(*same, *sameHere);
      if (!same)
        return std::nullopt;
    }
    if (same->empty() || writer.isConstant(*same, false))
      continue; // never what it returns
    ++changed;
    if (writer.isConstant(*same, true)) {
      if (!removeFreeSite(context, builder, site))
        return std::nullopt;
      continue;
    }
    if (!guardFreeSite(context, builder, site, writer.getLines(), *same,
                       /*whenTrue=*/false))
      return std::nullopt;
  }
  if (!changed)
    return std::nullopt;
  std::optional<FixIt> fix = builder.take(
      "free the buffers " + source.getName(returned) + " may hold only "
      "where it does not hold them, as its selects' conditions say: the "
      "function returns it");
  if (fix)
    fix->general = true;
  return fix;
}

} // namespace

std::optional<std::string>
memlint::getFreeUnlessReturnedText(const LintContext &context, Operation *ret,
                                   Value value, StringRef flag,
                                   Deallocator family, StringRef prefix) {
  const SourceInfo &source = context.getSource();
  if (!ret || !ret->hasTrait<OpTrait::ReturnLike>() ||
      !isa<FunctionOpInterface>(ret->getParentOp()) ||
      source.getText().contains(prefix))
    return std::nullopt;
  // Whether what `ret` returns holds `value`: for one of its operands, the
  // selects and `scf.if`s that choose it pick `value`.
  HoldsWriter writer(source, ret, prefix.str());
  std::string kept;
  for (Value operand : ret->getOperands()) {
    if (!isa<BaseMemRefType>(operand.getType()))
      continue;
    std::optional<std::string> holds = writer.holds(operand, value);
    if (!holds)
      return std::nullopt;
    std::optional<std::string> either =
        kept.empty() ? holds : writer.either(kept, *holds);
    if (!either)
      return std::nullopt;
    kept = *either;
  }
  // (Returned on every path: the caller owns it, nothing to free here.)
  if (!kept.empty() && writer.isConstant(kept, true))
    return std::nullopt;
  std::string free = getDeallocText(context, value, family);
  if (!kept.empty() && !writer.isConstant(kept, false))
    free = getGuardedText(kept, /*whenTrue=*/false, free);
  return writer.getLines() + getGuardedText(flag, /*whenTrue=*/true, free);
}

std::vector<FixIt> memlint::getReturnedSelectFixes(const LintContext &context,
                                                   Operation *ret,
                                                   Value returned) {
  std::vector<FixIt> fixes;
  if (auto fix = stopFreeingSelected(context, ret, returned))
    fixes.push_back(std::move(*fix));
  if (auto fix = stopFreeingReturned(context, ret, returned))
    fixes.push_back(std::move(*fix));
  return fixes;
}
