//===- LifetimeSelectFixes.cpp - Free what a select does not pass on ------===//
//
// Owns the strategy of MLIR's ownership-based deallocation for a select of
// two allocations whose result is freed (a dealloc, a call of a helper that
// frees it): the allocation the select does not pass on is freed after the
// last use of either, under the select's condition, and the frees of either
// elsewhere go. The same for a leak in an scf.for body that yields a select
// of its iter_arg and the iteration's own allocation: what the select does
// not pass on dies there (getLoopSelectFixes). It reads the IR and the source
// text and builds edits; whether a candidate is right is the validation's to
// decide (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFlagFixes.h"
#include "checks/LifetimeFreeFixes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace memlint;

namespace {

/// The candidate for one select `select` of the allocations `onTrue` and
/// `onFalse` (through views and casts).
std::optional<FixIt> freeNotPassedOn(const LintContext &context,
                                     arith::SelectOp select, Value onTrue,
                                     Value onFalse) {
  llvm::SetVector<Value> passed = getFixAliases(select.getResult());
  // Freed through the select somewhere: otherwise nothing frees the one it
  // passes on either, and this is not the construction that helps.
  bool freedThrough = llvm::any_of(passed, [](Value v) {
    return llvm::any_of(v.getUsers(),
                        [](Operation *user) { return getFreedOperand(user); });
  });
  if (!freedThrough)
    return std::nullopt;
  // What refers to either allocation but not through the select: its free
  // sites go, and the new free goes after its last use.
  FixItBuilder builder(context);
  Block *block = select->getBlock();
  Operation *last = select;
  llvm::SmallPtrSet<Operation *, 4> removed;
  for (Value root : {onTrue, onFalse})
    for (Value alias : getFixAliases(root)) {
      if (passed.contains(alias))
        continue;
      for (Operation *user : alias.getUsers()) {
        if (Value freed = getFreedOperand(user); freed == alias) {
          if (removed.insert(user).second &&
              !removeFree(builder, context, user, freed))
            return std::nullopt;
          continue;
        }
        if (user == select.getOperation())
          continue;
        Operation *ancestor = block->findAncestorOpInBlock(*user);
        if (!ancestor)
          return std::nullopt; // used in another block: not here
        if (last->isBeforeInBlock(ancestor))
          last = ancestor;
      }
    }
  if (last->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt;
  const SourceInfo &source = context.getSource();
  std::string condition = source.getName(select.getCondition());
  if (!StringRef(condition).starts_with("%"))
    return std::nullopt;
  builder.insertAfter(
      last,
      getNotPassedOnFreeText(context, select.getCondition(), onTrue, onFalse));
  return builder.take("free what " + source.getName(select.getResult()) +
                      " does not pass on, " + source.getName(onFalse) +
                      " when " + condition + " is true and " +
                      source.getName(onTrue) + " when it is false");
}

} // namespace

std::string memlint::getNotPassedOnFreeText(const LintContext &context,
                                            Value condition, Value onTrue,
                                            Value onFalse) {
  return "scf.if " + context.getSource().getName(condition) + " {\n  " +
         getDeallocText(context, onFalse, Deallocator::Memref) +
         "\n} else {\n  " +
         getDeallocText(context, onTrue, Deallocator::Memref) + "\n}";
}

std::vector<FixIt> memlint::getSelectComplementFixes(const LintContext &context,
                                                     Value buffer,
                                                     Deallocator family) {
  std::vector<FixIt> fixes;
  if (family != Deallocator::Memref || !buffer ||
      !isa_and_nonnull<memref::AllocOp>(buffer.getDefiningOp()))
    return fixes;
  for (Value alias : getFixAliases(buffer)) {
    auto select = alias.getDefiningOp<arith::SelectOp>();
    if (!select)
      continue;
    Value onTrue = stripViews(select.getTrueValue()),
          onFalse = stripViews(select.getFalseValue());
    if (onTrue == onFalse || (onTrue != buffer && onFalse != buffer) ||
        !isa_and_nonnull<memref::AllocOp>(onTrue.getDefiningOp()) ||
        !isa_and_nonnull<memref::AllocOp>(onFalse.getDefiningOp()))
      continue;
    if (auto fix = freeNotPassedOn(context, select, onTrue, onFalse))
      fixes.push_back(std::move(*fix));
    if (fixes.size() == 2)
      break;
  }
  return fixes;
}

namespace {

/// The iter_arg position of `loop` that `value` (through views and casts)
/// is the region iter_arg of; none otherwise.
std::optional<unsigned> getIterArgPosition(scf::ForOp loop, Value value) {
  auto argument = dyn_cast<BlockArgument>(stripViews(value));
  if (!argument || argument.getOwner() != loop.getBody() ||
      argument.getArgNumber() < loop.getNumInductionVars())
    return std::nullopt;
  return argument.getArgNumber() - loop.getNumInductionVars();
}

/// The candidates for one select `select` in the body of `loop` of the
/// iter_arg `held` (at `index`) and the iteration's own allocation `fresh`,
/// yielded at `index`.
void freeNotPassedOnInLoop(const LintContext &context, scf::ForOp loop,
                           arith::SelectOp select, unsigned index, Value held,
                           Value fresh, Deallocator family,
                           std::vector<FixIt> &fixes) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Block *body = loop.getBody();
  std::string condition = source.getName(select.getCondition());
  if (!StringRef(condition).starts_with("%"))
    return;
  bool heldOnTrue = stripViews(select.getTrueValue()) == held;
  // After the last use of either that is not through the select (their
  // own names and views); none may be freed, yielded or handed out of the
  // body already: that is another strategy's (getYieldedFreeFixes).
  Operation *last = select;
  for (Value value : {held, fresh})
    for (Value alias : getFixAliases(value)) {
      if (stripViews(alias) != value)
        continue;
      for (Operation *user : alias.getUsers()) {
        if (user == select.getOperation())
          continue;
        Operation *ancestor = body->findAncestorOpInBlock(*user);
        if (!ancestor || getFreedOperand(user) ||
            ancestor->hasTrait<OpTrait::IsTerminator>())
          return;
        if (last->isBeforeInBlock(ancestor))
          last = ancestor;
      }
    }
  // The loop's result at `index`, freed after its last use in the loop's
  // block unless that block hands it on (a return: the caller's then).
  Value result = loop->getResult(index);
  llvm::SetVector<Value> resultAliases = getFixAliases(result);
  Operation *afterLoop = getLastUseIn(loop->getBlock(), resultAliases);
  bool freeResult =
      !(afterLoop && afterLoop->hasTrait<OpTrait::IsTerminator>()) &&
      llvm::all_of(resultAliases, [&](Value alias) {
        return llvm::all_of(alias.getUsers(), [&](Operation *user) {
          return loop->getBlock()->findAncestorOpInBlock(*user) != nullptr;
        });
      });
  if (!afterLoop)
    afterLoop = loop;
  // (Both are memref.allocs or what the loop carries of them: memref's
  // deallocator, as getNotPassedOnFreeText writes.)
  std::string freeHeld = getDeallocText(context, held, family);
  std::string freeFresh = getDeallocText(context, fresh, family);
  std::string heldName = source.getName(held),
              freshName = source.getName(fresh);
  // 1. The loop owns what it was given (a buffer of the function's own that
  //    nothing uses after the loop but through its result): the select's
  //    complement, one edit (cfg seed 30100).
  for (bool withResult : {false, true}) {
    if (withResult && !freeResult)
      continue;
    FixItBuilder builder(context);
    // (The text of getNotPassedOnFreeText, with the names the body sees.)
    builder.insertAfter(last,
                        getNotPassedOnFreeText(context, select.getCondition(),
                                               heldOnTrue ? held : fresh,
                                               heldOnTrue ? fresh : held));
    std::string description = "free what the select does not pass on in "
                              "each iteration, " +
                              freshName +
                              " or the "
                              "iter_arg " +
                              heldName;
    if (withResult) {
      builder.insertAfter(afterLoop, getDeallocText(context, result, family));
      description += ", and " + source.getName(result) + " after the loop";
    }
    if (auto fix = builder.take(description))
      fixes.push_back(std::move(*fix));
  }
  // 2. The loop does not own what it was given (the caller's memory, or a
  //    buffer the function uses after the loop): an i1 iter_arg, false on
  //    entry, says whether the iter_arg is the loop's own; the iteration
  //    passes it on with the iter_arg, true with its own buffer.
  Block &entry = getFunctionOf(loop)->getRegion(0).front();
  if (entry.empty() || !source.getWholeLines(&entry.front()))
    return;
  std::string suffix = std::to_string(source.getRange(loop).line);
  std::string own = "%memlint_picked_own_" + suffix,
              owned = "%memlint_picked_owned_" + suffix,
              next = "%memlint_picked_next_" + suffix,
              yes = "%memlint_picked_true_" + suffix,
              no = "%memlint_picked_false_" + suffix;
  if (anyNameTaken(text, {own, owned, next, yes, no}))
    return;
  std::string guardedHeld = getGuardedText(own, /*whenTrue=*/true, freeHeld);
  auto indented = [](StringRef lines) {
    std::string out;
    SmallVector<StringRef> split;
    lines.split(split, '\n');
    for (StringRef line : split)
      out += "  " + line.str() + "\n";
    return out;
  };
  std::string inBody =
      "scf.if " + condition + " {\n" +
      indented(heldOnTrue ? freeFresh : guardedHeld) + "} else {\n" +
      indented(heldOnTrue ? guardedHeld : freeFresh) + "}\n" + next +
      " = arith.select " + condition + ", " + (heldOnTrue ? own : yes) + ", " +
      (heldOnTrue ? yes : own) + " : i1";
  for (bool withResult : {false, true}) {
    if (withResult && !freeResult)
      continue;
    EditList edits(context);
    if (!appendFlagIterArgs(source, loop, {own}, {owned}, no, {next}, edits))
      return;
    FixItBuilder builder(context);
    builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                             " = arith.constant false");
    builder.insertAfter(last, inBody);
    std::string description =
        "free what the select does not pass on in each iteration, " +
        freshName + " or the iter_arg " + heldName + " when " + own +
        " says the loop allocated it (an ownership flag carried with it)";
    if (withResult) {
      builder.insertAfter(
          afterLoop, getGuardedText(owned, /*whenTrue=*/true,
                                    getDeallocText(context, result, family)));
      description += ", and " + source.getName(result) +
                     " after the loop when " + owned + " says so";
    }
    if (!edits.append(builder))
      continue;
    if (auto fix = edits.take(description, /*general=*/true,
                              /*sharedOffsets=*/true))
      fixes.push_back(std::move(*fix));
  }
}

} // namespace

std::vector<FixIt> memlint::getLoopSelectFixes(const LintContext &context,
                                               Value root, Deallocator family) {
  std::vector<FixIt> fixes;
  if (family != Deallocator::Memref || !root)
    return fixes;
  llvm::SmallPtrSet<Operation *, 4> seen;
  for (Value alias : getFixAliases(root)) {
    auto select = alias.getDefiningOp<arith::SelectOp>();
    auto loop =
        select ? dyn_cast<scf::ForOp>(select->getParentOp()) : scf::ForOp();
    if (!loop || !seen.insert(select).second || seen.size() > 4)
      continue;
    // One side the iter_arg of a position, the other the iteration's own
    // allocation (in the body itself).
    std::optional<unsigned> index;
    Value held, fresh;
    for (bool heldOnTrue : {true, false}) {
      Value h = heldOnTrue ? select.getTrueValue() : select.getFalseValue();
      Value f = stripViews(heldOnTrue ? select.getFalseValue()
                                      : select.getTrueValue());
      std::optional<unsigned> k = getIterArgPosition(loop, h);
      if (k && isa_and_nonnull<memref::AllocOp>(f.getDefiningOp()) &&
          f.getParentBlock() == loop.getBody()) {
        index = k;
        held = stripViews(h);
        fresh = f;
        break;
      }
    }
    // The select is what the iteration yields at that position: where it
    // picks one, the other dies.
    if (!index || held.getType() != fresh.getType() ||
        !derivesAlways(loop.getYieldedValues()[*index], select.getResult()))
      continue;
    freeNotPassedOnInLoop(context, loop, select, *index, held, fresh, family,
                          fixes);
  }
  return fixes;
}
