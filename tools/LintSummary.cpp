//===- LintSummary.cpp - The lines that sum up a lint run -----------------===//
//
// The text a run prints about itself on standard error: the figures of
// --stats, the line each file fixed by --fix gets, and the summary line
// that ends a text run.
//
//===----------------------------------------------------------------------===//

#include "tools/LintSummary.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"

using namespace memlint;

/// "3 errors", "1 warning".
static std::string countOf(size_t n, llvm::StringRef what) {
  return std::to_string(n) + " " + what.str() + (n == 1 ? "" : "s");
}

/// The findings of `levels` by level, errors first: "3 errors", "1
/// warning" ("3 new errors" with `adjective` "new "); nothing for a level
/// without any.
static std::vector<std::string> countByLevel(llvm::ArrayRef<Level> levels,
                                             llvm::StringRef adjective = "") {
  std::vector<std::string> parts;
  for (Level level : {Level::Error, Level::Warning, Level::Note})
    if (size_t n = llvm::count(levels, level))
      parts.push_back(
          countOf(n, adjective.str() + stringifyLevel(level).str()));
  return parts;
}

void memlint::printStats(llvm::raw_ostream &os, const FileStatus &status,
                         size_t findings) {
  const FileFigures &f = status.figures;
  os << "mlir-memlint: stats: " << status.path << ": chunks=" << f.chunks
     << " functions=" << f.functions << " ops=" << f.ops
     << " buffers=" << f.buffers << " unknown-effect-ops=" << f.unknownEffectOps
     << " external-calls=" << f.externalCalls
     << " incomplete-functions=" << f.incompleteFunctions
     << " steps=" << f.steps << " states=" << f.states
     << " unvalidated-fix-findings=" << f.unvalidatedFixFindings
     << " parse-parts=" << f.parseParts << " findings=" << findings;
  os << llvm::format(" read=%.3fs parse=%.3fs analysis=%.3fs\n", f.readSeconds,
                     f.parseSeconds, f.analysisSeconds);
  if (!f.unknownEffectOpNames.empty()) {
    os << "mlir-memlint: stats: " << status.path
       << ": unknown-effect-ops by name (their memref operands escape):";
    for (const auto &[name, count] : f.unknownEffectOpNames)
      os << " " << name << "=" << count;
    os << "\n";
  }
}

std::string memlint::summarize(const std::vector<Finding> &shown,
                               const std::vector<FileStatus> &statuses,
                               size_t missing, size_t suppressed,
                               std::optional<size_t> unchanged) {
  llvm::SmallVector<Level> levels;
  for (const Finding &f : shown)
    levels.push_back(f.level);
  std::vector<std::string> parts =
      countByLevel(levels, unchanged ? "new " : "");
  std::string counts;
  if (parts.empty())
    counts = unchanged ? "no new findings" : "no findings";
  for (size_t i = 0; i < parts.size(); ++i)
    counts += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
  std::string line =
      "mlir-memlint: " + counts + " in " + countOf(statuses.size(), "file");
  size_t notParsed = llvm::count_if(
      statuses, [](const FileStatus &status) { return !status.ok; });
  if (notParsed)
    line += "; " + countOf(notParsed, "file") + " not parsed";
  if (missing)
    line += "; " + countOf(missing, "input") + " not found";
  if (unchanged && *unchanged)
    line += "; " + std::to_string(*unchanged) + " in the baseline";
  if (suppressed)
    line += "; " + std::to_string(suppressed) + " suppressed by NOLINT";
  // Said even when memlint-incomplete is not selected: a clean summary must
  // mean the analysis finished.
  uint64_t incomplete = 0;
  for (const FileStatus &status : statuses)
    incomplete += status.figures.incompleteFunctions;
  if (incomplete)
    line += "; the analysis of " + countOf(incomplete, "function") +
            " stopped at a bound";
  return line;
}

void memlint::printFixOutcome(llvm::raw_ostream &errs, llvm::StringRef path,
                              const FixOutcome &outcome) {
  // The findings left that count (as the summary below counts them),
  // by level: most warnings are perf findings, which --fix leaves.
  llvm::SmallVector<Level> levels;
  size_t suppressed = 0;
  for (const ReportedFinding &f : outcome.final.findings) {
    if (f.suppressed)
      ++suppressed;
    else
      levels.push_back(f.finding.level);
  }
  uint64_t untried = outcome.final.status.figures.unvalidatedFixFindings;
  errs << "mlir-memlint: " << path << ": applied "
       << countOf(outcome.applied, "fix-it") << ", "
       << countOf(levels.size(), "finding") << " left";
  if (!levels.empty())
    errs << " (" << llvm::join(countByLevel(levels), ", ") << ")";
  if (suppressed)
    errs << "; " << suppressed << " suppressed by NOLINT";
  // Validation resumed with a new budget on the text as fixed while the
  // last budget applied fix-its (FixApplier.cpp): findings left untried
  // after that are the ones a new budget on this text leaves untried, so
  // another --fix repeats the last budget and changes nothing, unless
  // the rounds ran out first.
  if (untried)
    errs << "; the fix-validation budget ran out before the "
            "fix-its of "
         << untried << " of them were tried"
         << (outcome.outOfRounds
                 ? ""
                 : ", also on a new budget after the last fix-it "
                   "applied (--fix again changes nothing)");
  if (outcome.outOfRounds)
    errs << "; --fix stopped at its last round with fix-its left "
            "to try (--fix again may fix more)";
  errs << "\n";
}
