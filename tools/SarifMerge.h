//===- SarifMerge.h - Join the SARIF logs of shards into one ---*- C++ -*-===//
//
// `mlir-memlint merge-sarif OUT IN...` (DESIGN §7, "Beyond one machine"):
// the SARIF logs of the shards of one CI run (--shard=I/N), or baselines,
// joined into one log with one run, laid out as reporters/SarifReporter.cpp
// lays out the log of an unsharded run. This file owns the merge only; it
// reads and writes SARIF text and knows nothing of findings or of MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_SARIFMERGE_H
#define MEMLINT_TOOLS_SARIFMERGE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>

namespace memlint {

/// The deepest nesting of arrays and objects a merged log may have; deeper
/// input is rejected before it is built (our logs nest about 12 deep).
constexpr unsigned kMaxSarifNesting = 512;

/// Joins SARIF 2.1.0 logs of one run each into one log of one run. `logs`
/// holds (name, text) pairs; the name identifies an input in errors.
///
/// - `tool.driver` is the first log's, with `rules` the union of every log's
///   rules by id (the first log naming an id gives its metadata), sorted by
///   id as the check registry is; each result's `ruleIndex` is recomputed.
/// - `artifacts` is the union by (`uriBaseId`, `uri`), sorted by path, and
///   every `artifactLocation.index` is recomputed.
/// - `results` are grouped by the artifact of their primary location, in
///   the order of the artifacts; the results of a file reported by one log
///   keep that log's order, those of a file reported by several are sorted
///   by line, column, rule and message as findings are. So the shards of a
///   run whose inputs were in path order (a folder) merge into the
///   unsharded log, invocations aside.
/// - One invocation: `executionSuccessful` when every log's invocations
///   were, and their notifications concatenated in the order of `logs`.
/// - `originalUriBaseIds` is the union; a base id two logs define
///   differently is an error, as is a different `columnKind`.
///
/// Fails, naming the input, on text that is not JSON or nests deeper than
/// kMaxSarifNesting, on a log that is not SARIF 2.1.0, has no run or more
/// than one, or comes from another tool than the first log, and when `logs`
/// is empty. The output is formatted as SarifReporter formats its logs, so
/// that merged and unsharded logs compare as text.
llvm::Expected<std::string>
mergeSarifLogs(llvm::ArrayRef<std::pair<std::string, std::string>> logs);

} // namespace memlint

#endif // MEMLINT_TOOLS_SARIFMERGE_H
