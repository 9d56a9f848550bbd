//===- ConfigTest.cpp - .mlir-memlint.yaml: parsing, discovery, precedence ===//

#include "tools/Config.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {
/// A temporary folder tree, removed at the end of the test.
class ConfigTreeTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("memlint-config", root));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(root); }

  std::string path(llvm::StringRef relative) {
    llvm::SmallString<256> p(root);
    llvm::sys::path::append(p, relative);
    return std::string(p);
  }
  void write(llvm::StringRef relative, llvm::StringRef text) {
    std::string p = path(relative);
    llvm::sys::fs::create_directories(llvm::sys::path::parent_path(p));
    std::error_code ec;
    llvm::raw_fd_ostream os(p, ec);
    ASSERT_FALSE(ec);
    os << text;
  }

  llvm::SmallString<256> root;
};

std::string errorText(llvm::Error error) {
  return llvm::toString(std::move(error));
}
} // namespace

TEST(ConfigTest, ParsesEveryKey) {
  auto config = Config::parse("Checks: '-*,lifetime-*'\n"
                              "WarningsAsErrors: 'lifetime-alloca-in-loop'\n"
                              "CheckOptions:\n"
                              "  lifetime-leak.SomeOption: '3'\n"
                              "MemoryBudgets:\n"
                              "  '0': 1048576\n"
                              "  '1': 4096\n",
                              "cfg.yaml");
  ASSERT_TRUE(bool(config)) << errorText(config.takeError());
  EXPECT_EQ(config->checks, "-*,lifetime-*");
  EXPECT_EQ(config->warningsAsErrors, "lifetime-alloca-in-loop");
  EXPECT_EQ(config->checkOptions.at("lifetime-leak.SomeOption"), "3");
  EXPECT_EQ(config->memoryBudgets.at("0"), 1048576u);
  EXPECT_EQ(config->memoryBudgets.at("1"), 4096u);
  EXPECT_FALSE(config->inheritParentConfig);
}

TEST(ConfigTest, ErrorsNameTheFileAndLine) {
  auto unknownKey = Config::parse("Checks: '*'\nChecsk: 'x'\n", "dir/cfg.yaml");
  ASSERT_FALSE(bool(unknownKey));
  std::string text = errorText(unknownKey.takeError());
  EXPECT_NE(text.find("dir/cfg.yaml:2:1: error: unknown key 'Checsk'"),
            std::string::npos)
      << text;

  auto badGlob = Config::parse("\n\nChecks: '['\n", "cfg.yaml");
  ASSERT_FALSE(bool(badGlob));
  text = errorText(badGlob.takeError());
  EXPECT_NE(text.find("cfg.yaml:3:9: error: invalid glob '['"),
            std::string::npos)
      << text;

  auto badBudget = Config::parse("MemoryBudgets:\n  '0': lots\n", "cfg.yaml");
  ASSERT_FALSE(bool(badBudget));
  EXPECT_NE(errorText(badBudget.takeError()).find("cfg.yaml:2:"),
            std::string::npos);

  auto badOption =
      Config::parse("CheckOptions:\n  no-such-check.X: 1\n", "cfg.yaml");
  ASSERT_FALSE(bool(badOption));
  EXPECT_NE(errorText(badOption.takeError()).find("unknown check 'no-such-check'"),
            std::string::npos);
}

TEST(ConfigTest, DumpRoundTrips) {
  Config config = Config::getDefaults().mergedWith(
      *Config::parse("Checks: '-*,lifetime-leak'\n"
                     "CheckOptions: {lifetime-leak.A: 'x y', lifetime-leak.B: '1'}\n"
                     "MemoryBudgets: {'0': 64, '#gpu.address_space<workgroup>': 8}\n",
                     "cfg.yaml"));
  std::string first = config.dump();
  auto reread = Config::parse(first, "dump.yaml");
  ASSERT_TRUE(bool(reread)) << errorText(reread.takeError()) << first;
  std::string second = Config::getDefaults().mergedWith(*reread).dump();
  EXPECT_EQ(first, second);
  EXPECT_NE(first.find("'-*,lifetime-leak'"), std::string::npos) << first;
  EXPECT_NE(first.find("'#gpu.address_space<workgroup>': 8"),
            std::string::npos)
      << first;
}

TEST(ConfigTest, GlobListsConcatenateUnlessReset) {
  EXPECT_EQ(mergeGlobLists("*", "-lifetime-leak"), "*,-lifetime-leak");
  EXPECT_EQ(mergeGlobLists("*", "-*,lifetime-leak"), "-*,lifetime-leak");
  EXPECT_EQ(mergeGlobLists("-*,a", "*"), "*");
  EXPECT_EQ(mergeGlobLists("", "a"), "a");
  EXPECT_EQ(mergeGlobLists("a", ""), "a");
}

TEST_F(ConfigTreeTest, NearestFileWins) {
  write(".mlir-memlint.yaml", "Checks: '-*,lifetime-leak'\n"
                              "MemoryBudgets: {'0': 100}\n");
  write("sub/.mlir-memlint.yaml", "Checks: '-*,lifetime-double-free'\n");
  write("sub/a.mlir", "");
  write("b.mlir", "");
  ConfigResolver resolver(std::nullopt, Config());
  auto top = resolver.resolve(path("b.mlir"));
  ASSERT_TRUE(bool(top));
  EXPECT_EQ(top->checks, "-*,lifetime-leak");
  EXPECT_EQ(top->memoryBudgets.at("0"), 100u);
  auto sub = resolver.resolve(path("sub/a.mlir"));
  ASSERT_TRUE(bool(sub));
  // The nearer file replaces the farther one entirely.
  EXPECT_EQ(sub->checks, "-*,lifetime-double-free");
  EXPECT_TRUE(sub->memoryBudgets.empty());
}

TEST_F(ConfigTreeTest, InheritParentConfigMerges) {
  write(".mlir-memlint.yaml", "Checks: '-*,lifetime-*'\n"
                              "MemoryBudgets: {'0': 100, '1': 5}\n");
  write("sub/.mlir-memlint.yaml", "InheritParentConfig: true\n"
                                  "Checks: '-lifetime-leak'\n"
                                  "MemoryBudgets: {'0': 200}\n");
  write("sub/a.mlir", "");
  ConfigResolver resolver(std::nullopt, Config());
  auto config = resolver.resolve(path("sub/a.mlir"));
  ASSERT_TRUE(bool(config));
  EXPECT_EQ(config->checks, "-*,lifetime-*,-lifetime-leak");
  EXPECT_EQ(config->memoryBudgets.at("0"), 200u);
  EXPECT_EQ(config->memoryBudgets.at("1"), 5u);
}

TEST_F(ConfigTreeTest, CommandLineOverConfigOverDefaults) {
  write(".mlir-memlint.yaml", "Checks: '-*,lifetime-*'\n"
                              "WarningsAsErrors: 'lifetime-alloca-in-loop'\n");
  write("a.mlir", "");
  Config cli;
  cli.checks = "-lifetime-leak";
  ConfigResolver resolver(std::nullopt, cli);
  auto config = resolver.resolve(path("a.mlir"));
  ASSERT_TRUE(bool(config));
  EXPECT_EQ(config->checks, "-*,lifetime-*,-lifetime-leak");
  EXPECT_EQ(config->warningsAsErrors, "lifetime-alloca-in-loop");

  // Without any config file: the defaults.
  write("other/.keep", "");
  ConfigResolver none(std::nullopt, Config());
  llvm::SmallString<256> outside;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("memlint-noconfig", outside));
  llvm::SmallString<256> file(outside);
  llvm::sys::path::append(file, "x.mlir");
  auto defaults = none.resolve(file);
  llvm::sys::fs::remove_directories(outside);
  ASSERT_TRUE(bool(defaults));
  // (A config in a folder above the temporary folder would change this.)
  if (!llvm::sys::fs::exists("/" + std::string(kConfigFileName)))
    EXPECT_EQ(defaults->checks, "*");
}

TEST_F(ConfigTreeTest, ExplicitConfigReplacesDiscovery) {
  write(".mlir-memlint.yaml", "Checks: '-*,lifetime-leak'\n");
  write("a.mlir", "");
  auto explicitConfig = Config::parse("Checks: '-*,lifetime-double-free'", "--config");
  ASSERT_TRUE(bool(explicitConfig));
  ConfigResolver resolver(*explicitConfig, Config());
  auto config = resolver.resolve(path("a.mlir"));
  ASSERT_TRUE(bool(config));
  EXPECT_EQ(config->checks, "-*,lifetime-double-free");
}

TEST_F(ConfigTreeTest, BadFileOnTheWayIsAnError) {
  write(".mlir-memlint.yaml", "Checks: [\n");
  write("a.mlir", "");
  ConfigResolver resolver(std::nullopt, Config());
  auto config = resolver.resolve(path("a.mlir"));
  ASSERT_FALSE(bool(config));
  std::string text = errorText(config.takeError());
  EXPECT_NE(text.find(".mlir-memlint.yaml:"), std::string::npos) << text;
}
