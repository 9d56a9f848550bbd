//===- LifetimeLoopHoldFixes.cpp - Hold flags on scf.for ------------------===//
//
// Owns the hold-flag construction for a buffer that an scf.for receives as
// an iter_arg and frees in its body while the function still uses it after
// the loop (see getForHoldFixes in LifetimeFlagFixes.h): the structured-loop
// version of getJoinHoldFixes; and the loop-carried flag of an scf.for
// whose body's scf.if replaces the carried buffer by a fresh one in one
// branch and passes it on in the other (getLoopReplacedFlagFixes). It reads
// the IR and the source text and builds edits; it never runs an analysis,
// and whether a candidate is right is the validation's to decide
// (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFlagFixes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace memlint;

namespace {

/// Whether `value` is, through views and casts, a `memref.alloc` of the body
/// of `loop` (memory an iteration allocates, which the loop owns).
bool allocatedIn(Value value, scf::ForOp loop) {
  for (unsigned steps = 0; steps < 64; ++steps) {
    Operation *def = value.getDefiningOp();
    if (!def || !loop.getBody()->getParent()->isAncestor(def->getParentRegion()))
      return false;
    if (isa<memref::AllocOp>(def))
      return true;
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return false;
    value = view.getViewSource();
  }
  return false;
}

/// Whether `ret`, a return of the function, hands `value` to the caller on
/// every path (true) or on none (false); nothing when it may on some
/// paths, or `ret` is not a return of the function. An operand that is one
/// of `others` (through views and casts) is taken to hold other memory than
/// `value`.
std::optional<bool> returnsAlways(Operation *ret, Value value,
                                  ArrayRef<Value> others = {}) {
  if (!ret->hasTrait<OpTrait::ReturnLike>() ||
      !isa<FunctionOpInterface>(ret->getParentOp()))
    return std::nullopt;
  bool returned = false;
  for (Value operand : ret->getOperands()) {
    Value base = stripViews(operand);
    if (base != value && llvm::is_contained(others, base))
      continue;
    RootDerivation d = deriveFromRoot(operand, value);
    if (d.kind == RootDerivation::Always)
      returned = true;
    else if (d.kind != RootDerivation::Never)
      return std::nullopt;
  }
  return returned;
}

/// Whether `branch` (when there is one) holds a dealloc of what may be
/// `value`.
bool freesIn(Region *branch, Value value) {
  if (!branch)
    return false;
  WalkResult walk = branch->walk([&](memref::DeallocOp dealloc) {
    if (deriveFromRoot(dealloc.getMemref(), value).kind !=
        RootDerivation::Never)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return walk.wasInterrupted();
}

/// The flag of what an iteration of `loop` yields at `carried`'s position,
/// `yielded`, in terms of `own` (the flag carried in) and `yes` (owned): `own`
/// when it hands the buffer it received on, `yes` when it yields one it
/// allocated, and for an `scf.if` or `arith.select` of the body that picks
/// one of those two, an `arith.select` of the same condition named `next`
/// (its line in `select`, to go before the yield). Nothing otherwise.
std::optional<std::string> getHandedOnFlag(const SourceInfo &source,
                                           scf::ForOp loop, Value yielded,
                                           BlockArgument carried, StringRef own,
                                           StringRef yes, StringRef next,
                                           std::string &select) {
  if (deriveFromRoot(yielded, carried).kind == RootDerivation::Always)
    return own.str();
  if (allocatedIn(yielded, loop))
    return yes.str();
  // A choice of the two in the body itself: its condition dominates the
  // yield.
  Operation *def = yielded.getDefiningOp();
  if (!def || def->getBlock() != loop.getBody())
    return std::nullopt;
  Value condition, onTrue, onFalse;
  Region *thenRegion = nullptr, *elseRegion = nullptr;
  if (auto choice = dyn_cast<arith::SelectOp>(def)) {
    condition = choice.getCondition();
    onTrue = choice.getTrueValue();
    onFalse = choice.getFalseValue();
  } else if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    if (ifOp.getElseRegion().empty())
      return std::nullopt;
    unsigned result = cast<OpResult>(yielded).getResultNumber();
    condition = ifOp.getCondition();
    onTrue = ifOp.thenYield().getOperand(result);
    onFalse = ifOp.elseYield().getOperand(result);
    thenRegion = &ifOp.getThenRegion();
    elseRegion = &ifOp.getElseRegion();
  } else {
    return std::nullopt;
  }
  // (A branch that frees the iter_arg and yields it anyway does not hand it
  // on: no flag says what it yields.)
  auto flagOf = [&](Value value, Region *branch) -> std::optional<std::string> {
    if (derivesAlways(value, carried))
      return freesIn(branch, carried) ? std::nullopt
                                      : std::optional<std::string>(own.str());
    if (allocatedIn(value, loop))
      return yes.str();
    return std::nullopt;
  };
  std::optional<std::string> whenTrue = flagOf(onTrue, thenRegion),
                             whenFalse = flagOf(onFalse, elseRegion);
  std::string name = source.getName(condition);
  if (!whenTrue || !whenFalse)
    return std::nullopt;
  if (*whenTrue == *whenFalse)
    return *whenTrue;
  if (!StringRef(name).starts_with("%"))
    return std::nullopt;
  select = next.str() + " = arith.select " + name + ", " + *whenTrue + ", " +
           *whenFalse + " : i1";
  return next.str();
}

} // namespace

bool memlint::appendFlagIterArgs(const SourceInfo &source, scf::ForOp loop,
                                 ArrayRef<std::string> owns,
                                 ArrayRef<std::string> owneds, StringRef no,
                                 ArrayRef<std::string> yielded,
                                 EditList &edits) {
  StringRef text = source.getText();
  auto lines = source.getWholeLines(loop);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  auto yieldLines = source.getWholeLines(yield);
  if (!lines || !yieldLines)
    return false;
  // The header up to the brace that opens the body, which may span lines.
  size_t open = findTopLevel(text, lines->first, "{");
  if (open == StringRef::npos || open >= lines->second)
    return false;
  StringRef header = text.slice(lines->first, open + 1);
  // "%r0, %r1 = scf.for ... iter_args(...) -> (T0, T1) {".
  size_t equals = header.find(" = scf.for ");
  size_t iterArgs = header.find("iter_args(");
  size_t arrow = header.find(" -> ", iterArgs);
  size_t brace = header.rfind(" {");
  if (equals == StringRef::npos || iterArgs == StringRef::npos ||
      arrow == StringRef::npos || brace == StringRef::npos ||
      brace < arrow || header.take_front(equals).contains(':'))
    return false;
  size_t close = header.rfind(')', arrow);
  if (close == StringRef::npos || close < iterArgs)
    return false;
  StringRef yieldText = text.slice(yieldLines->first, yieldLines->second);
  size_t colon = yieldText.find(" : ");
  size_t yieldEnd = yieldText.rtrim().size();
  if (colon == StringRef::npos || yieldText.contains("//") ||
      yieldText.count('\n') > 1)
    return false;
  std::string results, bindings, types, values;
  for (auto [own, owned, value] : llvm::zip(owns, owneds, yielded)) {
    results += ", " + owned;
    bindings += ", " + own + " = " + no.str();
    types += ", i1";
    values += ", " + value;
  }
  StringRef written = header.slice(arrow + 4, brace).trim();
  std::string newTypes = written.starts_with("(") && written.ends_with(")")
                             ? written.drop_back().str() + types + ")"
                             : "(" + written.str() + types + ")";
  edits.replace(lines->first + equals, 0, results);
  edits.replace(lines->first + close, 0, bindings);
  edits.replace(lines->first + arrow + 4, brace - arrow - 4, newTypes);
  edits.replace(yieldLines->first + colon, 0, values);
  edits.replace(yieldLines->first + yieldEnd, 0, types);
  return true;
}

namespace {

/// The candidate for one loop that receives `root` as its iter_arg `index`.
std::optional<FixIt> holdInLoop(const LintContext &context, Value root,
                                scf::ForOp loop, unsigned index,
                                Deallocator family, bool returned) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Operation *function = getFunctionOf(loop);
  Block &entry = function->getRegion(0).front();
  if (entry.empty() || !source.getWholeLines(&entry.front()))
    return std::nullopt;
  std::string suffix = std::to_string(source.getRange(loop).line);
  std::string own = "%memlint_hold_" + suffix,
              owned = "%memlint_held_" + suffix,
              yes = "%memlint_hold_true_" + suffix,
              no = "%memlint_hold_false_" + suffix,
              choice = "%memlint_hold_next_" + suffix;
  if (anyNameTaken(text, {own, owned, yes, no, choice}))
    return std::nullopt;

  // What the iteration hands on: the buffer it received (with its flag), one
  // it allocated (owned), or either of them, as a choice of the body picks.
  BlockArgument carried = loop.getRegionIterArgs()[index];
  Value yielded = loop.getYieldedValues()[index];
  std::string select;
  std::optional<std::string> next =
      getHandedOnFlag(source, loop, yielded, carried, own, yes, choice, select);
  if (!next)
    return std::nullopt;
  EditList edits(context);
  if (!appendFlagIterArgs(source, loop, {own}, {owned}, no, {*next}, edits))
    return std::nullopt;
  FixItBuilder builder(context);
  builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                           " = arith.constant false");
  if (!select.empty())
    builder.insertBefore(loop.getBody()->getTerminator(), select);

  // The body frees what it received only when the loop owns it.
  Region &body = loop.getRegion();
  Value result = loop->getResult(index);
  llvm::SmallPtrSet<Operation *, 8> seen;
  unsigned guarded = 0;
  llvm::SetVector<Value> held = getFixAliases(carried);
  held.insert_range(getFixAliases(result));
  for (Value alias : held)
    for (Operation *user : alias.getUsers()) {
      auto dealloc = dyn_cast<memref::DeallocOp>(user);
      if (!dealloc || !seen.insert(user).second)
        continue;
      bool inBody = body.isAncestor(user->getParentRegion());
      Value from = inBody ? Value(carried) : result;
      RootDerivation d = deriveFromRoot(dealloc.getMemref(), from);
      if (d.kind == RootDerivation::Never)
        continue;
      if (d.kind != RootDerivation::Always)
        return std::nullopt;
      // After the loop: its result, freed when the loop owns it.
      std::optional<std::string> op = getOpText(context, user);
      if (!op)
        return std::nullopt;
      builder.replace(user,
                      getGuardedText(inBody ? own : owned, /*whenTrue=*/true,
                                     *op));
      guarded += inBody;
    }
  if (!guarded)
    return std::nullopt;

  // The other deallocs of `root` go; it is freed once after its last use,
  // where the paths of its uses join (not at all when the function returns
  // it).
  llvm::SetVector<Value> aliases = getFixAliases(root);
  SmallVector<Operation *> uses{root.getDefiningOp()};
  for (Value alias : aliases)
    for (Operation *user : alias.getUsers()) {
      if (seen.contains(user) || body.isAncestor(user->getParentRegion())) {
        uses.push_back(user);
        continue;
      }
      auto dealloc = dyn_cast<memref::DeallocOp>(user);
      if (!dealloc) {
        uses.push_back(user);
        continue;
      }
      if (!seen.insert(user).second)
        continue;
      RootDerivation d = deriveFromRoot(dealloc.getMemref(), root);
      if (d.kind == RootDerivation::Never)
        continue;
      if (d.kind != RootDerivation::Always)
        return std::nullopt;
      builder.remove(user);
    }
  std::string name = source.getName(root);
  std::string description =
      "free what " + source.getName(loop->getResult(index)) +
      "'s loop receives as " + source.getName(carried) + " only when " + own +
      " (an ownership flag carried with it, false for " + name +
      ") says the loop allocated it";
  if (!returned) {
    Block *home = root.getParentBlock();
    Block *after = getCommonPostDominator(home->getParent(), uses);
    if (!after)
      after = home;
    Operation *last = getLastUseIn(after, aliases);
    if (last && last->hasTrait<OpTrait::IsTerminator>())
      return std::nullopt;
    std::string free = getDeallocText(context, root, family);
    if (last)
      builder.insertAfter(last, free);
    else
      builder.insertBefore(&after->front(), free);
    description += ", and " + name + " once, after its last use";
  }
  if (!edits.append(builder))
    return std::nullopt;
  return edits.take(description, /*general=*/true, /*sharedOffsets=*/true);
}

} // namespace

std::vector<FixIt> memlint::getForHoldFixes(const LintContext &context,
                                            Value root, Deallocator family,
                                            bool returned) {
  Operation *definition = root.getDefiningOp();
  if (!definition || family != Deallocator::Memref)
    return {};
  std::vector<FixIt> fixes;
  llvm::SmallPtrSet<Operation *, 4> loops;
  for (Value alias : getFixAliases(root))
    for (OpOperand &use : alias.getUses()) {
      auto loop = dyn_cast<scf::ForOp>(use.getOwner());
      if (!loop || use.getOperandNumber() < loop.getNumControlOperands() ||
          !inSameFunction(loop, definition) || !derivesAlways(alias, root) ||
          !loops.insert(loop).second || loops.size() > 4)
        continue;
      unsigned index = use.getOperandNumber() - loop.getNumControlOperands();
      if (std::optional<FixIt> fix =
              holdInLoop(context, root, loop, index, family, returned))
        fixes.push_back(std::move(*fix));
    }
  return fixes;
}

std::vector<FixIt> memlint::getRotatingFlagFixes(const LintContext &context,
                                                 Value root,
                                                 Deallocator family) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  auto loop = dyn_cast_or_null<scf::ForOp>(root.getParentBlock()->getParentOp());
  if (!loop || root.getParentBlock() != loop.getBody() || !root.getDefiningOp())
    return {};
  Block &entry = getFunctionOf(loop)->getRegion(0).front();
  if (entry.empty() || !source.getWholeLines(&entry.front()))
    return {};
  // The positions the buffer goes through: yielded at the first, each
  // iter_arg yielded on at the next, the last one dying in the body.
  ValueRange yielded = loop.getYieldedValues();
  auto yieldedFrom = [&](Value from) -> std::optional<unsigned> {
    std::optional<unsigned> found;
    for (auto [i, value] : llvm::enumerate(yielded))
      if (derivesAlways(value, from)) {
        if (found)
          return std::nullopt; // handed on twice
        found = i;
      }
    return found;
  };
  SmallVector<unsigned> chain;
  std::optional<unsigned> next = yieldedFrom(root);
  while (next) {
    if (llvm::is_contained(chain, *next) ||
        chain.size() == loop.getNumRegionIterArgs())
      return {}; // it goes round
    chain.push_back(*next);
    next = yieldedFrom(loop.getRegionIterArgs()[*next]);
  }
  // One position: the loop-carried flag of Candidates::loopCarriedFlag.
  if (chain.size() < 2)
    return {};

  std::string suffix = std::to_string(source.getRange(loop).line);
  std::string yes = "%memlint_turn_true_" + suffix,
              no = "%memlint_turn_false_" + suffix;
  SmallVector<std::string> owns, owneds, flagValues;
  for (unsigned i : chain) {
    std::string position = suffix + "_" + std::to_string(i);
    owns.push_back("%memlint_turn_" + position);
    owneds.push_back("%memlint_turned_" + position);
  }
  // (A named array: the elements of a braced list in the range of a for
  // loop would not outlive the loop's first step.)
  const std::string constants[] = {yes, no};
  for (const std::string &name : llvm::concat<const std::string>(
           owns, owneds, ArrayRef<std::string>(constants)))
    if (text.contains(name))
      return {};
  // Yielded at the first position: owned; at the next ones: the flag of
  // the position it comes from.
  flagValues.push_back(yes);
  for (unsigned k = 1; k < chain.size(); ++k)
    flagValues.push_back(owns[k - 1]);
  EditList edits(context);
  if (!appendFlagIterArgs(source, loop, owns, owneds, no, flagValues, edits))
    return {};
  FixItBuilder builder(context);
  builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                           " = arith.constant false");
  // The last position dies in the body: freed under its flag after its last
  // use there.
  BlockArgument last = loop.getRegionIterArgs()[chain.back()];
  Operation *lastUse = getLastUseIn(loop.getBody(), getFixAliases(last));
  if (lastUse && lastUse->hasTrait<OpTrait::IsTerminator>())
    return {};
  std::string free = getGuardedText(owns.back(), /*whenTrue=*/true,
                                    getDeallocText(context, last, family));
  if (lastUse)
    builder.insertAfter(lastUse, free);
  else
    builder.insertBefore(&loop.getBody()->front(), free);
  // After the loop, every position's result under its flag, after the last
  // use of the results (one place, in their order). When that use is the
  // function's return, the results it returns are the caller's (cfg seed
  // 48061: the loop's first result is returned, the second dropped), and
  // the others are freed before it.
  llvm::SetVector<Value> results;
  for (unsigned i : chain)
    results.insert_range(getFixAliases(loop->getResult(i)));
  // When a branch hands a result on, or a block after the loop's uses it,
  // the place is in the block of the CFG that post-dominates the loop and
  // every use, out of the CFG loops the loop's block is not in (cfg seed
  // 68083: a result passed to a block that does not use it, then loaded
  // where the paths join).
  Block *home = loop->getBlock();
  SmallVector<Operation *> points{loop};
  bool outside = false;
  for (Value result : results)
    for (Operation *user : result.getUsers()) {
      Operation *holder = home->findAncestorOpInBlock(*user);
      outside |= !holder || (holder->hasTrait<OpTrait::IsTerminator>() &&
                             !holder->hasTrait<OpTrait::ReturnLike>());
      points.push_back(user);
    }
  if (outside) {
    home = getPostDominatorOutOfLoops(
        getCommonPostDominator(home->getParent(), points), home);
    if (!home)
      return {};
  }
  Operation *after = getLastUseIn(home, results);
  // (A terminator other than the function's return hands them on: no
  // candidate.)
  bool atReturn = after && after->hasTrait<OpTrait::IsTerminator>();
  // Where a position's flag is true, its result is the buffer of one
  // iteration, and the other positions' results hold an earlier or a later
  // iteration's, or an init value: a return of one of them does not return
  // it. (The derivation cannot tell: a result the yield hands an iter_arg
  // on to may be any of them; cfg seed 75014, a loop that yields
  // `%it29, %a30` and a function that returns the first result.)
  SmallVector<Value> chainResults;
  for (unsigned i : chain)
    chainResults.push_back(loop->getResult(i));
  std::string frees;
  for (auto [k, i] : llvm::enumerate(chain)) {
    std::optional<bool> returned =
        atReturn ? returnsAlways(after, loop->getResult(i), chainResults)
                 : false;
    if (!returned)
      return {};
    if (*returned)
      continue;
    frees += (frees.empty() ? "" : "\n") +
             getGuardedText(owneds[k], /*whenTrue=*/true,
                            getDeallocText(context, loop->getResult(i),
                                           family));
  }
  if (!frees.empty() && atReturn)
    builder.insertBefore(after, frees);
  else if (!frees.empty() && after)
    builder.insertAfter(after, frees);
  else if (!frees.empty() && outside)
    builder.insertBefore(&home->front(), frees);
  else if (!frees.empty())
    builder.insertAfter(loop, frees);
  if (!edits.append(builder))
    return {};
  std::string names;
  for (unsigned i : chain)
    names += (names.empty() ? "" : ", ") +
             source.getName(loop.getRegionIterArgs()[i]);
  std::optional<FixIt> fix = edits.take(
      "free " + source.getName(root) + ", which the loop hands on through " +
          names + ", where the last of them dies and after the loop, under "
          "ownership flags carried with each",
      /*general=*/true, /*sharedOffsets=*/true);
  if (!fix)
    return {};
  return {std::move(*fix)};
}

std::vector<FixIt> memlint::getLoopResultFlagFixes(const LintContext &context,
                                                   Value root,
                                                   Deallocator family) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Operation *definition = root.getDefiningOp();
  if (!definition)
    return {};
  Block &entry = getFunctionOf(definition)->getRegion(0).front();
  if (entry.empty() || !source.getWholeLines(&entry.front()))
    return {};
  // The scf.for loops around a yield of the buffer, outside of which it is
  // allocated.
  llvm::SetVector<scf::ForOp> loops;
  for (Value alias : getFixAliases(root))
    for (Operation *user : alias.getUsers())
      if (isa<scf::YieldOp>(user))
        for (auto loop = user->getParentOfType<scf::ForOp>();
             loop && !loop->isAncestor(definition) && loops.size() < 4;
             loop = loop->getParentOfType<scf::ForOp>())
          if (inSameFunction(loop, definition))
            loops.insert(loop);
  std::vector<FixIt> fixes;
  for (scf::ForOp loop : loops) {
    // The one result that may be the buffer.
    std::optional<unsigned> index;
    bool several = false;
    for (auto [i, yielded] : llvm::enumerate(loop.getYieldedValues()))
      if (deriveFromRoot(yielded, root).kind != RootDerivation::Never &&
          isa<BaseMemRefType>(yielded.getType())) {
        several |= index.has_value();
        index = i;
      }
    if (!index || several)
      continue;
    std::string suffix = std::to_string(source.getRange(loop).line) + "_" +
                         std::to_string(*index);
    std::string holds = "%memlint_yields_" + suffix,
                held = "%memlint_yielded_" + suffix,
                yes = "%memlint_yields_true_" + suffix,
                no = "%memlint_yields_false_" + suffix,
                negated = "%memlint_yields_not_" + suffix;
    if (anyNameTaken(text, {holds, held, yes, no, negated}))
      continue;
    // On entry: whether the init is the buffer.
    RootDerivation init = deriveFromRoot(loop.getInitArgs()[*index], root);
    if (init.kind != RootDerivation::Always &&
        init.kind != RootDerivation::Never)
      continue;
    // From each iteration: the flag carried on, or whether what it yields
    // is the buffer (a condition of the body's).
    Value yielded = loop.getYieldedValues()[*index];
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    FixItBuilder builder(context);
    std::string next;
    RootDerivation d = deriveFromRoot(yielded, root);
    if (derivesAlways(yielded, loop.getRegionIterArgs()[*index]))
      next = holds;
    else if (d.kind == RootDerivation::Always)
      next = yes;
    else if (d.kind == RootDerivation::Guarded &&
             (d.condition.getParentBlock() == loop.getBody() ||
              d.condition.getParentRegion()->isProperAncestor(
                  &loop.getRegion()))) {
      std::string condition = source.getName(d.condition);
      if (!StringRef(condition).starts_with("%"))
        continue;
      next = condition;
      if (!d.rootWhenTrue) {
        next = negated;
        builder.insertBefore(yield, negated + " = arith.xori " + condition +
                                        ", " + yes + " : i1");
      }
    } else {
      continue;
    }
    EditList edits(context);
    if (!appendFlagIterArgs(source, loop, {holds}, {held},
                            init.kind == RootDerivation::Always ? yes : no,
                            {next}, edits))
      continue;
    builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                             " = arith.constant false");
    // After the loop and the buffer's own uses there (not those through the
    // loop's results): freed unless the loop's result is the buffer.
    llvm::SetVector<Value> through;
    for (Value result : loop->getResults())
      through.insert_range(getFixAliases(result));
    llvm::SetVector<Value> own;
    for (Value alias : getFixAliases(root))
      if (!through.contains(alias))
        own.insert(alias);
    Operation *last = getLastUseIn(loop->getBlock(), own);
    if (last && last->hasTrait<OpTrait::IsTerminator>())
      continue;
    Operation *anchor =
        last && loop->isBeforeInBlock(last) ? last : loop.getOperation();
    builder.insertAfter(anchor,
                        getGuardedText(held, /*whenTrue=*/false,
                                       getDeallocText(context, root, family)));
    if (!edits.append(builder))
      continue;
    if (std::optional<FixIt> fix = edits.take(
            "free " + source.getName(root) + " after the loop unless its " +
                "result is " + source.getName(root) +
                " (a flag carried with the loop says so)",
            /*general=*/true, /*sharedOffsets=*/true))
      fixes.push_back(std::move(*fix));
  }
  return fixes;
}

std::vector<FixIt> memlint::getLoopReplacedFlagFixes(const LintContext &context,
                                                     Value root,
                                                     Deallocator family) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Operation *definition = root.getDefiningOp();
  if (!definition)
    return {};
  // The scf.for whose body holds the allocation (in a region nested in the
  // body: the scf.if that yields it).
  Operation *parent = definition->getParentOp();
  while (parent && !isa<scf::ForOp, FunctionOpInterface>(parent))
    parent = parent->getParentOp();
  auto loop = dyn_cast_or_null<scf::ForOp>(parent);
  if (!loop)
    return {};
  Block &entry = getFunctionOf(loop)->getRegion(0).front();
  if (entry.empty() || !source.getWholeLines(&entry.front()))
    return {};
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  std::vector<FixIt> fixes;
  for (auto [index, yielded] : llvm::enumerate(loop.getYieldedValues())) {
    // An scf.if of the body whose one branch yields the buffer and whose
    // other passes on the iter_arg of this position.
    auto ifOp = yielded.getDefiningOp<scf::IfOp>();
    if (!ifOp || ifOp->getBlock() != loop.getBody() ||
        ifOp.getElseRegion().empty() || !isa<BaseMemRefType>(yielded.getType()))
      continue;
    unsigned result = cast<OpResult>(yielded).getResultNumber();
    BlockArgument carried = loop.getRegionIterArgs()[index];
    auto branchValue = [&](unsigned region) {
      return ifOp->getRegion(region).front().getTerminator()->getOperand(
          result);
    };
    std::optional<unsigned> replacing;
    for (unsigned region = 0; region < 2; ++region)
      if (derivesAlways(branchValue(region), root) &&
          derivesAlways(branchValue(1 - region), carried))
        replacing = region;
    if (!replacing)
      continue;
    // (The flag starts false: whatever the init is, it is memory of before
    // the loop, which the loop must not free.)
    std::string condition = source.getName(ifOp.getCondition());
    if (!StringRef(condition).starts_with("%"))
      continue;
    std::string suffix = std::to_string(source.getRange(loop).line) + "_" +
                         std::to_string(index);
    std::string own = "%memlint_repl_" + suffix,
                owned = "%memlint_repld_" + suffix,
                yes = "%memlint_repl_true_" + suffix,
                no = "%memlint_repl_false_" + suffix,
                next = "%memlint_repl_next_" + suffix;
    if (anyNameTaken(text, {own, owned, yes, no, next}))
      continue;
    // The enclosing scf.for loops that carry the buffer on: each gives the
    // loop inside it its iter_arg as the init and yields that loop's result
    // at the same position (nested loops that replace the buffer in the
    // innermost body; upstream loop_nested_alloc). A flag that restarts
    // false at each entry of the inner loop would not free, when it is
    // replaced, a buffer an earlier iteration of an outer loop allocated:
    // each of them carries a flag too, the inner loop's starting as the
    // outer one's iter_arg, and the outermost one's result is freed after
    // it.
    SmallVector<std::pair<scf::ForOp, unsigned>> chain = {{loop, index}};
    SmallVector<std::string> owns = {own}, owneds = {owned};
    while (true) {
      auto [inner, at] = chain.back();
      auto outer = dyn_cast<scf::ForOp>(inner->getParentOp());
      auto arg = dyn_cast<BlockArgument>(inner.getInitArgs()[at]);
      if (!outer || !arg || arg.getOwner() != outer.getBody() ||
          arg.getArgNumber() < outer.getNumInductionVars())
        break;
      unsigned position = arg.getArgNumber() - outer.getNumInductionVars();
      if (outer.getYieldedValues()[position] != inner->getResult(at))
        break;
      std::string outerSuffix = std::to_string(source.getRange(outer).line) +
                                "_" + std::to_string(position);
      chain.push_back({outer, position});
      owns.push_back("%memlint_repl_" + outerSuffix);
      owneds.push_back("%memlint_repld_" + outerSuffix);
    }
    if (anyNameTaken(text, owns) || anyNameTaken(text, owneds))
      continue;
    EditList edits(context);
    bool appended = true;
    for (auto [k, link] : llvm::enumerate(chain)) {
      // Each loop starts with the flag of the loop around it (false for
      // the outermost: what it receives is memory of before the loops) and
      // yields the flag of the loop inside it.
      appended &= appendFlagIterArgs(source, link.first, {owns[k]}, {owneds[k]},
                                     k + 1 == chain.size() ? no : owns[k + 1],
                                     {k == 0 ? next : owneds[k - 1]}, edits);
    }
    if (!appended)
      continue;
    FixItBuilder builder(context);
    builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                             " = arith.constant false");
    // The next iteration's flag: owned where the scf.if replaced the
    // carried buffer by the fresh one, the carried flag where it passed it
    // on.
    builder.insertBefore(
        yield, next + " = arith.select " + condition + ", " +
                   (*replacing == 0 ? yes + ", " + own : own + ", " + yes) +
                   " : i1");
    // In the branch that replaces it: the carried buffer, freed under its
    // flag after its last use there (at the top of the branch when it has
    // none).
    Block &branch = ifOp->getRegion(*replacing).front();
    Operation *last = getLastUseIn(&branch, getFixAliases(carried));
    if (last && last->hasTrait<OpTrait::IsTerminator>())
      continue; // handed on from that branch too
    std::string free = getGuardedText(own, /*whenTrue=*/true,
                                      getDeallocText(context, carried, family));
    if (last)
      builder.insertAfter(last, free);
    else
      builder.insertBefore(&branch.front(), free);
    // After the outermost loop of the chain: its result, under its flag,
    // after the result's last use (in the loop's block, or in the block that
    // post-dominates the uses after it), as Candidates::loopCarriedFlag frees
    // it.
    auto [outermost, position] = chain.back();
    Value loopResult = outermost->getResult(position);
    llvm::SetVector<Value> resultAliases = getFixAliases(loopResult);
    Block *block =
        getFreeBlock(outermost->getBlock(), resultAliases.getArrayRef());
    if (!block)
      continue;
    Operation *after = getLastUseIn(block, resultAliases);
    if (after && after->hasTrait<OpTrait::IsTerminator>())
      continue;
    std::string freeResult =
        getGuardedText(owneds.back(), /*whenTrue=*/true,
                       getDeallocText(context, loopResult, family));
    if (after || block == outermost->getBlock())
      builder.insertAfter(after ? after : outermost.getOperation(), freeResult);
    else
      builder.insertBefore(&block->front(), freeResult);
    if (!edits.append(builder))
      continue;
    if (std::optional<FixIt> fix = edits.take(
            "free " + source.getName(carried) +
                " where the scf.if replaces "
                "it by " +
                source.getName(root) + " when " + own +
                " says the loop allocated it (an ownership flag carried "
                "with it, passed on where the scf.if passes it on), and " +
                source.getName(loopResult) + " after the loop when " +
                owneds.back() + " says so",
            /*general=*/true, /*sharedOffsets=*/true))
      fixes.push_back(std::move(*fix));
  }
  return fixes;
}
