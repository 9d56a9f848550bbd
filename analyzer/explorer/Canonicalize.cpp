//===- Canonicalize.cpp - Canonical path states ---------------------------===//
//
// Owns: StateCanonicalizer (see Canonicalize.h).
// Must not touch: the worklist or the tables of seen states.
//
//===----------------------------------------------------------------------===//

#include "analyzer/explorer/Canonicalize.h"
#include "analyzer/explorer/FunctionExplorer.h"
#include "analyzer/explorer/StateMerge.h"

using namespace mlir;
using namespace memlint;
using namespace memlint::explorer;

StateCanonicalizer::StateCanonicalizer(FunctionExplorer &x)
    : ExplorerPart(x), liveness(ctx) {}

void StateCanonicalizer::checkLeaksOnLoss(PathState &s, Operation *where,
                                          const llvm::BitVector &strong) {
  // Where the path has just taken an edge, the reference was lost on it:
  // at the branch (a back-edge, say), at the loop it left, at the end of
  // the iteration it repeats; not at the first op after the edge.
  if (where && s.trace) {
    const TraceStep &last = *s.trace;
    bool blockStart = where == &where->getBlock()->front();
    if (last.kind == TraceStep::Kind::Branch && blockStart &&
        llvm::is_contained(last.op->getSuccessors(), where->getBlock()))
      where = last.op;
    else if (last.kind == TraceStep::Kind::Iteration && !last.successor &&
             where == last.op->getNextNode() &&
             !where->hasTrait<OpTrait::ReturnLike>())
      where = last.op;
    else if (last.kind == TraceStep::Kind::Iteration && last.successor &&
             blockStart && where->getParentOp() == last.op &&
             where->getBlock()->mightHaveTerminator())
      where = where->getBlock()->getTerminator();
  }
  for (uint32_t i = 0; i < s.buffers.size(); ++i) {
    BufferRecord &b = s.buffers[i];
    if (strong.test(i) || b.origin != BufferOrigin::Heap || b.freed ||
        b.escaped || b.leakReported)
      continue;
    LifetimeEvent event;
    event.kind = LifetimeEventKind::Leak;
    event.op = b.leakSite ? b.leakSite : b.site;
    event.buffer = b.root;
    event.relatedOp = where;
    event.allocFamily = b.deallocator;
    report(s, std::move(event), i);
    b.leakReported = true;
  }
}

void StateCanonicalizer::canonicalize(PathState &s) {
  // 1. Drop values that are dead at this point.
  const llvm::BitVector &live = liveness.getLiveVerdicts(s);
  size_t kept = 0, index = 0;
  for (size_t i = 0; i < s.env.size(); ++i)
    if (live.test(index++)) {
      if (kept != i)
        s.env[kept] = std::move(s.env[i]);
      ++kept;
    }
  s.env.truncate(kept);
  kept = 0;
  for (size_t i = 0; i < s.cmpAtoms.size(); ++i, index += 2)
    if (live.test(index) && live.test(index + 1))
      s.cmpAtoms[kept++] = s.cmpAtoms[i];
  s.cmpAtoms.truncate(kept);

  // 2. Buffer reachability: strong references (Ref) keep a buffer usable,
  // weak ones (Ptr) only keep its identity for pointer comparisons.
  uint32_t numBuffers = s.buffers.size();
  llvm::BitVector strong(numBuffers), weak(numBuffers), ordered(numBuffers);
  SmallVector<uint32_t> order; // first-reference order
  SmallVector<uint32_t> stack;
  auto noteOrder = [&](uint32_t buffer) {
    if (!ordered.test(buffer)) {
      ordered.set(buffer);
      order.push_back(buffer);
    }
  };
  auto visitStrong = [&](uint32_t buffer) {
    if (!strong.test(buffer)) {
      strong.set(buffer);
      stack.push_back(buffer);
    }
    noteOrder(buffer);
  };
  auto visit = [&](const AbsVal &val) {
    if (val.kind == AbsVal::Kind::Ref) {
      visitStrong(val.buffer);
    } else if (val.kind == AbsVal::Kind::Select) {
      val.forEachLeaf([&](const AbsVal &ref) { visitStrong(ref.buffer); });
    } else if (val.kind == AbsVal::Kind::Ptr) {
      weak.set(val.buffer);
      noteOrder(val.buffer);
    }
  };
  s.mayHaveSelect = false;
  for (const auto &entry : s.env) {
    visit(entry.second);
    s.mayHaveSelect |= entry.second.kind == AbsVal::Kind::Select;
  }
  // Argument records stay, with what is stored in them: summaries report
  // what happened to them, and the caller sees their contents.
  for (uint32_t b = 0; b < numBuffers; ++b)
    if (s.buffers[b].origin == BufferOrigin::Argument)
      visit(AbsVal::getRef(b, /*interior=*/false));
  while (!stack.empty()) {
    uint32_t b = stack.pop_back_val();
    for (const auto &cell : s.buffers[b].contents)
      visit(cell.second);
  }
  checkLeaksOnLoss(s, s.pc, strong);

  // 3. Renumber buffers in first-reference order; drop unreferenced ones.
  SmallVector<uint32_t> newIndex(numBuffers, ~0u);
  bool sameOrder = order.size() == numBuffers;
  for (uint32_t i = 0; i < order.size() && sameOrder; ++i)
    sameOrder = order[i] == i;
  if (sameOrder) {
    // Already canonical: nothing to renumber, and the records stay.
    for (uint32_t i = 0; i < numBuffers; ++i)
      newIndex[i] = i;
  } else {
    // (Grown as before, not reserved: the capacity is what the memory
    // bound counts.)
    SmallVector<BufferRecord, 8> buffers;
    for (uint32_t b : order) {
      newIndex[b] = buffers.size();
      buffers.push_back(std::move(s.buffers[b]));
    }
    s.buffers = std::move(buffers);
  }
  auto remapVal = [&](AbsVal &val) {
    if (val.kind == AbsVal::Kind::Ref || val.kind == AbsVal::Kind::Ptr)
      val.buffer = newIndex[val.buffer];
    else if (val.kind == AbsVal::Kind::Select)
      val = val.mapLeaves([&](const AbsVal &ref) {
        return AbsVal::getRef(newIndex[ref.buffer], ref.interior);
      });
  };
  if (!sameOrder) {
    for (auto &entry : s.env)
      remapVal(entry.second);
    for (BufferRecord &b : s.buffers)
      for (auto &cell : b.contents)
        remapVal(cell.second);
  }
  SmallVector<std::tuple<uint32_t, uint32_t, uint32_t>, 2> aliasAtoms;
  for (auto [a, b, atom] : s.aliasAtoms) {
    if (newIndex[a] == ~0u || newIndex[b] == ~0u)
      continue;
    uint32_t x = newIndex[a], y = newIndex[b];
    aliasAtoms.emplace_back(std::min(x, y), std::max(x, y), atom);
  }
  llvm::sort(aliasAtoms);
  s.aliasAtoms = std::move(aliasAtoms);
  canonicalizeAtoms(s);
}
