//===- LifetimeJoinKeepFlagFixes.cpp - A keep flag at a join -------------===//
//
// Owns the keep flag at a join (see getJoinKeepFlagFix in
// LifetimeFlagFixes.h): a buffer whose block dominates the join, which some
// edges hand to the argument the function returns and others do not, is
// freed under an `i1` argument of the join that says it was not handed on.
// It reads the IR and the source text and builds edits; it never runs an
// analysis, and whether a candidate is right is the validation's to decide
// (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFlagFixes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace memlint;

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
  if (!function)
    return std::nullopt;
  DominanceInfo dominance(function);
  if (!dominance.properlyDominates(root, &join->front()))
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
