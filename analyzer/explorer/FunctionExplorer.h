//===- FunctionExplorer.h - Exploring one root function ---------*- C++ -*-===//
//-*-===//
//
// Owns: the engine of one root function's exploration: the initial path,
// the run loop (take a path, step it until it stops, forks or joins), the
// dispatch of an op to its transfer function, the end of a path (leaks at
// exit, the all-paths verdicts) and the figures of the run. It holds the
// parts (see ExplorerPart.h) and defines the services they call on each
// other.
// Must not touch: the module-level driver (LifetimeAnalysis.cpp: roots,
// threads, summaries of recursion, confirmation of events), or what an op
// does (the transfer parts).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_FUNCTIONEXPLORER_H
#define MEMLINT_ANALYZER_EXPLORER_FUNCTIONEXPLORER_H

#include "analyzer/explorer/Budget.h"
#include "analyzer/explorer/Canonicalize.h"
#include "analyzer/explorer/Events.h"
#include "analyzer/explorer/ExplorerPart.h"
#include "analyzer/explorer/Join.h"
#include "analyzer/explorer/TransferArith.h"
#include "analyzer/explorer/TransferCalls.h"
#include "analyzer/explorer/TransferControl.h"
#include "analyzer/explorer/TransferLoops.h"
#include "analyzer/explorer/TransferMemory.h"
#include "analyzer/explorer/Worklist.h"

namespace memlint::explorer {

/// Explores one root function.
class FunctionExplorer {
public:
  explicit FunctionExplorer(const ExplorationSetup &setup)
      : setup(setup), worklist(*this), joins(*this), budget(*this),
        canonicalizer(*this), events(*this), arith(*this), memory(*this),
        control(*this), loops(*this), calls(*this) {}

  FunctionStats run();
  /// Events found by this exploration.
  llvm::ArrayRef<uint32_t> getLocalEvents() const {
    return events.getLocalEvents();
  }
  /// Events whose witness crossed a merge of paths.
  const llvm::DenseSet<uint32_t> &getApproximateWitnesses() const {
    return events.getApproximateWitnesses();
  }
  /// Turns this exploration into a witness search (see EventRecorder).
  void refineWitnesses(const llvm::DenseSet<uint32_t> &ids) {
    events.refineWitnesses(ids);
  }

  /// A path that left the root function at `exitOp`.
  void finishPath(PathState &s, mlir::Operation *exitOp);
  /// The estimated bytes the exploration holds: the waiting states, the
  /// slots kept for reuse, and the tables of seen states and verdicts.
  uint64_t estimateBytes() const {
    return worklist.estimateBytes() + joins.estimateBytes() +
           canonicalizer.estimateBytes();
  }

  // The parts, in construction order (each may use the ones before it only
  // after construction).
  ExplorationSetup setup;
  PathWorklist worklist;
  JoinPolicy joins;
  ExplorationBudget budget;
  StateCanonicalizer canonicalizer;
  EventRecorder events;
  ArithTransfer arith;
  MemoryTransfer memory;
  ControlTransfer control;
  LoopTransfer loops;
  CallTransfer calls;

private:
  /// Executes `s.pc`; returns false when the path stopped or forked.
  bool step(PathState &s);
  void runPath(PathState &s);

  std::optional<llvm::SmallVector<uint32_t, 4>> terminalHits;
  /// Whether ops of a name are calls (CallOpInterface).
  llvm::DenseMap<mlir::OperationName, bool> callsByName;
};

//===----------------------------------------------------------------------===//
// The services of the parts, as ExplorerPart forwards them
//===----------------------------------------------------------------------===//

inline ExplorerPart::ExplorerPart(FunctionExplorer &x)
    : x(x), setup(x.setup), ctx(x.setup.ctx), options(x.setup.options) {}

inline void ExplorerPart::push(PathState &&s, std::optional<Shape> shape) {
  x.worklist.push(std::move(s), shape);
}
inline void ExplorerPart::join(PathState &&s, mlir::Operation *pc) {
  x.joins.join(std::move(s), pc);
}
inline void ExplorerPart::stop(AnalysisBound reached, mlir::Operation *where,
                               double limit, llvm::StringRef reason) {
  x.budget.stop(reached, where, limit, reason);
}
inline void ExplorerPart::canonicalize(PathState &s) {
  x.canonicalizer.canonicalize(s);
}
inline void ExplorerPart::report(PathState &s, LifetimeEvent event,
                                 uint32_t bufferId) {
  x.events.report(s, std::move(event), bufferId);
}
inline void ExplorerPart::finishPath(PathState &s, mlir::Operation *exitOp) {
  x.finishPath(s, exitOp);
}

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_FUNCTIONEXPLORER_H
