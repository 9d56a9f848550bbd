//===- StateMerge.h - Merging two path states over a boolean ----*- C++ -*-===//
//
// Owns: the exact merge of two path states of the same shape (equal but for
// booleans and assumptions) into one over a selector atom, and the canonical
// numbering of atoms both states must have for it. Pure functions of the
// states: unit-tested on their own (StateMergeTest).
// Must not touch: program points, liveness or any table of the exploration;
// whether two paths may merge at all is JoinPolicy's decision.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_STATEMERGE_H
#define MEMLINT_ANALYZER_EXPLORER_STATEMERGE_H

#include "analyzer/AbstractState.h"

namespace memlint::explorer {

/// Renumbers the atoms of `s` in first-occurrence order (the atoms of its
/// assumptions first) and drops assumptions nothing refers to; decided
/// selects become the buffer they chose.
void canonicalizeAtoms(PathState &s);

/// Merges `s` into `into`, which has the same shape (PathState::sameShape):
/// the booleans that differ become `ite(x, into, s)` over a selector x, the
/// one assumed atom the two disagree on or a fresh atom. The hits of the
/// merged state are those of both. Returns false, leaving both states as
/// they were, when they disagree on more than one assumption or a boolean
/// would need too many atoms.
bool mergeBooleans(PathState &into, PathState &s);

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_STATEMERGE_H
