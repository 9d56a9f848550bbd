//===- LifetimeChainFlagFixes.cpp - Flags from block to block -------------===//
//
// Owns the ownership-flag construction for a buffer handed through the
// arguments of several blocks of a CFG (see getChainFlagFixes in
// LifetimeFlagFixes.h). It reads the IR and the source text and builds
// edits; it never runs an analysis, and whether a candidate is right is the
// validation's to decide (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFlagFixes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace memlint;

/// getChainFlagFixes' candidate; with `late`, an argument that an edge drops
/// while what it was forwarded to (a select, a cast, an `scf.if` result of
/// it) lives on past the edge is freed after the last use of those, in the
/// block that post-dominates them, instead of on the edge (before a return
/// of the function, unless what it returns holds the argument); with
/// `late`, nothing when no argument is freed so (the candidate without it
/// is the same).
static std::vector<FixIt> buildChainFlagFix(const LintContext &context,
                                            Value root, Deallocator family,
                                            bool holds, bool late) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Operation *definition = root.getDefiningOp();
  Region *region = root.getParentRegion();
  Operation *function =
      definition ? definition->getParentOfType<FunctionOpInterface>()
                 : nullptr;
  if (!function || region->hasOneBlock() || family != Deallocator::Memref)
    return {};
  // The constants go at the top of the function, which the region sees
  // unless an op between them is isolated from above.
  for (Operation *op = region->getParentOp(); op != function;
       op = op->getParentOp())
    if (op->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return {};
  Block &entry = function->getRegion(0).front();
  SourceRange rootRange = source.getRange(definition);
  if (entry.empty() || !source.getWholeLines(&entry.front()) ||
      !rootRange.isValid())
    return {};
  std::string line = std::to_string(rootRange.line);
  // (Flags that say an argument holds the buffer have names of their own:
  // both constructions may be applied, in two rounds.)
  std::string prefix = holds ? "%memlint_has_" : "%memlint_";
  std::string yes = prefix + "true_" + line, no = prefix + "false_" + line;
  if (text.contains(yes) || text.contains(no))
    return {};

  // The arguments of the region's blocks that may hold the buffer, each
  // with a flag named after its block and position.
  llvm::SetVector<Value> aliases = getFixAliases(root);
  // Whether the block of `argument` frees it already: a memref.dealloc of
  // it (or of a view or cast of it) in the block itself, which runs
  // whenever the block does. Such an argument needs no flag: a free under
  // one would free it twice (cfg seed 31011: the exit block of a CFG loop
  // frees what the header's argument hands it, the iteration before's
  // buffer).
  auto freedInBlock = [&](BlockArgument argument) {
    for (Value alias : getFixAliases(argument))
      for (Operation *user : alias.getUsers())
        if (auto dealloc = dyn_cast<memref::DeallocOp>(user);
            dealloc && user->getBlock() == argument.getOwner() &&
            derivesAlways(dealloc.getMemref(), argument))
          return true;
    return false;
  };
  llvm::MapVector<Block *, SmallVector<BlockArgument>> byBlock;
  llvm::DenseMap<Value, std::string> flagOf;
  for (Block &block : *region) {
    if (block.isEntryBlock())
      continue;
    std::string label = source.getBlockName(&block);
    for (BlockArgument argument : block.getArguments()) {
      if (!aliases.contains(argument) ||
          !isa<BaseMemRefType>(argument.getType()) ||
          (!holds && freedInBlock(argument)))
        continue;
      if (label.size() < 2)
        return {};
      std::string name = prefix + (holds ? "" : "own_") + line + "_" +
                         label.substr(1) + "_" +
                         std::to_string(argument.getArgNumber());
      if (text.contains(name))
        return {};
      byBlock[&block].push_back(argument);
      flagOf[argument] = name;
    }
  }
  if (byBlock.empty())
    return {};

  EditList edits(context);
  FixItBuilder builder(context);
  DominanceInfo dominance(function);
  for (auto &[block, arguments] : byBlock) {
    std::string header;
    for (BlockArgument argument : arguments)
      header += (header.empty() ? "" : ", ") + flagOf[argument] + ": i1";
    if (!appendBlockArguments(source, block, header, edits))
      return {};
  }

  // Whether the edge `k` of `terminator` passes on what `argument` holds.
  auto passesOn = [&](Operation *terminator, unsigned k, Value argument) {
    auto branch = cast<BranchOpInterface>(terminator);
    SuccessorOperands operands = branch.getSuccessorOperands(k);
    for (unsigned i = 0; i < operands.size(); ++i)
      if (operands[i] && derivesAlways(operands[i], argument))
        return true;
    return false;
  };
  // Whether the edge `k` of `terminator` leads, before the block of
  // `argument` again, to a use of `argument` itself or a view of it in a
  // block its block dominates (a return of it after the loop).
  // The blocks, other than its own, that use `argument` or a view of it
  // (computed once per argument).
  llvm::DenseMap<BlockArgument, llvm::SmallPtrSet<Block *, 8>> useBlocksOf;
  for (auto &[block, arguments] : byBlock) {
    for (BlockArgument argument : arguments) {
      llvm::SmallPtrSet<Block *, 8> &useBlocks = useBlocksOf[argument];
      SmallVector<Value> values{argument};
      while (!values.empty() && values.size() < 64) {
        Value value = values.pop_back_val();
        for (Operation *user : value.getUsers()) {
          if (auto view = dyn_cast<ViewLikeOpInterface>(user);
              view && view.getViewSource() == value)
            values.append(user->result_begin(), user->result_end());
          if (Operation *ancestor = region->findAncestorOpInRegion(*user);
              ancestor && ancestor->getBlock() != block)
            useBlocks.insert(ancestor->getBlock());
        }
      }
    }
  }
  // With `late`, what each argument is forwarded to by the ops of the
  // region (views, casts, selects, results of the `scf.if`s and
  // `scf.index_switch`es that yield it; not the edges, which passesOn
  // follows) and the ops, in blocks other than its own, that use those:
  // where the argument dies is after them. Not known when one of those
  // values is handed to a block argument or out of a region.
  llvm::DenseMap<BlockArgument, llvm::SetVector<Value>> derivedOf;
  llvm::DenseMap<BlockArgument, SmallVector<Operation *>> derivedUsesOf;
  llvm::DenseSet<BlockArgument> derivedUnknown;
  for (auto &[block, arguments] : byBlock) {
    if (!late)
      break;
    for (BlockArgument argument : arguments) {
      llvm::SetVector<Value> &values = derivedOf[argument];
      SmallVector<Operation *> &uses = derivedUsesOf[argument];
      values.insert(argument);
      for (unsigned i = 0; i < values.size(); ++i) {
        if (values.size() > 64) {
          derivedUnknown.insert(argument);
          break;
        }
        Value value = values[i];
        for (OpOperand &use : value.getUses()) {
          Operation *user = use.getOwner();
          if (user->hasTrait<OpTrait::IsTerminator>()) {
            Operation *parent = user->getParentOp();
            if (isa<scf::YieldOp>(user) &&
                isa<scf::IfOp, scf::IndexSwitchOp, scf::ExecuteRegionOp>(
                    parent)) {
              values.insert(parent->getResult(use.getOperandNumber()));
            } else if (value != argument &&
                       !(user->hasTrait<OpTrait::ReturnLike>() &&
                         isa<FunctionOpInterface>(parent))) {
              derivedUnknown.insert(argument);
            }
          } else {
            for (Value result : user->getResults())
              if (isa<BaseMemRefType>(result.getType()))
                values.insert(result);
          }
          if (Operation *ancestor = region->findAncestorOpInRegion(*user);
              ancestor && ancestor->getBlock() != block)
            uses.push_back(ancestor);
        }
      }
    }
  }
  // The blocks reachable from the edge `k` of `terminator` before the block
  // of `argument` again.
  auto reachedBy = [&](Operation *terminator, unsigned k,
                       BlockArgument argument) {
    llvm::SmallPtrSet<Block *, 16> seen;
    SmallVector<Block *> worklist{terminator->getSuccessor(k)};
    while (!worklist.empty()) {
      Block *block = worklist.pop_back_val();
      if (block == argument.getOwner() || !seen.insert(block).second)
        continue;
      worklist.append(block->succ_begin(), block->succ_end());
    }
    return seen;
  };
  auto keptAlive = [&](Operation *terminator, unsigned k,
                       BlockArgument argument) {
    const llvm::SmallPtrSet<Block *, 8> &useBlocks = useBlocksOf[argument];
    if (useBlocks.empty())
      return false;
    llvm::SmallPtrSet<Block *, 16> seen;
    SmallVector<Block *> worklist{terminator->getSuccessor(k)};
    while (!worklist.empty()) {
      Block *block = worklist.pop_back_val();
      if (block == argument.getOwner() || !seen.insert(block).second)
        continue;
      if (useBlocks.contains(block))
        return true;
      worklist.append(block->succ_begin(), block->succ_end());
    }
    return false;
  };
  // Whether some edge of `terminator` hands `argument` on or keeps it.
  auto handedOn = [&](Operation *terminator, BlockArgument argument) {
    for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k)
      if (passesOn(terminator, k, argument) ||
          keptAlive(terminator, k, argument))
        return true;
    return false;
  };

  // With `late`: frees `argument`, which the edge `k` of `terminator` drops
  // while what it was forwarded to is used past the edge, after the last of
  // those uses, in the block that post-dominates them and the edge's
  // destination (once per block); before a return of the function there,
  // unless what it returns holds the argument. False when that is not
  // where it dies (the edge's paths come back to its block first, that
  // block hands those values on), or nothing past the edge uses them.
  llvm::DenseSet<std::pair<Value, Block *>> freedLate;
  auto freeLate = [&](Operation *terminator, unsigned k,
                      BlockArgument argument) {
    if (derivedUnknown.contains(argument))
      return false;
    Block *dest = terminator->getSuccessor(k);
    llvm::SmallPtrSet<Block *, 16> reached = reachedBy(terminator, k, argument);
    SmallVector<Operation *> ops{&dest->front()};
    bool used = false;
    for (Operation *use : derivedUsesOf[argument])
      if (reached.contains(use->getBlock())) {
        ops.push_back(use);
        used = true;
      }
    if (!used)
      return false;
    Block *block = getCommonPostDominator(region, ops);
    if (!block || block == argument.getOwner() || !reached.contains(block) ||
        !dominance.dominates(argument.getOwner(), block))
      return false;
    // Every path from the edge reaches `block` before the argument's block.
    llvm::SmallPtrSet<Block *, 16> seen;
    SmallVector<Block *> worklist{dest};
    while (!worklist.empty()) {
      Block *b = worklist.pop_back_val();
      if (b == argument.getOwner())
        return false;
      if (b == block || !seen.insert(b).second)
        continue;
      worklist.append(b->succ_begin(), b->succ_end());
    }
    if (!freedLate.insert({argument, block}).second)
      return true;
    Operation *last = getLastUseIn(block, derivedOf[argument]);
    std::string free;
    if (last && last->hasTrait<OpTrait::ReturnLike>() &&
        isa<FunctionOpInterface>(last->getParentOp())) {
      std::string label = source.getBlockName(argument.getOwner());
      std::optional<std::string> kept = getFreeUnlessReturnedText(
          context, last, argument, flagOf[argument], family,
          "%memlint_retain_" + line + "_" + label.substr(1) + "_" +
              std::to_string(argument.getArgNumber()) + "_");
      if (!kept)
        return false;
      builder.insertBefore(last, *kept);
      return true;
    }
    if (last && last->hasTrait<OpTrait::IsTerminator>())
      return false; // handed on
    free = getGuardedText(flagOf[argument], /*whenTrue=*/true,
                          getDeallocText(context, argument, family));
    if (last)
      builder.insertAfter(last, free);
    else
      builder.insertBefore(&block->front(), free);
    return true;
  };

  // Each edge into a block with flags passes, for each flagged argument,
  // whether it hands it the buffer: true for the buffer itself, a select's
  // condition, the flag of the argument of a dominating block whose value
  // it hands on, false for anything that never holds the buffer; the first
  // argument only when the edge hands one owner to several.
  unsigned negations = 0;
  llvm::MapVector<Operation *, std::string> splitBlocks;
  std::string splitLabel = "^memlint_chain_" + line + "_";
  unsigned splits = 0;
  if (text.contains(splitLabel))
    return {};
  for (Block &block : *region) {
    Operation *terminator = block.getTerminator();
    auto branch = dyn_cast_or_null<BranchOpInterface>(terminator);
    if (!terminator || terminator->getNumSuccessors() == 0)
      continue;
    bool relevant = llvm::any_of(terminator->getSuccessors(), [&](Block *b) {
      return byBlock.count(b);
    });
    // The flagged arguments this block may lose on some of its edges.
    SmallVector<BlockArgument> own;
    if (auto it = byBlock.find(&block); it != byBlock.end())
      own = it->second;
    if (!relevant && own.empty())
      continue;
    if (!branch)
      return {};
    SmallVector<std::pair<uint64_t, uint64_t>> spans =
        getSuccessorSpans(source, terminator);
    auto lines = source.getWholeLines(terminator);
    if (spans.empty() || !lines)
      return {};
    std::string indent = source.getIndentation(terminator).str();
    for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k) {
      Block *dest = terminator->getSuccessor(k);
      StringRef span = text.slice(spans[k].first, spans[k].second);
      std::string newSpan = span.str();
      if (auto it = byBlock.find(dest); it != byBlock.end()) {
        SuccessorOperands operands = branch.getSuccessorOperands(k);
        llvm::SmallPtrSet<void *, 4> owners;
        std::string list, types;
        for (BlockArgument argument : it->second) {
          unsigned index = argument.getArgNumber();
          Value passed = index < operands.size() ? operands[index] : Value();
          if (!passed)
            return {};
          std::string value;
          void *owner = nullptr;
          RootDerivation d = deriveFromRoot(passed, root);
          if (d.kind == RootDerivation::Always) {
            value = yes;
            owner = root.getAsOpaquePointer();
          } else if (d.kind == RootDerivation::Never) {
            value = no;
          } else if (d.kind == RootDerivation::Guarded) {
            std::string condition = source.getName(d.condition);
            if (!StringRef(condition).starts_with("%"))
              return {};
            value = condition;
            if (!d.rootWhenTrue) {
              value = "%memlint_not_" + line + "_" +
                      std::to_string(negations++);
              builder.insertBefore(terminator, value + " = arith.xori " +
                                                   condition + ", " + yes +
                                                   " : i1");
            }
            owner = root.getAsOpaquePointer();
          } else {
            for (auto &[other, flagged] : byBlock)
              for (BlockArgument from : flagged)
                if (value.empty() && dominance.dominates(other, &block) &&
                    derivesAlways(passed, from)) {
                  value = flagOf[from];
                  owner = from.getAsOpaquePointer();
                }
            if (value.empty())
              return {};
          }
          if (!holds && owner && !owners.insert(owner).second)
            value = no; // handed to an earlier argument of the edge
          list += ", " + value;
          types += ", i1";
        }
        size_t colon = findTopLevel(span, span.find('(') + 1, " : ");
        if (!span.ends_with(")") || colon == StringRef::npos)
          return {};
        newSpan = (span.take_front(colon) + list +
                   span.slice(colon, span.size() - 1) + types + ")")
                      .str();
      }
      // The flagged arguments of this block that the edge does not hand
      // on while another edge does die on it: freed in a new block on it.
      std::string frees;
      for (BlockArgument argument : own) {
        if (holds || passesOn(terminator, k, argument) ||
            keptAlive(terminator, k, argument) ||
            !handedOn(terminator, argument))
          continue;
        if (late && freeLate(terminator, k, argument))
          continue;
        std::string free =
            getGuardedText(flagOf[argument], /*whenTrue=*/true,
                           getDeallocText(context, argument, family));
        SmallVector<StringRef> parts;
        StringRef(free).split(parts, '\n');
        for (StringRef part : parts)
          frees += indent + part.str() + "\n";
      }
      if (!frees.empty()) {
        std::string label = splitLabel + std::to_string(splits++);
        splitBlocks[terminator] +=
            label + ":\n" + frees + indent + "cf.br " + newSpan + "\n";
        edits.replace(spans[k].first, spans[k].second - spans[k].first, label);
      } else if (newSpan != span) {
        edits.replace(spans[k].first, spans[k].second - spans[k].first,
                      newSpan);
      }
    }
    if (auto it = splitBlocks.find(terminator); it != splitBlocks.end())
      edits.insert(lines->second, it->second);
  }
  // One block whose arguments no edge drops: the joins of getJoinFlagFixes.
  // (One block with an edge that drops its argument, a CFG loop's header
  // whose back-edge replaces it, is this strategy's: the joins free where
  // the paths join, not on the back-edge; cfg seeds 31011, 16188.)
  if (byBlock.size() < 2 && splitBlocks.empty() && freedLate.empty())
    return {};
  if (late && freedLate.empty())
    return {}; // (the candidate without `late`)

  // The flagged arguments that no edge hands on die in their block: freed
  // under their flag after their last use there. (With `holds`, the flags
  // only say what the function returns: the buffer is freed before each
  // return of the region, unless what it returns holds it.)
  if (holds) {
    for (Block &block : *region) {
      Operation *terminator = block.getTerminator();
      if (!terminator || !terminator->hasTrait<OpTrait::ReturnLike>() ||
          !isa<FunctionOpInterface>(terminator->getParentOp()) ||
          !dominance.properlyDominates(root, terminator))
        continue;
      std::string kept;
      for (Value operand : terminator->getOperands()) {
        if (derivesAlways(operand, root))
          return {}; // (the caller owns it: nothing to free there)
        for (auto &[other, flagged] : byBlock)
          for (BlockArgument argument : flagged)
            if (kept.empty() && derivesAlways(operand, argument))
              kept = flagOf[argument];
      }
      std::string free = getDeallocText(context, root, family);
      builder.insertBefore(
          terminator, kept.empty() ? free : getGuardedText(kept, false, free));
    }
  }
  for (auto &[block, arguments] : byBlock) {
    if (holds)
      break;
    Operation *terminator = block->getTerminator();
    for (BlockArgument argument : arguments) {
      if (handedOn(terminator, argument))
        continue;
      Operation *last = getLastUseIn(block, getFixAliases(argument));
      std::string free = getGuardedText(flagOf[argument], /*whenTrue=*/true,
                           getDeallocText(context, argument, family));
      if (last && last->hasTrait<OpTrait::IsTerminator>())
        return {}; // returned, or handed on under a condition
      if (last)
        builder.insertAfter(last, free);
      else
        builder.insertBefore(&block->front(), free);
    }
  }
  builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                           " = arith.constant false");
  if (!edits.append(builder))
    return {};
  std::optional<FixIt> fix = edits.take(
      holds ? "free " + source.getName(root) +
                  " before each return, unless what it returns holds it "
                  "(flags passed from block to block say so)"
            : "free the block arguments that may hold " + source.getName(root) +
                  " where they die, under ownership flags passed with them "
                  "from block to block" +
                  (late ? std::string(", after the last use of what they are "
                                      "forwarded to (unless the function "
                                      "returns it)")
                        : std::string()));
  if (!fix)
    return {};
  return {std::move(*fix)};
}

std::vector<FixIt> memlint::getChainFlagFixes(const LintContext &context,
                                              Value root, Deallocator family,
                                              bool holds) {
  std::vector<FixIt> fixes =
      buildChainFlagFix(context, root, family, holds, /*late=*/false);
  if (!holds)
    for (FixIt &fix :
         buildChainFlagFix(context, root, family, holds, /*late=*/true))
      fixes.push_back(std::move(fix));
  return fixes;
}

std::optional<FixIt> memlint::getJoinKeepFlagFix(const LintContext &context,
                                                 Value root, Block *join,
                                                 Deallocator family) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Operation *definition = root.getDefiningOp();
  if (!definition || !join || join->isEntryBlock() || join->empty() ||
      join->getParent() != definition->getParentRegion())
    return std::nullopt;
  Operation *function = definition->getParentOfType<FunctionOpInterface>();
  DominanceInfo dominance(function);
  if (!function || !dominance.properlyDominates(root, &join->front()))
    return std::nullopt;
  Block &entry = function->getRegion(0).front();
  SourceRange rootRange = source.getRange(definition);
  if (entry.empty() || !source.getWholeLines(&entry.front()) ||
      !rootRange.isValid())
    return std::nullopt;
  std::string line = std::to_string(rootRange.line);
  std::string flag = "%memlint_keep_" + line,
              yes = "%memlint_keep_true_" + line,
              no = "%memlint_keep_false_" + line;
  if (text.contains(flag) || text.contains(yes) || text.contains(no))
    return std::nullopt;
  // The join's arguments that may hold the buffer, and its own names in the
  // join (through itself, not through those arguments).
  SmallVector<BlockArgument> holders;
  for (BlockArgument argument : join->getArguments())
    if (isa<BaseMemRefType>(argument.getType()) &&
        deriveFromRoot(argument, root).kind != RootDerivation::Never)
      holders.push_back(argument);
  if (holders.empty())
    return std::nullopt;
  llvm::SetVector<Value> through;
  for (BlockArgument argument : holders)
    through.insert_range(getFixAliases(argument));
  llvm::SetVector<Value> own;
  for (Value alias : getFixAliases(root))
    if (!through.contains(alias))
      own.insert(alias);
  Operation *last = getLastUseIn(join, own);
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt;

  // Each edge passes whether it did not hand the buffer to a holder.
  EditList edits(context);
  if (!appendBlockArguments(source, join, flag + ": i1", edits))
    return std::nullopt;
  bool passes = false, keeps = false;
  bool written = forEachEdgeInto(
      source, join,
      [&](BranchOpInterface branch, unsigned k,
          std::pair<uint64_t, uint64_t> span) {
        SuccessorOperands operands = branch.getSuccessorOperands(k);
        bool handed = false;
        for (BlockArgument argument : holders) {
          unsigned index = argument.getArgNumber();
          Value passed = index < operands.size() ? operands[index] : Value();
          RootDerivation d =
              passed ? deriveFromRoot(passed, root) : RootDerivation{};
          if (d.kind == RootDerivation::Always)
            handed = true;
          else if (d.kind != RootDerivation::Never)
            return false;
        }
        passes |= handed;
        keeps |= !handed;
        return appendSuccessorOperands(source, span, ", " + (handed ? no : yes),
                                       ", i1", edits);
      });
  if (!written)
    return std::nullopt;
  if (!passes || !keeps)
    return std::nullopt; // (one flag value: other strategies' case)
  FixItBuilder builder(context);
  builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                           " = arith.constant false");
  std::string free = getGuardedText(flag, /*whenTrue=*/true,
                                    getDeallocText(context, root, family));
  if (last)
    builder.insertAfter(last, free);
  else
    builder.insertBefore(&join->front(), free);
  if (!edits.append(builder))
    return std::nullopt;
  return edits.take("free " + source.getName(root) + " in " +
                        source.getBlockName(join) +
                        " after its last use there, unless the edge into it "
                        "handed it on (a flag passed by each edge says so)",
                    /*general=*/true);
}

std::optional<FixIt> memlint::getJoinBaseFlagFix(const LintContext &context,
                                                 Value root, Block *join,
                                                 Deallocator family) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Operation *definition = root.getDefiningOp();
  if (!definition || family != Deallocator::Memref || !join ||
      join->isEntryBlock() || join->empty() ||
      join->getParent() != definition->getParentRegion())
    return std::nullopt;
  Operation *function = definition->getParentOfType<FunctionOpInterface>();
  if (!function)
    return std::nullopt;
  DominanceInfo dominance(function);
  Block &entry = function->getRegion(0).front();
  SourceRange rootRange = source.getRange(definition);
  if (entry.empty() || !source.getWholeLines(&entry.front()) ||
      !rootRange.isValid())
    return std::nullopt;
  std::string line = std::to_string(rootRange.line);
  std::string base = "%memlint_base_" + line,
              flag = "%memlint_base_own_" + line,
              yes = "%memlint_base_true_" + line,
              no = "%memlint_base_false_" + line;
  if (anyNameTaken(text, {base, flag, yes, no}))
    return std::nullopt;
  std::string type;
  llvm::raw_string_ostream os(type);
  os << root.getType();

  // The join's arguments that may hold the buffer.
  SmallVector<BlockArgument> holders;
  for (BlockArgument argument : join->getArguments())
    if (isa<BaseMemRefType>(argument.getType()) &&
        deriveFromRoot(argument, root).kind != RootDerivation::Never)
      holders.push_back(argument);
  if (holders.empty())
    return std::nullopt;

  // A value of the buffer's type that `terminator` sees, for the edges that
  // do not hand it over (their flag is false: it is never freed): what the
  // view they pass is taken from, an argument of the function, the buffer.
  auto placeholder = [&](Operation *terminator,
                         ArrayRef<Value> passed) -> std::string {
    SmallVector<Value> choices;
    for (Value value : passed)
      for (Value v = value; v;) {
        choices.push_back(v);
        auto view = v.getDefiningOp<ViewLikeOpInterface>();
        v = view ? view.getViewSource() : Value();
      }
    for (BlockArgument argument : entry.getArguments())
      choices.push_back(argument);
    choices.push_back(root);
    for (Value v : choices)
      if (v.getType() == root.getType() &&
          dominance.properlyDominates(v, terminator)) {
        std::string name = source.getName(v);
        if (StringRef(name).starts_with("%"))
          return name;
      }
    return "";
  };

  // Each edge passes the base buffer and whether it is the buffer: the
  // buffer and true where it hands over a view of it, a placeholder and
  // false elsewhere.
  EditList edits(context);
  if (!appendBlockArguments(source, join,
                            base + ": " + type + ", " + flag + ": i1", edits))
    return std::nullopt;
  bool views = false, passes = false, drops = false;
  bool written = forEachEdgeInto(
      source, join,
      [&](BranchOpInterface branch, unsigned k,
          std::pair<uint64_t, uint64_t> span) {
        Operation *terminator = branch;
        SuccessorOperands operands = branch.getSuccessorOperands(k);
        SmallVector<Value> passed;
        bool handed = false;
        for (BlockArgument argument : holders) {
          unsigned index = argument.getArgNumber();
          Value value = index < operands.size() ? operands[index] : Value();
          if (!value)
            return false;
          RootDerivation d = deriveFromRoot(value, root);
          if (d.kind == RootDerivation::Always) {
            handed = true;
            views |= value != root;
          } else if (d.kind != RootDerivation::Never) {
            return false;
          }
          passed.push_back(value);
        }
        std::string value;
        if (handed) {
          if (!dominance.properlyDominates(root, terminator))
            return false;
          value = source.getName(root);
        } else {
          value = placeholder(terminator, passed);
        }
        if (!StringRef(value).starts_with("%"))
          return false;
        passes |= handed;
        drops |= !handed;
        std::string values = value + ", " + (handed ? yes : no);
        std::string types = type + ", i1";
        if (!text.slice(span.first, span.second).ends_with(")")) {
          edits.insert(span.second, "(" + values + " : " + types + ")");
          return true;
        }
        return appendSuccessorOperands(source, span, ", " + values,
                                       ", " + types, edits);
      });
  // (Only views of it: the flags on the arguments themselves, whose free
  // is of the buffer, are getJoinFlagFixes'.)
  if (!written || !views || !passes || !drops)
    return std::nullopt;

  // The base is freed under its flag after the last use of what the
  // holders hold: in the join, or in the block the join dominates that
  // post-dominates their uses.
  llvm::SetVector<Value> held;
  for (BlockArgument argument : holders)
    held.insert_range(getFixAliases(argument));
  Block *block = getFreeBlock(join, held.getArrayRef());
  if (!block || !dominance.dominates(join, block))
    return std::nullopt;
  Operation *last = getLastUseIn(block, held);
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt; // handed on again
  FixItBuilder builder(context);
  builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                           " = arith.constant false");
  std::string free = getGuardedText(flag, /*whenTrue=*/true,
                                    "memref.dealloc " + base + " : " + type);
  if (last)
    builder.insertAfter(last, free);
  else
    builder.insertBefore(&block->front(), free);
  if (!edits.append(builder))
    return std::nullopt;
  return edits.take("free the buffer " + source.getName(root) +
                        " whose view the edges into " +
                        source.getBlockName(join) +
                        " hand over, through a block argument of its own "
                        "and an ownership flag passed with it",
                    /*general=*/true, /*sharedOffsets=*/true);
}
