//===- Finding.h - What a check reports ------------------------*- C++ -*-===//
//
// A finding is the unit every reporter consumes: a rule id, a level, a
// primary source range, a message, the witness path as notes, and fix-its.
// Findings are plain data with no pointers into the IR, so they outlive the
// module they were computed from.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_FINDING_H
#define MEMLINT_CHECKS_FINDING_H

#include "analyzer/SourceInfo.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace memlint {

enum class Level { Note, Warning, Error };

llvm::StringRef stringifyLevel(Level level);
std::optional<Level> parseLevel(llvm::StringRef text);

/// A location in a file.
struct FindingLocation {
  std::string file;
  SourceRange range;
};

/// One step of the witness path, or another related location.
struct FindingNote {
  FindingLocation location;
  std::string message;
  /// Another site of an aggregated structural finding (see Aggregation.h),
  /// not a step of a path.
  bool otherSite = false;
};

/// A text edit on an input file.
struct FixEdit {
  std::string file;
  uint64_t offset = 0;
  uint64_t length = 0;
  std::string text;
};

/// A fix-it: edits that together fix one finding.
struct FixIt {
  std::string description;
  std::vector<FixEdit> edits;
  /// A fallback that rewrites how the buffer is freed as a whole (DESIGN
  /// §4's most general strategies), tried after every local edit: a finding
  /// that shares its cause with another does not take the cause's fix-it
  /// from the finding for which it is a local one.
  bool general = false;
  /// Set by the validation: the fix-it frees a leaked buffer on the path
  /// reported only; another place still loses it (--fix applies it and
  /// repairs the next place in its next round).
  bool partial = false;
};

struct Finding {
  std::string rule;
  Level level = Level::Error;
  /// The function the primary location is in.
  std::string function;
  /// The name of the primary op ("memref.dealloc") and the SSA name of the
  /// buffer concerned as written ("%alloc"): with the rule and the function
  /// they identify a finding independently of its line (the semantic
  /// fingerprint of SARIF and baselines).
  std::string opName;
  std::string subject;
  FindingLocation location;
  std::string message;
  /// True when the bug happens on every path through its function.
  bool allPaths = false;
  /// A warning made an error by WarningsAsErrors (printed as clang-tidy
  /// does: `[rule,-warnings-as-errors]`).
  bool promoted = false;
  std::vector<FindingNote> notes;
  std::vector<FixIt> fixes;
  /// The op that causes the bug when it is another one (the earlier free of
  /// a use after free or a double free); invalid otherwise. Findings with
  /// one cause name each other (see SharedCauses.h).
  FindingLocation cause;
  /// For the structural perf-* findings, which are aggregated per function,
  /// rule and memory space (see Aggregation.h): the memory space of the
  /// buffer (as in MemoryBudgets) and its bytes when known, the rank of
  /// the site.
  std::string memorySpace;
  std::optional<int64_t> bytes;
};

/// Orders findings by file, position, rule and message.
bool operator<(const Finding &lhs, const Finding &rhs);

} // namespace memlint

#endif // MEMLINT_CHECKS_FINDING_H
