//===- LifetimeHoldsWriter.cpp - i1 values of what a value holds ----------===//
//
// Owns HoldsWriter (LifetimeHoldsWriter.h), which writes the `i1` values
// that say which buffer a value holds from the conditions of the selects
// and `scf.if`s that choose it, and the flags a branch of a chain of blocks
// passes with a value that holds an owner on some paths only. It reads the
// IR and the source text and writes lines; it never runs an analysis.
//
//===----------------------------------------------------------------------===//

#include "checks/LifetimeHoldsWriter.h"
#include "checks/LifetimeFixSupport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace memlint;

HoldsWriter::HoldsWriter(const SourceInfo &source, Operation *at,
                         std::string prefix)
    : source(source), at(at), dominance(getFunctionOf(at)),
      prefix(std::move(prefix)) {}

std::optional<std::string> HoldsWriter::holds(Value value, Value root) {
  llvm::DenseMap<Value, std::string> flags;
  flags[root] = constant(true);
  return owned(value, flags);
}

/// A worklist of frames (STYLE §9), in the order of a depth-first walk: the
/// lines of a choice's true side, then its false side, then its select.
std::optional<std::string>
HoldsWriter::owned(Value value, const llvm::DenseMap<Value, std::string> &flags,
                   llvm::SmallPtrSetImpl<Value> *used) {
  struct Frame {
    unsigned depth;
    /// A choice: its condition and sides; a view: its source only.
    Value condition, onTrue, onFalse;
    SmallVector<std::optional<std::string>, 2> sides;
  };
  SmallVector<Frame> stack;
  // The name at once, or nothing with `pending` false when a frame was
  // pushed for `v`.
  bool pending = false;
  auto enter = [&](Value v, unsigned depth) -> std::optional<std::string> {
    pending = true;
    if (auto it = flags.find(v); it != flags.end()) {
      if (used)
        used->insert(v);
      return it->second;
    }
    if (depth > 16)
      return std::nullopt;
    Operation *def = v.getDefiningOp();
    if (!def) {
      auto argument = cast<BlockArgument>(v);
      if (argument.getOwner()->isEntryBlock() &&
          isa<FunctionOpInterface>(argument.getOwner()->getParentOp()))
        return constant(false);
      return std::nullopt;
    }
    Frame frame{depth, Value(), Value(), Value(), {}};
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      frame.onTrue = view.getViewSource();
    } else if (auto select = dyn_cast<arith::SelectOp>(def)) {
      frame.condition = select.getCondition();
      frame.onTrue = select.getTrueValue();
      frame.onFalse = select.getFalseValue();
    } else if (auto ifOp = dyn_cast<scf::IfOp>(def);
               ifOp && !ifOp.getElseRegion().empty()) {
      unsigned index = cast<OpResult>(v).getResultNumber();
      frame.condition = ifOp.getCondition();
      frame.onTrue = ifOp.thenYield().getOperand(index);
      frame.onFalse = ifOp.elseYield().getOperand(index);
    } else if (def->getNumRegions() == 0 && def->getNumResults() == 1 &&
               isa<memref::AllocOp, memref::AllocaOp>(def)) {
      return constant(false);
    } else if (freshCalls && isa<CallOpInterface>(def) &&
               llvm::none_of(def->getOperandTypes(), [](Type type) {
                 return isa<BaseMemRefType>(type);
               })) {
      // A call handed no memory returns none of the caller's: its result
      // is the callee's allocation (or a global), never what a flag of a
      // chain says the caller owns (cfg seed 72128: an `scf.if` that
      // yields a call's result or a CFG loop's header argument).
      return constant(false);
    } else {
      return std::nullopt;
    }
    stack.push_back(std::move(frame));
    pending = false;
    return std::nullopt;
  };
  std::optional<std::string> got = enter(value, 0);
  while (!stack.empty()) {
    Frame &frame = stack.back();
    if (pending)
      frame.sides.push_back(std::move(got));
    // A view is its source; a choice needs both sides.
    unsigned needed = frame.condition ? 2 : 1;
    if (frame.sides.size() < needed) {
      Value next = frame.sides.empty() ? frame.onTrue : frame.onFalse;
      got = enter(next, frame.depth + 1);
      continue;
    }
    std::optional<std::string> result;
    if (!frame.condition)
      result = std::move(frame.sides[0]);
    else if (frame.sides[0] && frame.sides[1])
      result = select(frame.condition, *frame.sides[0], *frame.sides[1]);
    stack.pop_back();
    got = std::move(result);
    pending = true;
  }
  return got;
}

std::string HoldsWriter::materialize(const std::string &name) {
  if (!isConstant(name, true) && !isConstant(name, false))
    return name;
  bool value = isConstant(name, true);
  std::string &ssa = value ? yes : no;
  if (ssa.empty()) {
    ssa = prefix + (value ? "t" : "f");
    lines += ssa + " = arith.constant " + (value ? "true" : "false") + "\n";
  }
  return ssa;
}

std::optional<std::string> HoldsWriter::select(Value condition,
                                               const std::string &t,
                                               const std::string &f) {
  std::string c = source.getName(condition);
  if (!StringRef(c).starts_with("%") ||
      !dominance.properlyDominates(condition, at))
    return std::nullopt;
  return choose(c, t, f);
}

std::optional<std::string> HoldsWriter::choose(const std::string &c,
                                               const std::string &t,
                                               const std::string &f) {
  if (t == f)
    return t;
  if (isConstant(c, true))
    return t;
  if (isConstant(c, false))
    return f;
  if (isConstant(t, true) && isConstant(f, false))
    return c;
  auto [it, inserted] = written.try_emplace({c, t, f}, "");
  if (!inserted)
    return it->second;
  std::string name = prefix + std::to_string(counter++);
  it->second = name;
  std::string onTrue = materialize(t), onFalse = materialize(f);
  lines += name + " = arith.select " + c + ", " + onTrue + ", " + onFalse +
           " : i1\n";
  return name;
}

//===----------------------------------------------------------------------===//
// What a branch hands on in part
//===----------------------------------------------------------------------===//

Value memlint::getHandedInPart(const SourceInfo &source, Operation *terminator,
                               unsigned k, Value argument) {
  auto branch = dyn_cast<BranchOpInterface>(terminator);
  if (!branch)
    return Value();
  SuccessorOperands operands = branch.getSuccessorOperands(k);
  for (unsigned i = 0; i < operands.size(); ++i) {
    Value operand = operands[i];
    if (!operand || !isa<BaseMemRefType>(operand.getType()))
      continue;
    // (A probe: its lines are not written.)
    HoldsWriter probe(source, terminator, "%probe_");
    probe.setFreshCalls();
    std::optional<std::string> held = probe.holds(operand, argument);
    if (held && !HoldsWriter::isConstant(*held, true) &&
        !HoldsWriter::isConstant(*held, false))
      return operand;
  }
  return Value();
}

std::optional<std::string>
memlint::getHeldFlag(HoldsWriter &writer, Value passed, Value root,
                     const llvm::DenseMap<Value, std::string> &flagOf,
                     StringRef yes, StringRef no,
                     llvm::SmallPtrSetImpl<void *> &owners) {
  llvm::DenseMap<Value, std::string> flags(flagOf);
  flags[root] = HoldsWriter::constant(true);
  llvm::SmallPtrSet<Value, 4> used;
  std::optional<std::string> flag = writer.owned(passed, flags, &used);
  if (!flag)
    return std::nullopt;
  for (Value owner : used)
    if (!owners.insert(owner.getAsOpaquePointer()).second)
      return std::nullopt; // (held twice: which flag owns it is not known)
  if (HoldsWriter::isConstant(*flag, true))
    return yes.str();
  if (HoldsWriter::isConstant(*flag, false))
    return no.str();
  return flag;
}

std::optional<std::string> memlint::getDroppedFlag(HoldsWriter &writer,
                                                   const SourceInfo &source,
                                                   Operation *terminator,
                                                   unsigned k, Value argument,
                                                   const std::string &flag) {
  Value part = getHandedInPart(source, terminator, k, argument);
  if (!part)
    return flag;
  std::optional<std::string> handed = writer.holds(part, argument);
  if (!handed)
    return std::nullopt;
  return writer.unless(flag, *handed);
}
