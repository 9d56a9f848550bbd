//===- JsonReporter.cpp - The JSON document of a run -----------------------===//

#include "reporters/Reporters.h"

#include <nlohmann/json.hpp>

using namespace memlint;
using json = nlohmann::ordered_json;

static json toJson(const FindingLocation &location) {
  return json{{"file", location.file},
              {"line", location.range.line},
              {"column", location.range.column},
              {"endLine", location.range.endLine},
              {"endColumn", location.range.endColumn}};
}

std::string memlint::renderJson(const std::vector<FileStatus> &files,
                                const std::vector<ReportedFinding> &reported) {
  json doc;
  doc["version"] = 1;
  doc["tool"] = "mlir-memlint";
  json fileList = json::array();
  for (const FileStatus &file : files) {
    json entry{{"path", file.path}, {"status", file.ok ? "ok" : "error"}};
    if (!file.ok)
      entry["diagnostic"] = file.diagnostic;
    fileList.push_back(std::move(entry));
  }
  doc["files"] = std::move(fileList);
  json list = json::array();
  for (const ReportedFinding &item : reported) {
    if (item.suppressed)
      continue;
    const Finding &finding = item.finding;
    json entry;
    entry["rule"] = finding.rule;
    entry["level"] = stringifyLevel(finding.level).str();
    entry["function"] = finding.function;
    entry["location"] = toJson(finding.location);
    entry["message"] = finding.message;
    entry["paths"] = finding.allPaths ? "all" : "some";
    json notes = json::array();
    for (const FindingNote &note : finding.notes)
      notes.push_back(
          json{{"location", toJson(note.location)}, {"message", note.message}});
    entry["notes"] = std::move(notes);
    json fixes = json::array();
    for (const FixIt &fix : finding.fixes) {
      json edits = json::array();
      for (const FixEdit &edit : fix.edits)
        edits.push_back(json{{"file", edit.file},
                             {"offset", edit.offset},
                             {"length", edit.length},
                             {"text", edit.text}});
      fixes.push_back(
          json{{"description", fix.description}, {"edits", std::move(edits)}});
    }
    entry["fixes"] = std::move(fixes);
    entry["fingerprint"] = item.fingerprint;
    if (item.baselineState != BaselineState::None)
      entry["baselineState"] =
          item.baselineState == BaselineState::New ? "new" : "unchanged";
    list.push_back(std::move(entry));
  }
  doc["findings"] = std::move(list);
  return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}
