//===- JsonReporter.cpp - The JSON document of a run ----------------------===//
//
// Streamed into a string with JsonWriter: a run with many findings writes its
// report without building the document in memory first.
//
//===----------------------------------------------------------------------===//

#include "reporters/JsonWriter.h"
#include "reporters/Reporters.h"

using namespace memlint;

namespace {
/// The artifact path of each shown path.
struct PathMap {
  std::map<std::string, std::string> paths;
  const std::string &operator()(const std::string &shown) const {
    auto it = paths.find(shown);
    return it == paths.end() ? shown : it->second;
  }
};
} // namespace

std::map<std::string, std::string>
memlint::getArtifactPaths(const std::vector<FileStatus> &files) {
  std::map<std::string, std::string> paths;
  for (const FileStatus &file : files)
    paths.emplace(file.path,
                  file.artifactPath.empty() ? file.path : file.artifactPath);
  return paths;
}

static void writeLocation(JsonWriter &j, const FindingLocation &location,
                          const PathMap &paths) {
  j.object([&] {
    j.attribute("file", paths(location.file));
    j.attribute("line", int64_t(location.range.line));
    j.attribute("column", int64_t(location.range.column));
    j.attribute("endLine", int64_t(location.range.endLine));
    j.attribute("endColumn", int64_t(location.range.endColumn));
  });
}

static void writeFinding(JsonWriter &j, const ReportedFinding &item,
                         const PathMap &paths) {
  const Finding &finding = item.finding;
  j.object([&] {
    j.attribute("rule", finding.rule);
    j.attribute("level", stringifyLevel(finding.level));
    j.attribute("function", finding.function);
    j.attributeBegin("location");
    writeLocation(j, finding.location, paths);
    j.attributeEnd();
    j.attribute("message", finding.message);
    j.attribute("paths", finding.allPaths ? "all" : "some");
    j.attributeArray("notes", [&] {
      for (const FindingNote &note : finding.notes)
        j.object([&] {
          j.attributeBegin("location");
          writeLocation(j, note.location, paths);
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
                j.attribute("file", paths(edit.file));
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

/// The figures of one file, or of the run (a sum), as a `stats` object.
static void writeFigures(JsonWriter &j, const FileFigures &f, bool timings) {
  j.attribute("chunks", int64_t(f.chunks));
  j.attribute("functions", int64_t(f.functions));
  j.attribute("ops", int64_t(f.ops));
  j.attribute("buffers", int64_t(f.buffers));
  j.attribute("unknownEffectOps", int64_t(f.unknownEffectOps));
  j.attributeObject("unknownEffectOpsByName", [&] {
    for (const auto &[name, count] : f.unknownEffectOpNames)
      j.attribute(name, int64_t(count));
  });
  j.attribute("externalCalls", int64_t(f.externalCalls));
  j.attribute("incompleteFunctions", int64_t(f.incompleteFunctions));
  j.attribute("steps", int64_t(f.steps));
  j.attribute("states", int64_t(f.states));
  j.attribute("unvalidatedFixFindings", int64_t(f.unvalidatedFixFindings));
  // How the run went rather than what the input holds: only with timings
  // (the parts depend on -j).
  if (timings)
    j.attribute("parseParts", int64_t(f.parseParts));
  if (timings)
    j.attributeObject("seconds", [&] {
      j.attribute("read", f.readSeconds);
      j.attribute("parse", f.parseSeconds);
      j.attribute("analysis", f.analysisSeconds);
    });
}

std::string memlint::renderJson(const std::vector<FileStatus> &files,
                                const std::vector<ReportedFinding> &reported,
                                const JsonOptions &options) {
  PathMap paths{getArtifactPaths(files)};
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
          j.attribute("path", paths(file.path));
          j.attribute("status", file.ok ? "ok" : "error");
          if (!file.ok) {
            // The diagnostic names the file as shown; here, as an artifact.
            llvm::StringRef diagnostic = file.diagnostic;
            if (diagnostic.consume_front(file.path))
              j.attribute("diagnostic", paths(file.path) + diagnostic.str());
            else
              j.attribute("diagnostic", file.diagnostic);
          }
          j.attributeObject("stats", [&] {
            writeFigures(j, file.figures, options.timings);
          });
        });
    });
    j.attributeArray("findings", [&] {
      for (const ReportedFinding &item : reported)
        if (!item.suppressed)
          writeFinding(j, item, paths);
    });
    // The run's figures: the files' summed, and the findings by level.
    FileFigures total;
    size_t notParsed = 0;
    for (const FileStatus &file : files) {
      notParsed += !file.ok;
      total += file.figures;
    }
    std::map<Level, int64_t> byLevel;
    int64_t suppressed = 0, unchanged = 0;
    for (const ReportedFinding &item : reported) {
      if (item.suppressed) {
        ++suppressed;
        continue;
      }
      ++byLevel[item.finding.level];
      unchanged += item.baselineState == BaselineState::Unchanged;
    }
    j.attributeObject("stats", [&] {
      j.attribute("files", int64_t(files.size()));
      j.attribute("filesNotParsed", int64_t(notParsed));
      j.attribute("inputsNotFound", int64_t(options.inputErrors.size()));
      j.attribute("errors", byLevel[Level::Error]);
      j.attribute("warnings", byLevel[Level::Warning]);
      j.attribute("notes", byLevel[Level::Note]);
      j.attribute("suppressed", suppressed);
      j.attribute("unchanged", unchanged);
      writeFigures(j, total, options.timings);
    });
  });
  text += '\n';
  return text;
}
