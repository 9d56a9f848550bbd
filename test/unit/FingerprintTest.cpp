//===- FingerprintTest.cpp - GitHub line hashes, semantic fingerprints -----===//
//
// Line-hash vectors: computed with test/sarif/github_line_hash.py, an
// independent Python reimplementation of the algorithm published in
// github/codeql-action (src/fingerprints.ts), which was itself checked
// against a line-by-line JavaScript transliteration of fingerprints.ts run
// under Node.js (BigInt for the `long` arithmetic) on these inputs, the
// examples and the corpus: no difference. The first two vectors can be
// checked by hand (see their comments).
//
//===----------------------------------------------------------------------===//

#include "reporters/Fingerprints.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {
std::vector<std::string> hashes(llvm::StringRef text) {
  return computeLineHashes(text);
}
} // namespace

TEST(LineHashTest, EmptyFile) {
  // One line: the end-of-file unit 65535 then 99 zeros, i.e.
  // 65535 * 37^99 mod 2^64 = 0xc129715d7a2bc9a3.
  EXPECT_EQ(hashes(""), std::vector<std::string>{"c129715d7a2bc9a3:1"});
}

TEST(LineHashTest, OneLine) {
  // Line 1 sees 'a', '\n', EOF: 97*37^99 + 10*37^98 + 65535*37^97 mod 2^64;
  // line 2 (after the final line break) is the empty file's.
  EXPECT_EQ(hashes("a\n"), (std::vector<std::string>{"243cbaa4685aab12:1",
                                                     "c129715d7a2bc9a3:1"}));
}

TEST(LineHashTest, TwoLines) {
  EXPECT_EQ(hashes("hello\nworld\n"),
            (std::vector<std::string>{"a2b8faa8c5a43ef3:1",
                                      "53f9e022cffbf0f1:1",
                                      "c129715d7a2bc9a3:1"}));
}

TEST(LineHashTest, SpacesTabsAndCrLfAreIgnored) {
  std::vector<std::string> expected = {"bb5f10bd86e5ab56:1", "c33be7e0cf7c3ca:1",
                                       "c129715d7a2bc9a3:1"};
  EXPECT_EQ(hashes("  x = 1\r\n\ty\r\n"), expected);
  // Without the blanks and with '\n' only, the hashes are the same.
  EXPECT_EQ(hashes("x=1\ny\n"), expected);
}

TEST(LineHashTest, LoneCarriageReturnsEndLines) {
  // "a\r", "b\r", "\r\n" (an empty line), "c".
  EXPECT_EQ(hashes("a\rb\r\r\nc"),
            (std::vector<std::string>{"4850bf53658d4e53:1", "b0367d257df6d03c:1",
                                      "1c206f60a702cfe8:1",
                                      "188ff2f224477a1e:1"}));
}

TEST(LineHashTest, EqualHashesAreCounted) {
  // 60 lines "x": the first 11 see the same 100 units ("x\n" x 50), so they
  // share a hash, numbered :1 to :11; line 12 sees the end of the file.
  std::string text;
  for (int i = 0; i < 60; ++i)
    text += "x\n";
  std::vector<std::string> got = hashes(text);
  ASSERT_EQ(got.size(), 61u);
  for (int i = 0; i < 11; ++i)
    EXPECT_EQ(got[i], "c0fe7b2700d6c254:" + std::to_string(i + 1));
  EXPECT_EQ(got[11], "c0fe7b2700fbb0cd:1");
  EXPECT_EQ(got[12], "c0fe7b27c655f603:1");
  EXPECT_EQ(got[13], "c0fe7f47261213c9:1");
  EXPECT_EQ(got[60], "c129715d7a2bc9a3:1");
}

TEST(LineHashTest, NonAsciiIsHashedAsUtf16) {
  // U+00E9 is one UTF-16 unit, U+1F600 two (a surrogate pair).
  EXPECT_EQ(hashes("\xc3\xa9\xf0\x9f\x98\x80\n"),
            (std::vector<std::string>{"16a367e7bde89037:1",
                                      "c129715d7a2bc9a3:1"}));
  // Invalid UTF-8 becomes U+FFFD per maximal subpart, as in Node.js.
  EXPECT_EQ(hashes("\xff\xfe bad \xe2\x82 utf8\n"),
            (std::vector<std::string>{"ac5851f3945ccac6:1",
                                      "c129715d7a2bc9a3:1"}));
  // A byte order mark is kept as U+FEFF.
  EXPECT_EQ(hashes("\xef\xbb\xbf" "bom\n"),
            (std::vector<std::string>{"3f85594aa837da86:1",
                                      "c129715d7a2bc9a3:1"}));
}

TEST(Utf16ColumnTest, ConvertsByteColumns) {
  llvm::StringRef line = "  %\xc3\xa9 = \xf0\x9f\x98\x80 x";
  EXPECT_EQ(toUtf16Column(line, 1), 1u);
  EXPECT_EQ(toUtf16Column(line, 3), 3u);
  // After "  %é" (5 bytes, 4 units).
  EXPECT_EQ(toUtf16Column(line, 6), 5u);
  // After "  %é = " and the 4-byte emoji (13 bytes, 10 units).
  EXPECT_EQ(toUtf16Column(line, 14), 11u);
  // Past the end of the line: one unit per missing byte.
  EXPECT_EQ(toUtf16Column("ab", 5), 5u);
}

//===----------------------------------------------------------------------===//
// Semantic fingerprints
//===----------------------------------------------------------------------===//

namespace {
Finding makeFinding(unsigned line, std::string subject,
                    std::string rule = "lifetime-leak") {
  Finding f;
  f.rule = std::move(rule);
  f.function = "f";
  f.opName = "memref.alloc";
  f.subject = std::move(subject);
  f.location.file = "a.mlir";
  f.location.range.line = f.location.range.endLine = line;
  f.location.range.column = 3;
  f.message = "buffer '" + f.subject + "' is leaked on every path";
  return f;
}

std::vector<std::string> prints(const std::vector<Finding> &findings) {
  std::vector<const Finding *> ptrs;
  for (const Finding &f : findings)
    ptrs.push_back(&f);
  return computeSemanticFingerprints(ptrs);
}
} // namespace

TEST(SemanticFingerprintTest, StableWhenLinesAreInsertedAbove) {
  std::vector<Finding> before = {makeFinding(4, "%a"), makeFinding(9, "%b")};
  // Ten lines inserted above both findings.
  std::vector<Finding> after = {makeFinding(14, "%a"), makeFinding(19, "%b")};
  EXPECT_EQ(prints(before), prints(after));
  EXPECT_NE(prints(before)[0], prints(before)[1]);
  EXPECT_EQ(prints(before)[0].size(), 32u);
}

TEST(SemanticFingerprintTest, OccurrenceIndexSeparatesEqualIdentities) {
  // Two leaks of buffers written with the same name in the same function.
  std::vector<Finding> twice = {makeFinding(4, "%a"), makeFinding(8, "%a")};
  std::vector<std::string> p = prints(twice);
  EXPECT_NE(p[0], p[1]);
  // A new, different finding above them changes neither.
  std::vector<Finding> withNew = {makeFinding(2, "%z"), makeFinding(5, "%a"),
                                  makeFinding(9, "%a")};
  std::vector<std::string> q = prints(withNew);
  EXPECT_EQ(q[1], p[0]);
  EXPECT_EQ(q[2], p[1]);
}

TEST(SemanticFingerprintTest, IdentityFieldsMatter) {
  Finding base = makeFinding(4, "%a");
  std::string p = prints({base})[0];
  Finding otherRule = base;
  otherRule.rule = "lifetime-double-free";
  Finding otherFile = base;
  otherFile.location.file = "b.mlir";
  Finding otherFunction = base;
  otherFunction.function = "g";
  Finding otherOp = base;
  otherOp.opName = "gpu.alloc";
  for (const Finding &f : {otherRule, otherFile, otherFunction, otherOp})
    EXPECT_NE(prints({f})[0], p);
  // The message and the column are not part of it.
  Finding otherMessage = base;
  otherMessage.message = "reworded";
  otherMessage.location.range.column = 9;
  EXPECT_EQ(prints({otherMessage})[0], p);
}
