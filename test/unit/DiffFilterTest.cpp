//===- DiffFilterTest.cpp - --diff: the lines a unified diff changes ------===//
//
// Diffs as git and diff(1) write them: -U0 and with context, new, deleted
// and renamed files, quoted names, CRLF, and the malformed hunks that must
// be errors naming their line.
//
//===----------------------------------------------------------------------===//

#include "tools/DiffFilter.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {
ChangedLines parse(llvm::StringRef text, unsigned strip = 1) {
  llvm::Expected<ChangedLines> lines = parseUnifiedDiff(text, strip);
  if (!lines) {
    ADD_FAILURE() << llvm::toString(lines.takeError());
    return {};
  }
  return std::move(*lines);
}

std::string parseError(llvm::StringRef text, unsigned strip = 1) {
  llvm::Expected<ChangedLines> lines = parseUnifiedDiff(text, strip);
  if (lines) {
    ADD_FAILURE() << "the diff parsed";
    return "";
  }
  return llvm::toString(lines.takeError());
}

std::vector<LineRange> ranges(const ChangedLines &lines, llvm::StringRef path) {
  llvm::ArrayRef<LineRange> found = lines.getRanges(path);
  return {found.begin(), found.end()};
}

using Ranges = std::vector<LineRange>;
} // namespace

//===----------------------------------------------------------------------===//
// What is marked
//===----------------------------------------------------------------------===//

TEST(DiffFilterTest, GitDiffZeroContext) {
  ChangedLines lines = parse("diff --git a/test/a.mlir b/test/a.mlir\n"
                             "index 1234567..89abcde 100644\n"
                             "--- a/test/a.mlir\n"
                             "+++ b/test/a.mlir\n"
                             "@@ -3 +3 @@ func.func @f() {\n"
                             "-  %a = memref.alloc() : memref<4xf32>\n"
                             "+  %a = memref.alloc() : memref<8xf32>\n"
                             "@@ -10,0 +11,2 @@\n"
                             "+  memref.dealloc %a : memref<8xf32>\n"
                             "+  return\n"
                             "@@ -20,3 +22,0 @@\n"
                             "-  a\n"
                             "-  b\n"
                             "-  c\n");
  EXPECT_EQ(ranges(lines, "test/a.mlir"), (Ranges{{3, 3}, {11, 12}}));
  EXPECT_EQ(lines.getFiles(), std::vector<std::string>{"test/a.mlir"});
  EXPECT_TRUE(lines.contains("test/a.mlir", 3));
  EXPECT_FALSE(lines.contains("test/a.mlir", 4));
  EXPECT_FALSE(lines.contains("test/a.mlir", 10));
  EXPECT_TRUE(lines.contains("test/a.mlir", 12));
  // A pure deletion (the hunk at 22) marks nothing.
  EXPECT_FALSE(lines.contains("test/a.mlir", 22));
  EXPECT_FALSE(lines.contains("test/a.mlir", 21));
  EXPECT_FALSE(lines.contains("test/b.mlir", 3));
  EXPECT_TRUE(lines.intersects("test/a.mlir", 5, 11));
  EXPECT_FALSE(lines.intersects("test/a.mlir", 4, 10));
}

TEST(DiffFilterTest, ContextLinesAreNotChanged) {
  // `git diff` (three lines of context) and `diff -u` with time stamps.
  ChangedLines lines =
      parse("--- a/a.mlir\t2024-01-01 10:00:00.000000000 +0100\n"
            "+++ b/a.mlir\t2024-01-02 10:00:00.000000000 +0100\n"
            "@@ -1,7 +1,8 @@\n"
            " func.func @f() {\n"
            "   %a = memref.alloc() : memref<4xf32>\n"
            "-  %b = memref.alloc() : memref<4xf32>\n"
            "+  %b = memref.alloc() : memref<8xf32>\n"
            "+  %c = memref.alloc() : memref<8xf32>\n"
            "   memref.dealloc %a : memref<4xf32>\n"
            "\n"
            "-  return\n"
            "+  func.return\n"
            " }\n");
  EXPECT_EQ(ranges(lines, "a.mlir"), (Ranges{{3, 4}, {7, 7}}));
  EXPECT_FALSE(lines.contains("a.mlir", 1));
  EXPECT_FALSE(lines.contains("a.mlir", 5));
  EXPECT_FALSE(lines.contains("a.mlir", 8));
}

TEST(DiffFilterTest, NewDeletedAndRenamedFiles) {
  ChangedLines lines = parse("diff --git a/new.mlir b/new.mlir\n"
                             "new file mode 100644\n"
                             "index 0000000..1111111\n"
                             "--- /dev/null\n"
                             "+++ b/new.mlir\n"
                             "@@ -0,0 +1,2 @@\n"
                             "+func.func @f() {\n"
                             "+}\n"
                             "\\ No newline at end of file\n"
                             "diff --git a/gone.mlir b/gone.mlir\n"
                             "deleted file mode 100644\n"
                             "--- a/gone.mlir\n"
                             "+++ /dev/null\n"
                             "@@ -1,2 +0,0 @@\n"
                             "-func.func @g() {\n"
                             "-}\n"
                             "diff --git a/old.mlir b/moved.mlir\n"
                             "similarity index 90%\n"
                             "rename from old.mlir\n"
                             "rename to moved.mlir\n"
                             "--- a/old.mlir\n"
                             "+++ b/moved.mlir\n"
                             "@@ -4 +4,2 @@\n"
                             "-  return\n"
                             "\\ No newline at end of file\n"
                             "+  return\n"
                             "+}\n"
                             "diff --git a/same.mlir b/renamed.mlir\n"
                             "similarity index 100%\n"
                             "rename from same.mlir\n"
                             "rename to renamed.mlir\n"
                             "diff --git a/img.png b/img.png\n"
                             "Binary files a/img.png and b/img.png differ\n");
  EXPECT_EQ(ranges(lines, "new.mlir"), (Ranges{{1, 2}}));
  EXPECT_EQ(ranges(lines, "moved.mlir"), (Ranges{{4, 5}}));
  EXPECT_FALSE(lines.containsFile("gone.mlir"));
  EXPECT_FALSE(lines.containsFile("old.mlir"));
  EXPECT_FALSE(lines.containsFile("renamed.mlir"));
  EXPECT_EQ(lines.getFiles(),
            (std::vector<std::string>{"moved.mlir", "new.mlir"}));
}

TEST(DiffFilterTest, HunkLinesThatLookLikeHeaders) {
  // A deleted "-- x" reads "--- x", an added "++ y" reads "+++ y": the
  // counts say they are in the hunk.
  ChangedLines lines = parse("--- a/a.mlir\n"
                             "+++ b/a.mlir\n"
                             "@@ -5,2 +5,2 @@\n"
                             "--- x\n"
                             "+++ y\n"
                             " // @@ -1 +1 @@\n"
                             "--- a/b.mlir\n"
                             "+++ b/b.mlir\n"
                             "@@ -1 +1 @@\n"
                             "-a\n"
                             "+b\n");
  EXPECT_EQ(ranges(lines, "a.mlir"), (Ranges{{5, 5}}));
  EXPECT_EQ(ranges(lines, "b.mlir"), (Ranges{{1, 1}}));
}

TEST(DiffFilterTest, CrlfAndQuotedNames) {
  ChangedLines lines =
      parse("diff --git \"a/caf\\303\\251.mlir\" \"b/caf\\303\\251.mlir\"\r\n"
            "--- \"a/caf\\303\\251.mlir\"\r\n"
            "+++ \"b/caf\\303\\251.mlir\"\r\n"
            "@@ -2 +2 @@\r\n"
            "-x\r\n"
            "+y\r\n"
            "--- a/with space.mlir\t\r\n"
            "+++ b/with space.mlir\t\r\n"
            "@@ -1,0 +2 @@\r\n"
            "+z\r\n");
  EXPECT_EQ(ranges(lines, "caf\xc3\xa9.mlir"), (Ranges{{2, 2}}));
  EXPECT_EQ(ranges(lines, "with space.mlir"), (Ranges{{2, 2}}));
}

TEST(DiffFilterTest, TextAroundThePatchIsSkipped) {
  // git format-patch: a mail, a diffstat after "---", a signature.
  ChangedLines lines = parse("From 0123 Mon Sep 17 00:00:00 2001\n"
                             "Subject: [PATCH] fix a leak\n"
                             "\n"
                             "---\n"
                             " a.mlir | 1 +\n"
                             "\n"
                             "diff --git a/a.mlir b/a.mlir\n"
                             "--- a/a.mlir\n"
                             "+++ b/a.mlir\n"
                             "@@ -3,0 +4 @@\n"
                             "+  memref.dealloc %a : memref<4xf32>\n"
                             "-- \n"
                             "2.43.0\n");
  EXPECT_EQ(ranges(lines, "a.mlir"), (Ranges{{4, 4}}));
}

TEST(DiffFilterTest, RangesAreJoined) {
  ChangedLines lines = parse("--- a/a.mlir\n"
                             "+++ b/a.mlir\n"
                             "@@ -1,0 +10,2 @@\n"
                             "+a\n"
                             "+b\n"
                             "@@ -1,0 +3 @@\n"
                             "+c\n"
                             "--- a/a.mlir\n"
                             "+++ b/./a.mlir\n"
                             "@@ -1,0 +12 @@\n"
                             "+d\n"
                             "@@ -1,0 +4,2 @@\n"
                             "+e\n"
                             "+f\n");
  EXPECT_EQ(ranges(lines, "a.mlir"), (Ranges{{3, 5}, {10, 12}}));
  ChangedLines added;
  added.add("x.mlir", {5, 9});
  added.add("x.mlir", {1, 2});
  added.add("x.mlir", {20, 30});
  added.add("x.mlir", {3, 21});
  added.add("x.mlir", {0, 4});
  EXPECT_EQ(ranges(added, "x.mlir"), (Ranges{{1, 30}}));
}

//===----------------------------------------------------------------------===//
// Paths
//===----------------------------------------------------------------------===//

TEST(DiffFilterTest, PathsMatchInAbsoluteForm) {
  ChangedLines lines = parse("--- a/dir/a.mlir\n"
                             "+++ b/dir/a.mlir\n"
                             "@@ -1 +1 @@\n"
                             "-x\n"
                             "+y\n");
  llvm::SmallString<256> cwd;
  ASSERT_FALSE(llvm::sys::fs::current_path(cwd));
  llvm::SmallString<256> absolute = cwd;
  llvm::sys::path::append(absolute, "dir", "a.mlir");
  EXPECT_TRUE(lines.contains("dir/a.mlir", 1));
  EXPECT_TRUE(lines.contains("./dir/a.mlir", 1));
  EXPECT_TRUE(lines.contains("dir/./x/../a.mlir", 1));
  EXPECT_TRUE(lines.contains(absolute, 1));
  EXPECT_FALSE(lines.contains("a.mlir", 1));
  EXPECT_FALSE(lines.contains("/elsewhere/dir/a.mlir", 1));

  // An absolute name in the diff (diff -u /abs/x, -p 0) matches relative.
  std::string diff = "--- " + std::string(absolute) + "\n+++ " +
                     std::string(absolute) + "\n@@ -1 +1 @@\n-x\n+y\n";
  ChangedLines fromAbsolute = parse(diff, 0);
  EXPECT_TRUE(fromAbsolute.contains("./dir/a.mlir", 1));

  // Relative names of the diff can be relative to another folder.
  llvm::Expected<ChangedLines> rooted =
      parseUnifiedDiff("+++ b/a.mlir\n@@ -1 +1 @@\n-x\n+y\n", 1, "/repo");
  ASSERT_TRUE(bool(rooted)) << llvm::toString(rooted.takeError());
  EXPECT_TRUE(rooted->contains("/repo/a.mlir", 1));
  EXPECT_TRUE(rooted->contains("/repo/sub/../a.mlir", 1));
  EXPECT_EQ(rooted->getFiles(), std::vector<std::string>{"a.mlir"});
}

TEST(DiffFilterTest, StripCount) {
  std::string diff = "--- x/y/a.mlir\n+++ x/y/a.mlir\n@@ -1 +1 @@\n-x\n+y\n";
  EXPECT_TRUE(parse(diff, 0).contains("x/y/a.mlir", 1));
  EXPECT_TRUE(parse(diff, 1).contains("y/a.mlir", 1));
  EXPECT_TRUE(parse(diff, 2).contains("a.mlir", 1));
  EXPECT_EQ(parseError(diff, 3),
            "line 2: cannot strip 3 leading components from 'x/y/a.mlir'");
  // `diff -u old new` of two files in the current folder needs -p 0.
  EXPECT_EQ(parseError("--- old.mlir\n+++ new.mlir\n@@ -1 +1 @@\n-x\n+y\n"),
            "line 2: cannot strip 1 leading component from 'new.mlir'");
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(DiffFilterTest, MalformedHunksNameTheirLine) {
  const char *header = "--- a/a.mlir\n+++ b/a.mlir\n";
  auto withHeader = [&](const std::string &rest) { return header + rest; };
  EXPECT_EQ(parseError(withHeader("@@ -1 +x @@\n")),
            "line 3: malformed hunk header '@@ -1 +x @@'");
  EXPECT_EQ(parseError(withHeader("@@ -1,2 +1,2\n")),
            "line 3: malformed hunk header '@@ -1,2 +1,2'");
  EXPECT_EQ(parseError(withHeader("@@ -1 +4294967295,3 @@\n")),
            "line 3: malformed hunk header '@@ -1 +4294967295,3 @@'");
  // Fewer lines than the counts say, then another hunk.
  EXPECT_EQ(parseError(withHeader("@@ -1,2 +1,2 @@\n-a\n+b\n@@ -9 +9 @@\n")),
            "line 6: the hunk at line 3 ends early: 1 old and 1 new lines "
            "are missing");
  // The diff ends inside a hunk.
  EXPECT_EQ(parseError(withHeader("@@ -1,2 +1,3 @@\n-a\n+b\n")),
            "line 5: the diff ends inside the hunk at line 3: 1 old and 2 "
            "new lines are missing");
  // More lines than the counts say.
  EXPECT_EQ(parseError(withHeader("@@ -1 +1 @@\n-a\n-b\n+c\n")),
            "line 5: more lines than the hunk header at line 3 says");
  EXPECT_EQ(parseError(withHeader("@@ -1 +1 @@\n-a\n+b\n+c\n")),
            "line 6: more lines than the hunk header at line 3 says");
  EXPECT_EQ(parseError(withHeader("@@ -1,0 +1 @@\n a\n")),
            "line 4: more lines than the hunk header at line 3 says");
  // A hunk with no file.
  EXPECT_EQ(parseError("@@ -1 +1 @@\n-a\n+b\n"),
            "line 1: a hunk before any '+++' file header");
  EXPECT_EQ(parseError("+++ b/a.mlir\n@@ -1 +1 @@\n-a\n+b\n"
                       "diff --git a/b b/b\n@@ -1 +1 @@\n-a\n+b\n"),
            "line 6: a hunk before any '+++' file header");
  EXPECT_EQ(parseError(withHeader("@@@ -1 -1 +1 @@@\n")),
            "line 3: combined diffs (of merges) are not supported");
  EXPECT_EQ(parseError("+++ \"b/a.mlir\n"),
            "line 1: malformed quoted file name '\"b/a.mlir'");
}

TEST(DiffFilterTest, EmptyDiff) {
  ChangedLines lines = parse("");
  EXPECT_TRUE(lines.getFiles().empty());
  EXPECT_FALSE(lines.contains("a.mlir", 1));
}
