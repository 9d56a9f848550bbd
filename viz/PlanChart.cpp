//===- PlanChart.cpp - Address x time chart of a memory plan --------------===//

#include "viz/Diagrams.h"

#include "analyzer/Units.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <set>

using namespace memlint;
using namespace memlint::viz;

/// Plot size in points (1/72 inch).
static constexpr double kWidth = 720, kHeight = 432;
/// At most this many rows in the legend, and ticks on the time axis.
static constexpr size_t kMaxLegendRows = 40, kMaxTimeTicks = 16;

namespace {
/// Writes pinned neato nodes.
struct PlanWriter {
  llvm::raw_ostream &os;
  unsigned next = 0;

  static std::string pos(double x, double y) {
    std::string s;
    llvm::raw_string_ostream(s) << llvm::format("\"%.2f,%.2f!\"", x, y);
    return s;
  }
  static std::string inches(double points) {
    std::string s;
    llvm::raw_string_ostream(s) << llvm::format("%.4f", points / 72.0);
    return s;
  }
  /// A text at (x, y); `align` is "l", "r" or "c" (the side the point is
  /// on: the node is shifted by half its estimated width).
  void text(double x, double y, llvm::StringRef label, double fontSize = 9,
            llvm::StringRef color = "black", char align = 'c') {
    double width = 0.55 * fontSize * label.size();
    if (align == 'l')
      x += width / 2;
    else if (align == 'r')
      x -= width / 2;
    os << "  t" << next++ << " [shape=plaintext, style=\"\", fixedsize=true, "
       << "width=" << inches(width) << ", height=" << inches(fontSize + 2)
       << ", fontsize=" << llvm::format("%.0f", fontSize) << ", fontcolor=\"" << color
       << "\", label=" << quoteDot(label) << ", pos=" << pos(x, y) << "];\n";
  }
  /// A filled rectangle [x0, x1] x [y0, y1] with no label.
  void rect(double x0, double y0, double x1, double y1, llvm::StringRef color,
            llvm::StringRef style = "filled") {
    double w = std::max(0.5, x1 - x0), h = std::max(0.5, y1 - y0);
    os << "  t" << next++ << " [label=\"\", shape=box, penwidth=0, style=\""
       << style << "\", fillcolor=\"" << color << "\", width=" << inches(w)
       << ", height=" << inches(h) << ", pos=" << pos(x0 + w / 2, y0 + h / 2)
       << "];\n";
  }
};
} // namespace

/// The tick step of an axis up to `top` bytes: a power of two giving 4 to 8
/// ticks.
static uint64_t tickStep(uint64_t top) {
  uint64_t step = 1;
  while (step <= top / 8)
    step *= 2;
  return step;
}

std::string viz::renderPlanDot(llvm::StringRef title,
                               llvm::ArrayRef<PlanBox> boxes,
                               const PlanChartAxes &axes) {
  uint64_t firstTime = boxes.empty() ? 0 : UINT64_MAX, lastTime = 1;
  uint64_t arenaSize = 1;
  for (const PlanBox &box : boxes) {
    firstTime = std::min(firstTime, box.begin);
    lastTime = std::max(lastTime, box.end);
    arenaSize = std::max(arenaSize, box.offset + box.size);
  }
  if (firstTime >= lastTime)
    firstTime = 0;
  // The address axis reaches the highest of the arena and the peak as
  // written, so both lines show.
  uint64_t top = std::max(arenaSize, axes.writtenPeak.value_or(0));
  // Boxes live at the same time that share addresses.
  std::vector<bool> clash(boxes.size(), false);
  for (size_t i = 0; i < boxes.size(); ++i)
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      const PlanBox &a = boxes[i], &b = boxes[j];
      bool timeOverlap = a.begin < b.end && b.begin < a.end;
      bool addressOverlap =
          a.offset < b.offset + b.size && b.offset < a.offset + a.size;
      if (timeOverlap && addressOverlap)
        clash[i] = clash[j] = true;
    }

  double xScale = kWidth / double(lastTime - firstTime);
  double yScale = kHeight / double(top);
  auto xOf = [&](uint64_t t) { return double(t - firstTime) * xScale; };
  auto yOf = [&](uint64_t bytes) { return double(bytes) * yScale; };
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "digraph \"plan\" {\n";
  os << "  graph [layout=neato, inputscale=72, outputorder=nodesfirst, "
        "fontname=\"Helvetica,Arial,sans-serif\", fontsize=12, labelloc=t, "
        "forcelabels=true, label="
     << quoteDot(title) << "];\n";
  os << "  node [shape=box, style=filled, fixedsize=true, "
        "fontname=\"Helvetica,Arial,sans-serif\", fontsize=9];\n";
  PlanWriter w{os};

  // The address axis: a tick line and label every step, in binary units.
  w.rect(-2, 0, 0, kHeight, "black");
  uint64_t step = tickStep(top);
  for (uint64_t tick = 0; tick <= top; tick += step) {
    w.rect(0, yOf(tick) - 0.25, kWidth, yOf(tick) + 0.25, "#e0e0e0");
    w.text(-6, yOf(tick), tick ? formatBytes(tick) : "0", 8, "black", 'r');
    if (top - tick < step)
      break;
  }
  w.text(-6, kHeight + 16, "address", 9, "black", 'r');
  // The time axis: from the first point a buffer is live to the last.
  // Point t is the slot [t, t + 1); the first and last slot of each box
  // are ticked at their middle (at most kMaxTimeTicks, evenly picked) with
  // the source line of their op (the point after a box may be an implicit
  // terminator, which has the line of its region's op).
  w.rect(0, -2, kWidth, 0, "black");
  std::set<uint64_t> times;
  for (const PlanBox &box : boxes) {
    times.insert(box.begin);
    times.insert(box.end > box.begin ? box.end - 1 : box.begin);
  }
  std::vector<uint64_t> ticks(times.begin(), times.end());
  if (ticks.size() > kMaxTimeTicks) {
    std::vector<uint64_t> picked;
    for (size_t k = 0; k < kMaxTimeTicks; ++k)
      picked.push_back(ticks[k * (ticks.size() - 1) / (kMaxTimeTicks - 1)]);
    ticks = std::move(picked);
  }
  for (uint64_t t : ticks) {
    std::string label = t < axes.pointLines.size()
                            ? "L" + std::to_string(axes.pointLines[t])
                            : std::to_string(t);
    double x = xOf(t) + xScale / 2;
    w.rect(x - 0.25, -6, x + 0.25, 0, "black");
    w.text(x, -14, label, 8);
  }
  w.text(kWidth, -28,
         axes.pointLines.empty() ? "time (program point)"
                                 : "time (source line of the program point)",
         9, "black", 'r');

  // The boxes, numbered; the name inside when it fits.
  for (size_t i = 0; i < boxes.size(); ++i) {
    const PlanBox &box = boxes[i];
    double width = std::max(1.0, double(box.end - box.begin) * xScale);
    double height = std::max(1.5, double(box.size) * yScale);
    double x = xOf(box.begin) + width / 2;
    double y = yOf(box.offset) + height / 2;
    std::string number = "#" + std::to_string(i + 1);
    std::string tooltip = box.tooltip;
    if (tooltip.empty())
      tooltip = box.name + ": [" + std::to_string(box.begin) + ", " +
                std::to_string(box.end) + ") at offset " +
                std::to_string(box.offset) + ", " + std::to_string(box.size) +
                " B";
    if (clash[i])
      tooltip += " (overlaps a buffer live at the same time)";
    std::string inside = number + " " + box.name;
    std::string label, xlabel;
    if (height >= 11 && width >= 5.0 * inside.size())
      label = inside;
    else if (height >= 11 && width >= 5.0 * number.size() + 4)
      label = number;
    else
      xlabel = number;
    os << "  p" << i << " [label=" << quoteDot(label);
    if (!xlabel.empty())
      os << ", xlabel=" << quoteDot(xlabel);
    os << ", pos=" << PlanWriter::pos(x, y)
       << ", width=" << PlanWriter::inches(width)
       << ", height=" << PlanWriter::inches(height) << ", fillcolor=\""
       << (clash[i] ? "#ef5350" : "#90caf9") << "\", tooltip="
       << quoteDot(tooltip) << "];\n";
  }

  // The arena, the lower bound and the peak as written (over the boxes):
  // lines across the
  // plot, their labels right of it at least 11 points apart.
  struct Level {
    uint64_t bytes;
    const char *color, *what;
  };
  std::vector<Level> levels = {{arenaSize, "#1565c0", "planned arena"}};
  if (axes.lowerBound && *axes.lowerBound != arenaSize)
    levels.push_back({*axes.lowerBound, "#2e7d32", "lower bound"});
  if (axes.writtenPeak)
    levels.push_back({*axes.writtenPeak, "#c62828", "peak as written"});
  std::stable_sort(levels.begin(), levels.end(),
                   [](const Level &a, const Level &b) { return a.bytes < b.bytes; });
  double labelY = -1e9;
  for (const Level &l : levels) {
    w.rect(0, yOf(l.bytes) - 0.6, kWidth, yOf(l.bytes) + 0.6, l.color);
    labelY = std::max(yOf(l.bytes), labelY + 11);
    w.text(kWidth + 6, labelY,
           std::string(l.what) + " " + formatBytes(l.bytes), 8, l.color, 'l');
  }

  // The legend: number, name, bytes, live lines, offset.
  if (!boxes.empty()) {
    os << "  legend [shape=plaintext, style=\"\", fixedsize=false, label=<"
       << "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" "
          "CELLPADDING=\"2\"><TR><TD><B>#</B></TD><TD><B>buffer</B></TD>"
          "<TD><B>bytes</B></TD><TD><B>live</B></TD><TD><B>offset</B></TD>"
          "</TR>";
    auto lineOf = [&](uint64_t t) {
      if (t < axes.pointLines.size())
        return "L" + std::to_string(axes.pointLines[t]);
      return std::to_string(t);
    };
    size_t shown = std::min(boxes.size(), kMaxLegendRows);
    for (size_t i = 0; i < shown; ++i) {
      const PlanBox &box = boxes[i];
      os << "<TR><TD>" << i + 1 << "</TD><TD ALIGN=\"LEFT\">"
         << escapeHtml(box.name) << "</TD><TD ALIGN=\"RIGHT\">"
         << escapeHtml(formatBytes(box.size)) << "</TD><TD>"
         << lineOf(box.begin) << "-" << lineOf(box.end ? box.end - 1 : 0)
         << "</TD><TD ALIGN=\"RIGHT\">" << escapeHtml(formatBytes(box.offset))
         << "</TD></TR>";
    }
    if (shown < boxes.size())
      os << "<TR><TD COLSPAN=\"5\"><I>" << boxes.size() - shown
         << " more (their tooltips tell)</I></TD></TR>";
    // Right of the level labels; its centre from its estimated width.
    size_t nameWidth = 6;
    for (size_t i = 0; i < shown; ++i)
      nameWidth = std::max(nameWidth, boxes[i].name.size());
    double legendWidth = 5.5 * (nameWidth + 34);
    os << "</TABLE>>, pos="
       << PlanWriter::pos(kWidth + 120 + legendWidth / 2, kHeight / 2)
       << "];\n";
  }
  os << "}\n";
  return text;
}
