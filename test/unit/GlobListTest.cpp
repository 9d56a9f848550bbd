//===- GlobListTest.cpp - clang-tidy style check globs ---------------------===//

#include "checks/CheckRegistry.h"

#include <gtest/gtest.h>

using namespace memlint;

TEST(GlobListTest, LastMatchWins) {
  GlobList globs("-*,lifetime-*,-lifetime-leak");
  EXPECT_TRUE(globs.contains("lifetime-double-free"));
  EXPECT_FALSE(globs.contains("lifetime-leak"));
  EXPECT_FALSE(globs.contains("perf-missed-reuse"));
}

TEST(GlobListTest, StarEnablesAll) {
  GlobList globs("*");
  for (const CheckInfo &info : getRegisteredChecks())
    EXPECT_TRUE(globs.contains(info.name));
}

TEST(GlobListTest, EmptyEnablesNothing) {
  GlobList globs("");
  EXPECT_FALSE(globs.contains("lifetime-leak"));
}

TEST(GlobListTest, RegistryIsSortedAndDocumented) {
  llvm::StringRef previous;
  for (const CheckInfo &info : getRegisteredChecks()) {
    EXPECT_LT(previous, info.name);
    previous = info.name;
    EXPECT_FALSE(getCheckDocumentation(info.name).empty()) << info.name.str();
  }
}

TEST(GlobListTest, OwnsItsText) {
  // The list must not refer to the caller's string, nor to its own storage
  // before a copy or a move.
  std::optional<GlobList> globs;
  {
    std::string text = "-*,lifetime-leak";
    globs.emplace(text);
    text.assign(text.size(), 'x');
  }
  GlobList copy = *globs;
  GlobList moved = std::move(*globs);
  EXPECT_TRUE(copy.contains("lifetime-leak"));
  EXPECT_TRUE(moved.contains("lifetime-leak"));
  EXPECT_FALSE(moved.contains("lifetime-double-free"));
}
