//===- PlanReport.h - Render memory plans -----------------------*- C++ -*-===//
//
// The output of `mlir-memlint plan`: per function and memory space, the
// buffers with their sizes, live intervals and planned offsets, and the
// figures of the plan (peak as written, lower bound, arena size, savings).
// Plain data, filled by the tool from the analyzer's live intervals and
// memory plan, rendered as a text table or JSON.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_REPORTERS_PLANREPORT_H
#define MEMLINT_REPORTERS_PLANREPORT_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// One buffer of a plan.
struct PlanReportBuffer {
  /// SSA name ("%alloc") or CSV id.
  std::string name;
  /// The memref type, empty for CSV problems.
  std::string type;
  /// Source position of the allocation (0 for CSV problems).
  unsigned line = 0, column = 0;
  std::optional<int64_t> bytes;
  int64_t alignment = 1;
  /// Live interval [lower, upper) over program points.
  int64_t lower = 0, upper = 0;
  /// Planned offset; unset for buffers left out of the plan.
  std::optional<int64_t> offset;
  /// Why the buffer is not planned (empty when planned).
  std::string unplannedReason;
};

/// The plan of one memory space of one function (or of one CSV problem).
struct PlanReportSpace {
  /// The input as given (the table), and relative to --base-dir (JSON).
  std::string file;
  std::string artifactFile;
  /// Empty for CSV problems.
  std::string function;
  std::string space;
  std::vector<PlanReportBuffer> buffers;
  /// Peak bytes with today's deallocs (unset for CSV problems).
  std::optional<int64_t> writtenPeak;
  int64_t lowerBound = 0;
  int64_t arenaSize = 0;
  bool optimal = false;
  double seconds = 0;
  /// The greedy-by-size baseline.
  int64_t greedySize = 0;
  double greedySeconds = 0;
  /// The source line of each program point (not rendered; the chart's
  /// time axis).
  std::vector<unsigned> pointLines;
  /// Planned buffers, and sum of their sizes.
  int64_t plannedBuffers = 0;
  int64_t totalBytes = 0;
};

/// A readable table per function and memory space.
std::string renderPlanText(const std::vector<PlanReportSpace> &spaces);
/// One JSON document: {"version": 1, "tool": "mlir-memlint", "plans": [...]}.
std::string renderPlanJson(const std::vector<PlanReportSpace> &spaces);

} // namespace memlint

#endif // MEMLINT_REPORTERS_PLANREPORT_H
