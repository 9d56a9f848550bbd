//===- PlanUtil.h - Helpers shared by the planner's files -------*- C++ -*-===//
//
// Owns: the small helpers of the planner's bounds, heuristic and search
// (alignment, overlap in time, height of a plan). Internal to analyzer/.
// Must not touch: anything; pure functions.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_PLANUTIL_H
#define MEMLINT_ANALYZER_PLANUTIL_H

#include "analyzer/MemoryPlan.h"

#include <algorithm>

namespace memlint::plan {

/// `value` rounded up to a multiple of `alignment`.
inline int64_t alignUp(int64_t value, int64_t alignment) {
  if (alignment <= 1)
    return value;
  int64_t rem = value % alignment;
  return rem ? value + (alignment - rem) : value;
}

/// True when the live intervals of `a` and `b` intersect.
inline bool overlapInTime(const PlanBuffer &a, const PlanBuffer &b) {
  return a.lower < b.upper && b.lower < a.upper;
}

/// The top of the highest buffer of a plan.
inline int64_t heightOf(const PlanProblem &problem,
                        const std::vector<int64_t> &offsets) {
  int64_t height = 0;
  for (size_t i = 0; i < problem.buffers.size(); ++i)
    height = std::max(height, offsets[i] + problem.buffers[i].size);
  return height;
}

} // namespace memlint::plan

#endif // MEMLINT_ANALYZER_PLANUTIL_H
