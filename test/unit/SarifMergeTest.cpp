//===- SarifMergeTest.cpp - merge-sarif: shards joined into one log -------===//
//
// Real logs from renderSarif: the logs of the shards of a run, merged, are
// the log of the unsharded run, invocations aside (and with them too when
// the shards come in order). Then hand-written logs for what our reporter
// never writes (partial rules, a file in two logs), and the errors.
//
//===----------------------------------------------------------------------===//

#include "tools/SarifMerge.h"

#include "reporters/Reporters.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {

//===----------------------------------------------------------------------===//
// A run of four files
//===----------------------------------------------------------------------===//

/// A function that leaks on line 2 and frees twice on line 4.
const char *kSource = "func.func @f() {\n"
                      "  %a = memref.alloc() : memref<4xf32>\n"
                      "  memref.dealloc %a : memref<4xf32>\n"
                      "  memref.dealloc %a : memref<4xf32>\n"
                      "  return\n"
                      "}\n";

ReportedFinding makeFinding(const std::string &file, const std::string &rule,
                            unsigned line, unsigned column,
                            const std::string &message) {
  ReportedFinding item;
  Finding &f = item.finding;
  f.rule = rule;
  f.level = Level::Error;
  f.function = "f";
  f.location.file = file;
  f.location.range = {line, column, line, column + 10, 0, 0};
  f.message = message;
  f.notes.push_back({{file, {2, 3, 2, 9, 0, 0}}, "buffer allocated here"});
  FixIt fix;
  fix.description = "remove the second deallocation";
  fix.edits.push_back({file, 90, 34, ""});
  f.fixes.push_back(fix);
  item.fingerprint = file + "/" + rule + "/" + std::to_string(line);
  return item;
}

/// The findings of `file`, sorted as the driver sorts them.
std::vector<ReportedFinding> findingsOf(const std::string &file) {
  return {makeFinding(file, "lifetime-leak", 2, 8, "buffer '%a' is leaked"),
          makeFinding(file, "lifetime-double-free", 4, 3,
                      "buffer '%a' is freed twice"),
          makeFinding(file, "lifetime-use-after-free", 4, 3,
                      "buffer '%a' is used after free")};
}

/// The log of a run over `paths` (in that order); `broken` did not parse.
std::string renderRun(const std::vector<std::string> &paths,
                      const std::string &broken = "") {
  std::vector<FileStatus> files;
  std::vector<ReportedFinding> findings;
  SourceTexts texts;
  for (const std::string &path : paths) {
    FileStatus status;
    status.path = path;
    if (path == broken) {
      status.ok = false;
      status.errorRange = {3, 5, 3, 5, 0, 0};
      status.errorMessage = "expected operation name";
      status.diagnostic = path + ":3:5: error: expected operation name";
    } else {
      for (ReportedFinding &f : findingsOf(path))
        findings.push_back(std::move(f));
    }
    files.push_back(status);
    texts[path] = kSource;
  }
  return renderSarif(files, findings, texts, {});
}

/// `log` without its invocations (the lines from `"invocations": [` to the
/// `],` at the same indentation).
std::string withoutInvocations(const std::string &log) {
  size_t begin = log.find("\n      \"invocations\": [");
  if (begin == std::string::npos)
    return log;
  size_t end = log.find("\n      ],", begin);
  if (end == std::string::npos)
    return log;
  return log.substr(0, begin) + log.substr(end + 9);
}

std::string merge(std::vector<std::pair<std::string, std::string>> logs) {
  llvm::Expected<std::string> merged = mergeSarifLogs(logs);
  if (!merged) {
    ADD_FAILURE() << llvm::toString(merged.takeError());
    return "";
  }
  return *merged;
}

/// The error of a merge that must fail.
std::string mergeError(std::vector<std::pair<std::string, std::string>> logs) {
  llvm::Expected<std::string> merged = mergeSarifLogs(logs);
  if (merged) {
    ADD_FAILURE() << "the merge succeeded:\n" << *merged;
    return "";
  }
  return llvm::toString(merged.takeError());
}

const llvm::json::Object &getRun(const llvm::json::Value &log) {
  return *log.getAsObject()->getArray("runs")->front().getAsObject();
}

} // namespace

TEST(SarifMergeTest, InvocationsAreRemovedForComparison) {
  std::string log = renderRun({"a.mlir"}, "a.mlir");
  ASSERT_NE(log.find("\"invocations\""), std::string::npos);
  std::string stripped = withoutInvocations(log);
  EXPECT_EQ(stripped.find("\"invocations\""), std::string::npos);
  EXPECT_TRUE(bool(llvm::json::parse(stripped))) << "still JSON:\n" << stripped;
}

TEST(SarifMergeTest, OneLogIsUnchanged) {
  std::string log = renderRun({"a.mlir", "b.mlir"}, "b.mlir");
  EXPECT_EQ(merge({{"a.sarif", log}}), log);
}

TEST(SarifMergeTest, ContiguousShardsMakeTheUnshardedLog) {
  std::string all = renderRun({"a.mlir", "b.mlir", "c.mlir", "d.mlir"});
  std::string shard1 = renderRun({"a.mlir", "b.mlir"});
  std::string shard2 = renderRun({"c.mlir", "d.mlir"});
  // Shards in order: the same text, invocation included.
  EXPECT_EQ(merge({{"1.sarif", shard1}, {"2.sarif", shard2}}), all);
  // In any order.
  EXPECT_EQ(merge({{"2.sarif", shard2}, {"1.sarif", shard1}}), all);
}

TEST(SarifMergeTest, InterleavedShardsMakeTheUnshardedLog) {
  std::vector<std::string> paths = {"a.mlir", "dir/b.mlir", "dir/c d.mlir",
                                    "e.mlir", "f:g.mlir"};
  std::string all = renderRun(paths, "e.mlir");
  std::string shard0 = renderRun({paths[0], paths[3]}, "e.mlir");
  std::string shard1 = renderRun({paths[1], paths[4]});
  std::string shard2 = renderRun({paths[2]});
  std::string merged =
      merge({{"2.sarif", shard2}, {"0.sarif", shard0}, {"1.sarif", shard1}});
  EXPECT_EQ(withoutInvocations(merged), withoutInvocations(all));
  // Notifications point at the merged artifacts.
  EXPECT_EQ(
      merge({{"0.sarif", shard0}, {"1.sarif", shard1}, {"2.sarif", shard2}}),
      all);
}

TEST(SarifMergeTest, InvocationIsJoined) {
  std::string ok = renderRun({"a.mlir"});
  std::string broken = renderRun({"b.mlir", "c.mlir"}, "c.mlir");
  std::string merged = merge({{"ok.sarif", ok}, {"broken.sarif", broken}});
  auto log = llvm::json::parse(merged);
  ASSERT_TRUE(bool(log)) << llvm::toString(log.takeError());
  const llvm::json::Object &run = getRun(*log);
  const llvm::json::Array &invocations = *run.getArray("invocations");
  ASSERT_EQ(invocations.size(), 1u);
  const llvm::json::Object &invocation = *invocations[0].getAsObject();
  EXPECT_EQ(invocation.getBoolean("executionSuccessful"), false);
  const llvm::json::Array &notifications =
      *invocation.getArray("toolExecutionNotifications");
  ASSERT_EQ(notifications.size(), 1u);
  // c.mlir was artifact 1 of its log, and is artifact 2 of the merged log.
  const llvm::json::Object &location = *notifications[0]
                                            .getAsObject()
                                            ->getArray("locations")
                                            ->front()
                                            .getAsObject()
                                            ->getObject("physicalLocation")
                                            ->getObject("artifactLocation");
  EXPECT_EQ(location.getString("uri"), "c.mlir");
  EXPECT_EQ(location.getInteger("index"), 2);

  std::string allOk =
      merge({{"1.sarif", ok}, {"2.sarif", renderRun({"b.mlir"})}});
  auto okLog = llvm::json::parse(allOk);
  ASSERT_TRUE(bool(okLog)) << llvm::toString(okLog.takeError());
  const llvm::json::Object &okInvocation =
      *getRun(*okLog).getArray("invocations")->front().getAsObject();
  EXPECT_EQ(okInvocation.getBoolean("executionSuccessful"), true);
  EXPECT_EQ(okInvocation.get("toolExecutionNotifications"), nullptr);
}

TEST(SarifMergeTest, ResultIndexesPointIntoTheMergedLog) {
  std::string merged = merge(
      {{"2.sarif", renderRun({"b.mlir"})}, {"1.sarif", renderRun({"a.mlir"})}});
  auto log = llvm::json::parse(merged);
  ASSERT_TRUE(bool(log)) << llvm::toString(log.takeError());
  const llvm::json::Object &run = getRun(*log);
  const llvm::json::Array &rules =
      *run.getObject("tool")->getObject("driver")->getArray("rules");
  const llvm::json::Array &artifacts = *run.getArray("artifacts");
  const llvm::json::Array &results = *run.getArray("results");
  ASSERT_EQ(results.size(), 6u);
  for (const llvm::json::Value &value : results) {
    const llvm::json::Object &result = *value.getAsObject();
    std::optional<int64_t> ruleIndex = result.getInteger("ruleIndex");
    ASSERT_TRUE(ruleIndex);
    EXPECT_EQ(rules[*ruleIndex].getAsObject()->getString("id"),
              result.getString("ruleId"));
    const llvm::json::Object &location = *result.getArray("locations")
                                              ->front()
                                              .getAsObject()
                                              ->getObject("physicalLocation")
                                              ->getObject("artifactLocation");
    std::optional<int64_t> index = location.getInteger("index");
    ASSERT_TRUE(index);
    EXPECT_EQ(artifacts[*index]
                  .getAsObject()
                  ->getObject("location")
                  ->getString("uri"),
              location.getString("uri"));
  }
}

//===----------------------------------------------------------------------===//
// Hand-written logs
//===----------------------------------------------------------------------===//

namespace {
/// A log of `tool` with `rules` (ids), `artifacts` (URIs) and `results`
/// (JSON text of each).
std::string makeLog(const std::vector<std::string> &rules,
                    const std::vector<std::string> &artifacts,
                    const std::vector<std::string> &results,
                    const std::string &tool = "mlir-memlint",
                    const std::string &extraRun = "") {
  std::string text = R"({"version": "2.1.0", "runs": [{"tool": {"driver": {)"
                     R"("name": ")" +
                     tool + R"(", "rules": [)";
  for (size_t i = 0; i < rules.size(); ++i)
    text += (i ? ", " : "") + std::string(R"({"id": ")") + rules[i] + "\"}";
  text += R"(]}}, "artifacts": [)";
  for (size_t i = 0; i < artifacts.size(); ++i)
    text += (i ? ", " : "") + std::string(R"({"location": {"uri": ")") +
            artifacts[i] + R"(", "uriBaseId": "%SRCROOT%"}})";
  text += R"(], "results": [)";
  for (size_t i = 0; i < results.size(); ++i)
    text += (i ? ", " : "") + results[i];
  text += "]" + extraRun + "}]}";
  return text;
}

/// A result of rule `rule` (index `ruleIndex` in its log) at `line` of
/// artifact `index`.
std::string makeResult(const std::string &rule, int ruleIndex,
                       const std::string &uri, int index, int line) {
  std::string text = R"({"ruleId": ")" + rule + "\"";
  if (ruleIndex >= 0)
    text += R"(, "ruleIndex": )" + std::to_string(ruleIndex);
  text += R"(, "message": {"text": "m"}, "locations": [{"physicalLocation": )"
          R"({"artifactLocation": {"uri": ")" +
          uri + R"(", "uriBaseId": "%SRCROOT%", "index": )" +
          std::to_string(index) + R"(}, "region": {"startLine": )" +
          std::to_string(line) + R"(, "startColumn": 1}}}]})";
  return text;
}

/// The (ruleId, ruleIndex, uri, index, line) of each result of `text`.
std::vector<std::string> describeResults(const std::string &text) {
  std::vector<std::string> out;
  auto log = llvm::json::parse(text);
  if (!log) {
    ADD_FAILURE() << llvm::toString(log.takeError());
    return out;
  }
  for (const llvm::json::Value &value : *getRun(*log).getArray("results")) {
    const llvm::json::Object &result = *value.getAsObject();
    const llvm::json::Object &physical = *result.getArray("locations")
                                              ->front()
                                              .getAsObject()
                                              ->getObject("physicalLocation");
    const llvm::json::Object &location =
        *physical.getObject("artifactLocation");
    std::string line;
    llvm::raw_string_ostream os(line);
    os << *result.getString("ruleId") << "#"
       << result.getInteger("ruleIndex").value_or(-1) << " "
       << *location.getString("uri") << "#"
       << location.getInteger("index").value_or(-1) << ":"
       << *physical.getObject("region")->getInteger("startLine");
    out.push_back(line);
  }
  return out;
}
} // namespace

TEST(SarifMergeTest, RulesAreTheUnionSortedById) {
  std::string first = makeLog({"zeta", "alpha"}, {"a.mlir"},
                              {makeResult("zeta", 0, "a.mlir", 0, 1)});
  std::string second =
      makeLog({"mid", "alpha"}, {"b.mlir"},
              {makeResult("alpha", 1, "b.mlir", 0, 1),
               // No ruleIndex: one is added, right after ruleId.
               makeResult("mid", -1, "b.mlir", 0, 2),
               // A rule no driver describes: no ruleIndex.
               makeResult("other", 0, "b.mlir", 0, 3)});
  std::string merged = merge({{"1", first}, {"2", second}});
  auto log = llvm::json::parse(merged);
  ASSERT_TRUE(bool(log)) << llvm::toString(log.takeError());
  const llvm::json::Array &rules =
      *getRun(*log).getObject("tool")->getObject("driver")->getArray("rules");
  ASSERT_EQ(rules.size(), 3u);
  EXPECT_EQ(rules[0].getAsObject()->getString("id"), "alpha");
  EXPECT_EQ(rules[1].getAsObject()->getString("id"), "mid");
  EXPECT_EQ(rules[2].getAsObject()->getString("id"), "zeta");
  EXPECT_EQ(
      describeResults(merged),
      (std::vector<std::string>{"zeta#2 a.mlir#0:1", "alpha#0 b.mlir#1:1",
                                "mid#1 b.mlir#1:2", "other#-1 b.mlir#1:3"}));
  EXPECT_NE(merged.find("\"ruleId\": \"mid\",\n          \"ruleIndex\": 1,"),
            std::string::npos)
      << merged;
}

TEST(SarifMergeTest, AFileInSeveralLogsIsSortedByPosition) {
  // Two baselines of the same file: one artifact, results by line; a file
  // of one log keeps that log's order.
  std::string first = makeLog({"r"}, {"z.mlir", "a.mlir"},
                              {makeResult("r", 0, "a.mlir", 1, 7),
                               makeResult("r", 0, "z.mlir", 0, 9),
                               makeResult("r", 0, "z.mlir", 0, 2)});
  std::string second = makeLog(
      {"r"}, {"a.mlir"},
      {makeResult("r", 0, "a.mlir", 0, 3), makeResult("r", 0, "a.mlir", 0, 8)});
  std::string merged = merge({{"1", first}, {"2", second}});
  EXPECT_EQ(describeResults(merged),
            (std::vector<std::string>{"r#0 a.mlir#0:3", "r#0 a.mlir#0:7",
                                      "r#0 a.mlir#0:8", "r#0 z.mlir#1:9",
                                      "r#0 z.mlir#1:2"}));
  auto log = llvm::json::parse(merged);
  ASSERT_TRUE(bool(log));
  EXPECT_EQ(getRun(*log).getArray("artifacts")->size(), 2u);
}

TEST(SarifMergeTest, AResultTwoLogsHoldIsKeptOnce) {
  // Two logs of the same file that both hold a result (found by
  // test/fuzz/mutate_fuzz.py: the merged log had it twice, with one
  // fingerprint); results only one log holds stay.
  std::string first =
      makeLog({"r"}, {"a.mlir"},
              {makeResult("r", 0, "a.mlir", 0, 3),
               makeResult("r", 0, "a.mlir", 0, 5)});
  std::string second =
      makeLog({"r"}, {"a.mlir"},
              {makeResult("r", 0, "a.mlir", 0, 3),
               makeResult("r", 0, "a.mlir", 0, 8)});
  EXPECT_EQ(describeResults(merge({{"1", first}, {"2", second}})),
            (std::vector<std::string>{"r#0 a.mlir#0:3", "r#0 a.mlir#0:5",
                                      "r#0 a.mlir#0:8"}));
}

TEST(SarifMergeTest, BaseIdsAreJoined) {
  std::string a = makeLog(
      {}, {}, {}, "mlir-memlint",
      R"(, "originalUriBaseIds": {"%SRCROOT%": {"uri": "file:///src/"}})");
  std::string b = makeLog(
      {}, {}, {}, "mlir-memlint",
      R"(, "originalUriBaseIds": {"%SRCROOT%": {"uri": "file:///src/"},)"
      R"( "OTHER": {"uri": "file:///other/"}})");
  std::string merged = merge({{"a", a}, {"b", b}});
  auto log = llvm::json::parse(merged);
  ASSERT_TRUE(bool(log));
  const llvm::json::Object &ids = *getRun(*log).getObject("originalUriBaseIds");
  EXPECT_EQ(ids.size(), 2u);
  EXPECT_TRUE(ids.getObject("OTHER"));

  std::string c = makeLog(
      {}, {}, {}, "mlir-memlint",
      R"(, "originalUriBaseIds": {"%SRCROOT%": {"uri": "file:///elsewhere/"}})");
  std::string error = mergeError({{"a", a}, {"c.sarif", c}});
  EXPECT_NE(error.find("c.sarif: "), std::string::npos) << error;
  EXPECT_NE(error.find("'%SRCROOT%' differently from a"), std::string::npos)
      << error;
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(SarifMergeTest, ErrorsNameTheInput) {
  std::string good = renderRun({"a.mlir"});
  auto expectError = [&](const std::string &text, llvm::StringRef what) {
    std::string error = mergeError({{"good.sarif", good}, {"bad.sarif", text}});
    EXPECT_TRUE(llvm::StringRef(error).starts_with("bad.sarif: ")) << error;
    EXPECT_NE(error.find(what.str()), std::string::npos)
        << error << "\n(expected '" << what.str() << "')";
  };
  expectError("{\"version\": ", "not valid JSON: parse error at line 1");
  expectError("", "not valid JSON");
  expectError("[]", "not a SARIF log");
  expectError(R"({"version": "2.0.0", "runs": []})", "not a SARIF 2.1.0 log");
  expectError(R"({"runs": []})", "not a SARIF 2.1.0 log");
  expectError(R"({"version": "2.1.0", "runs": []})", "no run");
  expectError(R"({"version": "2.1.0", "runs": [)"
              R"({"tool": {"driver": {"name": "mlir-memlint"}}},)"
              R"({"tool": {"driver": {"name": "mlir-memlint"}}}]})",
              "2 runs");
  expectError(R"({"version": "2.1.0", "runs": [{}]})", "no tool.driver.name");
  expectError(makeLog({}, {}, {}, "clang-tidy"),
              "from 'clang-tidy', not 'mlir-memlint' as good.sarif");
  expectError(makeLog({}, {"a.mlir"}, {}, "mlir-memlint",
                      R"(, "columnKind": "unicodeCodePoints")"),
              "columnKind 'unicodeCodePoints' differs from 'utf16CodeUnits'");
  // An index that names no artifact and no URI to find one by.
  expectError(makeLog({"r"}, {},
                      {R"({"ruleId": "r", "locations": [{"physicalLocation": )"
                       R"({"artifactLocation": {"index": 4}}}]})"}),
              "index 4, which names no artifact");
  expectError(makeLog({"r"}, {}, {R"({"ruleIndex": 3})"}),
              "ruleIndex that names no rule");
  EXPECT_EQ(mergeError({}), "no SARIF log to merge");
}

TEST(SarifMergeTest, DeepNestingIsAnErrorNotACrash) {
  const size_t depth = 50000;
  std::string arrays = std::string(depth, '[') + std::string(depth, ']');
  std::string error = mergeError({{"deep.sarif", arrays}});
  EXPECT_EQ(error, "deep.sarif: JSON nested deeper than 512 levels");

  std::string objects;
  for (size_t i = 0; i < depth; ++i)
    objects += "{\"a\":";
  objects += "1" + std::string(depth, '}');
  EXPECT_EQ(mergeError({{"deep.sarif", objects}}),
            "deep.sarif: JSON nested deeper than 512 levels");
  // Unterminated: the depth is found first all the same.
  EXPECT_EQ(mergeError({{"deep.sarif", std::string(depth, '[')}}),
            "deep.sarif: JSON nested deeper than 512 levels");
}

TEST(SarifMergeTest, NestingUpToTheLimitIsKept) {
  // The property sits at depth 6 (log, runs, run, results, result,
  // properties): 506 more arrays make 512 levels, 507 one too many.
  auto logWithArrays = [](size_t arrays) {
    return makeLog({}, {},
                   {R"({"properties": {"deep": )" + std::string(arrays, '[') +
                    std::string(arrays, ']') + "}}"});
  };
  llvm::Expected<std::string> merged =
      mergeSarifLogs({{"ok.sarif", logWithArrays(506)}});
  ASSERT_TRUE(bool(merged)) << llvm::toString(merged.takeError());
  EXPECT_EQ(mergeError({{"deep.sarif", logWithArrays(507)}}),
            "deep.sarif: JSON nested deeper than 512 levels");
}
