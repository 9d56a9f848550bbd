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
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>

using namespace mlir;
using namespace memlint;

//===----------------------------------------------------------------------===//
// Aliases and uses
//===----------------------------------------------------------------------===//

bool memlint::returnsArgument(FunctionOpInterface callee, unsigned result,
                              unsigned position, bool always) {
  BlockArgument argument = callee.getArgument(position);
  bool returns = false;
  for (Block &block : callee.getFunctionBody()) {
    Operation *terminator =
        block.mightHaveTerminator() ? block.getTerminator() : nullptr;
    if (!terminator || !terminator->hasTrait<OpTrait::ReturnLike>())
      continue;
    RootDerivation::Kind kind =
        result < terminator->getNumOperands()
            ? deriveFromRoot(terminator->getOperand(result), argument).kind
            : RootDerivation::Never;
    if (!always && kind != RootDerivation::Never)
      return true;
    if (always && kind != RootDerivation::Always)
      return false;
    returns = true;
  }
  return always && returns;
}

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
      // An scf.for passes an init to the iter_arg and the result of its
      // position, and its yield an operand to the iter_arg and the result
      // of that position (cfg seed 21118).
      if (auto loop = dyn_cast<scf::ForOp>(user)) {
        for (OpOperand &operand : loop.getInitArgsMutable())
          if (operand.get() == v)
            addMemrefs(ValueRange{loop.getTiedLoopRegionIterArg(&operand),
                                  loop.getTiedLoopResult(&operand)});
        continue;
      }
      if (auto yield = dyn_cast<scf::YieldOp>(user);
          yield && isa<scf::ForOp>(yield->getParentOp())) {
        auto loop = cast<scf::ForOp>(yield->getParentOp());
        for (OpOperand &operand : yield->getOpOperands())
          if (operand.get() == v &&
              operand.getOperandNumber() < loop.getNumRegionIterArgs())
            addMemrefs(
                ValueRange{loop.getRegionIterArgs()[operand.getOperandNumber()],
                           loop->getResult(operand.getOperandNumber())});
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
      // A call of a function of the module: the results its returns may
      // derive from the argument `v` is passed as (a fresh buffer it
      // returns is not an alias: cfg seeds 19038, 21029).
      if (auto call = dyn_cast<CallOpInterface>(user)) {
        auto callee =
            dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
        if (callee && !callee.isExternal()) {
          for (auto [position, operand] :
               llvm::enumerate(call.getArgOperands()))
            if (operand == v && position < callee.getNumArguments())
              for (OpResult result : user->getResults())
                if (returnsArgument(callee, result.getResultNumber(), position,
                                    /*always=*/false))
                  addMemrefs(ValueRange(result));
          continue;
        }
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

Region *memlint::getRegionOfUses(Value root,
                                 const llvm::SetVector<Value> &values) {
  auto holdsAll = [&](Region *region) {
    return llvm::all_of(values, [&](Value value) {
      return region->isAncestor(value.getParentRegion()) &&
             llvm::all_of(value.getUsers(), [&](Operation *user) {
               return region->findAncestorOpInRegion(*user) != nullptr;
             });
    });
  };
  Region *region = root.getParentRegion();
  while (region && !isa<FunctionOpInterface>(region->getParentOp()) &&
         !holdsAll(region))
    region = region->getParentRegion();
  return region;
}

/// Whether a path of one or more edges leads from `from` to `to`.
static bool reachesByEdges(Block *from, Block *to) {
  llvm::SmallPtrSet<Block *, 16> seen;
  SmallVector<Block *> worklist(from->succ_begin(), from->succ_end());
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    if (block == to)
      return true;
    if (seen.insert(block).second)
      worklist.append(block->succ_begin(), block->succ_end());
  }
  return false;
}

Block *memlint::getPostDominatorOutOfLoops(Block *block, Block *from) {
  if (!block || !from || block->getParent() != from->getParent())
    return block;
  PostDominanceInfo postDominance(block->getParentOp());
  // (In a loop that holds `from` too when `block` reaches `from`: `from`
  // reaches `block`.)
  while (block && block != from && reachesByEdges(block, block) &&
         !reachesByEdges(block, from)) {
    llvm::DomTreeNodeBase<Block> *node = postDominance.getNode(block);
    block = node && node->getIDom() ? node->getIDom()->getBlock() : nullptr;
  }
  return block;
}

llvm::SmallPtrSet<Block *, 16>
memlint::getReachedBefore(Operation *terminator, unsigned k, Block *home) {
  llvm::SmallPtrSet<Block *, 16> seen;
  SmallVector<Block *> worklist{terminator->getSuccessor(k)};
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    if (block == home || !seen.insert(block).second)
      continue;
    worklist.append(block->succ_begin(), block->succ_end());
  }
  return seen;
}

bool memlint::reachesBefore(Operation *terminator, unsigned k, Block *home,
                            ArrayRef<Operation *> ops) {
  llvm::SmallPtrSet<Block *, 16> seen = getReachedBefore(terminator, k, home);
  return llvm::any_of(
      ops, [&](Operation *op) { return seen.contains(op->getBlock()); });
}

bool memlint::leadsBackOrToUse(Block *block, Block *join,
                               ArrayRef<Value> values) {
  llvm::SmallPtrSet<Block *, 16> reached;
  SmallVector<Block *> worklist(block->succ_begin(), block->succ_end());
  while (!worklist.empty()) {
    Block *next = worklist.pop_back_val();
    if (reached.insert(next).second)
      worklist.append(next->succ_begin(), next->succ_end());
  }
  Region *region = join->getParent();
  return reached.contains(join) || llvm::any_of(values, [&](Value value) {
           return llvm::any_of(value.getUsers(), [&](Operation *user) {
             Operation *ancestor = region->findAncestorOpInRegion(*user);
             return !ancestor || reached.contains(ancestor->getBlock());
           });
         });
}

Block *memlint::getFreeBlock(Block *home, ArrayRef<Value> values) {
  Region *region = home->getParent();
  SmallVector<Operation *> users;
  bool elsewhere = false;
  for (Value value : values)
    for (Operation *user : value.getUsers())
      if (Operation *ancestor = region->findAncestorOpInRegion(*user)) {
        users.push_back(ancestor);
        elsewhere |= ancestor->getBlock() != home;
      }
  if (!elsewhere)
    return home;
  if (home->empty())
    return nullptr;
  users.push_back(&home->front());
  return getCommonPostDominator(region, users);
}

//===----------------------------------------------------------------------===//
// Branch decisions
//===----------------------------------------------------------------------===//

namespace {
/// An integer that one i1 decides: `onTrue` when `condition` holds,
/// `onFalse` otherwise, both at the integer's width (64 for index).
struct I1Choice {
  Value condition;
  APInt onTrue, onFalse;
};
} // namespace

static unsigned getIntegerWidth(Type type) {
  if (isa<IndexType>(type))
    return IndexType::kInternalStorageBitWidth;
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.getWidth();
  return 0;
}

/// What `selector` is as a function of one i1: the i1 itself, an
/// `arith.select` of an i1 between two integer constants, each through the
/// extensions and casts (`arith.extui/extsi/trunci/index_cast/
/// index_castui`) that lead to `selector`. Nothing for anything else.
static std::optional<I1Choice> getI1Choice(Value selector) {
  // The casts from `selector` back to the choice, outermost first.
  SmallVector<Operation *> casts;
  Value v = selector;
  std::optional<I1Choice> choice;
  for (unsigned depth = 0; depth < 8 && !choice; ++depth) {
    if (v.getType().isInteger(1)) {
      choice = I1Choice{v, APInt(1, 1), APInt(1, 0)};
      break;
    }
    Operation *def = v.getDefiningOp();
    if (!def)
      return std::nullopt;
    if (auto select = dyn_cast<arith::SelectOp>(def)) {
      APInt t, f;
      if (!select.getCondition().getType().isInteger(1) ||
          !matchPattern(select.getTrueValue(), m_ConstantInt(&t)) ||
          !matchPattern(select.getFalseValue(), m_ConstantInt(&f)))
        return std::nullopt;
      choice = I1Choice{select.getCondition(), t, f};
      break;
    }
    if (!isa<arith::ExtUIOp, arith::ExtSIOp, arith::TruncIOp,
             arith::IndexCastOp, arith::IndexCastUIOp>(def))
      return std::nullopt;
    casts.push_back(def);
    v = def->getOperand(0);
  }
  if (!choice)
    return std::nullopt;
  for (Operation *cast : llvm::reverse(casts)) {
    unsigned width = getIntegerWidth(cast->getResult(0).getType());
    if (width == 0)
      return std::nullopt;
    bool zeroExtends = isa<arith::ExtUIOp, arith::IndexCastUIOp>(cast);
    auto apply = [&](const APInt &x) {
      return zeroExtends ? x.zextOrTrunc(width) : x.sextOrTrunc(width);
    };
    choice->onTrue = apply(choice->onTrue);
    choice->onFalse = apply(choice->onFalse);
  }
  if (getIntegerWidth(selector.getType()) != choice->onTrue.getBitWidth())
    return std::nullopt;
  return choice;
}

namespace {
/// The edges a switch takes for the two values of the i1 its selector is
/// chosen by.
struct I1Edges {
  Value condition;
  int onTrue, onFalse;
};
} // namespace

static std::optional<I1Edges> getI1Edges(Operation *branch) {
  Value selector;
  std::function<int(const APInt &)> edgeOf;
  if (auto sw = dyn_cast<cf::SwitchOp>(branch)) {
    selector = sw.getFlag();
    std::optional<DenseIntElementsAttr> cases = sw.getCaseValues();
    edgeOf = [cases](const APInt &x) {
      if (cases)
        for (auto [i, value] : llvm::enumerate(cases->getValues<APInt>()))
          if (value == x)
            return (int)i + 1; // successor 0 is the default destination
      return 0;
    };
  } else if (auto sw = dyn_cast<scf::IndexSwitchOp>(branch)) {
    selector = sw.getArg();
    ArrayRef<int64_t> cases = sw.getCases();
    edgeOf = [cases](const APInt &x) {
      for (auto [i, value] : llvm::enumerate(cases))
        if (value == x.getSExtValue())
          return (int)i + 1; // region 0 is the default region
      return 0;
    };
  } else {
    return std::nullopt;
  }
  std::optional<I1Choice> choice = getI1Choice(selector);
  if (!choice)
    return std::nullopt;
  return I1Edges{choice->condition, edgeOf(choice->onTrue),
                 edgeOf(choice->onFalse)};
}

std::optional<std::pair<Value, bool>>
memlint::getEdgeDecision(Operation *branch, int successor) {
  if (auto ifOp = dyn_cast<scf::IfOp>(branch))
    return std::make_pair(ifOp.getCondition(), successor == 0);
  if (auto br = dyn_cast<cf::CondBranchOp>(branch))
    return std::make_pair(br.getCondition(), successor == 0);
  // A switch: the edge each of the two values of its selector takes.
  std::optional<I1Edges> edges = getI1Edges(branch);
  if (!edges || edges->onTrue == edges->onFalse)
    return std::nullopt;
  if (successor == edges->onTrue)
    return std::make_pair(edges->condition, true);
  if (successor == edges->onFalse)
    return std::make_pair(edges->condition, false);
  return std::nullopt;
}

bool memlint::isNeverTaken(Operation *branch, int successor) {
  std::optional<I1Edges> edges = getI1Edges(branch);
  return edges && successor != edges->onTrue && successor != edges->onFalse;
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

namespace {
/// One value being derived, with what its derivation still needs: the
/// values it is chosen from, derived one after the other, in order.
struct DeriveFrame {
  enum Shape { Edges, View, Choice, Loop, Region } shape;
  Value value;
  unsigned depth;
  /// What the values derived so far gave (Choice: true then false; Loop:
  /// the init value).
  SmallVector<RootDerivation, 2> results;
  /// Edges: the edges into the block, as terminator and successor index.
  SmallVector<std::pair<Operation *, unsigned>> edges;
  /// Edges, Region: the kind every value derived so far agrees on.
  std::optional<RootDerivation::Kind> all;
  /// Edges, Region: the next value to derive; Loop: 1 when the value
  /// derived is the init value a known trip count hands out.
  unsigned next = 0;
};

/// What a frame does next: derive `child`, or it is done with `result`.
struct DeriveStep {
  Value child;
  RootDerivation result;
};
} // namespace

/// The regions of an `scf.index_switch` on an i1 (getEdgeDecision): the
/// condition, and the regions its true and its false value enter (the other
/// regions never run). None when both values enter one region.
static std::optional<std::tuple<Value, unsigned, unsigned>>
getI1Regions(scf::IndexSwitchOp sw) {
  Value condition;
  std::optional<unsigned> onTrue, onFalse;
  for (unsigned r = 0; r < sw->getNumRegions(); ++r)
    if (std::optional<std::pair<Value, bool>> d = getEdgeDecision(sw, r)) {
      condition = d->first;
      (d->second ? onTrue : onFalse) = r;
    }
  if (!onTrue || !onFalse)
    return std::nullopt;
  return std::make_tuple(condition, *onTrue, *onFalse);
}

/// Derives `value` from `root` with an explicit stack of frames (STYLE §9),
/// visiting the values in the order of a depth-first walk: always `root`,
/// never (another allocation or argument), `root` under one select
/// condition, or unknown (a call, a nested guard, edges that disagree).
/// Bounded in depth (32) and in values visited (256): joins of joins would
/// otherwise be visited exponentially often.
RootDerivation memlint::deriveFromRoot(Value value, Value root) {
  unsigned budget = 256;
  SmallVector<DeriveFrame> stack;
  // Derives `v` at once, or pushes its frame and gives nothing.
  auto enter = [&](Value v, unsigned depth) -> std::optional<RootDerivation> {
    if (v == root)
      return RootDerivation{RootDerivation::Always};
    if (depth > 32 || budget == 0)
      return RootDerivation{};
    --budget;
    auto push = [&](DeriveFrame::Shape shape) {
      stack.push_back({shape, v, depth, {}, {}, std::nullopt, 0});
      return std::optional<RootDerivation>();
    };
    Operation *def = v.getDefiningOp();
    if (!def) {
      auto argument = cast<BlockArgument>(v);
      Block *block = argument.getOwner();
      if (block->isEntryBlock())
        return RootDerivation{isa<FunctionOpInterface>(block->getParentOp())
                                  ? RootDerivation::Never
                                  : RootDerivation::Unknown};
      // A block no edge enters never runs: its arguments hold nothing
      // (cfg seed 41031: an unreachable block hands one to a CFG loop's
      // header, whose chain of flags could not tell what that edge passes).
      if (block->hasNoPredecessors())
        return RootDerivation{RootDerivation::Never};
      push(DeriveFrame::Edges);
      for (auto it = block->pred_begin(); it != block->pred_end(); ++it)
        stack.back().edges.push_back(
            {(*it)->getTerminator(), it.getSuccessorIndex()});
      return std::nullopt;
    }
    if (isa<ViewLikeOpInterface>(def))
      return push(DeriveFrame::View);
    if (isa<arith::SelectOp>(def))
      return push(DeriveFrame::Choice);
    if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
      if (ifOp.getElseRegion().empty())
        return RootDerivation{};
      return push(DeriveFrame::Choice);
    }
    if (auto sw = dyn_cast<scf::IndexSwitchOp>(def)) {
      if (!getI1Regions(sw))
        return RootDerivation{};
      return push(DeriveFrame::Choice);
    }
    if (isa<scf::ForOp>(def))
      return push(DeriveFrame::Loop);
    if (isa<scf::ExecuteRegionOp>(def))
      return push(DeriveFrame::Region);
    if (def->getNumRegions() == 0 && def->getNumResults() == 1 &&
        isa<memref::AllocOp, memref::AllocaOp, gpu::AllocOp>(def))
      return RootDerivation{RootDerivation::Never};
    return RootDerivation{};
  };
  // Takes the derivation of the frame's last value (none the first time)
  // and says what the frame does next.
  auto advance = [&](DeriveFrame &frame,
                     std::optional<RootDerivation> got) -> DeriveStep {
    auto done = [](RootDerivation d) { return DeriveStep{Value(), d}; };
    auto derive = [](Value child) { return DeriveStep{child, {}}; };
    Operation *def = frame.value.getDefiningOp();
    unsigned index = def ? cast<OpResult>(frame.value).getResultNumber() : 0;
    // Edges, Region: every value derived must agree on always or never.
    auto agree = [&](RootDerivation d) {
      if ((d.kind != RootDerivation::Always &&
           d.kind != RootDerivation::Never) ||
          (frame.all && *frame.all != d.kind))
        return false;
      frame.all = d.kind;
      return true;
    };
    switch (frame.shape) {
    case DeriveFrame::Edges: {
      // A block argument: what every edge into the block passes to it.
      if (got && !agree(*got))
        return done({});
      if (frame.next == frame.edges.size())
        return done({frame.all ? *frame.all : RootDerivation::Unknown});
      auto [terminator, successor] = frame.edges[frame.next++];
      auto branch = dyn_cast<BranchOpInterface>(terminator);
      if (!branch)
        return done({});
      Value passed = branch.getSuccessorOperands(
          successor)[cast<BlockArgument>(frame.value).getArgNumber()];
      if (!passed)
        return done({});
      return derive(passed);
    }
    case DeriveFrame::View:
      if (got)
        return done(*got);
      return derive(cast<ViewLikeOpInterface>(def).getViewSource());
    case DeriveFrame::Choice: {
      // A select, or a result of an `scf.if` (or of an `scf.index_switch`
      // on an i1): a select of what its branches yield.
      if (got)
        frame.results.push_back(*got);
      bool second = frame.results.size() == 1;
      if (auto select = dyn_cast<arith::SelectOp>(def)) {
        if (frame.results.size() == 2)
          return done(choose(select.getCondition(), frame.results[0],
                             frame.results[1]));
        return derive(second ? select.getFalseValue()
                             : select.getTrueValue());
      }
      if (auto sw = dyn_cast<scf::IndexSwitchOp>(def)) {
        auto [condition, onTrue, onFalse] = *getI1Regions(sw);
        if (frame.results.size() == 2)
          return done(choose(condition, frame.results[0], frame.results[1]));
        Region &region = sw->getRegion(second ? onFalse : onTrue);
        return derive(region.front().getTerminator()->getOperand(index));
      }
      auto ifOp = cast<scf::IfOp>(def);
      if (frame.results.size() == 2)
        return done(
            choose(ifOp.getCondition(), frame.results[0], frame.results[1]));
      return derive(second ? ifOp.elseYield().getOperand(index)
                           : ifOp.thenYield().getOperand(index));
    }
    case DeriveFrame::Loop: {
      // A result of an scf.for: its init value when the loop runs no
      // iteration (constant bounds), else what the init value and the yield
      // agree on (the yield may pass the iter_arg itself on).
      auto loop = cast<scf::ForOp>(def);
      if (got && frame.next == 1)
        return done(*got); // the init value a known trip count hands out
      if (!got) {
        // Constant bounds and a yield that only permutes the iter_args
        // (a swap): the result is the init value at the position the
        // permutation leads back to after the known number of iterations.
        std::optional<APInt> count = loop.getStaticTripCount();
        if (count && !count->isZero() && count->ule(64)) {
          uint64_t trips = count->getZExtValue();
          unsigned position = index;
          bool permuted = true;
          for (uint64_t t = 0; t < trips && permuted; ++t) {
            auto arg =
                dyn_cast<BlockArgument>(loop.getYieldedValues()[position]);
            permuted = arg && arg.getOwner() == loop.getBody() &&
                       arg.getArgNumber() >= loop.getNumInductionVars();
            if (permuted)
              position = arg.getArgNumber() - loop.getNumInductionVars();
          }
          if (permuted) {
            frame.next = 1;
            return derive(loop.getInitArgs()[position]);
          }
        }
        return derive(loop.getInitArgs()[index]);
      }
      if (frame.results.empty()) {
        RootDerivation init = *got;
        frame.results.push_back(init);
        std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
        std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
        if (lb && ub && *lb >= *ub)
          return done(init);
        Value yielded = loop.getYieldedValues()[index];
        if (yielded == loop.getRegionIterArgs()[index])
          return done(init);
        return derive(yielded);
      }
      RootDerivation init = frame.results.front(), last = *got;
      if (init.kind == last.kind && (init.kind == RootDerivation::Always ||
                                     init.kind == RootDerivation::Never))
        return done(init);
      return done({});
    }
    case DeriveFrame::Region: {
      // What every scf.yield of its region hands out, when they agree. (A
      // block no edge enters never runs: its yield hands out nothing; cfg
      // seed 57056.)
      if (got && !agree(*got))
        return done({});
      Region &region = cast<scf::ExecuteRegionOp>(def).getRegion();
      unsigned position = 0;
      for (Block &block : region) {
        auto yield = dyn_cast<scf::YieldOp>(block.getTerminator());
        if (!yield || (!block.isEntryBlock() && block.hasNoPredecessors()) ||
            position++ < frame.next)
          continue;
        ++frame.next;
        return derive(yield.getOperand(index));
      }
      return done({frame.all ? *frame.all : RootDerivation::Unknown});
    }
    }
    llvm_unreachable("unknown frame shape");
  };

  std::optional<RootDerivation> got = enter(value, 0);
  while (!stack.empty()) {
    DeriveStep step = advance(stack.back(), got);
    if (!step.child) {
      stack.pop_back();
      got = step.result;
      continue;
    }
    got = enter(step.child, stack.back().depth + 1);
  }
  return *got;
}

SmallVector<Value> memlint::getAllocatedChoices(Value value, bool &other) {
  SmallVector<Value> allocs, worklist{value};
  llvm::SmallPtrSet<void *, 8> seen;
  other = false;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v.getAsOpaquePointer()).second)
      continue;
    if (seen.size() > 64) {
      other = true;
      break;
    }
    Operation *def = v.getDefiningOp();
    if (!def) {
      other = true;
      continue;
    }
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      worklist.push_back(view.getViewSource());
    } else if (auto select = dyn_cast<arith::SelectOp>(def)) {
      worklist.push_back(select.getTrueValue());
      worklist.push_back(select.getFalseValue());
    } else if (auto ifOp = dyn_cast<scf::IfOp>(def);
               ifOp && !ifOp.getElseRegion().empty()) {
      unsigned index = cast<OpResult>(v).getResultNumber();
      worklist.push_back(ifOp.thenYield().getOperand(index));
      worklist.push_back(ifOp.elseYield().getOperand(index));
    } else if (def->getNumRegions() == 0 && def->getNumResults() == 1 &&
               isa<memref::AllocOp, gpu::AllocOp>(def)) {
      allocs.push_back(v);
    } else {
      other = true;
    }
  }
  return allocs;
}

Value memlint::stripViews(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

bool memlint::isInteriorView(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto cast = dyn_cast<memref::CastOp>(def)) {
      value = cast.getSource();
      continue;
    }
    return isa<ViewLikeOpInterface>(def);
  }
  return false;
}

bool memlint::derivesAlways(Value value, Value root) {
  return deriveFromRoot(value, root).kind == RootDerivation::Always;
}

bool memlint::forEachEdgeInto(
    const SourceInfo &source, Block *join,
    llvm::function_ref<bool(BranchOpInterface, unsigned,
                            std::pair<uint64_t, uint64_t>)>
        edge) {
  llvm::SmallPtrSet<Operation *, 4> seen;
  for (Block *predecessor : join->getPredecessors()) {
    Operation *terminator = predecessor->getTerminator();
    auto branch = dyn_cast<BranchOpInterface>(terminator);
    if (!branch)
      return false;
    if (!seen.insert(terminator).second)
      continue;
    SmallVector<std::pair<uint64_t, uint64_t>> spans =
        getSuccessorSpans(source, terminator);
    if (spans.empty())
      return false;
    for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k)
      if (terminator->getSuccessor(k) == join && !edge(branch, k, spans[k]))
        return false;
  }
  return true;
}
