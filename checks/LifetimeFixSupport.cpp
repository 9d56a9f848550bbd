//===- LifetimeFixSupport.cpp - Queries shared by lifetime fix-its --------===//
//
// Owns the queries on the IR that the lifetime fix-it strategies share
// (LifetimeFixSupport.h): aliases, last uses, post-dominators, the written
// successors of a branch, and what a value is derived from. It reads the IR
// and the source text only; it builds no edit and runs no analysis.
//
//===----------------------------------------------------------------------===//

#include "checks/LifetimeFixSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace memlint;

//===----------------------------------------------------------------------===//
// Aliases and uses
//===----------------------------------------------------------------------===//

llvm::SetVector<Value> memlint::getFixAliases(Value root) {
  llvm::SetVector<Value> aliases;
  SmallVector<Value> worklist{root};
  auto addMemrefs = [&](auto values) {
    for (Value v : values)
      if (isa<BaseMemRefType>(v.getType()))
        worklist.push_back(v);
  };
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!aliases.insert(v))
      continue;
    for (Operation *user : v.getUsers()) {
      // What a branch of an scf.if (or an scf.execute_region,
      // scf.index_switch) yields is the result of the same position only.
      if (auto yield = dyn_cast<scf::YieldOp>(user);
          yield && isa<scf::IfOp, scf::ExecuteRegionOp, scf::IndexSwitchOp>(
                       yield->getParentOp())) {
        for (OpOperand &operand : yield->getOpOperands())
          if (operand.get() == v && operand.getOperandNumber() <
                                        yield->getParentOp()->getNumResults())
            addMemrefs(ValueRange(
                yield->getParentOp()->getResult(operand.getOperandNumber())));
        continue;
      }
      // A branch passes it to the arguments of the positions it is in.
      if (auto branch = dyn_cast<BranchOpInterface>(user)) {
        for (unsigned k = 0; k < user->getNumSuccessors(); ++k) {
          SuccessorOperands operands = branch.getSuccessorOperands(k);
          Block *dest = user->getSuccessor(k);
          for (unsigned i = 0; i < operands.size(); ++i)
            if (operands[i] == v && i < dest->getNumArguments())
              addMemrefs(ValueRange(dest->getArgument(i)));
        }
        continue;
      }
      addMemrefs(user->getResults());
      for (Region &region : user->getRegions())
        if (!region.empty())
          addMemrefs(region.front().getArguments());
      for (Block *successor : user->getSuccessors())
        addMemrefs(successor->getArguments());
      // A region's terminator forwards to the results and the region
      // arguments of its op; a function's return forwards to the caller,
      // not to the function's arguments.
      if (isa<RegionBranchTerminatorOpInterface>(user) &&
          !isa<FunctionOpInterface>(user->getParentOp())) {
        Operation *parent = user->getParentOp();
        addMemrefs(parent->getResults());
        for (Region &region : parent->getRegions())
          if (!region.empty())
            addMemrefs(region.front().getArguments());
      }
    }
  }
  return aliases;
}

Operation *memlint::getLastUseIn(Block *block,
                                 const llvm::SetVector<Value> &values) {
  Operation *last = nullptr;
  for (Value v : values)
    for (Operation *user : v.getUsers())
      if (Operation *ancestor = block->findAncestorOpInBlock(*user))
        if (!last || last->isBeforeInBlock(ancestor))
          last = ancestor;
  return last;
}

Operation *memlint::getFunctionOf(Operation *op) {
  if (isa<FunctionOpInterface>(op))
    return op;
  return op->getParentOfType<FunctionOpInterface>();
}

bool memlint::inSameFunction(Operation *a, Operation *b) {
  return a && b && getFunctionOf(a) == getFunctionOf(b);
}

//===----------------------------------------------------------------------===//
// The CFG and its text
//===----------------------------------------------------------------------===//

SmallVector<std::pair<uint64_t, uint64_t>>
memlint::getSuccessorSpans(const SourceInfo &source, Operation *terminator) {
  SmallVector<std::pair<uint64_t, uint64_t>> spans;
  auto end = source.getEndOffset(terminator);
  SourceRange range = source.getRange(terminator);
  if (!end || !range.isValid())
    return {};
  StringRef text = source.getText();
  for (uint64_t i = range.offset; i < *end; ++i) {
    if (text[i] != '^')
      continue;
    uint64_t j = i + 1;
    while (j < *end &&
           (llvm::isAlnum(text[j]) || StringRef("_.$-").contains(text[j])))
      ++j;
    uint64_t labelEnd = j;
    while (j < *end && text[j] == ' ')
      ++j;
    if (j < *end && text[j] == '(') {
      unsigned depth = 0;
      for (; j < *end; ++j) {
        depth += text[j] == '(';
        if (text[j] == ')' && --depth == 0)
          break;
      }
      if (j == *end)
        return {};
      spans.push_back({i, j + 1});
    } else {
      spans.push_back({i, labelEnd});
    }
    i = spans.back().second - 1;
  }
  if (spans.size() != terminator->getNumSuccessors())
    return {};
  for (unsigned k = 0; k < spans.size(); ++k) {
    StringRef label = text.slice(spans[k].first, spans[k].second);
    std::string name = source.getBlockName(terminator->getSuccessor(k));
    if (name.empty() || !label.starts_with(name) ||
        (label.size() > name.size() && label[name.size()] != '(' &&
         label[name.size()] != ' '))
      return {};
  }
  return spans;
}

Block *memlint::getCommonPostDominator(Region *region,
                                       ArrayRef<Operation *> ops) {
  if (!region || region->hasOneBlock())
    return nullptr;
  PostDominanceInfo postDominance(region->getParentOp());
  Block *common = nullptr;
  for (Operation *op : ops) {
    Operation *ancestor = region->findAncestorOpInRegion(*op);
    if (!ancestor)
      return nullptr;
    common = common ? postDominance.findNearestCommonDominator(
                          common, ancestor->getBlock())
                    : ancestor->getBlock();
    if (!common)
      return nullptr;
  }
  return common;
}

//===----------------------------------------------------------------------===//
// Derivation
//===----------------------------------------------------------------------===//

/// The derivation of a choice between `t` (when `condition` holds) and `f`.
static RootDerivation choose(Value condition, RootDerivation t,
                             RootDerivation f) {
  if (t.kind == f.kind &&
      (t.kind == RootDerivation::Always || t.kind == RootDerivation::Never))
    return t;
  if (t.kind == RootDerivation::Always && f.kind == RootDerivation::Never)
    return {RootDerivation::Guarded, condition, true};
  if (t.kind == RootDerivation::Never && f.kind == RootDerivation::Always)
    return {RootDerivation::Guarded, condition, false};
  return {};
}

/// Follows `value` back through views, casts, selects, `scf.if` results and
/// the edges into a block to `root`: always `root`, never (another
/// allocation or argument), `root` under one select condition, or unknown
/// (a call, a nested guard, edges that disagree). Bounded in depth (32) and in values visited
/// (`budget`): joins of joins would otherwise be visited exponentially often.
static RootDerivation derive(Value value, Value root, unsigned depth,
                             unsigned &budget) {
  if (value == root)
    return {RootDerivation::Always};
  if (depth > 32 || budget == 0)
    return {};
  --budget;
  Operation *def = value.getDefiningOp();
  if (!def) {
    auto argument = cast<BlockArgument>(value);
    Block *block = argument.getOwner();
    if (!block->isEntryBlock()) {
      // A block argument: what every edge into the block passes to it.
      std::optional<RootDerivation::Kind> all;
      for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
        auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
        if (!branch)
          return {};
        Value passed = branch.getSuccessorOperands(it.getSuccessorIndex())
                           [argument.getArgNumber()];
        if (!passed)
          return {};
        RootDerivation d = derive(passed, root, depth + 1, budget);
        if (d.kind != RootDerivation::Always && d.kind != RootDerivation::Never)
          return {};
        if (all && *all != d.kind)
          return {};
        all = d.kind;
      }
      return {all ? *all : RootDerivation::Unknown};
    }
    return {isa<FunctionOpInterface>(block->getParentOp())
                ? RootDerivation::Never
                : RootDerivation::Unknown};
  }
  if (auto view = dyn_cast<ViewLikeOpInterface>(def))
    return derive(view.getViewSource(), root, depth + 1, budget);
  if (auto select = dyn_cast<arith::SelectOp>(def)) {
    RootDerivation t = derive(select.getTrueValue(), root, depth + 1, budget);
    RootDerivation f = derive(select.getFalseValue(), root, depth + 1, budget);
    return choose(select.getCondition(), t, f);
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    // A result of an `scf.if`: a select of what its branches yield.
    if (ifOp.getElseRegion().empty())
      return {};
    unsigned index = cast<OpResult>(value).getResultNumber();
    RootDerivation t =
        derive(ifOp.thenYield().getOperand(index), root, depth + 1, budget);
    RootDerivation f =
        derive(ifOp.elseYield().getOperand(index), root, depth + 1, budget);
    return choose(ifOp.getCondition(), t, f);
  }
  if (auto loop = dyn_cast<scf::ForOp>(def)) {
    // A result of an scf.for: its init value when the loop runs no
    // iteration (constant bounds), else what the init value and the yield
    // agree on (the yield may pass the iter_arg itself on).
    unsigned index = cast<OpResult>(value).getResultNumber();
    RootDerivation init =
        derive(loop.getInitArgs()[index], root, depth + 1, budget);
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
    if (lb && ub && *lb >= *ub)
      return init;
    Value yielded = loop.getYieldedValues()[index];
    if (yielded == loop.getRegionIterArgs()[index])
      return init;
    RootDerivation last = derive(yielded, root, depth + 1, budget);
    if (init.kind == last.kind &&
        (init.kind == RootDerivation::Always ||
         init.kind == RootDerivation::Never))
      return init;
    return {};
  }
  if (auto region = dyn_cast<scf::ExecuteRegionOp>(def)) {
    // What every scf.yield of its region hands out, when they agree.
    unsigned index = cast<OpResult>(value).getResultNumber();
    std::optional<RootDerivation::Kind> all;
    for (Block &block : region.getRegion()) {
      auto yield = dyn_cast<scf::YieldOp>(block.getTerminator());
      if (!yield)
        continue;
      RootDerivation d =
          derive(yield.getOperand(index), root, depth + 1, budget);
      if ((d.kind != RootDerivation::Always &&
           d.kind != RootDerivation::Never) ||
          (all && *all != d.kind))
        return {};
      all = d.kind;
    }
    return {all ? *all : RootDerivation::Unknown};
  }
  if (def->getNumRegions() == 0 && def->getNumResults() == 1 &&
      isa<memref::AllocOp, memref::AllocaOp>(def))
    return {RootDerivation::Never};
  return {};
}

RootDerivation memlint::deriveFromRoot(Value value, Value root) {
  unsigned budget = 256;
  return derive(value, root, 0, budget);
}

bool memlint::derivesAlways(Value value, Value root) {
  return deriveFromRoot(value, root).kind == RootDerivation::Always;
}
