//===- Liveness.h - Which values of a path are live -------------*- C++ -*-===//
//-*-===//
//
// Owns: the liveness questions of canonicalization (is value n live at
// point p, in the frame of this call stack?) and their caches: a summary
// per block, call stack and value (where the block uses and defines it
// after any point, and whether it is live past the block), the verdicts
// past blocks the walks climb through, and the liveness of values across
// the CFG of a region (what mlir::Liveness computes, per value).
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

  /// What a walk from a point looks at in one block it climbs through: the
  /// ops of `block` from the point to its end (positions up to blockEnd),
  /// then the op holding the block. Computed once per block.
  struct Level {
    mlir::Block *block;
    mlir::Operation *parent;
    /// The op after `parent`: the point of the next level.
    mlir::Operation *next;
    /// For a block with successors, or not the entry block, inside a
    /// function: the function (the CFG of the region may use the value
    /// later).
    mlir::Operation *cfgFunction;
    uint64_t blockEnd;
    /// `parent`'s subtree, when the block is in a region that loops.
    uint64_t parentAt, parentEnd;
    bool parentIsBoundary, singleBlockBody, inLoop;
  };
  const Level &getLevel(mlir::Block *block);
  /// The levels by block (a deque: a level stays in place as it grows).
  llvm::DenseMap<mlir::Block *, uint32_t> levelIndex;
  std::deque<Level> levels;
  /// Liveness decided within the block of a point at `pointAt` (the ops of
  /// the block from the point on span [pointAt, blockEnd)): live when used
  /// there, dead when defined again there; none when it takes a walk.
  static std::optional<bool> decideInBlock(const UseInfo &uses,
                                           mlir::Block *block,
                                           uint64_t pointAt,
                                           uint64_t blockEnd);
  /// The verdict of a level past the ops of its block (the same for every
  /// point of the block), none when the walk goes on to `level.next`.
  std::optional<LocalLiveness> decideBeyondBlock(const Level &level,
                                                 const UseInfo &uses,
                                                 mlir::Value v,
                                                 uint32_t number);
  /// The liveness of the value once no op of `level`'s block after the
  /// point uses or defines it: the same for every point of the block, so
  /// computed once per block and value.
  LocalLiveness getBlockVerdict(const Level &level, const UseInfo &uses,
                                mlir::Value v, uint32_t number);
  /// The same, for a block whose verdict is not kept in blockVerdicts.
  LocalLiveness getVerdictPastBlock(const Level &level, const UseInfo &uses,
                                    mlir::Value v, uint32_t number);
  llvm::DenseMap<std::pair<mlir::Block *, uint32_t>, LocalLiveness>
      blockVerdicts;
  /// The point of the last query, its position and its block's level.
  mlir::Operation *lastQueryPoint = nullptr;
  uint64_t lastQueryAt = 0;
  const Level *lastQueryLevel = nullptr;

  /// Whether `v` (numbered `number`) is live out of `block`, as
  /// mlir::Liveness says, computed for this value and the block's region
  /// only.
  bool isLiveOut(mlir::Value v, uint32_t number, mlir::Block *block);
  /// The blocks of a region, numbered, with their predecessors.
  struct RegionCfg {
    llvm::DenseMap<mlir::Block *, uint32_t> index;
    std::vector<mlir::Block *> blocks;
    std::vector<llvm::SmallVector<uint32_t, 2>> preds;
  };
  const RegionCfg &getRegionCfg(mlir::Region *region);
  llvm::DenseMap<mlir::Region *, RegionCfg> regionCfgs;
  /// The blocks of a region a value is live into, by value number and
  /// region (no bits when there are none: most values are used in their
  /// own block only); with the block that defines it at its top level, if
  /// it has a user in another block of the region.
  struct CfgLiveIn {
    llvm::BitVector in;
    mlir::Block *topDefiner = nullptr;
    bool escapes = false;
  };
  llvm::DenseMap<std::pair<uint32_t, mlir::Region *>, CfgLiveIn> cfgLiveIns;
  uint64_t cfgLiveInBits = 0;


  ModuleContext &ctx;
  /// What decides whether a value is live at the points of one block, in
  /// the frame of one call stack: where the block defines it again and
  /// where the block last uses it (both after the point or not), and
  /// whether it is live past the block (the same for all its points).
  struct Summary {
    uint64_t definerAt = ~uint64_t(0);
    uint64_t lastUseKey = ~uint64_t(0);
    bool liveBeyond = false;
    /// isLiveAt at the point at `pointAt` of the block (see decideInBlock).
    bool isLiveAt(uint64_t pointAt) const {
      if (definerAt != ~uint64_t(0) && pointAt <= definerAt)
        return false;
      if (lastUseKey != ~uint64_t(0) && lastUseKey >= 2 * pointAt)
        return true;
      return liveBeyond;
    }
  };
  /// The summaries of the values asked about in one block and call stack,
  /// sorted by value number: states reaching a block tend to hold the same
  /// values.
  struct FrameVerdicts {
    const Level *level;
    llvm::SmallVector<mlir::Operation *, 2> callStack;
    /// The function each frame runs, outermost first, when one runs in
    /// several (a recursive call explored in place); else empty.
    llvm::SmallVector<mlir::Operation *, 0> recursiveFrames;
    std::vector<std::pair<uint32_t, Summary>> known;
  };
  FrameVerdicts &getFrameVerdicts(mlir::Block *block,
                                  llvm::ArrayRef<mlir::Operation *> callStack);
  Summary summarize(const FrameVerdicts &frame, uint32_t number);
  /// summarize for a key of one activation of a recursive function.
  Summary summarizeActivation(const FrameVerdicts &frame, uint32_t key);
  /// isLiveAt through the summaries of the frame.
  bool isLiveIn(FrameVerdicts &frame, uint32_t number, uint64_t pointAt);
  /// By block, the indices in `frames` of its call stacks (a deque: the
  /// summaries stay in place as it grows).
  llvm::DenseMap<mlir::Block *, llvm::SmallVector<uint32_t, 1>> framesByBlock;
  std::deque<FrameVerdicts> frames;
  /// The summaries the frames hold.
  uint64_t knownSummaries = 0;
  /// The result of the last getLiveVerdicts.
  llvm::BitVector verdicts;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_LIVENESS_H
