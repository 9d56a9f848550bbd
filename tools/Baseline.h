//===- Baseline.h - Findings accepted by an earlier SARIF log --*- C++ -*-===//
//
// A baseline is a SARIF log written by mlir-memlint (--write-baseline or
// --sarif). A finding is in the baseline when a result there has the same
// rule and the same semantic fingerprint; such findings are "unchanged" and
// do not fail the gate, the others are "new". Baseline results no longer
// found are counted (and reported on stderr), not emitted as "absent".
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_BASELINE_H
#define MEMLINT_TOOLS_BASELINE_H

#include "reporters/Reporters.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <utility>

namespace memlint {

class Baseline {
public:
  /// Reads a SARIF log; fails when it is not JSON or not a SARIF log.
  static llvm::Expected<Baseline> load(llvm::StringRef path);
  /// Builds a baseline from SARIF text; `source` names it in errors.
  static llvm::Expected<Baseline> parse(llvm::StringRef text,
                                        llvm::StringRef source);

  /// Sets the baselineState of every unsuppressed finding. Returns how many
  /// baseline results matched no finding (fixed or gone since).
  size_t classify(std::vector<ReportedFinding> &findings) const;

  /// How many results the baseline holds.
  size_t size() const;

private:
  /// (rule, semantic fingerprint) -> how many results have it.
  std::map<std::pair<std::string, std::string>, size_t> entries;
};

} // namespace memlint

#endif // MEMLINT_TOOLS_BASELINE_H
