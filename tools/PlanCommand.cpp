//===- PlanCommand.cpp - mlir-memlint plan --------------------------------===//
//
// Plans the heap buffers of each function and memory space of MLIR inputs
// in one arena (DESIGN §6), or a MiniMalloc CSV problem, validates every
// plan, and prints a table, JSON or CSV.
//
//===----------------------------------------------------------------------===//

#include "tools/PlanCommand.h"
#include "viz/Diagrams.h"
#include "viz/VizWriter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Path.h"
#include "analyzer/LiveIntervals.h"
#include "analyzer/MemoryPlan.h"
#include "analyzer/SourceInfo.h"
#include "analyzer/Units.h"
#include "reporters/PlanReport.h"
#include "tools/FixApplier.h"
#include "tools/LintDriver.h"
#include "tools/PlanRewrite.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace memlint;

static int planError(const std::string &message) {
  llvm::WithColor::error(llvm::errs(), "mlir-memlint plan") << message << "\n";
  return 2;
}

static bool writeTo(const std::string &path, const std::string &text) {
  std::string error;
  if (writeOutput(path, text, error))
    return true;
  planError(error);
  return false;
}

/// Plans `problem` and fills the figures of `report`; false when the sizes
/// do not fit 64 bits or the plan does not validate (an internal error).
static bool planInto(const PlanProblem &problem, double timeLimit,
                     PlanReportSpace &report, std::vector<int64_t> &offsets) {
  PlanOptions options;
  options.timeLimitSeconds = timeLimit;
  if (!planSizesFit(problem.buffers)) {
    planError("the buffers of " + report.file +
              " need more than 2^63 - 1 bytes together: no plan");
    return false;
  }
  Plan greedy = greedyBySize(problem);
  Plan plan = planArena(problem, options);
  std::string error;
  if (!validatePlan(problem, greedy.offsets, greedy.height, error) ||
      !validatePlan(problem, plan.offsets, plan.height, error)) {
    planError("internal error: invalid plan in " + report.file + ": " + error);
    return false;
  }
  report.lowerBound = planLowerBound(problem);
  report.arenaSize = plan.height;
  report.optimal = plan.optimal;
  report.seconds = plan.seconds;
  report.greedySize = greedy.height;
  report.greedySeconds = greedy.seconds;
  report.plannedBuffers = problem.buffers.size();
  report.totalBytes = planTotalBytes(problem);
  offsets = plan.offsets;
  return true;
}

static std::string readFile(const std::string &path, std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(path);
  if (!buffer) {
    error = "cannot read '" + path + "': " + buffer.getError().message();
    return "";
  }
  return (*buffer)->getBuffer().str();
}

/// plan --rewrite and --rewrite-dry-run: the summary of each file on
/// stderr, the diff (dry run) or the rewritten text of stdin on stdout.
static int runRewrite(const PlanCommandOptions &options,
                      const DialectRegistry &registry) {
  if (!options.fromCsv.empty() || !options.jsonFile.empty() ||
      !options.csvFile.empty() || !options.vizDir.empty())
    return planError("--rewrite and --rewrite-dry-run take MLIR inputs only, "
                     "without --from-csv, --json, --csv or --viz-dir");
  if (options.inputs.empty())
    return planError("no input files; try --help");
  std::vector<std::string> errors;
  std::vector<std::string> inputs = expandInputs(options.inputs, errors);
  for (const std::string &error : errors)
    planError(error);
  bool hadError = !errors.empty(), refused = false;
  PlanRewriteOptions rewriteOptions;
  rewriteOptions.assumeDim = options.assumeDim;
  rewriteOptions.timeLimitSeconds = options.timeLimitSeconds;
  rewriteOptions.function = options.function;
  rewriteOptions.space = options.space;
  rewriteOptions.lint.allowUnregisteredDialects =
      options.allowUnregisteredDialects;
  rewriteOptions.lint.analysis.assumeDim = options.assumeDim;
  for (const std::string &input : inputs) {
    std::string error;
    std::string text = readFile(input, error);
    if (!error.empty()) {
      planError(error);
      hadError = true;
      continue;
    }
    std::string shown = input == "-" ? "<stdin>" : input;
    FileRewrite rewrite =
        rewriteText(std::move(text), shown, rewriteOptions, registry);
    if (!rewrite.ok) {
      llvm::errs() << rewrite.diagnostics;
      hadError = true;
      continue;
    }
    llvm::errs() << renderRewriteSummary(rewrite);
    refused |= llvm::any_of(rewrite.groups, [](const RewriteGroupReport &g) {
      return !g.applied;
    });
    if (options.rewriteDryRun) {
      llvm::outs() << renderUnifiedDiff(rewrite.before, rewrite.after, shown);
      continue;
    }
    if (input == "-") {
      llvm::outs() << rewrite.after;
      continue;
    }
    if (rewrite.after == rewrite.before)
      continue;
    if (!writeFileAtomically(input, rewrite.after, error)) {
      planError(error);
      hadError = true;
    }
  }
  // A rewrite that validation refused is a failure the user should see in
  // the exit code (1, as a lint finding); errors are 2.
  return hadError ? 2 : refused ? 1 : 0;
}

int memlint::runPlanCommand(const PlanCommandOptions &options,
                            const DialectRegistry &registry) {
  if (options.rewrite || options.rewriteDryRun)
    return runRewrite(options, registry);
  std::vector<PlanReportSpace> reports;
  std::string csvText;
  unsigned csvGroups = 0;

  if (!options.fromCsv.empty()) {
    if (!options.inputs.empty())
      return planError("--from-csv takes no MLIR inputs");
    std::string error;
    std::string text = readFile(options.fromCsv, error);
    if (!error.empty())
      return planError(error);
    PlanProblem problem;
    std::vector<int64_t> given;
    if (!parsePlanCsv(text, problem, given, error))
      return planError(options.fromCsv + ": " + error);
    PlanReportSpace report;
    report.file = options.fromCsv;
    report.artifactFile = relativePath(options.fromCsv, options.baseDir);
    std::vector<int64_t> offsets;
    if (!planInto(problem, options.timeLimitSeconds, report, offsets))
      return 2;
    for (size_t i = 0; i < problem.buffers.size(); ++i) {
      const PlanBuffer &b = problem.buffers[i];
      PlanReportBuffer row;
      row.name = b.id;
      row.bytes = b.size;
      row.alignment = b.alignment;
      row.lower = b.lower;
      row.upper = b.upper;
      row.offset = offsets[i];
      report.buffers.push_back(row);
    }
    reports.push_back(std::move(report));
    csvText = writePlanCsv(problem, offsets);
    csvGroups = 1;
  }

  if (options.fromCsv.empty() && options.inputs.empty())
    return planError("no input files; try --help");
  std::vector<std::string> errors;
  std::vector<std::string> inputs =
      options.fromCsv.empty() ? expandInputs(options.inputs, errors)
                              : std::vector<std::string>();
  for (const std::string &error : errors)
    planError(error);
  bool hadError = !errors.empty();

  LiveIntervalOptions liveOptions;
  liveOptions.assumeDim = options.assumeDim;
  for (const std::string &input : inputs) {
    std::string error;
    std::string text = readFile(input, error);
    if (!error.empty()) {
      planError(error);
      hadError = true;
      continue;
    }
    std::string shown = input == "-" ? "<stdin>" : input;
    MLIRContext context(registry, MLIRContext::Threading::DISABLED);
    context.allowUnregisteredDialects(options.allowUnregisteredDialects);
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(text, shown), llvm::SMLoc());
    SourceMgrDiagnosticHandler handler(sourceMgr, &context, llvm::errs());
    AsmParserState state;
    Block block;
    ParserConfig config(&context);
    if (failed(parseAsmSourceFile(sourceMgr, &block, config, &state))) {
      hadError = true;
      continue;
    }
    OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(&context));
    module->getBody()->getOperations().splice(module->getBody()->end(),
                                              block.getOperations());
    if (failed(verify(*module))) {
      hadError = true;
      continue;
    }
    SourceInfo source(sourceMgr, state);
    bool internalError = false;
    module->walk([&](FunctionOpInterface fn) {
      if (internalError || fn.isExternal() ||
          fn->getParentOfType<FunctionOpInterface>())
        return;
      if (!options.function.empty() && fn.getName() != options.function)
        return;
      FunctionLiveIntervals live(fn, liveOptions);
      // The source line of each program point (pre-order, as the live
      // intervals number them), for the charts' time axis.
      std::vector<unsigned> pointLines;
      if (!options.vizDir.empty())
        fn->walk<WalkOrder::PreOrder>([&](Operation *op) {
          if (op != fn.getOperation())
            pointLines.push_back(source.getRange(op).line);
        });
      for (const std::string &space : live.getSpaces()) {
        if (options.space && *options.space != space)
          continue;
        PlanReportSpace report;
        report.file = shown;
        report.artifactFile = relativePath(input, options.baseDir);
        report.function = fn.getName().str();
        report.space = space;
        std::vector<size_t> indices;
        PlanProblem problem = live.getProblem(space, indices);
        // Ids are the SSA names; a name that regions reuse gets its
        // position too (`%s@12:10`), since the CSV needs unique ids.
        llvm::StringMap<unsigned> nameCount;
        for (size_t k = 0; k < problem.buffers.size(); ++k) {
          problem.buffers[k].id =
              source.getName(live.getBuffers()[indices[k]].value);
          ++nameCount[problem.buffers[k].id];
        }
        for (size_t k = 0; k < problem.buffers.size(); ++k)
          if (nameCount[problem.buffers[k].id] > 1) {
            SourceRange range =
                source.getRange(live.getBuffers()[indices[k]].alloc);
            problem.buffers[k].id += "@" + std::to_string(range.line) + ":" +
                                     std::to_string(range.column);
          }
        std::vector<int64_t> offsets;
        if (!planInto(problem, options.timeLimitSeconds, report, offsets)) {
          internalError = true;
          return;
        }
        report.writtenPeak = live.getWrittenPeak(space);
        report.pointLines = pointLines;
        for (size_t i = 0; i < live.getBuffers().size(); ++i) {
          const BufferInterval &buffer = live.getBuffers()[i];
          if (buffer.space != space)
            continue;
          PlanReportBuffer row;
          row.name = source.getName(buffer.value);
          llvm::raw_string_ostream os(row.type);
          buffer.value.getType().print(os);
          SourceRange range = source.getRange(buffer.alloc);
          row.line = range.line;
          row.column = range.column;
          row.bytes = buffer.bytes;
          row.alignment = buffer.alignment;
          row.lower = buffer.lower;
          row.upper = buffer.upper;
          row.unplannedReason = buffer.unplannedReason;
          for (size_t k = 0; k < indices.size(); ++k)
            if (indices[k] == i)
              row.offset = offsets[k];
          report.buffers.push_back(std::move(row));
        }
        if (!problem.buffers.empty()) {
          ++csvGroups;
          csvText = writePlanCsv(problem, {});
        }
        reports.push_back(std::move(report));
      }
    });
    if (internalError)
      return 2;
  }

  if (!options.vizDir.empty()) {
    // The address x time chart of each plan, one file per function, space
    // and format, written in a fixed order.
    std::vector<viz::DiagramFile> files;
    std::vector<std::string> formats = options.vizFormats;
    if (formats.empty())
      formats.push_back("svg");
    for (const PlanReportSpace &report : reports) {
      std::vector<viz::PlanBox> boxes;
      for (const PlanReportBuffer &buffer : report.buffers) {
        if (!buffer.offset || !buffer.bytes)
          continue;
        viz::PlanBox box;
        box.name = buffer.name;
        box.begin = buffer.lower;
        box.end = buffer.upper;
        box.offset = *buffer.offset;
        box.size = *buffer.bytes;
        box.tooltip = buffer.name + " : " + buffer.type + ", " +
                      std::to_string(*buffer.bytes) + " bytes at offset " +
                      std::to_string(*buffer.offset);
        boxes.push_back(std::move(box));
      }
      if (boxes.empty())
        continue;
      std::string title = "@" + report.function + " (memory space " +
                          report.space + "): planned arena " +
                          formatBytes(report.arenaSize) + ", lower bound " +
                          formatBytes(report.lowerBound);
      if (report.writtenPeak)
        title += ", peak as written " + formatBytes(*report.writtenPeak);
      viz::PlanChartAxes axes;
      axes.pointLines = report.pointLines;
      if (report.writtenPeak)
        axes.writtenPeak = uint64_t(*report.writtenPeak);
      axes.lowerBound = uint64_t(report.lowerBound);
      std::string dot = viz::renderPlanDot(title, boxes, axes);
      for (const std::string &format : formats) {
        // Memory space 0 is the default; others get a file-name-safe tag.
        std::string kind = "plan";
        if (report.space != "0") {
          kind += ".space_";
          for (char c : report.space)
            kind += llvm::isAlnum(c) ? c : '_';
        }
        llvm::SmallString<256> path(options.vizDir);
        llvm::sys::path::append(
            path, viz::getDiagramFileName(report.file == "<stdin>"
                                              ? report.file
                                              : makeRelativePath(report.file, ""),
                                          0, report.function,
                                          kind, format));
        files.push_back({std::string(path), format, dot});
      }
    }
    std::vector<std::string> written, errors;
    viz::writeDiagrams(std::move(files), written, errors);
    for (const std::string &error : errors)
      llvm::errs() << "mlir-memlint: error: " << error << "\n";
    for (const std::string &path : written)
      llvm::errs() << "mlir-memlint: wrote " << path << "\n";
    if (!errors.empty())
      hadError = true;
  }

  if (!options.csvFile.empty()) {
    if (csvGroups != 1)
      return planError(
          "--csv needs exactly one function and memory space with planned "
          "buffers (found " +
          std::to_string(csvGroups) + "); select one with --function and --space");
    if (!writeTo(options.csvFile, csvText))
      return 2;
  }
  if (!options.jsonFile.empty() && !writeTo(options.jsonFile,
                                            renderPlanJson(reports)))
    return 2;
  if (options.jsonFile != "-" && options.csvFile != "-")
    llvm::outs() << renderPlanText(reports);
  return hadError ? 2 : 0;
}
