//===- LifetimeChart.cpp - Buffers x program points -----------------------===//

#include "viz/Diagrams.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace mlir;
using namespace memlint;
using namespace memlint::viz;

namespace {
/// How a cell kind is drawn.
struct CellStyle {
  const char *background; ///< null: no fill
  const char *text;       ///< the cell's label
  bool whiteText;
};
} // namespace

static CellStyle getStyle(CellKind kind) {
  switch (kind) {
  case CellKind::None:
    return {nullptr, "", false};
  case CellKind::Alloc:
    return {"#2e7d32", "alloc", true};
  case CellKind::Live:
    return {"#c8e6c9", "", false};
  case CellKind::DeadNotFreed:
    return {"#bdbdbd", "", false};
  case CellKind::MaybeLive:
    return {"#fff59d", "", false};
  case CellKind::Use:
    return {"#81c784", "use", false};
  case CellKind::Free:
    return {"#64b5f6", "free", false};
  case CellKind::Freed:
    return {"#eceff1", "freed", false};
  case CellKind::Leak:
    return {"#fb8c00", "leak", true};
  case CellKind::UseAfterFree:
    return {"#e53935", "UAF", true};
  case CellKind::DoubleFree:
    return {"#e53935", "free x2", true};
  case CellKind::InvalidFree:
    return {"#e53935", "bad free", true};
  }
  return {nullptr, "", false};
}

/// `text` cut to `max` characters.
static std::string shorten(StringRef text, size_t max) {
  if (text.size() <= max)
    return text.str();
  return text.take_front(max - 3).str() + "...";
}

/// Writes one table cell (`sites`: the aggregated findings it is another
/// site of, numbered under its label).
static void writeCell(llvm::raw_ostream &os, CellKind kind, unsigned span,
                      StringRef tooltip, StringRef href,
                      ArrayRef<unsigned> sites = {}) {
  CellStyle style = getStyle(kind);
  os << "<TD";
  if (span > 1)
    os << " COLSPAN=\"" << span << "\"";
  if (style.background)
    os << " BGCOLOR=\"" << style.background << "\"";
  if (!tooltip.empty())
    os << " TOOLTIP=\"" << escapeHtml(tooltip) << "\"";
  if (!href.empty())
    os << " HREF=\"" << escapeHtml(href) << "\"";
  os << ">";
  if (*style.text) {
    if (style.whiteText)
      os << "<FONT COLOR=\"white\">" << style.text << "</FONT>";
    else
      os << style.text;
  }
  if (!sites.empty()) {
    std::vector<std::string> numbers;
    for (unsigned number : sites)
      numbers.push_back("#" + std::to_string(number));
    os << "<BR/><FONT POINT-SIZE=\"8\""
       << (style.whiteText ? " COLOR=\"white\"" : "") << ">also "
       << llvm::join(numbers, " ") << "</FONT>";
  }
  os << "</TD>";
}

/// The legend: one cell per kind.
static void writeLegend(llvm::raw_ostream &os) {
  os << "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" "
        "CELLPADDING=\"3\"><TR><TD BORDER=\"0\"><B>legend</B></TD>";
  for (CellKind kind :
       {CellKind::Alloc, CellKind::Live, CellKind::Use, CellKind::DeadNotFreed,
        CellKind::MaybeLive,
        CellKind::Free, CellKind::Freed, CellKind::Leak, CellKind::UseAfterFree,
        CellKind::DoubleFree, CellKind::InvalidFree}) {
    writeCell(os, kind, 1, describeCell(kind), "");
    os << "<TD BORDER=\"0\" ALIGN=\"LEFT\">" << describeCell(kind) << "</TD>";
  }
  os << "</TR></TABLE>";
}

/// The findings of the function, one per row.
/// The table of findings; at most `limit` rows (0: all), errors first, in a
/// bitmap that must stay a sane size.
static void writeFindings(llvm::raw_ostream &os, const FunctionModel &model,
                          size_t limit) {
  os << "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" "
        "CELLPADDING=\"3\"><TR><TD COLSPAN=\"3\"><B>findings</B></TD></TR>";
  std::vector<const VizFinding *> listed;
  for (const VizFinding &f : model.getFindings())
    listed.push_back(&f);
  if (limit && listed.size() > limit) {
    std::stable_partition(listed.begin(), listed.end(), [](const VizFinding *f) {
      return f->finding->level == Level::Error;
    });
    os << "<TR><TD COLSPAN=\"3\"><I>showing " << limit << " of "
       << listed.size() << " findings (errors first); the SVG and DOT "
       << "charts show all</I></TD></TR>";
    listed.resize(limit);
    std::stable_sort(listed.begin(), listed.end(),
                     [](const VizFinding *a, const VizFinding *b) {
                       return a->number < b->number;
                     });
  }
  for (const VizFinding *listedFinding : listed) {
    const VizFinding &f = *listedFinding;
    const Finding &finding = *f.finding;
    unsigned line = finding.location.range.line;
    os << "<TR><TD>#" << f.number << "</TD><TD HREF=\""
       << escapeHtml(model.getHref(line)) << "\" TOOLTIP=\""
       << escapeHtml(finding.message) << "\">line " << line
       << "</TD><TD ALIGN=\"LEFT\">" << stringifyLevel(finding.level) << ": "
       // No path wording of its own: a lifetime finding's message says on
       // which paths it happens, and a structural perf-* finding is about
       // the program's text, not a path.
       << escapeHtmlWrapped(finding.message + " [" + finding.rule + "]")
       << "</TD></TR>";
  }
  os << "</TABLE>";
}

/// One page: the rows of `rows` over the points where they change.
static void writePage(llvm::raw_ostream &os, const FunctionModel &model,
                      ArrayRef<const BufferRow *> rows) {
  ArrayRef<ProgramPoint> points = model.getPoints();
  std::set<unsigned> pointSet;
  for (const BufferRow *row : rows) {
    for (const auto &mark : row->marks)
      pointSet.insert(mark.first);
    for (unsigned i : row->findings)
      if (model.getFindings()[i].path.empty())
        for (const WitnessMark &mark : model.getFindings()[i].witness)
          pointSet.insert(mark.point);
  }
  std::vector<unsigned> columns(pointSet.begin(), pointSet.end());

  os << "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" "
        "CELLPADDING=\"3\">";
  // Header: one column per program point, its line and op name.
  os << "<TR><TD><B>buffer</B></TD><TD><B>type</B></TD><TD><B>bytes</B></TD>";
  for (unsigned column : columns) {
    const ProgramPoint &point = points[column];
    // An implicit terminator is the end of its parent op's region.
    bool written = model.getContext().getSource().isWritten(point.op);
    Operation *named = written || !point.op->getParentOp()
                           ? point.op
                           : point.op->getParentOp();
    StringRef opName = named->getName().getStringRef();
    std::string shortName = opName.substr(opName.find('.') + 1).str();
    if (!written)
      shortName = "end " + shortName;
    std::string tooltip = "line " + std::to_string(point.line) + ": " +
                          shorten(model.getSourceLine(point.op), 100);
    if (!written)
      tooltip = "end of the region of " + tooltip;
    os << "<TD HREF=\"" << escapeHtml(model.getHref(point.line))
       << "\" TOOLTIP=\"" << escapeHtml(tooltip) << "\">L" << point.line
       << "<BR/><FONT POINT-SIZE=\"8\">" << escapeHtml(shortName)
       << "</FONT></TD>";
  }
  os << "</TR>";

  for (const BufferRow *row : rows) {
    // The buffer's own row.
    unsigned allocLine =
        row->allocPoint ? points[*row->allocPoint].line : 0;
    os << "<TR><TD ALIGN=\"LEFT\"";
    if (allocLine)
      os << " HREF=\"" << escapeHtml(model.getHref(allocLine)) << "\"";
    os << " TOOLTIP=\""
       << escapeHtml(row->allocPoint
                         ? "allocated at line " + std::to_string(allocLine)
                         : "from outside the function")
       << "\"><B>" << escapeHtml(row->name) << "</B>";
    // A callee's argument: the caller's buffers it receives.
    if (!row->receives.empty())
      os << "<BR/><FONT POINT-SIZE=\"8\">receives "
         << escapeHtml(llvm::join(row->receives, ", ")) << "</FONT>";
    os << "</TD><TD ALIGN=\"LEFT\">"
       << escapeHtml(shorten(row->type, 40)) << "</TD><TD ALIGN=\"RIGHT\">"
       << (row->bytes ? std::to_string(*row->bytes) : "?") << "</TD>";
    for (size_t i = 0; i < columns.size();) {
      unsigned point = columns[i];
      CellKind kind = row->cellAt(point);
      std::string href = model.getHref(points[point].line);
      if (row->marks.count(point)) {
        auto message = row->messages.find(point);
        std::string tooltip =
            message != row->messages.end()
                ? message->second
                : "'" + row->name + "' " + describeCell(kind).str() +
                      " at line " + std::to_string(points[point].line);
        auto sites = row->otherSites.find(point);
        writeCell(os, kind, 1, tooltip, href,
                  sites == row->otherSites.end() ? ArrayRef<unsigned>()
                                                 : ArrayRef(sites->second));
        ++i;
        continue;
      }
      // A run of unmarked cells of the same kind is one cell.
      size_t next = i + 1;
      while (next < columns.size() && !row->marks.count(columns[next]) &&
             row->cellAt(columns[next]) == kind)
        ++next;
      std::string tooltip;
      if (kind != CellKind::None)
        tooltip = "'" + row->name + "' " + describeCell(kind).str();
      writeCell(os, kind, next - i, tooltip, "");
      i = next;
    }
    os << "</TR>";

    // One row per structural finding about it: its sites in text order.
    // (A lifetime finding's path is a table of its own, in path order.)
    for (unsigned index : row->findings) {
      const VizFinding &f = model.getFindings()[index];
      if (!f.path.empty())
        continue;
      std::map<unsigned, std::vector<const WitnessMark *>> at;
      for (const WitnessMark &mark : f.witness)
        at[mark.point].push_back(&mark);
      os << "<TR><TD COLSPAN=\"3\" ALIGN=\"RIGHT\" TOOLTIP=\""
         << escapeHtml(f.finding->message) << "\"><I>witness #" << f.number
         << " (" << escapeHtml(StringRef(f.finding->rule).split('-').second)
         << ")</I></TD>";
      for (size_t i = 0; i < columns.size();) {
        auto it = at.find(columns[i]);
        if (it == at.end()) {
          size_t next = i + 1;
          while (next < columns.size() && !at.count(columns[next]))
            ++next;
          os << "<TD";
          if (next - i > 1)
            os << " COLSPAN=\"" << next - i << "\"";
          os << "></TD>";
          i = next;
          continue;
        }
        std::vector<std::string> labels, notes;
        bool isBug = false;
        for (const WitnessMark *mark : it->second) {
          if (!llvm::is_contained(labels, mark->label))
            labels.push_back(mark->label);
          if (!llvm::is_contained(notes, mark->note))
            notes.push_back(mark->note);
          isBug |= mark->label == "bug" || mark->label == "leak" ||
                   mark->label == "finding";
        }
        os << "<TD BGCOLOR=\"" << (isBug ? "#ffcdd2" : "#eeeeee")
           << "\" TOOLTIP=\"" << escapeHtml(llvm::join(notes, "; "))
           << "\" HREF=\"" << escapeHtml(model.getHref(points[columns[i]].line))
           << "\"><FONT COLOR=\"" << (isBug ? "#b71c1c" : "#c62828")
           << "\" POINT-SIZE=\"9\">" << escapeHtml(llvm::join(labels, "/"))
           << "</FONT></TD>";
        ++i;
      }
      os << "</TR>";
    }
  }
  os << "</TABLE>";
}

/// The witness path of a lifetime finding as a table in path order: one
/// column per step (loop iterations unrolled, calls entered), the loop
/// iterations the path is in, the op, the buffer's state after the step,
/// and the step (a branch's other side greyed). At most `maxSteps` steps:
/// the first and the last, with a column that says how many are left out.
static void writePath(llvm::raw_ostream &os, const FunctionModel &model,
                      const VizFinding &f, size_t maxSteps = 40) {
  std::vector<const PathStep *> steps;
  for (const PathStep &step : f.path)
    steps.push_back(&step);
  size_t omitted = 0;
  size_t gapAt = maxSteps / 4;
  if (steps.size() > maxSteps) {
    omitted = steps.size() - maxSteps;
    steps.erase(steps.begin() + gapAt, steps.begin() + gapAt + omitted);
  }
  auto isGap = [&](size_t i) { return omitted && i == gapAt; };
  const Finding &finding = *f.finding;
  std::string buffer =
      f.event && f.event->buffer
          ? model.getContext().getSource().getName(f.event->buffer)
          : finding.subject;
  os << "<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"0\" "
        "CELLPADDING=\"3\">";
  size_t columns = steps.size() + (omitted ? 1 : 0);
  os << "<TR><TD COLSPAN=\"" << columns + 1 << "\" ALIGN=\"LEFT\" TOOLTIP=\""
     << escapeHtml(finding.message) << "\"><B>path of #" << f.number
     << "</B> (" << escapeHtml(StringRef(finding.rule).split('-').second)
     << " of '" << escapeHtml(buffer) << "'), in the order it runs</TD></TR>";
  // The iterations the path is in: a cell per run of equal steps (no row
  // for a path outside loops).
  bool inLoops = llvm::any_of(
      steps, [](const PathStep *step) { return !step->iterations.empty(); });
  if (inLoops)
    os << "<TR><TD ALIGN=\"RIGHT\"><I>loop iteration</I></TD>";
  for (size_t i = 0; inLoops && i < steps.size();) {
    if (isGap(i))
      os << "<TD ROWSPAN=\"4\" TOOLTIP=\"" << omitted
         << " steps left out\"><I>... " << omitted << " steps ...</I></TD>";
    size_t next = i + 1;
    while (next < steps.size() && !isGap(next) &&
           steps[next]->iterations == steps[i]->iterations)
      ++next;
    os << "<TD";
    if (next - i > 1)
      os << " COLSPAN=\"" << next - i << "\"";
    if (!steps[i]->iterations.empty())
      os << " BGCOLOR=\"#f3e5f5\"";
    os << ">";
    // (An empty FONT element is a syntax error to Graphviz.)
    if (!steps[i]->iterations.empty())
      os << "<FONT POINT-SIZE=\"9\">" << escapeHtml(steps[i]->iterations)
         << "</FONT>";
    os << "</TD>";
    i = next;
  }
  if (inLoops)
    os << "</TR>";
  // The op of each step: its line, and its function when it is another.
  os << "<TR><TD ALIGN=\"RIGHT\"><I>op</I></TD>";
  for (size_t i = 0; i < steps.size(); ++i) {
    const PathStep *step = steps[i];
    if (!inLoops && isGap(i))
      os << "<TD ROWSPAN=\"3\" TOOLTIP=\"" << omitted
         << " steps left out\"><I>... " << omitted << " steps ...</I></TD>";
    // An implicit terminator is the end of its parent op's region, as in
    // the grid's header.
    bool written = model.getContext().getSource().isWritten(step->op);
    Operation *named = written || !step->op->getParentOp()
                           ? step->op
                           : step->op->getParentOp();
    StringRef opName = named->getName().getStringRef();
    std::string shortName = opName.substr(opName.find('.') + 1).str();
    if (!written)
      shortName = "end " + shortName;
    os << "<TD HREF=\"" << escapeHtml(model.getHref(step->line))
       << "\" TOOLTIP=\""
       << escapeHtml("line " + std::to_string(step->line) + ": " +
                     shorten(model.getSourceLine(step->op), 100))
       << "\">L" << step->line << "<BR/><FONT POINT-SIZE=\"8\">"
       << escapeHtml(shortName);
    if (!step->function.empty())
      os << "<BR/>in " << escapeHtml(step->function);
    os << "</FONT></TD>";
  }
  os << "</TR>";
  // The buffer after each step.
  os << "<TR><TD ALIGN=\"RIGHT\"><B>" << escapeHtml(buffer) << "</B></TD>";
  for (size_t i = 0; i < steps.size(); ++i) {
    const PathStep &step = *steps[i];
    std::string tooltip =
        step.state == CellKind::None
            ? "'" + buffer + "' not allocated yet"
            : "'" + buffer + "' " + describeCell(step.state).str() +
                  " after line " + std::to_string(step.line);
    if (i + 1 == steps.size())
      tooltip = finding.message;
    writeCell(os, step.state, 1, tooltip, model.getHref(step.line));
  }
  os << "</TR>";
  // What each step is; a branch's side not taken greyed.
  os << "<TR><TD ALIGN=\"RIGHT\"><I>step</I></TD>";
  for (size_t i = 0; i < steps.size(); ++i) {
    const PathStep &step = *steps[i];
    bool isBug = i + 1 == steps.size();
    os << "<TD TOOLTIP=\"" << escapeHtml(step.note) << "\""
       << (isBug ? " BGCOLOR=\"#ffcdd2\"" : "") << "><FONT COLOR=\""
       << (isBug ? "#b71c1c" : "#c62828") << "\" POINT-SIZE=\"9\">"
       << escapeHtml(step.label) << "</FONT>";
    if (!step.notTaken.empty())
      os << "<BR/><FONT COLOR=\"#9e9e9e\" POINT-SIZE=\"8\">not "
         << escapeHtml(step.notTaken) << "</FONT>";
    os << "</TD>";
  }
  os << "</TR></TABLE>";
}

std::string viz::renderLifetimeDot(const FunctionModel &model,
                                   const LifetimeChartOptions &options) {
  std::string text;
  llvm::raw_string_ostream os(text);
  ArrayRef<BufferRow> buffers = model.getBuffers();
  os << "digraph \"lifetime\" {\n";
  os << "  graph [fontname=\"Helvetica,Arial,sans-serif\", fontsize=12, "
        "labelloc=t, nodesep=0.2, ranksep=0.2, label="
     << quoteDot("lifetimes of the buffers of @" + model.getName() + " (" +
                 model.getContext().getFilePath().str() + ", " +
                 std::to_string(buffers.size()) +
                 (buffers.size() == 1 ? " buffer, " : " buffers, ") +
                 std::to_string(model.getPoints().size()) + " ops)")
     << "];\n";
  os << "  node [shape=plaintext, fontname=\"Helvetica,Arial,sans-serif\", "
        "fontsize=10];\n";
  unsigned counter = 0;
  std::vector<std::string> nodes;
  auto addNode = [&](auto writeLabel) {
    std::string id = "n" + std::to_string(counter++);
    os << "  " << id << " [label=<";
    writeLabel();
    os << ">];\n";
    nodes.push_back(id);
  };
  addNode([&] { writeLegend(os); });
  if (!model.getFindings().empty())
    addNode([&] { writeFindings(os, model, options.maxBuffers); });
  // The buffers shown: all, or those with findings and then the first
  // others, in text order.
  std::vector<const BufferRow *> shown;
  size_t limit = options.maxBuffers ? options.maxBuffers : buffers.size();
  std::vector<bool> keep(buffers.size(), false);
  size_t kept = 0;
  for (size_t i = 0; i < buffers.size() && kept < limit; ++i)
    if (!buffers[i].findings.empty())
      keep[i] = true, ++kept;
  for (size_t i = 0; i < buffers.size() && kept < limit; ++i)
    if (!keep[i])
      keep[i] = true, ++kept;
  for (size_t i = 0; i < buffers.size(); ++i)
    if (keep[i])
      shown.push_back(&buffers[i]);
  if (shown.size() < buffers.size())
    addNode([&] {
      os << "<I>showing " << shown.size() << " of " << buffers.size()
         << " buffers (those with findings first); the SVG and DOT charts "
            "show all</I>";
    });
  unsigned perPage = std::max(1u, options.buffersPerPage);
  for (size_t begin = 0; begin < shown.size(); begin += perPage) {
    std::vector<const BufferRow *> rows(
        shown.begin() + begin,
        shown.begin() + std::min<size_t>(shown.size(), begin + perPage));
    addNode([&] { writePage(os, model, rows); });
  }
  // The path of each lifetime finding, in path order (as many as the
  // findings table lists).
  size_t paths = 0;
  for (const VizFinding &f : model.getFindings()) {
    if (f.path.empty())
      continue;
    if (options.maxBuffers && paths++ >= options.maxBuffers)
      break;
    addNode([&] { writePath(os, model, f); });
  }
  // Stack the nodes top to bottom.
  if (nodes.size() > 1) {
    os << "  " << llvm::join(nodes, " -> ") << " [style=invis];\n";
  }
  os << "}\n";
  return text;
}
