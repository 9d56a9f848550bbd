//===- UnifiedDiffTest.cpp - The diff --fix-dry-run prints ---------------===//
//
// A file too large to align by a longest common subsequence in one go
// still gets hunks around its changed lines only, and the diff applies
// back to the new text.
//
//===----------------------------------------------------------------------===//

#include "reporters/Reporters.h"

#include "llvm/ADT/StringExtras.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {
/// Lines "  %vN = op N\n" for N in [0, count).
std::string numberedLines(unsigned count) {
  std::string text;
  for (unsigned i = 0; i < count; ++i)
    text += "  %v" + std::to_string(i) + " = op " + std::to_string(i) + "\n";
  return text;
}

/// Applies a unified diff made by renderUnifiedDiff to `before`.
std::string applyDiff(llvm::StringRef before, llvm::StringRef diff) {
  llvm::SmallVector<llvm::StringRef> old, lines;
  before.split(old, '\n');
  diff.split(lines, '\n');
  std::string out;
  size_t next = 0; // the next line of `old` not copied yet (0-based)
  for (size_t k = 2; k < lines.size(); ++k) {
    llvm::StringRef line = lines[k];
    if (line.consume_front("@@ -")) {
      unsigned start = 0;
      line.consumeInteger(10, start);
      size_t first = start ? start - 1 : 0;
      for (; next < first; ++next)
        out += old[next].str() + "\n";
      continue;
    }
    if (line.empty())
      continue;
    char kind = line.front();
    if (kind == ' ' || kind == '-')
      ++next;
    if (kind == ' ' || kind == '+')
      out += line.drop_front().str() + "\n";
  }
  for (; next + 1 < old.size(); ++next)
    out += old[next].str() + "\n";
  return out;
}

TEST(UnifiedDiff, LargeFileGetsSmallHunks) {
  // 6000 lines (36M cells for one alignment): three lines changed, one
  // added, one removed, far apart.
  std::string before = numberedLines(6000);
  std::string after = before;
  auto replace = [&](llvm::StringRef from, llvm::StringRef to) {
    size_t at = after.find(from.str());
    ASSERT_NE(at, std::string::npos);
    after.replace(at, from.size(), to.str());
  };
  replace("  %v10 = op 10\n", "  %v10 = op ten\n");
  replace("  %v3000 = op 3000\n", "  %v3000 = op 3000\n  memref.dealloc %v3000\n");
  replace("  %v4500 = op 4500\n", "");
  replace("  %v5990 = op 5990\n", "  %v5990 = changed\n");
  std::string diff = renderUnifiedDiff(before, after, "big.mlir");
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(diff).split(lines, '\n');
  unsigned hunks = llvm::count_if(
      lines, [](llvm::StringRef l) { return l.starts_with("@@ "); });
  EXPECT_EQ(hunks, 4u);
  // Each hunk: its header, 3 lines of context each side, the changes.
  EXPECT_LT(lines.size(), 50u) << diff;
  EXPECT_NE(diff.find("@@ -8,7 +8,7 @@\n"), std::string::npos) << diff;
  EXPECT_NE(diff.find("-  %v10 = op 10\n+  %v10 = op ten\n"),
            std::string::npos);
  EXPECT_NE(diff.find("+  memref.dealloc %v3000\n"), std::string::npos);
  EXPECT_NE(diff.find("-  %v4500 = op 4500\n"), std::string::npos);
  EXPECT_EQ(applyDiff(before, diff), after);
}

TEST(UnifiedDiff, RepeatedLinesStillAlign) {
  // Lines that are all alike give no unique anchor: the middle may be
  // replaced whole, but the diff must still turn the old text into the
  // new one.
  std::string before, after;
  for (unsigned i = 0; i < 3000; ++i)
    before += "  scf.yield\n";
  after = "  first\n" + before.substr(0, before.size() / 2) + "  middle\n" +
          before.substr(before.size() / 2) + "  last\n";
  std::string diff = renderUnifiedDiff(before, after, "same.mlir");
  EXPECT_EQ(applyDiff(before, diff), after);
}
} // namespace
