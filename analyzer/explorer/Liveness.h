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

#include <deque>
#include <optional>
#include <vector>

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

  /// What a walk from a point looks at in one block it climbs through: the
  /// ops of `block` from the point on (positions [pointAt, blockEnd)), then
  /// the op holding the block.
  struct Level {
    mlir::Block *block;
    mlir::Operation *parent;
    /// The op after `parent`: the point of the next level.
    mlir::Operation *next;
    /// For a block with successors, or not the entry block, inside a
    /// function: the function, whose liveness says whether the CFG of the
    /// region uses the value later.
    mlir::Operation *cfgFunction;
    uint64_t pointAt, blockEnd;
    /// `parent`'s subtree, when the block is in a region that loops.
    uint64_t parentAt, parentEnd;
    bool parentIsBoundary, singleBlockBody, inLoop;
  };
  Level getLevel(mlir::Operation *point);
  /// Liveness decided within the block of a point at `pointAt` (the ops of
  /// the block from the point on span [pointAt, blockEnd)): live when used
  /// there, dead when defined again there; none when it takes a walk.
  static std::optional<bool> decideInBlock(const UseInfo &uses,
                                           mlir::Block *block,
                                           uint64_t pointAt,
                                           uint64_t blockEnd);
  /// The verdict of one level for the value, none when the walk goes on to
  /// `level.next`.
  std::optional<LocalLiveness> decideAtLevel(const Level &level,
                                             const UseInfo &uses,
                                             mlir::Value v);

  /// The first levels of the walk from each point queried, computed once:
  /// most values are decided in them without a walk or a cache. Deeper
  /// walks (deep nesting) go on through livenessCache.
  static constexpr unsigned kMaxLevels = 4;
  struct PointLevels {
    uint32_t begin, size;
    /// Where the walk continues after the levels (null: the value is dead
    /// there).
    mlir::Operation *rest;
  };
  PointLevels getPointLevels(mlir::Operation *point);
  std::vector<Level> levels;
  llvm::DenseMap<mlir::Operation *, PointLevels> pointLevels;
  mlir::Operation *lastLevelsPoint = nullptr;
  PointLevels lastLevels = {0, 0, nullptr};

  ModuleContext &ctx;
  /// The verdicts of isLiveAt at one point in the frame of one call stack,
  /// sorted by value number: states reaching a point tend to hold the same
  /// values.
  struct FrameVerdicts {
    llvm::SmallVector<mlir::Operation *, 2> callStack;
    std::vector<std::pair<uint32_t, bool>> known;
  };
  FrameVerdicts &getFrameVerdicts(mlir::Operation *pc,
                                  llvm::ArrayRef<mlir::Operation *> callStack);
  /// isLiveAt through the verdicts of the frame.
  bool isLiveIn(FrameVerdicts &frame, uint32_t number, mlir::Operation *pc,
                llvm::ArrayRef<mlir::Operation *> callStack);
  /// By point, the indices in `frames` of its call stacks (a deque: the
  /// verdicts stay in place as it grows).
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<uint32_t, 1>>
      framesByPoint;
  std::deque<FrameVerdicts> frames;
  /// The verdicts the frames hold.
  uint64_t knownVerdicts = 0;
  /// The result of the last getLiveVerdicts.
  llvm::BitVector verdicts;
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
