//===- LintCommand.cpp - mlir-memlint [lint] and viz ----------------------===//
//
// The configuration of each input is resolved first (defaults, config files
// or --config, then the command line); a selection that enables no check
// stops the run. The inputs are then linted on a thread pool, results kept
// in input order so that the output does not depend on -j.
//
//===----------------------------------------------------------------------===//

#include "tools/LintCommand.h"

#include "reporters/Reporters.h"
#include "tools/Baseline.h"
#include "tools/CommandLine.h"
#include "tools/Config.h"
#include "tools/DiffFilter.h"
#include "tools/FixApplier.h"
#include "tools/HtmlWriter.h"
#include "tools/LintSummary.h"
#include "tools/SarifMerge.h"
#include "viz/VizWriter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/WithColor.h"

#include <chrono>
#include <cstdlib>
#include <functional>
#include <mutex>
#include <set>
#include <unistd.h>

using namespace memlint;

namespace {
/// Standard error, buffered (diagnostics are written in small pieces), with
/// colours when --color asks for them, also when it is not a terminal.
class ColoredErrorStream : public llvm::raw_fd_ostream {
public:
  explicit ColoredErrorStream(bool colors)
      : llvm::raw_fd_ostream(STDERR_FILENO, /*shouldClose=*/false),
        colors(colors) {
    enable_colors(colors);
    SetBufferSize(1 << 20);
  }
  bool has_colors() const override { return colors; }

private:
  bool colors;
};

/// Runs tasks on a thread pool, or at once without one.
class Tasks {
public:
  explicit Tasks(llvm::ThreadPoolInterface *pool) {
    if (pool)
      group.emplace(*pool);
  }
  void run(std::function<void()> task) {
    if (group)
      group->async(std::move(task));
    else
      task();
  }
  void wait() {
    if (group)
      group->wait();
  }

private:
  std::optional<llvm::ThreadPoolTaskGroup> group;
};

/// The inputs of a run with the options of each, from their configs.
struct PreparedInputs {
  std::vector<std::string> inputs;
  std::vector<LintOptions> options;
  /// Inputs that could not be found (already reported).
  std::vector<std::string> errors;
  /// The threads that analyse the functions of a module in parallel (the
  /// MLIR context's thread pool), shared by all files; null with one thread.
  std::unique_ptr<llvm::DefaultThreadPool> analysisPool;
  unsigned threads = 1;
};
} // namespace

/// An invalid config: the message names the file, line and column.
static int configError(llvm::Error error) {
  llvm::errs() << llvm::toString(std::move(error)) << "\n";
  llvm::errs() << "mlir-memlint: error: invalid configuration\n";
  return 2;
}

/// Writes `text` to FILE, or to stdout for "-"; reports a failure.
static bool writeOrReport(const std::string &path, const std::string &text) {
  std::string error;
  if (writeOutput(path, text, error))
    return true;
  usageError(error);
  return false;
}

/// The input whose config decides: standard input is looked up as the file
/// --stdin-filename names.
static std::string configInput(const AnalysisCommandOptions &opts,
                               const std::string &input) {
  if (input == "-" && !opts.stdinFilename.empty())
    return opts.stdinFilename;
  return input;
}

/// Where the check selection of `input` comes from, for messages.
static std::string describeSelectionSource(const AnalysisCommandOptions &opts,
                                           llvm::StringRef input) {
  std::vector<std::string> sources;
  if (opts.checks)
    sources.push_back("--checks");
  if (opts.configText)
    sources.push_back("--config");
  if (opts.configFile)
    sources.push_back("--config-file " + *opts.configFile);
  if (!opts.configText && !opts.configFile)
    if (auto file = findConfigFile(input)) {
      // Named as the input is: relative to where it was found from.
      llvm::SmallString<256> shown(*file);
      llvm::SmallString<256> cwd;
      llvm::sys::fs::current_path(cwd);
      llvm::StringRef rel(shown);
      if (rel.consume_front(cwd) && rel.consume_front("/"))
        sources.push_back(rel.str());
      else
        sources.push_back(*file);
    }
  if (sources.empty())
    return "the defaults";
  return llvm::join(sources, " and ");
}

/// The config resolver of the command line (--config, --config-file,
/// --checks, --warnings-as-errors); nullopt after reporting an error.
static std::optional<ConfigResolver>
makeResolver(const AnalysisCommandOptions &opts,
             std::optional<std::string> warningsAsErrors) {
  std::optional<Config> explicitConfig;
  if (opts.configText) {
    auto config = Config::parse(*opts.configText, "--config");
    if (!config) {
      configError(config.takeError());
      return std::nullopt;
    }
    explicitConfig = std::move(*config);
  } else if (opts.configFile) {
    auto config = Config::load(*opts.configFile);
    if (!config) {
      configError(config.takeError());
      return std::nullopt;
    }
    explicitConfig = std::move(*config);
  }
  Config overrides;
  overrides.checks = opts.checks;
  overrides.warningsAsErrors = warningsAsErrors;
  for (const auto &[flag, value] :
       {std::pair{"--checks", opts.checks},
        std::pair{"--warnings-as-errors", warningsAsErrors}})
    if (value)
      if (auto bad = GlobList(*value).getError()) {
        usageError(std::string("invalid glob in ") + flag + ": '" + *bad + "'");
        return std::nullopt;
      }
  return ConfigResolver(std::move(explicitConfig), std::move(overrides));
}

/// Expands the inputs and resolves the options of each; returns the exit
/// code when the run stops here (a bad config, a selection enabling
/// nothing).
static std::optional<int> prepareInputs(const AnalysisCommandOptions &opts,
                                        ConfigResolver &resolver,
                                        PreparedInputs &prepared) {
  prepared.inputs = expandInputs(opts.inputs, prepared.errors);
  for (const std::string &error : prepared.errors)
    llvm::WithColor::error(llvm::errs(), "mlir-memlint") << error << "\n";
  prepared.options.resize(prepared.inputs.size());
  prepared.threads =
      llvm::hardware_concurrency(opts.jobs).compute_thread_count();
  if (prepared.threads > 1)
    prepared.analysisPool = std::make_unique<llvm::DefaultThreadPool>(
        llvm::hardware_concurrency(prepared.threads));
  // A selection that enables no check would make the gate pass silently:
  // an error, as in clang-tidy; a glob that matches nothing, a warning.
  std::set<std::string> diagnosedSelections;
  auto checkSelection = [&](const std::string &selection,
                            llvm::StringRef input) {
    if (!diagnosedSelections.insert(selection).second)
      return true;
    SelectionDiagnosis diagnosis = diagnoseSelection(selection);
    for (const std::string &warning : diagnosis.warnings)
      llvm::WithColor::warning(llvm::errs(), "mlir-memlint") << warning << "\n";
    if (!diagnosis.enablesNothing)
      return true;
    llvm::WithColor::error(llvm::errs(), "mlir-memlint")
        << "no checks enabled: the check selection '" << selection << "' (from "
        << describeSelectionSource(opts, input)
        << ") matches no check; see --list-checks\n";
    return false;
  };
  for (size_t i = 0; i < prepared.inputs.size(); ++i) {
    std::string input = configInput(opts, prepared.inputs[i]);
    auto config = resolver.resolve(input);
    if (!config)
      return configError(config.takeError());
    for (const std::string &warning : resolver.takeWarnings())
      llvm::errs() << warning << "\n";
    if (!checkSelection(*config->checks, input))
      return 2;
    LintOptions &lint = prepared.options[i];
    applyConfig(lint, *config);
    lint.splitInputFile = opts.splitInputFile;
    lint.allowUnregisteredDialects = opts.allowUnregistered;
    lint.stdinFilename = opts.stdinFilename;
    if (opts.maxSteps) {
      lint.analysis.maxStepsPerFunction = *opts.maxSteps;
      lint.analysis.minStepsPerFunction = *opts.maxSteps;
    }
    lint.analysis.maxSecondsPerFunction = opts.functionTimeLimit;
    lint.analysis.maxBytesPerFunction = opts.functionMemoryLimitMiB << 20;
    lint.threadPool = prepared.analysisPool.get();
    lint.parallelParseMinBytes = opts.parallelParseMinBytes;
  }
  return std::nullopt;
}

/// Parses `--memory-budget SPACE=BYTES` entries.
static std::optional<std::map<std::string, uint64_t>>
parseBudgets(const std::vector<std::string> &entries) {
  std::map<std::string, uint64_t> budgets;
  for (const std::string &entry : entries) {
    size_t eq = entry.rfind('=');
    uint64_t bytes = 0;
    if (eq == std::string::npos || eq == 0 ||
        llvm::StringRef(entry).substr(eq + 1).getAsInteger(10, bytes) ||
        bytes == 0) {
      usageError("invalid --memory-budget '" + entry +
                 "': expected SPACE=BYTES with BYTES a positive integer");
      return std::nullopt;
    }
    budgets[entry.substr(0, eq)] = bytes;
  }
  return budgets;
}

/// Parses `--shard I/N` (1 <= I <= N).
static std::optional<std::pair<unsigned, unsigned>>
parseShard(llvm::StringRef text) {
  auto [index, count] = text.split('/');
  unsigned i = 0, n = 0;
  if (index.getAsInteger(10, i) || count.getAsInteger(10, n) || n == 0 ||
      i == 0 || i > n)
    return std::nullopt;
  return std::pair{i, n};
}

/// Warns about each memory budget whose space is not a memory space: an
/// integer or an MLIR attribute as a memref type prints it. Such a budget
/// never applies.
static void
warnAboutBudgetSpaces(const std::map<std::string, uint64_t> &budgets,
                      const mlir::DialectRegistry &registry,
                      std::set<std::string> &warned) {
  std::optional<mlir::MLIRContext> context;
  static const std::set<std::string> known = {"0",
                                              "1",
                                              "2",
                                              "3",
                                              "4",
                                              "5",
                                              "#gpu.address_space<global>",
                                              "#gpu.address_space<workgroup>",
                                              "#gpu.address_space<private>"};
  for (const auto &[space, bytes] : budgets) {
    if (!warned.insert(space).second)
      continue;
    llvm::StringRef key(space);
    int64_t integer;
    if (!key.getAsInteger(10, integer))
      continue;
    if (!context) {
      context.emplace(registry);
      context->loadAllAvailableDialects();
    }
    mlir::ScopedDiagnosticHandler quiet(
        &*context, [](mlir::Diagnostic &) { return mlir::success(); });
    if (key.starts_with("#") && mlir::parseAttribute(key, &*context))
      continue;
    std::string hint;
    std::optional<std::string> best = closestName(key, known);
    if (!best)
      for (const std::string &candidate : known)
        if (llvm::StringRef(candidate).contains(key))
          best = candidate;
    if (best)
      hint = "did you mean '" + *best + "'? ";
    llvm::WithColor::warning(llvm::errs(), "mlir-memlint")
        << "memory budget for unknown memory space '" << space
        << "' never applies; " << hint
        << "a space is an integer (0 is the default) or an attribute as "
           "memref types print it, e.g. '#gpu.address_space<workgroup>'\n";
  }
}

//===----------------------------------------------------------------------===//
// The lint run
//===----------------------------------------------------------------------===//

/// --dump-config, --list-checks and --explain, which print and stop: the
/// exit code, or nullopt when none of them is given.
static std::optional<int> runInfoOption(const LintCommandOptions &opts,
                                        const Config &firstConfig) {
  if (opts.dumpConfig) {
    llvm::outs() << firstConfig.dump();
    return 0;
  }
  if (opts.listChecks) {
    GlobList globs(*firstConfig.checks);
    for (const CheckInfo &info : getRegisteredChecks()) {
      bool enabled = globs.contains(info.name);
      llvm::outs() << info.name << " [" << stringifyLevel(info.level) << "]"
                   << (enabled ? "" : " (disabled)") << ": " << info.summary
                   << "\n";
    }
    return 0;
  }
  if (!opts.explain.empty()) {
    const CheckInfo *info = lookupCheck(opts.explain);
    if (!info) {
      std::string hint;
      if (std::optional<llvm::StringRef> best = suggestCheck(opts.explain))
        hint = "did you mean '" + best->str() + "'? ";
      return usageError("unknown check '" + opts.explain + "'; " + hint +
                        "see --list-checks");
    }
    llvm::StringRef doc = getCheckDocumentation(info->name);
    if (doc.empty())
      llvm::outs() << info->name << " [" << stringifyLevel(info->level)
                   << "]: " << info->summary << "\n";
    else
      llvm::outs() << doc;
    return 0;
  }
  return std::nullopt;
}

/// --diff: the changed lines, read from standard input into `changed`;
/// the exit code when the run stops here.
static std::optional<int> readDiff(const LintCommandOptions &opts,
                                   std::optional<ChangedLines> &changed) {
  if (!opts.diff)
    return std::nullopt;
  if (llvm::is_contained(opts.inputs, "-"))
    return usageError("--diff reads the diff from standard input; it "
                      "cannot also be an input");
  auto text = llvm::MemoryBuffer::getSTDIN();
  if (!text)
    return usageError("cannot read the diff from standard input: " +
                      text.getError().message());
  auto parsed = parseUnifiedDiff((*text)->getBuffer(), opts.diffStrip);
  if (!parsed)
    return usageError("invalid diff on standard input: " +
                      llvm::toString(parsed.takeError()));
  changed = std::move(*parsed);
  return std::nullopt;
}

/// The inputs to lint: without any, the .mlir files the diff changes (as
/// clang-tidy-diff lints them); with --shard, its share of them. The exit
/// code when the run stops here.
static std::optional<int>
selectInputs(const LintCommandOptions &opts,
             const std::optional<ChangedLines> &changed,
             AnalysisCommandOptions &analysisOpts) {
  if (changed && analysisOpts.inputs.empty()) {
    for (const std::string &file : changed->getFiles())
      if (llvm::StringRef(file).ends_with(".mlir") &&
          llvm::sys::fs::exists(file))
        analysisOpts.inputs.push_back(file);
    if (analysisOpts.inputs.empty()) {
      llvm::errs() << "mlir-memlint: the diff changes no .mlir file; nothing "
                      "to lint\n";
      return 0;
    }
  }

  if (analysisOpts.inputs.empty())
    return usageError("no input files; try --help");
  std::optional<std::pair<unsigned, unsigned>> shard;
  if (!opts.shard.empty() && !(shard = parseShard(opts.shard)))
    return usageError("invalid --shard '" + opts.shard +
                      "': expected I/N with 1 <= I <= N");
  if (!shard)
    return std::nullopt;
  // The I-th share of the expanded inputs (every N-th from the I-th), a
  // split that does not depend on the machine; merge-sarif joins the
  // shards' logs.
  std::vector<std::string> errors;
  std::vector<std::string> all = expandInputs(analysisOpts.inputs, errors);
  if (!errors.empty()) {
    for (const std::string &error : errors)
      llvm::WithColor::error(llvm::errs(), "mlir-memlint") << error << "\n";
    return 2;
  }
  analysisOpts.inputs.clear();
  for (size_t i = 0; i < all.size(); ++i)
    if (i % shard->second == shard->first - 1)
      analysisOpts.inputs.push_back(all[i]);
  if (analysisOpts.inputs.empty())
    llvm::WithColor::warning(llvm::errs(), "mlir-memlint")
        << "shard " << opts.shard << " has no inputs (" << all.size()
        << " in all)\n";
  return std::nullopt;
}

/// --diff: names each changed .mlir file that is not an input, whose
/// findings cannot be reported (a diff made in another folder, a wrong
/// strip).
static void warnAboutChangedNonInputs(const ChangedLines &changed,
                                      const std::vector<std::string> &inputs,
                                      unsigned diffStrip) {
  std::set<std::string> linted;
  for (const std::string &input : inputs)
    if (input != "-")
      linted.insert(absolutePath(input));
  for (const std::string &file : changed.getFiles())
    if (llvm::StringRef(file).ends_with(".mlir") &&
        !linted.count(absolutePath(file)))
      llvm::WithColor::warning(llvm::errs(), "mlir-memlint")
          << "the diff changes '" << file
          << "', which is not an input (the diff's paths are relative to "
             "the current folder after --diff-strip "
          << diffStrip << ")\n";
}

/// The options of the command line that apply to every input, over its
/// config: memory budgets, analysis bounds, and what fix-its are for.
static void
configureLintOptions(const LintCommandOptions &opts,
                     const std::map<std::string, uint64_t> &budgetOverrides,
                     const mlir::DialectRegistry &registry,
                     std::vector<LintOptions> &lintOptions) {
  std::set<std::string> warnedSpaces;
  for (LintOptions &lint : lintOptions) {
    for (const auto &[space, bytes] : budgetOverrides)
      lint.memoryBudgets[space] = bytes;
    warnAboutBudgetSpaces(lint.memoryBudgets, registry, warnedSpaces);
    lint.analysis.assumeDim = opts.assumeDim;
    lint.analysis.planTimeLimitSeconds = opts.planTimeLimit;
    lint.baseDir = opts.baseDir;
    // Validating fix-its re-lints the file per candidate: only when they
    // are shown or used.
    lint.validateFixes = opts.showFixes || opts.fix || opts.fixDryRun ||
                         !opts.exportFixes.empty() || !opts.htmlDir.empty();
    lint.unsafeFixes = opts.fixUnsafe;
    // The rounds of --fix share one budget with the first lint.
    if (opts.fix || opts.fixDryRun)
      lint.fixBudget = std::make_shared<FixBudget>();
  }
}

namespace {
/// Diagrams of the functions with findings (--viz-dir, and the charts of
/// --html), drawn while each module is still in memory.
struct DiagramCollector {
  std::mutex mutex;
  std::vector<viz::DiagramFile> vizFiles, htmlDiagrams;

  /// Sets the hook of each input that draws them.
  void attach(const LintCommandOptions &opts,
              std::vector<LintOptions> &lintOptions) {
    if (opts.vizDir.empty() && opts.htmlDir.empty())
      return;
    viz::VizOptions vizOptions;
    vizOptions.outDir = opts.vizDir;
    vizOptions.onlyWithFindings = true;
    // The HTML report's charts, inlined in the finding pages: their links
    // are relative to the pages' folder.
    viz::VizOptions htmlOptions = vizOptions;
    htmlOptions.outDir = opts.htmlDir + "/findings";
    htmlOptions.formats = {"svg"};
    // Inlined in every page of the function's findings: as small as the
    // bitmaps (Graphviz took minutes on a 10,000-buffer table).
    htmlOptions.lifetime.maxBuffers = htmlOptions.maxBitmapRows;
    htmlOptions.lifetime.buffersPerPage = htmlOptions.bitmapBuffersPerPage;
    htmlOptions.cfg.maxRowsPerBlock = htmlOptions.maxBitmapRows;
    for (LintOptions &lint : lintOptions)
      lint.onModule = [this, &opts, vizOptions, htmlOptions](
                          const LintContext &context,
                          llvm::ArrayRef<Finding> findings, unsigned chunk) {
        std::vector<viz::DiagramFile> files, html;
        if (!opts.vizDir.empty())
          files = viz::buildDiagrams(context, findings, chunk, vizOptions);
        if (!opts.htmlDir.empty())
          html = viz::buildDiagrams(context, findings, chunk, htmlOptions);
        std::lock_guard<std::mutex> lock(mutex);
        for (viz::DiagramFile &file : files)
          vizFiles.push_back(std::move(file));
        for (viz::DiagramFile &file : html)
          htmlDiagrams.push_back(std::move(file));
      };
  }
};
} // namespace

/// --fix and --fix-dry-run: fix-its applied round after round on each
/// file, then written back atomically (or shown as a diff; standard input
/// is written to standard output, fixed or not). After --fix, `results`
/// hold the files as they now are. False when a file could not be written.
static bool applyFixesInPlace(const LintCommandOptions &opts,
                              const std::vector<std::string> &inputs,
                              const std::vector<LintOptions> &lintOptions,
                              const mlir::DialectRegistry &registry,
                              std::vector<FileResult> &results) {
  bool ok = true;
  for (size_t i = 0; i < results.size(); ++i) {
    FileResult &r = results[i];
    bool fromStdin = inputs[i] == "-";
    bool anyFix = llvm::any_of(r.findings, [](const ReportedFinding &f) {
      return !f.suppressed && !f.finding.fixes.empty();
    });
    if (!r.status.ok || !anyFix) {
      if (fromStdin && opts.fix)
        llvm::outs() << r.text;
      if (uint64_t untried = r.status.figures.unvalidatedFixFindings)
        llvm::errs() << "mlir-memlint: " << r.status.path
                     << ": no fix-it applied; the fix-validation budget ran "
                        "out before the fix-its of "
                     << untried << " finding" << (untried == 1 ? "" : "s")
                     << " were tried\n";
      continue;
    }
    FixOutcome outcome = applyFixes(r, lintOptions[i], registry);
    if (opts.fixDryRun) {
      if (outcome.applied)
        llvm::outs() << renderUnifiedDiff(r.text, outcome.text, r.status.path);
      continue;
    }
    if (fromStdin) {
      llvm::outs() << outcome.text;
    } else if (outcome.applied == 0) {
      continue;
    } else {
      std::string error;
      if (!writeFileAtomically(inputs[i], outcome.text, error)) {
        llvm::WithColor::error(llvm::errs(), "mlir-memlint")
            << error << "; the file is unchanged\n";
        ok = false;
        continue;
      }
    }
    printFixOutcome(llvm::errs(), r.status.path, outcome);
    uint64_t untried = outcome.final.status.figures.unvalidatedFixFindings;
    outcome.final.status.figures = r.status.figures;
    outcome.final.status.figures.unvalidatedFixFindings = untried;
    r = std::move(outcome.final);
  }
  return ok;
}

/// --export-fixes: the fix-its of `shown` as clang-apply-replacements
/// reads them; false after reporting a file that could not be written.
static bool exportFixes(const std::string &path,
                        const std::vector<FileStatus> &statuses,
                        const std::vector<Finding> &shown) {
  // Absolute paths, as clang-tidy writes them, so that
  // clang-apply-replacements applies them from any folder.
  std::map<std::string, std::string> absolute;
  for (const FileStatus &status : statuses)
    if (status.path != "<stdin>")
      absolute[status.path] = absolutePath(status.path);
  std::vector<Finding> exported;
  for (const Finding &f : shown)
    if (absolute.count(f.location.file))
      exported.push_back(f);
  std::string yaml = renderFixesYaml(
      exported, statuses.empty() ? "" : statuses.front().path, absolute);
  if (!writeOrReport(path, yaml))
    return 2;
  return true;
}

/// The exit code of the gate: 1 for a finding at --fail-on or above (after
/// --fix, those the fixes left), or with --fail-on-incomplete for an
/// analysis that stopped at a bound; 0 otherwise.
static int getGateExitCode(const LintCommandOptions &opts,
                           const std::vector<Finding> &shown,
                           const std::vector<FileStatus> &statuses) {
  Level failLevel = *parseLevel(opts.failOn);
  for (const Finding &f : shown)
    if (f.level >= failLevel)
      return 1;
  // From the figures, so that neither the check selection nor a NOLINT
  // comment can hide an unfinished analysis from this gate.
  if (opts.failOnIncomplete) {
    uint64_t incomplete = 0;
    for (const FileStatus &status : statuses)
      incomplete += status.figures.incompleteFunctions;
    if (incomplete != 0)
      return 1; // the summary line says why
  }
  return 0;
}

int memlint::runLintCommand(const LintCommandOptions &given,
                            const mlir::DialectRegistry &registry) {
  // --fix-unsafe applies its fix-its as --fix does, unless an option that
  // shows fix-its asks for them (as clang-tidy's --fix-errors implies --fix).
  LintCommandOptions opts = given;
  if (opts.fixUnsafe && !opts.fixDryRun && !opts.showFixes &&
      opts.exportFixes.empty() && opts.htmlDir.empty())
    opts.fix = true;
  std::optional<std::map<std::string, uint64_t>> budgetOverrides =
      parseBudgets(opts.memoryBudgets);
  if (!budgetOverrides)
    return 2;
  std::optional<ConfigResolver> resolver =
      makeResolver(opts, opts.warningsAsErrors);
  if (!resolver)
    return 2;

  // The config of the first input, or of the current folder.
  auto firstConfig = resolver->resolve(
      opts.inputs.empty() ? configInput(opts, "-")
                          : configInput(opts, opts.inputs.front()));
  if (!firstConfig)
    return configError(firstConfig.takeError());
  if (opts.dumpConfig || opts.listChecks || !opts.explain.empty())
    for (const std::string &warning : resolver->takeWarnings())
      llvm::errs() << warning << "\n";
  if (std::optional<int> code = runInfoOption(opts, *firstConfig))
    return *code;
  // --diff: the changed lines, from standard input.
  std::optional<ChangedLines> changed;
  if (std::optional<int> stop = readDiff(opts, changed))
    return *stop;
  AnalysisCommandOptions analysisOpts = opts;
  if (std::optional<int> stop = selectInputs(opts, changed, analysisOpts))
    return *stop;
  PreparedInputs prepared;
  if (std::optional<int> stop =
          prepareInputs(analysisOpts, *resolver, prepared))
    return *stop;
  const std::vector<std::string> &inputs = prepared.inputs;
  const std::vector<std::string> &errors = prepared.errors;
  if (changed)
    warnAboutChangedNonInputs(*changed, inputs, opts.diffStrip);
  std::vector<LintOptions> &lintOptions = prepared.options;
  configureLintOptions(opts, *budgetOverrides, registry, lintOptions);

  std::optional<Baseline> baseline;
  if (!opts.baselineFile.empty()) {
    auto loaded = Baseline::load(opts.baselineFile);
    if (!loaded) {
      llvm::errs() << llvm::toString(loaded.takeError()) << "\n";
      return 2;
    }
    baseline = std::move(*loaded);
  }

  DiagramCollector diagrams;
  diagrams.attach(opts, lintOptions);

  auto lintStart = std::chrono::steady_clock::now();
  // Lint on LLVM's thread pool; results are kept in input order, so the
  // output does not depend on -j.
  std::vector<FileResult> results(inputs.size());
  unsigned jobs =
      std::min<size_t>(prepared.threads, std::max<size_t>(1, inputs.size()));
  std::optional<llvm::DefaultThreadPool> pool;
  if (jobs > 1)
    pool.emplace(llvm::hardware_concurrency(jobs));
  Tasks linting(pool ? &*pool : nullptr);
  for (size_t i = 0; i < inputs.size(); ++i)
    linting.run(
        [&, i] { results[i] = lintFile(inputs[i], lintOptions[i], registry); });
  linting.wait();

  bool fixFailed =
      (opts.fix || opts.fixDryRun) &&
      !applyFixesInPlace(opts, inputs, lintOptions, registry, results);
  llvm::outs().flush();

  auto outputStart = std::chrono::steady_clock::now();
  // NO_COLOR (no-color.org), set to anything, turns off the automatic
  // colours; --color=always still forces them.
  const char *noColor = std::getenv("NO_COLOR");
  bool colors = opts.color == "always" ||
                (opts.color == "auto" && !(noColor && *noColor) &&
                 llvm::errs().has_colors());
  std::vector<FileStatus> statuses;
  std::vector<ReportedFinding> findings;
  SourceTexts texts;
  bool hadError = !errors.empty();
  for (FileResult &r : results) {
    statuses.push_back(r.status);
    if (!r.status.ok)
      hadError = true;
    llvm::errs() << r.diagnostics;
    for (ReportedFinding &f : r.findings)
      findings.push_back(std::move(f));
    texts[r.status.path] = std::move(r.text);
  }
  // --diff: only the findings on lines the diff adds or changes count, in
  // every output.
  size_t outsideDiff = 0;
  if (changed) {
    std::vector<ReportedFinding> kept;
    for (ReportedFinding &f : findings) {
      const SourceRange &r = f.finding.location.range;
      if (changed->intersects(f.finding.location.file, r.line,
                              std::max(r.line, r.endLine)))
        kept.push_back(std::move(f));
      else
        outsideDiff += !f.suppressed;
    }
    findings = std::move(kept);
  }
  size_t goneFromBaseline = baseline ? baseline->classify(findings) : 0;

  // The JSON and SARIF documents are rendered on the analysis threads, idle
  // now, while the text is printed; they are written afterwards, in a fixed
  // order.
  Tasks rendering(prepared.analysisPool.get());
  std::string jsonText, sarifText, baselineText;
  JsonOptions jsonOptions;
  jsonOptions.inputErrors = errors;
  jsonOptions.timings = opts.stats;
  if (!opts.jsonFile.empty())
    rendering.run(
        [&] { jsonText = renderJson(statuses, findings, jsonOptions); });
  SarifOptions sarifOptions;
  sarifOptions.includeSuppressed = opts.sarifIncludeSuppressed;
  sarifOptions.inputErrors = errors;
  if (!opts.sarifFile.empty())
    rendering.run([&] {
      sarifText = renderSarif(statuses, findings, texts, sarifOptions);
    });
  std::vector<ReportedFinding> accepted;
  SarifOptions baselineOptions;
  if (!opts.writeBaselineFile.empty()) {
    // A baseline holds the findings that count today, without states.
    for (const ReportedFinding &f : findings)
      if (!f.suppressed) {
        accepted.push_back(f);
        accepted.back().baselineState = BaselineState::None;
      }
    baselineOptions.inputErrors = errors;
    rendering.run([&] {
      baselineText = renderSarif(statuses, accepted, texts, baselineOptions);
    });
  }

  // Text and annotations show the findings that count: not suppressed, not
  // in the baseline (copied while the documents above are rendered).
  std::vector<Finding> shown;
  size_t unchanged = 0, suppressed = 0;
  for (const ReportedFinding &f : findings) {
    if (f.suppressed)
      ++suppressed;
    else if (f.baselineState == BaselineState::Unchanged)
      ++unchanged;
    else
      shown.push_back(f.finding);
  }
  // The HTML report's fix-its alone do not change the text output.
  if (!opts.showFixes && !opts.fix && !opts.fixDryRun &&
      opts.exportFixes.empty())
    for (Finding &f : shown)
      f.fixes.clear();

  bool textRun = opts.format == "text" && !opts.quiet;
  if (opts.format == "github") {
    printGithubAnnotations(llvm::outs(), statuses, shown, texts);
    llvm::outs().flush();
  } else if (textRun) {
    // llvm::errs() is unbuffered: the findings go through a buffer of their
    // own on the same descriptor, flushed before llvm::errs() writes again.
    ColoredErrorStream os(colors);
    printTextFindings(os, shown, texts, colors);
    os.flush();
    // A standard error that cannot be written (a closed pipe) is no reason
    // for a fatal error when the stream is destroyed.
    os.clear_error();
  }
  if (baseline && !opts.quiet)
    llvm::errs() << "mlir-memlint: baseline: " << shown.size() << " new, "
                 << unchanged << " unchanged, " << goneFromBaseline
                 << " gone (fixed or moved out of the baseline)\n";

  rendering.wait();
  if (!opts.jsonFile.empty() && !writeOrReport(opts.jsonFile, jsonText))
    return 2;
  if (!opts.sarifFile.empty() && !writeOrReport(opts.sarifFile, sarifText))
    return 2;
  if (!opts.writeBaselineFile.empty() &&
      !writeOrReport(opts.writeBaselineFile, baselineText))
    return 2;

  if (opts.stats) {
    std::map<std::string, size_t> perFile;
    for (const ReportedFinding &f : findings)
      ++perFile[f.finding.location.file];
    for (const FileStatus &status : statuses)
      printStats(llvm::errs(), status, perFile[status.path]);
    auto seconds = [](auto from, auto to) {
      return std::chrono::duration<double>(to - from).count();
    };
    auto end = std::chrono::steady_clock::now();
    llvm::errs() << "mlir-memlint: stats: suppressed-findings=" << suppressed
                 << llvm::format(" lint=%.3fs output=%.3fs jobs=%u\n",
                                 seconds(lintStart, outputStart),
                                 seconds(outputStart, end), jobs);
  }

  if (!opts.exportFixes.empty() &&
      !exportFixes(opts.exportFixes, statuses, shown))
    return 2;

  if (!opts.htmlDir.empty()) {
    std::string error;
    if (!writeHtmlReport(opts.htmlDir, statuses, findings, texts,
                         std::move(diagrams.htmlDiagrams), error)) {
      llvm::WithColor::error(llvm::errs(), "mlir-memlint") << error << "\n";
      return 2;
    }
    if (!opts.quiet)
      llvm::errs() << "mlir-memlint: wrote the HTML report to " << opts.htmlDir
                   << "/index.html\n";
  }
  // Diagrams are rendered after the lint, in a fixed order, so that the
  // files do not depend on -j.
  std::vector<std::string> vizWritten, vizErrors;
  if (!opts.vizDir.empty())
    viz::writeDiagrams(std::move(diagrams.vizFiles), vizWritten, vizErrors);
  for (const std::string &error : vizErrors)
    llvm::WithColor::error(llvm::errs(), "mlir-memlint") << error << "\n";
  if (!opts.vizDir.empty() && !opts.quiet)
    llvm::errs() << "mlir-memlint: wrote " << vizWritten.size() << " diagram"
                 << (vizWritten.size() == 1 ? "" : "s") << " to " << opts.vizDir
                 << "\n";
  if (textRun) {
    std::string summary =
        summarize(shown, statuses, errors.size(), suppressed,
                  baseline ? std::optional<size_t>(unchanged) : std::nullopt);
    if (changed)
      summary += "; " + std::to_string(outsideDiff) + " outside the diff";
    llvm::errs() << summary << "\n";
  }
  if (hadError || fixFailed || !vizErrors.empty())
    return 2;
  // Recording a baseline is not a gate: it succeeds once the file is written
  // (step 1 of the adoption recipe runs in a CI step under `set -e`).
  if (!opts.writeBaselineFile.empty())
    return 0;
  return getGateExitCode(opts, shown, statuses);
}

//===----------------------------------------------------------------------===//
// merge-sarif
//===----------------------------------------------------------------------===//

int memlint::runMergeSarifCommand(const std::string &output,
                                  const std::vector<std::string> &inputs) {
  std::vector<std::pair<std::string, std::string>> logs;
  for (const std::string &input : inputs) {
    auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(input, /*IsText=*/true);
    if (!buffer)
      return usageError("cannot read '" + input +
                        "': " + buffer.getError().message());
    logs.emplace_back(input, (*buffer)->getBuffer().str());
  }
  auto merged = mergeSarifLogs(logs);
  if (!merged)
    return usageError(llvm::toString(merged.takeError()));
  return writeOrReport(output, *merged) ? 0 : 2;
}

//===----------------------------------------------------------------------===//
// viz
//===----------------------------------------------------------------------===//

int memlint::runVizCommand(const VizCommandOptions &opts,
                           const mlir::DialectRegistry &registry) {
  std::optional<ConfigResolver> resolver = makeResolver(opts, std::nullopt);
  if (!resolver)
    return 2;
  PreparedInputs prepared;
  if (std::optional<int> stop = prepareInputs(opts, *resolver, prepared))
    return *stop;

  std::vector<viz::DiagramFile> vizFiles;
  std::vector<std::string> written, writeErrors;
  viz::VizOptions vizOptions;
  vizOptions.outDir = opts.outDir;
  vizOptions.function = opts.function;
  if (opts.kind != "all")
    vizOptions.kinds = {opts.kind};
  if (!opts.formats.empty())
    vizOptions.formats = opts.formats;
  for (LintOptions &lint : prepared.options) {
    lint.validateFixes = false; // diagrams show no fix-its
    lint.onModule = [&](const LintContext &context,
                        llvm::ArrayRef<Finding> findings, unsigned chunk) {
      std::vector<viz::DiagramFile> files =
          viz::buildDiagrams(context, findings, chunk, vizOptions);
      for (viz::DiagramFile &file : files)
        vizFiles.push_back(std::move(file));
    };
  }
  // Every input (a directory gives its .mlir files), one after the other;
  // a missing one has been reported.
  bool parsed = true;
  for (size_t i = 0; i < prepared.inputs.size(); ++i) {
    FileResult r = lintFile(prepared.inputs[i], prepared.options[i], registry);
    llvm::errs() << r.diagnostics;
    parsed &= r.status.ok;
  }
  viz::writeDiagrams(std::move(vizFiles), written, writeErrors);
  for (const std::string &path : written)
    llvm::outs() << path << "\n";
  for (const std::string &error : writeErrors)
    llvm::WithColor::error(llvm::errs(), "mlir-memlint") << error << "\n";
  if (!parsed || !writeErrors.empty() || !prepared.errors.empty() ||
      prepared.inputs.empty())
    return 2;
  if (written.empty())
    return usageError(opts.function.empty()
                          ? "no function with a body to draw"
                          : "no function named '" + opts.function + "'");
  return 0;
}
