//===- Aggregation.h - One structural finding per function ------*- C++ -*-===//
//
// A structural perf-* check (perf-late-dealloc, perf-loop-invariant-alloc,
// perf-missed-reuse) finds one site per buffer; a generated program gets
// thousands of them. By default they are aggregated (DESIGN.md section 3):
// at most one finding per function, rule and memory space, at the worst
// site (most bytes), with every other site as a note ranked by bytes and
// every site's fix-it merged into one. The check option
// `<rule>.Aggregate: false` keeps one finding per site.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_AGGREGATION_H
#define MEMLINT_CHECKS_AGGREGATION_H

#include "checks/Finding.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace memlint {

class Check;

/// Merges, among `findings` (sorted), those of the rules in `rules` that
/// share a function and a memory space into one finding each; the result is
/// sorted again.
void aggregateFindings(std::vector<Finding> &findings,
                       llvm::ArrayRef<std::string> rules);

/// The rules of `checks` that aggregate their findings (see
/// Check::aggregatesFindings).
std::vector<std::string>
getAggregatingRules(llvm::ArrayRef<std::unique_ptr<Check>> checks);

} // namespace memlint

#endif // MEMLINT_CHECKS_AGGREGATION_H
