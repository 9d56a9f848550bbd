//===- TransferCalls.cpp - What calls do to a path ------------------------===//
//
// Owns: CallTransfer (see TransferCalls.h).
// Must not touch: returns or the module-level summary fixpoint.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/TransferCalls.h"
#include "analyzer/explorer/FunctionExplorer.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

void CallTransfer::recordExit(PathState &s, Operation *term) {
  FunctionSummary exit;
  Block &entry = setup.root.getFunctionBody().front();
  for (BlockArgument arg : entry.getArguments()) {
    auto effect = FunctionSummary::ArgEffect::None;
    for (const BufferRecord &b : s.buffers)
      if (b.origin == BufferOrigin::Argument && b.root == arg)
        effect = b.escaped ? FunctionSummary::ArgEffect::Unknown
                 : b.freed ? FunctionSummary::ArgEffect::Frees
                           : FunctionSummary::ArgEffect::None;
    exit.args.push_back(effect);
  }
  for (Value operand : term->getOperands()) {
    FunctionSummary::Result result;
    if (const AbsVal *val = get(s, operand);
        val && val->kind == AbsVal::Kind::Ref && !val->interior) {
      const BufferRecord &b = s.buffers[val->buffer];
      if (b.origin == BufferOrigin::Heap && !b.freed && !b.escaped &&
          b.deallocator == Deallocator::Memref) {
        result.kind = FunctionSummary::ResultKind::Fresh;
      } else if (b.origin == BufferOrigin::Argument && b.root) {
        result.kind = FunctionSummary::ResultKind::AliasOfArg;
        result.arg = cast<BlockArgument>(b.root).getArgNumber();
      }
    }
    exit.results.push_back(result);
  }
  exitSummaries.push_back(std::move(exit));
}

bool CallTransfer::applySummary(PathState &s, CallOpInterface call,
                                const FunctionSummary &summary) {
  Operation *op = call.getOperation();
  auto args = call.getArgOperands();
  if (summary.args.size() != args.size() ||
      summary.results.size() != op->getNumResults())
    return false;
  SmallVector<std::optional<AbsVal>> argVals;
  for (Value arg : args) {
    const AbsVal *val = get(s, arg);
    argVals.push_back(val ? std::optional<AbsVal>(*val) : std::nullopt);
  }
  for (auto [i, arg] : llvm::enumerate(args)) {
    switch (summary.args[i]) {
    case FunctionSummary::ArgEffect::None:
      break;
    case FunctionSummary::ArgEffect::Frees:
      x.memory.freeValue(s, op, arg, Deallocator::Memref);
      break;
    case FunctionSummary::ArgEffect::Unknown:
      x.memory.markEscaped(s, arg);
      break;
    }
  }
  for (auto [j, result] : llvm::enumerate(op->getResults())) {
    const FunctionSummary::Result &r = summary.results[j];
    if (r.kind == FunctionSummary::ResultKind::Fresh) {
      x.memory.createBuffer(s, result, BufferOrigin::Heap, Deallocator::Memref,
                            op);
    } else if (r.kind == FunctionSummary::ResultKind::AliasOfArg &&
               r.arg < argVals.size() && argVals[r.arg]) {
      clear(s, result);
      set(s, result, *argVals[r.arg]);
    } else {
      setUnknown(s, result);
    }
  }
  return true;
}

/// MLIR's C runner utilities (printMemrefF32, verifyMemRefI32, ...) read
/// their memref arguments and keep nothing: part of the exception table of
/// MemoryModel.cpp, for external callees whose effects are not declared.
static bool isReadOnlyRuntimeFunction(CallOpInterface call) {
  auto sym = dyn_cast_or_null<SymbolRefAttr>(
      dyn_cast<SymbolRefAttr>(call.getCallableForCallee()));
  if (!sym)
    return false;
  StringRef name = sym.getLeafReference().getValue();
  return name.starts_with("printMemref") || name.starts_with("verifyMemRef") ||
         name.starts_with("print_memref");
}

bool CallTransfer::stepCall(PathState &s, CallOpInterface call) {
  Operation *op = call.getOperation();
  for (Value operand : call.getArgOperands())
    x.memory.checkUse(s, op, operand, UseKind::CallArgument);
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      call.resolveCallableInTable(&ctx.symbolTables));
  // The frames of the callee on the stack: the current one, and each that
  // made one of the calls explored in place.
  unsigned frames = 0;
  if (callee) {
    frames = callee == op->getParentOfType<FunctionOpInterface>();
    for (Operation *c : s.callStack)
      frames += c->getParentOfType<FunctionOpInterface>() == callee;
  }
  bool recursive = callee && (callee == setup.root || frames > 0);
  // A recursive call is explored in place too, up to a number of frames of
  // the function (not while its summary is computed: that is what the
  // summary is for).
  bool inPlace =
      !recursive || (!setup.summaryOut && frames < options.maxRecursionFrames);
  if (callee && !callee.isExternal() && inPlace &&
      s.callStack.size() < options.maxInlineDepth &&
      callee.getFunctionBody().front().getNumArguments() ==
          call.getArgOperands().size()) {
    setup.reachedFunctions.insert(callee);
    Block &entry = callee.getFunctionBody().front();
    // The arguments are read in the caller's frame and bound in the
    // callee's (another activation of the same values when it recurses).
    auto vals = readForwarded(s, call.getArgOperands());
    s.callStack.push_back(op);
    if (recursive)
      ++s.recursiveFrames;
    bindRead(s, vals, entry.getArguments());
    s.addTrace(TraceStep::Kind::Call, op);
    join(std::move(s), &entry.front());
    return false;
  }
  // A recursive call, or one too deep: the callee's summary.
  if (callee && !callee.isExternal()) {
    if (auto it = setup.summaries.find(callee); it != setup.summaries.end()) {
      if (applySummary(s, call, it->second))
        return true;
    } else if (setup.summaryOut && recursive) {
      // Computing summaries bottom-up: a recursive call with no summary yet
      // contributes no exit in this round.
      return false;
    }
  }
  // Unknown or external callee: arguments escape, results are unknown;
  // except MLIR's runner utilities, which only read their arguments.
  ++setup.stats.externalCalls;
  if (!isReadOnlyRuntimeFunction(call))
    for (Value operand : call.getArgOperands())
      x.memory.markEscaped(s, operand);
  for (Value result : op->getResults())
    setUnknown(s, result);
  return true;
}

FunctionSummary CallTransfer::summarize(bool complete) const {
  FunctionSummary merged;
  for (size_t i = 0; i < exitSummaries.size(); ++i) {
    const FunctionSummary &exit = exitSummaries[i];
    if (i == 0) {
      merged = exit;
      continue;
    }
    for (size_t a = 0; a < merged.args.size(); ++a)
      if (merged.args[a] != exit.args[a])
        merged.args[a] = FunctionSummary::ArgEffect::Unknown;
    for (size_t r = 0; r < merged.results.size(); ++r)
      if (merged.results[r].kind != exit.results[r].kind ||
          merged.results[r].arg != exit.results[r].arg)
        merged.results[r] = {};
  }
  if (exitSummaries.empty() || !complete) {
    merged.args.assign(setup.root.getFunctionBody().front().getNumArguments(),
                       FunctionSummary::ArgEffect::Unknown);
    merged.results.assign(setup.root.getResultTypes().size(), {});
  }
  return merged;
}
