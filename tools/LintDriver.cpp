//===- LintDriver.cpp - Lint files: read, parse, analyse, check -----------===//

#include "tools/LintDriver.h"

#include "analyzer/Concurrency.h"
#include "checks/Aggregation.h"
#include "checks/FixIts.h"
#include "checks/Nolint.h"
#include "checks/SharedCauses.h"
#include "reporters/Fingerprints.h"
#include "tools/Config.h"
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

/// Splits `text` at `// -----` lines into [begin, end) ranges.
static std::vector<std::pair<size_t, size_t>> splitChunks(StringRef text) {
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

/// Lints every chunk of `text` into `result`, or with `only`, the chunks of
/// those indices (of the --split-input-file chunks).
static void lintChunks(const std::string &text, const LintOptions &options,
                       const DialectRegistry &registry, FileResult &result,
                       const std::set<size_t> *only = nullptr) {
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

OffsetMap::OffsetMap(ArrayRef<FixEdit> edits) {
  int64_t delta = 0; // new - old, for the edits before
  for (const FixEdit &edit : sortEdits(edits)) {
    int64_t newStart = int64_t(edit.offset) + delta;
    delta += int64_t(edit.text.size()) - int64_t(edit.length);
    spans.push_back({newStart, newStart + int64_t(edit.text.size()), delta,
                     edit.offset});
  }
}

/// The last edit whose text starts at or before `offset`, if any.
const OffsetMap::Span *OffsetMap::spanBefore(uint64_t offset) const {
  auto it = llvm::upper_bound(spans, int64_t(offset),
                              [](int64_t at, const Span &span) {
                                return at < span.newStart;
                              });
  return it == spans.begin() ? nullptr : &*std::prev(it);
}

uint64_t OffsetMap::back(uint64_t offset) const {
  const Span *span = spanBefore(offset);
  if (!span)
    return offset;
  if (int64_t(offset) < span->newEnd)
    return span->offset; // inside inserted text
  return uint64_t(int64_t(offset) - span->delta);
}

bool OffsetMap::isInserted(uint64_t offset) const {
  const Span *span = spanBefore(offset);
  return span && int64_t(offset) < span->newEnd;
}

uint64_t memlint::mapOffsetBack(uint64_t offset, ArrayRef<FixEdit> edits) {
  return OffsetMap(edits).back(offset);
}

bool memlint::isImprovement(const FileResult &before, const FileResult &after,
                            ArrayRef<FixEdit> edits,
                            ArrayRef<const Finding *> targets,
                            bool progress) {
  if (!after.status.ok)
    return false;
  OffsetMap map(edits);
  for (const auto &range : after.incompleteFunctions) {
    uint64_t start = map.back(range.first);
    if (!llvm::any_of(before.incompleteFunctions,
                      [&](const auto &r) { return r.first == start; }))
      return false;
  }
  std::set<std::pair<std::string, uint64_t>> old, fixed;
  // The findings on some path only: one that the edits make happen on every
  // path got worse (a dealloc inserted before a loop that uses the buffer
  // fixes its leak and frees it before the first iteration's use).
  std::set<std::pair<std::string, uint64_t>> somePaths;
  for (const ReportedFinding &item : before.findings) {
    old.insert({item.finding.rule, item.finding.location.range.offset});
    if (!item.finding.allPaths)
      somePaths.insert({item.finding.rule, item.finding.location.range.offset});
  }
  // An aggregated finding (the sites of one function and memory space) is
  // fixed when fewer of its sites are left: its merged fix-it may fix some
  // of them, and the finding stays, at its worst site left, for the others.
  // New sites are tolerated as new warnings are (a reuse, a hoist, a
  // dealloc moved can expose another).
  using GroupKey = std::tuple<std::string, std::string, std::string>;
  auto forEachSite = [](const Finding &f, auto fn) {
    fn(f.location.range.offset);
    for (const FindingNote &note : f.notes)
      if (note.otherSite)
        fn(note.location.range.offset);
  };
  std::map<GroupKey, std::set<uint64_t>> aggregated;
  std::map<GroupKey, size_t> sitesLeft;
  // The witness of a leak: its notes, by original position.
  using Witness = std::vector<std::pair<uint64_t, std::string>>;
  // (A step at an op the edits inserted is left out: a guard inserted on
  // the path is no repair.)
  auto witnessOf = [](const Finding &f, const OffsetMap &mapBack) {
    Witness w;
    for (const FindingNote &note : f.notes)
      if (!mapBack.isInserted(note.location.range.offset))
        w.push_back({mapBack.back(note.location.range.offset), note.message});
    return w;
  };
  std::map<std::pair<std::string, uint64_t>, Witness> leakWitnesses;
  for (const Finding *target : targets) {
    if (progress && target->rule == "lifetime-leak")
      leakWitnesses[{target->rule, target->location.range.offset}] =
          witnessOf(*target, OffsetMap({}));
    if (llvm::none_of(target->notes,
                      [](const FindingNote &note) { return note.otherSite; })) {
      fixed.insert({target->rule, target->location.range.offset});
      continue;
    }
    std::set<uint64_t> &sites =
        aggregated[{target->rule, target->function, target->memorySpace}];
    forEachSite(*target, [&](uint64_t offset) { sites.insert(offset); });
  }
  for (const ReportedFinding &item : after.findings) {
    const Finding &f = item.finding;
    std::pair<std::string, uint64_t> key{
        f.rule, map.back(f.location.range.offset)};
    auto group = aggregated.find({f.rule, f.function, f.memorySpace});
    if (group != aggregated.end()) {
      forEachSite(f, [&](uint64_t offset) {
        sitesLeft[group->first] +=
            group->second.count(map.back(offset));
      });
      continue;
    }
    // A new error is a regression. A new warning is tolerated: hoisting an
    // alloc one loop level may leave it invariant in the next loop, and a
    // dealloc added in a loop body may make the alloc a hoisting candidate.
    if (!old.count(key) && f.level >= Level::Error)
      return false;
    if (f.allPaths && somePaths.count(key) && f.level >= Level::Error &&
        llvm::StringRef(f.rule).starts_with("lifetime-"))
      return false;
    if (fixed.count(key)) {
      auto leak = leakWitnesses.find(key);
      if (leak == leakWitnesses.end() ||
          witnessOf(f, map) == leak->second)
        return false; // not fixed
      leakWitnesses.erase(leak); // repaired on the path reported
    }
  }
  for (const auto &[group, sites] : aggregated)
    if (sitesLeft[group] >= sites.size())
      return false; // no site fixed
  return true;
}

/// MEMLINT_TRACE_FIXES set: every candidate fix-it refused is named on
/// stderr (a debugging aid for new strategies).
static bool traceFixes() {
  static const bool enabled = std::getenv("MEMLINT_TRACE_FIXES") != nullptr;
  return enabled;
}

/// Keeps, for each finding, the first candidate fix-it whose result parses,
/// verifies and re-lints without the finding and without a new one.
///
/// Candidates are validated in groups, so that a file with hundreds of
/// findings takes a few re-lints, not one per finding: the next candidate
/// of every finding still without a fix, as many as do not overlap, are
/// applied together and re-linted once. A group whose result has none of
/// its findings and no new error validates each of its candidates; one that
/// fails is split in halves, down to one candidate re-linted alone (the
/// validation of a candidate on its own). `maxFixValidations` bounds the
/// re-lints of a file.
static void validateFixes(FileResult &result, const LintOptions &options,
                          const DialectRegistry &registry) {
  FixBudget own;
  FixBudget &pool = options.fixBudget ? *options.fixBudget : own;
  // Besides their number, the re-lints together may take at most
  // kFixWorkFactor times the analysis steps of the lint itself (at least
  // kMinFixWork): steps, so that which fix-its are kept does not depend on
  // the machine. A file whose lint takes 0.2 s then validates in about
  // 1.5 s (mutation fuzzer seed 32577: 16 findings, 11 candidates each for
  // the 4 that none fixes; with a factor of 24 and 3 million steps at least,
  // each round of --fix spent 3 s on those, and --fix took 13 s).
  // The work of a lint is its steps plus the ops it parsed, each counted
  // by its nesting depth (the parse dominates a file of many small chunks;
  // the verifier's dominance checks walk the parents: seed 4705 nests 1,000
  // levels deep, and its 128 re-lints took 7 s).
  constexpr uint64_t kFixWorkFactor = 8, kMinFixWork = 1'000'000;
  auto workOf = [](const FileResult &r) {
    return r.status.figures.steps + r.status.figures.opDepths;
  };
  if (!pool.started) {
    pool.started = true;
    pool.relints = options.maxFixValidations;
    pool.work =
        std::max<uint64_t>(kMinFixWork, kFixWorkFactor * workOf(result));
  }
  unsigned &budget = pool.relints;
  auto spend = [&](uint64_t steps) {
    pool.work = steps >= pool.work ? 0 : pool.work - steps;
    if (pool.work == 0)
      budget = 0;
  };
  // With --split-input-file, a candidate is re-linted in the chunks its
  // edits touch only (mutation fuzzer seed 4705: 13 chunks, each re-lint
  // parsed all of them). Chunk i of the edited text is chunk i of the
  // file while the edits add or remove no `// -----` line.
  std::vector<std::pair<size_t, size_t>> chunks;
  if (options.splitInputFile)
    chunks = splitChunks(result.text);
  LintOptions relint = options;
  relint.validateFixes = false;
  relint.onModule = nullptr;
  struct Pending {
    Finding *finding;
    std::vector<FixIt> candidates;
    size_t next = 0;
    /// The first candidate that repairs a leak in part (see below), if any.
    std::optional<size_t> partial;
  };
  std::vector<Pending> pending;
  for (ReportedFinding &item : result.findings) {
    Finding &finding = item.finding;
    std::vector<FixIt> candidates = std::move(finding.fixes);
    finding.fixes.clear();
    if (item.suppressed || candidates.empty())
      continue; // silenced by NOLINT: not fixed either
    // In a function whose exploration stopped at a bound, no re-lint can
    // confirm a fix-it (mutation fuzzer seed 41281: each candidate re-lint
    // ran into the bound, 282k steps, and --fix took 40 s under ASan).
    uint64_t at = finding.location.range.offset;
    if (llvm::any_of(result.incompleteFunctions, [&](const auto &range) {
          return range.first <= at && at <= range.second;
        }))
      continue;
    pending.push_back({&finding, std::move(candidates)});
  }
  // Validates the candidates `group` (indices into `pending`, each at its
  // `next` candidate) together; true when they all hold.
  // A leak may be lost at several places, each needing its own edit (the
  // end of a branch and a loop's back-edge): no candidate then removes it.
  // A candidate re-linted alone that frees it on the path reported and
  // leaves it lost on another is noted as a repair in part; when none of
  // the leak's candidates fixes it, the first such one is kept, --fix
  // applies it and its next round repairs the next place. Only candidates
  // that add text and remove no dealloc: each round then frees on more
  // paths and undoes no earlier one, so rounds cannot go in circles. (No
  // re-lint of its own: it is judged on the lint of the candidate alone.)
  auto removesDealloc = [&](const FixIt &fix) {
    return llvm::any_of(fix.edits, [&](const FixEdit &edit) {
      return llvm::StringRef(result.text)
          .substr(edit.offset, edit.length)
          .contains("dealloc");
    });
  };
  // With MEMLINT_TRACE_FIXES: what the last candidate re-linted alone left
  // (the errors of its re-lint), to say why it was refused.
  std::string refusedBecause;
  auto holds = [&](ArrayRef<size_t> group) {
    std::vector<FixEdit> edits;
    std::vector<const Finding *> targets;
    for (size_t i : group) {
      const FixIt &fix = pending[i].candidates[pending[i].next];
      edits.insert(edits.end(), fix.edits.begin(), fix.edits.end());
      targets.push_back(pending[i].finding);
    }
    --budget;
    FileResult after;
    after.status.path = result.status.path;
    std::string edited = applyEdits(result.text, edits);
    std::set<size_t> touched;
    for (const FixEdit &edit : edits)
      for (size_t c = 0; c < chunks.size(); ++c)
        if (edit.offset <= chunks[c].second &&
            chunks[c].first <= edit.offset + edit.length)
          touched.insert(c);
    bool local = !chunks.empty() && splitChunks(edited).size() == chunks.size();
    lintChunks(edited, relint, registry, after, local ? &touched : nullptr);
    spend(workOf(after));
    if (isImprovement(result, after, edits, targets))
      return true;
    if (group.size() == 1 && traceFixes()) {
      refusedBecause.clear();
      if (!after.status.ok)
        refusedBecause = "memlint-trace:   the result does not parse or "
                         "verify\n";
      unsigned shown = 0;
      for (const ReportedFinding &item : after.findings)
        if (!item.suppressed && item.finding.level >= Level::Error &&
            shown++ < 4)
          refusedBecause += "memlint-trace:   after it: line " +
                            std::to_string(item.finding.location.range.line) +
                            ": " + item.finding.message + " [" +
                            item.finding.rule + "]\n";
    }
    if (group.size() == 1) {
      Pending &p = pending[group.front()];
      if (p.finding->rule == "lifetime-leak" && !p.partial &&
          !removesDealloc(p.candidates[p.next]) &&
          isImprovement(result, after, edits, targets, /*progress=*/true))
        p.partial = p.next;
    }
    return false;
  };
  // Copies of one fix-it in the lists of findings of one cause: the one
  // linkSharedCauses leaves to the finding that ranks it highest, and the
  // copies it moves last in the others' lists, for when that finding ends
  // without it. A fix-it is offered once: a copy is skipped when another
  // finding of the cause holds it already, and waits while one that ranks
  // it higher (as linkSharedCauses does: a general fallback after every
  // local edit, the earlier finding on a tie) still has it to try.
  enum class Copy { None, Held, Wait };
  auto rankOf = [](const Pending &p, size_t k) {
    return p.candidates[k].general ? p.candidates.size() + k : k;
  };
  auto copyOf = [&](size_t i) {
    const Pending &p = pending[i];
    const FixIt &fix = p.candidates[p.next];
    Copy copy = Copy::None;
    for (size_t j = 0; j < pending.size(); ++j) {
      const Pending &other = pending[j];
      if (j == i || !sameCause(*other.finding, *p.finding))
        continue;
      for (const FixIt &held : other.finding->fixes)
        if (sameEdits(held, fix))
          return Copy::Held;
      if (!other.finding->fixes.empty())
        continue;
      for (size_t k = other.next; k < other.candidates.size(); ++k)
        if (std::make_pair(rankOf(other, k), j) <
                std::make_pair(rankOf(p, p.next), i) &&
            sameEdits(other.candidates[k], fix))
          copy = Copy::Wait;
    }
    return copy;
  };
  // (Waits that would leave no candidate to try are lifted.)
  bool lifted = false;
  while (budget > 0 && !pool.cancelled) {
    // The group: the findings still open, at their next candidate, whose
    // edits do not clash with an earlier member's.
    std::vector<size_t> group;
    std::vector<std::pair<uint64_t, uint64_t>> taken;
    bool waiting = false;
    for (size_t i = 0; i < pending.size(); ++i) {
      Pending &p = pending[i];
      Copy copy = Copy::None;
      while (p.finding->fixes.empty() && p.next < p.candidates.size() &&
             (copy = copyOf(i)) == Copy::Held)
        ++p.next;
      if (!p.finding->fixes.empty() || p.next >= p.candidates.size())
        continue;
      if (copy == Copy::Wait && !lifted) {
        waiting = true;
        continue;
      }
      ArrayRef<FixEdit> edits = p.candidates[p.next].edits;
      if (editsClash(edits, taken, /*touching=*/true))
        continue;
      for (const FixEdit &edit : edits)
        taken.push_back({edit.offset, edit.offset + edit.length});
      group.push_back(i);
    }
    if (group.empty() && waiting && !lifted) {
      lifted = true;
      continue;
    }
    lifted = false;
    if (group.empty())
      break;
    // Bisection with an explicit stack of subgroups.
    std::vector<std::vector<size_t>> stack = {group};
    while (!stack.empty() && budget > 0 && !pool.cancelled) {
      std::vector<size_t> part = std::move(stack.back());
      stack.pop_back();
      if (holds(part)) {
        for (size_t i : part)
          pending[i].finding->fixes.push_back(
              std::move(pending[i].candidates[pending[i].next]));
        continue;
      }
      if (part.size() == 1) {
        if (traceFixes()) {
          const Pending &p = pending[part.front()];
          const FixIt &fix = p.candidates[p.next];
          llvm::errs() << "memlint-trace: fix-it refused: line "
                       << p.finding->location.range.line << ": "
                       << fix.description << "\n";
          for (const FixEdit &edit : fix.edits)
            llvm::errs() << "memlint-trace:   at offset " << edit.offset
                         << ", replace " << edit.length << " bytes by '"
                         << edit.text << "'\n";
          llvm::errs() << refusedBecause;
        }
        ++pending[part.front()].next; // this candidate fails on its own
        continue;
      }
      size_t half = part.size() / 2;
      stack.emplace_back(part.begin() + half, part.end());
      stack.emplace_back(part.begin(), part.begin() + half);
    }
  }
  for (Pending &p : pending) {
    if (!p.finding->fixes.empty() || !p.partial ||
        p.next < p.candidates.size())
      continue;
    FixIt &fix = p.candidates[*p.partial];
    fix.partial = true;
    fix.description += " (on the path reported; another place that loses it "
                       "needs another fix)";
    p.finding->fixes.push_back(std::move(fix));
  }
  // Findings the budget left with candidates untried show no fix-it, and
  // the next --fix may fix them: said, not silent.
  result.status.figures.unvalidatedFixFindings = llvm::count_if(
      pending, [](const Pending &p) {
        return p.finding->fixes.empty() && p.next < p.candidates.size();
      });
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
