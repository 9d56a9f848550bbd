//===- Check.h - Base class of all checks -----------------------*- C++ -*-===//
//
// A check turns analysis results into findings. It never runs a fixpoint:
// the analyses of a module are computed once, in the LintContext, and every
// check reads them.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_CHECK_H
#define MEMLINT_CHECKS_CHECK_H

#include "analyzer/AliasClasses.h"
#include "analyzer/LifetimeAnalysis.h"
#include "analyzer/LiveIntervals.h"
#include "analyzer/SourceInfo.h"
#include "checks/Finding.h"

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace memlint {

/// Everything a check may read about one parsed module.
class LintContext {
public:
  LintContext(mlir::Operation *module, const SourceInfo &source,
              std::string filePath, const AnalysisOptions &options = {});

  mlir::Operation *getModule() const { return module; }
  const SourceInfo &getSource() const { return source; }
  llvm::StringRef getFilePath() const { return filePath; }
  /// Whether checks should propose fix-its (they are only worth building
  /// when the driver validates and shows or applies them).
  bool wantsFixes() const { return fixes; }
  void setWantsFixes(bool value) { fixes = value; }
  /// Whether checks should also propose their unsafe fix-its (DESIGN §4:
  /// edits that are right when the analysis is, but change what the
  /// program does with memory in ways a reviewer should see, such as
  /// perf-missed-reuse's reuse of a dead buffer; only with --fix-unsafe).
  bool wantsUnsafeFixes() const { return fixes && unsafeFixes; }
  void setWantsUnsafeFixes(bool value) { unsafeFixes = value; }
  /// The lifetime analysis of the module, computed on first use.
  const LifetimeAnalysis &getLifetime() const;
  /// The numbering the lifetime analysis starts from, when the driver built
  /// it beforehand (beside the verifier).
  void setLifetimeIndex(std::unique_ptr<LifetimeIndex> index) {
    lifetimeIndex = std::move(index);
  }
  /// Whether the op orders of the module are frozen already (see
  /// analyzer/Concurrency.h): runChecks freezes them otherwise.
  bool isOpOrderFrozen() const { return opOrderFrozen; }
  void setOpOrderFrozen() { opOrderFrozen = true; }
  /// The lifetime analysis if some check has asked for it, else null.
  const LifetimeAnalysis *getLifetimeIfComputed() const {
    return lifetime.get();
  }
  /// The options the analyses of this module run with.
  const AnalysisOptions &getOptions() const { return options; }

  /// A location of `op` in this file.
  FindingLocation locate(mlir::Operation *op) const;
  /// The name of the function containing `op` (empty at module level).
  std::string getFunctionName(mlir::Operation *op) const;
  /// The witness path as notes.
  std::vector<FindingNote> describeWitness(const LifetimeEvent &event) const;
  /// Appends a note `message` at `related` unless a note of the witness
  /// already says it there (the witness may not show it: a path merged
  /// with another one, or one past the most steps a witness keeps).
  void addRelatedNote(std::vector<FindingNote> &notes, mlir::Operation *related,
                      llvm::StringRef message) const;

private:
  mlir::Operation *module;
  const SourceInfo &source;
  std::string filePath;
  AnalysisOptions options;
  mutable std::unique_ptr<LifetimeIndex> lifetimeIndex;
  mutable std::unique_ptr<LifetimeAnalysis> lifetime;
  bool fixes = true;
  bool unsafeFixes = false;
  bool opOrderFrozen = false;
};

/// A boolean check option as clang-tidy reads one: true/false (and the
/// other YAML spellings), 1/0; nothing for another value.
std::optional<bool> parseBoolOption(llvm::StringRef value);

/// Base class of checks.
class Check {
public:
  Check(llvm::StringRef name, Level level) : name(name), level(level) {}
  virtual ~Check();

  llvm::StringRef getName() const { return name; }
  Level getLevel() const { return level; }

  /// Appends the findings of this check on one module.
  virtual void run(const LintContext &context,
                   std::vector<Finding> &findings) = 0;

  /// The per-function form of this check, if it has one (see
  /// FunctionCheck).
  virtual class FunctionCheck *asFunctionCheck() { return nullptr; }

  /// True when `run` reads the module's lifetime analysis (LintContext::
  /// getLifetime or getLifetimeIfComputed): runChecks runs these checks one
  /// after the other, in their order, and the others beside them.
  virtual bool readsLifetime() const { return false; }

  /// The options of this check (`CheckOptions`, `rule-id.Name: value`), by
  /// name, with the defaults of its registration (createChecks fills them;
  /// the values are validated there).
  void setOption(llvm::StringRef option, llvm::StringRef value) {
    options[option.str()] = value.str();
  }
  std::optional<std::string> getOption(llvm::StringRef option) const {
    auto it = options.find(option.str());
    if (it == options.end())
      return std::nullopt;
    return it->second;
  }
  /// True when its findings are aggregated per function, rule and memory
  /// space (the option `Aggregate` of the structural perf-* checks).
  bool aggregatesFindings() const;

protected:
  /// Sets the memory space and bytes of `finding` from the type of
  /// `buffer` (the rank of a structural site, see Aggregation.h).
  static void setBufferSize(Finding &finding, mlir::Value buffer);
  /// A finding of this check at `op`, about the buffer `subject` if any.
  Finding makeFinding(const LintContext &context, mlir::Operation *op,
                      std::string message, mlir::Value subject = {}) const;

private:
  std::string name;
  Level level;
  std::map<std::string, std::string> options;
};

/// The analyses of one function that the function checks share, each
/// computed on first use (as MLIR's AnalysisManager does for passes). Used by
/// one thread at a time.
class FunctionAnalyses {
public:
  explicit FunctionAnalyses(mlir::FunctionOpInterface function)
      : function(function) {}

  mlir::FunctionOpInterface getFunction() const { return function; }
  const AliasClasses &getAliasClasses();
  /// Live intervals over the shared alias classes.
  const FunctionLiveIntervals &
  getLiveIntervals(const LiveIntervalOptions &options = {});

private:
  mlir::FunctionOpInterface function;
  std::unique_ptr<AliasClasses> classes;
  /// By the option that changes them (the assumed dynamic dimension).
  std::vector<std::pair<std::optional<int64_t>,
                        std::unique_ptr<FunctionLiveIntervals>>>
      intervals;
};

/// A check that looks at one function at a time (as a function pass does):
/// runChecks gives it every function with a body that is not nested in
/// another function, on several threads when the MLIR context has them, and
/// keeps the findings in function order. `runOnFunction` may only read the
/// IR and the context.
class FunctionCheck : public Check {
public:
  using Check::Check;

  /// Appends the findings of this check on one function.
  virtual void runOnFunction(const LintContext &context,
                             FunctionAnalyses &function,
                             std::vector<Finding> &findings) const = 0;

  /// Every function in turn, on one thread.
  void run(const LintContext &context,
           std::vector<Finding> &findings) override;
  FunctionCheck *asFunctionCheck() override { return this; }
};

/// The functions FunctionCheck::runOnFunction is given: those with a body,
/// not nested in another function, in program order.
std::vector<mlir::FunctionOpInterface> getCheckedFunctions(mlir::Operation *module);

} // namespace memlint

#endif // MEMLINT_CHECKS_CHECK_H
