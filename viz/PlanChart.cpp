//===- PlanChart.cpp - Address x time chart of a memory plan --------------===//

#include "viz/Diagrams.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace memlint;
using namespace memlint::viz;

/// Chart size in points (1/72 inch).
static constexpr double kWidth = 720, kHeight = 432;

std::string viz::renderPlanDot(llvm::StringRef title,
                               llvm::ArrayRef<PlanBox> boxes) {
  uint64_t lastTime = 1, arenaSize = 1;
  for (const PlanBox &box : boxes) {
    lastTime = std::max(lastTime, box.end);
    arenaSize = std::max(arenaSize, box.offset + box.size);
  }
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

  double xScale = kWidth / double(lastTime);
  double yScale = kHeight / double(arenaSize);
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "digraph \"plan\" {\n";
  os << "  graph [layout=neato, inputscale=72, fontname=\"Helvetica,Arial,sans-serif\", "
        "fontsize=12, labelloc=t, label="
     << quoteDot(title) << "];\n";
  os << "  node [shape=box, style=filled, fixedsize=true, "
        "fontname=\"Helvetica,Arial,sans-serif\", fontsize=9];\n";
  auto pos = [&](double x, double y) {
    std::string s;
    llvm::raw_string_ostream(s) << llvm::format("\"%.2f,%.2f!\"", x, y);
    return s;
  };
  auto inches = [](double points) {
    std::string s;
    llvm::raw_string_ostream(s) << llvm::format("%.4f", points / 72.0);
    return s;
  };
  // Axes: the arena (address, up) and the program points (time, right).
  os << "  axis0 [shape=plaintext, style=\"\", fixedsize=false, label="
     << quoteDot("0") << ", pos=" << pos(-12, -10) << "];\n";
  os << "  axis1 [shape=plaintext, style=\"\", fixedsize=false, label="
     << quoteDot("time (program point) " + std::to_string(lastTime) + " ->")
     << ", pos=" << pos(kWidth - 60, -14) << "];\n";
  os << "  axis2 [shape=plaintext, style=\"\", fixedsize=false, label="
     << quoteDot("address " + std::to_string(arenaSize) + " B") << ", pos="
     << pos(-50, kHeight) << "];\n";
  for (size_t i = 0; i < boxes.size(); ++i) {
    const PlanBox &box = boxes[i];
    double width = std::max(1.0, double(box.end - box.begin) * xScale);
    double height = std::max(1.0, double(box.size) * yScale);
    double x = double(box.begin) * xScale + width / 2;
    double y = double(box.offset) * yScale + height / 2;
    std::string tooltip = box.tooltip;
    if (tooltip.empty())
      tooltip = box.name + ": [" + std::to_string(box.begin) + ", " +
                std::to_string(box.end) + ") at offset " +
                std::to_string(box.offset) + ", " + std::to_string(box.size) +
                " B";
    if (clash[i])
      tooltip += " (overlaps a buffer live at the same time)";
    os << "  p" << i << " [label=" << quoteDot(height >= 10 ? box.name : "")
       << ", pos=" << pos(x, y) << ", width=" << inches(width)
       << ", height=" << inches(height) << ", fillcolor=\""
       << (clash[i] ? "#ef5350" : "#90caf9") << "\", tooltip="
       << quoteDot(tooltip) << "];\n";
  }
  os << "}\n";
  return text;
}
