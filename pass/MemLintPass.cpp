//===- MemLintPass.cpp - The memlint pass: findings as diagnostics --------===//

#include "pass/MemLintPass.h"

#include "checks/Aggregation.h"
#include "checks/CheckRegistry.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace memlint;

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

FindingLocator::FindingLocator(Operation *root) : context(root->getContext()) {
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (auto loc = op->getLoc()->findInstanceOf<FileLineColRange>())
      ops.try_emplace({loc.getFilename().str(), loc.getStartLine(),
                       loc.getStartColumn()},
                      op->getLoc());
  });
}

Location FindingLocator::getLocation(const FindingLocation &where,
                                     Location fallback) const {
  const SourceRange &range = where.range;
  if (!range.isValid() || where.file.empty())
    return fallback;
  auto it = ops.find({where.file, range.line, range.column});
  if (it != ops.end())
    return it->second;
  if (range.endLine == range.line && range.endColumn == range.column)
    return FileLineColLoc::get(context, where.file, range.line, range.column);
  return FileLineColRange::get(StringAttr::get(context, where.file),
                               range.line, range.column, range.endLine,
                               range.endColumn);
}

void memlint::emitFindingDiagnostic(const Finding &finding,
                                    const FindingLocator &locator,
                                    Location fallback) {
  Location loc = locator.getLocation(finding.location, fallback);
  InFlightDiagnostic diag = [&] {
    switch (finding.level) {
    case Level::Error:
      return emitError(loc);
    case Level::Warning:
      return emitWarning(loc);
    case Level::Note:
      break;
    }
    return emitRemark(loc);
  }();
  diag << finding.message << " [" << finding.rule << "]";
  for (const FindingNote &note : finding.notes)
    diag.attachNote(locator.getLocation(note.location, loc)) << note.message;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

namespace {
/// Runs the checks on a module and reports their findings as diagnostics.
class MemLintPass
    : public PassWrapper<MemLintPass, OperationPass<ModuleOp>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MemLintPass)

  MemLintPass() = default;
  MemLintPass(const MemLintPass &other) : PassWrapper(other) {}
  explicit MemLintPass(const MemLintPassOptions &options) {
    checks = options.checks;
    failOn = options.failOn;
    checkOptions = options.checkOptions;
  }

  StringRef getArgument() const override { return "memlint"; }
  StringRef getDescription() const override {
    return "Report the memory bugs found by mlir-memlint's checks as "
           "diagnostics (leaks, double frees, uses after free, invalid frees, "
           "performance issues)";
  }

  LogicalResult initialize(MLIRContext *context) override {
    GlobList globs(checks);
    if (auto error = globs.getError())
      return emitError(UnknownLoc::get(context))
             << "memlint: invalid 'checks' glob: " << *error;
    // A selection that enables nothing would pass silently.
    SelectionDiagnosis diagnosis = diagnoseSelection(checks);
    for (const std::string &warning : diagnosis.warnings)
      emitWarning(UnknownLoc::get(context)) << "memlint: " << warning;
    if (diagnosis.enablesNothing)
      return emitError(UnknownLoc::get(context))
             << "memlint: no checks enabled: the pass option checks='"
             << checks << "' matches no check";
    auto level = parseLevel(failOn);
    if (!level)
      return emitError(UnknownLoc::get(context))
             << "memlint: 'fail-on' must be error, warning or note, not '"
             << failOn << "'";
    failLevel = *level;
    enabled = std::move(globs);
    for (const std::string &entry : checkOptions) {
      auto [key, value] = llvm::StringRef(entry).split('=');
      if (key.size() == entry.size())
        return emitError(UnknownLoc::get(context))
               << "memlint: check option '" << entry
               << "' is not of the form 'rule-id.Name=value'";
      CheckOptionDiagnosis diagnosis = diagnoseCheckOption(key, value);
      if (!diagnosis.error.empty())
        return emitError(UnknownLoc::get(context))
               << "memlint: " << diagnosis.error;
      if (!diagnosis.warning.empty())
        emitWarning(UnknownLoc::get(context)) << "memlint: "
                                              << diagnosis.warning;
      options[key.str()] = value.str();
    }
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::string file;
    if (auto loc = module.getLoc()->findInstanceOf<FileLineColRange>())
      file = loc.getFilename().str();
    SourceInfo source(module);
    LintContext lint(module, source, file);
    lint.setWantsFixes(false); // no source text to edit inside a pass
    std::vector<std::unique_ptr<Check>> instances =
        createChecks(*enabled, options);
    std::vector<Finding> findings = runChecks(lint, instances);
    aggregateFindings(findings, getAggregatingRules(instances));
    if (findings.empty()) {
      markAllAnalysesPreserved();
      return;
    }
    FindingLocator locator(module);
    bool failed = false;
    for (const Finding &finding : findings) {
      emitFindingDiagnostic(finding, locator, module.getLoc());
      failed |= finding.level >= failLevel;
    }
    markAllAnalysesPreserved();
    if (failed)
      signalPassFailure();
  }

private:
  Option<std::string> checks{
      *this, "checks",
      llvm::cl::desc("Checks to run, as clang-tidy globs ('-*,lifetime-*')"),
      llvm::cl::init("*")};
  Option<std::string> failOn{
      *this, "fail-on",
      llvm::cl::desc("Lowest finding level that fails the pass: error, "
                     "warning or note"),
      llvm::cl::init("error")};
  ListOption<std::string> checkOptions{
      *this, "check-options",
      llvm::cl::desc("Check options, rule-id.Name=value each (CheckOptions "
                     "of .mlir-memlint.yaml: perf-late-dealloc.Aggregate="
                     "false)")};

  Level failLevel = Level::Error;
  std::optional<GlobList> enabled;
  std::map<std::string, std::string> options;
};
} // namespace

std::unique_ptr<Pass> memlint::createMemLintPass(MemLintPassOptions options) {
  return std::make_unique<MemLintPass>(options);
}

void memlint::registerMemLintPass() { PassRegistration<MemLintPass>(); }
