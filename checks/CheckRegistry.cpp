//===- CheckRegistry.cpp - The list of checks and how to select them -----===//

#include "checks/CheckRegistry.h"
#include "checks/SharedCauses.h"
#include "analyzer/Concurrency.h"

#include "checks/AllocaInLoopCheck.h"
#include "checks/DoubleFreeCheck.h"
#include "checks/IncompleteAnalysisCheck.h"
#include "checks/InvalidFreeCheck.h"
#include "checks/LateDeallocCheck.h"
#include "checks/LeakCheck.h"
#include "checks/LoopInvariantAllocCheck.h"
#include "checks/MissedReuseCheck.h"
#include "checks/NolintCheck.h"
#include "checks/PeakOverBudgetCheck.h"
#include "checks/UseAfterFreeCheck.h"

#include "mlir/IR/Threading.h"
#include "llvm/Support/ThreadPool.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <numeric>
#include <optional>

using namespace memlint;

template <typename T> static std::unique_ptr<Check> make() {
  return std::make_unique<T>();
}

// The option of the structural perf-* checks (Aggregation.h).
static const CheckOptionInfo kAggregateOptions[] = {
    {"Aggregate", "true", "bool",
     "one finding per function and memory space, at the site with the most "
     "bytes, the other sites as notes and their fix-its merged; false: one "
     "finding per site"}};

// One registration line per check, kept sorted by name.
static const CheckInfo kChecks[] = {
    {"lifetime-alloca-in-loop", Level::Warning,
     "memref.alloca in a loop that is not an allocation scope: the stack "
     "grows on every iteration",
     "correctness,memory", "very-high", make<AllocaInLoopCheck>},
    {"lifetime-double-free", Level::Error,
     "a buffer is freed again (through any alias) after it was freed",
     "correctness,memory,security", "high", make<DoubleFreeCheck>},
    {"lifetime-invalid-free", Level::Error,
     "a dealloc of memory the function does not own, or by the wrong "
     "deallocator",
     "correctness,memory", "high", make<InvalidFreeCheck>},
    {"lifetime-leak", Level::Error,
     "a buffer is neither freed nor escapes on some path",
     "correctness,memory", "high", make<LeakCheck>},
    {"lifetime-use-after-free", Level::Error,
     "a buffer is read, written, passed or returned after it was freed",
     "correctness,memory,security", "high", make<UseAfterFreeCheck>},
    // After the lifetime-* checks, which run the analysis it reads (module
    // checks run in this order).
    {"memlint-incomplete", Level::Warning,
     "the lifetime analysis of a function stopped at a bound (steps, states, "
     "time, memory): findings on the paths it did not explore may be missing",
     "reliability", "very-high", make<IncompleteAnalysisCheck>},
    {"memlint-nolint", Level::Error,
     "a NOLINTBEGIN comment without its NOLINTEND, a NOLINTEND without its "
     "NOLINTBEGIN, or a malformed NOLINT check list",
     "maintainability", "very-high", make<NolintCheck>},
    {"perf-late-dealloc", Level::Warning,
     "a dealloc placed after the buffer and all its aliases are dead, while "
     "another allocation happens: peak memory is higher than needed",
     "performance,memory", "high", make<LateDeallocCheck>, kAggregateOptions},
    {"perf-loop-invariant-alloc", Level::Warning,
     "an alloc/dealloc pair of a loop-invariant size on every iteration of a "
     "sequential loop: hoisting saves N-1 allocations",
     "performance,memory", "high", make<LoopInvariantAllocCheck>, kAggregateOptions},
    {"perf-missed-reuse", Level::Warning,
     "a buffer allocated after another buffer of the same memory space, at "
     "least as large, is dead: one allocation could serve both",
     "performance,memory", "high", make<MissedReuseCheck>, kAggregateOptions},
    {"perf-peak-over-budget", Level::Error,
     "the planned peak bytes of a memory space in a function exceed the "
     "configured budget (--memory-budget SPACE=BYTES, MemoryBudgets)",
     "performance,memory", "high", make<PeakOverBudgetCheck>},
};

llvm::ArrayRef<CheckInfo> memlint::getRegisteredChecks() { return kChecks; }

const CheckInfo *memlint::lookupCheck(llvm::StringRef name) {
  for (const CheckInfo &info : kChecks)
    if (info.name == name)
      return &info;
  return nullptr;
}

namespace {
struct DocEntry {
  const char *name;
  const char *text;
};
} // namespace

static const DocEntry kDocs[] = {
#include "CheckDocs.inc"
    {nullptr, nullptr}};

llvm::StringRef memlint::getCheckDocumentation(llvm::StringRef name) {
  for (const DocEntry &doc : kDocs)
    if (doc.name && name == doc.name)
      return doc.text;
  return "";
}

GlobList::GlobList(llvm::StringRef globs) {
  llvm::SmallVector<llvm::StringRef> parts;
  globs.split(parts, ',', -1, false);
  for (llvm::StringRef part : parts) {
    part = part.trim();
    if (part.empty())
      continue;
    bool positive = !part.consume_front("-");
    auto text = std::make_shared<const std::string>(part.trim().str());
    auto pattern = llvm::GlobPattern::create(*text);
    if (!pattern) {
      llvm::consumeError(pattern.takeError());
      if (!error)
        error = part.str();
      continue;
    }
    items.push_back({positive, std::move(text), std::move(*pattern)});
  }
}

bool GlobList::contains(llvm::StringRef name) const {
  bool result = false;
  for (const Item &item : items)
    if (item.pattern.match(name))
      result = item.positive;
  return result;
}

std::vector<std::string>
GlobList::getUnmatchedGlobs(llvm::ArrayRef<llvm::StringRef> names) const {
  std::vector<std::string> unmatched;
  for (const Item &item : items)
    if (llvm::none_of(names,
                      [&](llvm::StringRef n) { return item.pattern.match(n); }))
      unmatched.push_back(*item.text);
  return unmatched;
}

std::optional<llvm::StringRef> memlint::suggestCheck(llvm::StringRef text) {
  // The start of a rule id (perf-lat for perf-late-dealloc): that rule.
  if (text.size() >= 4)
    for (const CheckInfo &info : kChecks)
      if (info.name.starts_with(text))
        return info.name;
  llvm::SmallVector<llvm::StringRef> names;
  for (const CheckInfo &info : kChecks)
    names.push_back(info.name);
  return findClosestName(text, names);
}

std::optional<llvm::StringRef>
memlint::findClosestName(llvm::StringRef name,
                         llvm::ArrayRef<llvm::StringRef> candidates) {
  std::optional<llvm::StringRef> best;
  unsigned bestDistance = 0;
  for (llvm::StringRef candidate : candidates) {
    unsigned distance = name.edit_distance(candidate, /*AllowReplacements=*/true,
                                           /*MaxEditDistance=*/8);
    if (!best || distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // Close enough: a third of the name at most (a typo, not another word).
  if (best && bestDistance <= std::max<size_t>(2, name.size() / 3))
    return best;
  return std::nullopt;
}

SelectionDiagnosis memlint::diagnoseSelection(llvm::StringRef globs) {
  SelectionDiagnosis result;
  GlobList list(globs);
  std::vector<llvm::StringRef> names;
  for (const CheckInfo &info : kChecks)
    names.push_back(info.name);
  for (const std::string &glob : list.getUnmatchedGlobs(names)) {
    std::string warning = "check glob '" + glob + "' matches no check";
    // Suggest for a rule id; a pattern is compared without its '*'.
    std::string bare = llvm::StringRef(glob).rtrim("*").str();
    if (auto suggestion = suggestCheck(bare))
      warning += "; did you mean '" + suggestion->str() + "'?";
    else
      warning += "; see --list-checks";
    result.warnings.push_back(std::move(warning));
  }
  result.enablesNothing = llvm::none_of(
      names, [&](llvm::StringRef name) { return list.contains(name); });
  return result;
}

CheckOptionDiagnosis memlint::diagnoseCheckOption(llvm::StringRef key,
                                                  llvm::StringRef value) {
  CheckOptionDiagnosis result;
  auto [rule, option] = key.rsplit('.');
  if (option.empty() || rule == key) {
    result.error = "check option '" + key.str() +
                   "' is not of the form 'rule-id.OptionName'";
    return result;
  }
  const CheckInfo *info = lookupCheck(rule);
  if (!info) {
    result.error = "check option '" + key.str() +
                   "' names an unknown check '" + rule.str() + "'";
    if (auto suggestion = suggestCheck(rule))
      result.error += "; did you mean '" + suggestion->str() + "'?";
    else
      result.error += "; see --list-checks";
    return result;
  }
  for (const CheckOptionInfo &known : info->options)
    if (known.name == option) {
      if (known.kind == "bool" && !parseBoolOption(value))
        result.error = "check option '" + key.str() + "' must be true or "
                       "false, not '" + value.str() + "'";
      return result;
    }
  std::vector<llvm::StringRef> names;
  for (const CheckOptionInfo &known : info->options)
    names.push_back(known.name);
  result.warning = "unknown check option '" + key.str() + "' is ignored";
  if (auto closest = findClosestName(option, names))
    result.warning += "; did you mean '" + rule.str() + "." +
                      closest->str() + "'?";
  else if (names.empty())
    result.warning += ": " + rule.str() + " has no options";
  else
    result.warning += ": the options of " + rule.str() + " are " +
                      llvm::join(names, ", ");
  return result;
}

std::vector<std::unique_ptr<Check>>
memlint::createChecks(const GlobList &checks,
                      const std::map<std::string, std::string> &options) {
  std::vector<std::unique_ptr<Check>> result;
  for (const CheckInfo &info : kChecks) {
    if (!checks.contains(info.name))
      continue;
    std::unique_ptr<Check> check = info.create();
    for (const CheckOptionInfo &option : info.options) {
      std::string key = info.name.str() + "." + option.name.str();
      auto it = options.find(key);
      bool valid = it != options.end() &&
                   diagnoseCheckOption(key, it->second).error.empty();
      check->setOption(option.name,
                       valid ? llvm::StringRef(it->second) : option.defaultValue);
    }
    result.push_back(std::move(check));
  }
  return result;
}

/// Sorts `findings` as std::stable_sort by operator< would, moving each
/// finding once (a finding is large; a merge sort moves each element log n
/// times) and comparing files by their rank among the files named (one or a
/// few) rather than by their paths.
static void sortFindings(std::vector<Finding> &findings) {
  std::vector<llvm::StringRef> files;
  for (const Finding &f : findings)
    if (files.empty() || files.back() != f.location.file)
      files.push_back(f.location.file);
  llvm::sort(files);
  files.erase(std::unique(files.begin(), files.end()), files.end());
  struct Key {
    uint32_t file, line, column, index;
  };
  std::vector<Key> keys;
  keys.reserve(findings.size());
  for (size_t i = 0; i < findings.size(); ++i) {
    const FindingLocation &at = findings[i].location;
    keys.push_back({uint32_t(llvm::lower_bound(files, at.file) - files.begin()),
                    uint32_t(at.range.line), uint32_t(at.range.column),
                    uint32_t(i)});
  }
  std::stable_sort(keys.begin(), keys.end(), [&](const Key &a, const Key &b) {
    if (a.file != b.file || a.line != b.line || a.column != b.column)
      return std::tie(a.file, a.line, a.column) <
             std::tie(b.file, b.line, b.column);
    const Finding &x = findings[a.index], &y = findings[b.index];
    return std::tie(x.rule, x.message) < std::tie(y.rule, y.message);
  });
  std::vector<uint32_t> order;
  order.reserve(keys.size());
  for (const Key &key : keys)
    order.push_back(key.index);
  std::vector<Finding> sorted;
  sorted.reserve(findings.size());
  for (uint32_t i : order)
    sorted.push_back(std::move(findings[i]));
  findings = std::move(sorted);
}

std::vector<Finding>
memlint::runChecks(const LintContext &context,
                   llvm::ArrayRef<std::unique_ptr<Check>> checks) {
  std::vector<Check *> perModule;
  std::vector<const FunctionCheck *> perFunction;
  for (const auto &check : checks) {
    if (const FunctionCheck *fc = check->asFunctionCheck())
      perFunction.push_back(fc);
    else
      perModule.push_back(check.get());
  }
  // The findings of each module check, appended in the checks' order
  // whichever thread ran them.
  std::vector<std::vector<Finding>> moduleFound(perModule.size());
  auto runModuleChecks = [&](bool lifetime) {
    for (size_t c = 0; c < perModule.size(); ++c)
      if (perModule[c]->readsLifetime() == lifetime)
        perModule[c]->run(context, moduleFound[c]);
  };
  mlir::Operation *module = context.getModule();
  mlir::MLIRContext *ctx = module->getContext();
  // Function checks: functions in parallel (on the context's threads, as
  // the pass manager runs function passes), findings in a fixed order.
  // The module checks run at the same time: first those that read the
  // lifetime analysis (itself parallel over root functions), the longest
  // task, then the others on another thread, so that no thread is idle
  // while another finishes its largest function.
  std::vector<mlir::FunctionOpInterface> functions;
  if (!perFunction.empty()) {
    functions = getCheckedFunctions(module);
    if (!context.isOpOrderFrozen())
      freezeOpOrder(module);
  }
  std::optional<llvm::ThreadPoolTaskGroup> moduleTasks;
  if (ctx->isMultithreadingEnabled() && !perFunction.empty()) {
    moduleTasks.emplace(ctx->getThreadPool());
    moduleTasks->async([&] { runModuleChecks(/*lifetime=*/true); });
    moduleTasks->async([&] { runModuleChecks(/*lifetime=*/false); });
  } else {
    runModuleChecks(/*lifetime=*/true);
    runModuleChecks(/*lifetime=*/false);
  }
  std::vector<std::vector<std::vector<Finding>>> found(
      functions.size(), std::vector<std::vector<Finding>>(perFunction.size()));
  mlir::parallelFor(ctx, 0, functions.size(), [&](size_t i) {
    FunctionAnalyses analyses(functions[i]);
    for (size_t c = 0; c < perFunction.size(); ++c)
      perFunction[c]->runOnFunction(context, analyses, found[i][c]);
  });
  if (moduleTasks)
    moduleTasks->wait();
  // Module checks first, as they were run before the function checks, then
  // the function checks in their order, each over the functions in order.
  std::vector<Finding> all;
  size_t total = 0;
  for (auto &list : moduleFound)
    total += list.size();
  for (auto &perCheck : found)
    for (auto &list : perCheck)
      total += list.size();
  all.reserve(total);
  for (auto &list : moduleFound)
    for (Finding &f : list)
      all.push_back(std::move(f));
  for (size_t c = 0; c < perFunction.size(); ++c)
    for (auto &perCheck : found)
      for (Finding &f : perCheck[c])
        all.push_back(std::move(f));
  sortFindings(all);
  linkSharedCauses(all);
  return all;
}
