//===- SarifTest.cpp - SARIF rendering of what the tool cannot produce yet ===//
//
// Fix-its, suppressions and baseline states on a hand-made finding: the
// SARIF writer must emit them in SARIF's shape (the lit tests cover the
// rest with real findings and Microsoft's validator).
//
//===----------------------------------------------------------------------===//

#include "reporters/Reporters.h"

#include "llvm/Support/JSON.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {
ReportedFinding makeFinding() {
  ReportedFinding item;
  Finding &f = item.finding;
  f.rule = "lifetime-leak";
  f.level = Level::Error;
  f.function = "f";
  f.location.file = "dir/a b.mlir";
  f.location.range = {2, 8, 2, 38, 24, 54};
  f.message = "buffer '%a' is leaked on every path";
  f.notes.push_back({{"dir/a b.mlir", {3, 3, 3, 9, 58, 64}},
                     "buffer leaks at function exit"});
  FixIt fix;
  fix.description = "free the buffer before the return";
  fix.edits.push_back({"dir/a b.mlir", 58, 0,
                       "memref.dealloc %a : memref<4xf32>\n  "});
  f.fixes.push_back(fix);
  item.fingerprint = "0123";
  return item;
}

const llvm::json::Object &firstResult(const llvm::json::Value &log) {
  return *log.getAsObject()
              ->getArray("runs")
              ->front()
              .getAsObject()
              ->getArray("results")
              ->front()
              .getAsObject();
}
} // namespace

TEST(SarifTest, FixesAreReplacements) {
  std::vector<FileStatus> files(1);
  files[0].path = "dir/a b.mlir";
  SourceTexts texts = {{"dir/a b.mlir", "func.func @f() {\n  %a = memref.alloc() "
                                        ": memref<4xf32>\n  return\n}\n"}};
  std::string text = renderSarif(files, {makeFinding()}, texts, {});
  auto log = llvm::json::parse(text);
  ASSERT_TRUE(bool(log)) << llvm::toString(log.takeError());
  const llvm::json::Object &result = firstResult(*log);
  const llvm::json::Object &fix =
      *result.getArray("fixes")->front().getAsObject();
  EXPECT_EQ(fix.getObject("description")->getString("text"),
            "free the buffer before the return.");
  const llvm::json::Object &change =
      *fix.getArray("artifactChanges")->front().getAsObject();
  // Paths are percent-encoded URIs relative to %SRCROOT%.
  EXPECT_EQ(change.getObject("artifactLocation")->getString("uri"),
            "dir/a%20b.mlir");
  EXPECT_EQ(change.getObject("artifactLocation")->getString("uriBaseId"),
            "%SRCROOT%");
  const llvm::json::Object &replacement =
      *change.getArray("replacements")->front().getAsObject();
  EXPECT_EQ(replacement.getObject("deletedRegion")->getInteger("byteOffset"),
            58);
  EXPECT_EQ(replacement.getObject("deletedRegion")->getInteger("byteLength"),
            0);
  EXPECT_EQ(replacement.getObject("insertedContent")->getString("text"),
            "memref.dealloc %a : memref<4xf32>\n  ");
  // No suppression, no baseline: neither property.
  EXPECT_FALSE(result.get("suppressions"));
  EXPECT_FALSE(result.get("baselineState"));
}

TEST(SarifTest, SuppressedOnlyWhenAskedFor) {
  std::vector<FileStatus> files(1);
  files[0].path = "dir/a b.mlir";
  ReportedFinding item = makeFinding();
  item.suppressed = true;
  auto count = [&](bool include) {
    SarifOptions options;
    options.includeSuppressed = include;
    auto log = llvm::json::parse(renderSarif(files, {item}, {}, options));
    EXPECT_TRUE(bool(log));
    return log->getAsObject()
        ->getArray("runs")
        ->front()
        .getAsObject()
        ->getArray("results")
        ->size();
  };
  EXPECT_EQ(count(false), 0u);
  EXPECT_EQ(count(true), 1u);
  SarifOptions options;
  options.includeSuppressed = true;
  auto log = llvm::json::parse(renderSarif(files, {item}, {}, options));
  ASSERT_TRUE(bool(log));
  const llvm::json::Array *suppressions =
      firstResult(*log).getArray("suppressions");
  ASSERT_TRUE(suppressions);
  EXPECT_EQ(suppressions->front().getAsObject()->getString("kind"),
            "inSource");
}

TEST(SarifTest, BaselineStates) {
  std::vector<FileStatus> files(1);
  files[0].path = "a.mlir";
  ReportedFinding item = makeFinding();
  item.baselineState = BaselineState::Unchanged;
  auto log = llvm::json::parse(renderSarif(files, {item}, {}, {}));
  ASSERT_TRUE(bool(log));
  EXPECT_EQ(firstResult(*log).getString("baselineState"), "unchanged");
}

TEST(GithubTest, Escaping) {
  EXPECT_EQ(escapeGithubData("50% a:b,c\r\nd"), "50%25 a:b,c%0D%0Ad");
  EXPECT_EQ(escapeGithubProperty("50% a:b,c\r\nd"), "50%25 a%3Ab%2Cc%0D%0Ad");
}
