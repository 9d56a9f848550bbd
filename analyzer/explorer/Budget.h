//===- Budget.h - The bounds of one exploration -----------------*- C++ -*-===//
//
// Owns: the bounds of one root function's exploration (steps, states at one
// point, wall time, memory), the first one reached and where, and the step
// and byte counters they are checked against.
// Must not touch: paths. A part that reaches a bound calls stop(); the engine
// asks mustStop() and ends.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_BUDGET_H
#define MEMLINT_ANALYZER_EXPLORER_BUDGET_H

#include "analyzer/explorer/ExplorerPart.h"

#include <chrono>
#include <string>

namespace memlint::explorer {

/// The bounds of one exploration.
class ExplorationBudget : public ExplorerPart {
public:
  explicit ExplorationBudget(FunctionExplorer &x) : ExplorerPart(x) {}

  /// Starts the clock and sets the step budget for a root of `ops` ops.
  void start(uint64_t ops);
  /// Counts one op execution.
  void countStep() { ++steps; }
  /// After a step of a path at `pc`: checks the step budget, and the time
  /// and memory bounds every kResourceCheckSteps steps. Returns true when
  /// the path must stop (a bound was reached now or earlier).
  bool afterStep(mlir::Operation *pc);

  /// Records that the exploration reached `reached` at `where`.
  void stop(AnalysisBound reached, mlir::Operation *where, double limit,
            llvm::StringRef reason);
  /// True when the exploration must end now: a bound other than the states
  /// of one point was reached.
  bool mustStop() const {
    return bound != AnalysisBound::None &&
           bound != AnalysisBound::StatesPerPoint;
  }
  /// Checks the wall-clock and memory bounds; true when one was reached.
  bool overResourceBounds(mlir::Operation *where);
  /// True while no bound was reached.
  bool isComplete() const { return complete; }
  uint64_t getSteps() const { return steps; }
  /// Copies the figures of the bounds into `fs`.
  void fill(FunctionStats &fs);

private:
  static constexpr uint64_t kResourceCheckSteps = 1024;
  uint64_t steps = 0;
  uint64_t stepBudget = 0;
  uint64_t nextResourceCheck = kResourceCheckSteps;
  bool complete = true;
  /// The first bound reached (see FunctionStats).
  AnalysisBound bound = AnalysisBound::None;
  mlir::Operation *stoppedAt = nullptr;
  double boundLimit = 0;
  std::string incompleteReason;
  std::chrono::steady_clock::time_point startTime;
  uint64_t peakBytes = 0;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_BUDGET_H
