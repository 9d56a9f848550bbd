//===- mlir-memlint.cpp - The lint driver ----------------------------------===//
//
// mlir-memlint [options] <file|dir|->...
//
// Lints MLIR files for memory lifetime bugs and prints clang-style
// diagnostics; optionally writes a JSON report. Exit codes: 0 no finding at
// or above --fail-on, 1 such findings, 2 usage, parse or internal error.
//
//===----------------------------------------------------------------------===//

#include "reporters/ToolInfo.h"
#include "tools/Baseline.h"
#include "tools/Config.h"
#include "tools/FixApplier.h"
#include "tools/LintDriver.h"
#include "viz/VizWriter.h"
#include "tools/PlanCommand.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/thread.h"

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <mutex>
#include <set>
#include <unistd.h>

using namespace memlint;

// The allocator the tool was linked with (tools/CMakeLists.txt), for --version.
#ifdef MEMLINT_WITH_JEMALLOC
static const char *const kAllocatorName = "jemalloc";
#else
static const char *const kAllocatorName = "C library malloc";
#endif

namespace {
struct CliOptions {
  std::vector<std::string> inputs;
  std::optional<std::string> checks;
  std::optional<std::string> warningsAsErrors;
  std::optional<std::string> configText;
  std::optional<std::string> configFile;
  bool dumpConfig = false;
  std::string failOn = "error";
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
  std::vector<std::string> dialectPlugins;
  /// Threads (0: one per core).
  unsigned jobs = 0;
  size_t parallelParseMinBytes = LintOptions().parallelParseMinBytes;
  bool splitInputFile = false;
  bool allowUnregistered = false;
  bool stats = false;
  bool listChecks = false;
  bool quiet = false;
  bool fix = false;
  bool fixDryRun = false;
  bool showFixes = false;
  uint64_t maxSteps = AnalysisOptions().maxStepsPerFunction;
  std::string vizDir;
  // The viz subcommand.
  std::vector<std::string> vizFiles;
  std::string vizFunction;
  std::string vizKind = "all";
  std::vector<std::string> vizFormats;
  std::string vizOutDir = ".";
  std::vector<std::string> memoryBudgets;
  std::optional<int64_t> assumeDim;
  double planTimeLimit = 1.0;
};
} // namespace

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
} // namespace

static int usageError(const std::string &message) {
  llvm::WithColor::error(llvm::errs(), "mlir-memlint") << message << "\n";
  return 2;
}

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

/// The long option names of `app` and of its subcommands ("checks").
static std::set<std::string> collectLongNames(CLI::App &app) {
  std::set<std::string> names;
  std::vector<CLI::App *> apps{&app};
  for (CLI::App *sub : app.get_subcommands([](CLI::App *) { return true; }))
    apps.push_back(sub);
  for (CLI::App *a : apps)
    for (const CLI::Option *option :
         a->get_options([](const CLI::Option *) { return true; }))
      for (const std::string &name : option->get_lnames())
        names.insert(name);
  names.insert("help");
  names.insert("version");
  return names;
}

/// argv with `-name` and `-name=value` turned into `--name...` where `name`
/// is a long option (mlir-opt's and clang-tidy's spelling); values, short
/// options and everything after `--` are left alone.
static std::vector<std::string>
normalizeDashes(int argc, char **argv, const std::set<std::string> &longNames) {
  std::vector<std::string> args(argv, argv + argc);
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (arg == "--")
      break;
    if (arg.size() <= 2 || !arg.starts_with("-") || arg.starts_with("--"))
      continue;
    std::string name = arg.drop_front().split('=').first.str();
    if (longNames.count(name))
      args[i] = "-" + args[i];
  }
  return args;
}

/// "; did you mean '--checks'?" for the first unknown long option of `args`.
static std::string suggestFlag(const std::vector<std::string> &args,
                               const std::set<std::string> &longNames) {
  for (size_t i = 1; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    if (arg == "--")
      break;
    if (!arg.starts_with("--"))
      continue;
    llvm::StringRef name = arg.drop_front(2).split('=').first;
    if (name.empty() || longNames.count(name.str()))
      continue;
    std::string best;
    unsigned bestDistance = ~0u;
    for (const std::string &candidate : longNames) {
      unsigned d = name.edit_distance(candidate, true, 8);
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    if (!best.empty() && bestDistance <= std::max<size_t>(2, name.size() / 3)) {
      llvm::StringRef value = arg.split('=').second;
      bool hasValue = arg.contains('=');
      return "; did you mean '--" + best + (hasValue ? "=" + value.str() : "") +
             "'?";
    }
    return "";
  }
  return "";
}

/// Where the check selection of `input` comes from, for messages.
static std::string describeSelectionSource(const CliOptions &opts,
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

static void printStats(llvm::raw_ostream &os, const FileResult &r) {
  const FileFigures &f = r.figures;
  os << "mlir-memlint: stats: " << r.status.path << ": chunks=" << f.chunks
     << " functions=" << f.functions << " ops=" << f.ops
     << " buffers=" << f.buffers
     << " unknown-effect-ops=" << f.unknownEffectOps
     << " external-calls=" << f.externalCalls
     << " incomplete-functions=" << f.incompleteFunctions
     << " steps=" << f.steps << " states=" << f.states
     << " parse-parts=" << f.parseParts
     << " findings=" << r.findings.size();
  os << llvm::format(" read=%.3fs parse=%.3fs analysis=%.3fs\n", f.readSeconds,
                     f.parseSeconds, f.analysisSeconds);
  if (!f.unknownEffectOpNames.empty()) {
    os << "mlir-memlint: stats: " << r.status.path
       << ": unknown-effect-ops by name (their memref operands escape):";
    for (const auto &[name, count] : f.unknownEffectOpNames)
      os << " " << name << "=" << count;
    os << "\n";
  }
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  CliOptions opts;
  CLI::App app{"mlir-memlint: static analysis of buffer lifetimes in MLIR "
               "programs (leaks, double frees, uses after free, invalid "
               "frees)",
               "mlir-memlint"};
  app.add_option("inputs", opts.inputs,
                 "Input files or directories (recursing into *.mlir); - for "
                 "stdin");
  app.add_option("--checks", opts.checks,
                 "Comma-separated globs of checks to run, e.g. "
                 "'-*,lifetime-*', appended to the config's Checks "
                 "(default: all)");
  app.add_option("--warnings-as-errors", opts.warningsAsErrors,
                 "Globs of checks whose warnings are errors, appended to the "
                 "config's WarningsAsErrors");
  auto *configOption = app.add_option(
      "--config", opts.configText,
      "Inline YAML config, used instead of .mlir-memlint.yaml files, e.g. "
      "\"{Checks: '-*,lifetime-leak'}\"");
  app.add_option("--config-file", opts.configFile,
                 "Read the config from FILE instead of looking up "
                 ".mlir-memlint.yaml files")
      ->excludes(configOption);
  app.add_flag("--dump-config", opts.dumpConfig,
               "Print the effective config of the first input (or of the "
               "current folder) as YAML and exit");
  app.add_option("--fail-on", opts.failOn,
                 "Lowest level that fails the run: error, warning, note")
      ->check(CLI::IsMember({"error", "warning", "note"}));
  app.add_option("--json", opts.jsonFile,
                 "Write the JSON report to FILE (- for stdout)");
  app.add_option("--sarif", opts.sarifFile,
                 "Write the SARIF 2.1.0 log to FILE (- for stdout)");
  app.add_flag("--sarif-include-suppressed", opts.sarifIncludeSuppressed,
               "Keep findings silenced by NOLINT in the SARIF log, marked "
               "with an inSource suppression");
  app.add_option("--format", opts.format,
                 "How findings are printed: text (clang style, on stderr) "
                 "or github (workflow annotations, on stdout)")
      ->check(CLI::IsMember({"text", "github"}));
  app.add_option("--baseline", opts.baselineFile,
                 "A SARIF log of accepted findings: findings in it (same "
                 "rule and fingerprint) are 'unchanged' and do not fail the "
                 "run");
  app.add_option("--write-baseline", opts.writeBaselineFile,
                 "Write the findings of this run as a SARIF baseline to FILE");
  app.add_flag("--split-input-file", opts.splitInputFile,
               "Lint each '// -----' chunk of an input on its own");
  app.add_flag("--allow-unregistered-dialect", opts.allowUnregistered,
               "Accept ops of unregistered dialects (modelled conservatively)");
  app.add_option("--load-dialect-plugin", opts.dialectPlugins,
                 "Load a dialect plugin library (as mlir-opt does)")
      ->allow_extra_args(false);
  app.add_option("-j,--jobs", opts.jobs,
                 "Threads: N files, and the functions of each file, are "
                 "linted in parallel (default and 0: one per core; the "
                 "output does not depend on N)")
      ->check(CLI::Range(0u, 256u));
  // Hidden: lets the tests parse small files in parts.
  app.add_option("--parallel-parse-min-bytes", opts.parallelParseMinBytes,
                 "Parse a file at least this long in parts on the threads")
      ->group("");
  app.add_flag("--stats", opts.stats,
               "Print per-file figures: functions, ops, buffers, ops with "
               "unknown effects modelled conservatively, time per phase");
  app.add_flag("--list-checks", opts.listChecks, "List the checks and exit");
  app.add_option("--explain", opts.explain,
                 "Print the documentation of a check and exit");
  app.add_option("--base-dir", opts.baseDir,
                 "Print paths relative to this folder (default: the current "
                 "folder)");
  app.add_option("--color", opts.color,
                 "Colours: auto (on a terminal, unless NO_COLOR is set), "
                 "always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_flag("-q,--quiet", opts.quiet, "Do not print findings as text");
  app.add_flag("--fix", opts.fix,
               "Apply the fix-its of the selected checks to the input files "
               "(atomically; the result re-parses, verifies and re-lints "
               "better)");
  app.add_flag("--fix-dry-run", opts.fixDryRun,
               "Print the changes --fix would make as a unified diff on "
               "stdout; write nothing");
  app.add_flag("--show-fixes", opts.showFixes,
               "Validate the fix-its of every finding (one re-lint of the "
               "file per candidate) and show them in the text, JSON and "
               "SARIF output; implied by --fix, --fix-dry-run and "
               "--export-fixes");
  app.add_option("--export-fixes", opts.exportFixes,
                 "Write the fix-its as clang-tidy YAML replacements (for "
                 "clang-apply-replacements)");
  app.add_option("--max-steps", opts.maxSteps,
                 "Upper bound of the exploration budget of one function, in "
                 "op executions (the budget is 2000 per op of the function)");
  app.add_option("--viz-dir", opts.vizDir,
                 "Draw the lifetime chart and the CFG (SVG, with Graphviz) of "
                 "every function that has a finding into DIR");
  CLI::App *vizCommand = app.add_subcommand(
      "viz", "Draw the lifetime chart and the annotated CFG of the functions "
             "of a file with Graphviz (one file per function and kind)");
  vizCommand->fallthrough();
  vizCommand
      ->add_option("files", opts.vizFiles,
                   "Input files or directories (recursing into *.mlir; - "
                   "for stdin)")
      ->required();
  vizCommand->add_option("--func", opts.vizFunction,
                         "Only the function of this name");
  vizCommand
      ->add_option("--kind", opts.vizKind,
                   "Which diagrams: lifetime, cfg or all (default)")
      ->check(CLI::IsMember({"lifetime", "cfg", "all"}));
  vizCommand
      ->add_option("--format", opts.vizFormats,
                   "File formats, comma-separated: dot (the DOT text), svg "
                   "(default), png; svg and png are rendered in-process")
      ->delimiter(',')
      ->check(CLI::IsMember({"dot", "svg", "png"}));
  vizCommand->add_option("-o,--output-dir", opts.vizOutDir,
                         "Folder of the diagrams (default: the current one)");
  app.add_option("--memory-budget", opts.memoryBudgets,
                 "SPACE=BYTES: the budget of a memory space for "
                 "perf-peak-over-budget (repeatable; SPACE as in the config's "
                 "MemoryBudgets: 0, 1, '#gpu.address_space<workgroup>'); "
                 "overrides the config")
      ->allow_extra_args(false);
  app.add_option("--assume-dim", opts.assumeDim,
                 "Plan dynamically shaped buffers with every dynamic "
                 "dimension at most N elements (default: not planned)")
      ->check(CLI::PositiveNumber);
  app.add_option("--plan-time-limit", opts.planTimeLimit,
                 "Seconds the memory planner may search for a smaller arena "
                 "per function and memory space (default 1)")
      ->check(CLI::NonNegativeNumber);

  PlanCommandOptions planOpts;
  CLI::App *planApp = app.add_subcommand(
      "plan", "Plan the heap buffers of each function and memory space in "
              "one arena: sizes, live intervals, peak as written, lower "
              "bound, planned arena size, savings");
  planApp->fallthrough();
  planApp->add_option("files", planOpts.inputs,
                      "Input files or directories (recursing into *.mlir)");
  planApp->add_option("--json", planOpts.jsonFile,
                      "Write the plans as JSON to FILE (- for stdout, "
                      "instead of the table)");
  planApp->add_option("--csv", planOpts.csvFile,
                      "Write MiniMalloc's CSV (id,lower,upper,size; with "
                      "offset after --from-csv) to FILE (- for stdout); needs "
                      "one function and memory space");
  planApp->add_option("--viz-dir", planOpts.vizDir,
                      "Draw the plan chart (address x time, one box per "
                      "buffer) of every planned function into DIR");
  planApp
      ->add_option("--viz-format", planOpts.vizFormats,
                   "Formats of the plan charts, comma-separated: dot, svg "
                   "(default), png")
      ->delimiter(',')
      ->check(CLI::IsMember({"dot", "svg", "png"}));
  planApp->add_option("--from-csv", planOpts.fromCsv,
                      "Plan the MiniMalloc CSV problem in FILE instead of "
                      "MLIR inputs");
  planApp->add_option("--function", planOpts.function,
                      "Only plan the function NAME");
  planApp->add_option("--space", planOpts.space,
                      "Only plan the memory space SPACE");

  app.set_version_flag("--version", "mlir-memlint " + getToolVersion().str() +
                                        "\n  built with MLIR " LLVM_VERSION_STRING
                                        "\n  allocator: " + kAllocatorName);
  // Long options with one dash, as mlir-opt and clang-tidy take them.
  std::set<std::string> longNames = collectLongNames(app);
  std::vector<std::string> args = normalizeDashes(argc, argv, longNames);
  std::vector<char *> argPtrs;
  for (std::string &arg : args)
    argPtrs.push_back(arg.data());
  try {
    app.parse(int(argPtrs.size()), argPtrs.data());
  } catch (const CLI::ExtrasError &e) {
    return usageError(std::string(e.what()) + suggestFlag(args, longNames));
  } catch (const CLI::CallForHelp &e) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::CallForVersion &e) {
    std::cout << e.what() << "\n";
    return 0;
  } catch (const CLI::ParseError &e) {
    return usageError(e.what());
  }
  bool vizMode = vizCommand->parsed();
  if (vizMode) {
    opts.inputs.insert(opts.inputs.begin(), opts.vizFiles.begin(),
                       opts.vizFiles.end());
  }

  std::map<std::string, uint64_t> budgetOverrides;
  for (const std::string &entry : opts.memoryBudgets) {
    size_t eq = entry.rfind('=');
    uint64_t bytes = 0;
    if (eq == std::string::npos || eq == 0 ||
        llvm::StringRef(entry).substr(eq + 1).getAsInteger(10, bytes) ||
        bytes == 0)
      return usageError("invalid --memory-budget '" + entry +
                        "': expected SPACE=BYTES with BYTES a positive integer");
    budgetOverrides[entry.substr(0, eq)] = bytes;
  }

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  for (const std::string &path : opts.dialectPlugins) {
    auto plugin = mlir::DialectPlugin::load(path);
    if (!plugin) {
      std::string message = llvm::toString(plugin.takeError());
      return usageError("failed to load dialect plugin '" + path +
                        "': " + message);
    }
    plugin->registerDialectRegistryCallbacks(registry);
  }

  if (planApp->parsed()) {
    // Options given before the subcommand name land in the main app.
    planOpts.inputs.insert(planOpts.inputs.end(), opts.inputs.begin(),
                           opts.inputs.end());
    planOpts.assumeDim = opts.assumeDim;
    planOpts.timeLimitSeconds = opts.planTimeLimit;
    planOpts.allowUnregisteredDialects = opts.allowUnregistered;
    planOpts.baseDir = opts.baseDir;
    return runPlanCommand(planOpts, registry);
  }

  // The configuration: defaults, config files (or --config/--config-file),
  // then the command line.
  std::optional<Config> explicitConfig;
  if (opts.configText) {
    auto config = Config::parse(*opts.configText, "--config");
    if (!config)
      return configError(config.takeError());
    explicitConfig = std::move(*config);
  } else if (opts.configFile) {
    auto config = Config::load(*opts.configFile);
    if (!config)
      return configError(config.takeError());
    explicitConfig = std::move(*config);
  }
  Config overrides;
  overrides.checks = opts.checks;
  overrides.warningsAsErrors = opts.warningsAsErrors;
  for (const auto &[flag, value] :
       {std::pair{"--checks", opts.checks},
        std::pair{"--warnings-as-errors", opts.warningsAsErrors}})
    if (value)
      if (auto bad = GlobList(*value).getError())
        return usageError(std::string("invalid glob in ") + flag + ": '" +
                          *bad + "'");
  ConfigResolver resolver(std::move(explicitConfig), std::move(overrides));

  // The config of the first input, or of the current folder.
  auto firstConfig =
      resolver.resolve(opts.inputs.empty() ? "-" : opts.inputs.front());
  if (!firstConfig)
    return configError(firstConfig.takeError());
  if (opts.dumpConfig) {
    llvm::outs() << firstConfig->dump();
    return 0;
  }
  GlobList globs(*firstConfig->checks);

  if (opts.listChecks) {
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
    if (!info)
      return usageError("unknown check '" + opts.explain +
                        "'; see --list-checks");
    llvm::StringRef doc = getCheckDocumentation(info->name);
    if (doc.empty())
      llvm::outs() << info->name << " [" << stringifyLevel(info->level)
                   << "]: " << info->summary << "\n";
    else
      llvm::outs() << doc;
    return 0;
  }
  if (opts.inputs.empty())
    return usageError("no input files; try --help");

  std::vector<std::string> errors;
  std::vector<std::string> inputs = expandInputs(opts.inputs, errors);
  for (const std::string &error : errors)
    llvm::WithColor::error(llvm::errs(), "mlir-memlint") << error << "\n";

  // Each input's options from its config; a bad config file stops the run.
  std::vector<LintOptions> lintOptions(inputs.size());
  // The threads that analyse the functions of a module in parallel (the
  // MLIR context's thread pool), shared by all files.
  unsigned threads = llvm::hardware_concurrency(opts.jobs).compute_thread_count();
  std::optional<llvm::DefaultThreadPool> analysisPool;
  if (threads > 1)
    analysisPool.emplace(llvm::hardware_concurrency(threads));
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
        << "no checks enabled: the check selection '" << selection
        << "' (from " << describeSelectionSource(opts, input)
        << ") matches no check; see --list-checks\n";
    return false;
  };
  for (size_t i = 0; i < inputs.size(); ++i) {
    auto config = resolver.resolve(inputs[i]);
    if (!config)
      return configError(config.takeError());
    if (!checkSelection(*config->checks, inputs[i]))
      return 2;
    LintOptions &lint = lintOptions[i];
    lint.checks = *config->checks;
    lint.warningsAsErrors = *config->warningsAsErrors;
    lint.checkOptions = config->checkOptions;
    lint.memoryBudgets = config->memoryBudgets;
    for (const auto &[space, bytes] : budgetOverrides)
      lint.memoryBudgets[space] = bytes;
    lint.analysis.assumeDim = opts.assumeDim;
    lint.analysis.planTimeLimitSeconds = opts.planTimeLimit;
    lint.splitInputFile = opts.splitInputFile;
    lint.allowUnregisteredDialects = opts.allowUnregistered;
    lint.baseDir = opts.baseDir;
    lint.analysis.maxStepsPerFunction = opts.maxSteps;
    lint.threadPool = analysisPool ? &*analysisPool : nullptr;
    lint.parallelParseMinBytes = opts.parallelParseMinBytes;
    // Validating fix-its re-lints the file per candidate: only when they
    // are shown or used.
    lint.validateFixes = opts.showFixes || opts.fix || opts.fixDryRun ||
                         !opts.exportFixes.empty();
  }

  std::optional<Baseline> baseline;
  if (!opts.baselineFile.empty()) {
    auto loaded = Baseline::load(opts.baselineFile);
    if (!loaded) {
      llvm::errs() << llvm::toString(loaded.takeError()) << "\n";
      return 2;
    }
    baseline = std::move(*loaded);
  }

  // Diagrams: drawn while each module is still in memory.
  std::mutex vizMutex;
  std::vector<viz::DiagramFile> vizFiles;
  std::vector<std::string> vizWritten, vizErrors;
  if (vizMode || !opts.vizDir.empty()) {
    viz::VizOptions vizOptions;
    if (vizMode) {
      vizOptions.outDir = opts.vizOutDir;
      vizOptions.function = opts.vizFunction;
      if (opts.vizKind != "all")
        vizOptions.kinds = {opts.vizKind};
      if (!opts.vizFormats.empty())
        vizOptions.formats = opts.vizFormats;
    } else {
      vizOptions.outDir = opts.vizDir;
      vizOptions.onlyWithFindings = true;
    }
    for (LintOptions &lint : lintOptions) {
      if (vizMode)
        lint.validateFixes = false; // diagrams show no fix-its
      lint.onModule = [&, vizOptions](const LintContext &context,
                                      llvm::ArrayRef<Finding> findings,
                                      unsigned chunk) {
        std::vector<viz::DiagramFile> files =
            viz::buildDiagrams(context, findings, chunk, vizOptions);
        std::lock_guard<std::mutex> lock(vizMutex);
        for (viz::DiagramFile &file : files)
          vizFiles.push_back(std::move(file));
      };
    }
  }
  if (vizMode) {
    // Every input (a directory gives its .mlir files), one after the other;
    // a missing one has been reported above.
    bool parsed = true;
    for (size_t i = 0; i < inputs.size(); ++i) {
      FileResult r = lintFile(inputs[i], lintOptions[i], registry);
      llvm::errs() << r.diagnostics;
      parsed &= r.status.ok;
    }
    viz::writeDiagrams(std::move(vizFiles), vizWritten, vizErrors);
    for (const std::string &path : vizWritten)
      llvm::outs() << path << "\n";
    for (const std::string &error : vizErrors)
      llvm::WithColor::error(llvm::errs(), "mlir-memlint") << error << "\n";
    if (!parsed || !vizErrors.empty() || !errors.empty() || inputs.empty())
      return 2;
    if (vizWritten.empty())
      return usageError(opts.vizFunction.empty()
                            ? "no function with a body to draw"
                            : "no function named '" + opts.vizFunction + "'");
    return 0;
  }

  auto lintStart = std::chrono::steady_clock::now();
  // Lint on LLVM's thread pool; results are kept in input order, so the
  // output does not depend on -j.
  std::vector<FileResult> results(inputs.size());
  unsigned jobs =
      std::min<size_t>(threads, std::max<size_t>(1, inputs.size()));
  std::optional<llvm::DefaultThreadPool> pool;
  if (jobs > 1)
    pool.emplace(llvm::hardware_concurrency(jobs));
  Tasks linting(pool ? &*pool : nullptr);
  for (size_t i = 0; i < inputs.size(); ++i)
    linting.run(
        [&, i] { results[i] = lintFile(inputs[i], lintOptions[i], registry); });
  linting.wait();

  // Fix-its: applied round after round on each file, then written back
  // atomically (or shown as a diff). After --fix, everything below reports
  // the file as it now is on disk.
  bool fixFailed = false;
  if (opts.fix || opts.fixDryRun)
    for (size_t i = 0; i < results.size(); ++i) {
      FileResult &r = results[i];
      bool anyFix = llvm::any_of(r.findings, [](const ReportedFinding &f) {
        return !f.suppressed && !f.finding.fixes.empty();
      });
      if (!r.status.ok || !anyFix)
        continue;
      if (inputs[i] == "-") {
        llvm::WithColor::warning(llvm::errs(), "mlir-memlint")
            << "fix-its are not applied to standard input\n";
        continue;
      }
      FixOutcome outcome = applyFixes(r, lintOptions[i], registry);
      if (outcome.applied == 0)
        continue;
      if (opts.fixDryRun) {
        llvm::outs() << renderUnifiedDiff(r.text, outcome.text, r.status.path);
        continue;
      }
      std::string error;
      if (!writeFileAtomically(inputs[i], outcome.text, error)) {
        llvm::WithColor::error(llvm::errs(), "mlir-memlint")
            << error << "; the file is unchanged\n";
        fixFailed = true;
        continue;
      }
      size_t left = outcome.final.findings.size();
      llvm::errs() << "mlir-memlint: " << r.status.path << ": applied "
                   << outcome.applied << " fix-it"
                   << (outcome.applied == 1 ? "" : "s") << ", " << left
                   << " finding" << (left == 1 ? "" : "s") << " left\n";
      outcome.final.figures = r.figures;
      r = std::move(outcome.final);
    }
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
  size_t goneFromBaseline = baseline ? baseline->classify(findings) : 0;

  // The JSON and SARIF documents are rendered on the analysis threads, idle
  // now, while the text is printed; they are written afterwards, in a fixed
  // order.
  Tasks rendering(analysisPool ? &*analysisPool : nullptr);
  std::string jsonText, sarifText, baselineText;
  if (!opts.jsonFile.empty())
    rendering.run([&] { jsonText = renderJson(statuses, findings); });
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

  if (opts.format == "github") {
    printGithubAnnotations(llvm::outs(), statuses, shown, texts);
    llvm::outs().flush();
  } else if (!opts.quiet) {
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
    for (const FileResult &r : results)
      printStats(llvm::errs(), r);
    auto seconds = [](auto from, auto to) {
      return std::chrono::duration<double>(to - from).count();
    };
    auto end = std::chrono::steady_clock::now();
    llvm::errs() << "mlir-memlint: stats: suppressed-findings=" << suppressed
                 << llvm::format(" lint=%.3fs output=%.3fs jobs=%u\n",
                                 seconds(lintStart, outputStart),
                                 seconds(outputStart, end), jobs);
  }

  if (!opts.exportFixes.empty()) {
    std::string yaml = renderFixesYaml(
        shown, statuses.size() == 1 ? statuses.front().path : "");
    if (!writeOrReport(opts.exportFixes, yaml))
      return 2;
  }

  // Diagrams are rendered after the lint, in a fixed order, so that the
  // files do not depend on -j.
  if (!opts.vizDir.empty())
    viz::writeDiagrams(std::move(vizFiles), vizWritten, vizErrors);
  for (const std::string &error : vizErrors)
    llvm::WithColor::error(llvm::errs(), "mlir-memlint") << error << "\n";
  if (!opts.vizDir.empty() && !opts.quiet)
    llvm::errs() << "mlir-memlint: wrote " << vizWritten.size()
                 << " diagram" << (vizWritten.size() == 1 ? "" : "s")
                 << " to " << opts.vizDir << "\n";
  if (hadError || fixFailed || !vizErrors.empty())
    return 2;
  // Recording a baseline is not a gate: it succeeds once the file is written
  // (step 1 of the adoption recipe runs in a CI step under `set -e`).
  if (!opts.writeBaselineFile.empty())
    return 0;
  // After --fix, the gate judges the findings the fixes left.
  Level failLevel = *parseLevel(opts.failOn);
  for (const Finding &f : shown)
    if (f.level >= failLevel)
      return 1;
  return 0;
}
