//===- memlint-opt.cpp - mlir-opt with the memlint test passes -------------===//
//
// An mlir-opt-like driver for FileCheck tests of the analyses themselves:
//   -test-memlint-lifetime  prints the lifetime events of each module
//   -test-memlint-witnesses prints each event with its witness, step by step
//   -test-memlint-roots     prints how each op allocates, frees and aliases
//   -test-memlint-alias-classes  prints the may-alias classes of each function
//   -memlint                reports the findings of the checks as diagnostics
// It also registers MLIR's upstream `test` dialect, so the upstream corpus
// (test.copy, test.buffer_based, ...) is analysed with its real effects.
//
//===----------------------------------------------------------------------===//

#include "analyzer/AliasClasses.h"
#include "analyzer/LiveIntervals.h"
#include "analyzer/LifetimeAnalysis.h"
#include "analyzer/MemoryModel.h"
#include "pass/ApplyPlanPass.h"
#include "pass/MemLintPass.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/InitAllDialects.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

namespace test {
void registerTestDialect(mlir::DialectRegistry &registry);
} // namespace test

using namespace mlir;
using namespace memlint;

namespace {
/// Prints the lifetime events and per-function figures of the module.
struct TestLifetimePass
    : public PassWrapper<TestLifetimePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLifetimePass)
  StringRef getArgument() const final { return "test-memlint-lifetime"; }
  StringRef getDescription() const final {
    return "Print the lifetime events found by the path exploration";
  }
  void runOnOperation() override {
    LifetimeAnalysis analysis(getOperation());
    analysis.print(llvm::outs());
  }
};

/// Prints each lifetime event with the steps of its witness, one per line
/// at its line:column, for FileCheck tests of the witness rules.
struct TestWitnessesPass
    : public PassWrapper<TestWitnessesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestWitnessesPass)
  StringRef getArgument() const final { return "test-memlint-witnesses"; }
  StringRef getDescription() const final {
    return "Print the witness of each lifetime event, step by step";
  }
  static std::string at(Operation *op) {
    if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc()))
      return std::to_string(loc.getLine()) + ":" +
             std::to_string(loc.getColumn());
    return "?";
  }
  void runOnOperation() override {
    LifetimeAnalysis analysis(getOperation());
    llvm::raw_ostream &os = llvm::outs();
    for (const LifetimeEvent &event : analysis.getEvents()) {
      os << stringifyEventKind(event.kind) << " at " << at(event.op) << "\n";
      for (const WitnessStep &step : event.witness) {
        os << "  ";
        switch (step.kind) {
        case WitnessStep::Kind::Alloc:
          os << "alloc";
          break;
        case WitnessStep::Kind::Free:
          os << "free";
          break;
        case WitnessStep::Kind::Branch:
          os << "branch " << step.successor;
          break;
        case WitnessStep::Kind::Iteration:
          os << (step.successor ? "enter iteration " : "leave after ")
             << step.iteration;
          break;
        case WitnessStep::Kind::Call:
          os << "call";
          break;
        case WitnessStep::Kind::Return:
          os << "return";
          break;
        }
        os << " " << at(step.op) << "\n";
      }
      if (event.relatedOp)
        os << "  related " << at(event.relatedOp) << "\n";
    }
  }
};

static StringRef stringifyOrigin(BufferOrigin origin) {
  switch (origin) {
  case BufferOrigin::Heap:
    return "heap";
  case BufferOrigin::Stack:
    return "stack";
  case BufferOrigin::Global:
    return "global";
  case BufferOrigin::Argument:
    return "argument";
  case BufferOrigin::NotOwned:
    return "not-owned";
  }
  return "";
}

/// Prints the memory model of each op tagged with `memlint.tag`.
struct TestRootsPass
    : public PassWrapper<TestRootsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestRootsPass)
  StringRef getArgument() const final { return "test-memlint-roots"; }
  StringRef getDescription() const final {
    return "Print allocations, frees, aliases and accesses of tagged ops";
  }
  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      auto tag = op->getAttrOfType<StringAttr>("memlint.tag");
      if (!tag)
        return;
      llvm::raw_ostream &os = llvm::outs();
      os << tag.getValue() << ":";
      OpMemoryInfo info = describeMemory(op);
      for (const AllocationInfo &a : info.allocations)
        os << " alloc(" << stringifyOrigin(a.origin) << ", "
           << getDeallocatorName(a.deallocator) << ")";
      for (const FreeInfo &f : info.frees)
        os << " free(" << getDeallocatorName(f.deallocator) << ")";
      for (const AliasInfo &a : info.aliases)
        os << " alias(operand " << a.source.getType() << ", "
           << (a.kind == AliasInfo::Kind::Interior ? "interior"
               : a.kind == AliasInfo::Kind::Base   ? "base"
                                                   : "cast")
           << ")";
      for (const AccessInfo &a : info.accesses)
        os << (a.write ? " write" : " read");
      if (info.unknownEffects)
        os << " unknown-effects";
      os << "\n";
    });
  }
};

/// Prints the may-alias classes of each function, values named as the
/// printer names them.
struct TestAliasClassesPass
    : public PassWrapper<TestAliasClassesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestAliasClassesPass)
  StringRef getArgument() const final { return "test-memlint-alias-classes"; }
  StringRef getDescription() const final {
    return "Print the may-alias classes of the buffers of each function";
  }
  void runOnOperation() override {
    getOperation()->walk([&](FunctionOpInterface fn) {
      llvm::raw_ostream &os = llvm::outs();
      os << "function @" << fn.getName() << "\n";
      AsmState state(fn);
      AliasClasses classes(fn);
      classes.print(os, [&](Value value) {
        std::string name;
        llvm::raw_string_ostream stream(name);
        value.printAsOperand(stream, state);
        return name;
      });
    });
  }
};

/// Prints the live intervals of the buffers of each function (the input of
/// the memory plan), values named as the printer names them.
struct TestLiveIntervalsPass
    : public PassWrapper<TestLiveIntervalsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestLiveIntervalsPass)
  StringRef getArgument() const final { return "test-memlint-live-intervals"; }
  StringRef getDescription() const final {
    return "Print the live intervals of the buffers of each function";
  }
  void runOnOperation() override {
    getOperation()->walk([&](FunctionOpInterface fn) {
      if (fn.isExternal())
        return;
      llvm::raw_ostream &os = llvm::outs();
      os << "function @" << fn.getName() << "\n";
      AsmState state(fn);
      FunctionLiveIntervals live(fn);
      live.print(os, [&](Value value) {
        std::string name;
        llvm::raw_string_ostream stream(name);
        value.printAsOperand(stream, state);
        return name;
      });
    });
  }
};
} // namespace

int main(int argc, char **argv) {
  DialectRegistry registry;
  registerAllDialects(registry);
  test::registerTestDialect(registry);
  PassRegistration<TestLifetimePass>();
  PassRegistration<TestWitnessesPass>();
  PassRegistration<TestRootsPass>();
  PassRegistration<TestAliasClassesPass>();
  memlint::registerMemLintPass();
  memlint::registerApplyPlanPass();
  PassRegistration<TestLiveIntervalsPass>();
  return asMainReturnCode(
      MlirOptMain(argc, argv, "mlir-memlint test driver\n", registry));
}
