//===- LintDriver.h - Lint files: read, parse, analyse, check --*- C++ -*-===//

#ifndef MEMLINT_TOOLS_LINTDRIVER_H
#define MEMLINT_TOOLS_LINTDRIVER_H

#include "checks/CheckRegistry.h"
#include "reporters/Reporters.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/ThreadPool.h"

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace memlint {

/// What fix validation may still spend on one file: re-lints and analysis
/// work (see validateFixes in LintDriver.cpp). Set by the first lint that
/// validates; shared by the rounds of --fix, so that --fix costs about what
/// --show-fixes does, however many rounds it takes.
struct FixBudget {
  bool started = false;
  unsigned relints = 0;
  uint64_t work = 0;
  /// Set from another thread to stop the validation at the next re-lint
  /// (the language server: the document changed meanwhile).
  std::atomic<bool> cancelled{false};
};

/// How to lint one file.
struct LintOptions {
  std::string checks = "*";
  /// Rules whose warnings are reported as errors (clang-tidy globs).
  std::string warningsAsErrors;
  /// `CheckOptions` of the config (validated; no check reads them yet) and
  /// `MemoryBudgets` merged with --memory-budget (read by
  /// perf-peak-over-budget).
  std::map<std::string, std::string> checkOptions;
  std::map<std::string, uint64_t> memoryBudgets;
  bool splitInputFile = false;
  bool allowUnregisteredDialects = false;
  /// Artifact paths (FileStatus::artifactPath) are relative to this folder
  /// (empty: the current one).
  std::string baseDir;
  /// The name standard input is shown as (--stdin-filename; empty:
  /// "<stdin>").
  std::string stdinFilename;
  AnalysisOptions analysis;
  /// Threads that verify and analyse the functions of a module in parallel,
  /// set as the MLIR context's thread pool (null: one thread, as with
  /// mlir-opt's --mlir-disable-threading).
  llvm::ThreadPoolInterface *threadPool = nullptr;
  /// A buffer this long or longer is parsed in parts on the threads (see
  /// tools/SourceParser.h).
  size_t parallelParseMinBytes = 256 * 1024;
  /// Keep only fix-its whose result re-lints better (see validateFixes);
  /// when false, findings carry no fix-it at all.
  bool validateFixes = true;
  /// With validateFixes: the checks also propose their unsafe fix-its
  /// (--fix-unsafe; LintContext::wantsUnsafeFixes).
  bool unsafeFixes = false;
  /// With validateFixes: the findings keep their candidate fix-its
  /// unvalidated, for validateFileFixes (--fix judges an attempt by its
  /// lint, then validates the fix-its of the one it keeps).
  bool deferFixValidation = false;
  /// Re-lints allowed per file for validating fix-its; findings beyond get
  /// no fix-it.
  unsigned maxFixValidations = 128;
  /// The budget shared by the lints of one --fix run (null: each lint that
  /// validates has a budget of its own).
  std::shared_ptr<FixBudget> fixBudget;
  /// Called once per parsed chunk (numbered from 0; only chunk 0 without
  /// --split-input-file) with its lint context and the chunk's findings that
  /// are reported (not silenced by NOLINT), e.g. to draw diagrams. Not called
  /// by the re-lints that validate or apply fix-its. May run on several
  /// threads at once (one per file) with -j.
  std::function<void(const LintContext &, llvm::ArrayRef<Finding>, unsigned)>
      onModule;
};

struct Config;
/// Sets what a config decides: the check selection, WarningsAsErrors,
/// CheckOptions and MemoryBudgets (an effective config, every key set).
void applyConfig(LintOptions &options, const Config &config);

/// The outcome of linting one input.
struct FileResult {
  FileStatus status;
  /// Sorted, with their semantic fingerprints; those silenced by a NOLINT
  /// comment are marked suppressed.
  std::vector<ReportedFinding> findings;
  /// The input text, for source lines in diagnostics.
  std::string text;
  /// Parse and verifier diagnostics, already rendered.
  std::string diagnostics;
  /// The source ranges (file offsets) of the functions whose exploration
  /// stopped at a bound: their fix-its cannot be validated.
  std::vector<std::pair<uint64_t, uint64_t>> incompleteFunctions;
};

/// Lints one input ("-" is stdin): parses, runs the checks, applies NOLINT
/// comments and WarningsAsErrors, and fingerprints the findings. Runs on a
/// thread with a large stack so that deeply nested IR cannot overflow the
/// parser.
FileResult lintFile(const std::string &input, const LintOptions &options,
                    const mlir::DialectRegistry &registry);
/// Lints `text` as the contents of the file shown as `path`.
FileResult lintText(std::string text, const std::string &path,
                    const LintOptions &options,
                    const mlir::DialectRegistry &registry);

/// Keeps, of the candidate fix-its of `result` (linted with
/// deferFixValidation), those that validate (see validateFixes).
void validateFileFixes(FileResult &result, const LintOptions &options,
                       const mlir::DialectRegistry &registry);

/// Splits `text` at `// -----` lines into [begin, end) ranges.
std::vector<std::pair<size_t, size_t>> splitChunks(llvm::StringRef text);
/// Lints every chunk of `text` into `result`, or with `only`, the chunks of
/// those indices (of the --split-input-file chunks); the fix validation
/// re-lints the chunks an edit touched this way.
void lintChunks(const std::string &text, const LintOptions &options,
                const mlir::DialectRegistry &registry, FileResult &result,
                const std::set<size_t> *only = nullptr);

/// Gives every thread created from now on the stack of the lint worker
/// (1 GiB, reserved lazily): the checks run on the MLIR context's thread
/// pool and recurse over region nesting. Called by lintText; a tool calls it
/// first, before any pool creates a thread. glibc only; once per process.
void useLargeThreadStacks();

/// Expands files and directories (recursively, `*.mlir`, sorted) into the
/// list of inputs; reports missing paths in `errors`.
std::vector<std::string> expandInputs(const std::vector<std::string> &inputs,
                                      std::vector<std::string> &errors);

/// Writes `text` to the file `path`, or to stdout for "-"; on failure,
/// `error` says why.
bool writeOutput(const std::string &path, llvm::StringRef text,
                 std::string &error);

/// `path` relative to `baseDir` (or the current folder), with `..` where
/// needed; "-" is "<stdin>".
std::string relativePath(const std::string &path, const std::string &baseDir);

/// `path` made absolute, without `.` and `..` components.
std::string absolutePath(const std::string &path);

} // namespace memlint

#endif // MEMLINT_TOOLS_LINTDRIVER_H
