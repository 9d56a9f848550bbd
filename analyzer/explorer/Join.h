//===- Join.h - What happens where paths meet -------------------*- C++ -*-===//
//
// Owns: the policy at join points (block entries with several edges, loop
// heads, after region ops): canonicalizing a path that arrives, widening
// the integers carried around loops, merging it with a waiting path of the
// same shape (StateMerge), dropping it when a state seen before covers it,
// and the bound of distinct states at one point. The tables of states seen
// at join points are its own.
// Must not touch: the transfer functions; it never runs an op.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_JOIN_H
#define MEMLINT_ANALYZER_EXPLORER_JOIN_H

#include "analyzer/explorer/ExplorerPart.h"
#include "analyzer/explorer/Worklist.h"


namespace memlint::explorer {

/// Pruning, widening, merging and covering at join points.
class JoinPolicy : public ExplorerPart {
public:
  explicit JoinPolicy(FunctionExplorer &x) : ExplorerPart(x) {}

  /// Queues a path arriving at a join point (block entry, after a region op):
  /// prunes, canonicalizes and merges it with equal states seen before.
  void join(PathState &&s, mlir::Operation *pc);
  /// Distinct states seen at join points.
  uint64_t statesSeen() const { return seenByFingerprint.size(); }
  uint64_t estimateBytes() const;

private:
  /// Fingerprints of the states seen at join points, with the events hit on
  /// every path that reached them.
  llvm::DenseMap<Shape, llvm::SmallVector<uint32_t, 2>, FingerprintInfo>
      seenByFingerprint;
  /// The states seen by cover fingerprint, with their assumptions and full
  /// fingerprints (a few per cover fingerprint).
  static constexpr size_t kMaxStatesPerCover = 8;
  /// (An index into coverLists: the lists are large, the table's empty
  /// buckets small.)
  llvm::DenseMap<Shape, uint32_t, FingerprintInfo> seenByCover;
  std::vector<llvm::SmallVector<std::pair<Assignment, Shape>, 1>> coverLists;
  /// The pairs held in seenByCover's lists, for estimateBytes.
  uint64_t coverEntries = 0;
  llvm::DenseMap<std::pair<mlir::Operation *, unsigned>, unsigned>
      statesPerPoint;
  /// The distinct integers each argument of a loop head has carried there
  /// (up to widenAfterStates + 1 of them): a counter is widened when it
  /// keeps taking new values, not when other parts of the state vary.
  llvm::DenseMap<std::pair<mlir::Operation *, unsigned>,
                 llvm::SmallDenseSet<int64_t, 4>>
      headValues;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_JOIN_H
