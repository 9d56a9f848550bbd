//===- mlir-memlint.cpp - The command line -------------------------------===//
//
// mlir-memlint [options] <file|dir|->...      lint (tools/LintCommand.h)
// mlir-memlint viz [options] <file|dir|->...  diagrams
// mlir-memlint plan [options] <file|dir>...   memory plans (PlanCommand.h)
// mlir-memlint merge-sarif OUT IN...          SARIF logs joined into one
// mlir-memlint lsp [options]                  language server (lsp/LspServer.h)
//
// Each command has exactly the options it honours, and its --help lists
// them. Exit codes: 0 no finding at or above --fail-on, 1 such findings, 2
// usage, config, parse or internal error.
//
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "reporters/ToolInfo.h"
#include "tools/CommandLine.h"
#include "tools/LintCommand.h"
#include "tools/LintDriver.h"
#include "tools/PlanCommand.h"
#include "tools/lsp/LspServer.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/raw_ostream.h"

#include <CLI/CLI.hpp>

using namespace memlint;

// The allocator the tool was linked with (tools/CMakeLists.txt), for --version.
#ifdef MEMLINT_WITH_JEMALLOC
static const char *const kAllocatorName = "jemalloc";
#else
static const char *const kAllocatorName = "C library malloc";
#endif

/// The options of `app` that read and analyse inputs, shared by the lint
/// run and viz.
/// Number checks with short messages (CLI11's PositiveNumber names the
/// largest double as the upper end of the range).
static CLI::Validator numberAtLeast(double least, const char *what,
                                    const char *name) {
  return CLI::Validator(
      [least, what](std::string &text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value) || value < least)
          return std::string("must be ") + what + ", not '" + text + "'";
        return "";
      },
      name);
}
static const CLI::Validator kPositive =
    numberAtLeast(1, "a positive number", "POSITIVE");
static const CLI::Validator kNonNegative =
    numberAtLeast(0, "a number not below 0", "NONNEGATIVE");

static void addAnalysisOptions(CLI::App &app, AnalysisCommandOptions &opts) {
  app.add_option("--checks", opts.checks,
                 "Comma-separated globs of checks to run, e.g. "
                 "'-*,lifetime-*', appended to the config's Checks "
                 "(default: all)");
  auto *configOption = app.add_option(
      "--config", opts.configText,
      "Inline YAML config, used instead of .mlir-memlint.yaml files, e.g. "
      "\"{Checks: '-*,lifetime-leak'}\"");
  app.add_option("--config-file", opts.configFile,
                 "Read the config from FILE instead of looking up "
                 ".mlir-memlint.yaml files")
      ->excludes(configOption);
  app.add_flag("--split-input-file", opts.splitInputFile,
               "Lint each '// -----' chunk of an input on its own");
  app.add_flag("--allow-unregistered-dialect", opts.allowUnregistered,
               "Accept ops of unregistered dialects (modelled conservatively)");
  app.add_option("--stdin-filename", opts.stdinFilename,
                 "The name standard input (-) is shown as and its config is "
                 "looked up for");
  app.add_option("-j,--jobs", opts.jobs,
                 "Threads: N files, and the functions of each file, are "
                 "linted in parallel (default and 0: one per core; the "
                 "output does not depend on N)")
      ->check(CLI::Range(0u, 256u));
  // Hidden: lets the tests parse small files in parts.
  app.add_option("--parallel-parse-min-bytes", opts.parallelParseMinBytes,
                 "Parse a file at least this long in parts on the threads")
      ->group("");
  app.add_option("--max-steps", opts.maxSteps,
                 "The exploration budget of one function, in op executions "
                 "(default: 2000 per op of the function, at least 200000, at "
                 "most 20000000)")
      ->check(kPositive);
  app.add_option("--function-time-limit", opts.functionTimeLimit,
                 "Seconds the exploration of one function may take (default "
                 "60; 0: no limit)")
      ->check(kNonNegative);
  app.add_option("--function-memory-limit", opts.functionMemoryLimitMiB,
                 "MiB the exploration of one function may hold (default 512; "
                 "0: no limit)")
      ->check(CLI::Range(uint64_t(0), uint64_t(1) << 30));
}

/// --assume-dim and --plan-time-limit, honoured by the lint run (for
/// perf-peak-over-budget) and by plan.
static void addPlanningOptions(CLI::App &app, std::optional<int64_t> &assumeDim,
                               double &timeLimitSeconds) {
  app.add_option("--assume-dim", assumeDim,
                 "Plan dynamically shaped buffers with every dynamic "
                 "dimension at most N elements (default: not planned)")
      ->check(kPositive);
  app.add_option("--plan-time-limit", timeLimitSeconds,
                 "Seconds the memory planner may search for a smaller arena "
                 "per function and memory space (default 1)")
      ->check(kNonNegative);
}

/// --load-dialect-plugin, honoured by every command.
static void addPluginOption(CLI::App &app, std::vector<std::string> &plugins) {
  app.add_option("--load-dialect-plugin", plugins,
                 "Load a dialect plugin library (as mlir-opt does)")
      ->allow_extra_args(false);
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // Before any thread pool starts a thread (tools/LintDriver.h).
  useLargeThreadStacks();
  LintCommandOptions opts;
  std::vector<std::string> dialectPlugins;
  CLI::App app{"mlir-memlint: static analysis of buffer lifetimes in MLIR "
               "programs (leaks, double frees, uses after free, invalid "
               "frees)",
               "mlir-memlint"};
  app.add_option("inputs", opts.inputs,
                 "Input files or directories (recursing into *.mlir); - for "
                 "stdin");
  addAnalysisOptions(app, opts);
  addPluginOption(app, dialectPlugins);
  app.add_option("--warnings-as-errors", opts.warningsAsErrors,
                 "Globs of checks whose warnings are errors, appended to the "
                 "config's WarningsAsErrors");
  app.add_flag("--dump-config", opts.dumpConfig,
               "Print the effective config of the first input (or of the "
               "current folder) as YAML and exit");
  app.add_option("--fail-on", opts.failOn,
                 "Lowest level that fails the run: error, warning, note")
      ->check(CLI::IsMember({"error", "warning", "note"}));
  app.add_flag("--fail-on-incomplete", opts.failOnIncomplete,
               "Fail the run (exit 1) when the analysis of a function stopped "
               "at a bound (memlint-incomplete), whatever --fail-on says");
  app.add_option("--json", opts.jsonFile,
                 "Write the JSON report (docs/json-format.md) to FILE (- for "
                 "stdout)");
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
                 "Write the findings of this run as a SARIF baseline to FILE "
                 "(exits 0 once it is written)");
  app.add_flag("--stats", opts.stats,
               "Print per-file figures: functions, ops, buffers, ops with "
               "unknown effects modelled conservatively, time per phase "
               "(also in the JSON report)");
  app.add_flag("--list-checks", opts.listChecks, "List the checks and exit");
  app.add_option("--explain", opts.explain,
                 "Print the documentation of a check and exit");
  app.add_option("--base-dir", opts.baseDir,
                 "The folder paths in the JSON, SARIF and GitHub outputs and "
                 "in baselines are relative to (default: the current "
                 "folder); text shows paths as given");
  app.add_option("--color", opts.color,
                 "Colours: auto (on a terminal, unless NO_COLOR is set), "
                 "always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_flag("-q,--quiet", opts.quiet,
               "Do not print findings and the summary as text");
  app.add_flag("--fix", opts.fix,
               "Apply the fix-its of the selected checks to the input files "
               "(atomically; the result re-parses, verifies and re-lints "
               "better); standard input is written fixed to standard output");
  app.add_flag("--fix-unsafe", opts.fixUnsafe,
               "Also propose the unsafe fix-its (perf-missed-reuse: reuse a "
               "dead buffer); applies them as --fix does, unless --fix-dry-run, "
               "--show-fixes, --export-fixes or --html shows them instead");
  app.add_flag("--fix-dry-run", opts.fixDryRun,
               "Print the changes --fix would make as a unified diff on "
               "stdout; write nothing");
  app.add_flag("--show-fixes", opts.showFixes,
               "Validate the fix-its of every finding (one re-lint of the "
               "file per candidate) and show them in the text, JSON and "
               "SARIF output; implied by --fix, --fix-dry-run and "
               "--export-fixes");
  app.add_option("--export-fixes", opts.exportFixes,
                 "Write the fix-its as clang-tidy YAML replacements with "
                 "absolute paths (for clang-apply-replacements)");
  app.add_option("--html", opts.htmlDir,
                 "Write an HTML report for review into DIR: an index (counts, "
                 "a sortable, filterable table) and a page per finding (the "
                 "source with the path's steps, the fix-it, the diagrams)");
  app.add_option("--viz-dir", opts.vizDir,
                 "Draw the lifetime chart and the CFG (SVG, with Graphviz) of "
                 "every function that has a finding into DIR");
  app.add_option("--memory-budget", opts.memoryBudgets,
                 "SPACE=BYTES: the budget of a memory space for "
                 "perf-peak-over-budget (repeatable; SPACE as in the config's "
                 "MemoryBudgets: 0, 1, '#gpu.address_space<workgroup>'); "
                 "overrides the config")
      ->allow_extra_args(false);
  addPlanningOptions(app, opts.assumeDim, opts.planTimeLimit);

  app.add_option("--shard", opts.shard,
                 "I/N: lint only the I-th of N shares of the inputs (every "
                 "N-th file from the I-th, after directories are expanded), "
                 "for a CI matrix; join the shards' SARIF with merge-sarif");
  app.add_flag("--diff", opts.diff,
               "Read a unified diff (git diff -U0) on standard input and "
               "report only findings on the lines it adds or changes, as "
               "clang-tidy-diff does");
  app.add_option("--diff-strip", opts.diffStrip,
                 "Path components to strip from the diff's file names "
                 "(default 1, for git's a/ and b/)");

  VizCommandOptions vizOpts;
  CLI::App *vizApp = app.add_subcommand(
      "viz", "Draw the lifetime chart and the annotated CFG of the functions "
             "of a file with Graphviz (one file per function and kind)");
  vizApp
      ->add_option("files", vizOpts.inputs,
                   "Input files or directories (recursing into *.mlir; - "
                   "for stdin)")
      ->required();
  addAnalysisOptions(*vizApp, vizOpts);
  addPluginOption(*vizApp, dialectPlugins);
  vizApp->add_option("--func", vizOpts.function,
                     "Only the function of this name");
  vizApp
      ->add_option("--kind", vizOpts.kind,
                   "Which diagrams: lifetime, cfg or all (default)")
      ->check(CLI::IsMember({"lifetime", "cfg", "all"}));
  vizApp
      ->add_option("--format", vizOpts.formats,
                   "File formats, comma-separated: dot (the DOT text), svg "
                   "(default), png; svg and png are rendered in-process")
      ->delimiter(',')
      ->check(CLI::IsMember({"dot", "svg", "png"}));
  vizApp->add_option("-o,--output-dir", vizOpts.outDir,
                     "Folder of the diagrams (default: the current one)");

  PlanCommandOptions planOpts;
  CLI::App *planApp = app.add_subcommand(
      "plan", "Plan the heap buffers of each function and memory space in "
              "one arena: sizes, live intervals, peak as written, lower "
              "bound, planned arena size, savings");
  planApp->add_option("files", planOpts.inputs,
                      "Input files or directories (recursing into *.mlir)");
  addPluginOption(*planApp, dialectPlugins);
  planApp->add_flag("--allow-unregistered-dialect",
                    planOpts.allowUnregisteredDialects,
                    "Accept ops of unregistered dialects");
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
  addPlanningOptions(*planApp, planOpts.assumeDim, planOpts.timeLimitSeconds);
  planApp->add_option("--base-dir", planOpts.baseDir,
                      "The folder the paths in the JSON are relative to "
                      "(default: the current folder)");
  auto *rewriteFlag = planApp->add_flag(
      "--rewrite", planOpts.rewrite,
      "Apply the plans to the files: in each function and memory space, the "
      "planned memref.allocs become views of one arena at their offsets, "
      "validated, written atomically (stdin: to stdout)");
  planApp
      ->add_flag("--rewrite-dry-run", planOpts.rewriteDryRun,
                 "Print the rewrite as a unified diff instead of writing it")
      ->excludes(rewriteFlag);

  std::string mergeOutput;
  std::vector<std::string> mergeInputs;
  CLI::App *mergeApp = app.add_subcommand(
      "merge-sarif", "Join SARIF logs of mlir-memlint (the shards of a run, or "
                     "baselines) into one");
  mergeApp->add_option("output", mergeOutput, "The merged log (- for stdout)")
      ->required();
  mergeApp->add_option("inputs", mergeInputs, "The logs to join")->required();

  LspServerOptions lspOpts;
  std::string lspInputStyle = "standard", lspLog = "error", lspFailOn;
  std::optional<std::string> lspChecks;
  bool lspLitTest = false, lspSplit = false;
  unsigned lspDebounceMs = 100;
  CLI::App *lspApp = app.add_subcommand(
      "lsp", "Run the language server on stdin and stdout (for editors: "
             "diagnostics as you type, fix-its as quick fixes; docs/lsp.md)");
  lspApp->add_option("--checks", lspChecks,
                     "Globs appended to each document's config Checks, as "
                     "the lint's --checks (the client's 'checks' setting "
                     "replaces it)");
  lspApp->add_option("--fail-on", lspFailOn,
                     "Findings at or above this level are shown as errors: "
                     "error (default), warning, note")
      ->check(CLI::IsMember({"error", "warning", "note"}));
  lspApp->add_flag("--allow-unregistered-dialect",
                   lspOpts.settings.allowUnregisteredDialect,
                   "Accept ops of unregistered dialects");
  lspApp->add_flag("--split-input-file", lspSplit,
                   "Lint the '// -----' chunks of every document on their own "
                   "(default: of the documents that have such a line)");
  addPluginOption(*lspApp, dialectPlugins);
  lspApp->add_option("--debounce-ms", lspDebounceMs,
                     "Milliseconds a changed document waits for the next "
                     "change before it is linted (default 100)")
      ->check(CLI::Range(0u, 60000u));
  lspApp->add_option("--input-style", lspInputStyle,
                     "How messages are read: standard (Content-Length "
                     "headers) or delimited (by '// -----' lines, for tests)")
      ->check(CLI::IsMember({"standard", "delimited"}));
  lspApp->add_flag("--pretty", lspOpts.prettyOutput,
                   "Indent the JSON written");
  lspApp->add_flag("--lit-test", lspLitTest,
                   "For transcripts: --input-style=delimited --pretty, and "
                   "each message waits until the lints of the previous ones "
                   "are published");
  lspApp->add_option("--log", lspLog,
                     "What the server logs on stderr: error (default), info, "
                     "verbose")
      ->check(CLI::IsMember({"error", "info", "verbose"}));

  app.set_version_flag("--version", "mlir-memlint " + getToolVersion().str() +
                                        "\n  built with MLIR " LLVM_VERSION_STRING
                                        "\n  allocator: " + kAllocatorName);
  if (std::optional<int> exit = parseCommandLine(app, argc, argv))
    return *exit;

  // Options of the lint run given before a subcommand's name would be
  // ignored: an error.
  for (CLI::App *sub : {vizApp, planApp, mergeApp, lspApp}) {
    if (!sub->parsed())
      continue;
    std::vector<std::string> given = givenOptions(app);
    // The plugin option is shared by every command.
    llvm::erase(given, "--load-dialect-plugin");
    if (!given.empty())
      return usageError("'" + given.front() + "' is not an option of '" +
                        sub->get_name() + "'" +
                        (given.front().rfind("--", 0) == 0 ? "" : " (an input "
                         "before the subcommand's name?)") +
                        "; see 'mlir-memlint " + sub->get_name() + " --help'");
  }

  if (mergeApp->parsed())
    return runMergeSarifCommand(mergeOutput, mergeInputs);

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  for (const std::string &path : dialectPlugins) {
    auto plugin = mlir::DialectPlugin::load(path);
    if (!plugin) {
      std::string message = llvm::toString(plugin.takeError());
      return usageError("failed to load dialect plugin '" + path +
                        "': " + message);
    }
    plugin->registerDialectRegistryCallbacks(registry);
  }

  if (lspApp->parsed()) {
    lspOpts.settings.checks = lspChecks;
    if (!lspFailOn.empty())
      lspOpts.settings.failOn = *parseLevel(lspFailOn);
    if (lspSplit)
      lspOpts.settings.splitInputFile = true;
    lspOpts.settings.dialectPlugins = dialectPlugins;
    lspOpts.debounce = std::chrono::milliseconds(lspDebounceMs);
    if (lspInputStyle == "delimited" || lspLitTest)
      lspOpts.inputStyle = llvm::lsp::JSONStreamStyle::Delimited;
    if (lspLitTest) {
      lspOpts.prettyOutput = true;
      lspOpts.synchronous = true;
    }
    using LogLevel = llvm::lsp::Logger::Level;
    llvm::lsp::Logger::setLogLevel(lspLog == "verbose" ? LogLevel::Debug
                                   : lspLog == "info"  ? LogLevel::Info
                                                       : LogLevel::Error);
    if (lspChecks)
      if (auto bad = GlobList(*lspChecks).getError())
        return usageError("invalid glob in --checks: '" + *bad + "'");
    return runLspServer(stdin, llvm::outs(), lspOpts);
  }
  if (planApp->parsed())
    return runPlanCommand(planOpts, registry);
  if (vizApp->parsed())
    return runVizCommand(vizOpts, registry);
  return runLintCommand(opts, registry);
}
