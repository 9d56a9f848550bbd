//===- ExplorerPart.cpp - What the parts of one exploration share ---------===//
//
// Owns: the value operations of ExplorerPart that are not inline (see
// ExplorerPart.h). Must not touch: any part's tables.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/ExplorerPart.h"
#include "analyzer/explorer/FunctionExplorer.h"

#include "mlir/Interfaces/CallInterfaces.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

BoolFn ExplorerPart::getBool(PathState &s, Value v) {
  if (const AbsVal *val = get(s, v)) {
    if (val->kind == AbsVal::Kind::Bool)
      return val->boolValue;
    if (val->kind == AbsVal::Kind::Int)
      return BoolFn::constant(val->intValue != 0);
  }
  BoolFn fn = BoolFn::atom(s.freshAtom());
  set(s, v, AbsVal::getBool(fn));
  return fn;
}

bool ExplorerPart::decide(PathState &s, const BoolFn &fn,
                          std::optional<bool> prefer) {
  while (true) {
    if (auto value = fn.evaluate(s.assignment))
      return *value;
    uint32_t atom = *fn.pickUndecidedAtom(s.assignment);
    bool mine = true;
    if (prefer) {
      Assignment probe = s.assignment;
      probe.insert(llvm::lower_bound(probe, std::make_pair(atom, false)),
                   {atom, false});
      if (fn.evaluate(probe) == prefer)
        mine = false;
    }
    ++s.forks;
    PathState other = s;
    other.assume(atom, !mine);
    push(std::move(other));
    s.assume(atom, mine);
  }
}

SmallVector<Attribute> ExplorerPart::getOperandAttrs(PathState &s,
                                                     Operation *op) {
  SmallVector<Attribute> attrs;
  for (Value operand : op->getOperands()) {
    Attribute attr;
    if (const AbsVal *val = get(s, operand)) {
      if (val->kind == AbsVal::Kind::Int &&
          isa<IntegerType, IndexType>(operand.getType()))
        attr = IntegerAttr::get(operand.getType(), val->intValue);
      else if (val->kind == AbsVal::Kind::Bool)
        if (auto c = val->boolValue.evaluate(s.assignment))
          attr = BoolAttr::get(op->getContext(), *c);
    }
    attrs.push_back(attr);
  }
  return attrs;
}

bool ExplorerPart::decideSomeOperand(PathState &s, Operation *op) {
  for (Value operand : op->getOperands()) {
    if (!operand.getType().isInteger(1))
      continue;
    BoolFn fn = getBool(s, operand);
    if (!fn.evaluate(s.assignment)) {
      decide(s, fn);
      return true;
    }
  }
  return false;
}

void ExplorerPart::bindForwarded(PathState &s, ValueRange from, ValueRange to) {
  bindRead(s, readForwarded(s, from), to);
}

SmallVector<std::optional<AbsVal>>
ExplorerPart::readForwarded(PathState &s, ValueRange from) {
  SmallVector<std::optional<AbsVal>> vals;
  for (Value v : from) {
    const AbsVal *val = get(s, v);
    vals.push_back(val ? std::optional<AbsVal>(*val) : std::nullopt);
  }
  return vals;
}

unsigned ExplorerPart::activationOf(const PathState &s, Value v) {
  // The frames run: the function of each call's block, then the callee of
  // the innermost call (the root when there is none).
  Operation *fn = v.getParentRegion()->getParentOfType<FunctionOpInterface>();
  unsigned count = 0;
  for (Operation *call : s.callStack)
    count += call->getParentOfType<FunctionOpInterface>() == fn;
  Operation *top = setup.root.getOperation();
  if (!s.callStack.empty())
    top = cast<CallOpInterface>(s.callStack.back())
              .resolveCallableInTable(&ctx.symbolTables);
  count += top == fn;
  return count ? count - 1 : 0;
}

void ExplorerPart::bindRead(PathState &s, ArrayRef<std::optional<AbsVal>> vals,
                            ValueRange to) {
  for (auto [i, target] : llvm::enumerate(to)) {
    if (i < vals.size() && vals[i]) {
      clear(s, target);
      set(s, target, *vals[i]);
    } else {
      setUnknown(s, target);
    }
  }
}
