//===- LintCommand.h - mlir-memlint [lint] and viz --------------*- C++ -*-===//
//
// The lint run (the default command: read the configs, lint the inputs,
// apply fix-its, print and write the reports, decide the exit code) and
// `mlir-memlint viz`, which lints the inputs the same way to draw them.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_LINTCOMMAND_H
#define MEMLINT_TOOLS_LINTCOMMAND_H

#include "analyzer/LifetimeAnalysis.h"
#include "tools/LintDriver.h"

#include "mlir/IR/DialectRegistry.h"

#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// The options that decide how inputs are read and analysed, shared by the
/// lint run and `viz`.
struct AnalysisCommandOptions {
  std::vector<std::string> inputs;
  std::optional<std::string> checks;
  std::optional<std::string> configText;
  std::optional<std::string> configFile;
  /// Threads (0: one per core).
  unsigned jobs = 0;
  size_t parallelParseMinBytes = LintOptions().parallelParseMinBytes;
  bool splitInputFile = false;
  bool allowUnregistered = false;
  /// The exploration bounds of one function (unset: the defaults of
  /// AnalysisOptions; the step budget then scales with the function).
  std::optional<uint64_t> maxSteps;
  double functionTimeLimit = AnalysisOptions().maxSecondsPerFunction;
  uint64_t functionMemoryLimitMiB = AnalysisOptions().maxBytesPerFunction >> 20;
  /// The name standard input is shown (and its config looked up) as.
  std::string stdinFilename;
};

/// The options of the lint run.
struct LintCommandOptions : AnalysisCommandOptions {
  std::optional<std::string> warningsAsErrors;
  bool dumpConfig = false;
  std::string failOn = "error";
  /// memlint-incomplete findings fail the gate, whatever --fail-on says.
  bool failOnIncomplete = false;
  std::string format = "text";
  std::string jsonFile;
  std::string exportFixes;
  std::string sarifFile;
  bool sarifIncludeSuppressed = false;
  std::string baselineFile;
  std::string writeBaselineFile;
  std::string baseDir;
  std::string color = "auto";
  std::string explain;
  bool stats = false;
  bool listChecks = false;
  bool quiet = false;
  bool fix = false;
  bool fixDryRun = false;
  /// --fix-unsafe: the checks also propose their unsafe fix-its.
  bool fixUnsafe = false;
  bool showFixes = false;
  std::string vizDir;
  /// The HTML report's folder (--html).
  std::string htmlDir;
  std::vector<std::string> memoryBudgets;
  std::optional<int64_t> assumeDim;
  double planTimeLimit = 1.0;
  /// `I/N`: lint only the I-th of N shares of the inputs (1-based).
  std::string shard;
  /// Report only findings on lines a unified diff on standard input adds or
  /// changes; `diffStrip` path components are removed from its file names.
  bool diff = false;
  unsigned diffStrip = 1;
};

/// The options of `mlir-memlint viz`.
struct VizCommandOptions : AnalysisCommandOptions {
  std::string function;
  std::string kind = "all";
  std::vector<std::string> formats;
  std::string outDir = ".";
};

/// Runs the lint; returns the exit code (0 pass, 1 findings at or above
/// --fail-on, 2 usage, config, parse or internal error).
int runLintCommand(const LintCommandOptions &options,
                   const mlir::DialectRegistry &registry);

/// Runs `mlir-memlint merge-sarif OUT IN...`: joins SARIF logs (the shards
/// of a run, or baselines) into one; returns the exit code (0, or 2).
int runMergeSarifCommand(const std::string &output,
                         const std::vector<std::string> &inputs);

/// Runs `mlir-memlint viz`; returns the exit code (0, or 2).
int runVizCommand(const VizCommandOptions &options,
                  const mlir::DialectRegistry &registry);

} // namespace memlint

#endif // MEMLINT_TOOLS_LINTCOMMAND_H
