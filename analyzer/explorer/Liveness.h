//===- Liveness.h - Which values of a path are live -------------*- C++ -*-===//
//-*-===//
//
// Owns: the liveness questions of canonicalization (is value n live at
// point p, in the frame of this call stack?) and their caches: by point and
// value, and by point, call stack and list of values of a state.
// Must not touch: path states (it only reads them) or events; the answers
// depend on the IR only.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_LIVENESS_H
#define MEMLINT_ANALYZER_EXPLORER_LIVENESS_H

#include "analyzer/AbstractState.h"
#include "analyzer/explorer/ModuleContext.h"

#include "llvm/ADT/BitVector.h"

#include <unordered_map>

namespace memlint::explorer {

/// Liveness of values at the points of one exploration.
class LivenessOracle {
public:
  explicit LivenessOracle(ModuleContext &ctx) : ctx(ctx) {}

  /// Which of the values `s` holds (its environment, then both sides of its
  /// comparison atoms) are live at its point.
  const llvm::BitVector &getLiveVerdicts(const PathState &s);
  /// Whether the value numbered `number` is live at `pc` in the frame of
  /// `callStack`.
  bool isLiveAt(uint32_t number, mlir::Operation *pc,
                llvm::ArrayRef<mlir::Operation *> callStack);
  /// The estimated bytes of the caches.
  uint64_t estimateBytes() const;

private:
  /// Liveness of `v` at `pc` within the function holding `pc`: used later
  /// in it, dead, or live only if live after the call of the function.
  enum class LocalLiveness : uint8_t { Dead, Live, UntilReturn };
  LocalLiveness computeLocalLiveness(mlir::Value v, uint32_t number,
                                     mlir::Operation *pc);

  ModuleContext &ctx;
  /// The verdicts of getLiveVerdicts: states reaching a point tend to hold
  /// the same values, so they are kept per point, call stack and list of
  /// value numbers.
  struct LiveVerdicts {
    mlir::Operation *pc;
    llvm::SmallVector<mlir::Operation *, 2> callStack;
    llvm::SmallVector<uint32_t, 32> numbers;
    llvm::BitVector live;
  };
  std::unordered_multimap<size_t, LiveVerdicts> liveVerdicts;
  /// computeLocalLiveness by point index and value number.
  llvm::DenseMap<std::pair<uint32_t, uint32_t>, LocalLiveness> livenessCache;
  /// Dense indices of the points queried, and the last one looked up (the
  /// queries of one canonicalization share their point).
  llvm::DenseMap<mlir::Operation *, uint32_t> pointIndex;
  uint32_t getPointIndex(mlir::Operation *point) {
    return pointIndex.try_emplace(point, pointIndex.size()).first->second;
  }
  mlir::Operation *lastPoint = nullptr;
  uint32_t lastPointIndex = 0;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_LIVENESS_H
