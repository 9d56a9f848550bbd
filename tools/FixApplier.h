//===- FixApplier.h - Apply fix-its to files: --fix, --fix-dry-run -*- C++ -*-===//
//
// Applies the validated fix-its of a file round after round until none is
// left (bounded), re-linting after each round: the result always parses,
// verifies and has no finding the previous round did not have. Files are
// replaced atomically (temporary file in the same folder, then rename), so
// an interrupted run never leaves a truncated input.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_FIXAPPLIER_H
#define MEMLINT_TOOLS_FIXAPPLIER_H

#include "tools/LintDriver.h"

#include <string>

namespace memlint {

/// The outcome of fixing one file.
struct FixOutcome {
  /// The fixed text (equal to the input when nothing applied).
  std::string text;
  /// Fix-its applied, over all rounds.
  unsigned applied = 0;
  /// The lint of the fixed text.
  FileResult final;
  /// True when the rounds ran out (maxRounds rounds applied fix-its) while
  /// fix-its were left to try: another --fix may fix more. Otherwise a
  /// stop with findings left untried follows a new budget on the text as
  /// fixed that applied nothing, which another --fix would repeat.
  bool outOfRounds = false;
};

/// Applies fix-its to the file linted as `first` (with validated fixes).
FixOutcome applyFixes(const FileResult &first, const LintOptions &options,
                      const mlir::DialectRegistry &registry,
                      unsigned maxRounds = 16);

/// Replaces the contents of `path` atomically, keeping its permissions.
/// On failure the file is untouched and `error` says why.
bool writeFileAtomically(const std::string &path, llvm::StringRef contents,
                         std::string &error);

} // namespace memlint

#endif // MEMLINT_TOOLS_FIXAPPLIER_H
