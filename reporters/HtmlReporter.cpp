//===- HtmlReporter.cpp - The HTML report for review (--html) -------------===//

#include "reporters/HtmlReporter.h"

#include "checks/FixIts.h"
#include "reporters/ToolInfo.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#include <set>
#include <tuple>

using namespace memlint;
using llvm::StringRef;

namespace memlint {
// HtmlAssets.cpp.
extern const char *const kHtmlReportCss;
extern const char *const kHtmlReportJs;
} // namespace memlint

/// Escapes text for HTML element content and attribute values.
static std::string escape(StringRef text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\'':
      out += "&#39;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// The lines of `text` (without their line breaks).
static std::vector<StringRef> splitLines(StringRef text) {
  std::vector<StringRef> lines;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    lines.push_back(line.rtrim('\r'));
    text = rest;
  }
  return lines;
}

/// A position of a finding or note, to link findings that name each other.
using Position = std::tuple<std::string, unsigned, unsigned>;
static Position positionOf(const FindingLocation &at) {
  return {at.file, at.range.line, at.range.column};
}

namespace {
/// The report of a run being rendered.
class HtmlReport {
public:
  HtmlReport(const std::vector<FileStatus> &files,
             const std::vector<ReportedFinding> &all,
             const SourceTexts &sources, const HtmlOptions &options)
      : files(files), sources(sources), options(options) {
    for (const ReportedFinding &item : all)
      if (!item.suppressed)
        findings.push_back(&item.finding);
    for (const auto &[path, text] : sources)
      lines[path] = splitLines(text);
    for (size_t i = 0; i < files.size(); ++i) {
      fileNumber[files[i].path] = i + 1;
      artifact[files[i].path] = files[i].artifactPath;
    }
    for (size_t i = 0; i < findings.size(); ++i) {
      ++perFunction[{findings[i]->location.file, findings[i]->function}];
      at[positionOf(findings[i]->location)].push_back(i);
      if (findings[i]->cause.range.line)
        byCause[positionOf(findings[i]->cause)].push_back(i);
    }
  }

  std::vector<HtmlFile> render() {
    std::vector<HtmlFile> out;
    out.push_back({"report.css", kHtmlReportCss});
    out.push_back({"report.js", kHtmlReportJs});
    out.push_back({"index.html", renderIndex()});
    // The charts of the functions with many findings, once each.
    for (const auto &[key, charts] : options.charts) {
      auto count = perFunction.find(key);
      if (count == perFunction.end() ||
          count->second <= options.maxInlineChartPages)
        continue;
      for (const std::string *svg : {&charts.lifetimeSvg, &charts.cfgSvg}) {
        if (svg->empty())
          continue;
        std::string name = "charts/" + std::to_string(chartFiles.size() + 1) +
                           ".svg";
        chartFiles[svg] = name;
        out.push_back({name, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" +
                                 *svg + "\n"});
      }
    }
    for (size_t i = 0; i < findings.size(); ++i)
      out.push_back({"findings/" + std::to_string(i + 1) + ".html",
                     renderFinding(i)});
    for (size_t i = 0; i < files.size(); ++i)
      out.push_back(
          {"files/" + std::to_string(i + 1) + ".html", renderFile(i)});
    return out;
  }

private:
  const std::vector<FileStatus> &files;
  const SourceTexts &sources;
  const HtmlOptions &options;
  std::vector<const Finding *> findings;
  std::map<std::string, size_t> fileNumber;
  std::map<std::string, std::string> artifact;
  std::map<Position, std::vector<size_t>> at, byCause;
  /// The lines of each source, split once.
  std::map<std::string, std::vector<StringRef>> lines;
  std::map<std::pair<std::string, std::string>, size_t> perFunction;
  /// The chart files written, by the SVG text they hold.
  std::map<const std::string *, std::string> chartFiles;

  std::string shownPath(const std::string &path) const {
    auto it = artifact.find(path);
    return it == artifact.end() || it->second.empty() ? path : it->second;
  }
  std::string fileHref(const std::string &path, StringRef prefix) const {
    auto it = fileNumber.find(path);
    if (it == fileNumber.end())
      return "";
    return prefix.str() + "files/" + std::to_string(it->second) + ".html";
  }
  static std::string findingHref(size_t index, StringRef prefix) {
    return prefix.str() + "findings/" + std::to_string(index + 1) + ".html";
  }

  /// The start of a page: its title, the style sheet and the script.
  static void writeHead(llvm::raw_ostream &os, StringRef title,
                        StringRef prefix) {
    os << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
          "charset=\"utf-8\">\n<meta name=\"viewport\" "
          "content=\"width=device-width, initial-scale=1\">\n<title>"
       << escape(title) << "</title>\n<link rel=\"stylesheet\" href=\""
       << prefix << "report.css\">\n<script src=\"" << prefix
       << "report.js\" defer></script>\n</head>\n<body>\n";
  }

  /// The findings at the positions `positions`, but `self`: the links of a
  /// finding page to the findings its notes or its cause name.
  std::vector<size_t> related(size_t self) const {
    const Finding &f = *findings[self];
    std::set<size_t> out;
    auto add = [&](const std::vector<size_t> &list) {
      for (size_t i : list)
        if (i != self)
          out.insert(i);
    };
    for (const FindingNote &note : f.notes) {
      auto it = at.find(positionOf(note.location));
      if (it != at.end())
        add(it->second);
    }
    if (f.cause.range.line) {
      if (auto it = at.find(positionOf(f.cause)); it != at.end())
        add(it->second);
      if (auto it = byCause.find(positionOf(f.cause)); it != byCause.end())
        add(it->second);
    }
    return {out.begin(), out.end()};
  }

  std::string renderIndex() const;
  std::string renderFinding(size_t index) const;
  std::string renderFile(size_t index) const;
  void writeSource(llvm::raw_ostream &os, const std::string &path,
                   const std::map<unsigned, std::vector<std::string>> &rows,
                   const std::set<unsigned> &bugLines, bool window) const;
};
} // namespace

std::string HtmlReport::renderIndex() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  writeHead(os, "mlir-memlint report", "");
  size_t errors = 0, warnings = 0, notes = 0;
  std::map<std::string, std::array<size_t, 3>> byRule;
  std::map<std::string, size_t> byFile;
  for (const Finding *f : findings) {
    size_t level = f->level == Level::Error     ? 0
                   : f->level == Level::Warning ? 1
                                                : 2;
    (level == 0 ? errors : level == 1 ? warnings : notes) += 1;
    ++byRule[f->rule][level];
    ++byFile[f->location.file];
  }
  os << "<header><h1>mlir-memlint report</h1><p class=\"summary\">"
     << findings.size() << " finding" << (findings.size() == 1 ? "" : "s")
     << " in " << files.size() << " file" << (files.size() == 1 ? "" : "s")
     << ": <span class=\"level-error\">" << errors
     << " error" << (errors == 1 ? "" : "s")
     << "</span>, <span class=\"level-warning\">" << warnings << " warning"
     << (warnings == 1 ? "" : "s") << "</span>";
  if (notes)
    os << ", " << notes << " note" << (notes == 1 ? "" : "s");
  os << " (mlir-memlint " << escape(getToolVersion()) << ")</p></header>\n";
  os << "<main>\n<section class=\"counts\"><table id=\"by-rule\"><caption>by "
        "rule</caption><thead><tr><th>rule</th><th>errors</th><th>warnings</"
        "th><th>all</th></tr></thead><tbody>\n";
  for (const auto &[rule, counts] : byRule)
    os << "<tr><td><a href=\"" << escape(getRuleHelpUri(rule)) << "\">"
       << escape(rule) << "</a></td><td>" << counts[0] << "</td><td>"
       << counts[1] << "</td><td>" << counts[0] + counts[1] + counts[2]
       << "</td></tr>\n";
  os << "</tbody></table>\n<table id=\"by-file\"><caption>by "
        "file</caption><thead><tr><th>file</th><th>status</th><th>findings</"
        "th></tr></thead><tbody>\n";
  for (const FileStatus &file : files) {
    os << "<tr><td><a href=\"" << escape(fileHref(file.path, "")) << "\">"
       << escape(shownPath(file.path)) << "</a></td><td>"
       << (file.ok ? "ok" : "error: " + escape(file.errorMessage.empty()
                                                    ? file.diagnostic
                                                    : file.errorMessage))
       << "</td><td>" << byFile[file.path] << "</td></tr>\n";
  }
  os << "</tbody></table></section>\n";
  // The table is drawn by report.js from this data, a page at a time, so
  // that ten thousand findings open at once.
  nlohmann::json rows = nlohmann::json::array();
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding &f = *findings[i];
    rows.push_back({{"n", i + 1},
                    {"file", shownPath(f.location.file)},
                    {"line", f.location.range.line},
                    {"function", f.function},
                    {"rule", f.rule},
                    {"level", stringifyLevel(f.level).str()},
                    {"message", f.message},
                    {"paths", f.allPaths ? "all" : "some"},
                    {"href", findingHref(i, "")}});
  }
  std::string data = rows.dump();
  // No "</script>" inside the element.
  std::string safe;
  for (char c : data)
    safe += c == '<' ? std::string("\\u003c") : std::string(1, c);
  os << "<section class=\"findings\"><h2>findings</h2>\n<div "
        "class=\"controls\"><label>filter <input id=\"filter\" type=\"search\" "
        "placeholder=\"file, function, rule or message\"></label> "
        "<label>rule <select id=\"rule\"><option value=\"\">all</option>";
  for (const auto &entry : byRule)
    os << "<option>" << escape(entry.first) << "</option>";
  os << "</select></label> <label>level <select id=\"level\"><option "
        "value=\"\">all</option><option>error</option><option>warning</"
        "option><option>note</option></select></label> <span "
        "id=\"shown\"></span></div>\n<table id=\"findings\" "
        "class=\"sortable\"><thead><tr><th data-key=\"n\">#</th><th "
        "data-key=\"file\">file</th><th data-key=\"line\">line</th><th "
        "data-key=\"function\">function</th><th data-key=\"rule\">rule</th><th "
        "data-key=\"level\">level</th><th data-key=\"message\">message</th><th "
        "data-key=\"paths\">paths</th></tr></thead><tbody></tbody></table>\n"
        "<nav class=\"pager\"><button id=\"prev-page\">previous "
        "page</button> <span id=\"page\"></span> <button id=\"next-page\">next "
        "page</button></nav>\n<noscript>The table needs JavaScript; the "
        "findings are also on the file pages.</noscript>\n<script "
        "type=\"application/json\" id=\"findings-data\">"
     << safe << "</script>\n</section>\n</main>\n</body>\n</html>\n";
  return text;
}

void HtmlReport::writeSource(
    llvm::raw_ostream &os, const std::string &path,
    const std::map<unsigned, std::vector<std::string>> &rows,
    const std::set<unsigned> &bugLines, bool window) const {
  auto split = this->lines.find(path);
  if (split == this->lines.end()) {
    os << "<p class=\"missing\">The source of " << escape(path)
       << " is not available.</p>\n";
    return;
  }
  const std::vector<StringRef> &lines = split->second;
  // The lines shown: all, or those around the marked ones.
  std::vector<bool> shown(lines.size() + 2, !window);
  if (window) {
    constexpr unsigned kContext = 5;
    auto mark = [&](unsigned line) {
      unsigned from = line > kContext ? line - kContext : 1;
      for (unsigned l = from; l <= line + kContext && l <= lines.size(); ++l)
        shown[l] = true;
    };
    for (const auto &entry : rows)
      mark(entry.first);
    for (unsigned line : bugLines)
      mark(line);
  }
  os << "<table class=\"source\">\n";
  bool gap = false;
  for (unsigned line = 1; line <= lines.size(); ++line) {
    if (!shown[line]) {
      gap = true;
      continue;
    }
    if (gap)
      os << "<tr class=\"gap\"><td class=\"ln\">&#8942;</td><td></td></tr>\n";
    gap = false;
    os << "<tr id=\"L" << line << "\" class=\"line"
       << (bugLines.count(line) ? " bug" : "")
       << "\"><td class=\"ln\"><a href=\"#L" << line << "\">" << line
       << "</a></td><td class=\"code\">" << escape(lines[line - 1])
       << "</td></tr>\n";
    auto it = rows.find(line);
    if (it != rows.end())
      for (const std::string &row : it->second)
        os << row;
  }
  os << "</table>\n";
}

/// The text of `path` with the edits of `fix` to it applied.
static std::string applyFix(StringRef text, const FixIt &fix,
                            const std::string &path) {
  std::vector<FixEdit> edits;
  for (const FixEdit &edit : fix.edits)
    if (edit.file == path)
      edits.push_back(edit);
  return applyEdits(text, edits);
}

std::string HtmlReport::renderFinding(size_t index) const {
  const Finding &f = *findings[index];
  std::string text;
  llvm::raw_string_ostream os(text);
  std::string file = shownPath(f.location.file);
  writeHead(os,
            "#" + std::to_string(index + 1) + " " + f.rule + " - " + file +
                ":" + std::to_string(f.location.range.line),
            "../");
  // Navigation (also by keyboard, see report.js).
  os << "<nav class=\"top\"><a href=\"../index.html\" rel=\"index\" "
        "accesskey=\"u\">index</a>";
  if (index > 0)
    os << " <a href=\"" << findingHref(index - 1, "../")
       << "\" rel=\"prev\">&larr; #" << index << "</a>";
  if (index + 1 < findings.size())
    os << " <a href=\"" << findingHref(index + 1, "../")
       << "\" rel=\"next\">#" << index + 2 << " &rarr;</a>";
  os << " <span class=\"keys\">keys: j next, k previous, u index</span></nav>\n";
  StringRef level = stringifyLevel(f.level);
  os << "<header><h1><span class=\"level-" << level << "\">" << level
     << "</span> " << escape(f.message) << "</h1>\n<p class=\"meta\"><a "
     << "href=\"" << escape(getRuleHelpUri(f.rule)) << "\" class=\"rule\">"
     << escape(f.rule) << "</a> in <code>@" << escape(f.function)
     << "</code> at <a href=\"" << escape(fileHref(f.location.file, "../"))
     << "#L" << f.location.range.line << "\">" << escape(file) << ":"
     << f.location.range.line << ":" << f.location.range.column
     << "</a>; on " << (f.allPaths ? "every path" : "some paths")
     << "</p></header>\n<main>\n";

  // The steps as numbered bubbles under their lines, then the bug.
  std::map<unsigned, std::vector<std::string>> rows;
  std::vector<std::string> elsewhere;
  unsigned step = 0;
  auto bubble = [&](const FindingLocation &where, StringRef message,
                    bool isBug) {
    ++step;
    std::string row;
    llvm::raw_string_ostream rs(row);
    rs << "<tr class=\"step" << (isBug ? " bug-step" : "")
       << "\" data-line=\"" << where.range.line << "\"><td></td><td><span "
       << "class=\"bubble" << (isBug ? " bug" : "") << "\" id=\"step-" << step
       << "\">" << step << "</span> <span class=\"msg\">" << escape(message)
       << "</span> <span class=\"where\">line " << where.range.line << ":"
       << where.range.column << "</span></td></tr>\n";
    if (where.file == f.location.file && where.range.line)
      rows[where.range.line].push_back(row);
    else
      elsewhere.push_back("<li>" + std::to_string(step) + ". " +
                          escape(shownPath(where.file)) + ":" +
                          std::to_string(where.range.line) + ": " +
                          escape(message) + "</li>");
  };
  for (const FindingNote &note : f.notes)
    bubble(note.location, note.message, false);
  bubble(f.location, f.message, true);

  os << "<section class=\"path\"><h2>path (" << step << " step"
     << (step == 1 ? "" : "s") << ")</h2>\n";
  size_t lineCount = 0;
  if (auto it = lines.find(f.location.file); it != lines.end())
    lineCount = it->second.size();
  writeSource(os, f.location.file, rows, {f.location.range.line},
              lineCount > options.maxFullSourceLines);
  if (!elsewhere.empty())
    os << "<ul class=\"elsewhere\">" << llvm::join(elsewhere, "") << "</ul>\n";
  os << "</section>\n";

  // The findings it shares a cause with, or that its notes name.
  std::vector<size_t> links = related(index);
  if (!links.empty()) {
    os << "<section class=\"related\"><h2>related findings</h2><ul>\n";
    for (size_t i : links) {
      const Finding &other = *findings[i];
      os << "<li><a href=\"" << findingHref(i, "../") << "\">#" << i + 1
         << "</a> " << escape(other.rule) << " at line "
         << other.location.range.line << ": " << escape(other.message)
         << "</li>\n";
    }
    os << "</ul></section>\n";
  }

  // The fix-it as a diff.
  if (!f.fixes.empty()) {
    const FixIt &fix = f.fixes.front();
    os << "<section class=\"fix\"><h2>fix-it</h2><p>" << escape(fix.description)
       << "</p>\n";
    if (auto it = sources.find(f.location.file); it != sources.end()) {
      std::string diff = renderUnifiedDiff(
          it->second, applyFix(it->second, fix, f.location.file), file);
      os << "<pre class=\"diff\">";
      for (StringRef line : splitLines(diff)) {
        const char *kind = line.starts_with("+++") || line.starts_with("---")
                               ? "head"
                           : line.starts_with("@@") ? "hunk"
                           : line.starts_with("+")  ? "add"
                           : line.starts_with("-")  ? "del"
                                                    : "ctx";
        os << "<span class=\"" << kind << "\">" << escape(line)
           << "</span>\n";
      }
      os << "</pre>\n";
    }
    os << "</section>\n";
  }

  // The function's diagrams.
  auto charts = options.charts.find({f.location.file, f.function});
  if (charts != options.charts.end()) {
    for (auto [title, svg] :
         {std::pair<StringRef, const std::string *>{
              "lifetime chart", &charts->second.lifetimeSvg},
          {"control-flow graph", &charts->second.cfgSvg}}) {
      if (svg->empty())
        continue;
      os << "<section class=\"chart\"><details open><summary>" << title
         << " of @" << escape(f.function) << "</summary><div class=\"svg\">";
      auto file = chartFiles.find(svg);
      if (file == chartFiles.end())
        os << *svg;
      else
        os << "<object type=\"image/svg+xml\" data=\"../" << file->second
           << "\">" << title << "</object>";
      os << "</div></details></section>\n";
    }
  }
  os << "</main>\n</body>\n</html>\n";
  return text;
}

std::string HtmlReport::renderFile(size_t index) const {
  const FileStatus &status = files[index];
  std::string text;
  llvm::raw_string_ostream os(text);
  std::string file = shownPath(status.path);
  writeHead(os, file + " - mlir-memlint", "../");
  os << "<nav class=\"top\"><a href=\"../index.html\" rel=\"index\">index</"
        "a></nav>\n<header><h1>"
     << escape(file) << "</h1>";
  if (!status.ok)
    os << "<p class=\"level-error\">" << escape(status.diagnostic) << "</p>";
  std::map<unsigned, std::vector<std::string>> rows;
  std::set<unsigned> bugLines;
  std::vector<std::string> list;
  for (size_t i = 0; i < findings.size(); ++i) {
    const Finding &f = *findings[i];
    if (f.location.file != status.path)
      continue;
    unsigned line = f.location.range.line;
    bugLines.insert(line);
    std::string link = "<a href=\"" + findingHref(i, "../") + "\">#" +
                       std::to_string(i + 1) + "</a>";
    rows[line].push_back("<tr class=\"step bug-step\" data-line=\"" +
                         std::to_string(line) + "\"><td></td><td>" + link +
                         " <span class=\"level-" +
                         stringifyLevel(f.level).str() + "\">" +
                         stringifyLevel(f.level).str() + "</span> " +
                         escape(f.message) + " [" + escape(f.rule) +
                         "]</td></tr>\n");
    list.push_back("<li>" + link + " line " + std::to_string(line) + ": " +
                   escape(f.message) + " [" + escape(f.rule) + "]</li>\n");
  }
  os << "<p class=\"summary\">" << list.size() << " finding"
     << (list.size() == 1 ? "" : "s") << "</p></header>\n<main>\n";
  if (!list.empty())
    os << "<ul class=\"file-findings\">\n" << llvm::join(list, "")
       << "</ul>\n";
  writeSource(os, status.path, rows, bugLines, false);
  os << "</main>\n</body>\n</html>\n";
  return text;
}

std::vector<HtmlFile> memlint::renderHtmlReport(
    const std::vector<FileStatus> &files,
    const std::vector<ReportedFinding> &findings, const SourceTexts &sources,
    const HtmlOptions &options) {
  return HtmlReport(files, findings, sources, options).render();
}
