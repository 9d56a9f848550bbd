//===- PeakOverBudgetCheck.cpp - perf-peak-over-budget --------------------===//
//
// For every function and every memory space with a configured budget
// (--memory-budget SPACE=BYTES, MemoryBudgets in the config file), plans the
// function's buffers in one arena (analyzer/MemoryPlan.h) and reports when
// the planned peak exceeds the budget: even with ideal reuse, the function
// needs more memory of that space than the device has. Buffers that are not
// planned (dynamic shapes without --assume-dim, escaping buffers) are not
// counted, so the figure is a lower bound of the real need.
//
//===----------------------------------------------------------------------===//

#include "checks/PeakOverBudgetCheck.h"
#include "analyzer/LiveIntervals.h"
#include "checks/LifetimeChecks.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

#include <limits>

using namespace mlir;
using namespace memlint;

void PeakOverBudgetCheck::runOnFunction(const LintContext &context,
                                  FunctionAnalyses &analyses,
                                  std::vector<Finding> &findings) const {
  FunctionOpInterface fn = analyses.getFunction();
  const AnalysisOptions &options = context.getOptions();
  if (options.memoryBudgets.empty())
    return;
  LiveIntervalOptions liveOptions;
  liveOptions.assumeDim = options.assumeDim;
  PlanOptions planOptions;
  planOptions.timeLimitSeconds = options.planTimeLimitSeconds;
  const FunctionLiveIntervals &live = analyses.getLiveIntervals(liveOptions);
  for (const std::string &space : live.getSpaces()) {
    auto budget = options.memoryBudgets.find(space);
    if (budget == options.memoryBudgets.end())
      continue;
    // A buffer whose size overflows 64 bits exceeds any budget.
    bool overflowed = false;
    for (const BufferInterval &b : live.getBuffers()) {
      if (b.space != space || !b.sizeOverflows)
        continue;
      Finding finding = makeFinding(
          context, fn,
          "function '@" + fn.getName().str() + "' allocates " +
              quoteBuffer(context, b.value) +
              ", whose size in bytes overflows 64 bits, in memory space " +
              space + ", over the budget of " +
              std::to_string(budget->second) + " bytes");
      finding.allPaths = true;
      finding.notes.push_back(
          {context.locate(b.alloc), "buffer of overflowing size allocated here"});
      findings.push_back(std::move(finding));
      overflowed = true;
      break;
    }
    if (overflowed)
      continue;
    std::vector<size_t> indices;
    PlanProblem problem = live.getProblem(space, indices);
    if (problem.buffers.empty())
      continue;
    int64_t lowerBound = planLowerBound(problem);
    // A plan is only needed when the lower bound fits the budget.
    Plan plan;
    if (uint64_t(lowerBound) > budget->second) {
      plan.height = lowerBound;
    } else {
      plan = planArena(problem, planOptions);
      std::string error;
      if (!validatePlan(problem, plan.offsets, plan.height, error))
        continue;
    }
    if (uint64_t(plan.height) <= budget->second)
      continue;
    // The largest buffer live at the peak of the lower bound.
    size_t largest = 0;
    for (size_t i = 1; i < problem.buffers.size(); ++i)
      if (problem.buffers[i].size > problem.buffers[largest].size)
        largest = i;
    const BufferInterval &big = live.getBuffers()[indices[largest]];
    bool overflows = lowerBound == std::numeric_limits<int64_t>::max();
    Finding finding = makeFinding(
        context, fn,
        "function '@" + fn.getName().str() + "' needs " +
            (overflows ? std::string("more than 2^63 - 1")
                       : std::to_string(plan.height)) +
            " bytes of memory space " + space +
            (overflows ? " together (" : " at its planned peak (lower bound " +
                                                std::to_string(lowerBound) +
                                                ", ") +
            std::to_string(problem.buffers.size()) +
            (problem.buffers.size() == 1 ? " buffer" : " buffers") +
            "), over the budget of " + std::to_string(budget->second) +
            " bytes");
    finding.allPaths = true;
    finding.notes.push_back({context.locate(big.alloc),
                             "largest buffer " +
                                 quoteBuffer(context, big.value) + " (" +
                                 std::to_string(*big.bytes) +
                                 " bytes) allocated here"});
    findings.push_back(std::move(finding));
  }
}
