//===- HtmlWriter.h - Write the HTML report of a run (--html) --*- C++ -*-===//
//
// Renders the diagrams collected during the lint as SVG (Graphviz) and
// writes the pages of reporters/HtmlReporter.h into the report's folder.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_HTMLWRITER_H
#define MEMLINT_TOOLS_HTMLWRITER_H

#include "reporters/Reporters.h"
#include "viz/VizWriter.h"

#include <string>
#include <vector>

namespace memlint {

/// Writes the report into `dir` (created if missing). `diagrams` are the
/// DOT texts of the functions with findings (viz::buildDiagrams). On
/// failure, `error` says why.
bool writeHtmlReport(const std::string &dir,
                     const std::vector<FileStatus> &files,
                     const std::vector<ReportedFinding> &findings,
                     const SourceTexts &sources,
                     std::vector<viz::DiagramFile> diagrams,
                     std::string &error);

} // namespace memlint

#endif // MEMLINT_TOOLS_HTMLWRITER_H
