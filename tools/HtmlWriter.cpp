//===- HtmlWriter.cpp - Write the HTML report of a run (--html) -----------===//

#include "tools/HtmlWriter.h"

#include "reporters/HtmlReporter.h"
#include "tools/LintDriver.h"
#include "viz/Render.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace memlint;

/// An SVG document as an element to inline: without the XML prolog and
/// doctype, its ids (and the references to them) prefixed, so that two
/// charts in one page do not share ids.
static std::string inlineSvg(llvm::StringRef svg, llvm::StringRef prefix) {
  size_t start = svg.find("<svg");
  if (start == llvm::StringRef::npos)
    return "";
  std::string out;
  llvm::StringRef rest = svg.substr(start);
  // Graphviz writes ids as id="..." and refers to them as xlink:href="#...".
  while (!rest.empty()) {
    size_t id = rest.find(" id=\"");
    size_t ref = rest.find("href=\"#");
    size_t next = std::min(id, ref);
    if (next == llvm::StringRef::npos) {
      out += rest.str();
      break;
    }
    size_t quote = rest.find('"', next) + 1;
    out += rest.take_front(quote).str();
    if (next == ref)
      out += "#", quote += 1;
    out += prefix.str();
    rest = rest.drop_front(quote);
  }
  return out;
}

bool memlint::writeHtmlReport(const std::string &dir,
                              const std::vector<FileStatus> &files,
                              const std::vector<ReportedFinding> &findings,
                              const SourceTexts &sources,
                              std::vector<viz::DiagramFile> diagrams,
                              std::string &error) {
  HtmlOptions options;
  // In a fixed order: Graphviz numbers SVG anchors with a counter of the
  // process.
  std::stable_sort(diagrams.begin(), diagrams.end(),
                   [](const viz::DiagramFile &a, const viz::DiagramFile &b) {
                     return a.path < b.path;
                   });
  unsigned counter = 0;
  for (const viz::DiagramFile &diagram : diagrams) {
    HtmlCharts &charts = options.charts[{diagram.input, diagram.function}];
    std::string &slot =
        diagram.kind == "lifetime" ? charts.lifetimeSvg : charts.cfgSvg;
    if (!slot.empty())
      continue; // the first chunk's function of that name
    llvm::Expected<std::string> svg = viz::renderGraph(diagram.dot, "svg");
    if (!svg) {
      error = "cannot draw the " + diagram.kind + " chart of '@" +
              diagram.function + "': " + llvm::toString(svg.takeError());
      return false;
    }
    slot = inlineSvg(*svg, "c" + std::to_string(counter++) + "-");
  }
  std::vector<HtmlFile> pages =
      renderHtmlReport(files, findings, sources, options);
  for (const HtmlFile &page : pages) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, page.path);
    llvm::StringRef folder = llvm::sys::path::parent_path(path);
    if (std::error_code ec = llvm::sys::fs::create_directories(folder)) {
      error = "cannot create '" + folder.str() + "': " + ec.message();
      return false;
    }
    // Written plainly: the report is no input to keep whole, and an fsync
    // per page made 10,000 pages take 40 s.
    if (!writeOutput(std::string(path), page.text, error))
      return false;
  }
  return true;
}
