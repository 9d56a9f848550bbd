//===- TransferLoops.h - What loops do to a path ----------------*- C++ -*-===//
//
// Owns: the transfer functions of counted loops (LoopLikeOpInterface with
// one induction variable): entry with the trip count decided or unknown,
// back-edges, exact unrolling where iterations can differ for the analysis,
// and leaving a loop early when an iteration reproduced the state of the
// one before it (convergence), with the caches these decisions use.
// Must not touch: the tables of join points (widening is JoinPolicy's) or
// other control flow.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_TRANSFERLOOPS_H
#define MEMLINT_ANALYZER_EXPLORER_TRANSFERLOOPS_H

#include "analyzer/explorer/ExplorerPart.h"

#include "mlir/Interfaces/LoopLikeInterface.h"

namespace memlint::explorer {

/// The transfer functions of counted loops.
class LoopTransfer : public ExplorerPart {
public:
  explicit LoopTransfer(FunctionExplorer &x) : ExplorerPart(x) {}

  /// True for a loop this part handles: one induction variable with bounds
  /// and step, one region.
  static bool hasSingleInductionVar(mlir::LoopLikeOpInterface loop);
  bool stepLoopEntry(PathState &s, mlir::LoopLikeOpInterface loop);
  bool stepLoopBackedge(PathState &s, mlir::LoopLikeOpInterface loop,
                        mlir::Operation *term);
  /// At the head of an exactly unrolled loop: when this iteration starts
  /// from the state the previous one started from (up to an irrelevant
  /// induction variable) and the path did not fork in between, every
  /// remaining iteration repeats it, so the path leaves the loop now.
  /// Returns true when it did.
  bool leaveConvergedLoop(PathState &s, mlir::Operation *pc);

private:
  bool tracksScalarsAcrossIterations(mlir::LoopLikeOpInterface loop);
  /// How the induction variable of a loop can change what an iteration
  /// does to the state.
  struct InductionVarUses {
    /// Only through `comparisons`: otherwise it only indexes loads and
    /// stores of elements the state does not track (data: floats, integers
    /// other than i1), directly or through pure ops.
    bool limited = false;
    /// `arith.cmpi` of the induction variable with a constant.
    llvm::SmallVector<mlir::arith::CmpIOp, 2> comparisons;
  };
  const InductionVarUses &getInductionVarUses(mlir::LoopLikeOpInterface loop);
  /// True when every comparison of `uses` has the same outcome for all the
  /// induction values in [first, last].
  static bool comparisonsAreConstant(const InductionVarUses &uses,
                                     int64_t first, int64_t last);
  void forgetIterationMark(PathState &s, mlir::Operation *loop) {
    llvm::erase_if(s.iterationMarks, [&](const PathState::IterationMark &m) {
      return m.loop == loop;
    });
  }

  llvm::DenseMap<mlir::Operation *, bool> exactLoops;
  llvm::DenseMap<mlir::Operation *, InductionVarUses> inductionVarUses;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_TRANSFERLOOPS_H
