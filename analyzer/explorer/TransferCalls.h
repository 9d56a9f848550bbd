//===- TransferCalls.h - What calls do to a path ----------------*- C++ -*-===//
//
// Owns: the transfer function of calls: a callee of the module is entered in
// the caller's context (inlined, up to a depth); a recursive or too deep one
// is applied through its summary; an unknown or external one makes its
// memref arguments escape. Also the summary of the root function itself
// (what each exit does to the arguments and returns), when the exploration
// computes one.
// Must not touch: returns (ControlTransfer pops the call stack) or the
// module-level fixpoint of summaries (LifetimeAnalysis runs it).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_TRANSFERCALLS_H
#define MEMLINT_ANALYZER_EXPLORER_TRANSFERCALLS_H

#include "analyzer/explorer/ExplorerPart.h"

#include "mlir/Interfaces/CallInterfaces.h"

namespace memlint::explorer {

/// The transfer function of calls, and the root's summary.
class CallTransfer : public ExplorerPart {
public:
  explicit CallTransfer(FunctionExplorer &x) : ExplorerPart(x) {}

  /// Returns true when the path goes on after the call (not entered).
  bool stepCall(PathState &s, mlir::CallOpInterface call);
  /// Records what exit `term` of the root does to its arguments and results.
  void recordExit(PathState &s, mlir::Operation *term);
  /// The root's summary: an effect or result holds when every exit agrees;
  /// all unknown when no exit was reached or the exploration is incomplete.
  FunctionSummary summarize(bool complete) const;

private:
  bool applySummary(PathState &s, mlir::CallOpInterface call,
                    const FunctionSummary &summary);

  /// Per exit: what happened to each argument and what each result is.
  std::vector<FunctionSummary> exitSummaries;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_TRANSFERCALLS_H
