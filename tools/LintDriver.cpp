//===- LintDriver.cpp - Lint files: read, parse, analyse, check -----------===//

#include "tools/LintDriver.h"

#include "analyzer/Concurrency.h"
#include "checks/Aggregation.h"
#include "checks/FixIts.h"
#include "checks/Nolint.h"
#include "checks/SharedCauses.h"
#include "reporters/Fingerprints.h"
#include "tools/Config.h"
#include "tools/FixValidation.h"
#include "tools/SourceParser.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

#include <pthread.h>

using namespace mlir;
using namespace memlint;

/// Adds the ops of `module` (not itself), the sum of their depths (an op
/// directly in the module has depth 1) and its functions with a body to
/// `figures`; one pass with an explicit stack (nesting may be deep).
static void countOps(ModuleOp module, FileFigures &figures) {
  uint64_t ops = 0, depths = 0, functions = 0;
  SmallVector<std::pair<Operation *, uint64_t>> stack;
  for (Operation &op : llvm::reverse(*module.getBody()))
    stack.push_back({&op, 1});
  while (!stack.empty()) {
    auto [op, depth] = stack.pop_back_val();
    ++ops;
    depths += depth;
    if (op->getNumRegions() == 0)
      continue;
    if (auto fn = dyn_cast<FunctionOpInterface>(op))
      functions += !fn.isExternal();
    for (Region &region : llvm::reverse(op->getRegions()))
      for (Block &block : llvm::reverse(region))
        for (Operation &nested : llvm::reverse(block))
          stack.push_back({&nested, depth + 1});
  }
  figures.ops += ops;
  figures.opDepths += depths;
  figures.functions += functions;
}

namespace {
using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}
} // namespace

bool memlint::writeOutput(const std::string &path, llvm::StringRef text,
                          std::string &error) {
  if (path == "-") {
    llvm::outs() << text;
    llvm::outs().flush();
    return true;
  }
  std::error_code ec;
  llvm::ToolOutputFile out(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = "cannot write '" + path + "': " + ec.message();
    return false;
  }
  out.os() << text;
  out.keep();
  return true;
}

std::string memlint::absolutePath(const std::string &path) {
  SmallString<256> abs(path);
  llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  return std::string(abs);
}

std::string memlint::relativePath(const std::string &path,
                                  const std::string &baseDir) {
  if (path == "-")
    return "<stdin>";
  return makeRelativePath(path, baseDir);
}

std::vector<std::string>
memlint::expandInputs(const std::vector<std::string> &inputs,
                      std::vector<std::string> &errors) {
  std::vector<std::string> result;
  for (const std::string &input : inputs) {
    if (input == "-") {
      result.push_back(input);
      continue;
    }
    if (llvm::sys::fs::is_directory(input)) {
      std::vector<std::string> found;
      std::error_code ec;
      for (llvm::sys::fs::recursive_directory_iterator it(input, ec), end;
           it != end && !ec; it.increment(ec)) {
        if (llvm::sys::path::extension(it->path()) == ".mlir" &&
            !llvm::sys::fs::is_directory(it->path()))
          found.push_back(it->path());
      }
      if (ec)
        errors.push_back(input + ": " + ec.message());
      else if (found.empty())
        errors.push_back(input + ": no .mlir files in this directory");
      std::sort(found.begin(), found.end());
      result.insert(result.end(), found.begin(), found.end());
      continue;
    }
    if (!llvm::sys::fs::exists(input)) {
      errors.push_back(input + ": no such file or directory");
      continue;
    }
    result.push_back(input);
  }
  return result;
}

std::vector<std::pair<size_t, size_t>> memlint::splitChunks(StringRef text) {
  std::vector<std::pair<size_t, size_t>> ranges;
  size_t start = 0, pos = 0;
  while (pos <= text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == StringRef::npos)
      eol = text.size();
    if (text.slice(pos, eol).trim() == "// -----") {
      ranges.push_back({start, pos});
      start = eol;
    }
    pos = eol + 1;
  }
  ranges.push_back({start, text.size()});
  return ranges;
}

/// The text of one chunk with the full length of the file and the other
/// chunks blanked, so offsets, lines and columns stay those of the file.
static std::string blankOutside(StringRef text, size_t begin, size_t end) {
  std::string chunk(text.str());
  for (size_t i = 0; i < chunk.size(); ++i)
    if ((i < begin || i >= end) && chunk[i] != '\n')
      chunk[i] = ' ';
  return chunk;
}

/// Rough nesting depth of braces, to refuse inputs deeper than the parser
/// can take even on a large stack.
static size_t maxBraceDepth(StringRef text) {
  // +1 for an opening bracket, -1 for a closing one, never below 0; the
  // other bytes (nearly all) only cost a table lookup.
  static const auto delta = [] {
    std::array<int8_t, 256> table{};
    for (unsigned char c : StringRef("{([<"))
      table[c] = 1;
    for (unsigned char c : StringRef("})]>"))
      table[c] = -1;
    return table;
  }();
  int64_t depth = 0, maxDepth = 0;
  for (char c : text) {
    int8_t step = delta[static_cast<unsigned char>(c)];
    if (step == 0)
      continue;
    depth = std::max<int64_t>(0, depth + step);
    maxDepth = std::max(maxDepth, depth);
  }
  return maxDepth;
}

static constexpr size_t kMaxNesting = 100000;
static constexpr unsigned kStackSize = 1u << 30; // 1 GiB, reserved lazily

/// The checks, the lifetime analysis among them, run on the MLIR context's
/// thread pool and recurse over region nesting as the parser does (Operation
/// walks): on the default 8 MiB thread stack, an input nested 50,000 levels
/// deep (under kMaxNesting) overflowed it, 10,000 levels with ASan. LLVM's
/// pool threads take the default stack size of the process, and the pool
/// creates them when the first task comes: from the first lint on, every
/// new thread gets the worker's large stack.
void memlint::useLargeThreadStacks() {
#ifdef __GLIBC__
  static std::once_flag once;
  std::call_once(once, [] {
    pthread_attr_t attr;
    if (pthread_getattr_default_np(&attr) != 0)
      return;
    size_t size = 0;
    if (pthread_attr_getstacksize(&attr, &size) == 0 && size < kStackSize &&
        pthread_attr_setstacksize(&attr, kStackSize) == 0)
      pthread_setattr_default_np(&attr);
    pthread_attr_destroy(&attr);
  });
#endif
}

namespace {
/// Lints one chunk; appends to `result`.
struct ChunkLinter {
  const LintOptions &options;
  const DialectRegistry &registry;
  FileResult &result;
  std::vector<std::unique_ptr<Check>> checks =
      createChecks(GlobList(options.checks), options.checkOptions);
  std::vector<std::string> aggregating = getAggregatingRules(checks);
  GlobList warningsAsErrors{options.warningsAsErrors};
  unsigned chunk = 0;

  /// What owns the IR of a chunk. Its teardown (about 3 % of a run) goes to
  /// the thread pool when there is one, while the caller goes on. Members
  /// are destroyed in reverse order: the ops before their context.
  struct ChunkIR {
    MLIRContext context;
    llvm::SourceMgr sourceMgr;
    ParsedSource source;
    Block block;
    OwningOpRef<ModuleOp> module;
    ChunkIR(const DialectRegistry &registry)
        : context(registry, MLIRContext::Threading::DISABLED) {}
    ~ChunkIR() {
      // Deep nesting: linear teardown (tools/SourceParser.h).
      if (module) {
        destroyNestedOps(*module->getBody());
        module = OwningOpRef<ModuleOp>();
      }
      destroyNestedOps(block);
    }
  };

  void run(const std::string &chunkText) {
    auto ir = std::make_unique<ChunkIR>(registry);
    runOn(*ir, chunkText);
    if (options.threadPool)
      options.threadPool->async([ir = std::move(ir)]() mutable { ir.reset(); });
  }

  void runOn(ChunkIR &ir, const std::string &chunkText) {
    unsigned chunkIndex = chunk++;
    MLIRContext &context = ir.context;
    context.allowUnregisteredDialects(options.allowUnregisteredDialects);
    llvm::SourceMgr &sourceMgr = ir.sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(chunkText, result.status.path,
                                         /*RequiresNullTerminator=*/true),
        llvm::SMLoc());
    std::string diagText;
    llvm::raw_string_ostream diagStream(diagText);
    SourceMgrDiagnosticHandler handler(sourceMgr, &context, diagStream);
    // Keep the position and text of the first error for SARIF and GitHub
    // annotations; the SourceMgr handler above still prints it.
    DiagnosticEngine::HandlerID firstError =
        context.getDiagEngine().registerHandler([&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error &&
          result.status.errorMessage.empty()) {
        result.status.errorMessage = diag.str();
        if (auto loc = diag.getLocation()->findInstanceOf<FileLineColLoc>()) {
          SourceRange &range = result.status.errorRange;
          range.line = range.endLine = loc.getLine();
          range.column = range.endColumn = loc.getColumn();
        }
      }
      return failure();
    });
    // The context may outlive this call (torn down on the pool).
    llvm::scope_exit eraseHandler(
        [&] { context.getDiagEngine().eraseHandler(firstError); });

    auto parseStart = Clock::now();
    Block &block = ir.block;
    // The parser (in parts, for a large buffer), the verifier and the
    // analysis use the threads.
    if (options.threadPool)
      context.setThreadPool(*options.threadPool);
    bool ok = succeeded(ir.source.parse(sourceMgr, &block, &context,
                                        options.parallelParseMinBytes));
    result.status.figures.parseParts += ir.source.getNumParts();
    OwningOpRef<ModuleOp> &module = ir.module;
    std::unique_ptr<LifetimeIndex> index;
    if (ok) {
      // Wrap the top-level ops in a module unless the input is one.
      if (llvm::hasSingleElement(block) && isa<ModuleOp>(block.front())) {
        module = cast<ModuleOp>(block.front());
        module.get().getOperation()->remove();
      } else {
        module = ModuleOp::create(UnknownLoc::get(&context));
        Block *body = module->getBody();
        body->getOperations().splice(body->end(), block.getOperations());
      }
      // The op orders are frozen first, so that the verifier and the
      // analyses only read the IR. The numbering the lifetime analysis
      // starts from reads the IR's structure only: it is built beside the
      // verifier (which takes one thread for a module of one function), and
      // dropped if the module is invalid.
      freezeOpOrder(*module);
      bool numbers = options.threadPool &&
                     llvm::any_of(checks, [](const auto &check) {
                       return check->readsLifetime();
                     });
      if (numbers) {
        Operation *moduleOp = module->getOperation();
        std::shared_future<void> numbered = options.threadPool->async(
            [&] { index = std::make_unique<LifetimeIndex>(moduleOp); });
        ok = succeeded(verify(*module));
        numbered.wait();
      } else {
        ok = succeeded(verify(*module));
      }
    }
    result.status.figures.parseSeconds += secondsSince(parseStart);
    ++result.status.figures.chunks;
    if (!ok) {
      result.status.ok = false;
      if (result.status.diagnostic.empty()) {
        StringRef first = StringRef(diagText).split('\n').first;
        result.status.diagnostic =
            first.empty() ? result.status.path + ": error: invalid input"
                          : first.str();
      }
      result.diagnostics += diagText;
      if (diagText.empty())
        result.diagnostics += result.status.diagnostic + "\n";
      return;
    }

    auto analysisStart = Clock::now();
    SourceInfo source(sourceMgr, ir.source.getParts());
    AnalysisOptions analysis = options.analysis;
    analysis.memoryBudgets = options.memoryBudgets;
    LintContext lint(module->getOperation(), source, result.status.path,
                     analysis);
    lint.setLifetimeIndex(std::move(index));
    lint.setOpOrderFrozen();
    lint.setWantsFixes(options.validateFixes);
    lint.setWantsUnsafeFixes(options.unsafeFixes);
    std::vector<Finding> findings = runChecks(lint, checks);
    result.status.figures.analysisSeconds += secondsSince(analysisStart);
    // The lifetime figures, when a check needed the analysis.
    AnalysisStats stats;
    if (const LifetimeAnalysis *lifetime = lint.getLifetimeIfComputed())
      stats = lifetime->getStats();
    // Functions and ops of the chunk, whichever checks ran, and their
    // depths.
    countOps(*module, result.status.figures);
    result.status.figures.buffers += stats.buffers;
    result.status.figures.unknownEffectOps += stats.unknownEffectOps;
    for (const auto &[name, count] : stats.unknownEffectOpNames)
      result.status.figures.unknownEffectOpNames[name] += count;
    result.status.figures.externalCalls += stats.externalCalls;
    for (const FunctionStats &fs : stats.perFunction) {
      if (!fs.complete) {
        ++result.status.figures.incompleteFunctions;
        if (fs.function) {
          uint64_t start = source.getRange(fs.function).offset;
          result.incompleteFunctions.push_back(
              {start, source.getEndOffset(fs.function).value_or(start)});
        }
      }
      result.status.figures.steps += fs.steps;
      result.status.figures.states += fs.states;
    }
    // NOLINT comments of this chunk, and warnings promoted to errors. The
    // structural perf-* findings NOLINT leaves are aggregated, so that a
    // NOLINT silences its site only; the suppressed ones stay separate.
    size_t firstFinding = result.findings.size();
    std::optional<NolintSuppressions> nolint;
    std::vector<Finding> reportedHere, suppressedHere;
    reportedHere.reserve(findings.size());
    for (Finding &f : findings) {
      bool suppressed = false;
      if (f.rule != "memlint-nolint") {
        if (!nolint)
          nolint.emplace(chunkText);
        suppressed = nolint->isSuppressed(f.rule, f.location.range.line);
      }
      if (f.level == Level::Warning && warningsAsErrors.contains(f.rule)) {
        f.level = Level::Error;
        f.promoted = true;
      }
      (suppressed ? suppressedHere : reportedHere).push_back(std::move(f));
    }
    aggregateFindings(reportedHere, aggregating);
    result.findings.reserve(result.findings.size() + reportedHere.size() +
                            suppressedHere.size());
    for (auto *list : {&reportedHere, &suppressedHere})
      for (Finding &f : *list) {
        ReportedFinding item;
        item.suppressed = list == &suppressedHere;
        item.finding = std::move(f);
        result.findings.push_back(std::move(item));
      }
    std::stable_sort(result.findings.begin() + firstFinding,
                     result.findings.end(),
                     [](const ReportedFinding &a, const ReportedFinding &b) {
                       return a.finding < b.finding;
                     });
    if (options.onModule) {
      std::vector<Finding> reported;
      for (size_t i = firstFinding; i < result.findings.size(); ++i)
        if (!result.findings[i].suppressed)
          reported.push_back(result.findings[i].finding);
      options.onModule(lint, reported, chunkIndex);
    }
  }
};
} // namespace

void memlint::lintChunks(const std::string &text, const LintOptions &options,
                         const DialectRegistry &registry, FileResult &result,
                         const std::set<size_t> *only) {
  ChunkLinter linter{options, registry, result};
  if (!options.splitInputFile) {
    linter.run(text);
    return;
  }
  std::vector<std::pair<size_t, size_t>> chunks = splitChunks(text);
  for (size_t i = 0; i < chunks.size(); ++i)
    if (!only || only->count(i))
      linter.run(blankOutside(text, chunks[i].first, chunks[i].second));
}

/// The artifact path of a file shown as `path`.
static std::string getArtifactPath(const std::string &path,
                                   const LintOptions &options) {
  if (path == "<stdin>")
    return path;
  return relativePath(path, options.baseDir);
}

void memlint::applyConfig(LintOptions &options, const Config &config) {
  options.checks = config.checks.value_or("*");
  options.warningsAsErrors = config.warningsAsErrors.value_or("");
  options.checkOptions = config.checkOptions;
  options.memoryBudgets = config.memoryBudgets;
}

FileResult memlint::lintText(std::string text, const std::string &path,
                             const LintOptions &options,
                             const DialectRegistry &registry) {
  FileResult result;
  result.status.path = path;
  result.status.artifactPath = getArtifactPath(path, options);
  result.text = std::move(text);
  if (size_t depth = maxBraceDepth(result.text); depth > kMaxNesting) {
    result.status.ok = false;
    result.status.diagnostic =
        result.status.path + ": error: input nests " + std::to_string(depth) +
        " levels deep; the limit is " + std::to_string(kMaxNesting);
    result.diagnostics = result.status.diagnostic + "\n";
    return result;
  }
  if (StringRef(result.text).contains('\0')) {
    result.status.ok = false;
    result.status.diagnostic =
        result.status.path +
        ": error: input contains NUL bytes; expected MLIR text";
    result.diagnostics = result.status.diagnostic + "\n";
    return result;
  }

  // Parse and analyse on a thread with a large stack: the MLIR parser and
  // verifier recurse over region nesting.
  useLargeThreadStacks();
  llvm::thread worker(std::optional<unsigned>(kStackSize), [&] {
    lintChunks(result.text, options, registry, result);
    auto byFinding = [](const ReportedFinding &a, const ReportedFinding &b) {
      return a.finding < b.finding;
    };
    // One chunk's findings come sorted already.
    if (!std::is_sorted(result.findings.begin(), result.findings.end(),
                        byFinding))
      std::stable_sort(result.findings.begin(), result.findings.end(),
                       byFinding);
    std::vector<const Finding *> sorted;
    for (const ReportedFinding &item : result.findings)
      sorted.push_back(&item.finding);
    // Fingerprints name the file by its artifact path, so that a baseline
    // matches however the path is given.
    std::vector<std::string> prints =
        computeSemanticFingerprints(sorted, result.status.artifactPath);
    for (size_t i = 0; i < prints.size(); ++i)
      result.findings[i].fingerprint = std::move(prints[i]);
    if (options.validateFixes && result.status.ok) {
      if (!options.deferFixValidation)
        validateFixes(result, options, registry);
    } else
      for (ReportedFinding &item : result.findings)
        item.finding.fixes.clear(); // unvalidated proposals are not shown
  });
  worker.join();
  return result;
}

void memlint::validateFileFixes(FileResult &result, const LintOptions &options,
                                const DialectRegistry &registry) {
  if (!options.validateFixes || !result.status.ok)
    return;
  // The re-lints parse: on a thread with the large stack, as in lintText.
  useLargeThreadStacks();
  llvm::thread worker(std::optional<unsigned>(kStackSize),
                      [&] { validateFixes(result, options, registry); });
  worker.join();
}

FileResult memlint::lintFile(const std::string &input,
                             const LintOptions &options,
                             const DialectRegistry &registry) {
  // Shown as given.
  std::string path = input;
  if (input == "-")
    path = options.stdinFilename.empty() ? "<stdin>" : options.stdinFilename;
  auto readStart = Clock::now();
  auto buffer = llvm::MemoryBuffer::getFileOrSTDIN(input, /*IsText=*/false,
                                                   /*RequiresNullTerminator=*/true);
  if (!buffer) {
    FileResult result;
    result.status.path = path;
    result.status.artifactPath = getArtifactPath(path, options);
    result.status.ok = false;
    result.status.diagnostic = result.status.path + ": error: cannot read: " +
                               buffer.getError().message();
    result.diagnostics = result.status.diagnostic + "\n";
    return result;
  }
  double readSeconds = secondsSince(readStart);
  FileResult result =
      lintText((*buffer)->getBuffer().str(), path, options, registry);
  result.status.figures.readSeconds = readSeconds;
  return result;
}
