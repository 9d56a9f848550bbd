//===- Check.h - Base class of all checks -----------------------*- C++ -*-===//
//
// A check turns analysis results into findings. It never runs a fixpoint:
// the analyses of a module are computed once, in the LintContext, and every
// check reads them.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_CHECK_H
#define MEMLINT_CHECKS_CHECK_H

#include "analyzer/LifetimeAnalysis.h"
#include "analyzer/SourceInfo.h"
#include "checks/Finding.h"

#include "mlir/IR/Operation.h"

#include <memory>
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
  /// The lifetime analysis of the module, computed on first use.
  const LifetimeAnalysis &getLifetime() const;
  /// The options the analyses of this module run with.
  const AnalysisOptions &getOptions() const { return options; }

  /// A location of `op` in this file.
  FindingLocation locate(mlir::Operation *op) const;
  /// The name of the function containing `op` (empty at module level).
  std::string getFunctionName(mlir::Operation *op) const;
  /// The witness path as notes.
  std::vector<FindingNote> describeWitness(const LifetimeEvent &event) const;

private:
  mlir::Operation *module;
  const SourceInfo &source;
  std::string filePath;
  AnalysisOptions options;
  mutable std::unique_ptr<LifetimeAnalysis> lifetime;
  bool fixes = true;
};

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

protected:
  /// A finding of this check at `op`, about the buffer `subject` if any.
  Finding makeFinding(const LintContext &context, mlir::Operation *op,
                      std::string message, mlir::Value subject = {}) const;

private:
  std::string name;
  Level level;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_CHECK_H
