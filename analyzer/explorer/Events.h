//===- Events.h - Findings and their witnesses ------------------*- C++ -*-===//
//
// Owns: turning a bug on a path into a lifetime event (one per kind and
// primary op, the first path to reach it giving its witness), the witness
// extracted from a path's trace, the events this exploration found, and the
// witness search that replaces witnesses that crossed a merge of paths.
// Must not touch: path states beyond recording hits; what is a bug is the
// transfer functions' decision.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_EVENTS_H
#define MEMLINT_ANALYZER_EXPLORER_EVENTS_H

#include "analyzer/explorer/ExplorerPart.h"
#include "analyzer/explorer/Witness.h"

namespace memlint::explorer {

/// The events of one exploration.
class EventRecorder : public ExplorerPart {
public:
  explicit EventRecorder(FunctionExplorer &x) : ExplorerPart(x) {}

  /// Reports `event` of buffer `bufferId` on path `s`.
  void report(PathState &s, LifetimeEvent event, uint32_t bufferId);

  /// Events found by this exploration.
  llvm::ArrayRef<uint32_t> getLocalEvents() const { return localEvents; }
  /// Events whose witness crossed a merge of paths (its branch decisions
  /// before the merge may belong to another path).
  const llvm::DenseSet<uint32_t> &getApproximateWitnesses() const {
    return approximateWitnesses;
  }
  /// Turns this exploration into a witness search: it reports nothing new
  /// and replaces the witnesses of `ids` by exact ones when it meets them.
  void refineWitnesses(const llvm::DenseSet<uint32_t> &ids) {
    witnessSearch = true;
    witnessesToRefine = ids;
  }
  /// True when a witness search has found every witness it looks for.
  bool searchDone() const { return witnessSearch && witnessesToRefine.empty(); }

private:
  /// Fills the witness of `event` (of the buffer allocated at `site`) from
  /// path `s`; returns true when it crossed a merge of paths.
  bool extractWitness(const PathState &s, LifetimeEvent &event,
                      mlir::Operation *site);

  WitnessBuilder witnesses;
  llvm::DenseSet<uint32_t> approximateWitnesses;
  bool witnessSearch = false;
  llvm::DenseSet<uint32_t> witnessesToRefine;
  /// Events found by this exploration (for the all-paths verdict).
  llvm::SmallVector<uint32_t> localEvents;
  llvm::DenseSet<uint32_t> localEventSet;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_EVENTS_H
