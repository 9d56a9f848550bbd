//===- FixValidation.h - Keep the fix-its that repair ----------*- C++ -*-===//
//
// The validation of candidate fix-its (DESIGN §4): a candidate is kept when
// the file it makes parses, verifies and re-lints without its finding and
// without a new one. Candidates are applied and re-linted in groups; the
// offsets of a re-lint map back to the original text through the edits.
// The driver (LintDriver.cpp) runs it after a lint; --fix (FixApplier.cpp)
// and the plan rewrite (PlanRewrite.cpp) use the offset map and the
// comparison of results.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_FIXVALIDATION_H
#define MEMLINT_TOOLS_FIXVALIDATION_H

#include "tools/LintDriver.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace memlint {

/// Maps offsets of a text edited by `edits` back to the original text.
class OffsetMap {
public:
  explicit OffsetMap(llvm::ArrayRef<FixEdit> edits);
  /// The offset in the original text of `offset` in the edited text (the
  /// edit's own offset for a position inside inserted text).
  uint64_t back(uint64_t offset) const;
  /// True when `offset` in the edited text is inside text an edit inserted.
  bool isInserted(uint64_t offset) const;

private:
  /// The edits in order: where each one's text starts in the edited text,
  /// its original offset, and the text's size.
  struct Span {
    int64_t newStart, newEnd, delta;
    uint64_t offset;
  };
  const Span *spanBefore(uint64_t offset) const;
  std::vector<Span> spans;
};

/// OffsetMap(edits).back(offset), for one offset.
uint64_t mapOffsetBack(uint64_t offset, llvm::ArrayRef<FixEdit> edits);
/// True when the edited file `after` parses and verifies, has no error-level
/// finding that `before` did not have (by rule and original position), no
/// function whose exploration is incomplete that was complete in `before`
/// (a re-lint that cannot finish confirms nothing), and no longer has any
/// of `targets`. With `progress`, a target leak that is left counts as
/// repaired in part when its path (the notes of its witness, by original
/// position) changed: the edits freed the buffer on the path reported, and
/// another path still loses it (a buffer lost at several places, each
/// needing its own edit: the next round of --fix repairs the next one).
bool isImprovement(const FileResult &before, const FileResult &after,
                   llvm::ArrayRef<FixEdit> edits,
                   llvm::ArrayRef<const Finding *> targets = {},
                   bool progress = false);

/// Keeps, for each finding of `result`, the first candidate fix-it that
/// validates, on the calling thread (which needs the lint worker's large
/// stack: lintText and validateFileFixes call it on one).
void validateFixes(FileResult &result, const LintOptions &options,
                   const mlir::DialectRegistry &registry);

} // namespace memlint

#endif // MEMLINT_TOOLS_FIXVALIDATION_H
