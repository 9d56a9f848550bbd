//===- SarifReporter.cpp - The SARIF 2.1.0 log of a run --------------------===//
//
// One run: the tool with the metadata of every registered rule (from the
// registry and the embedded doc pages), one artifact per input with a URI
// relative to %SRCROOT%, one result per finding with its witness path as a
// code flow, its fix-its, GitHub's line hash and the semantic fingerprint,
// and an invocation whose notifications are the inputs that could not be
// linted. Columns are UTF-16 code units, SARIF's default, converted from the
// byte columns of findings.
//
//===----------------------------------------------------------------------===//

#include "reporters/Fingerprints.h"
#include "reporters/Reporters.h"
#include "reporters/ToolInfo.h"

#include "checks/CheckRegistry.h"

#include "llvm/ADT/StringExtras.h"

#include <nlohmann/json.hpp>

using namespace memlint;
using json = nlohmann::ordered_json;

static constexpr const char *kSrcRoot = "%SRCROOT%";

//===----------------------------------------------------------------------===//
// Rules
//===----------------------------------------------------------------------===//

/// "lifetime-leak" -> "LifetimeLeak".
static std::string pascalCase(llvm::StringRef id) {
  std::string result;
  bool upper = true;
  for (char c : id) {
    if (c == '-') {
      upper = true;
      continue;
    }
    result += upper ? llvm::toUpper(c) : c;
    upper = false;
  }
  return result;
}

/// The first paragraph of a doc page after its title.
static std::string firstParagraph(llvm::StringRef doc) {
  llvm::SmallVector<llvm::StringRef> lines;
  doc.split(lines, '\n');
  std::string paragraph;
  for (llvm::StringRef line : lines) {
    line = line.trim();
    if (line.starts_with("#"))
      continue;
    if (line.empty()) {
      if (!paragraph.empty())
        break;
      continue;
    }
    if (!paragraph.empty())
      paragraph += ' ';
    paragraph += line.str();
  }
  return paragraph;
}

static const char *sarifLevel(Level level) {
  switch (level) {
  case Level::Error:
    return "error";
  case Level::Warning:
    return "warning";
  case Level::Note:
    return "note";
  }
  return "none";
}

/// Ends a description with a period, as SARIF viewers expect sentences.
static std::string sentence(llvm::StringRef text) {
  std::string result = text.str();
  if (!result.empty() && result.back() != '.')
    result += '.';
  return result;
}

static json renderRule(const CheckInfo &info) {
  llvm::StringRef doc = getCheckDocumentation(info.name);
  std::string full = doc.empty() ? info.summary.str() : firstParagraph(doc);
  std::string helpUri = getRuleHelpUri(info.name);
  json rule;
  rule["id"] = info.name.str();
  rule["name"] = pascalCase(info.name);
  rule["shortDescription"] = {{"text", sentence(info.summary)}};
  rule["fullDescription"] = {{"text", sentence(full)}};
  if (doc.empty()) {
    rule["help"] = {{"text", sentence(info.summary) + " See " + helpUri}};
  } else {
    rule["help"] = {{"text", doc.str()}, {"markdown", doc.str()}};
  }
  rule["helpUri"] = helpUri;
  rule["defaultConfiguration"] = {{"level", sarifLevel(info.level)}};
  json tags = json::array();
  llvm::SmallVector<llvm::StringRef> parts;
  info.tags.split(parts, ',', -1, false);
  for (llvm::StringRef tag : parts)
    tags.push_back(tag.trim().str());
  rule["properties"] = {{"tags", std::move(tags)},
                        {"precision", info.precision.str()},
                        {"problem.severity", stringifyLevel(info.level).str()}};
  return rule;
}

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

/// A relative path as a URI reference: every byte outside the characters a
/// URI path may hold is percent-encoded.
static std::string toUri(llvm::StringRef path) {
  std::string uri;
  for (unsigned char c : path) {
    if (llvm::isAlnum(c) || llvm::StringRef("-._~!$&'()*+,;=:@/").contains(c)) {
      uri += c;
      continue;
    }
    uri += '%';
    uri += llvm::hexdigit(c >> 4, false);
    uri += llvm::hexdigit(c & 15, false);
  }
  // A first segment with ':' would read as a scheme.
  if (llvm::StringRef(uri).split('/').first.contains(':'))
    uri = "./" + uri;
  return uri;
}

namespace {
/// Artifacts and the text of each file.
class Artifacts {
public:
  Artifacts(const std::vector<FileStatus> &files, const SourceTexts &sources)
      : sources(sources), artifactPaths(getArtifactPaths(files)) {
    for (const FileStatus &file : files)
      getIndex(file.path);
  }

  /// The URI of a file shown as `path`: its artifact path.
  std::string uri(const std::string &path) const {
    auto it = artifactPaths.find(path);
    return toUri(it == artifactPaths.end() ? path : it->second);
  }

  unsigned getIndex(const std::string &path) {
    auto [it, inserted] = indices.try_emplace(path, paths.size());
    if (inserted)
      paths.push_back(path);
    return it->second;
  }

  json location(const std::string &path) {
    return {{"uri", uri(path)},
            {"uriBaseId", kSrcRoot},
            {"index", getIndex(path)}};
  }

  json render() const {
    json list = json::array();
    for (const std::string &path : paths) {
      json artifact;
      artifact["location"] = {{"uri", uri(path)}, {"uriBaseId", kSrcRoot}};
      auto it = sources.find(path);
      if (it != sources.end())
        artifact["length"] = it->second.size();
      artifact["roles"] = json::array({"analysisTarget"});
      artifact["mimeType"] = "text/plain";
      artifact["encoding"] = "utf-8";
      list.push_back(std::move(artifact));
    }
    return list;
  }

  /// The text of a line (1-based) of `path` from its start, empty when the
  /// file or the line is unknown.
  llvm::StringRef getLine(const std::string &path, unsigned line) {
    auto it = sources.find(path);
    if (it == sources.end() || line == 0)
      return {};
    std::vector<size_t> &starts = lineStarts[path];
    llvm::StringRef text = it->second;
    if (starts.empty()) {
      starts.push_back(0);
      for (size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n')
          starts.push_back(i + 1);
    }
    if (line > starts.size())
      return {};
    return text.substr(starts[line - 1]).split('\n').first;
  }

  /// GitHub's hash of a line of `path`, empty when the text is unknown.
  std::string getLineHash(const std::string &path, unsigned line) {
    auto it = sources.find(path);
    if (it == sources.end() || line == 0)
      return "";
    auto [hashes, inserted] = lineHashes.try_emplace(path);
    if (inserted)
      hashes->second = computeLineHashes(it->second);
    return line <= hashes->second.size() ? hashes->second[line - 1] : "";
  }

private:
  const SourceTexts &sources;
  std::map<std::string, std::string> artifactPaths;
  std::vector<std::string> paths;
  std::map<std::string, unsigned> indices;
  std::map<std::string, std::vector<size_t>> lineStarts;
  std::map<std::string, std::vector<std::string>> lineHashes;
};
} // namespace

static json renderRegion(Artifacts &artifacts, const FindingLocation &loc) {
  const SourceRange &r = loc.range;
  json region;
  region["startLine"] = r.line;
  region["startColumn"] =
      toUtf16Column(artifacts.getLine(loc.file, r.line), r.column);
  unsigned endLine = r.endLine, endColumn = r.endColumn;
  if (endLine < r.line || (endLine == r.line && endColumn < r.column)) {
    endLine = r.line;
    endColumn = r.column;
  }
  region["endLine"] = endLine;
  region["endColumn"] =
      toUtf16Column(artifacts.getLine(loc.file, endLine), endColumn);
  return region;
}

static json renderPhysical(Artifacts &artifacts, const FindingLocation &loc) {
  json physical;
  physical["artifactLocation"] = artifacts.location(loc.file);
  if (loc.range.isValid() && loc.range.column > 0)
    physical["region"] = renderRegion(artifacts, loc);
  return physical;
}

static bool sameLocation(const FindingLocation &a, const FindingLocation &b) {
  return a.file == b.file && a.range.line == b.range.line &&
         a.range.column == b.range.column;
}

//===----------------------------------------------------------------------===//
// Results
//===----------------------------------------------------------------------===//

static json renderFixes(Artifacts &artifacts, const Finding &finding) {
  json fixes = json::array();
  for (const FixIt &fix : finding.fixes) {
    // One artifactChange per file, in the order the edits name the files.
    std::vector<std::string> order;
    std::map<std::string, json> changes;
    for (const FixEdit &edit : fix.edits) {
      auto [it, inserted] = changes.try_emplace(edit.file);
      if (inserted) {
        order.push_back(edit.file);
        it->second = {{"artifactLocation", artifacts.location(edit.file)},
                      {"replacements", json::array()}};
      }
      json replacement;
      replacement["deletedRegion"] = {{"byteOffset", edit.offset},
                                      {"byteLength", edit.length}};
      if (!edit.text.empty())
        replacement["insertedContent"] = {{"text", edit.text}};
      it->second["replacements"].push_back(std::move(replacement));
    }
    json changeList = json::array();
    for (const std::string &file : order)
      changeList.push_back(std::move(changes[file]));
    fixes.push_back({{"description", {{"text", sentence(fix.description)}}},
                     {"artifactChanges", std::move(changeList)}});
  }
  return fixes;
}

static json renderResult(Artifacts &artifacts, const ReportedFinding &item,
                         const std::map<std::string, unsigned> &ruleIndices) {
  const Finding &finding = item.finding;
  json result;
  result["ruleId"] = finding.rule;
  if (auto it = ruleIndices.find(finding.rule); it != ruleIndices.end())
    result["ruleIndex"] = it->second;
  result["level"] = sarifLevel(finding.level);
  result["message"] = {{"text", finding.message}};

  json primary;
  primary["physicalLocation"] = renderPhysical(artifacts, finding.location);
  if (!finding.function.empty())
    primary["logicalLocations"] = json::array(
        {{{"name", finding.function},
          {"fullyQualifiedName", "@" + finding.function},
          {"kind", "function"}}});
  result["locations"] = json::array({std::move(primary)});

  if (!finding.notes.empty()) {
    // Related locations: each distinct note once.
    json related = json::array();
    std::vector<const FindingNote *> seen;
    for (const FindingNote &note : finding.notes) {
      bool duplicate = llvm::any_of(seen, [&](const FindingNote *other) {
        return sameLocation(other->location, note.location) &&
               other->message == note.message;
      });
      if (duplicate)
        continue;
      seen.push_back(&note);
      related.push_back({{"id", seen.size()},
                         {"physicalLocation",
                          renderPhysical(artifacts, note.location)},
                         {"message", {{"text", note.message}}}});
    }
    result["relatedLocations"] = std::move(related);

    // The witness path: the notes in order, then the bug itself unless a
    // note already stands at the primary location (a leak's allocation).
    json steps = json::array();
    auto addStep = [&](const FindingLocation &loc, const std::string &text) {
      steps.push_back(
          {{"location",
            {{"physicalLocation", renderPhysical(artifacts, loc)},
             {"message", {{"text", text}}}}},
           {"nestingLevel", 0},
           {"executionOrder", steps.size() + 1}});
    };
    bool primaryNoted = false;
    for (const FindingNote &note : finding.notes) {
      addStep(note.location, note.message);
      primaryNoted |= sameLocation(note.location, finding.location);
    }
    if (!primaryNoted)
      addStep(finding.location, finding.message);
    result["codeFlows"] = json::array(
        {{{"message", {{"text", "witness path"}}},
          {"threadFlows", json::array({{{"locations", std::move(steps)}}})}}});
  }

  if (!finding.fixes.empty())
    result["fixes"] = renderFixes(artifacts, finding);
  // (Fix-its come from the checks; a finding without any has no "fixes".)

  json fingerprints;
  std::string lineHash =
      artifacts.getLineHash(finding.location.file, finding.location.range.line);
  if (!lineHash.empty())
    fingerprints["primaryLocationLineHash"] = lineHash;
  fingerprints[kSemanticFingerprintKey.str()] = item.fingerprint;
  result["partialFingerprints"] = std::move(fingerprints);

  if (item.suppressed)
    result["suppressions"] =
        json::array({{{"kind", "inSource"}, {"status", "accepted"}}});
  if (item.baselineState != BaselineState::None)
    result["baselineState"] =
        item.baselineState == BaselineState::New ? "new" : "unchanged";
  result["properties"] = {{"paths", finding.allPaths ? "all" : "some"}};
  return result;
}

//===----------------------------------------------------------------------===//
// The log
//===----------------------------------------------------------------------===//

std::string memlint::renderSarif(const std::vector<FileStatus> &files,
                                 const std::vector<ReportedFinding> &findings,
                                 const SourceTexts &sources,
                                 const SarifOptions &options) {
  Artifacts artifacts(files, sources);

  json rules = json::array();
  std::map<std::string, unsigned> ruleIndices;
  for (const CheckInfo &info : getRegisteredChecks()) {
    ruleIndices[info.name.str()] = rules.size();
    rules.push_back(renderRule(info));
  }
  json driver;
  driver["name"] = "mlir-memlint";
  driver["version"] = getToolVersion().str();
  driver["semanticVersion"] = getToolVersion().str();
  driver["informationUri"] = getInformationUri().str();
  driver["rules"] = std::move(rules);

  json results = json::array();
  for (const ReportedFinding &item : findings)
    if (!item.suppressed || options.includeSuppressed)
      results.push_back(renderResult(artifacts, item, ruleIndices));

  json notifications = json::array();
  bool successful = options.inputErrors.empty();
  for (const std::string &error : options.inputErrors)
    notifications.push_back(
        {{"level", "error"}, {"message", {{"text", sentence(error)}}}});
  for (const FileStatus &file : files) {
    if (file.ok)
      continue;
    successful = false;
    json notification;
    notification["level"] = "error";
    notification["message"] = {
        {"text", sentence(file.errorMessage.empty() ? file.diagnostic
                                                    : file.errorMessage)}};
    FindingLocation loc{file.path, file.errorRange};
    notification["locations"] =
        json::array({{{"physicalLocation", renderPhysical(artifacts, loc)}}});
    notifications.push_back(std::move(notification));
  }
  // Functions whose analysis stopped at a bound are results (they can be
  // baselined and suppressed) and also tool notifications, where SARIF
  // viewers show what limited a run.
  for (const ReportedFinding &item : findings) {
    const Finding &f = item.finding;
    if (f.rule != "memlint-incomplete" || item.suppressed)
      continue;
    json notification;
    notification["level"] = "warning";
    notification["message"] = {{"text", sentence(f.message)}};
    notification["locations"] = json::array(
        {{{"physicalLocation", renderPhysical(artifacts, f.location)}}});
    notification["associatedRule"] = {
        {"id", f.rule}, {"index", ruleIndices.at(f.rule)}};
    notifications.push_back(std::move(notification));
  }
  json invocation;
  invocation["executionSuccessful"] = successful;
  if (!notifications.empty())
    invocation["toolExecutionNotifications"] = std::move(notifications);

  json run;
  run["tool"] = {{"driver", std::move(driver)}};
  run["invocations"] = json::array({std::move(invocation)});
  run["originalUriBaseIds"] = {
      {kSrcRoot,
       {{"description",
         {{"text", "The folder the paths are relative to: --base-dir, or the "
                   "current folder of the run."}}}}}};
  run["artifacts"] = artifacts.render();
  run["results"] = std::move(results);
  run["columnKind"] = "utf16CodeUnits";

  json log;
  log["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
  log["version"] = "2.1.0";
  log["runs"] = json::array({std::move(run)});
  return log.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}
