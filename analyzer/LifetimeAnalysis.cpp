//===- LifetimeAnalysis.cpp - Path-sensitive buffer lifetimes -------------===//
//
// Owns: the module-level driver of the lifetime analysis: which functions
// are roots, the fixpoint of the summaries of recursive functions, running
// the roots' explorations (in parallel on the context's threads) and merging
// their events in program order, keeping only events a complete exploration
// confirms. One root's exploration is FunctionExplorer (analyzer/explorer/).
// Must not touch: how a path runs (the explorer's parts).
//
//===----------------------------------------------------------------------===//

#include "analyzer/LifetimeAnalysis.h"
#include "analyzer/explorer/FunctionExplorer.h"
#include "analyzer/explorer/ModuleContext.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/ThreadPool.h"

#include <atomic>
#include <map>
#include <numeric>

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

StringRef memlint::stringifyBound(AnalysisBound bound) {
  switch (bound) {
  case AnalysisBound::None:
    return "none";
  case AnalysisBound::Steps:
    return "steps";
  case AnalysisBound::StatesPerPoint:
    return "states-per-point";
  case AnalysisBound::Time:
    return "time";
  case AnalysisBound::Memory:
    return "memory";
  }
  llvm_unreachable("unknown bound");
}

StringRef memlint::stringifyEventKind(LifetimeEventKind kind) {
  switch (kind) {
  case LifetimeEventKind::Leak:
    return "leak";
  case LifetimeEventKind::DoubleFree:
    return "double-free";
  case LifetimeEventKind::UseAfterFree:
    return "use-after-free";
  case LifetimeEventKind::InvalidFree:
    return "invalid-free";
  }
  return "";
}

//===----------------------------------------------------------------------===//
// LifetimeAnalysis
//===----------------------------------------------------------------------===//

LifetimeIndex::LifetimeIndex(Operation *module)
    : module(module), numbering(std::make_unique<ModuleNumbering>(module)) {}

LifetimeIndex::~LifetimeIndex() = default;

LifetimeAnalysis::LifetimeAnalysis(Operation *module,
                                   const AnalysisOptions &options,
                                   std::unique_ptr<LifetimeIndex> index) {
  if (!index || index->getModule() != module)
    index = std::make_unique<LifetimeIndex>(module);
  const ModuleNumbering &numbering = index->getNumbering();
  ModuleContext ctx(module, numbering);
  std::map<EventKey, uint32_t> eventIds;
  DenseSet<Operation *> reached;

  // Functions in program order; callers first: functions called from another
  // function of the module are explored in their callers' context.
  // (A function has a region: the interface is asked of region ops only.)
  SmallVector<FunctionOpInterface> functions;
  module->walk([&](Operation *op) {
    if (op->getNumRegions() == 0)
      return;
    if (auto fn = dyn_cast<FunctionOpInterface>(op); fn && !fn.isExternal())
      functions.push_back(fn);
  });
  // The module's direct call graph, resolved once.
  DenseMap<Operation *, SmallVector<Operation *>> callees, callers;
  for (FunctionOpInterface fn : functions)
    fn->walk([&](CallOpInterface call) {
      Operation *callee = call.resolveCallableInTable(&ctx.symbolTables);
      if (!callee || llvm::is_contained(callees[fn], callee))
        return;
      callees[fn].push_back(callee);
      if (callee != fn.getOperation())
        callers[callee].push_back(fn);
    });
  // Functions reachable from `fn` through one or more calls.
  auto reachableFrom = [&](Operation *fn) {
    DenseSet<Operation *> reachable;
    SmallVector<Operation *> worklist(callees.lookup(fn));
    while (!worklist.empty()) {
      Operation *f = worklist.pop_back_val();
      if (reachable.insert(f).second)
        llvm::append_range(worklist, callees.lookup(f));
    }
    return reachable;
  };

  // Summaries of recursive functions, iterated to a fixpoint (a few rounds;
  // the first round sees recursive calls as unknown).
  DenseMap<Operation *, FunctionSummary> summaryMap;
  SmallVector<FunctionOpInterface> recursive;
  for (FunctionOpInterface fn : functions)
    if (reachableFrom(fn).contains(fn))
      recursive.push_back(fn);
  for (int round = 0; round < 4 && !recursive.empty(); ++round) {
    bool changed = false;
    for (FunctionOpInterface fn : recursive) {
      std::vector<LifetimeEvent> scratchEvents;
      std::map<EventKey, uint32_t> scratchIds;
      DenseSet<Operation *> scratchReached;
      AnalysisStats scratchStats;
      FunctionSummary summary;
      FunctionExplorer explorer({ctx, fn, options, scratchEvents, scratchIds,
                                 scratchReached, scratchStats, summaryMap,
                                 &summary});
      explorer.run();
      auto it = summaryMap.find(fn);
      if (it == summaryMap.end() || !(it->second == summary)) {
        summaryMap[fn] = summary;
        changed = true;
      }
    }
    if (!changed)
      break;
  }
  for (FunctionOpInterface fn : recursive)
    summaries.emplace_back(fn.getName().str(), summaryMap[fn]);

  // An exploration that ran out of budget may have taken widened, infeasible
  // paths: its events are kept only when a complete exploration confirms them
  // (the documented fallback: a missed bug rather than a false alarm).
  std::vector<bool> confirmed;
  // True when some caller of `fn` cannot be reached back from `fn` through
  // calls, i.e. `fn` is explored in that caller's context.
  auto calledFromOutsideCycle = [&](FunctionOpInterface fn) {
    DenseSet<Operation *> reachable = reachableFrom(fn);
    return llvm::any_of(callers.lookup(fn), [&](Operation *caller) {
      return caller != fn.getOperation() && !reachable.contains(caller);
    });
  };
  // One exploration of a root function, run on its own (possibly on another
  // thread) and then merged in program order: the result is the same as
  // exploring the roots one after the other.
  struct Exploration {
    FunctionOpInterface fn;
    std::vector<LifetimeEvent> events;
    std::map<EventKey, uint32_t> eventIds;
    DenseSet<Operation *> reached;
    AnalysisStats stats;
  };
  auto explore = [&](Exploration &x, ModuleContext &context,
                     bool deferTeardown) {
    auto explorer = std::make_shared<FunctionExplorer>(ExplorationSetup{
        context, x.fn, options, x.events, x.eventIds, x.reached, x.stats,
        summaryMap, nullptr});
    x.stats.perFunction.push_back(explorer->run());
    if (!explorer->getApproximateWitnesses().empty()) {
      // Witnesses that crossed a merge of paths are searched again without
      // merging, so that every branch decision they show is on one path.
      AnalysisOptions exact = options;
      exact.mergeBooleanStates = false;
      DenseSet<Operation *> scratchReached;
      AnalysisStats scratchStats;
      FunctionExplorer search({context, x.fn, exact, x.events, x.eventIds,
                               scratchReached, scratchStats, summaryMap,
                               nullptr});
      search.refineWitnesses(explorer->getApproximateWitnesses());
      search.run();
    }
    context.releaseCaches();
    // Freeing the states and traces of a large exploration takes about a
    // tenth of its time. An exploration that runs alone hands it to the
    // context's threads, while this thread merges the results (the
    // explorer's parts own their memory; nothing they free is shared with
    // the results).
    if (deferTeardown)
      module->getContext()->getThreadPool().async(
          [explorer = std::move(explorer)]() mutable { explorer.reset(); });
  };
  // Merges an exploration: its events not found by an earlier one are added
  // (the first exploration to find an event owns its witness and verdict),
  // and a complete exploration confirms every event it found.
  auto merge = [&](Exploration &x) {
    const FunctionStats &fs = x.stats.perFunction.front();
    stats.ops += fs.ops;
    stats.buffers += x.stats.buffers;
    stats.unknownEffectOps += x.stats.unknownEffectOps;
    for (const auto &[name, count] : x.stats.unknownEffectOpNames)
      stats.unknownEffectOpNames[name] += count;
    stats.externalCalls += x.stats.externalCalls;
    stats.perFunction.push_back(fs);
    reached.insert(x.reached.begin(), x.reached.end());
    for (LifetimeEvent &event : x.events) {
      auto [it, inserted] =
          eventIds.try_emplace(EventKey{event.kind, event.op}, events.size());
      if (inserted)
        events.push_back(std::move(event));
      confirmed.resize(events.size(), false);
      if (fs.complete)
        confirmed[it->second] = true;
    }
  };
  auto exploreAll = [&](ArrayRef<FunctionOpInterface> roots) {
    std::vector<Exploration> explorations(roots.size());
    for (auto [x, fn] : llvm::zip(explorations, roots))
      x.fn = fn;
    MLIRContext *mlirContext = module->getContext();
    if (roots.size() > 1 && mlirContext->isMultithreadingEnabled()) {
      // Roots in parallel on the context's threads, each thread with caches
      // of its own; the IR is only read.
      // Largest functions first (by op count: pre-order positions of a
      // function's ops are contiguous), so that no thread is left with a
      // large one at the end.
      SmallVector<size_t> order(explorations.size());
      std::iota(order.begin(), order.end(), 0);
      llvm::stable_sort(order, [&](size_t a, size_t b) {
        return numbering.countOps(explorations[a].fn) >
               numbering.countOps(explorations[b].fn);
      });
      std::atomic<size_t> next{0};
      auto worker = [&] {
        ModuleContext context(module, numbering);
        for (size_t i = next++; i < order.size(); i = next++)
          explore(explorations[order[i]], context, /*deferTeardown=*/false);
      };
      llvm::ThreadPoolInterface &pool = mlirContext->getThreadPool();
      llvm::ThreadPoolTaskGroup group(pool);
      size_t workers =
          std::min<size_t>(pool.getMaxConcurrency(), explorations.size());
      for (size_t i = 1; i < workers; ++i)
        group.async(worker);
      worker();
      group.wait();
    } else {
      bool deferTeardown = explorations.size() == 1 &&
                           mlirContext->isMultithreadingEnabled() &&
                           mlirContext->getThreadPool().getMaxConcurrency() > 1;
      for (Exploration &x : explorations)
        explore(x, ctx, deferTeardown);
    }
    for (Exploration &x : explorations)
      merge(x);
  };
  SmallVector<FunctionOpInterface> roots;
  for (FunctionOpInterface fn : functions)
    if (!callers.count(fn))
      roots.push_back(fn);
  exploreAll(roots);
  // Functions only called from each other (recursion with no outside caller)
  // are explored on their own.
  // One at a time: exploring one of them reaches the others.
  for (FunctionOpInterface fn : functions)
    if (!reached.contains(fn) && !calledFromOutsideCycle(fn))
      exploreAll(fn);

  // Every function with a body, also those only analysed from a caller.
  stats.functions = functions.size();
  confirmed.resize(events.size(), false);
  std::vector<LifetimeEvent> kept;
  for (size_t i = 0; i < events.size(); ++i)
    if (confirmed[i])
      kept.push_back(std::move(events[i]));
  events = std::move(kept);

  // Stable order: by the position of the primary op in the module.
  std::stable_sort(events.begin(), events.end(),
                   [&](const LifetimeEvent &a, const LifetimeEvent &b) {
                     return std::make_tuple(ctx.position(a.op), a.kind) <
                            std::make_tuple(ctx.position(b.op), b.kind);
                   });
}

LifetimeAnalysis::~LifetimeAnalysis() = default;

bool FunctionSummary::operator==(const FunctionSummary &other) const {
  if (args != other.args || results.size() != other.results.size())
    return false;
  for (size_t i = 0; i < results.size(); ++i)
    if (results[i].kind != other.results[i].kind ||
        results[i].arg != other.results[i].arg)
      return false;
  return true;
}

void LifetimeAnalysis::print(raw_ostream &os) const {
  for (const LifetimeEvent &event : events) {
    os << stringifyEventKind(event.kind) << " at ";
    event.op->getLoc().print(os);
    os << (event.allPaths ? " on all paths" : " on some path");
    if (event.kind == LifetimeEventKind::InvalidFree) {
      static const char *reasons[] = {"none",      "stack",     "global",
                                      "argument",  "not-owned", "interior-view",
                                      "mismatched-deallocator"};
      os << " reason=" << reasons[(int)event.reason];
    }
    os << "\n";
  }
  static const char *argEffects[] = {"none", "frees", "unknown"};
  static const char *resultKinds[] = {"unknown", "fresh", "alias-of-arg"};
  for (const auto &[name, summary] : summaries) {
    os << "summary @" << name << ":";
    for (auto [i, effect] : llvm::enumerate(summary.args))
      os << " arg" << i << "=" << argEffects[(int)effect];
    for (auto [i, result] : llvm::enumerate(summary.results)) {
      os << " result" << i << "=" << resultKinds[(int)result.kind];
      if (result.kind == FunctionSummary::ResultKind::AliasOfArg)
        os << "(" << result.arg << ")";
    }
    os << "\n";
  }
  for (const FunctionStats &fs : stats.perFunction)
    os << "function @" << fs.name << ": ops=" << fs.ops
       << (fs.complete ? " complete"
                       : " incomplete bound=" + stringifyBound(fs.bound).str())
       << "\n";
}
