//===- NolintTest.cpp - NOLINT comments -------------------------------------===//

#include "checks/Nolint.h"

#include <gtest/gtest.h>

using namespace memlint;

TEST(NolintTest, SameLine) {
  NolintSuppressions s("%a = memref.alloc() : memref<4xf32> // NOLINT\n"
                       "%b = memref.alloc() : memref<4xf32>\n");
  EXPECT_TRUE(s.isSuppressed("lifetime-leak", 1));
  EXPECT_TRUE(s.isSuppressed("lifetime-double-free", 1));
  EXPECT_FALSE(s.isSuppressed("lifetime-leak", 2));
  EXPECT_TRUE(s.getProblems().empty());
}

TEST(NolintTest, SameLineWithGlobs) {
  NolintSuppressions s("x // NOLINT(lifetime-leak, perf-*)\n");
  EXPECT_TRUE(s.isSuppressed("lifetime-leak", 1));
  EXPECT_TRUE(s.isSuppressed("perf-late-dealloc", 1));
  EXPECT_FALSE(s.isSuppressed("lifetime-double-free", 1));
  // An empty list suppresses nothing.
  NolintSuppressions empty("x // NOLINT()\n");
  EXPECT_FALSE(empty.isSuppressed("lifetime-leak", 1));
}

TEST(NolintTest, NextLine) {
  NolintSuppressions s("// NOLINTNEXTLINE(lifetime-*)\n"
                       "%a = memref.alloc() : memref<4xf32>\n"
                       "%b = memref.alloc() : memref<4xf32>\n");
  EXPECT_FALSE(s.isSuppressed("lifetime-leak", 1));
  EXPECT_TRUE(s.isSuppressed("lifetime-leak", 2));
  EXPECT_FALSE(s.isSuppressed("lifetime-leak", 3));
}

TEST(NolintTest, BeginEnd) {
  NolintSuppressions s("a\n"
                       "// NOLINTBEGIN(lifetime-leak)\n"
                       "b\n"
                       "c\n"
                       "// NOLINTEND(lifetime-leak)\n"
                       "d\n");
  EXPECT_FALSE(s.isSuppressed("lifetime-leak", 1));
  for (unsigned line = 2; line <= 5; ++line)
    EXPECT_TRUE(s.isSuppressed("lifetime-leak", line)) << line;
  EXPECT_FALSE(s.isSuppressed("lifetime-double-free", 3));
  EXPECT_FALSE(s.isSuppressed("lifetime-leak", 6));
  EXPECT_TRUE(s.getProblems().empty());
}

TEST(NolintTest, NestedBlocksPairByList) {
  NolintSuppressions s("// NOLINTBEGIN(a-x)\n"
                       "// NOLINTBEGIN\n"
                       "x\n"
                       "// NOLINTEND(a-x)\n"
                       "y\n"
                       "// NOLINTEND\n"
                       "z\n");
  EXPECT_TRUE(s.isSuppressed("a-x", 3));
  EXPECT_TRUE(s.isSuppressed("b-y", 5));
  // The unnamed block (lines 2-6) silences every rule.
  EXPECT_TRUE(s.isSuppressed("a-x", 5));
  EXPECT_FALSE(s.isSuppressed("b-y", 7));
  EXPECT_TRUE(s.getProblems().empty());
}

TEST(NolintTest, UnmatchedBeginSuppressesNothingAndIsReported) {
  NolintSuppressions s("// NOLINTBEGIN(lifetime-leak)\n"
                       "a\n");
  EXPECT_FALSE(s.isSuppressed("lifetime-leak", 2));
  ASSERT_EQ(s.getProblems().size(), 1u);
  const auto &problem = s.getProblems()[0];
  EXPECT_EQ(problem.range.line, 1u);
  EXPECT_EQ(problem.range.column, 4u);
  EXPECT_EQ(problem.range.endColumn, 30u);
  EXPECT_NE(problem.message.find("unmatched 'NOLINTBEGIN'"), std::string::npos);
}

TEST(NolintTest, UnmatchedOrMismatchedEndIsReported) {
  NolintSuppressions s("// NOLINTBEGIN(a-x)\n"
                       "// NOLINTEND(b-y)\n");
  ASSERT_EQ(s.getProblems().size(), 2u);
  EXPECT_EQ(s.getProblems()[0].range.line, 1u);
  EXPECT_NE(s.getProblems()[0].message.find("NOLINTBEGIN"), std::string::npos);
  EXPECT_EQ(s.getProblems()[1].range.line, 2u);
  EXPECT_NE(s.getProblems()[1].message.find("unmatched 'NOLINTEND'"),
            std::string::npos);
}

TEST(NolintTest, OnlyInComments) {
  // In a string attribute, or glued to another word, it is not a directive.
  NolintSuppressions s("%0 = \"t.op\"() {s = \"// NOLINT\"} : () -> ()\n"
                       "x // XNOLINT NOLINTX\n"
                       "y // see NOLINT\n");
  EXPECT_FALSE(s.isSuppressed("lifetime-leak", 1));
  EXPECT_FALSE(s.isSuppressed("lifetime-leak", 2));
  EXPECT_TRUE(s.isSuppressed("lifetime-leak", 3));
}

TEST(NolintTest, MalformedListsAreReported) {
  NolintSuppressions s("x // NOLINT(lifetime-leak\n"
                       "y // NOLINT([)\n");
  EXPECT_FALSE(s.isSuppressed("lifetime-leak", 1));
  EXPECT_FALSE(s.isSuppressed("lifetime-leak", 2));
  ASSERT_EQ(s.getProblems().size(), 2u);
  EXPECT_NE(s.getProblems()[0].message.find("unterminated"), std::string::npos);
  EXPECT_NE(s.getProblems()[1].message.find("invalid glob"), std::string::npos);
}
