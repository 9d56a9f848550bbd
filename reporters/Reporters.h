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
  /// Where that error is (line 0 when it has no position) and its message
  /// without the location prefix.
  SourceRange errorRange;
  std::string errorMessage;
};

/// How a finding compares with a baseline (SARIF `baselineState`).
enum class BaselineState { None, New, Unchanged };

/// A finding as the gate sees it.
struct ReportedFinding {
  Finding finding;
  /// The semantic fingerprint (reporters/Fingerprints.h).
  std::string fingerprint;
  /// Silenced by a NOLINT comment.
  bool suppressed = false;
  BaselineState baselineState = BaselineState::None;
};

/// What the SARIF log says about the run besides the findings.
struct SarifOptions {
  /// Also emit suppressed findings, with `suppressions: [{kind: inSource}]`.
  bool includeSuppressed = false;
  /// Files that were asked for but could not be found or read.
  std::vector<std::string> inputErrors;
};

/// The texts of the inputs by display path, for source lines and carets.
using SourceTexts = std::map<std::string, std::string>;

/// Prints findings like clang: `file:line:col: error: message [rule]`, the
/// source line with a caret and range, then the notes.
void printTextFindings(llvm::raw_ostream &os,
                       const std::vector<Finding> &findings,
                       const SourceTexts &sources, bool colors);

/// Renders the JSON document of a whole run (DESIGN §5). Suppressed findings
/// are left out; `fingerprint` and, with a baseline, `baselineState` are
/// added to each finding.
std::string renderJson(const std::vector<FileStatus> &files,
                       const std::vector<ReportedFinding> &findings);

/// Renders the SARIF 2.1.0 log of a whole run (DESIGN §5). `sources` gives
/// the text of each file, for GitHub's line hashes and UTF-16 columns.
std::string renderSarif(const std::vector<FileStatus> &files,
                        const std::vector<ReportedFinding> &findings,
                        const SourceTexts &sources,
                        const SarifOptions &options);

/// Prints GitHub Actions workflow commands (`::error file=...::message`),
/// one per finding (its witness path as further lines of the message) and
/// one per file that could not be linted. Columns are UTF-16 code units.
void printGithubAnnotations(llvm::raw_ostream &os,
                            const std::vector<FileStatus> &files,
                            const std::vector<Finding> &findings,
                            const SourceTexts &sources);

/// GitHub's escaping of a workflow command's message (`%`, CR, LF) and of a
/// property value (also `:` and `,`).
std::string escapeGithubData(llvm::StringRef text);
std::string escapeGithubProperty(llvm::StringRef text);

/// Renders the fix-its of `findings` in clang-tidy's YAML replacements
/// format (`--export-fixes`), for clang-apply-replacements.
std::string renderFixesYaml(const std::vector<Finding> &findings,
                            const std::string &mainSourceFile);

/// A unified diff (`diff -u`) of two versions of a file; empty when equal.
std::string renderUnifiedDiff(llvm::StringRef before, llvm::StringRef after,
                              const std::string &path);

} // namespace memlint

#endif // MEMLINT_REPORTERS_REPORTERS_H
