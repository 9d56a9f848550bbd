//===- ArenaRewrite.cpp - Which buffers an applied memory plan moves ------===//

#include "analyzer/ArenaRewrite.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <algorithm>
#include <map>

using namespace mlir;
using namespace memlint;

/// True when the regions of `op` may run more than once per execution of it.
static bool repeats(Operation *op) {
  if (isa<LoopLikeOpInterface>(op))
    return true;
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op))
    return branch.hasLoop();
  return false;
}

/// Why the ops around `alloc` (up to `function`) do not let one arena slot
/// serve each of its dynamic instances; empty when they do.
static std::string checkAncestors(Operation *alloc, Operation *function) {
  for (Operation *op = alloc->getParentOp(); op && op != function;
       op = op->getParentOp()) {
    if (isa<scf::ForallOp, scf::ParallelOp, affine::AffineParallelOp>(op))
      return "allocated in a parallel loop ('" +
             op->getName().getStringRef().str() + "')";
    if (!isa<RegionBranchOpInterface>(op))
      return "allocated inside '" + op->getName().getStringRef().str() +
             "', whose regions may not run in order";
    // An op that returns a token may run its regions after it returns.
    for (Type type : op->getResultTypes())
      if (type.getDialect().getNamespace() == "async" ||
          type.getDialect().getNamespace() == "gpu")
        return "allocated inside '" + op->getName().getStringRef().str() +
               "', which may run its regions later";
  }
  return "";
}

/// The innermost region around `alloc` (up to the function body) that may
/// run more than once per execution of the function: the body of a loop or
/// a region of several blocks. Null when there is none.
static Region *getRepeatingRegion(Operation *alloc, Operation *function) {
  for (Region *region = alloc->getParentRegion(); region;) {
    Operation *parent = region->getParentOp();
    if (!region->hasOneBlock() || (parent != function && repeats(parent)))
      return region;
    if (parent == function)
      return nullptr;
    region = parent->getParentRegion();
  }
  return nullptr;
}

/// Why the class of `buffer` does not stay inside one iteration of
/// `region`; empty when it does.
static std::string checkIterationLocal(const AliasClass &cls, Region *region) {
  for (Value value : cls.values) {
    bool inside;
    if (auto arg = dyn_cast<BlockArgument>(value))
      inside = region->isProperAncestor(arg.getParentRegion());
    else
      inside = region->isAncestor(value.getDefiningOp()->getParentRegion());
    if (!inside)
      return "lives across iterations (it flows through a block argument or "
             "out of its loop)";
  }
  return "";
}

/// The ancestor of `op` in `block`, or null.
static Operation *getAncestorIn(Block *block, Operation *op) {
  return block->findAncestorOpInBlock(*op);
}

bool memlint::planFunctionArenas(Operation *function,
                                 const ArenaRewriteOptions &options,
                                 FunctionArenaRewrite &rewrite,
                                 std::string &error) {
  rewrite = {};
  rewrite.function = function;
  auto fn = dyn_cast<FunctionOpInterface>(function);
  if (!fn || fn.isExternal())
    return true;
  FunctionLiveIntervals live(function, options.live);
  auto canEdit = [&](Operation *op) {
    return !options.canEdit || options.canEdit(op);
  };

  // Why each buffer stays (empty: it moves), first on its own, then with
  // the others of its class.
  ArrayRef<BufferInterval> buffers = live.getBuffers();
  std::vector<std::string> reasons(buffers.size());
  for (size_t i = 0; i < buffers.size(); ++i) {
    const BufferInterval &buffer = buffers[i];
    std::string &reason = reasons[i];
    const AliasClass &cls = *buffer.aliasClass;
    auto alloc = dyn_cast<memref::AllocOp>(buffer.alloc);
    if (!buffer.isPlanned()) {
      reason = buffer.unplannedReason;
    } else if (!alloc) {
      reason = "allocated by '" +
               buffer.alloc->getName().getStringRef().str() +
               "', not memref.alloc";
    } else if (!alloc.getType().getLayout().isIdentity()) {
      reason = "its type has a layout";
    } else if (!cls.isOwnedHeap()) {
      reason = "its alias class also holds memory of another origin";
    } else if (!canEdit(alloc)) {
      reason = "its allocation shares its lines with other code";
    } else {
      for (const AliasUse &use : cls.uses) {
        if (use.kind != AliasUse::Kind::Free)
          continue;
        if (!isa<memref::DeallocOp>(use.getOwner())) {
          reason = "freed by '" +
                   use.getOwner()->getName().getStringRef().str() + "'";
          break;
        }
        if (!canEdit(use.getOwner())) {
          reason = "a dealloc of it shares its lines with other code";
          break;
        }
      }
      if (reason.empty())
        reason = checkAncestors(alloc, function);
      if (reason.empty())
        if (Region *region = getRepeatingRegion(alloc, function))
          reason = checkIterationLocal(cls, region);
    }
  }
  // A class moves whole or not at all: deleting its deallocs must not free
  // a buffer that stays.
  llvm::DenseMap<const AliasClass *, std::string> classReason;
  for (size_t i = 0; i < buffers.size(); ++i)
    if (!reasons[i].empty())
      classReason.try_emplace(buffers[i].aliasClass, reasons[i]);
  for (size_t i = 0; i < buffers.size(); ++i)
    if (reasons[i].empty() && classReason.count(buffers[i].aliasClass))
      reasons[i] = "it may be merged with a buffer that stays (" +
                   classReason.lookup(buffers[i].aliasClass) + ")";

  // One group per space with at least two moving buffers.
  std::map<std::string, std::vector<size_t>> moving;
  for (size_t i = 0; i < buffers.size(); ++i)
    if (reasons[i].empty())
      moving[buffers[i].space].push_back(i);
  for (auto &[space, members] : moving)
    if (members.size() < 2)
      for (size_t i : members)
        reasons[i] = "the only buffer its memory space could plan";

  std::vector<Operation *> ops;
  function->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != function)
      ops.push_back(op);
  });
  Region &body = function->getRegion(0);
  Block &entry = body.front();

  for (auto &[space, members] : moving) {
    if (members.size() < 2)
      continue;
    ArenaGroup group;
    group.space = space;
    group.assumeDim = options.live.assumeDim;
    group.memorySpace =
        cast<MemRefType>(buffers[members.front()].value.getType())
            .getMemorySpace();
    PlanProblem problem;
    std::vector<PlanBuffer> written;
    for (size_t i : members) {
      const BufferInterval &buffer = buffers[i];
      PlanBuffer b;
      b.id = std::to_string(problem.buffers.size());
      b.lower = buffer.lower;
      b.upper = buffer.upper;
      b.size = *buffer.bytes;
      b.alignment = buffer.alignment;
      problem.buffers.push_back(b);
      b.lower = buffer.writtenLower;
      b.upper = buffer.writtenUpper;
      written.push_back(b);
      group.alignment = std::max(group.alignment, buffer.alignment);
    }
    if (!planSizesFit(problem.buffers)) {
      for (size_t i : members)
        reasons[i] = "the buffers of its space need more than 2^63 - 1 bytes";
      continue;
    }
    Plan plan = planArena(problem, options.plan);
    if (!validatePlan(problem, plan.offsets, plan.height, error))
      return false;
    group.size = plan.height;
    group.optimal = plan.optimal;
    group.lowerBound = planLowerBound(problem);
    group.writtenPeak = peakLiveBytes(written);
    int64_t lastUpper = 0;
    for (size_t k = 0; k < members.size(); ++k) {
      const BufferInterval &buffer = buffers[members[k]];
      group.slots.push_back({buffer.alloc, plan.offsets[k], *buffer.bytes});
      lastUpper = std::max(lastUpper, buffer.upper);
      for (const AliasUse &use : buffer.aliasClass->uses)
        if (use.kind == AliasUse::Kind::Free &&
            !llvm::is_contained(group.deallocs, use.getOwner()))
          group.deallocs.push_back(use.getOwner());
    }
    // The arena is born in the entry block before the first moved buffer
    // (the entry block dominates every other), and dies after the last.
    group.allocBefore = getAncestorIn(&entry, group.slots.front().alloc);
    if (!group.allocBefore)
      group.allocBefore = entry.getTerminator();
    Operation *last =
        lastUpper > 0 && size_t(lastUpper) <= ops.size() ? ops[lastUpper - 1]
                                                         : nullptr;
    Operation *lastInEntry = last ? getAncestorIn(&entry, last) : nullptr;
    if (body.hasOneBlock() && lastInEntry &&
        !lastInEntry->hasTrait<OpTrait::IsTerminator>()) {
      group.deallocAfter = lastInEntry;
      // Deleted deallocs are no anchors: after the op before them.
      while (group.deallocAfter &&
             llvm::is_contained(group.deallocs, group.deallocAfter))
        group.deallocAfter = group.deallocAfter->getPrevNode();
      if (!group.deallocAfter ||
          group.deallocAfter->isBeforeInBlock(group.allocBefore))
        group.deallocAfter = nullptr;
    }
    if (!group.deallocAfter)
      for (Block &block : body)
        if (Operation *terminator = block.getTerminator();
            terminator && terminator->hasTrait<OpTrait::ReturnLike>())
          group.deallocBefore.push_back(terminator);
    rewrite.groups.push_back(std::move(group));
  }

  // What stays, by space.
  for (size_t i = 0; i < buffers.size(); ++i) {
    if (reasons[i].empty())
      continue;
    KeptBuffer kept{buffers[i].alloc, buffers[i].bytes, reasons[i]};
    auto group = llvm::find_if(rewrite.groups, [&](const ArenaGroup &g) {
      return g.space == buffers[i].space;
    });
    if (group != rewrite.groups.end())
      group->kept.push_back(std::move(kept));
    else
      rewrite.kept.push_back(std::move(kept));
  }
  return true;
}
