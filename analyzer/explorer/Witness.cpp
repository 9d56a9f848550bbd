//===- Witness.cpp - The witness path of a finding ------------------------===//
//
// Owns: WitnessBuilder (see Witness.h).
// Must not touch: path states or the exploration.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/Witness.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/DenseSet.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

using Kind = TraceStep::Kind;

Operation *WitnessBuilder::getFunction(Operation *op) {
  // Up to the first op whose function is known (or a function, or the
  // top), then every op on the way gets the answer.
  SmallVector<Operation *, 16> chain;
  Operation *result = nullptr;
  for (Operation *p = op; p; p = p->getParentOp()) {
    if (auto it = functions.find(p); it != functions.end()) {
      result = it->second;
      break;
    }
    if (isa<FunctionOpInterface>(p)) {
      result = p;
      break;
    }
    chain.push_back(p);
  }
  for (Operation *p : chain)
    functions[p] = result;
  return result;
}

const SmallPtrSetImpl<Operation *> &
WitnessBuilder::getFateOps(Operation *function, const WitnessSubject &subject) {
  auto [it, inserted] = fateOps.try_emplace({function, subject.site});
  SmallPtrSet<Operation *, 16> &result = it->second;
  if (!inserted)
    return result;
  std::unique_ptr<AliasClasses> &fnClasses = classes[function];
  if (!fnClasses)
    fnClasses = std::make_unique<AliasClasses>(function);
  SmallPtrSet<const AliasClass *, 4> relevant;
  auto addValue = [&](Value v) {
    Region *region = v ? v.getParentRegion() : nullptr;
    if (region && isBufferLike(v) &&
        getFunction(region->getParentOp()) == function)
      if (const AliasClass *cls = fnClasses->lookup(v))
        relevant.insert(cls);
  };
  auto addOp = [&](Operation *op) {
    if (!op)
      return;
    for (Value v : op->getOperands())
      addValue(v);
    for (Value v : op->getResults())
      addValue(v);
  };
  addOp(subject.site);
  addValue(subject.buffer);
  addValue(subject.alias);
  // The bug's operands are the buffer's aliases; the related op (a return,
  // a branch losing the last reference) may hold unrelated values.
  if (subject.bugOp && !subject.bugOp->hasTrait<OpTrait::IsTerminator>())
    addOp(subject.bugOp);
  if (relevant.empty())
    for (const AliasClass &cls : fnClasses->getClasses())
      if (cls.foreignOrigin)
        relevant.insert(&cls);
  for (const AliasClass *cls : relevant)
    for (const AliasUse &use : cls->uses) {
      Operation *owner = use.getOwner();
      switch (use.kind) {
      case AliasUse::Kind::Free:
      case AliasUse::Kind::Escape:
        result.insert(owner);
        break;
      case AliasUse::Kind::Alias:
        if (owner->hasTrait<OpTrait::IsTerminator>() ||
            isa<arith::SelectOp>(owner))
          result.insert(owner);
        break;
      case AliasUse::Kind::Access:
      case AliasUse::Kind::Metadata:
        break;
      }
    }
  return result;
}

bool WitnessBuilder::decides(Operation *op, ArrayRef<Operation *> executed,
                             const WitnessSubject &subject) {
  Operation *function = getFunction(op);
  if (!function)
    return true;
  const SmallPtrSetImpl<Operation *> &fate = getFateOps(function, subject);
  // What the fate ops of the function and the executed ops are nested in,
  // once per function and witness: the ops around them and the blocks that
  // hold them or those ops (linear in the nesting, not quadratic).
  auto [it, inserted] = reach.try_emplace(function);
  Reach &r = it->second;
  if (inserted) {
    SmallPtrSet<Operation *, 32> visited;
    auto add = [&](Operation *x) {
      for (Operation *p = x; p; p = p->getParentOp()) {
        if (p != x)
          r.ancestors.insert(p);
        if (!visited.insert(p).second)
          break; // its ancestors are in already
        r.blocks.insert(p->getBlock());
      }
    };
    for (Operation *x : fate)
      add(x);
    for (Operation *x : executed)
      add(x);
  }
  if (op->getNumSuccessors() > 0) {
    // A branch terminator: it forwards an alias, or a block it may enter
    // holds what decides the fate.
    if (fate.contains(op))
      return true;
    return llvm::any_of(op->getSuccessors(),
                        [&](Block *dest) { return r.blocks.contains(dest); });
  }
  // A loop or region op: what it runs (or skips) holds it.
  return r.ancestors.contains(op);
}

std::vector<WitnessStep> WitnessBuilder::build(const TraceStep *last,
                                               const WitnessSubject &subject,
                                               bool &crossedMerge,
                                               std::vector<WitnessStep> &branches) {
  crossedMerge = false;
  branches.clear();
  reach.clear(); // it depends on the ops this path executed
  // The path, oldest step first (its most recent kMaxTraceSteps steps).
  std::vector<const TraceStep *> path;
  for (const TraceStep *t = last; t && path.size() < kMaxTraceSteps;
       t = t->prev.get())
    path.push_back(t);
  std::reverse(path.begin(), path.end());
  const int n = path.size();

  // Iteration numbers, calls paired with their returns, and the loop
  // entries and calls active at each step.
  std::vector<int> iteration(n, 0), match(n, -1), nextAtLoop(n, n);
  llvm::DenseMap<Operation *, int> tripCount, lastAtLoop;
  SmallVector<int> callStack;
  int allocIndex = -1;
  SmallVector<int> callsAtAlloc;
  for (int i = 0; i < n; ++i) {
    const TraceStep *t = path[i];
    switch (t->kind) {
    case Kind::Iteration: {
      if (auto it = lastAtLoop.find(t->op); it != lastAtLoop.end())
        nextAtLoop[it->second] = i;
      lastAtLoop[t->op] = i;
      if (t->successor)
        iteration[i] = ++tripCount[t->op];
      else
        iteration[i] = tripCount.lookup(t->op), tripCount.erase(t->op);
      break;
    }
    case Kind::Call:
      callStack.push_back(i);
      break;
    case Kind::Return:
      if (!callStack.empty()) {
        match[i] = callStack.back();
        match[callStack.pop_back_val()] = i;
      }
      break;
    case Kind::Alloc:
      if (subject.site && t->site == subject.site) {
        allocIndex = i;
        callsAtAlloc.assign(callStack.begin(), callStack.end());
      }
      break;
    default:
      break;
    }
  }
  const int from = std::max(allocIndex, 0);

  // The ops the path ran that the finding is about.
  SmallVector<Operation *, 8> executed;
  for (Operation *op : {subject.site, subject.bugOp, subject.relatedOp})
    if (op)
      executed.push_back(op);
  for (int i = from; i < n; ++i)
    if (path[i]->kind == Kind::Free && path[i]->site == subject.site)
      executed.push_back(path[i]->op);
  llvm::DenseMap<Operation *, bool> decisions;
  auto decidesAt = [&](Operation *op) {
    auto [it, inserted] = decisions.try_emplace(op, false);
    if (inserted)
      it->second = decides(op, executed, subject);
    return it->second;
  };

  std::vector<bool> keep(n, false);
  // Loops whose current iteration holds the allocation: their exit shows.
  llvm::SmallPtrSet<Operation *, 4> contextLoops;
  // The context of the allocation: the calls it is in and the latest entry
  // into each loop or region around it.
  for (int i : callsAtAlloc)
    keep[i] = true;
  if (allocIndex >= 0) {
    keep[allocIndex] = true;
    // The latest entry of each op before the allocation, in one pass (the
    // site may be nested 1,000 levels deep).
    llvm::DenseMap<Operation *, int> latestEntry;
    for (int i = 0; i < allocIndex; ++i)
      if (path[i]->kind == Kind::Branch ||
          (path[i]->kind == Kind::Iteration && path[i]->successor))
        latestEntry[path[i]->op] = i;
    Operation *function = getFunction(subject.site);
    for (Operation *p = subject.site->getParentOp(); p && p != function;
         p = p->getParentOp())
      if (auto it = latestEntry.find(p); it != latestEntry.end()) {
        keep[it->second] = true;
        contextLoops.insert(p);
      }
  }
  // Frees of the buffer, and decisions that change its fate.
  for (int i = from; i < n; ++i) {
    const TraceStep *t = path[i];
    if (t->kind == Kind::Free && t->site == subject.site)
      keep[i] = true;
    else if (t->kind == Kind::Branch)
      keep[i] = decidesAt(t->op);
  }
  // A loop entry is kept when its iteration holds a kept step or the bug;
  // a loop exit when the loop decides and it was skipped or an iteration
  // was kept.
  std::vector<int> keptBefore(n + 1, 0);
  auto countKept = [&] {
    for (int i = 0; i < n; ++i)
      keptBefore[i + 1] = keptBefore[i] + keep[i];
  };
  countKept();
  llvm::DenseMap<Operation *, bool> iterationKept;
  for (Operation *loop : contextLoops)
    iterationKept[loop] = true;
  for (int i = from; i < n; ++i) {
    const TraceStep *t = path[i];
    if (t->kind != Kind::Iteration || !decidesAt(t->op))
      continue;
    if (t->successor) {
      int end = nextAtLoop[i];
      bool holdsKept = keptBefore[end] - keptBefore[i + 1] > 0;
      // The path is still in this iteration at the bug (which may be in a
      // callee).
      bool holdsBug =
          end == n && subject.bugOp &&
          (t->op->isAncestor(subject.bugOp) ||
           getFunction(subject.bugOp) != getFunction(t->op));
      if (holdsKept || holdsBug)
        keep[i] = iterationKept[t->op] = true;
    } else {
      keep[i] = iteration[i] == 0 || iterationKept.lookup(t->op);
      iterationKept.erase(t->op);
    }
  }
  countKept();
  // A call and its return are kept when a step between them is; a call
  // the path is still in at the bug, always.
  for (int i = from; i < n; ++i) {
    if (path[i]->kind != Kind::Call)
      continue;
    int ret = match[i];
    if (ret < 0 || keptBefore[ret] - keptBefore[i + 1] > 0) {
      keep[i] = true;
      if (ret >= 0)
        keep[ret] = true;
    }
  }
  for (int i : callsAtAlloc)
    if (match[i] >= 0)
      keep[match[i]] = true;

  std::vector<WitnessStep> steps;
  int firstKept = n;
  for (int i = 0; i < n; ++i) {
    if (!keep[i])
      continue;
    firstKept = std::min(firstKept, i);
    const TraceStep *t = path[i];
    WitnessStep step{WitnessStep::Kind::Branch, t->op, t->successor,
                     iteration[i]};
    switch (t->kind) {
    case Kind::Alloc:
      step.kind = WitnessStep::Kind::Alloc;
      break;
    case Kind::Free:
      step.kind = WitnessStep::Kind::Free;
      break;
    case Kind::Branch:
      break;
    case Kind::Iteration:
      step.kind = WitnessStep::Kind::Iteration;
      break;
    case Kind::Call:
      step.kind = WitnessStep::Kind::Call;
      break;
    case Kind::Return:
      // Located at the call, as "returning from" is read in the caller.
      step.kind = WitnessStep::Kind::Return;
      step.op = path[match[i]]->op;
      break;
    case Kind::Merge:
      continue;
    }
    steps.push_back(step);
  }
  for (int i = firstKept; i < n; ++i)
    crossedMerge |= path[i]->kind == Kind::Merge;
  // Every branch decision since the allocation, the latest of each.
  llvm::DenseSet<std::pair<Operation *, int>> seen;
  for (int i = n - 1; i >= from; --i)
    if (path[i]->kind == Kind::Branch &&
        seen.insert({path[i]->op, path[i]->successor}).second)
      branches.push_back(
          {WitnessStep::Kind::Branch, path[i]->op, path[i]->successor});
  std::reverse(branches.begin(), branches.end());
  // Too long: the allocation with its context, then the latest steps.
  if (steps.size() > kMaxWitnessSteps) {
    auto alloc = llvm::find_if(steps, [](const WitnessStep &w) {
      return w.kind == WitnessStep::Kind::Alloc;
    });
    size_t head = alloc == steps.end() ? 0 : alloc - steps.begin() + 1;
    head = std::min(head, kMaxWitnessSteps / 2);
    size_t tail = kMaxWitnessSteps - head;
    steps.erase(steps.begin() + head, steps.end() - tail);
  }
  return steps;
}
