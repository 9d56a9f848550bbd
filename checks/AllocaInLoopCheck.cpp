//===- AllocaInLoopCheck.cpp - lifetime-alloca-in-loop --------------------===//
//
// A stack allocation in a loop body that is not an allocation scope: the
// stack grows on every iteration until the enclosing scope returns. Its
// fix-it moves the allocation out of the loop.
//
//===----------------------------------------------------------------------===//

#include "checks/AllocaInLoopCheck.h"
#include "analyzer/LoopNesting.h"
#include "analyzer/MemoryModel.h"
#include "checks/FixIts.h"
#include "checks/LifetimeChecks.h"
#include "checks/LifetimeFixSupport.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace memlint;

/// The `memref.alloca` moves before the loop (to the end of the entry block
/// for a CFG cycle) when its operands are defined there, so one stack buffer
/// serves every iteration.
static std::vector<FixIt> getAllocaInLoopFixes(const LintContext &context,
                                               Operation *alloca,
                                               Operation *loop,
                                               bool cfgCycle) {
  std::vector<FixIt> fixes;
  if (!alloca || !loop || !inSameFunction(alloca, loop))
    return fixes;
  // Where it goes: before the loop op, or, for a CFG cycle, before the
  // terminator of the function's entry block (outside every cycle).
  Operation *anchor = loop;
  if (cfgCycle) {
    Region *body = &getFunctionOf(alloca)->getRegion(0);
    if (body->empty() || alloca->getBlock() == &body->front())
      return fixes;
    anchor = body->front().getTerminator();
  }
  if (!anchor || (!cfgCycle && !loop->isProperAncestor(alloca)))
    return fixes;
  DominanceInfo dominance(getFunctionOf(alloca));
  for (Value operand : alloca->getOperands())
    if (!dominance.properlyDominates(operand, anchor))
      return fixes; // a size computed in the loop
  FixItBuilder builder(context);
  builder.moveBefore(alloca, anchor);
  if (auto fix = builder.take(cfgCycle ? "allocate it once, in the entry block"
                                       : "allocate it once, before the loop"))
    fixes.push_back(std::move(*fix));
  return fixes;
}

void AllocaInLoopCheck::run(const LintContext &context,
                            std::vector<Finding> &findings) {
  context.getModule()->walk([&](Operation *op) {
    if (!mayAllocate(op))
      return;
    for (const AllocationInfo &alloc : describeMemory(op).allocations) {
      if (alloc.origin != BufferOrigin::Stack)
        continue;
      auto repetition = findRepetitionInScope(op);
      if (!repetition)
        continue;
      Finding finding = makeFinding(
          context, op,
          "stack buffer " + quoteBuffer(context, alloc.result) +
              " is allocated on every iteration of a loop that is not an "
              "allocation scope; the stack grows until the function returns",
          alloc.result);
      finding.allPaths = false;
      finding.notes.push_back(
          {context.locate(repetition->loop),
           repetition->cfgCycle ? "loop back-edge here"
                                : "loop without an allocation scope here"});
      if (context.wantsFixes())
        finding.fixes = getAllocaInLoopFixes(context, op, repetition->loop,
                                             repetition->cfgCycle);
      findings.push_back(std::move(finding));
    }
  });
}
