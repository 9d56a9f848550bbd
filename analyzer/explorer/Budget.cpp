//===- Budget.cpp - The bounds of one exploration -------------------------===//
//
// Owns: checking the bounds and recording the first one reached (see
// Budget.h). Must not touch: paths; memory is estimated by the parts that
// hold it (FunctionExplorer::estimateBytes).
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/Budget.h"
#include "analyzer/explorer/FunctionExplorer.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

void ExplorationBudget::start(uint64_t ops) {
  startTime = std::chrono::steady_clock::now();
  stepBudget =
      std::min(options.maxStepsPerFunction,
               std::max(options.minStepsPerFunction, options.stepsPerOp * ops));
}

bool ExplorationBudget::afterStep(Operation *pc) {
  if (steps > stepBudget) {
    stop(AnalysisBound::Steps, pc, double(stepBudget), "step budget exhausted");
    return true;
  }
  if (mustStop())
    return true;
  if (steps >= nextResourceCheck) {
    nextResourceCheck = steps + kResourceCheckSteps;
    if (overResourceBounds(pc))
      return true;
  }
  return false;
}

void ExplorationBudget::stop(AnalysisBound reached, Operation *where,
                             double limit, StringRef reason) {
  if (bound == AnalysisBound::None) {
    bound = reached;
    stoppedAt = where;
    boundLimit = limit;
    incompleteReason = reason.str();
  }
  complete = false;
}

bool ExplorationBudget::overResourceBounds(Operation *where) {
  uint64_t bytes = x.estimateBytes();
  peakBytes = std::max(peakBytes, bytes);
  if (options.maxBytesPerFunction && bytes > options.maxBytesPerFunction) {
    stop(AnalysisBound::Memory, where, double(options.maxBytesPerFunction),
         "memory limit reached");
    return true;
  }
  if (options.maxSecondsPerFunction > 0) {
    std::chrono::duration<double> elapsed =
        std::chrono::steady_clock::now() - startTime;
    if (elapsed.count() > options.maxSecondsPerFunction) {
      stop(AnalysisBound::Time, where, options.maxSecondsPerFunction,
           "time limit reached");
      return true;
    }
  }
  return false;
}

void ExplorationBudget::fill(FunctionStats &fs) {
  fs.steps = steps;
  fs.peakBytes = std::max(peakBytes, x.estimateBytes());
  fs.complete = complete;
  fs.bound = bound;
  fs.stoppedAt = stoppedAt;
  fs.limit = boundLimit;
  fs.incompleteReason = incompleteReason;
}
