//===- PerfFixItTest.cpp - The fix-its of the perf-* checks, applied ------===//
//
// Lints a small file with one check, applies the edits of its fix-its to the
// text and compares with the expected text: comments, blank lines and
// indentation elsewhere must survive, and the fixed text must lint clean.
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "tools/FixValidation.h"
#include "tools/LintDriver.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <gtest/gtest.h>

using namespace memlint;

namespace {
/// Lints `text` (written to a temporary file) with the checks `checks`.
FileResult lintText(const std::string &text, const std::string &checks) {
  static mlir::DialectRegistry *registry = [] {
    auto *r = new mlir::DialectRegistry();
    mlir::registerAllDialects(*r);
    mlir::registerAllExtensions(*r);
    return r;
  }();
  llvm::SmallString<128> path;
  int fd;
  EXPECT_FALSE(
      llvm::sys::fs::createTemporaryFile("perf-fixit", "mlir", fd, path));
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
  }
  LintOptions options;
  options.checks = checks;
  FileResult result = lintFile(std::string(path), options, *registry);
  llvm::sys::fs::remove(path);
  return result;
}

/// Applies the first fix-it of every finding to `text`.
std::string applyFixes(const std::string &text,
                       const std::vector<ReportedFinding> &findings) {
  std::vector<FixEdit> edits;
  for (const ReportedFinding &item : findings)
    if (!item.finding.fixes.empty())
      for (const FixEdit &edit : item.finding.fixes.front().edits)
        edits.push_back(edit);
  std::stable_sort(
      edits.begin(), edits.end(),
      [](const FixEdit &a, const FixEdit &b) { return a.offset > b.offset; });
  std::string result = text;
  for (const FixEdit &edit : edits)
    result.replace(edit.offset, edit.length, edit.text);
  return result;
}

/// Lints `input` with `check`, expects `findings` findings each with a
/// fix-it, compares the fixed text and re-lints it.
void expectFix(const std::string &check, const std::string &input,
               const std::string &expected, size_t findings) {
  FileResult result = lintText(input, "-*," + check);
  ASSERT_TRUE(result.status.ok) << result.diagnostics;
  ASSERT_EQ(result.findings.size(), findings);
  for (const ReportedFinding &item : result.findings) {
    const Finding &finding = item.finding;
    EXPECT_EQ(finding.rule, check);
    EXPECT_EQ(finding.fixes.size(), 1u) << finding.message;
  }
  std::string fixed = applyFixes(input, result.findings);
  EXPECT_EQ(fixed, expected);
  // A dealloc moved up may expose a missed reuse, which is expected.
  FileResult again =
      lintText(fixed, "-*,perf-*,lifetime-*,-perf-missed-reuse");
  ASSERT_TRUE(again.status.ok) << again.diagnostics;
  for (const ReportedFinding &item : again.findings)
    ADD_FAILURE() << "after the fix: " << item.finding.rule << ": "
                  << item.finding.message;
}
} // namespace

TEST(PerfFixItTest, LateDeallocMovesAfterTheLastUse) {
  const std::string input =
      R"(// Two stages; the first buffer is dead before the second exists.
func.func @stages(%i: index, %f: f32, %c: i1) -> f32 {
    %a = memref.alloc() : memref<1024xf32>   // stage 1
    %v = memref.subview %a[0] [4] [1] : memref<1024xf32> to memref<4xf32, strided<[1]>>
    scf.if %c {
      memref.store %f, %v[%i] : memref<4xf32, strided<[1]>>
    }

    // stage 2
    %b = memref.alloc() : memref<1024xf32>
    memref.store %f, %b[%i] : memref<1024xf32>
    %x = memref.load %b[%i] : memref<1024xf32>
    memref.dealloc %b : memref<1024xf32>
    memref.dealloc %a : memref<1024xf32> // NB: freed late
    return %x : f32
}
)";
  const std::string expected =
      R"(// Two stages; the first buffer is dead before the second exists.
func.func @stages(%i: index, %f: f32, %c: i1) -> f32 {
    %a = memref.alloc() : memref<1024xf32>   // stage 1
    %v = memref.subview %a[0] [4] [1] : memref<1024xf32> to memref<4xf32, strided<[1]>>
    scf.if %c {
      memref.store %f, %v[%i] : memref<4xf32, strided<[1]>>
    }
    memref.dealloc %a : memref<1024xf32> // NB: freed late

    // stage 2
    %b = memref.alloc() : memref<1024xf32>
    memref.store %f, %b[%i] : memref<1024xf32>
    %x = memref.load %b[%i] : memref<1024xf32>
    memref.dealloc %b : memref<1024xf32>
    return %x : f32
}
)";
  expectFix("perf-late-dealloc", input, expected, 1);
}

TEST(PerfFixItTest, LoopInvariantAllocHoistsAroundTheLoop) {
  const std::string input = R"(func.func @rows(%n: index, %m: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // Per-row scratch.
  scf.for %i = %c0 to %n step %c1 {
      %t = memref.alloc(%m) : memref<?xf32>  // scratch
      memref.store %f, %t[%i] : memref<?xf32>

      memref.dealloc %t : memref<?xf32>
  }
  return
}
)";
  const std::string expected =
      R"(func.func @rows(%n: index, %m: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // Per-row scratch.
  %t = memref.alloc(%m) : memref<?xf32>  // scratch
  scf.for %i = %c0 to %n step %c1 {
      memref.store %f, %t[%i] : memref<?xf32>

  }
  memref.dealloc %t : memref<?xf32>
  return
}
)";
  expectFix("perf-loop-invariant-alloc", input, expected, 1);
}

TEST(PerfFixItTest, LoopInvariantAllocHoistsOneLevelPerRun) {
  const std::string input = R"(func.func @nest(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %t = memref.alloc() : memref<64xf32>
      memref.store %f, %t[%j] : memref<64xf32>
      memref.dealloc %t : memref<64xf32>
    }
  }
  return
}
)";
  FileResult first = lintText(input, "-*,perf-loop-invariant-alloc");
  ASSERT_EQ(first.findings.size(), 1u);
  std::string once = applyFixes(input, first.findings);
  FileResult second = lintText(once, "-*,perf-loop-invariant-alloc");
  ASSERT_EQ(second.findings.size(), 1u);
  std::string twice = applyFixes(once, second.findings);
  EXPECT_EQ(twice, R"(func.func @nest(%n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = memref.alloc() : memref<64xf32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      memref.store %f, %t[%j] : memref<64xf32>
    }
  }
  memref.dealloc %t : memref<64xf32>
  return
}
)");
  EXPECT_TRUE(lintText(twice, "-*,perf-*").findings.empty());
}

TEST(PerfFixItTest, NoFixWhenTheDeallocSharesItsLine) {
  const std::string input = R"(func.func @shared(%i: index, %f: f32) {
  %a = memref.alloc() : memref<1024xf32>
  memref.store %f, %a[%i] : memref<1024xf32>
  %b = memref.alloc() : memref<1024xf32>
  memref.store %f, %b[%i] : memref<1024xf32>
  memref.dealloc %b : memref<1024xf32> memref.dealloc %a : memref<1024xf32>
  return
}
)";
  FileResult result = lintText(input, "-*,perf-late-dealloc");
  ASSERT_EQ(result.findings.size(), 1u);
  EXPECT_TRUE(result.findings.front().finding.fixes.empty());
}

// Two fix-its of one round: one inserts a line at the start of a line the
// other deletes (an arena's dealloc inserted after the last use, where a
// buffer's dealloc of another group goes). The insertion must survive,
// whatever order the edits come in, and offsets map back through both.
TEST(ApplyEditsTest, InsertionAtTheStartOfARemovedLine) {
  const std::string text = "a\nremove me\nb\n";
  FixEdit remove{"f", 2, 10, ""};
  FixEdit insert{"f", 2, 0, "inserted\n"};
  EXPECT_EQ(applyEdits(text, {remove, insert}), "a\ninserted\nb\n");
  EXPECT_EQ(applyEdits(text, {insert, remove}), "a\ninserted\nb\n");
  // "b" is at 12 in the original and at 11 in the edited text.
  EXPECT_EQ(mapOffsetBack(11, {remove, insert}), 12u);
  EXPECT_EQ(mapOffsetBack(11, {insert, remove}), 12u);
  // Insertions at one offset keep their order.
  FixEdit second{"f", 2, 0, "second\n"};
  EXPECT_EQ(applyEdits(text, {remove, insert, second}),
            "a\ninserted\nsecond\nb\n");
  // In "a\ninserted\nsecond\nb\n": offsets before the edits map to
  // themselves, offsets inside inserted text to their edit's offset, and
  // "b" (at 18) back to 12.
  OffsetMap map({remove, insert, second});
  EXPECT_EQ(map.back(0), 0u);
  EXPECT_FALSE(map.isInserted(1));
  EXPECT_TRUE(map.isInserted(2));
  EXPECT_EQ(map.back(5), 2u);
  EXPECT_TRUE(map.isInserted(11));
  EXPECT_EQ(map.back(11), 2u);
  EXPECT_FALSE(map.isInserted(18));
  EXPECT_EQ(map.back(18), 12u);
  EXPECT_EQ(map.back(18), mapOffsetBack(18, {second, insert, remove}));
}
