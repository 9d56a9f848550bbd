//===- Trace.h - Printing the exploration step by step ----------*- C++ -*-===//
//
// Owns: the debugging trace of an exploration (MEMLINT_TRACE=1 prints every
// step and the state it runs on to stderr).
// Must not touch: anything; it only reads states.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_EXPLORER_TRACE_H
#define MEMLINT_ANALYZER_EXPLORER_TRACE_H

#include "analyzer/AbstractState.h"

namespace memlint::explorer {

/// True when MEMLINT_TRACE is set (read once).
bool traceEnabled();
/// Prints the environment, buffers and assumptions of `s` to stderr.
void printState(const PathState &s);

} // namespace memlint::explorer

#endif // MEMLINT_ANALYZER_EXPLORER_TRACE_H
