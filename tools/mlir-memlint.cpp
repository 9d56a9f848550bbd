//===- mlir-memlint.cpp - The lint driver ----------------------------------===//
//
// mlir-memlint [options] <file|dir|->...
//
// Lints MLIR files for memory lifetime bugs and prints clang-style
// diagnostics; optionally writes a JSON report. Exit codes: 0 no finding at
// or above --fail-on, 1 such findings, 2 usage, parse or internal error.
//
//===----------------------------------------------------------------------===//

#include "tools/FixApplier.h"
#include "tools/LintDriver.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/thread.h"

#include <CLI/CLI.hpp>

#include <atomic>
#include <iostream>

using namespace memlint;

namespace {
struct CliOptions {
  std::vector<std::string> inputs;
  std::string checks = "*";
  std::string failOn = "error";
  std::string jsonFile;
  std::string exportFixes;
  std::string baseDir;
  std::string color = "auto";
  std::string explain;
  std::vector<std::string> dialectPlugins;
  unsigned jobs = 1;
  bool splitInputFile = false;
  bool allowUnregistered = false;
  bool stats = false;
  bool listChecks = false;
  bool quiet = false;
  bool fix = false;
  bool fixDryRun = false;
  uint64_t maxSteps = AnalysisOptions().maxStepsPerFunction;
};
} // namespace

static int usageError(const std::string &message) {
  llvm::WithColor::error(llvm::errs(), "mlir-memlint") << message << "\n";
  return 2;
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
     << " findings=" << r.findings.size();
  os << llvm::format(" read=%.3fs parse=%.3fs analysis=%.3fs\n", f.readSeconds,
                     f.parseSeconds, f.analysisSeconds);
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
                 "'-*,lifetime-*' (default: all)");
  app.add_option("--fail-on", opts.failOn,
                 "Lowest level that fails the run: error, warning, note")
      ->check(CLI::IsMember({"error", "warning", "note"}));
  app.add_option("--json", opts.jsonFile,
                 "Write the JSON report to FILE (- for stdout)");
  app.add_flag("--split-input-file", opts.splitInputFile,
               "Lint each '// -----' chunk of an input on its own");
  app.add_flag("--allow-unregistered-dialect", opts.allowUnregistered,
               "Accept ops of unregistered dialects (modelled conservatively)");
  app.add_option("--load-dialect-plugin", opts.dialectPlugins,
                 "Load a dialect plugin library (as mlir-opt does)")
      ->allow_extra_args(false);
  app.add_option("-j,--jobs", opts.jobs, "Lint N files in parallel")
      ->check(CLI::Range(1u, 256u));
  app.add_flag("--stats", opts.stats,
               "Print per-file figures: functions, ops, buffers, ops with "
               "unknown effects modelled conservatively, time per phase");
  app.add_flag("--list-checks", opts.listChecks, "List the checks and exit");
  app.add_option("--explain", opts.explain,
                 "Print the documentation of a check and exit");
  app.add_option("--base-dir", opts.baseDir,
                 "Print paths relative to this folder (default: the current "
                 "folder)");
  app.add_option("--color", opts.color, "Colours: auto, always, never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  app.add_flag("-q,--quiet", opts.quiet, "Do not print findings as text");
  app.add_flag("--fix", opts.fix,
               "Apply the fix-its of the selected checks to the input files "
               "(atomically; the result re-parses, verifies and re-lints "
               "better)");
  app.add_flag("--fix-dry-run", opts.fixDryRun,
               "Print the changes --fix would make as a unified diff on "
               "stdout; write nothing");
  app.add_option("--export-fixes", opts.exportFixes,
                 "Write the fix-its as clang-tidy YAML replacements (for "
                 "clang-apply-replacements)");
  app.add_option("--max-steps", opts.maxSteps,
                 "Upper bound of the exploration budget of one function, in "
                 "op executions (the budget is 2000 per op of the function)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::ParseError &e) {
    return usageError(e.what());
  }

  GlobList globs(opts.checks);
  if (auto bad = globs.getError())
    return usageError("invalid glob in --checks: '" + *bad + "'");

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

  std::vector<std::string> errors;
  std::vector<std::string> inputs = expandInputs(opts.inputs, errors);
  for (const std::string &error : errors)
    llvm::WithColor::error(llvm::errs(), "mlir-memlint") << error << "\n";

  LintOptions lintOptions;
  lintOptions.checks = opts.checks;
  lintOptions.splitInputFile = opts.splitInputFile;
  lintOptions.allowUnregisteredDialects = opts.allowUnregistered;
  lintOptions.baseDir = opts.baseDir;
  lintOptions.analysis.maxStepsPerFunction = opts.maxSteps;

  // Lint in parallel; results are kept in input order, so the output does
  // not depend on -j.
  std::vector<FileResult> results(inputs.size());
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < inputs.size(); i = next++)
      results[i] = lintFile(inputs[i], lintOptions, registry);
  };
  unsigned jobs = std::min<size_t>(opts.jobs, std::max<size_t>(1, inputs.size()));
  if (jobs <= 1) {
    work();
  } else {
    std::vector<llvm::thread> workers;
    for (unsigned i = 0; i < jobs; ++i)
      workers.emplace_back(work);
    for (llvm::thread &t : workers)
      t.join();
  }

  // Fix-its: applied round after round on each file, then written back
  // atomically (or shown as a diff). The gate then judges what remains.
  std::vector<std::vector<Finding>> remaining(results.size());
  bool fixing = opts.fix || opts.fixDryRun;
  bool fixFailed = false;
  for (size_t i = 0; i < results.size(); ++i) {
    remaining[i] = results[i].findings;
    const FileResult &r = results[i];
    bool anyFix = llvm::any_of(r.findings, [](const Finding &f) {
      return !f.fixes.empty();
    });
    if (!fixing || !r.status.ok || !anyFix)
      continue;
    if (inputs[i] == "-") {
      llvm::WithColor::warning(llvm::errs(), "mlir-memlint")
          << "fix-its are not applied to standard input\n";
      continue;
    }
    FixOutcome outcome = applyFixes(r, lintOptions, registry);
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
    llvm::errs() << "mlir-memlint: " << r.status.path << ": applied "
                 << outcome.applied << " fix-it"
                 << (outcome.applied == 1 ? "" : "s") << ", "
                 << outcome.final.findings.size() << " finding"
                 << (outcome.final.findings.size() == 1 ? "" : "s")
                 << " left\n";
    remaining[i] = outcome.final.findings;
  }
  llvm::outs().flush();

  bool colors = opts.color == "always" ||
                (opts.color == "auto" && llvm::errs().has_colors());
  std::vector<FileStatus> statuses;
  std::vector<Finding> findings;
  SourceTexts texts;
  bool hadError = !errors.empty();
  for (FileResult &r : results) {
    statuses.push_back(r.status);
    if (!r.status.ok)
      hadError = true;
    llvm::errs() << r.diagnostics;
    for (Finding &f : r.findings)
      findings.push_back(f);
    texts[r.status.path] = std::move(r.text);
  }
  if (!opts.quiet)
    printTextFindings(llvm::errs(), findings, texts, colors);
  if (opts.stats)
    for (const FileResult &r : results)
      printStats(llvm::errs(), r);

  if (!opts.jsonFile.empty()) {
    std::string json = renderJson(statuses, findings);
    if (opts.jsonFile == "-") {
      llvm::outs() << json;
      llvm::outs().flush();
    } else {
      std::error_code ec;
      llvm::ToolOutputFile out(opts.jsonFile, ec, llvm::sys::fs::OF_None);
      if (ec)
        return usageError("cannot write '" + opts.jsonFile +
                          "': " + ec.message());
      out.os() << json;
      out.keep();
    }
  }

  if (!opts.exportFixes.empty()) {
    std::string yaml = renderFixesYaml(
        findings, statuses.size() == 1 ? statuses.front().path : "");
    std::error_code ec;
    llvm::ToolOutputFile out(opts.exportFixes, ec, llvm::sys::fs::OF_None);
    if (ec)
      return usageError("cannot write '" + opts.exportFixes +
                        "': " + ec.message());
    out.os() << yaml;
    out.keep();
  }

  if (hadError || fixFailed)
    return 2;
  // After --fix, the gate judges the findings the fixes left.
  Level failLevel = *parseLevel(opts.failOn);
  for (const std::vector<Finding> &left : remaining)
    for (const Finding &f : left)
      if (f.level >= failLevel)
        return 1;
  return 0;
}
