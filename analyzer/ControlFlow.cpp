//===- ControlFlow.cpp - Which edge a terminator takes --------------------===//
//
// Owns the mapping from known branch operands to successor indices. Must not
// look at buffers or path state: the explorer passes operand values in.
//
//===----------------------------------------------------------------------===//

#include "analyzer/ControlFlow.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;
using namespace memlint;

SmallVector<unsigned, 2> memlint::getSuccessorIndices(Operation *term,
                                                      Block *dest) {
  SmallVector<unsigned, 2> indices;
  for (unsigned i = 0, e = term->getNumSuccessors(); i < e; ++i)
    if (term->getSuccessor(i) == dest)
      indices.push_back(i);
  return indices;
}

/// The integer value of a known operand attribute.
static std::optional<APInt> getConstant(Attribute attr) {
  if (auto intAttr = dyn_cast_or_null<IntegerAttr>(attr))
    return intAttr.getValue();
  if (auto boolAttr = dyn_cast_or_null<BoolAttr>(attr))
    return APInt(1, boolAttr.getValue());
  return std::nullopt;
}

SmallVector<unsigned, 2>
memlint::getTakenSuccessors(Operation *term, ArrayRef<Attribute> operands) {
  // The table: ops whose edges follow from their own operands. Successor 0
  // of cf.cond_br is the true destination; successor 0 of cf.switch is the
  // default destination and successor i + 1 the destination of case i.
  Attribute first = operands.empty() ? Attribute() : operands.front();
  if (isa<cf::CondBranchOp>(term)) {
    auto cond = getConstant(first);
    if (!cond)
      return {};
    return {cond->isZero() ? 1u : 0u};
  }
  if (auto switchOp = dyn_cast<cf::SwitchOp>(term)) {
    auto flag = getConstant(first);
    if (!flag)
      return {};
    auto caseValues = switchOp.getCaseValues();
    if (!caseValues)
      return {0u};
    unsigned i = 0;
    for (const APInt &value : caseValues->getValues<APInt>()) {
      if (value.getBitWidth() == flag->getBitWidth() ? value == *flag
                                                     : value.getSExtValue() ==
                                                           flag->getSExtValue())
        return {i + 1};
      ++i;
    }
    return {0u};
  }
  // Any other branch: its interface names a block; every edge to that block
  // stays possible.
  auto branch = dyn_cast<BranchOpInterface>(term);
  if (!branch)
    return {};
  Block *chosen = branch.getSuccessorForOperands(operands);
  if (!chosen)
    return {};
  return getSuccessorIndices(term, chosen);
}
