//===- SourceTextTest.cpp - SourceInfo from locations and text ------------===//
//
// When the op locations are the parser's own positions, SourceInfo answers
// from them and the text, without the parser state (analyzer/SourceText.h).
// Both ways must give the same answer for every op, value and block: the
// snippets below hold the shapes the text scans have to get right, and the
// corpus of MLIR's own test files (when it is beside the checkout) holds
// everything else.
//
//===----------------------------------------------------------------------===//

#include "analyzer/SourceInfo.h"
#include "analyzer/SourceText.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace memlint;

namespace {
std::string describe(const SourceRange &r) {
  return std::to_string(r.line) + ":" + std::to_string(r.column) + "-" +
         std::to_string(r.endLine) + ":" + std::to_string(r.endColumn) + " @" +
         std::to_string(r.offset) + "-" + std::to_string(r.endOffset);
}

template <typename T>
std::string describe(const std::optional<T> &value) {
  if (!value)
    return "none";
  if constexpr (std::is_same_v<T, uint64_t>)
    return std::to_string(*value);
  else
    return std::to_string(value->first) + "-" + std::to_string(value->second);
}

/// Parses `text` with a parser state, then compares the answers of the two
/// kinds of SourceInfo on every op, value and block. Returns the number of
/// differences (each reported as a test failure), or -1 when the text does
/// not parse.
int compareBothWays(MLIRContext &context, llvm::StringRef text,
                    llvm::StringRef name) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBuffer(text, name,
                                       /*RequiresNullTerminator=*/false),
      llvm::SMLoc());
  AsmParserState state;
  Block block;
  ParserConfig config(&context, /*verifyAfterParse=*/false);
  if (failed(parseAsmSourceFile(sourceMgr, &block, config, &state)))
    return -1;
  SourceInfo parsed(sourceMgr, state);
  SourceInfo located(sourceMgr, {ParsedPart{nullptr, text, 0, 0, 0}});
  int differences = 0;
  auto expectSame = [&](const std::string &what, const std::string &a,
                        const std::string &b) {
    if (a == b)
      return;
    ++differences;
    ADD_FAILURE() << name.str() << ": " << what << ": parser state '" << a
                  << "', locations '" << b << "'";
  };
  for (Operation &top : block)
    top.walk([&](Operation *op) {
      std::string what = op->getName().getStringRef().str() + " at " +
                         describe(parsed.getRange(op));
      expectSame(what + " written", std::to_string(parsed.isWritten(op)),
                 std::to_string(located.isWritten(op)));
      expectSame(what + " range", describe(parsed.getRange(op)),
                 describe(located.getRange(op)));
      expectSame(what + " lines", describe(parsed.getWholeLines(op)),
                 describe(located.getWholeLines(op)));
      expectSame(what + " end", describe(parsed.getEndOffset(op)),
                 describe(located.getEndOffset(op)));
      expectSame(what + " indentation", parsed.getIndentation(op).str(),
                 located.getIndentation(op).str());
      for (Value result : op->getResults())
        expectSame(what + " result", parsed.getName(result),
                   located.getName(result));
      for (Region &region : op->getRegions())
        for (Block &nested : region) {
          expectSame(what + " block", parsed.getBlockName(&nested),
                     located.getBlockName(&nested));
          for (BlockArgument arg : nested.getArguments())
            expectSame(what + " argument", parsed.getName(arg),
                       located.getName(arg));
        }
    });
  return differences;
}

/// Shapes the scans of the text must handle.
const char *kSnippets[] = {
    // Results: groups, counts, names with dots and dashes, a comment
    // between two ops, a trailing comment, two ops on one line.
    R"mlir(func.func @f(%arg0: memref<?xf32>, %n: index) -> (index, index) {
  %c0 = arith.constant 0 : index // trailing comment
  // a comment line between ops
  %a.b-c, %d:2 = "test.multi"() : () -> (index, index, index)
  %0 = arith.addi %a.b-c, %d#1 : index
  "test.op"() {s = "a { ( // not a comment"} : () -> ()
  return %0, %c0 : index, index
}
)mlir",
    // Regions: implicit terminators, attributes after a region, ops ending
    // at a closing brace on their own line, one-line regions.
    R"mlir(func.func @g(%c: i1, %m: memref<4xf32>) {
  %r = scf.if %c -> (memref<4xf32>) {
    %x = memref.alloc() : memref<4xf32>
    scf.yield %x : memref<4xf32>
  } else { scf.yield %m : memref<4xf32> }
  %lb = arith.constant 0 : index
  %ub = arith.constant 4 : index
  %st = arith.constant 1 : index
  scf.for %i = %lb to %ub step %st {
    %v = memref.load %r[%i] : memref<4xf32>
    memref.store %v, %m[%i] : memref<4xf32>
  } {some.attr = "a } in a string"}
  memref.dealloc %r : memref<4xf32>
  return
}
)mlir",
    // Blocks: labels with and without arguments, comments after labels,
    // successors that look like labels, a multi-line op.
    R"mlir(func.func @h(%c: i1, %n: index) -> index {
  cf.cond_br %c, ^bb1(%n : index), ^bb2
^bb1(%x: index):  // a label with an argument
  cf.br ^bb3(%x : index)
^bb2:
  // only a comment
  %y = arith.addi %n,
                  %n : index
  cf.br ^bb3(%y : index)
^bb3 (%z : index):
  return %z : index
}
)mlir",
    // Generic ops with regions and successors, aliases before and after.
    R"mlir(#map = affine_map<(d0) -> (d0 + 1)>
"func.func"() <{function_type = (index) -> index, sym_name = "k"}> ({
^bb0(%arg0: index):
  %0 = "affine.apply"(%arg0) <{map = #map}> : (index) -> index
  "cf.br"(%0)[^bb1] : (index) -> ()
^bb1(%1: index):
  "func.return"(%1) : (index) -> ()
}) : () -> ()
#set = affine_set<(d0) : (d0 - 10 >= 0)>
func.func @s(%i: index) {
  affine.if #set(%i) {
  }
  return
}
)mlir",
};
} // namespace

TEST(SourceTextTest, LocationsArePositionsUnlessTheTextSaysOtherwise) {
  EXPECT_TRUE(sourcetext::locationsArePositions(
      "%a = memref.alloc() : memref<4xf32> // allocation\n"));
  EXPECT_FALSE(sourcetext::locationsArePositions(
      "%a = memref.alloc() : memref<4xf32> loc(\"x.mlir\":3:4)\n"));
  EXPECT_FALSE(sourcetext::locationsArePositions(
      "%a = memref.alloc() : memref<4xf32> loc (#loc3)\n"));
  EXPECT_FALSE(sourcetext::locationsArePositions("%a = foo.bar\r\n"));
  EXPECT_FALSE(
      sourcetext::locationsArePositions("module {}\n{-#\n dialect_resources: {}\n#-}\n"));
}

TEST(SourceTextTest, AgreesWithTheParserStateOnTrickyText) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.allowUnregisteredDialects();
  int index = 0;
  for (const char *snippet : kSnippets) {
    std::string name = "snippet" + std::to_string(index++) + ".mlir";
    ASSERT_TRUE(sourcetext::locationsArePositions(snippet)) << name;
    EXPECT_EQ(compareBothWays(context, snippet, name), 0) << name;
  }
}

#ifdef MEMLINT_CORPUS_DIR
TEST(SourceTextTest, AgreesWithTheParserStateOnTheCorpus) {
  std::error_code ec;
  if (!llvm::sys::fs::is_directory(MEMLINT_CORPUS_DIR))
    GTEST_SKIP() << "no corpus at " << MEMLINT_CORPUS_DIR;
  DialectRegistry registry;
  registerAllDialects(registry);
  int compared = 0;
  for (llvm::sys::fs::recursive_directory_iterator it(MEMLINT_CORPUS_DIR, ec),
       end;
       it != end && !ec; it.increment(ec)) {
    if (!llvm::StringRef(it->path()).ends_with(".mlir"))
      continue;
    auto buffer = llvm::MemoryBuffer::getFile(it->path());
    if (!buffer)
      continue;
    // Each piece of a split file, as --split-input-file parses it.
    llvm::SmallVector<llvm::StringRef> pieces;
    (*buffer)->getBuffer().split(pieces, "// -----");
    for (llvm::StringRef piece : pieces) {
      if (!sourcetext::locationsArePositions(piece))
        continue;
      MLIRContext context(registry, MLIRContext::Threading::DISABLED);
      context.allowUnregisteredDialects();
      context.getDiagEngine().registerHandler([](Diagnostic &) {});
      if (compareBothWays(context, piece, it->path()) >= 0)
        ++compared;
    }
  }
  EXPECT_GT(compared, 200);
}
#endif
