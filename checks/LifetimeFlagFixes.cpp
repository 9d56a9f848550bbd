//===- LifetimeFlagFixes.cpp - Ownership-flag fix-its ---------------------===//
//
// Owns the text edits of the ownership-flag construction at the joins of
// CFG edges and for the flags of loops (see LifetimeFlagFixes.h; those of
// scf.while are LifetimeWhileFlagFixes.cpp's). It reads the IR and the source
// text, and builds edits; it never runs an analysis, and whether a
// candidate is right is the validation's to decide (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/LifetimeFlagFixes.h"
#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFreeFixes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace memlint;

//===----------------------------------------------------------------------===//
// Joins of CFG edges
//===----------------------------------------------------------------------===//

namespace {

/// The flags of the arguments of a join that may hold a buffer.
struct JoinFlags {
  SmallVector<BlockArgument> flagged;
  std::string prefix, line;
  /// Whether every edge passes the same constant flags (as when one edge
  /// enters the block).
  bool constant = true;
  /// The edges into the block moved to new blocks (see `split` of
  /// addJoinFlags): the branch, the new block's label, and the successor
  /// text the new block branches with (flags included).
  struct Split {
    Operation *terminator;
    std::string label, successor;
  };
  SmallVector<Split> splits;
  std::string getName(BlockArgument argument) const {
    return prefix + line + "_" + std::to_string(argument.getArgNumber());
  }
};

/// Whether the block of `terminator` frees `root` (a dealloc of a value that
/// always is it, in the block itself) before it branches, after `root` is
/// allocated when that is in the same block.
bool freedBeforeBranch(Operation *terminator, Value root) {
  Block *block = terminator->getBlock();
  Operation *definition = root.getDefiningOp();
  Operation *start = definition && definition->getBlock() == block
                         ? definition->getNextNode()
                         : &block->front();
  for (Operation *op = start; op && op != terminator; op = op->getNextNode())
    if (auto dealloc = dyn_cast<memref::DeallocOp>(op))
      if (deriveFromRoot(dealloc.getMemref(), root).kind ==
          RootDerivation::Always)
        return true;
  return false;
}

/// Adds to `edits` and `builder` the flags of the arguments of `join` that
/// may hold `root`, named `prefix` + the buffer's line + the argument's
/// number: the block's header, the operands of each edge (see
/// getJoinFlagFixes), and the constants at the top of the function. A flag
/// is true where its argument holds the buffer on its way from the edge
/// that set it. The edges into `join` of the branches in `split` go to new
/// blocks (JoinFlags::splits) that the caller writes, so that what it puts
/// there runs on that edge only.
std::optional<JoinFlags>
addJoinFlags(const LintContext &context, Value root, Block *join,
             StringRef prefix, EditList &edits, FixItBuilder &builder,
             const llvm::SmallPtrSetImpl<Operation *> *split = nullptr) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  if (!join || join->isEntryBlock() || join->empty())
    return std::nullopt;
  // A block of the function's body or of a region nested in it (an
  // scf.execute_region): the constants go at the top of the function,
  // which every region not isolated from above sees.
  Operation *function = join->getParentOp();
  while (function && !isa<FunctionOpInterface>(function)) {
    if (function->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return std::nullopt;
    function = function->getParentOp();
  }
  if (!function || function->getRegion(0).empty())
    return std::nullopt;
  Block &entry = function->getRegion(0).front();
  if (entry.empty() || !source.getWholeLines(&entry.front()))
    return std::nullopt;
  SourceRange first = source.getRange(&join->front());
  if (!first.isValid())
    return std::nullopt;

  // The arguments that may hold the buffer, in order, but those the block
  // frees itself on every path: a flagged free of one would free it twice.
  llvm::SetVector<Value> aliases = getFixAliases(root);
  SmallVector<BlockArgument> flagged;
  for (BlockArgument argument : join->getArguments())
    if (aliases.contains(argument) && !freesOnEveryPath(join, argument))
      flagged.push_back(argument);
  if (flagged.empty())
    return std::nullopt;
  // Named after the buffer's line: the flags of two buffers may meet in
  // one block.
  Operation *definition = root.getDefiningOp();
  SourceRange rootRange =
      definition ? source.getRange(definition) : SourceRange();
  if (!rootRange.isValid())
    return std::nullopt;
  std::string line = std::to_string(rootRange.line);
  std::string yes = "%memlint_true_" + line, no = "%memlint_false_" + line;
  JoinFlags flags{{}, prefix.str(), line};
  auto flagOf = [&](BlockArgument argument) {
    return flags.getName(argument);
  };
  if (text.contains(yes) || text.contains(no))
    return std::nullopt;
  std::string splitLabel = "^memlint_back_" + line + "_";
  if (split && !split->empty() && text.contains(splitLabel))
    return std::nullopt;
  for (BlockArgument argument : flagged)
    if (text.contains(flagOf(argument)))
      return std::nullopt;

  // The block's header gets the flags.
  std::string header;
  for (BlockArgument argument : flagged)
    header += (header.empty() ? "" : ", ") + flagOf(argument) + ": i1";
  if (!appendBlockArguments(source, join, header, edits))
    return std::nullopt;

  // Each edge into the block passes what it hands over.
  unsigned negations = 0;
  bool owning = false;
  std::optional<SmallVector<std::string>> firstValues;
  bool written = forEachEdgeInto(
      source, join,
      [&](BranchOpInterface branch, unsigned k,
          std::pair<uint64_t, uint64_t> span) {
        Operation *terminator = branch;
        SuccessorOperands operands = branch.getSuccessorOperands(k);
        // What each argument receives; one of them owns the buffer: the
        // first that receives it on every path, else the one that receives
        // it under a condition or its block's own argument back.
        SmallVector<std::string> values(flagged.size(), no);
        std::optional<size_t> always, other;
        // The condition (and its sense) of the guarded argument, when
        // `other` is one: a later argument the edge hands the buffer under
        // the same condition holds the same owner (one value passed to
        // several arguments) and gets false, as a second `always` does.
        std::optional<std::pair<Value, bool>> guard;
        // An edge that hands the buffer to an argument the block frees
        // itself hands it to that free: the flags stay false (cfg seed
        // 47004).
        std::optional<bool> toOwnFree =
            handsToOwnFree(join, operands, root, aliases);
        if (!toOwnFree)
          return false;
        // An edge whose block frees the buffer before it branches (the
        // free an earlier round put on the edge that drops it) hands over
        // a dangling name only: its flags stay false, or the flagged free
        // would free it twice (cfg seed 78096).
        if (!*toOwnFree)
          toOwnFree = freedBeforeBranch(terminator, root);
        for (auto [i, argument] : llvm::enumerate(flagged)) {
          if (*toOwnFree)
            break;
          unsigned index = argument.getArgNumber();
          Value passed = index < operands.size() ? operands[index] : Value();
          if (!passed)
            return false;
          if (!aliases.contains(passed))
            continue; // cannot refer to the buffer at all
          if (auto back = dyn_cast<BlockArgument>(passed);
              back && back.getOwner() == join) {
            // Passed back to its block (a CFG loop): its flag goes with it.
            if (!llvm::is_contained(flagged, back) || other)
              return false;
            values[i] = flagOf(back);
            other = i;
            continue;
          }
          RootDerivation d = deriveFromRoot(passed, root);
          if (d.kind == RootDerivation::Never)
            continue;
          if (d.kind == RootDerivation::Always) {
            if (!always)
              always = i;
            continue;
          }
          if (d.kind == RootDerivation::Guarded && guard &&
              guard->first == d.condition && guard->second == d.rootWhenTrue)
            continue; // the same owner as `other`'s: its flag stays false
          if (d.kind != RootDerivation::Guarded || other)
            return false;
          guard = std::make_pair(d.condition, d.rootWhenTrue);
          std::string condition = source.getName(d.condition);
          if (!StringRef(condition).starts_with("%"))
            return false;
          if (d.rootWhenTrue) {
            values[i] = condition;
          } else {
            // The negation, computed just before the branch.
            values[i] =
                "%memlint_not_" + line + "_" + std::to_string(negations++);
            builder.insertBefore(terminator, values[i] + " = arith.xori " +
                                                 condition + ", " + yes +
                                                 " : i1");
          }
          other = i;
        }
        if (always) {
          if (other)
            return false; // held twice, one of them only on some paths
          values[*always] = yes;
        }
        owning |= always || other;
        if (!firstValues)
          firstValues = values;
        if (*firstValues != values ||
            llvm::any_of(values, [&](const std::string &value) {
              return value != yes && value != no;
            }))
          flags.constant = false;
        std::string list, typeList;
        for (const std::string &value : values) {
          list += ", " + value;
          typeList += ", i1";
        }
        if (!split || !split->contains(terminator))
          return appendSuccessorOperands(source, span, list, typeList, edits);
        // The edge goes to a new block, which branches to `join` with the
        // flags.
        StringRef successor = text.slice(span.first, span.second);
        size_t colon = findTopLevel(successor, successor.find('(') + 1, " : ");
        if (!successor.ends_with(")") || colon == StringRef::npos)
          return false;
        std::string label = splitLabel + std::to_string(flags.splits.size());
        flags.splits.push_back(
            {terminator, label,
             (successor.take_front(colon) + list +
              successor.slice(colon, successor.size() - 1) + typeList + ")")
                 .str()});
        edits.replace(span.first, span.second - span.first, label);
        return true;
      });
  if (!written)
    return std::nullopt;
  if (!owning)
    return std::nullopt;
  builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                           " = arith.constant false");
  flags.flagged = std::move(flagged);
  return flags;
}

/// The lines that go with the dealloc `free`: its guard when that is an
/// `scf.if` without results whose one non-empty branch holds nothing else,
/// else `free` itself.
Operation *getDeallocWithGuard(Operation *free) {
  auto guard = dyn_cast<scf::IfOp>(free->getParentOp());
  if (!guard || guard->getNumResults() != 0)
    return free;
  // Whether `region` holds `op` alone (nothing, when `op` is null).
  auto holdsOnly = [](Region &region, Operation *op) {
    if (region.empty())
      return !op;
    auto ops = region.front().without_terminator();
    if (ops.empty())
      return !op;
    return &*ops.begin() == op && std::next(ops.begin()) == ops.end();
  };
  bool inThen = free->getParentRegion() == &guard.getThenRegion();
  if (holdsOnly(guard.getThenRegion(), inThen ? free : nullptr) &&
      holdsOnly(guard.getElseRegion(), inThen ? nullptr : free))
    return guard;
  return free;
}

/// The aliases `held` of `flagged` without the block arguments that receive
/// a value of them only on edges never taken: they never hold what
/// `flagged` hold (a `cf.switch` case its selector never picks; cfg seed
/// 69092).
llvm::SetVector<Value> getTakenAliases(ArrayRef<BlockArgument> flagged,
                                       const llvm::SetVector<Value> &held) {
  llvm::SetVector<Value> taken = held;
  // Whether `argument` receives a value of `taken` on an edge that may be
  // taken (or from a terminator that is no branch).
  auto receives = [&](BlockArgument argument) {
    Block *block = argument.getOwner();
    for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
      auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
      if (!branch)
        return true;
      unsigned k = it.getSuccessorIndex();
      SuccessorOperands operands = branch.getSuccessorOperands(k);
      unsigned index = argument.getArgNumber();
      Value passed = index < operands.size() ? operands[index] : Value();
      if (!passed || (taken.contains(passed) && !isNeverTaken(branch, k)))
        return true;
    }
    return false;
  };
  // A worklist: an argument is judged again only when one it receives from
  // leaves the set.
  SmallVector<BlockArgument> worklist;
  for (Value value : held)
    if (auto argument = dyn_cast<BlockArgument>(value))
      worklist.push_back(argument);
  while (!worklist.empty()) {
    BlockArgument argument = worklist.pop_back_val();
    if (argument.getOwner()->isEntryBlock() ||
        llvm::is_contained(flagged, argument) || !taken.contains(argument) ||
        receives(argument))
      continue;
    taken.remove(argument);
    for (OpOperand &use : argument.getUses())
      if (auto branch = dyn_cast<BranchOpInterface>(use.getOwner()))
        if (std::optional<BlockArgument> next =
                branch.getSuccessorBlockArgument(use.getOperandNumber()))
          worklist.push_back(*next);
  }
  return taken;
}

} // namespace

/// getJoinFlagFixes, or, with `splitting`, getJoinFlagBackEdgeFixes.
static std::vector<FixIt> getJoinFlagFixesIn(const LintContext &context,
                                             Value root, Block *join,
                                             Deallocator family,
                                             bool splitting) {
  const SourceInfo &source = context.getSource();
  std::vector<FixIt> fixes;
  // Where the arguments are freed: in `join` once they all are dead there,
  // or, for arguments that live on in the loop `join` heads, on each
  // back-edge that replaces them (`atBackEdges`); last, in `join` instead of
  // the deallocs of the arguments that `join` dominates, which free them on
  // some paths only (`replacing`).
  enum class Mode { InJoin, AtBackEdges, Replacing };
  SmallVector<Mode, 3> modes{Mode::InJoin, Mode::AtBackEdges, Mode::Replacing};
  if (splitting)
    modes = {Mode::AtBackEdges};
  for (Mode mode : modes) {
    bool atBackEdges = mode == Mode::AtBackEdges;
    EditList edits(context);
    FixItBuilder builder(context);
    // (`splitting`) The back-edges whose branch also leaves the loop: the
    // frees go on the edge back, in a new block, and, for the paths that
    // leave, after the last use where they lead.
    llvm::SmallPtrSet<Operation *, 4> split;
    if (splitting && join && !join->isEntryBlock()) {
      DominanceInfo dominance(join->getParentOp());
      for (Block *predecessor : join->getPredecessors()) {
        Operation *terminator = predecessor->getTerminator();
        if (dominance.dominates(join, predecessor) &&
            llvm::any_of(terminator->getSuccessors(),
                         [&](Block *b) { return b != join; }))
          split.insert(terminator);
      }
      if (split.empty())
        return fixes; // (getJoinFlagFixes' candidate)
    }
    std::optional<JoinFlags> flags = addJoinFlags(
        context, root, join, "%memlint_own_", edits, builder, &split);
    if (!flags)
      return fixes;
    ArrayRef<BlockArgument> flagged = flags->flagged;
    llvm::SetVector<Value> held;
    for (BlockArgument argument : flagged)
      held.insert_range(getFixAliases(argument));
    // The deallocs that go (`replacing`): those of exactly one flagged
    // argument, in blocks `join` dominates. The flags' free then goes after
    // the last use that is not one of them.
    llvm::SmallPtrSet<Operation *, 4> replaced;
    llvm::SetVector<Operation *> removed; // their lines (getDeallocWithGuard)
    if (mode == Mode::Replacing) {
      // (Flags that every edge sets alike say nothing: the deallocs would
      // go for one that is always true.)
      if (family != Deallocator::Memref || flags->constant)
        return fixes;
      DominanceInfo dominance(join->getParentOp());
      Region *region = join->getParent();
      for (Value value : held)
        for (Operation *user : value.getUsers()) {
          auto dealloc = dyn_cast<memref::DeallocOp>(user);
          Operation *ancestor = region->findAncestorOpInRegion(*user);
          if (!dealloc || !ancestor ||
              !dominance.dominates(join, ancestor->getBlock()) ||
              llvm::none_of(flagged, [&](BlockArgument argument) {
                return deriveFromRoot(dealloc.getMemref(), argument).kind ==
                       RootDerivation::Always;
              }))
            continue;
          if (replaced.insert(user).second)
            removed.insert(getDeallocWithGuard(user));
        }
      if (replaced.empty())
        return fixes;
    }
    std::string frees;
    for (BlockArgument argument : flagged)
      frees += (frees.empty() ? "" : "\n") +
               getGuardedText(flags->getName(argument), /*whenTrue=*/true,
                              getDeallocText(context, argument, family));
    auto freeAfterLastUse = [&](Block *block, bool outOfRegion,
                                const llvm::SetVector<Value> &uses) {
      Operation *last = nullptr;
      for (Value value : uses)
        for (Operation *user : value.getUsers())
          if (Operation *ancestor = block->findAncestorOpInBlock(*user))
            if (!replaced.contains(user) &&
                (!last || last->isBeforeInBlock(ancestor)))
              last = ancestor;
      // Lines that go where the frees go: the frees replace them (an
      // insertion where a deletion starts would clash with it).
      Operation *next = last ? last->getNextNode() : &block->front();
      if (next && removed.remove(next))
        return builder.replace(next, frees);
      if (!last)
        return builder.insertBefore(&block->front(), frees);
      if (!last->hasTrait<OpTrait::IsTerminator>())
        return builder.insertAfter(last, frees);
      if (outOfRegion && last->getNumSuccessors() == 0 &&
          !isa<FunctionOpInterface>(last->getParentOp()))
        return builder.insertBefore(last, frees); // handed out of its region
      if (outOfRegion && last->hasTrait<OpTrait::ReturnLike>() &&
          isa<FunctionOpInterface>(last->getParentOp())) {
        // Returned, through selects, on some paths: each argument is freed
        // before the return unless what it returns holds it (the `retain`
        // of ownership-based deallocation).
        std::string kept;
        for (BlockArgument argument : flagged) {
          std::optional<std::string> text = getFreeUnlessReturnedText(
              context, last, argument, flags->getName(argument), family,
              "%memlint_retain_" + flags->line + "_" +
                  std::to_string(argument.getArgNumber()) + "_");
          if (!text)
            return false;
          kept += (kept.empty() ? "" : "\n") + *text;
        }
        return builder.insertBefore(last, kept);
      }
      return false;
    };
    std::string where;
    if (!atBackEdges) {
      // In `join`, or, when blocks it dominates use them, after their last
      // use in the block that post-dominates those uses.
      Block *block = getFreeBlock(join, held.getArrayRef());
      if (!block || !freeAfterLastUse(block, /*outOfRegion=*/true, held))
        continue;
      where = "where the paths join";
    } else {
      // The blocks of the loop whose branch back to `join` replaces the
      // arguments (and goes nowhere else, or goes back once on a split
      // edge).
      DominanceInfo dominance(join->getParentOp());
      llvm::SmallPtrSet<Block *, 4> seen;
      unsigned backEdges = 0;
      bool ok = true;
      for (Block *predecessor : join->getPredecessors()) {
        if (!seen.insert(predecessor).second ||
            !dominance.dominates(join, predecessor))
          continue;
        Operation *terminator = predecessor->getTerminator();
        if ((!split.contains(terminator) &&
             llvm::any_of(terminator->getSuccessors(),
                          [&](Block *b) { return b != join; })) ||
            (split.contains(terminator) &&
             llvm::count(terminator->getSuccessors(), join) != 1) ||
            llvm::any_of(terminator->getOperands(),
                         [&](Value v) { return held.contains(v); })) {
          ok = false;
          break;
        }
        ++backEdges;
        if (split.contains(terminator))
          continue; // freed in the new block (below)
        Operation *last = getLastUseIn(predecessor, held);
        if (last && last != terminator)
          ok &= builder.insertAfter(last, frees);
        else
          ok &= builder.insertBefore(terminator, frees);
      }
      if (!ok || !backEdges)
        continue;
      where = "on each back-edge that replaces them";
      if (!split.empty()) {
        // The buffer an argument holds when the loop goes round is then
        // one of an earlier round: each round must make its own (no name
        // the next round reads still holds it), the paths that leave must
        // not come back to the loop (or its free would come twice), and
        // the new blocks branch straight to `join`, which rebinds every
        // name that held it.
        Operation *definition = root.getDefiningOp();
        if (!definition || definition->getParentRegion() != join->getParent() ||
            !dominance.dominates(join, definition->getBlock()))
          continue;
        llvm::SetVector<Value> taken = getTakenAliases(flagged, held);
        Block *block = getFreeBlock(join, taken.getArrayRef());
        if (!block || block == join)
          continue;
        // (And no use comes after it: none in a block its successors lead
        // to.)
        if (leadsBackOrToUse(block, join, taken.getArrayRef()) ||
            !freeAfterLastUse(block, /*outOfRegion=*/true, taken))
          continue;
        for (const JoinFlags::Split &edge : flags->splits) {
          auto lines = source.getWholeLines(edge.terminator);
          if (!lines) {
            ok = false;
            break;
          }
          std::string indent = source.getIndentation(edge.terminator).str();
          SmallVector<StringRef> parts;
          StringRef(frees).split(parts, '\n');
          std::string body = edge.label + ":\n";
          for (StringRef part : parts)
            body += indent + part.str() + "\n";
          edits.insert(lines->second,
                       body + indent + "cf.br " + edge.successor + "\n");
        }
        if (!ok)
          continue;
        where += " (on the edge back, where the branch also leaves the "
                 "loop) and after their last use where the loop is left";
      }
    }
    for (Operation *op : removed)
      builder.remove(op);
    if (!edits.append(builder))
      continue;
    std::string names;
    for (BlockArgument argument : flagged)
      names += (names.empty() ? "" : ", ") + source.getName(argument);
    if (mode == Mode::Replacing)
      where += ", instead of the deallocs that free them on some paths";
    if (std::optional<FixIt> fix = edits.take(
            "free " + names + " under ownership flags passed with them by "
            "each edge into their block, " + where))
      fixes.push_back(std::move(*fix));
  }
  return fixes;
}

std::vector<FixIt> memlint::getJoinFlagFixes(const LintContext &context,
                                             Value root, Block *join,
                                             Deallocator family) {
  return getJoinFlagFixesIn(context, root, join, family,
                            /*splitting=*/false);
}

std::vector<FixIt> memlint::getJoinFlagBackEdgeFixes(const LintContext &context,
                                                     Value root, Block *join,
                                                     Deallocator family) {
  return getJoinFlagFixesIn(context, root, join, family, /*splitting=*/true);
}

std::vector<FixIt> memlint::getJoinHoldFixes(const LintContext &context,
                                             Value root, Block *join,
                                             Deallocator family,
                                             bool returned) {
  const SourceInfo &source = context.getSource();
  Operation *definition = root.getDefiningOp();
  if (!definition || family != Deallocator::Memref)
    return {};
  EditList edits(context);
  FixItBuilder builder(context);
  std::optional<JoinFlags> flags =
      addJoinFlags(context, root, join, "%memlint_holds_", edits, builder);
  if (!flags)
    return {};
  Operation *function = definition->getParentOfType<FunctionOpInterface>();
  DominanceInfo dominance(function);

  // The deallocs that may free it: through a flagged argument (guarded by
  // its flag), or of the buffer itself (they go).
  llvm::SetVector<Value> aliases = getFixAliases(root);
  llvm::SmallPtrSet<Operation *, 8> seen;
  SmallVector<Operation *> uses{definition};
  unsigned guarded = 0;
  for (Value alias : aliases)
    for (Operation *user : alias.getUsers()) {
      auto dealloc = dyn_cast<memref::DeallocOp>(user);
      if (!dealloc) {
        uses.push_back(user);
        continue;
      }
      if (!seen.insert(user).second)
        continue;
      BlockArgument through;
      for (BlockArgument argument : flags->flagged)
        if (deriveFromRoot(dealloc.getMemref(), argument).kind ==
            RootDerivation::Always)
          through = argument;
      if (through) {
        if (!dominance.properlyDominates(Value(through), user))
          return {};
        std::optional<std::string> text = getOpText(context, user);
        if (!text)
          return {};
        builder.replace(user, getGuardedText(flags->getName(through),
                                             /*whenTrue=*/false, *text));
        uses.push_back(user);
        ++guarded;
        continue;
      }
      RootDerivation d = deriveFromRoot(dealloc.getMemref(), root);
      if (d.kind == RootDerivation::Never)
        continue;
      if (d.kind != RootDerivation::Always)
        return {};
      builder.remove(user);
    }
  if (!guarded)
    return {};

  // One dealloc of the buffer after its last use, where the paths of its
  // uses join; none when the function returns it.
  std::string name = source.getName(root);
  if (returned) {
    if (!edits.append(builder))
      return {};
    std::optional<FixIt> fix = edits.take(
        "free the arguments that may hold " + name + " only when flags "
        "passed with them say they do not: the function returns it");
    if (!fix)
      return {};
    return {std::move(*fix)};
  }
  Block *home = root.getParentBlock();
  Block *after = getCommonPostDominator(home->getParent(), uses);
  if (!after)
    after = home;
  Operation *last = getLastUseIn(after, aliases);
  std::string free = getDeallocText(context, root, family);
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return {};
  if (last)
    builder.insertAfter(last, free);
  else
    builder.insertBefore(&after->front(), free);
  if (!edits.append(builder))
    return {};
  std::optional<FixIt> fix = edits.take(
      "free " + name + " once, after its last use, and "
      "free the arguments that may hold it only when flags passed with them "
      "say they do not");
  if (!fix)
    return {};
  return {std::move(*fix)};
}

//===----------------------------------------------------------------------===//
// Ownership flags that start true
//===----------------------------------------------------------------------===//

/// `edits` and a dealloc of the allocation `root` once, after its last use
/// (getFreePlace).
static std::optional<FixIt> withFreeAfterLastUse(const LintContext &context,
                                                 Value root, EditList edits) {
  if (!isa_and_nonnull<memref::AllocOp>(root.getDefiningOp()))
    return std::nullopt;
  llvm::SetVector<Value> aliases = getFixAliases(root);
  SmallVector<Operation *> uses;
  for (Value alias : aliases)
    for (Operation *user : alias.getUsers())
      uses.push_back(user);
  std::optional<FreePlace> place =
      getFreePlace(root, aliases, uses, /*moved=*/nullptr);
  if (!place)
    return std::nullopt;
  FixItBuilder builder(context);
  std::string text = getDeallocText(context, root, Deallocator::Memref);
  if (place->after)
    builder.insertAfter(place->anchor, text);
  else
    builder.insertBefore(place->anchor, text);
  if (!edits.append(builder))
    return std::nullopt;
  return edits.take("start the ownership flag of the loop false and free " +
                    context.getSource().getName(root) +
                    " once, after its last use");
}

std::vector<FixIt> memlint::getLoopFlagInitFixes(const LintContext &context,
                                                 Value root) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Operation *definition = root.getDefiningOp();
  Operation *function =
      definition ? definition->getParentOfType<FunctionOpInterface>()
                 : nullptr;
  if (!function)
    return {};
  Block &entry = function->getRegion(0).front();
  std::vector<FixIt> fixes;
  for (Value alias : getFixAliases(root))
    for (OpOperand &use : alias.getUses()) {
      auto loop = dyn_cast<scf::ForOp>(use.getOwner());
      if (!loop || use.getOperandNumber() < loop.getNumControlOperands() ||
          !derivesAlways(alias, root))
        continue;
      auto lines = source.getWholeLines(loop);
      if (!lines)
        continue;
      StringRef header = text.slice(lines->first, lines->second);
      header = header.take_until([](char c) { return c == '\n'; });
      // The i1 iter_args that start as a constant true.
      for (auto [init, iterArg] :
           llvm::zip(loop.getInitArgs(), loop.getRegionIterArgs())) {
        auto constant = init.getDefiningOp<arith::ConstantOp>();
        auto value = constant ? dyn_cast<BoolAttr>(constant.getValue())
                              : BoolAttr();
        if (!init.getType().isInteger(1) || !value || !value.getValue())
          continue;
        std::string binding =
            source.getName(iterArg) + " = " + source.getName(init);
        size_t at = header.find(binding);
        if (at == StringRef::npos ||
            header.find(binding, at + 1) != StringRef::npos)
          continue;
        // A false constant of the function's entry block, or a new one.
        std::string no;
        EditList edits(context);
        for (Operation &op : entry)
          if (auto c = dyn_cast<arith::ConstantOp>(op))
            if (auto b = dyn_cast<BoolAttr>(c.getValue());
                b && !b.getValue() && source.getWholeLines(&op)) {
              no = source.getName(c.getResult());
              break;
            }
        if (no.empty()) {
          no = "%memlint_false_" + std::to_string(source.getRange(loop).line);
          if (text.contains(no) || entry.empty())
            continue;
          FixItBuilder builder(context);
          builder.insertBefore(&entry.front(), no + " = arith.constant false");
          if (!edits.append(builder))
            continue;
        }
        size_t valueAt = lines->first + at + binding.size() -
                         source.getName(init).size();
        edits.replace(valueAt, source.getName(init).size(), no);
        if (std::optional<FixIt> fix = edits.take(
                "start the ownership flag " + source.getName(iterArg) +
                " false: the loop does not own " + source.getName(alias) +
                ", which it receives"))
          fixes.push_back(std::move(*fix));
        // The loop freed the allocation when it replaced it, and nothing
        // else frees it: also free it once, after its last use where the
        // paths of its uses join (gen seed 44115).
        if (std::optional<FixIt> fix =
                withFreeAfterLastUse(context, root, edits))
          fixes.push_back(std::move(*fix));
      }
    }
  return fixes;
}
