//===- MemoryPlan.h - Arena planning of buffers with live intervals -*- C++ -*-===//
//
// The static memory-allocation problem of DESIGN §6, independent of MLIR:
// buffers with half-open live intervals [lower, upper), byte sizes and
// alignments get offsets in one arena so that no two buffers live at the same
// time overlap in address. The arena height is bounded below by the largest
// number of bytes live at one time (the lower bound).
//
// Two planners:
//  - greedyBySize: a constructive best-fit heuristic (largest buffer first,
//    placed in the smallest gap between the already-placed buffers it
//    overlaps in time);
//  - planArena: the greedy plan, then an exact branch-and-bound search for a
//    plan that fits in a capacity C: first C = the lower bound (a plan there
//    is optimal), then bisection between the highest capacity that failed
//    and the best plan, within a time budget. The search explores the
//    canonical solution space: every buffer is placed at its minimum offset
//    (the top of the already-placed buffers it overlaps), buffers are placed
//    in non-decreasing offset order, and a branch is pruned when some
//    interval section cannot hold its unplaced buffers above its floor, or
//    when it would leave a gap another buffer must fill (dominance). A
//    portfolio of static buffer orders is tried round robin with a growing
//    node limit.
//
// validatePlan checks any plan before it is reported.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_MEMORYPLAN_H
#define MEMLINT_ANALYZER_MEMORYPLAN_H

#include <cstdint>
#include <string>
#include <vector>

namespace memlint {

/// One buffer of a planning problem.
struct PlanBuffer {
  /// A name for reports (the CSV id, or the SSA name of the allocation).
  std::string id;
  /// Live on the half-open interval [lower, upper) of program points.
  int64_t lower = 0;
  int64_t upper = 0;
  /// Bytes, and the alignment of its offset (a power of two, at least 1).
  int64_t size = 0;
  int64_t alignment = 1;
};

/// Buffers to place in one arena.
struct PlanProblem {
  std::vector<PlanBuffer> buffers;
};

/// Offsets for the buffers of a problem, with how they were found.
struct Plan {
  /// offsets[i] is the offset of problem.buffers[i].
  std::vector<int64_t> offsets;
  /// max(offset + size): the arena size.
  int64_t height = 0;
  /// The height equals the lower bound, or the search proved that no
  /// smaller capacity is feasible.
  bool optimal = false;
  /// Branch-and-bound nodes visited.
  int64_t nodes = 0;
  /// Wall-clock seconds spent planning.
  double seconds = 0;
  /// The buffers together need more than INT64_MAX bytes (with alignment
  /// padding): no plan (offsets empty, height INT64_MAX). See planSizesFit.
  bool overflows = false;
};

/// Options of planArena.
struct PlanOptions {
  /// Wall-clock budget of the exact search, in seconds (0: greedy only).
  double timeLimitSeconds = 1.0;
};

/// True when the sum of all sizes plus alignment padding fits in int64_t.
/// Then no offset, top or sum the planner and the validator compute can
/// overflow (every one is at most that sum); otherwise there is no plan.
bool planSizesFit(const std::vector<PlanBuffer> &buffers);

/// The largest number of bytes live at one program point; INT64_MAX (more
/// than any budget) when the sizes do not fit (planSizesFit).
int64_t planLowerBound(const PlanProblem &problem);

/// The sum of all buffer sizes (the height with no reuse at all); INT64_MAX
/// when it does not fit.
int64_t planTotalBytes(const PlanProblem &problem);

/// The largest sum of sizes of live buffers at one point, counting each buffer
/// live on [lower, upper): the same as planLowerBound, exposed for callers
/// that compute the peak of a different interval set.
int64_t peakLiveBytes(const std::vector<PlanBuffer> &buffers);

/// Greedy by size, best fit. Always succeeds.
Plan greedyBySize(const PlanProblem &problem);

/// Tries to place every buffer below `capacity`, exploring at most until
/// `deadlineSeconds` (a steady-clock time from planClockSeconds()). Returns
/// true and fills `offsets` when a plan was found; `exhausted` is set when
/// the search space was explored completely without a plan (infeasible).
bool solveAtCapacity(const PlanProblem &problem, int64_t capacity,
                     double deadlineSeconds, std::vector<int64_t> &offsets,
                     bool &exhausted, int64_t &nodes);

/// The greedy plan improved by the exact search within the time budget
/// (Plan::overflows when the sizes do not fit).
Plan planArena(const PlanProblem &problem, const PlanOptions &options = {});

/// Checks a plan: one aligned, non-negative offset per buffer, no two buffers
/// live at the same time overlap in address, and `height` is the real top.
/// On failure, returns false and says why in `error`.
bool validatePlan(const PlanProblem &problem,
                  const std::vector<int64_t> &offsets, int64_t height,
                  std::string &error);

/// The steady clock in seconds, for deadlines.
double planClockSeconds();

/// Parses MiniMalloc's CSV format (header `id,lower,upper,size` with
/// optional `alignment` and `offset` columns). Returns false and an error message on bad
/// input. Offsets, when present, go to `offsets` (else it is left empty).
bool parsePlanCsv(const std::string &text, PlanProblem &problem,
                  std::vector<int64_t> &offsets, std::string &error);

/// Writes MiniMalloc's CSV format; with an alignment column when some buffer
/// needs one, and offsets when `offsets` is not empty.
std::string writePlanCsv(const PlanProblem &problem,
                         const std::vector<int64_t> &offsets);

} // namespace memlint

#endif // MEMLINT_ANALYZER_MEMORYPLAN_H
