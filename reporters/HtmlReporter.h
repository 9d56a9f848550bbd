//===- HtmlReporter.h - The HTML report for review (--html) ----*- C++ -*-===//
//
// A folder of static pages, like scan-build's reports (DESIGN §5): an index
// with counts by rule, level and file and a sortable, filterable, paginated
// table of the findings; one page per finding with the source, the witness
// steps as numbered bubbles at their lines, the bug line highlighted, links
// to the findings it shares a cause with, the fix-it as a diff and the
// function's diagrams inline; one page per file. Self-contained (a style
// sheet and a script beside the pages, no network), deterministic.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_REPORTERS_HTMLREPORTER_H
#define MEMLINT_REPORTERS_HTMLREPORTER_H

#include "reporters/Reporters.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace memlint {

/// The diagrams of one function as SVG text (rendered by the tool, which
/// owns Graphviz; empty when not drawn).
struct HtmlCharts {
  std::string lifetimeSvg, cfgSvg;
};

/// One file of the report: its path relative to the report's folder.
struct HtmlFile {
  std::string path;
  std::string text;
};

/// What the pages show besides the findings.
struct HtmlOptions {
  /// The diagrams by (file as shown, function name).
  std::map<std::pair<std::string, std::string>, HtmlCharts> charts;
  /// Files longer than this show the lines around the steps only (with the
  /// whole file on its own page).
  size_t maxFullSourceLines = 400;
  /// The charts are inlined in the pages of a function with at most this
  /// many findings; beyond, each chart is a file of its own
  /// (`charts/N.svg`) that the pages embed (1,000 findings of one function
  /// made 600 MB of pages).
  size_t maxInlineChartPages = 10;
};

/// The files of the report of a run: `index.html`, `report.css`,
/// `report.js`, `findings/N.html` (numbered from 1 in report order),
/// `files/N.html` (one per linted file) and `charts/N.svg` (see
/// maxInlineChartPages). Suppressed findings are left out.
std::vector<HtmlFile> renderHtmlReport(
    const std::vector<FileStatus> &files,
    const std::vector<ReportedFinding> &findings, const SourceTexts &sources,
    const HtmlOptions &options = {});

} // namespace memlint

#endif // MEMLINT_REPORTERS_HTMLREPORTER_H
