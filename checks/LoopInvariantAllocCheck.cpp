//===- LoopInvariantAllocCheck.cpp - perf-loop-invariant-alloc -----------===//
//
// A heap allocation in the body of a sequential loop whose sizes do not
// depend on the iteration, freed in the same body block and not escaping the
// iteration: one allocation before the loop and one dealloc after it would
// serve every iteration. Only the loop directly around the allocation is
// considered; once hoisted, a second run may hoist it further out.
//
// The allocating ops are named here rather than read from interfaces:
// memref.alloc and gpu.alloc return fresh memory from nothing but their sizes.
// Other allocations (bufferization.clone, memref.realloc) copy data that may
// change from one iteration to the next. The loops are named too: the
// parallel ones (scf.parallel, scf.forall) run iterations concurrently, and
// a hoisted buffer would be shared between them.
//
//===----------------------------------------------------------------------===//

#include "checks/LoopInvariantAllocCheck.h"
#include "analyzer/AliasClasses.h"
#include "analyzer/MemoryModel.h"
#include "checks/FixIts.h"
#include "checks/LifetimeChecks.h"

#include "mlir/Dialect/Affine/Analysis/LoopAnalysis.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;
using namespace memlint;

namespace {
/// A loop-invariant allocation and what hoisting it moves.
struct InvariantAlloc {
  Operation *alloc = nullptr;
  Operation *dealloc = nullptr;
  Operation *loop = nullptr;
  /// The number of iterations, when it is a constant.
  std::optional<uint64_t> trips;
};
} // namespace

/// Returns true for the fresh allocations whose only inputs are sizes.
static bool isFreshAllocation(Operation *op) {
  if (isa<memref::AllocOp>(op))
    return true;
  if (auto alloc = dyn_cast<gpu::AllocOp>(op))
    return !alloc.getAsyncToken() && alloc.getAsyncDependencies().empty();
  return false;
}

/// Returns true for loops whose iterations run one after the other.
static bool isSequentialLoop(Operation *op) {
  return isa<scf::ForOp, scf::WhileOp, affine::AffineForOp>(op);
}

/// The number of iterations of `loop`, when it is a constant.
static std::optional<uint64_t> getConstantTripCount(Operation *loop) {
  if (auto affineFor = dyn_cast<affine::AffineForOp>(loop))
    return affine::getConstantTripCount(affineFor);
  if (auto loopLike = dyn_cast<LoopLikeOpInterface>(loop))
    if (auto trips = loopLike.getStaticTripCount())
      return trips->getLimitedValue();
  return std::nullopt;
}

/// Returns the hoistable allocation `op` performs, if it does.
static std::optional<InvariantAlloc>
findInvariantAlloc(Operation *op, const AliasClasses &classes) {
  if (!isFreshAllocation(op) || op->getNumResults() != 1)
    return std::nullopt;
  Block *body = op->getBlock();
  Operation *loop = body->getParentOp();
  if (!loop || !isSequentialLoop(loop))
    return std::nullopt;
  // Every size and symbol operand is defined outside the loop.
  for (Value operand : op->getOperands())
    if (loop->isAncestor(operand.getParentBlock()->getParentOp()))
      return std::nullopt;

  Value buffer = op->getResult(0);
  const AliasClass *cls = classes.lookup(buffer);
  if (!cls || cls->foreignOrigin || cls->heapRoots.size() != 1 ||
      cls->escapes())
    return std::nullopt;
  // Every alias is created in the iteration, in the body block or nested in
  // it; a block argument or loop result would carry it to the next one.
  for (Value value : cls->values) {
    if (value == buffer)
      continue;
    Operation *def = value.getDefiningOp();
    if (!def || !body->findAncestorOpInBlock(*def))
      return std::nullopt;
  }
  const AliasUse *free = nullptr;
  for (const AliasUse &use : cls->uses) {
    if (use.kind != AliasUse::Kind::Free)
      continue;
    if (free)
      return std::nullopt;
    free = &use;
  }
  if (!free || free->get() != buffer)
    return std::nullopt;
  Operation *dealloc = free->getOwner();
  if (dealloc->getBlock() != body || dealloc->getNumResults() != 0 ||
      !op->isBeforeInBlock(dealloc))
    return std::nullopt;
  // The deallocator matches the allocator (a mismatch is an invalid free).
  OpMemoryInfo allocInfo = describeMemory(op),
               freeInfo = describeMemory(dealloc);
  if (allocInfo.allocations.size() != 1 || freeInfo.frees.size() != 1 ||
      allocInfo.allocations.front().deallocator !=
          freeInfo.frees.front().deallocator)
    return std::nullopt;
  // Every use lies between the allocation and the dealloc of the iteration.
  for (const AliasUse &use : cls->uses) {
    if (use.getOwner() == dealloc)
      continue;
    Operation *anchor = findSynchronousAncestor(body, use.getOwner());
    if (!anchor || !op->isBeforeInBlock(anchor) ||
        !anchor->isBeforeInBlock(dealloc))
      return std::nullopt;
  }

  InvariantAlloc result{op, dealloc, loop, getConstantTripCount(loop)};
  // A loop that runs at most once has nothing to save.
  if (result.trips && *result.trips <= 1)
    return std::nullopt;
  return result;
}

void LoopInvariantAllocCheck::runOnFunction(const LintContext &context,
                                      FunctionAnalyses &analyses,
                                      std::vector<Finding> &findings) const {
  FunctionOpInterface fn = analyses.getFunction();
  fn->walk([&](Operation *op) {
    if (!isFreshAllocation(op))
      return;
    auto invariant = findInvariantAlloc(op, analyses.getAliasClasses());
    if (!invariant)
      return;
    std::string name = quoteBuffer(context, op->getResult(0));
    std::string loopName =
        "'" + invariant->loop->getName().getStringRef().str() + "'";
    std::string message =
        "buffer " + name + " is allocated and deallocated on ";
    if (invariant->trips)
      message +=
          "each of the " + std::to_string(*invariant->trips) + " iterations";
    else
      message += "every iteration";
    message += " of the " + loopName +
               " although its size is loop-invariant; hoisting it saves ";
    message += invariant->trips
                   ? std::to_string(*invariant->trips - 1) + " allocations"
                   : std::string("N-1 allocations");
    Finding finding = makeFinding(context, op, std::move(message));
    finding.allPaths = false;
    setBufferSize(finding, op->getResult(0));
    finding.notes.push_back({context.locate(invariant->loop), "loop here"});
    finding.notes.push_back(
        {context.locate(invariant->dealloc), "buffer deallocated here"});
    if (context.wantsFixes()) {
      FixItBuilder fix(context);
      fix.moveBefore(op, invariant->loop);
      fix.moveAfter(invariant->dealloc, invariant->loop);
      if (auto fixIt = fix.take("hoist the allocation of " + name +
                                " before the loop and its dealloc after it"))
        finding.fixes.push_back(std::move(*fixIt));
    }
    findings.push_back(std::move(finding));
  });
}
