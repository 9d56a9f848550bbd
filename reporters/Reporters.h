//===- Reporters.h - Render findings as text and JSON ----------*- C++ -*-===//
//
// Reporters only see findings and the text of the input files; they know
// nothing of MLIR or of the analyses.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_REPORTERS_REPORTERS_H
#define MEMLINT_REPORTERS_REPORTERS_H

#include "checks/Finding.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace memlint {

/// The outcome of reading one input.
struct FileStatus {
  std::string path;
  bool ok = true;
  /// The first error for a file that could not be linted.
  std::string diagnostic;
};

/// The texts of the inputs by display path, for source lines and carets.
using SourceTexts = std::map<std::string, std::string>;

/// Prints findings like clang: `file:line:col: error: message [rule]`, the
/// source line with a caret and range, then the notes.
void printTextFindings(llvm::raw_ostream &os,
                       const std::vector<Finding> &findings,
                       const SourceTexts &sources, bool colors);

/// Renders the JSON document of a whole run (DESIGN §5).
std::string renderJson(const std::vector<FileStatus> &files,
                       const std::vector<Finding> &findings);

/// Renders the fix-its of `findings` in clang-tidy's YAML replacements
/// format (`--export-fixes`), for clang-apply-replacements.
std::string renderFixesYaml(const std::vector<Finding> &findings,
                            const std::string &mainSourceFile);

/// A unified diff (`diff -u`) of two versions of a file; empty when equal.
std::string renderUnifiedDiff(llvm::StringRef before, llvm::StringRef after,
                              const std::string &path);

} // namespace memlint

#endif // MEMLINT_REPORTERS_REPORTERS_H
