//===- JsonReporter.cpp - The JSON document of a run -----------------------===//
//
// Streamed with llvm::json::OStream: a run with many findings writes its
// report without building the document in memory first.
//
//===----------------------------------------------------------------------===//

#include "reporters/Reporters.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace memlint;

/// Text from the input may be invalid UTF-8; JSON strings must not be (and
/// llvm::json asserts on it). Valid text is referenced, not copied.
static llvm::json::Value utf8(llvm::StringRef text) {
  if (llvm::json::isUTF8(text))
    return text;
  return llvm::json::fixUTF8(text);
}

static void writeLocation(llvm::json::OStream &j,
                          const FindingLocation &location) {
  j.object([&] {
    j.attribute("file", utf8(location.file));
    j.attribute("line", int64_t(location.range.line));
    j.attribute("column", int64_t(location.range.column));
    j.attribute("endLine", int64_t(location.range.endLine));
    j.attribute("endColumn", int64_t(location.range.endColumn));
  });
}

static void writeFinding(llvm::json::OStream &j, const ReportedFinding &item) {
  const Finding &finding = item.finding;
  j.object([&] {
    j.attribute("rule", finding.rule);
    j.attribute("level", stringifyLevel(finding.level));
    j.attribute("function", utf8(finding.function));
    j.attributeBegin("location");
    writeLocation(j, finding.location);
    j.attributeEnd();
    j.attribute("message", utf8(finding.message));
    j.attribute("paths", finding.allPaths ? "all" : "some");
    j.attributeArray("notes", [&] {
      for (const FindingNote &note : finding.notes)
        j.object([&] {
          j.attributeBegin("location");
          writeLocation(j, note.location);
          j.attributeEnd();
          j.attribute("message", utf8(note.message));
        });
    });
    j.attributeArray("fixes", [&] {
      for (const FixIt &fix : finding.fixes)
        j.object([&] {
          j.attribute("description", utf8(fix.description));
          j.attributeArray("edits", [&] {
            for (const FixEdit &edit : fix.edits)
              j.object([&] {
                j.attribute("file", utf8(edit.file));
                j.attribute("offset", int64_t(edit.offset));
                j.attribute("length", int64_t(edit.length));
                j.attribute("text", utf8(edit.text));
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
  std::string text;
  llvm::raw_string_ostream os(text);
  os.SetBuffered(); // the writer emits a character at a time
  {
    llvm::json::OStream j(os, /*IndentSize=*/2);
    j.object([&] {
      j.attribute("version", 1);
      j.attribute("tool", "mlir-memlint");
      j.attributeArray("files", [&] {
        for (const FileStatus &file : files)
          j.object([&] {
            j.attribute("path", utf8(file.path));
            j.attribute("status", file.ok ? "ok" : "error");
            if (!file.ok)
              j.attribute("diagnostic", utf8(file.diagnostic));
          });
      });
      j.attributeArray("findings", [&] {
        for (const ReportedFinding &item : reported)
          if (!item.suppressed)
            writeFinding(j, item);
      });
    });
  }
  os << "\n";
  os.flush();
  return text;
}
