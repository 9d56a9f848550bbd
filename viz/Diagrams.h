//===- Diagrams.h - Graphviz diagrams of buffer lifetimes -------*- C++ -*-===//
//
// Each diagram is built as DOT text, deterministically (counter-based node
// ids, nodes and edges in text order), so it can be golden-tested; Render.h
// lays it out and renders it in-process with libgvc.
//
//  - lifetime chart: one row per buffer, one column per program point where
//    something happens, cells for allocated / live / live on some paths /
//    used / freed / bugs, a row per witness path, a legend;
//  - CFG diagram: one node per block (a table with one row per op), nested
//    regions as clusters, branch labels, the witness paths in red;
//  - plan chart: address x time boxes of a memory plan (its input is plain
//    intervals, offsets and sizes, so any planner can feed it).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_VIZ_DIAGRAMS_H
#define MEMLINT_VIZ_DIAGRAMS_H

#include "viz/VizModel.h"

#include <optional>
#include <string>
#include <vector>

namespace memlint {
namespace viz {

/// Layout of the lifetime chart.
struct LifetimeChartOptions {
  /// Buffers per page (one table node per page, pages stacked), so large
  /// functions stay readable; each page shows only the program points where
  /// one of its buffers changes state.
  unsigned buffersPerPage = 40;
  /// At most this many buffers (0: all): those with findings, then the
  /// others in text order; a note says how many are left out. Bitmaps of
  /// thousands of rows are neither readable nor quick to rasterize.
  unsigned maxBuffers = 0;
};

/// The lifetime chart of a function as DOT.
std::string renderLifetimeDot(const FunctionModel &model,
                              const LifetimeChartOptions &options = {});

/// Layout of the CFG diagram.
struct CfgDiagramOptions {
  /// Blocks with more ops than this show only the ops that matter (buffer
  /// allocations and frees, findings, witness steps, region ops,
  /// terminators); runs of other ops collapse into one row.
  unsigned maxOpsPerBlock = 60;
  /// At most this many op rows per block (0: no limit); the rest is one
  /// "... N more ops" row.
  unsigned maxRowsPerBlock = 0;
  /// Regions nested deeper than this are drawn inside the deepest cluster
  /// shown, without one of their own (the graph label says so): Graphviz
  /// lays out 1,000 nested clusters in about 50 s.
  unsigned maxClusterDepth = 32;
};

/// The annotated CFG of a function as DOT.
std::string renderCfgDot(const FunctionModel &model,
                         const CfgDiagramOptions &options = {});

/// One buffer of a memory plan: live over [begin, end) in program points,
/// placed at [offset, offset + size) bytes of its arena.
struct PlanBox {
  std::string name;
  uint64_t begin = 0, end = 0;
  uint64_t offset = 0, size = 0;
  /// Shown as the box's tooltip.
  std::string tooltip;
};

/// What the plan chart draws besides the boxes.
struct PlanChartAxes {
  /// The source line of each program point (index), for the time axis; the
  /// points are shown by number without it (a CSV problem).
  std::vector<unsigned> pointLines;
  /// The peak bytes with the deallocs as written, drawn as a dashed line
  /// beside the planned arena (unset: not drawn).
  std::optional<uint64_t> writtenPeak;
  /// The lower bound (the most bytes live at one time), a dotted line.
  std::optional<uint64_t> lowerBound;
};

/// The address x time chart of a memory plan as DOT (neato, pinned
/// positions): the address axis with ticks in binary units, the time axis
/// from the first to the last live point, ticked with source lines, every
/// box numbered (and named when it fits) with a legend, the arena, the
/// lower bound and the peak as written as lines. Boxes of buffers live at
/// the same time whose addresses overlap are drawn in red: the plan is
/// wrong there.
std::string renderPlanDot(llvm::StringRef title, llvm::ArrayRef<PlanBox> boxes,
                          const PlanChartAxes &axes = {});

} // namespace viz
} // namespace memlint

#endif // MEMLINT_VIZ_DIAGRAMS_H
