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
#include "checks/LifetimeHoldsWriter.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace memlint;

namespace {
/// The candidates of getChainFlagFixes, in the order they are tried.
enum class ChainMode {
  /// Each argument freed on the edges that drop it.
  Edges,
  /// An argument that an edge drops while what it was forwarded to (a
  /// select, a cast, an `scf.if` result of it) lives on past the edge is
  /// freed after the last use of those, in the block that post-dominates
  /// them, instead of on the edge (before a return of the function, unless
  /// what it returns holds the argument); nothing when no argument is freed
  /// so (the candidate of Edges is the same).
  Late,
  /// The owners are also followed where their own names outlive the blocks
  /// that make them owners (see below); nothing when there is none to
  /// follow.
  Follow,
};
} // namespace

/// Whether some edge into the block of `argument` hands it an interior view
/// (cfg seed 57056: the exit of a CFG loop passes the header's argument and
/// a subview of it). Such an argument is no owner: a free of it under a flag
/// would be an invalid one, and an edge that hands an owner only to it
/// drops the owner.
static bool receivesInteriorView(BlockArgument argument) {
  Block *block = argument.getOwner();
  for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
    auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
    if (!branch)
      continue;
    SuccessorOperands operands =
        branch.getSuccessorOperands(it.getSuccessorIndex());
    unsigned index = argument.getArgNumber();
    if (index < operands.size() && operands[index] &&
        isInteriorView(operands[index]))
      return true;
  }
  return false;
}

/// Whether `terminator` is a branch that hands what derives from `owner`
/// (views of it, which keep no owner alive) only to block arguments nobody
/// uses (cfg seed 15090: the exit of a CFG loop passes a subview of the
/// header's argument to the function's exit block, which ignores it). A
/// free of `owner` before it frees nothing still in use.
static bool handsOnlyToDeadArguments(Operation *terminator, Value owner) {
  auto branch = dyn_cast<BranchOpInterface>(terminator);
  if (!branch)
    return false;
  llvm::SetVector<Value> aliases = getFixAliases(owner);
  for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k) {
    SuccessorOperands operands = branch.getSuccessorOperands(k);
    Block *dest = terminator->getSuccessor(k);
    for (unsigned i = 0; i < operands.size(); ++i) {
      if (!operands[i] || !aliases.contains(operands[i]))
        continue;
      if (i >= dest->getNumArguments() || !dest->getArgument(i).use_empty())
        return false;
    }
  }
  return true;
}

/// Inserts `free` after `last`, the last use of what it frees in `block`
/// (at the top of `block` when null), or before it when it is a branch
/// that hands that only to block arguments nobody uses. False when `last`
/// is another terminator (it returns it, or hands it on).
static bool insertFreeAfterLastUse(FixItBuilder &builder, Block *block,
                                   Operation *last, Value owner,
                                   const std::string &free) {
  if (!last) {
    builder.insertBefore(&block->front(), free);
    return true;
  }
  if (!last->hasTrait<OpTrait::IsTerminator>()) {
    builder.insertAfter(last, free);
    return true;
  }
  if (!handsOnlyToDeadArguments(last, owner))
    return false;
  builder.insertBefore(last, free);
  return true;
}

/// One candidate of getChainFlagFixes (see ChainMode).
static std::vector<FixIt> buildChainFlagFix(const LintContext &context,
                                            Value root, Deallocator family,
                                            bool holds, ChainMode mode) {
  bool late = mode == ChainMode::Late, follow = mode == ChainMode::Follow;
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
  // Whether a memref.dealloc of `owner` (or of a view or cast of it) frees
  // it in `block` (`inside`) or in a block other than `block` (not
  // `inside`).
  auto freedIn = [&](Value owner, Block *block, bool inside) {
    for (Value alias : getFixAliases(owner))
      for (Operation *user : alias.getUsers())
        if (auto dealloc = dyn_cast<memref::DeallocOp>(user);
            dealloc && (user->getBlock() == block) == inside &&
            derivesAlways(dealloc.getMemref(), owner))
          return true;
    return false;
  };
  // Whether every edge into the block of `argument` that runs hands it the
  // buffer itself (through casts). In a block other than the buffer's own,
  // the argument is then the buffer, which the block may free by name (read
  // by dominance; cfg seed 72128: the exit of a CFG loop hands the
  // iteration's buffer to a block that frees a cast of it). The edges of a
  // block no edge enters never run: what they pass does not count.
  auto receivesOnlyRoot = [&](BlockArgument argument) {
    Block *block = argument.getOwner();
    bool some = false;
    for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
      Block *from = *it;
      if (!from->isEntryBlock() && from->hasNoPredecessors())
        continue;
      auto branch = dyn_cast<BranchOpInterface>(from->getTerminator());
      if (!branch)
        return false;
      SuccessorOperands operands =
          branch.getSuccessorOperands(it.getSuccessorIndex());
      unsigned index = argument.getArgNumber();
      if (index >= operands.size() || !operands[index] ||
          !derivesAlways(operands[index], root))
        return false;
      some = true;
    }
    return some;
  };
  // Whether the block of `argument` frees it already (by its name, or by
  // the buffer's when it is the buffer), which runs whenever the block
  // does. Such an argument needs no flag: a free under one would free it
  // twice (cfg seed 31011: the exit block of a CFG loop frees what the
  // header's argument hands it, the iteration before's buffer).
  auto freedInBlock = [&](BlockArgument argument) {
    Block *block = argument.getOwner();
    if (freedIn(argument, block, /*inside=*/true))
      return true;
    return root.getParentBlock() != block && receivesOnlyRoot(argument) &&
           freedIn(root, block, /*inside=*/true);
  };
  // The frees of `owner` in `block` that run on some of its paths only: the
  // deallocs of it in some of the regions of one `scf.if` or
  // `scf.index_switch` of `block`, its last use there, when nothing else in
  // `block` frees it (cfg seed 41108: the exit block of a CFG loop frees the
  // iteration before's buffer in one branch and its own in the other). It
  // dies there on every path: the flagged free goes into the other regions.
  struct PartialFree {
    Operation *holder = nullptr;
    llvm::SmallDenseSet<unsigned, 4> regions;
  };
  auto partialFreeIn = [&](Value owner,
                           Block *block) -> std::optional<PartialFree> {
    PartialFree partial;
    for (Value alias : getFixAliases(owner))
      for (Operation *user : alias.getUsers()) {
        auto dealloc = dyn_cast<memref::DeallocOp>(user);
        Operation *ancestor = block->findAncestorOpInBlock(*user);
        if (!dealloc || !ancestor || !derivesAlways(dealloc.getMemref(), owner))
          continue;
        Operation *parent = user->getParentOp();
        if (parent != ancestor || !isa<scf::IfOp, scf::IndexSwitchOp>(parent) ||
            (partial.holder && partial.holder != parent))
          return std::nullopt;
        partial.holder = parent;
        partial.regions.insert(user->getParentRegion()->getRegionNumber());
      }
    if (!partial.holder ||
        partial.regions.size() >= partial.holder->getNumRegions() ||
        getLastUseIn(block, getFixAliases(owner)) != partial.holder)
      return std::nullopt;
    return partial;
  };
  // The frees of the regions of a PartialFree's op that do not free what
  // they free (the text of each region's, and of a new else after an
  // `scf.if` without one), written at the end.
  llvm::MapVector<Block *, std::string> regionFrees;
  llvm::MapVector<Operation *, std::string> elseFrees;
  auto freeInOtherRegions = [&](const PartialFree &partial,
                                const std::string &free) {
    for (Region &other : partial.holder->getRegions()) {
      if (partial.regions.contains(other.getRegionNumber()))
        continue;
      std::string &frees = other.empty() ? elseFrees[partial.holder]
                                         : regionFrees[&other.front()];
      frees += (frees.empty() ? "" : "\n") + free;
    }
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
          receivesInteriorView(argument) || (!holds && freedInBlock(argument)))
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
      if (operands[i] && !isInteriorView(operands[i]) &&
          derivesAlways(operands[i], argument))
        return true;
    return false;
  };
  // Whether the edge `k` of `terminator` leads, before the block of
  // `argument` again, to a use of `argument` itself or a view of it in a
  // block its block dominates (a return of it after the loop).
  // The blocks, other than its own, that use `argument` or a view of it
  // (computed once per argument).
  auto collectUseBlocks = [&](Value owner, Block *home,
                              llvm::SmallPtrSet<Block *, 8> &useBlocks) {
    SmallVector<Value> values{owner};
    while (!values.empty() && values.size() < 64) {
      Value value = values.pop_back_val();
      for (Operation *user : value.getUsers()) {
        if (auto view = dyn_cast<ViewLikeOpInterface>(user);
            view && view.getViewSource() == value)
          values.append(user->result_begin(), user->result_end());
        if (Operation *ancestor = region->findAncestorOpInRegion(*user);
            ancestor && ancestor->getBlock() != home)
          useBlocks.insert(ancestor->getBlock());
      }
    }
  };
  llvm::DenseMap<BlockArgument, llvm::SmallPtrSet<Block *, 8>> useBlocksOf;
  for (auto &[block, arguments] : byBlock)
    for (BlockArgument argument : arguments)
      collectUseBlocks(argument, block, useBlocksOf[argument]);
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
  // Whether the edge `k` of `terminator` leads, before `home` again, to a
  // block of `useBlocks`.
  auto reachesUse = [&](Operation *terminator, unsigned k, Block *home,
                        const llvm::SmallPtrSet<Block *, 8> &useBlocks) {
    if (useBlocks.empty())
      return false;
    llvm::SmallPtrSet<Block *, 16> reached =
        getReachedBefore(terminator, k, home);
    return llvm::any_of(useBlocks,
                        [&](Block *block) { return reached.contains(block); });
  };
  auto keptAlive = [&](Operation *terminator, unsigned k,
                       BlockArgument argument) {
    return reachesUse(terminator, k, argument.getOwner(),
                      useBlocksOf[argument]);
  };
  // Whether some edge of `terminator` hands `argument` on (or in part,
  // through a select of it: getHandedInPart) or keeps it; with `late`, also
  // whether what it was forwarded to is used past an edge: it does not die
  // in its block then (cfg seed 48144: a loop header's select of it, which
  // the block after the loop uses).
  auto handedOn = [&](Operation *terminator, BlockArgument argument) {
    for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k)
      if (passesOn(terminator, k, argument) ||
          keptAlive(terminator, k, argument) ||
          (!holds && getHandedInPart(source, terminator, k, argument)) ||
          (late && !derivedUnknown.contains(argument) &&
           reachesBefore(terminator, k, argument.getOwner(),
                         derivedUsesOf[argument])))
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
    llvm::SmallPtrSet<Block *, 16> reached =
        getReachedBefore(terminator, k, argument.getOwner());
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

  // With `follow`: an owner whose own name outlives the block that makes it
  // one (a CFG loop's header argument that an exit edge does not hand on
  // but a block after the loop still reads by dominance, or hands on
  // there) is freed where that name dies: on each edge, past its block, that
  // neither hands it on nor leads to a use of it, or after its last use in
  // the block where no edge does. And the buffer itself, which an edge of
  // its block hands to the chain, is freed (it is its own owner: no flag)
  // on the edges of its block that drop it, and past them in the same way.
  // An owner freed by name elsewhere already is not followed.
  struct Followed {
    Value value;
    Block *home;
    std::string flag; // empty: the buffer itself
    llvm::SmallPtrSet<Block *, 8> useBlocks;
    // The block past its own that frees it on some paths, where it dies.
    Block *partialBlock = nullptr;
    std::optional<PartialFree> partial;
  };
  std::vector<Followed> followed;
  bool outlives = false; // a name outlives its block
  llvm::MapVector<Block *, SmallVector<unsigned>> edgeFrees;
  SmallVector<std::pair<Block *, unsigned>> blockFrees;
  auto keptAliveFollowed = [&](Operation *terminator, unsigned k,
                               const Followed &owner) {
    return reachesUse(terminator, k, owner.home, owner.useBlocks);
  };
  auto followedFreeText = [&](const Followed &owner) {
    std::string free = getDeallocText(context, owner.value, family);
    if (!owner.flag.empty())
      free = getGuardedText(owner.flag, /*whenTrue=*/true, free);
    return free;
  };
  if (follow && !holds) {
    // (An argument freed past its block only on some paths of one block,
    // a PartialFree there, is followed to that block, where it dies.)
    auto partialPast = [&](BlockArgument argument)
        -> std::pair<Block *, std::optional<PartialFree>> {
      Block *freeBlock = nullptr;
      for (Value alias : getFixAliases(argument))
        for (Operation *user : alias.getUsers())
          if (auto dealloc = dyn_cast<memref::DeallocOp>(user);
              dealloc && derivesAlways(dealloc.getMemref(), argument)) {
            Operation *ancestor = region->findAncestorOpInRegion(*user);
            if (!ancestor || (freeBlock && freeBlock != ancestor->getBlock()))
              return {nullptr, std::nullopt};
            freeBlock = ancestor->getBlock();
          }
      if (!freeBlock || freeBlock == argument.getOwner())
        return {nullptr, std::nullopt};
      return {freeBlock, partialFreeIn(argument, freeBlock)};
    };
    SmallVector<
        std::tuple<Value, std::string, Block *, std::optional<PartialFree>>>
        owners;
    if (!freedIn(root, nullptr, /*inside=*/false))
      owners.push_back({root, "", nullptr, std::nullopt});
    for (auto &[block, arguments] : byBlock)
      for (BlockArgument argument : arguments) {
        if (!freedIn(argument, block, /*inside=*/false)) {
          owners.push_back({argument, flagOf[argument], nullptr, std::nullopt});
          continue;
        }
        auto [freeBlock, partial] = partialPast(argument);
        if (partial)
          owners.push_back({argument, flagOf[argument], freeBlock, partial});
      }
    for (auto &[value, flag, partialBlock, partial] : owners) {
      Followed owner{value, value.getParentBlock(), flag, {}};
      owner.partialBlock = partialBlock;
      owner.partial = partial;
      Operation *terminator = owner.home->getTerminator();
      if (!terminator || !isa<BranchOpInterface>(terminator))
        continue;
      collectUseBlocks(value, owner.home, owner.useBlocks);
      bool isRoot = flag.empty();
      unsigned index = followed.size();
      bool added = false;
      SmallVector<Block *> worklist;
      bool handed = false;
      for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k)
        handed |= passesOn(terminator, k, value);
      if (isRoot && !handed)
        continue; // (not the chain's: it dies in its block)
      for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k) {
        if (passesOn(terminator, k, value))
          continue;
        if (keptAliveFollowed(terminator, k, owner))
          worklist.push_back(terminator->getSuccessor(k));
        else if (isRoot && !added) {
          // (An argument's own block frees it on such edges already.)
          edgeFrees[owner.home].push_back(index);
          added = true;
        }
      }
      llvm::SmallPtrSet<Block *, 16> seen;
      while (!worklist.empty()) {
        Block *block = worklist.pop_back_val();
        if (block == owner.home || !seen.insert(block).second)
          continue;
        Operation *last = block->getTerminator();
        if (!last)
          return {};
        bool kept = false, drops = false;
        for (unsigned k = 0; k < last->getNumSuccessors(); ++k) {
          if (passesOn(last, k, value)) {
            kept = true; // handed on: its new owner frees it
          } else if (keptAliveFollowed(last, k, owner)) {
            kept = true;
            worklist.push_back(last->getSuccessor(k));
          } else {
            drops = true;
          }
        }
        if (block == owner.partialBlock && kept)
          return {}; // (handed on where it is freed on some paths)
        if (!kept)
          blockFrees.push_back({block, index});
        else if (drops)
          edgeFrees[block].push_back(index);
        added |= !kept || drops;
        outlives |= !kept || drops;
      }
      if (added)
        followed.push_back(std::move(owner));
    }
    // (Only when a name outlives its block: the buffer dropped by an edge
    // of its own block alone is the next round's, after a repair in part.)
    if (followed.empty() || !outlives)
      return {};
  }

  // The flagged arguments of each block in the order in which an edge that
  // hands one owner to several of them gives it: the one that lives longest
  // in the block first (one that an edge hands on, then the one whose last
  // use comes last; the first of them on a tie), so that its free under the
  // flag frees nothing the others still use (cfg seed 81073: a CFG loop's
  // back-edge hands the buffer to three arguments of the header, the first
  // unused, the second handed on by the exit, the third read).
  llvm::DenseMap<Block *, SmallVector<BlockArgument>> ownerOrder;
  for (auto &[block, arguments] : byBlock) {
    SmallVector<BlockArgument> &order = ownerOrder[block];
    order = arguments;
    Operation *terminator = block->getTerminator();
    if (holds || order.size() < 2 || !terminator ||
        (terminator->getNumSuccessors() && !isa<BranchOpInterface>(terminator)))
      continue;
    llvm::DenseMap<Value, std::pair<bool, Operation *>> lifetime;
    for (BlockArgument argument : arguments) {
      bool handed = handedOn(terminator, argument);
      lifetime[argument] = {
          handed,
          handed ? nullptr : getLastUseIn(block, getFixAliases(argument))};
    }
    llvm::stable_sort(order, [&](BlockArgument a, BlockArgument b) {
      auto [handedA, lastA] = lifetime[a];
      auto [handedB, lastB] = lifetime[b];
      if (handedA || handedB)
        return handedA && !handedB;
      return lastA && (!lastB || lastB->isBeforeInBlock(lastA));
    });
  }

  // Each edge into a block with flags passes, for each flagged argument,
  // whether it hands it the buffer: true for the buffer itself, a select's
  // condition, the flag of the argument of a dominating block whose value
  // it hands on, false for anything that never holds the buffer; the first
  // argument of ownerOrder only when the edge hands one owner to several.
  unsigned negations = 0;
  llvm::MapVector<Operation *, std::string> splitBlocks;
  std::string splitLabel = "^memlint_chain_" + line + "_";
  std::string handPrefix = "%memlint_hand_" + line + "_";
  unsigned splits = 0, hands = 0;
  bool ownSplits = false;
  if (text.contains(splitLabel) || text.contains(handPrefix))
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
    SmallVector<unsigned> extra;
    if (auto it = edgeFrees.find(&block); it != edgeFrees.end())
      extra = it->second;
    if (!relevant && own.empty() && extra.empty())
      continue;
    if (!branch)
      return {};
    SmallVector<std::pair<uint64_t, uint64_t>> spans =
        getSuccessorSpans(source, terminator);
    auto lines = source.getWholeLines(terminator);
    if (spans.empty() || !lines)
      return {};
    std::string indent = source.getIndentation(terminator).str();
    HoldsWriter writer(source, terminator,
                       handPrefix + std::to_string(hands++) + "_");
    writer.setConstants(yes, no);
    writer.setFreshCalls();
    // Appends the lines of `free`, indented, to `frees`.
    auto appendLines = [&](std::string &frees, StringRef free) {
      SmallVector<StringRef> parts;
      free.split(parts, '\n');
      for (StringRef part : parts)
        frees += indent + part.str() + "\n";
    };
    for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k) {
      Block *dest = terminator->getSuccessor(k);
      StringRef span = text.slice(spans[k].first, spans[k].second);
      std::string newSpan = span.str();
      if (auto it = byBlock.find(dest); it != byBlock.end()) {
        SuccessorOperands operands = branch.getSuccessorOperands(k);
        llvm::SmallPtrSet<void *, 4> owners;
        llvm::DenseMap<Value, std::string> valueOf;
        for (BlockArgument argument : ownerOrder[dest]) {
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
            // (A select of them: a select of their flags.)
            if (value.empty() && !holds)
              value = getHeldFlag(writer, passed, root, flagOf, yes, no, owners)
                          .value_or("");
            if (value.empty())
              return {};
          }
          if (!holds && owner && !owners.insert(owner).second)
            value = no; // handed to an earlier argument of the edge
          valueOf[argument] = value;
        }
        std::string list, types;
        for (BlockArgument argument : it->second) {
          list += ", " + valueOf[argument];
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
        // (Handed on in part: freed where the edge does not hand it on.)
        std::optional<std::string> flag = getDroppedFlag(
            writer, source, terminator, k, argument, flagOf[argument]);
        if (!flag)
          return {};
        if (late && *flag == flagOf[argument] &&
            freeLate(terminator, k, argument))
          continue;
        appendLines(frees,
                    getGuardedText(*flag, /*whenTrue=*/true,
                                   getDeallocText(context, argument, family)));
      }
      ownSplits |= !frees.empty();
      for (unsigned index : extra) {
        const Followed &owner = followed[index];
        if (passesOn(terminator, k, owner.value) ||
            keptAliveFollowed(terminator, k, owner))
          continue;
        appendLines(frees, followedFreeText(owner));
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
    if (!writer.getLines().empty())
      builder.insertBefore(terminator,
                           StringRef(writer.getLines()).drop_back());
    if (auto it = splitBlocks.find(terminator); it != splitBlocks.end())
      edits.insert(lines->second, it->second);
  }
  // One block whose arguments no edge drops: the joins of getJoinFlagFixes.
  // (One block with an edge that drops its argument, a CFG loop's header
  // whose back-edge replaces it, is this strategy's: the joins free where
  // the paths join, not on the back-edge; cfg seeds 31011, 16188.)
  // (The same with `follow`: the frees of the names it follows do not
  // count.)
  if (byBlock.size() < 2 && !ownSplits && freedLate.empty())
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
      if (std::optional<PartialFree> partial = partialFreeIn(argument, block)) {
        freeInOtherRegions(*partial, free);
        continue;
      }
      // (Not when it is returned, or handed on under a condition.)
      if (!insertFreeAfterLastUse(builder, block, last, argument, free))
        return {};
    }
  }
  // The followed owners that die in a block past their own.
  for (auto &[block, index] : blockFrees) {
    const Followed &owner = followed[index];
    if (block == owner.partialBlock) {
      freeInOtherRegions(*owner.partial, followedFreeText(owner));
      continue;
    }
    Operation *last = getLastUseIn(block, getFixAliases(owner.value));
    if (!insertFreeAfterLastUse(builder, block, last, owner.value,
                                followedFreeText(owner)))
      return {};
  }
  for (auto &[block, frees] : regionFrees)
    builder.insertAtEnd(block, frees);
  for (auto &[holder, frees] : elseFrees) {
    std::string condition =
        source.getName(cast<scf::IfOp>(holder).getCondition());
    if (!StringRef(condition).starts_with("%"))
      return {};
    builder.insertAfter(holder,
                        getGuardedText(condition, /*whenTrue=*/false, frees));
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
                   : follow ? std::string(", also where their names outlive "
                                          "their blocks")
                            : std::string()));
  if (!fix)
    return {};
  return {std::move(*fix)};
}

/// The candidates of getChainFlagFixes for the chain of `root`'s region.
static std::vector<FixIt> buildChainFlagFixes(const LintContext &context,
                                              Value root, Deallocator family,
                                              bool holds) {
  std::vector<FixIt> fixes =
      buildChainFlagFix(context, root, family, holds, ChainMode::Edges);
  // (The others are tried after the chain alone, which keeps its results:
  // a repair in part whose next rounds finish it.)
  if (!holds)
    for (ChainMode mode : {ChainMode::Late, ChainMode::Follow})
      for (FixIt &fix : buildChainFlagFix(context, root, family, holds, mode))
        fixes.push_back(std::move(fix));
  return fixes;
}

/// The result of the op whose region holds `value` that is `value` on every
/// path (an `scf.execute_region` that yields it): what hands a buffer of a
/// nested region to the blocks of the region around it. Null when there is
/// none, or `value`'s region is a function's body.
static Value getHandingResult(Value value) {
  Operation *parent = value.getParentRegion()->getParentOp();
  if (!parent || isa<FunctionOpInterface>(parent))
    return {};
  for (Value result : parent->getResults())
    if (isa<BaseMemRefType>(result.getType()) && derivesAlways(result, value))
      return result;
  return {};
}

std::vector<FixIt> memlint::getChainFlagFixes(const LintContext &context,
                                              Value root, Deallocator family,
                                              bool holds) {
  std::vector<FixIt> fixes = buildChainFlagFixes(context, root, family, holds);
  // A buffer of a nested region that no chain of its own region frees, which
  // the region op hands out to a CFG loop around it: the chain of the region
  // around, from the op's result (cfg seed 57056: an scf.execute_region's
  // result that a loop's back-edge hands to its header).
  for (Value outer = getHandingResult(root); fixes.empty() && outer;
       outer = getHandingResult(outer))
    fixes = buildChainFlagFixes(context, outer, family, holds);
  return fixes;
}
