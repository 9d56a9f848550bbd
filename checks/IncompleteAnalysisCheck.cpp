//===- IncompleteAnalysisCheck.cpp - memlint-incomplete -------------------===//
//
// Reads the per-function figures of the lifetime analysis when some check
// ran it; it never starts the analysis itself (with only perf-* checks
// selected there is nothing that could be incomplete). runChecks runs the
// module checks in registry order, so the lifetime-* checks, which start
// the analysis, run before this one.
//
//===----------------------------------------------------------------------===//

#include "checks/IncompleteAnalysisCheck.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace memlint;

/// The bound, as the option that raises it names it.
static std::string describeBound(const FunctionStats &fs) {
  switch (fs.bound) {
  case AnalysisBound::Steps:
    return llvm::formatv("its step budget of {0} op executions (--max-steps)",
                         uint64_t(fs.limit))
        .str();
  case AnalysisBound::StatesPerPoint:
    return llvm::formatv("{0} distinct states at one program point",
                         uint64_t(fs.limit))
        .str();
  case AnalysisBound::Time: {
    std::string text;
    llvm::raw_string_ostream(text)
        << "its time limit of " << llvm::format("%g", fs.limit)
        << " s (--function-time-limit)";
    return text;
  }
  case AnalysisBound::Memory:
    return llvm::formatv(
               "its memory limit of {0} MiB (--function-memory-limit)",
               uint64_t(fs.limit) >> 20)
        .str();
  case AnalysisBound::None:
    break;
  }
  return "a bound";
}

void IncompleteAnalysisCheck::run(const LintContext &context,
                                  std::vector<Finding> &findings) {
  const LifetimeAnalysis *lifetime = context.getLifetimeIfComputed();
  if (!lifetime)
    return;
  for (const FunctionStats &fs : lifetime->getStats().perFunction) {
    if (fs.complete || !fs.function)
      continue;
    std::string message = llvm::formatv(
        "the lifetime analysis of '@{0}' stopped at {1} after {2} op "
        "executions on {3} paths: lifetime findings on the paths it did not "
        "explore may be missing",
        fs.name, describeBound(fs), fs.steps, fs.paths);
    Finding finding = makeFinding(context, fs.function, std::move(message));
    finding.allPaths = true;
    if (fs.stoppedAt && fs.bound != AnalysisBound::StatesPerPoint)
      finding.notes.push_back({context.locate(fs.stoppedAt),
                               "a path was here when the analysis stopped"});
    else if (fs.stoppedAt)
      finding.notes.push_back(
          {context.locate(fs.stoppedAt),
           "paths reaching this point in further states were not explored"});
    findings.push_back(std::move(finding));
  }
}
