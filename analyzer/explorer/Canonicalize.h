//===- Canonicalize.h - Canonical path states -------------------*- C++ -*-===//
//
// Owns: bringing a state to its canonical form at a join point: values dead
// at its point dropped, unreachable buffers dropped (reporting the heap
// buffers whose last reference is lost as leaks), buffers renumbered in
// first-reference order, atoms renumbered (StateMerge's canonicalizeAtoms).
// Equal canonical states are the same state for JoinPolicy.
// Must not touch: the worklist or the tables of seen states.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_CANONICALIZE_H
#define MEMLINT_ANALYZER_EXPLORER_CANONICALIZE_H

#include "analyzer/explorer/ExplorerPart.h"
#include "analyzer/explorer/Liveness.h"

namespace memlint::explorer {

/// Canonical states, and the leaks found on the way.
class StateCanonicalizer : public ExplorerPart {
public:
  explicit StateCanonicalizer(FunctionExplorer &x);

  void canonicalize(PathState &s);
  /// Reports a leak of every heap buffer not in `strong` that is neither
  /// freed nor escaped; `where` is where its last reference is lost.
  void checkLeaksOnLoss(PathState &s, mlir::Operation *where,
                        const llvm::BitVector &strong);
  uint64_t estimateBytes() const { return liveness.estimateBytes(); }

private:
  LivenessOracle liveness;
};

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_CANONICALIZE_H
