//===- FixApplierTest.cpp - When --fix says another --fix may fix more ----===//

#include "tools/FixApplier.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"

#include <gtest/gtest.h>

using namespace memlint;

namespace {
// Two leaks whose deallocs go after the same copy: their fix-its insert at
// one offset, so they clash and take a round each.
const char *kTwoLeaks = R"mlir(func.func @f() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  memref.copy %a, %b : memref<4xf32> to memref<4xf32>
  return
}
)mlir";

FixOutcome fix(unsigned maxRounds) {
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry();
    mlir::registerAllDialects(*r);
    mlir::registerAllExtensions(*r);
    return r;
  }();
  LintOptions options;
  options.fixBudget = std::make_shared<FixBudget>();
  FileResult first = lintText(kTwoLeaks, "two-leaks.mlir", options, *registry);
  EXPECT_TRUE(first.status.ok);
  EXPECT_EQ(first.findings.size(), 2u);
  return applyFixes(first, options, *registry, maxRounds);
}
} // namespace

TEST(FixApplierTest, RoundsLeftFixItsToTry) {
  FixOutcome outcome = fix(1);
  EXPECT_EQ(outcome.applied, 1u);
  EXPECT_EQ(outcome.final.findings.size(), 1u);
  EXPECT_TRUE(outcome.outOfRounds);
}

TEST(FixApplierTest, NothingLeftToTry) {
  FixOutcome outcome = fix(16);
  EXPECT_EQ(outcome.applied, 2u);
  EXPECT_TRUE(outcome.final.findings.empty());
  EXPECT_FALSE(outcome.outOfRounds);
}
