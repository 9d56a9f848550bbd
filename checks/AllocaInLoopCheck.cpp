//===- AllocaInLoopCheck.cpp - lifetime-alloca-in-loop --------------------===//
//
// A stack allocation in a loop body that is not an allocation scope: the
// stack grows on every iteration until the enclosing scope returns.
//
//===----------------------------------------------------------------------===//

#include "checks/AllocaInLoopCheck.h"
#include "analyzer/LoopNesting.h"
#include "analyzer/MemoryModel.h"
#include "checks/LifetimeChecks.h"
#include "checks/LifetimeFixes.h"

using namespace mlir;
using namespace memlint;

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
