//===- consumer.cpp - Using mlir-memlint as a library ---------------------===//
//
// Lints one .mlir file twice, the two ways a compiler can embed mlir-memlint:
//  1. as a library: parse with an AsmParserState, run the checks on the
//     module, and print the findings with the text reporter;
//  2. as a pass: run `memlint` in a PassManager and collect its diagnostics.
// Exits with 1 when the pass failed (an error-level finding), 2 on bad input.
//
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "pass/MemLintPass.h"
#include "reporters/Reporters.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: memlint-consumer FILE.mlir\n";
    return 2;
  }
  std::string path = argv[1];
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer) {
    llvm::errs() << "cannot read " << path << "\n";
    return 2;
  }
  std::string text = (*buffer)->getBuffer().str();

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, llvm::outs());

  // 1. The library: checks on a module parsed with its parser state, which
  // gives the exact source range of every op and the SSA names as written.
  AsmParserState state;
  Block block;
  ParserConfig config(&context);
  if (failed(parseAsmSourceFile(sourceMgr, &block, config, &state)))
    return 2;
  OwningOpRef<ModuleOp> module;
  if (llvm::hasSingleElement(block) && isa<ModuleOp>(block.front())) {
    module = cast<ModuleOp>(block.front());
    module->getOperation()->remove();
  } else {
    module = ModuleOp::create(UnknownLoc::get(&context));
    module->getBody()->getOperations().splice(module->getBody()->end(),
                                              block.getOperations());
  }
  if (failed(verify(*module)))
    return 2;
  memlint::SourceInfo source(sourceMgr, state);
  memlint::LintContext lint(module->getOperation(), source, path);
  auto checks = memlint::createChecks(memlint::GlobList("*"));
  std::vector<memlint::Finding> findings = memlint::runChecks(lint, checks);
  llvm::outs() << "library: " << findings.size() << " finding(s)\n";
  memlint::printTextFindings(llvm::outs(), findings, {{path, text}},
                             /*colors=*/false);

  // 2. The pass: the same findings as MLIR diagnostics, printed by the
  // SourceMgr handler above.
  llvm::outs() << "pass:\n";
  PassManager pm(&context);
  pm.addPass(memlint::createMemLintPass({"-*,lifetime-*", "error"}));
  bool passFailed = failed(pm.run(*module));
  llvm::outs() << "pass " << (passFailed ? "failed" : "succeeded") << "\n";
  return passFailed ? 1 : 0;
}
