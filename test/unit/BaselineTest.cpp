//===- BaselineTest.cpp - Matching findings against a SARIF baseline ------===//

#include "reporters/Fingerprints.h"
#include "tools/Baseline.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {
ReportedFinding makeFinding(std::string rule, std::string print) {
  ReportedFinding f;
  f.finding.rule = std::move(rule);
  f.fingerprint = std::move(print);
  return f;
}

/// A SARIF log holding results (rule, fingerprint).
std::string makeLog(
    std::vector<std::pair<std::string, std::string>> results,
    bool suppressLast = false) {
  std::string text = R"({"version": "2.1.0", "runs": [{"results": [)";
  for (size_t i = 0; i < results.size(); ++i) {
    if (i)
      text += ",";
    text += R"({"ruleId": ")" + results[i].first +
            R"(", "partialFingerprints": {")" + kSemanticFingerprintKey.str() +
            R"(": ")" + results[i].second + "\"}";
    if (suppressLast && i + 1 == results.size())
      text += R"(, "suppressions": [{"kind": "inSource"}])";
    text += "}";
  }
  return text + "]}]}";
}
} // namespace

TEST(BaselineTest, MatchesRuleAndFingerprint) {
  auto baseline = Baseline::parse(
      makeLog({{"lifetime-leak", "p1"}, {"lifetime-double-free", "p2"},
               {"lifetime-leak", "gone"}}),
      "old.sarif");
  ASSERT_TRUE(bool(baseline)) << llvm::toString(baseline.takeError());
  EXPECT_EQ(baseline->size(), 3u);
  std::vector<ReportedFinding> findings = {
      makeFinding("lifetime-leak", "p1"),
      // Same fingerprint, other rule: new.
      makeFinding("lifetime-leak", "p2"),
      makeFinding("lifetime-use-after-free", "p3")};
  size_t gone = baseline->classify(findings);
  EXPECT_EQ(findings[0].baselineState, BaselineState::Unchanged);
  EXPECT_EQ(findings[1].baselineState, BaselineState::New);
  EXPECT_EQ(findings[2].baselineState, BaselineState::New);
  // lifetime-double-free/p2 and lifetime-leak/gone are not found any more.
  EXPECT_EQ(gone, 2u);
}

TEST(BaselineTest, CountsDuplicates) {
  auto baseline =
      Baseline::parse(makeLog({{"lifetime-leak", "p"}}), "old.sarif");
  ASSERT_TRUE(bool(baseline));
  std::vector<ReportedFinding> findings = {makeFinding("lifetime-leak", "p"),
                                           makeFinding("lifetime-leak", "p")};
  EXPECT_EQ(baseline->classify(findings), 0u);
  EXPECT_EQ(findings[0].baselineState, BaselineState::Unchanged);
  EXPECT_EQ(findings[1].baselineState, BaselineState::New);
}

TEST(BaselineTest, SuppressedEntriesAndFindingsAreIgnored) {
  auto baseline = Baseline::parse(
      makeLog({{"lifetime-leak", "p"}, {"lifetime-leak", "q"}},
              /*suppressLast=*/true),
      "old.sarif");
  ASSERT_TRUE(bool(baseline));
  EXPECT_EQ(baseline->size(), 1u);
  std::vector<ReportedFinding> findings = {makeFinding("lifetime-leak", "q")};
  findings.push_back(makeFinding("lifetime-leak", "p"));
  findings.back().suppressed = true;
  baseline->classify(findings);
  EXPECT_EQ(findings[0].baselineState, BaselineState::New);
  EXPECT_EQ(findings[1].baselineState, BaselineState::None);
}

TEST(BaselineTest, RejectsWhatIsNotABaseline) {
  auto notJson = Baseline::parse("{", "old.sarif");
  ASSERT_FALSE(bool(notJson));
  EXPECT_NE(llvm::toString(notJson.takeError()).find("old.sarif: error:"),
            std::string::npos);
  auto notSarif = Baseline::parse(R"({"version": 1, "findings": []})", "x");
  ASSERT_FALSE(bool(notSarif));
  llvm::consumeError(notSarif.takeError());
  auto noPrint = Baseline::parse(
      R"({"version": "2.1.0", "runs": [{"results": [{"ruleId": "a"}]}]})", "x");
  ASSERT_FALSE(bool(noPrint));
  EXPECT_NE(llvm::toString(noPrint.takeError()).find("fingerprint"),
            std::string::npos);
}
