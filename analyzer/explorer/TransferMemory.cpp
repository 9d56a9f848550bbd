//===- TransferMemory.cpp - What memory ops do to a path ------------------===//
//
// Owns: MemoryTransfer (see TransferMemory.h).
// Must not touch: control flow, the worklist or the join tables.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/TransferMemory.h"
#include "analyzer/LiveIntervals.h"
#include "analyzer/explorer/FunctionExplorer.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

void MemoryTransfer::markEscaped(PathState &s, Value v) {
  const AbsVal *val = get(s, v);
  if (!val ||
      (val->kind != AbsVal::Kind::Ref && val->kind != AbsVal::Kind::Select))
    return;
  val->forEachLeaf([&](const AbsVal &ref) {
    BufferRecord &b = s.buffers[ref.buffer];
    b.escaped = true;
    b.contents.clear();
  });
}

void MemoryTransfer::checkUse(PathState &s, Operation *op, Value v,
                              UseKind use) {
  const AbsVal *val = get(s, v);
  if (!val)
    return;
  // A Select reaches here only when all of its buffers are alive (see
  // selectPassesThrough).
  if (val->kind == AbsVal::Kind::Select)
    val->forEachLeaf(
        [&](const AbsVal &ref) { assert(!s.buffers[ref.buffer].freed); });
  if (val->kind != AbsVal::Kind::Ref)
    return;
  BufferRecord &b = s.buffers[val->buffer];
  if (!b.freed)
    return;
  LifetimeEvent event;
  event.kind = LifetimeEventKind::UseAfterFree;
  event.use = use;
  event.op = op;
  event.buffer = b.root;
  event.alias = v;
  event.relatedOp = b.freeSite;
  report(s, std::move(event), val->buffer);
}

void MemoryTransfer::freeValue(PathState &s, Operation *op, Value v,
                               Deallocator family) {
  const AbsVal *val = get(s, v);
  if (!val || val->kind != AbsVal::Kind::Ref)
    return;
  uint32_t id = val->buffer;
  BufferRecord &b = s.buffers[id];
  LifetimeEvent event;
  event.op = op;
  event.buffer = b.root;
  event.alias = v;
  event.allocFamily = b.deallocator;
  event.freeFamily = family;
  event.kind = LifetimeEventKind::InvalidFree;
  event.relatedOp = b.site;
  if (val->interior) {
    event.reason = InvalidFreeReason::InteriorView;
    report(s, std::move(event), id);
    return;
  }
  switch (b.origin) {
  case BufferOrigin::Heap:
    break;
  case BufferOrigin::Stack:
    event.reason = InvalidFreeReason::Stack;
    report(s, std::move(event), id);
    return;
  case BufferOrigin::Global:
    event.reason = InvalidFreeReason::Global;
    report(s, std::move(event), id);
    return;
  case BufferOrigin::NotOwned:
    event.reason = InvalidFreeReason::NotOwned;
    report(s, std::move(event), id);
    return;
  case BufferOrigin::Argument:
    // The caller owns it; like every invalid free, this one changes nothing
    // on the path (callers in the module see the free through inlining).
    event.reason = InvalidFreeReason::Argument;
    report(s, std::move(event), id);
    if (setup.summaryOut && !b.freed) {
      b.freed = true;
      b.freeSite = op;
    }
    return;
  }
  if (b.freed) {
    event.kind = LifetimeEventKind::DoubleFree;
    event.relatedOp = b.freeSite;
    report(s, std::move(event), id);
    return;
  }
  if (b.deallocator != family) {
    event.reason = InvalidFreeReason::MismatchedDeallocator;
    report(s, std::move(event), id);
  }
  b.freed = true;
  b.freeSite = op;
  b.contents.clear();
  s.addTrace(TraceStep::Kind::Free, op, 0, b.site);
}

void MemoryTransfer::createBuffer(PathState &s, Value result,
                                  BufferOrigin origin, Deallocator family,
                                  Operation *site) {
  BufferRecord b;
  b.origin = origin;
  b.deallocator = family;
  b.site = site;
  b.leakSite = site;
  b.root = result;
  uint32_t id = s.buffers.size();
  s.buffers.push_back(std::move(b));
  clear(s, result);
  set(s, result, AbsVal::getRef(id, false));
  if (site) {
    s.addTrace(TraceStep::Kind::Alloc, site, 0, site);
    if (allocSites.insert(site).second)
      ++setup.stats.buffers;
  }
}

bool MemoryTransfer::decideAlias(PathState &s, uint32_t a, uint32_t b) {
  if (a == b)
    return true;
  auto isOwnedObject = [&](uint32_t id) {
    BufferOrigin o = s.buffers[id].origin;
    return o == BufferOrigin::Heap || o == BufferOrigin::Stack;
  };
  if (isOwnedObject(a) || isOwnedObject(b))
    return false;
  uint32_t x = std::min(a, b), y = std::max(a, b);
  uint32_t atom = ~0u;
  for (auto [p, q, at] : s.aliasAtoms)
    if (p == x && q == y)
      atom = at;
  if (atom == ~0u) {
    atom = s.freshAtom();
    s.aliasAtoms.emplace_back(x, y, atom);
    llvm::sort(s.aliasAtoms);
  }
  return decide(s, BoolFn::atom(atom));
}

std::optional<int64_t> MemoryTransfer::linearIndex(PathState &s, Value memref,
                                                   ValueRange indices) {
  const AbsVal *val = get(s, memref);
  if (!val || val->kind != AbsVal::Kind::Ref || val->interior)
    return std::nullopt;
  Value rootValue = s.buffers[val->buffer].root;
  auto rootType =
      dyn_cast_or_null<MemRefType>(rootValue ? rootValue.getType() : Type());
  if (!rootType || rootType.getRank() != (int64_t)indices.size())
    return std::nullopt;
  auto [tracked, inserted] = trackedTypes.try_emplace(rootType);
  if (inserted)
    tracked->second =
        rootType.hasStaticShape() && rootType.getLayout().isIdentity() &&
        getCheckedNumElements(rootType).value_or(INT64_MAX) <= 4096;
  if (!tracked->second)
    return std::nullopt;
  int64_t linear = 0;
  for (auto [i, index] : llvm::enumerate(indices)) {
    auto v = getInt(s, index);
    if (!v || *v < 0 || *v >= rootType.getDimSize(i))
      return std::nullopt;
    linear = linear * rootType.getDimSize(i) + *v;
  }
  return linear;
}

bool MemoryTransfer::stepMemoryValue(PathState &s, Operation *op) {
  if (auto ptr = dyn_cast<memref::ExtractAlignedPointerAsIndexOp>(op)) {
    const AbsVal *val = get(s, ptr.getSource());
    clear(s, ptr.getResult());
    if (val && val->kind == AbsVal::Kind::Ref && !val->interior)
      set(s, ptr.getResult(), AbsVal::getPtr(val->buffer));
    return true;
  }
  if (auto dim = dyn_cast<memref::DimOp>(op)) {
    clear(s, dim.getResult());
    auto index = getInt(s, dim.getIndex());
    auto type = dyn_cast<MemRefType>(dim.getSource().getType());
    if (!index || !type || *index < 0 || *index >= type.getRank())
      return true;
    if (!type.isDynamicDim(*index)) {
      set(s, dim.getResult(), AbsVal::getInt(type.getDimSize(*index)));
      return true;
    }
    const AbsVal *val = get(s, dim.getSource());
    if (val && val->kind == AbsVal::Kind::Ref && !val->interior) {
      Value rootValue = s.buffers[val->buffer].root;
      auto rootType = dyn_cast_or_null<MemRefType>(
          rootValue ? rootValue.getType() : Type());
      if (rootType && rootType.getRank() == type.getRank() &&
          !rootType.isDynamicDim(*index))
        set(s, dim.getResult(), AbsVal::getInt(rootType.getDimSize(*index)));
    }
    return true;
  }
  if (auto load = dyn_cast<memref::LoadOp>(op)) {
    checkUse(s, op, load.getMemRef(), UseKind::Read);
    auto index = linearIndex(s, load.getMemRef(), load.getIndices());
    const AbsVal *memVal = get(s, load.getMemRef());
    std::optional<AbsVal> loaded;
    if (index && memVal) {
      for (const auto &cell : s.buffers[memVal->buffer].contents)
        if (cell.first == *index)
          loaded = cell.second;
    }
    if (loaded) {
      clear(s, load.getResult());
      set(s, load.getResult(), *loaded);
    } else {
      setUnknown(s, load.getResult());
    }
    return true;
  }
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    checkUse(s, op, store.getMemRef(), UseKind::Write);
    if (isa<BaseMemRefType>(store.getValueToStore().getType()))
      markEscaped(s, store.getValueToStore());
    const AbsVal *memVal = get(s, store.getMemRef());
    if (!memVal || memVal->kind != AbsVal::Kind::Ref)
      return true;
    uint32_t id = memVal->buffer;
    auto index = linearIndex(s, store.getMemRef(), store.getIndices());
    auto &contents = s.buffers[id].contents;
    if (!index) {
      contents.clear();
      return true;
    }
    // Contents are tracked for what can steer the analysis: flags (i1),
    // indices and buffers. Other integers (data) are not, so that a loop
    // filling an i32 array does not make every iteration a new state.
    Type storedType = store.getValueToStore().getType();
    const AbsVal *stored =
        storedType.isInteger(1) || storedType.isIndex() ||
                isa<BaseMemRefType, LLVM::LLVMPointerType>(storedType)
            ? get(s, store.getValueToStore())
            : nullptr;
    auto it = llvm::lower_bound(contents, *index,
                                [](const std::pair<int64_t, AbsVal> &c,
                                   int64_t key) { return c.first < key; });
    if (it != contents.end() && it->first == *index) {
      if (stored)
        it->second = *stored;
      else
        contents.erase(it);
    } else if (stored) {
      contents.insert(it, {*index, *stored});
    }
    return true;
  }
  return false;
}

void MemoryTransfer::escapeCaptured(PathState &s, Operation *op) {
  if (op->getNumRegions() == 0)
    return;
  // Nested ops with known effects that free nothing only use what they
  // capture; anything else may keep or free it, so it escapes.
  op->walk([&](Operation *nested) {
    if (nested == op)
      return;
    const OpMemoryInfo &info = ctx.getMemoryInfo(nested);
    bool benign = !info.unknownEffects && !isa<CallOpInterface>(nested) &&
                  info.frees.empty() && info.allocations.empty() &&
                  !isa<bufferization::DeallocOp>(nested);
    for (Value operand : nested->getOperands()) {
      if (op->isProperAncestor(operand.getParentRegion()->getParentOp()) ||
          operand.getParentRegion()->getParentOp() == op)
        continue;
      if (!benign)
        markEscaped(s, operand);
    }
    if (benign)
      for (const AccessInfo &access : info.accesses)
        if (!op->isAncestor(
                Value(access.operand).getParentRegion()->getParentOp()))
          checkUse(s, op, access.operand,
                   access.write ? UseKind::Write : UseKind::Read);
  });
}

void MemoryTransfer::stepUnknown(PathState &s, Operation *op) {
  if (unknownOps.insert(op).second) {
    ++setup.stats.unknownEffectOps;
    ++setup.stats.unknownEffectOpNames[op->getName().getStringRef().str()];
  }
  for (Value operand : op->getOperands())
    markEscaped(s, operand);
  escapeCaptured(s, op);
  for (Value result : op->getResults())
    setUnknown(s, result);
}

void MemoryTransfer::stepGeneric(PathState &s, Operation *op) {
  const OpMemoryInfo &info = ctx.getMemoryInfo(op);
  // Uses first (a realloc reads its source before freeing it).
  for (const AccessInfo &access : info.accesses)
    checkUse(s, op, access.operand,
             access.write ? UseKind::Write : UseKind::Read);
  for (const AccessInfo &access : info.accesses)
    if (access.write)
      if (const AbsVal *val = get(s, access.operand))
        if (val->kind == AbsVal::Kind::Ref)
          s.buffers[val->buffer].contents.clear();
  for (const FreeInfo &free : info.frees)
    freeValue(s, op, free.operand, free.deallocator);

  SmallPtrSet<void *, 4> defined;
  for (const AliasInfo &alias : info.aliases) {
    const AbsVal *src = get(s, alias.source);
    defined.insert(alias.result.getAsOpaquePointer());
    auto view = [&](bool interior) {
      return alias.kind == AliasInfo::Kind::Interior ||
             (alias.kind == AliasInfo::Kind::Cast && interior);
    };
    if (src && src->kind == AbsVal::Kind::Ref) {
      AbsVal val = AbsVal::getRef(src->buffer, view(src->interior));
      clear(s, alias.result);
      set(s, alias.result, val);
    } else if (src && src->kind == AbsVal::Kind::Select) {
      AbsVal val = src->mapLeaves([&](const AbsVal &ref) {
        return AbsVal::getRef(ref.buffer, view(ref.interior));
      });
      clear(s, alias.result);
      set(s, alias.result, val);
    } else {
      clear(s, alias.result);
    }
  }
  for (const AllocationInfo &alloc : info.allocations) {
    defined.insert(alloc.result.getAsOpaquePointer());
    createBuffer(s, alloc.result, alloc.origin, alloc.deallocator, op);
  }
  if (info.unknownEffects) {
    stepUnknown(s, op);
    return;
  }
  // Regions we do not enter (linalg bodies, ...): what they capture escapes.
  escapeCaptured(s, op);
  // A memref result we cannot explain may alias any memref operand.
  bool unexplained = llvm::any_of(op->getResults(), [&](Value r) {
    return isa<BaseMemRefType>(r.getType()) &&
           !defined.contains(r.getAsOpaquePointer());
  });
  if (unexplained)
    for (Value operand : op->getOperands())
      markEscaped(s, operand);
  for (Value result : op->getResults())
    if (!defined.contains(result.getAsOpaquePointer()))
      setUnknown(s, result);
}

void MemoryTransfer::concretizeSelects(PathState &s, Operation *op) {
  for (OpOperand &operand : op->getOpOperands()) {
    const AbsVal *val = get(s, operand.get());
    if (!val || val->kind != AbsVal::Kind::Select)
      continue;
    std::optional<bool> decided = val->boolValue.evaluate(s.assignment);
    if (!decided && selectPassesThrough(s, op, operand, *val))
      continue;
    // Down the tree to one leaf, deciding each condition on the way: a fork
    // per undecided one (the other path re-runs `op` from the start), so
    // one path per leaf the path can reach.
    // This path takes the smaller arm at each node, so that few paths wait
    // at once: the one that takes the larger arm re-runs `op` and splits
    // again only when it runs.
    AbsVal select = *val;
    while (select.kind == AbsVal::Kind::Select) {
      std::optional<bool> known = select.boolValue.evaluate(s.assignment);
      bool smallerArm =
          select.choose(true).getSize() <= select.choose(false).getSize();
      bool condition = known ? *known : decide(s, select.boolValue, smallerArm);
      AbsVal chosen = select.choose(condition);
      select = std::move(chosen);
    }
    set(s, operand.get(), select);
  }
}

bool MemoryTransfer::selectPassesThrough(PathState &s, Operation *op,
                                         OpOperand &operand,
                                         const AbsVal &val) {
  // Control flow forwards values as they are.
  if (op->getNumSuccessors() != 0)
    return isa<BranchOpInterface>(op);
  if (op->hasTrait<OpTrait::IsTerminator>()) {
    Operation *parent = op->getParentOp();
    return isa<RegionBranchOpInterface>(parent) && !ctx.isBoundary(parent);
  }
  if (isa<RegionBranchOpInterface>(op) && op->getNumRegions() != 0 &&
      !isa<CallOpInterface>(op))
    return true;
  if (op->getNumRegions() != 0 || isa<CallOpInterface>(op))
    return false;
  // A select of selects is a larger tree (see stepArith).
  if (auto select = dyn_cast<arith::SelectOp>(op))
    return select.getCondition().getType().isInteger(1) &&
           operand.get() != select.getCondition();
  bool quiet = true;
  val.forEachLeaf([&](const AbsVal &ref) {
    const BufferRecord &b = s.buffers[ref.buffer];
    quiet &= !b.freed && b.contents.empty();
  });
  Value v = operand.get();
  if (isa<memref::LoadOp>(op))
    return quiet;
  if (auto store = dyn_cast<memref::StoreOp>(op)) {
    Type stored = store.getValueToStore().getType();
    bool tracked = stored.isInteger(1) || stored.isIndex() ||
                   isa<BaseMemRefType, LLVM::LLVMPointerType>(stored);
    return quiet && !tracked && v != store.getValueToStore();
  }
  // The ops stepArith handles read more than effects (dim, pointers).
  if (isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
      isa<memref::DimOp, memref::ExtractAlignedPointerAsIndexOp,
          bufferization::DeallocOp>(op))
    return false;
  const OpMemoryInfo &info = ctx.getMemoryInfo(op);
  if (info.unknownEffects || !info.frees.empty() || !info.allocations.empty())
    return false;
  bool used = false;
  for (const AccessInfo &access : info.accesses)
    if (access.operand == v) {
      if (!quiet)
        return false;
      used = true;
    }
  for (const AliasInfo &alias : info.aliases)
    if (alias.source == v)
      used = true;
  if (!used)
    return false;
  // Every memref result is explained (see stepGeneric), and v has no other
  // role in the op.
  for (Value result : op->getResults())
    if (isa<BaseMemRefType>(result.getType()) &&
        llvm::none_of(info.aliases, [&](const AliasInfo &alias) {
          return alias.result == result;
        }))
      return false;
  return true;
}

void MemoryTransfer::stepBufferizationDealloc(PathState &s,
                                              bufferization::DeallocOp op) {
  // Decide every condition and every alias question first (forking), then
  // apply: memref i is freed when its condition holds and it aliases no
  // retained value; retained j's ownership is the OR over the memrefs that
  // alias it of their conditions.
  SmallVector<bool> conds;
  for (Value cond : op.getConditions())
    conds.push_back(decide(s, getBool(s, cond)));
  auto bufferOf = [&](Value v) -> std::optional<uint32_t> {
    const AbsVal *val = get(s, v);
    if (val && val->kind == AbsVal::Kind::Ref)
      return val->buffer;
    return std::nullopt;
  };
  auto memrefs = op.getMemrefs();
  auto retained = op.getRetained();
  SmallVector<bool> freeIt(memrefs.size(), false);
  SmallVector<bool> owned(retained.size(), false);
  for (auto [i, m] : llvm::enumerate(memrefs)) {
    if (!conds[i])
      continue;
    auto mb = bufferOf(m);
    bool aliasesRetained = false;
    for (auto [j, r] : llvm::enumerate(retained)) {
      auto rb = bufferOf(r);
      bool alias = mb && rb && decideAlias(s, *mb, *rb);
      if (alias) {
        aliasesRetained = true;
        owned[j] = true;
      }
    }
    freeIt[i] = !aliasesRetained;
  }
  // Free each buffer once even when it is listed twice.
  SmallVector<uint32_t> freedBuffers;
  for (auto [i, m] : llvm::enumerate(memrefs)) {
    if (!freeIt[i])
      continue;
    if (auto mb = bufferOf(m)) {
      if (llvm::is_contained(freedBuffers, *mb))
        continue;
      freedBuffers.push_back(*mb);
    }
    freeValue(s, op, m, Deallocator::Memref);
  }
  for (auto [j, result] : llvm::enumerate(op.getUpdatedConditions())) {
    clear(s, result);
    set(s, result, AbsVal::getBool(BoolFn::constant(owned[j])));
  }
}
