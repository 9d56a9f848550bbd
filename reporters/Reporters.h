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

/// Figures of one file (--stats, and `stats` in the JSON report).
struct FileFigures {
  uint64_t chunks = 0;
  /// Functions with a body, and the ops of the file.
  uint64_t functions = 0;
  uint64_t ops = 0;
  uint64_t buffers = 0;
  uint64_t unknownEffectOps = 0;
  /// The ops with unknown effects by name.
  std::map<std::string, uint64_t> unknownEffectOpNames;
  uint64_t externalCalls = 0;
  uint64_t incompleteFunctions = 0;
  /// Op executions and distinct join states over all paths explored.
  uint64_t steps = 0, states = 0;
  /// Parts the chunks were parsed in (one per chunk parsed whole).
  uint64_t parseParts = 0;
  /// The sum over the ops of their nesting depth: the verifier's dominance
  /// checks and the parents walked cost that much (the fix-validation
  /// budget counts it; not reported).
  uint64_t opDepths = 0;
  /// Findings whose fix-it candidates the fix-validation budget left
  /// untried (they show no fix-it; another --fix may fix them).
  uint64_t unvalidatedFixFindings = 0;
  double readSeconds = 0, parseSeconds = 0, analysisSeconds = 0;

  /// Adds the figures of another file (the run's total).
  FileFigures &operator+=(const FileFigures &other) {
    chunks += other.chunks;
    functions += other.functions;
    ops += other.ops;
    buffers += other.buffers;
    unknownEffectOps += other.unknownEffectOps;
    for (const auto &[name, count] : other.unknownEffectOpNames)
      unknownEffectOpNames[name] += count;
    externalCalls += other.externalCalls;
    incompleteFunctions += other.incompleteFunctions;
    steps += other.steps;
    states += other.states;
    parseParts += other.parseParts;
    opDepths += other.opDepths;
    unvalidatedFixFindings += other.unvalidatedFixFindings;
    readSeconds += other.readSeconds;
    parseSeconds += other.parseSeconds;
    analysisSeconds += other.analysisSeconds;
    return *this;
  }
};

/// The outcome of reading one input.
struct FileStatus {
  /// The path as the user gave it ("<stdin>", or --stdin-filename), shown in
  /// text output and used as the file of the findings' locations.
  std::string path;
  /// The path in reports that are kept or uploaded (JSON, SARIF, GitHub
  /// annotations, baselines, fingerprints): relative to --base-dir, or to
  /// the current folder.
  std::string artifactPath;
  bool ok = true;
  /// The first error for a file that could not be linted.
  std::string diagnostic;
  /// Where that error is (line 0 when it has no position) and its message
  /// without the location prefix.
  SourceRange errorRange;
  std::string errorMessage;
  FileFigures figures;
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

/// What the JSON document says about the run besides the findings.
struct JsonOptions {
  /// Inputs that were asked for but could not be found or read.
  std::vector<std::string> inputErrors;
  /// Add the time of each phase to `stats` (they differ from run to run).
  bool timings = false;
};

/// The map from the path of each file as shown to its artifact path.
std::map<std::string, std::string>
getArtifactPaths(const std::vector<FileStatus> &files);

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
                       const std::vector<ReportedFinding> &findings,
                       const JsonOptions &options = {});

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
/// format (`--export-fixes`), for clang-apply-replacements. Paths are
/// written absolute, as clang-tidy writes them: `absolutePaths` maps each
/// shown path to its absolute form.
std::string
renderFixesYaml(const std::vector<Finding> &findings,
                const std::string &mainSourceFile,
                const std::map<std::string, std::string> &absolutePaths);

/// A unified diff (`diff -u`) of two versions of a file; empty when equal.
std::string renderUnifiedDiff(llvm::StringRef before, llvm::StringRef after,
                              const std::string &path);

} // namespace memlint

#endif // MEMLINT_REPORTERS_REPORTERS_H
