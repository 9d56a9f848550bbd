//===- Worklist.h - The paths waiting to run --------------------*- C++ -*-===//
//
// Owns: the queue of waiting paths and its order, the slots that hold their
// states, the registry of waiting paths by shape (for JoinPolicy's merges)
// and the bytes they hold.
// Must not touch: what a path does (transfer functions) or whether a path is
// kept (JoinPolicy decides; this only queues).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_WORKLIST_H
#define MEMLINT_ANALYZER_EXPLORER_WORKLIST_H

#include "analyzer/explorer/ExplorerPart.h"

#include "llvm/ADT/DenseMap.h"

namespace memlint::explorer {

/// Keys of the tables of (shape, cover or full) fingerprints: open
/// addressing, one probe and no node per entry (the tables are read at
/// every join). Fingerprints are hashes already; the two reserved keys are
/// never one (hashWords in AbstractState.cpp).
struct FingerprintInfo {
  using Key = std::pair<uint64_t, uint64_t>;
  static Key getEmptyKey() { return {~0ull, ~0ull}; }
  static Key getTombstoneKey() { return {~0ull - 1, ~0ull}; }
  static unsigned getHashValue(const Key &p) {
    uint64_t h = p.first ^ (p.second * 0x9e3779b97f4a7c15ull);
    return unsigned(h ^ (h >> 32));
  }
  static bool isEqual(const Key &a, const Key &b) { return a == b; }
};

/// The paths waiting to run. Without merging, a stack (depth-first).
/// With merging, a priority queue by program point: the earliest point in
/// the module's pre-order runs first (outer frames first for inlined
/// calls), so every path reaching a join point gets there before any path
/// goes on from it, and paths that differ only in booleans merge.
class PathWorklist : public ExplorerPart {
public:
  explicit PathWorklist(FunctionExplorer &x) : ExplorerPart(x) {}

  /// Queues a path. `shape` is its shape fingerprint when it waits at a
  /// join point (other paths arriving there may merge into it).
  void push(PathState &&s, std::optional<Shape> shape = {});
  /// Takes the next path (the queue must not be empty).
  PathState pop();
  bool empty() const { return queue.empty(); }
  /// Paths taken so far.
  uint64_t popped() const { return paths; }

  /// The slot of the path waiting with shape `shape`, if any.
  std::optional<uint32_t> findWaiting(const Shape &shape) const;
  PathState &waiting(uint32_t slot) { return slots[slot]; }
  /// Registers the waiting path of `slot`, registered under `from`, under
  /// its new shape `to`.
  void reshape(uint32_t slot, const Shape &from, const Shape &to);

  /// The estimated bytes of the waiting states and of this part's tables.
  uint64_t estimateBytes() const;
  /// The estimated bytes of the waiting states alone.
  uint64_t waitingStateBytes() const { return waitingBytes; }

private:
  struct QueueEntry {
    llvm::SmallVector<uint64_t, 3> key;
    uint64_t seq;
    uint32_t slot;
  };
  static bool queueLess(const QueueEntry &a, const QueueEntry &b) {
    if (a.key != b.key)
      return b.key < a.key;
    return a.seq < b.seq;
  }
  std::vector<QueueEntry> queue;
  std::vector<PathState> slots;
  std::vector<uint32_t> freeSlots;
  /// The shape a waiting slot is registered under in `waitingByShape`.
  std::vector<std::optional<Shape>> slotShapes;
  /// Waiting paths at join points, by shape fingerprint.
  llvm::DenseMap<Shape, uint32_t, FingerprintInfo> waitingByShape;
  uint64_t nextSeq = 0;
  /// The estimated bytes of each slot's state, and their sum over the
  /// waiting paths.
  std::vector<uint32_t> slotBytes;
  uint64_t waitingBytes = 0;
  uint64_t paths = 0;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_WORKLIST_H
