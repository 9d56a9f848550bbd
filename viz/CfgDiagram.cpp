//===- CfgDiagram.cpp - Blocks, regions and witness paths -----------------===//

#include "viz/Diagrams.h"
#include "analyzer/ControlFlow.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>

using namespace mlir;
using namespace memlint;
using namespace memlint::viz;

/// True for a two-way branch on an i1 (true/false labels).
static bool isConditional(Operation *op) {
  return op->getNumOperands() >= 1 && op->getOperand(0).getType().isInteger(1);
}

/// The label of the edge from `op` to its successor block `index`.
static std::string labelSuccessor(Operation *op, unsigned index) {
  if (op->getNumSuccessors() == 2 && isa<BranchOpInterface>(op) &&
      isConditional(op))
    return index == 0 ? "true" : "false";
  if (op->getNumSuccessors() > 1)
    return "#" + std::to_string(index);
  return "";
}

/// The label of the edge from `op` into its region `index`.
static std::string labelRegion(Operation *op, unsigned index) {
  if (op->getNumRegions() == 2 && isConditional(op))
    return index == 0 ? "true" : "false";
  if (isa<LoopLikeOpInterface>(op) && op->getNumRegions() == 1)
    return "body";
  return "region #" + std::to_string(index);
}

/// The label of the cluster of region `index` of `op`.
static std::string labelCluster(Operation *op, unsigned index,
                                unsigned line) {
  std::string name = op->getName().getStringRef().str() + " (line " +
                     std::to_string(line) + ")";
  if (op->getNumRegions() == 2 && isConditional(op))
    return name + (index == 0 ? " then" : " else");
  if (isa<LoopLikeOpInterface>(op) && op->getNumRegions() == 1)
    return name + " body";
  return name + " region #" + std::to_string(index);
}

std::string viz::renderCfgDot(const FunctionModel &model,
                              const CfgDiagramOptions &options) {
  Operation *function = model.getFunction();
  ArrayRef<ProgramPoint> points = model.getPoints();
  const SourceInfo &source = model.getContext().getSource();

  // What each op is, for its row.
  std::set<unsigned> allocs, frees, witnessOps;
  std::map<unsigned, std::vector<const VizFinding *>> bugs;
  for (const BufferRow &row : model.getBuffers()) {
    if (row.allocPoint)
      allocs.insert(*row.allocPoint);
    frees.insert(row.frees.begin(), row.frees.end());
  }
  // Red edges of the witness paths, by edge (two successors of one branch
  // may be the same block): (op point, successor index) -> findings, and
  // (op point, entry block of a region) -> findings.
  std::map<std::pair<unsigned, unsigned>, std::set<unsigned>> redSuccessors;
  std::map<std::pair<unsigned, Block *>, std::set<unsigned>> redEdges;
  std::map<unsigned, std::set<unsigned>> redBackEdges;
  // Exit edges of region ops the witness leaves a region of: (point of the
  // region op, region) -> findings.
  std::map<std::pair<unsigned, Region *>, std::set<unsigned>> redExits;
  for (const VizFinding &f : model.getFindings()) {
    if (f.point)
      bugs[*f.point].push_back(&f);
    if (f.markPoint)
      witnessOps.insert(*f.markPoint);
    std::map<unsigned, unsigned> entered;
    // The region each step enters, if any.
    std::vector<Region *> enters(f.witness.size(), nullptr);
    for (size_t k = 0; k < f.witness.size(); ++k) {
      const WitnessMark &mark = f.witness[k];
      witnessOps.insert(mark.point);
      Operation *op = points[mark.point].op;
      StringRef label = mark.label;
      // A leak where a region ends (the last reference lost at its
      // terminator): that region's exit edge.
      if (label == "leak" && op->hasTrait<OpTrait::IsTerminator>() &&
          op->getNumSuccessors() == 0 && op->getParentOp() != function)
        if (auto parentPoint = model.lookupPoint(op->getParentOp()))
          redExits[{*parentPoint, op->getParentRegion()}].insert(f.number);
      // Leaving a loop (or skipping it): its exit edges.
      if (label == "exit") {
        for (Region &region : op->getRegions())
          redExits[{mark.point, &region}].insert(f.number);
        continue;
      }
      // A back-edge, or a loop body entered again.
      if (label == "back" || (label == "loop" && ++entered[mark.point] > 1)) {
        redBackEdges[mark.point].insert(f.number);
        if (label == "back")
          continue;
      }
      // The successor or region the step takes.
      std::optional<unsigned> index;
      if (label == "true" || label == "loop")
        index = 0;
      else if (label == "false")
        index = 1;
      else if (unsigned value;
               label.starts_with("#") &&
               !label.drop_front().getAsInteger(10, value))
        index = value;
      if (!index)
        continue;
      if (*index < op->getNumSuccessors())
        redSuccessors[{mark.point, *index}].insert(f.number);
      else if (op->getNumSuccessors() == 0 && *index < op->getNumRegions() &&
               !op->getRegion(*index).empty()) {
        redEdges[{mark.point, &op->getRegion(*index).front()}].insert(
            f.number);
        enters[k] = &op->getRegion(*index);
      }
    }
    // Steps not marked in the witness: consecutive steps in a block and then
    // in one of its successors, when a single edge leads there.
    for (size_t i = 0; i + 1 < f.witness.size(); ++i) {
      Operation *fromOp = points[f.witness[i].point].op;
      Operation *toOp = points[f.witness[i + 1].point].op;
      Block *from = fromOp->getBlock();
      Block *to = toOp->getBlock();
      // A region entered whose op the next step is not in: left by its
      // exit edge.
      if (enters[i] && !fromOp->isAncestor(toOp))
        redExits[{f.witness[i].point, enters[i]}].insert(f.number);
      // Out of nested regions to an op after them: the exit edges of each
      // region left, up to the one whose block the next step is in.
      for (Operation *inner = fromOp; inner && inner != function;
           inner = inner->getParentOp()) {
        Operation *parent = inner->getParentOp();
        if (!parent || parent == function || parent->isAncestor(toOp))
          break;
        if (auto parentPoint = model.lookupPoint(parent))
          redExits[{*parentPoint, inner->getParentRegion()}].insert(f.number);
      }
      if (from == to || from->empty())
        continue;
      Operation *terminator = &from->back();
      auto point = model.lookupPoint(terminator);
      if (!point)
        continue;
      SmallVector<unsigned, 2> edges = getSuccessorIndices(terminator, to);
      if (edges.size() == 1)
        redSuccessors[{*point, edges.front()}].insert(f.number);
    }
  }

  // The deepest nest of regions (a pre-order walk sees parents first).
  unsigned depth = 0;
  llvm::DenseMap<Operation *, unsigned> depthOf;
  function->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == function || !op->getNumRegions())
      return;
    unsigned d = depthOf.lookup(op->getParentOp()) + 1;
    depthOf[op] = d;
    depth = std::max(depth, d);
  });
  bool flattened = depth > options.maxClusterDepth;

  std::string text;
  llvm::raw_string_ostream os(text);
  os << "digraph \"cfg\" {\n";
  os << "  graph [fontname=\"Helvetica,Arial,sans-serif\", fontsize=12, "
        "labelloc=t, label="
     << quoteDot("control flow of @" + model.getName() + " (" +
                 model.getContext().getFilePath().str() + ")" +
                 (flattened ? "; regions nested deeper than " +
                                  std::to_string(options.maxClusterDepth) +
                                  " levels (of " + std::to_string(depth) +
                                  ") are drawn without their own cluster"
                            : std::string()))
     << "];\n";
  os << "  node [shape=plaintext, fontname=\"Helvetica,Arial,sans-serif\", "
        "fontsize=10];\n";
  os << "  edge [fontname=\"Helvetica,Arial,sans-serif\", fontsize=9];\n";

  // Blocks in text order, each with the regions that enclose it.
  std::vector<Block *> blocks;
  function->walk<WalkOrder::PreOrder>(
      [&](Block *block) { blocks.push_back(block); });
  llvm::DenseMap<Block *, unsigned> blockIds;
  for (Block *block : blocks)
    blockIds[block] = blockIds.size();
  auto nodeOf = [&](Block *block) {
    return "b" + std::to_string(blockIds.lookup(block));
  };

  std::vector<Region *> open;
  unsigned clusters = 0;
  std::vector<std::string> edges;
  for (Block *block : blocks) {
    std::vector<Region *> path;
    for (Region *region = block->getParent();
         region && region->getParentOp() != function;
         region = region->getParentOp()->getParentRegion())
      path.push_back(region);
    std::reverse(path.begin(), path.end());
    if (path.size() > options.maxClusterDepth)
      path.resize(options.maxClusterDepth);
    size_t common = 0;
    while (common < open.size() && common < path.size() &&
           open[common] == path[common])
      ++common;
    while (open.size() > common) {
      open.pop_back();
      os << std::string(2 * open.size() + 2, ' ') << "}\n";
    }
    for (size_t i = common; i < path.size(); ++i) {
      Region *region = path[i];
      Operation *owner = region->getParentOp();
      unsigned line = points[*model.lookupPoint(owner)].line;
      std::string indent(2 * open.size() + 2, ' ');
      os << indent << "subgraph cluster_" << clusters++ << " {\n"
         << indent << "  label="
         << quoteDot(labelCluster(owner, region->getRegionNumber(), line))
         << "; style=rounded; color=\"#9e9e9e\";\n";
      open.push_back(region);
    }

    // The block's node: a header and one row per op.
    std::string indent(2 * open.size() + 2, ' ');
    std::string header = source.getBlockName(block);
    if (!StringRef(header).starts_with("^"))
      header = block->isEntryBlock()
                   ? (block->getParent()->getParentOp() == function
                          ? "@" + model.getName() + " entry"
                          : "entry")
                   : "block";
    os << indent << nodeOf(block)
       << " [label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" "
          "CELLPADDING=\"2\"><TR><TD PORT=\"h\" BGCOLOR=\"#e0e0e0\" "
          "ALIGN=\"LEFT\"><B>"
       << escapeHtml(header) << "</B></TD></TR>";
    auto isNotable = [&](Operation &op, unsigned point) {
      return allocs.count(point) || frees.count(point) || bugs.count(point) ||
             witnessOps.count(point) || op.getNumRegions() ||
             op.hasTrait<OpTrait::IsTerminator>();
    };
    bool collapse = std::distance(block->begin(), block->end()) >
                    int64_t(options.maxOpsPerBlock);
    unsigned skipped = 0;
    auto flushSkipped = [&] {
      if (skipped)
        os << "<TR><TD ALIGN=\"LEFT\"><I>... " << skipped << " op"
           << (skipped == 1 ? "" : "s") << " ...</I></TD></TR>";
      skipped = 0;
    };
    unsigned rows = 0, cut = 0;
    for (Operation &op : *block) {
      unsigned point = *model.lookupPoint(&op);
      if (!source.isWritten(&op))
        continue; // implicit terminators
      if (collapse && !isNotable(op, point)) {
        ++skipped;
        continue;
      }
      if (options.maxRowsPerBlock && rows >= options.maxRowsPerBlock &&
          &op != &block->back()) {
        ++cut;
        continue;
      }
      flushSkipped();
      if (cut) {
        os << "<TR><TD ALIGN=\"LEFT\"><I>... " << cut
           << " more ops (all of them in the SVG and DOT) ...</I></TD></TR>";
        cut = 0;
      }
      ++rows;
      const char *background = nullptr;
      std::vector<std::string> messages;
      auto bug = bugs.find(point);
      if (bug != bugs.end()) {
        bool error = false;
        for (const VizFinding *f : bug->second) {
          error |= f->finding->level == Level::Error;
          messages.push_back("#" + std::to_string(f->number) + " " +
                             f->finding->message + " [" + f->finding->rule +
                             "]");
        }
        background = error ? "#ef9a9a" : "#ffe0b2";
      } else if (allocs.count(point)) {
        background = "#c8e6c9";
      } else if (frees.count(point)) {
        background = "#bbdefb";
      }
      std::string line = model.getSourceLine(&op);
      if (line.size() > 72)
        line = line.substr(0, 69) + "...";
      unsigned lineNo = points[point].line;
      os << "<TR><TD PORT=\"p" << point << "\" ALIGN=\"LEFT\"";
      if (background)
        os << " BGCOLOR=\"" << background << "\"";
      os << " HREF=\"" << escapeHtml(model.getHref(lineNo)) << "\" TOOLTIP=\""
         << escapeHtml(messages.empty() ? "line " + std::to_string(lineNo)
                                        : llvm::join(messages, "; "))
         << "\">";
      bool red = witnessOps.count(point) || bug != bugs.end();
      if (red)
        os << "<FONT COLOR=\"#c62828\">";
      os << lineNo << ": " << escapeHtml(line);
      if (bug != bugs.end())
        for (const VizFinding *f : bug->second)
          os << " <B>[#" << f->number << " "
             << escapeHtml(StringRef(f->finding->rule)) << "]</B>";
      if (red)
        os << "</FONT>";
      os << "</TD></TR>";

      // Edges out of this op.
      auto addEdge = [&](Block *target, std::optional<unsigned> successor,
                         std::string label, bool back) {
        auto red = back ? redBackEdges.find(point) : redBackEdges.end();
        std::set<unsigned> numbers;
        if (back) {
          if (red != redBackEdges.end())
            numbers = red->second;
        } else if (successor) {
          if (auto it = redSuccessors.find({point, *successor});
              it != redSuccessors.end())
            numbers = it->second;
        } else if (auto it = redEdges.find({point, target});
                   it != redEdges.end()) {
          numbers = it->second;
        }
        std::string edge = "  ";
        std::string from = nodeOf(block) + ":p" + std::to_string(point);
        if (back)
          edge += nodeOf(target) + " -> " + from;
        else if (target == block) // a loop on the block: right side
          edge += from + ":e -> " + nodeOf(target) + ":h:e";
        else
          edge += from + " -> " + nodeOf(target);
        std::vector<std::string> attrs;
        if (!numbers.empty()) {
          std::vector<std::string> ids;
          for (unsigned n : numbers)
            ids.push_back("#" + std::to_string(n));
          label += (label.empty() ? "" : " ") + ("(" + llvm::join(ids, ",") +
                                                  ")");
          attrs.push_back("color=\"#d32f2f\"");
          attrs.push_back("fontcolor=\"#d32f2f\"");
          attrs.push_back("penwidth=2.5");
        }
        if (!label.empty())
          attrs.push_back("label=" + quoteDot(label));
        if (back)
          attrs.push_back("style=dashed");
        if (!attrs.empty())
          edge += " [" + llvm::join(attrs, ", ") + "]";
        edges.push_back(edge + ";\n");
      };
      for (unsigned i = 0; i < op.getNumSuccessors(); ++i)
        addEdge(op.getSuccessor(i), i, labelSuccessor(&op, i), false);
      for (Region &region : op.getRegions()) {
        if (region.empty())
          continue;
        addEdge(&region.front(), std::nullopt,
                labelRegion(&op, region.getRegionNumber()), false);
        if (isa<LoopLikeOpInterface>(op) && op.getNumRegions() == 1)
          addEdge(&region.back(), std::nullopt, "next iteration", true);
      }
    }
    // The exit edge of a region: from its terminator (the block, for an
    // implicit one) back to the region op, so the path from a free to the
    // bug after the region can be followed. Not for the regions drawn
    // without a cluster of their own (Graphviz took minutes on 1,000 of
    // them).
    Operation *parent = block->getParentOp();
    if (parent && parent != function && !block->empty() &&
        depthOf.lookup(parent) <= options.maxClusterDepth &&
        block->back().hasTrait<OpTrait::IsTerminator>() &&
        block->back().getNumSuccessors() == 0) {
      Operation *terminator = &block->back();
      auto parentPoint = model.lookupPoint(parent);
      auto termPoint = model.lookupPoint(terminator);
      if (parentPoint && parent->getBlock()) {
        std::string from = nodeOf(block);
        if (termPoint && source.isWritten(terminator))
          from += ":p" + std::to_string(*termPoint);
        // Written parent -> region with dir=back, as the back-edges are:
        // the layout keeps the region below its op (an edge up from the
        // region flipped the whole chart, and constraint=false crashes
        // Graphviz 2.42 in the next HTML label it sizes).
        std::string edge = "  " + nodeOf(parent->getBlock()) + ":p" +
                           std::to_string(*parentPoint) + ":e -> " + from;
        std::vector<std::string> attrs = {"dir=back", "style=dotted",
                                          "arrowtail=empty"};
        std::string label = "exit";
        auto red = redExits.find({*parentPoint, block->getParent()});
        if (red != redExits.end()) {
          std::vector<std::string> ids;
          for (unsigned n : red->second)
            ids.push_back("#" + std::to_string(n));
          label += " (" + llvm::join(ids, ",") + ")";
          attrs = {"dir=back", "style=bold", "color=\"#d32f2f\"",
                   "fontcolor=\"#d32f2f\"", "penwidth=2.5", "arrowtail=empty"};
        } else {
          attrs.push_back("color=\"#757575\"");
          attrs.push_back("fontcolor=\"#757575\"");
        }
        attrs.push_back("label=" + quoteDot(label));
        edges.push_back(edge + " [" + llvm::join(attrs, ", ") + "];\n");
      }
    }
    flushSkipped();
    if (cut)
      os << "<TR><TD ALIGN=\"LEFT\"><I>... " << cut
         << " more ops (all of them in the SVG and DOT) ...</I></TD></TR>";
    os << "</TABLE>>];\n";
  }
  while (!open.empty()) {
    open.pop_back();
    os << std::string(2 * open.size() + 2, ' ') << "}\n";
  }
  for (const std::string &edge : edges)
    os << edge;
  os << "}\n";
  return text;
}
