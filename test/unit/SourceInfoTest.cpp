//===- SourceInfoTest.cpp - SourceInfo with and without the parser state --===//
//
// The same module seen through the parser state (the command-line tool) and
// through the ops' locations only (the memlint pass): positions agree, names
// are the written ones or the printer's, and only the parsed view has text,
// so only it can build fix-its.
//
//===----------------------------------------------------------------------===//

#include "analyzer/SourceInfo.h"
#include "checks/CheckRegistry.h"
#include "pass/MemLintPass.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace memlint;

namespace {
const char *kInput = R"mlir(func.func @f(%c: i1) {
  %scratch = memref.alloc() : memref<16xf32>
  scf.if %c {
    memref.dealloc %scratch : memref<16xf32>
  }
  return
}
)mlir";

/// One parsed input, with its parser state.
struct Parsed {
  Parsed() {
    context.loadDialect<func::FuncDialect, memref::MemRefDialect,
                        scf::SCFDialect>();
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(kInput, "input.mlir"), llvm::SMLoc());
    ParserConfig config(&context);
    Block block;
    EXPECT_TRUE(
        succeeded(parseAsmSourceFile(sourceMgr, &block, config, &state)));
    module = ModuleOp::create(UnknownLoc::get(&context));
    module->getBody()->getOperations().splice(module->getBody()->end(),
                                              block.getOperations());
  }
  Operation *find(StringRef name) {
    Operation *found = nullptr;
    module->walk([&](Operation *op) {
      if (!found && op->getName().getStringRef() == name)
        found = op;
    });
    return found;
  }

  MLIRContext context;
  llvm::SourceMgr sourceMgr;
  AsmParserState state;
  OwningOpRef<ModuleOp> module;
};
} // namespace

TEST(SourceInfoTest, WithoutParserStatePositionsAgreeNamesArePrinted) {
  Parsed input;
  SourceInfo parsed(input.sourceMgr, input.state);
  SourceInfo located(input.module->getOperation());
  Operation *alloc = input.find("memref.alloc");
  Operation *ifOp = input.find("scf.if");
  ASSERT_TRUE(alloc && ifOp);

  EXPECT_TRUE(parsed.hasText());
  EXPECT_FALSE(located.hasText());
  for (Operation *op : {alloc, ifOp}) {
    SourceRange a = parsed.getRange(op), b = located.getRange(op);
    EXPECT_EQ(a.line, b.line);
    EXPECT_EQ(a.column, b.column);
  }
  EXPECT_EQ(located.getRange(alloc).line, 2u);
  EXPECT_EQ(located.getRange(alloc).column, 14u);

  // Written names from the parser, printed names otherwise.
  Value buffer = alloc->getResult(0);
  EXPECT_EQ(parsed.getName(buffer), "%scratch");
  EXPECT_EQ(located.getName(buffer), "%alloc");
  Value condition = ifOp->getOperand(0);
  EXPECT_EQ(parsed.getName(condition), "%c");
  EXPECT_EQ(located.getName(condition), "%arg0");

  // Only the parsed view has text to edit.
  EXPECT_TRUE(parsed.getWholeLines(alloc).has_value());
  EXPECT_FALSE(located.getWholeLines(alloc).has_value());
  EXPECT_FALSE(located.getEndOffset(ifOp).has_value());
  EXPECT_TRUE(located.getText().empty());
  EXPECT_EQ(located.getFileName(alloc), "input.mlir");
  EXPECT_EQ(parsed.getFileName(alloc), "");
}

TEST(SourceInfoTest, ChecksWithoutParserStateFindTheSameAndNoFixIts) {
  Parsed input;
  SourceInfo parsed(input.sourceMgr, input.state);
  SourceInfo located(input.module->getOperation());
  auto checks = createChecks(GlobList("*"));
  LintContext withText(input.module->getOperation(), parsed, "input.mlir");
  LintContext withoutText(input.module->getOperation(), located, "");
  std::vector<Finding> a = runChecks(withText, checks);
  std::vector<Finding> b = runChecks(withoutText, checks);
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(a[0].rule, "lifetime-leak");
  EXPECT_EQ(b[0].rule, a[0].rule);
  EXPECT_EQ(b[0].location.file, "input.mlir");
  EXPECT_EQ(b[0].location.range.line, a[0].location.range.line);
  EXPECT_EQ(b[0].message, "buffer '%alloc' is leaked on some path");
  EXPECT_EQ(a[0].message, "buffer '%scratch' is leaked on some path");
  ASSERT_EQ(b[0].notes.size(), a[0].notes.size());
  for (size_t i = 0; i < a[0].notes.size(); ++i) {
    EXPECT_EQ(b[0].notes[i].message, a[0].notes[i].message);
    EXPECT_EQ(b[0].notes[i].location.range.line,
              a[0].notes[i].location.range.line);
  }
  EXPECT_FALSE(a[0].fixes.empty());
  EXPECT_TRUE(b[0].fixes.empty());
}

TEST(SourceInfoTest, FindingLocatorReturnsTheOpsOwnLocation) {
  Parsed input;
  Operation *alloc = input.find("memref.alloc");
  // Give the op a location that wraps its file position.
  Location named = NameLoc::get(StringAttr::get(&input.context, "scratch"),
                                alloc->getLoc());
  alloc->setLoc(named);
  FindingLocator locator(input.module->getOperation());
  Location fallback = UnknownLoc::get(&input.context);

  FindingLocation where{"input.mlir", SourceRange{2, 14, 2, 14, 0, 0}};
  EXPECT_EQ(locator.getLocation(where, fallback), named);
  // A position no op has: a plain file location.
  FindingLocation elsewhere{"input.mlir", SourceRange{5, 3, 5, 3, 0, 0}};
  EXPECT_EQ(locator.getLocation(elsewhere, fallback),
            Location(FileLineColLoc::get(&input.context, "input.mlir", 5, 3)));
  // No position at all: the fallback.
  EXPECT_EQ(locator.getLocation(FindingLocation{}, fallback), fallback);
}
