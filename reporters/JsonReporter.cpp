//===- JsonReporter.cpp - The JSON document of a run ----------------------===//
//
// Streamed into a string with JsonWriter: a run with many findings writes its
// report without building the document in memory first.
//
//===----------------------------------------------------------------------===//

#include "reporters/JsonWriter.h"
#include "reporters/Reporters.h"

using namespace memlint;

static void writeLocation(JsonWriter &j, const FindingLocation &location) {
  j.object([&] {
    j.attribute("file", location.file);
    j.attribute("line", int64_t(location.range.line));
    j.attribute("column", int64_t(location.range.column));
    j.attribute("endLine", int64_t(location.range.endLine));
    j.attribute("endColumn", int64_t(location.range.endColumn));
  });
}

static void writeFinding(JsonWriter &j, const ReportedFinding &item) {
  const Finding &finding = item.finding;
  j.object([&] {
    j.attribute("rule", finding.rule);
    j.attribute("level", stringifyLevel(finding.level));
    j.attribute("function", finding.function);
    j.attributeBegin("location");
    writeLocation(j, finding.location);
    j.attributeEnd();
    j.attribute("message", finding.message);
    j.attribute("paths", finding.allPaths ? "all" : "some");
    j.attributeArray("notes", [&] {
      for (const FindingNote &note : finding.notes)
        j.object([&] {
          j.attributeBegin("location");
          writeLocation(j, note.location);
          j.attributeEnd();
          j.attribute("message", note.message);
        });
    });
    j.attributeArray("fixes", [&] {
      for (const FixIt &fix : finding.fixes)
        j.object([&] {
          j.attribute("description", fix.description);
          j.attributeArray("edits", [&] {
            for (const FixEdit &edit : fix.edits)
              j.object([&] {
                j.attribute("file", edit.file);
                j.attribute("offset", int64_t(edit.offset));
                j.attribute("length", int64_t(edit.length));
                j.attribute("text", edit.text);
              });
          });
        });
    });
    j.attribute("fingerprint", item.fingerprint);
    if (item.baselineState != BaselineState::None)
      j.attribute("baselineState", item.baselineState == BaselineState::New
                                       ? "new"
                                       : "unchanged");
  });
}

std::string memlint::renderJson(const std::vector<FileStatus> &files,
                                const std::vector<ReportedFinding> &reported) {
  // Reserved from above, so that the string never moves while it grows.
  size_t estimate = 4096;
  for (const FileStatus &file : files)
    estimate += 128 + file.path.size() + file.diagnostic.size();
  for (const ReportedFinding &item : reported) {
    const Finding &f = item.finding;
    estimate += 512 + f.message.size() + f.location.file.size();
    for (const FindingNote &note : f.notes)
      estimate += 256 + note.message.size() + note.location.file.size();
    for (const FixIt &fix : f.fixes) {
      estimate += 128 + fix.description.size();
      for (const FixEdit &edit : fix.edits)
        estimate += 256 + edit.text.size() + edit.file.size();
    }
  }
  std::string text;
  text.reserve(estimate);
  JsonWriter j(text);
  j.object([&] {
    j.attribute("version", 1);
    j.attribute("tool", "mlir-memlint");
    j.attributeArray("files", [&] {
      for (const FileStatus &file : files)
        j.object([&] {
          j.attribute("path", file.path);
          j.attribute("status", file.ok ? "ok" : "error");
          if (!file.ok)
            j.attribute("diagnostic", file.diagnostic);
        });
    });
    j.attributeArray("findings", [&] {
      for (const ReportedFinding &item : reported)
        if (!item.suppressed)
          writeFinding(j, item);
    });
  });
  text += '\n';
  return text;
}
