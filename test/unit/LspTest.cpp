//===- LspTest.cpp - The language server's conversions and edits ----------===//

#include "checks/Nolint.h"
#include "tools/Config.h"
#include "tools/lsp/LspConvert.h"
#include "tools/lsp/LspServer.h"

#include <gtest/gtest.h>

using namespace memlint;
namespace lsp = llvm::lsp;

namespace {

std::string applied(llvm::StringRef text, const FixEdit &edit) {
  std::string result = text.str();
  result.replace(edit.offset, edit.length, edit.text);
  return result;
}

TEST(LspPositionTest, Utf16CountsSurrogatePairsAsTwo) {
  // "é" is 2 bytes and 1 unit, "😀" 4 bytes and 2 units.
  std::string text = "ab\n\xC3\xA9\xF0\x9F\x98\x80x\r\nlast";
  DocumentLines lines(text, PositionEncoding::Utf16);
  EXPECT_EQ(lines.getNumLines(), 3u);
  EXPECT_EQ(lines.getLine(1), "\xC3\xA9\xF0\x9F\x98\x80x");
  lsp::Position x = lines.toPosition(3 + 6);
  EXPECT_EQ(x.line, 1);
  EXPECT_EQ(x.character, 3);
  EXPECT_EQ(lines.toOffset(lsp::Position(1, 3)), 9u);
  // Inside the surrogate pair: the end of the character.
  EXPECT_EQ(lines.toOffset(lsp::Position(1, 2)), 9u);
  // Past the end of a line, of the text, before the start: clamped.
  EXPECT_EQ(lines.toOffset(lsp::Position(1, 99)), 10u);
  EXPECT_EQ(lines.toOffset(lsp::Position(9, 0)), text.size());
  EXPECT_EQ(lines.toOffset(lsp::Position(-1, -1)), 0u);
  // Byte columns of the lint, 1-based.
  // Byte column 7 follows "é😀" (6 bytes, 3 units), column 8 "x".
  SourceRange range{2, 7, 2, 8, 0, 0};
  lsp::Range converted = lines.toRange(range);
  EXPECT_EQ(converted.start, lsp::Position(1, 3));
  EXPECT_EQ(converted.end, lsp::Position(1, 4));
}

TEST(LspPositionTest, Utf8CountsBytes) {
  std::string text = "\xC3\xA9z";
  DocumentLines lines(text, PositionEncoding::Utf8);
  EXPECT_EQ(lines.toPosition(2).character, 2);
  EXPECT_EQ(lines.toOffset(lsp::Position(0, 2)), 2u);
}

TEST(LspPositionTest, MalformedUtf8CountsByteByByte) {
  std::string text = "\xF0\x9F" "a\xFF";
  DocumentLines lines(text, PositionEncoding::Utf16);
  EXPECT_EQ(lines.toPosition(text.size()).character, 4);
  EXPECT_EQ(lines.toOffset(lsp::Position(0, 2)), 2u);
}

TEST(LspChangesTest, IncrementalAndFull) {
  // "two" starts at unit 8: "line " is 5 units, the emoji 2, the blank 1.
  std::string text = "line one\nline \xF0\x9F\x98\x80 two\n";
  llvm::json::Array changes{
      llvm::json::Object{
          {"range", llvm::json::Object{
                        {"start", llvm::json::Object{{"line", 1}, {"character", 8}}},
                        {"end", llvm::json::Object{{"line", 1}, {"character", 11}}}}},
          {"text", "2"}},
  };
  std::string error;
  ASSERT_TRUE(applyContentChanges(text, changes, PositionEncoding::Utf16, error))
      << error;
  EXPECT_EQ(text, "line one\nline \xF0\x9F\x98\x80 2\n");
  llvm::json::Array full{llvm::json::Object{{"text", "new"}}};
  ASSERT_TRUE(applyContentChanges(text, full, PositionEncoding::Utf16, error));
  EXPECT_EQ(text, "new");
  llvm::json::Array bad{llvm::json::Object{{"range", 3}, {"text", "x"}}};
  EXPECT_FALSE(applyContentChanges(text, bad, PositionEncoding::Utf16, error));
  EXPECT_EQ(text, "new");
}

TEST(SuppressionEditTest, EndOfLineOrNextLine) {
  std::string text = "a\n  %x = op\n  %y = op // keep\n  %s = op \"//\"\n";
  auto edit = getSuppressionEdit(text, 2, "lifetime-leak");
  ASSERT_TRUE(edit);
  EXPECT_EQ(applied(text, *edit),
            "a\n  %x = op  // NOLINT(lifetime-leak)\n  %y = op // keep\n"
            "  %s = op \"//\"\n");
  edit = getSuppressionEdit(text, 3, "lifetime-leak");
  ASSERT_TRUE(edit);
  EXPECT_EQ(applied(text, *edit),
            "a\n  %x = op\n  %y = op // keep NOLINT(lifetime-leak)\n"
            "  %s = op \"//\"\n");
  // A "//" in a string is not a comment.
  edit = getSuppressionEdit(text, 4, "lifetime-leak");
  ASSERT_TRUE(edit);
  EXPECT_TRUE(NolintSuppressions(applied(text, *edit))
                  .isSuppressed("lifetime-leak", 4));
  EXPECT_FALSE(getSuppressionEdit(text, 9, "lifetime-leak"));
  EXPECT_FALSE(getSuppressionEdit(text, 0, "lifetime-leak"));
}

TEST(DisableRuleEditTest, AppendsToChecksOrAddsIt) {
  auto check = [](llvm::StringRef text, llvm::StringRef expected) {
    auto edit = getDisableRuleEdit(text, "lifetime-leak");
    ASSERT_TRUE(edit) << text.str();
    std::string after = text.str();
    after.replace(edit->offset, edit->length, edit->text);
    EXPECT_EQ(after, expected.str());
  };
  check("Checks: '-*,lifetime-*'\n# comment\n",
        "Checks: '-*,lifetime-*,-lifetime-leak'\n# comment\n");
  check("WarningsAsErrors: '*'\nChecks: \"*\"\n",
        "WarningsAsErrors: '*'\nChecks: '*,-lifetime-leak'\n");
  check("{Checks: 'lifetime-*', WarningsAsErrors: ''}",
        "{Checks: 'lifetime-*,-lifetime-leak', WarningsAsErrors: ''}");
  check("InheritParentConfig: true", "InheritParentConfig: true\nChecks: '-lifetime-leak'\n");
  check("", "Checks: '-lifetime-leak'\n");
  check("# only a comment\n", "# only a comment\nChecks: '-lifetime-leak'\n");
  // No edit: an invalid config, a flow mapping without Checks.
  EXPECT_FALSE(getDisableRuleEdit("Checks: [", "lifetime-leak"));
  EXPECT_FALSE(getDisableRuleEdit("{WarningsAsErrors: ''}", "lifetime-leak"));
}

TEST(LspSettingsTest, TypesAreChecked) {
  LspSettings settings;
  std::vector<std::string> errors, warnings;
  auto value = llvm::json::parse(
      R"({"checks":"-*,lifetime-*","failOn":"warning","splitInputFile":true,
          "dialectPlugins":["a.so"],"maxFileBytes":10,"server":{"path":"x"},
          "fialOn":"note"})");
  ASSERT_TRUE(bool(value));
  applySettings(*value, settings, errors, warnings);
  EXPECT_TRUE(errors.empty());
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "unknown setting 'fialOn'; did you mean 'failOn'?");
  EXPECT_EQ(settings.checks, std::optional<std::string>("-*,lifetime-*"));
  EXPECT_EQ(settings.failOn, Level::Warning);
  EXPECT_EQ(settings.splitInputFile, std::optional<bool>(true));
  EXPECT_EQ(settings.maxFileBytes, 10u);
  value = llvm::json::parse(
      R"({"checks":7,"failOn":"fatal","splitInputFile":"auto","dialectPlugins":[1]})");
  ASSERT_TRUE(bool(value));
  errors.clear();
  applySettings(*value, settings, errors, warnings);
  EXPECT_EQ(errors.size(), 3u);
  EXPECT_EQ(settings.checks, std::optional<std::string>("-*,lifetime-*"));
  EXPECT_EQ(settings.failOn, Level::Warning);
  EXPECT_FALSE(settings.splitInputFile);
  EXPECT_EQ(settings.dialectPlugins, std::vector<std::string>{"a.so"});
}

} // namespace
