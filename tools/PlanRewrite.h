//===- PlanRewrite.h - plan --rewrite: apply memory plans as text edits -*- C++ -*-===//
//
// Applies the arena rewrite of analyzer/ArenaRewrite to the text of a file,
// as --fix applies fix-its: whole lines are replaced, inserted and deleted,
// so comments and formatting survive. The edited text is validated before it
// is kept: it parses and verifies, lints with no finding the original did
// not have, and each rewritten function's memory space re-plans to its
// arena (the lower bound of the edited function is the arena size, plus
// what stayed). A rewrite of one function that fails validation is dropped
// and said; the others are kept.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_PLANREWRITE_H
#define MEMLINT_TOOLS_PLANREWRITE_H

#include "analyzer/LiveIntervals.h"
#include "checks/Finding.h"
#include "tools/LintDriver.h"

#include "mlir/IR/DialectRegistry.h"

#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// How to rewrite files.
struct PlanRewriteOptions {
  std::optional<int64_t> assumeDim;
  double timeLimitSeconds = 1.0;
  /// Only this function / memory space (empty: all).
  std::string function;
  std::optional<std::string> space;
  /// The lint that validates a rewrite (its checks, dialect options).
  LintOptions lint;
};

/// A buffer left as it is.
struct RewriteKept {
  std::string name;
  unsigned line = 0;
  std::optional<int64_t> bytes;
  std::string reason;
};

/// The outcome for one memory space of one function.
struct RewriteGroupReport {
  std::string function;
  std::string space;
  /// Buffers moved into the arena, the arena's bytes, the plan's lower
  /// bound, the peak of those buffers as written.
  unsigned buffers = 0;
  int64_t arenaBytes = 0, lowerBound = 0, writtenPeak = 0;
  bool optimal = false;
  /// Kept (true) or dropped, with why.
  bool applied = false;
  std::string refusal;
  std::vector<RewriteKept> kept;
};

/// The outcome for one file.
struct FileRewrite {
  std::string path;
  /// The input and the rewritten text (equal when nothing applied).
  std::string before, after;
  /// Rendered parse or verifier diagnostics; `ok` false when the input
  /// cannot be rewritten at all.
  bool ok = true;
  std::string diagnostics;
  std::vector<RewriteGroupReport> groups;
  /// Buffers of functions or spaces with nothing to rewrite.
  std::vector<std::pair<std::string, RewriteKept>> kept;
  /// Allocations (memref.alloc) before and after.
  unsigned allocsBefore = 0, allocsAfter = 0;
  /// Wall-clock seconds: planning and editing, and validation.
  double planSeconds = 0, validateSeconds = 0;
};

/// Rewrites the text of the file shown as `path`.
FileRewrite rewriteText(std::string text, const std::string &path,
                        const PlanRewriteOptions &options,
                        const mlir::DialectRegistry &registry);

/// One line per group and kept buffer, for the terminal.
std::string renderRewriteSummary(const FileRewrite &rewrite);

} // namespace memlint

#endif // MEMLINT_TOOLS_PLANREWRITE_H
