//===- FunctionExplorer.cpp - The exploration of one root function --------===//
//
// Owns: the run loop, the op dispatch and the end of paths (see
// FunctionExplorer.h). Must not touch: what an op does; each kind of op goes
// to the part that owns it.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/FunctionExplorer.h"
#include "analyzer/explorer/Trace.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <iterator>

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

void FunctionExplorer::finishPath(PathState &s, Operation *exitOp) {
  llvm::BitVector none(s.buffers.size());
  canonicalizer.checkLeaksOnLoss(s, exitOp, none);
  if (!terminalHits) {
    terminalHits = SmallVector<uint32_t, 4>(s.hits.begin(), s.hits.end());
  } else {
    SmallVector<uint32_t, 4> common;
    std::set_intersection(terminalHits->begin(), terminalHits->end(),
                          s.hits.begin(), s.hits.end(),
                          std::back_inserter(common));
    *terminalHits = std::move(common);
  }
}

bool FunctionExplorer::step(PathState &s) {
  Operation *op = s.pc;
  if (!op)
    return false;
  budget.countStep();
  if (traceEnabled()) {
    llvm::errs() << "step " << op->getName() << " at " << op->getLoc() << "\n";
    printState(s);
  }

  if (s.mayHaveSelect)
    memory.concretizeSelects(s, op);

  if (op->hasTrait<OpTrait::IsTerminator>()) {
    Operation *parent = op->getParentOp();
    if (op->getNumSuccessors() != 0)
      return control.stepBranch(s, op);
    if (setup.ctx.isBoundary(parent) && op->hasTrait<OpTrait::ReturnLike>())
      return control.stepReturn(s, op);
    if (isa<RegionBranchOpInterface>(parent))
      return control.stepRegionTerminator(s, op);
    if (setup.ctx.isBoundary(parent)) {
      // A terminator that does not return (unreachable): the path ends.
      return false;
    }
    // A terminator of an op we do not model: treat the op as opaque; this is
    // reached only if we entered its region, which we never do.
    return false;
  }

  // (Regions first: most ops have none, and the interface lookup costs more.)
  if (op->getNumRegions() != 0)
    if (auto region = dyn_cast<RegionBranchOpInterface>(op))
      if (!isa<CallOpInterface>(op))
        return control.stepRegionOp(s, region);
  // (Whether an op is a call depends on its name only: the interface
  // lookup, which costs more than the rest of most steps, once per name.)
  auto [isCall, inserted] = callsByName.try_emplace(op->getName());
  if (inserted)
    isCall->second = isa<CallOpInterface>(op);
  if (auto call = isCall->second ? cast<CallOpInterface>(op)
                                 : CallOpInterface())
    if (setup.ctx.getMemoryInfo(op).allocations.empty() &&
        setup.ctx.getMemoryInfo(op).frees.empty()) {
      bool cont = calls.stepCall(s, call);
      if (cont)
        s.pc = op->getNextNode();
      return cont;
    }
  if (auto dealloc = dyn_cast<bufferization::DeallocOp>(op)) {
    memory.stepBufferizationDealloc(s, dealloc);
    s.pc = op->getNextNode();
    return true;
  }
  if (!arith.step(s, op) && !memory.stepMemoryValue(s, op))
    memory.stepGeneric(s, op);
  s.pc = op->getNextNode();
  return true;
}

void FunctionExplorer::runPath(PathState &s) {
  while (step(s))
    if (budget.afterStep(s.pc))
      return;
}

FunctionStats FunctionExplorer::run() {
  FunctionStats fs;
  FunctionOpInterface root = setup.root;
  fs.name = root.getName().str();
  fs.function = root;
  fs.ops = setup.ctx.countOps(root);
  budget.start(fs.ops);
  setup.reachedFunctions.insert(root);
  Region &body = root.getFunctionBody();
  if (body.empty() || body.front().empty())
    return fs;

  PathState init;
  Block &entry = body.front();
  for (BlockArgument arg : entry.getArguments()) {
    if (isa<BaseMemRefType>(arg.getType())) {
      BufferRecord b;
      b.origin = BufferOrigin::Argument;
      b.root = arg;
      uint32_t id = init.buffers.size();
      init.buffers.push_back(std::move(b));
      init.bind(setup.ctx.number(arg), AbsVal::getRef(id, false));
    } else if (arg.getType().isInteger(1)) {
      init.bind(setup.ctx.number(arg),
                AbsVal::getBool(BoolFn::atom(init.freshAtom())));
    }
  }
  joins.join(std::move(init), &entry.front());
  while (!worklist.empty()) {
    PathState s = worklist.pop();
    runPath(s);
    if (budget.mustStop() || events.searchDone())
      break;
  }
  if (setup.summaryOut)
    *setup.summaryOut = calls.summarize(budget.isComplete());
  // All-paths verdicts.
  for (uint32_t id : events.getLocalEvents()) {
    bool all = budget.isComplete() && terminalHits &&
               llvm::is_contained(*terminalHits, id);
    if (setup.events[id].rootFunction == root)
      setup.events[id].allPaths = all;
  }
  fs.states = joins.statesSeen();
  fs.paths = worklist.popped();
  budget.fill(fs);
  return fs;
}
