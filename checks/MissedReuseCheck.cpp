//===- MissedReuseCheck.cpp - perf-missed-reuse ---------------------------===//
//
// A heap buffer allocated after another buffer of the same memory space and
// allocator, at least as large, is completely dead: one allocation could
// serve both. The check is structural and deliberately narrow, so that it
// never reports buffers whose lifetimes may overlap on some path:
//  - both buffers are allocated in the same block, the earlier one first;
//  - each is the only heap allocation of its may-alias class, the class has
//    no memory of other origin, no block arguments, and does not escape;
//  - every use of every alias of either buffer sits in that block or in ops
//    nested in it that finish before they return (no async regions);
//  - every use of the earlier buffer (its dealloc included) comes before the
//    later allocation;
//  - both shapes are static, and both buffers are used (a buffer never used
//    is a leak or dead code, not a reuse opportunity).
// Within a block, buffers are matched greedily in allocation order: a dead
// buffer serves at most one later allocation, which then owns its storage.
//
//===----------------------------------------------------------------------===//

#include "checks/MissedReuseCheck.h"
#include "analyzer/LiveIntervals.h"
#include "checks/LifetimeChecks.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace memlint;

namespace {
/// A buffer the check can reason about, with the last op of its block that
/// uses it (or contains a use).
struct Candidate {
  const BufferInterval *buffer;
  Operation *lastInBlock;
  Operation *lastUser;
  bool lastIsFree;
};
} // namespace

/// The candidate for `buffer`, or nullopt when it is out of the check's
/// reach.
static std::optional<Candidate> makeCandidate(const BufferInterval &buffer) {
  const AliasClass *cls = buffer.aliasClass;
  if (!buffer.bytes || cls->heapRoots.size() != 1 || !cls->isOwnedHeap() ||
      cls->escapes())
    return std::nullopt;
  auto type = dyn_cast<MemRefType>(buffer.value.getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  Block *block = buffer.alloc->getBlock();
  SynchronousAncestors ancestors(block);
  for (Value value : cls->values) {
    Operation *def = value.getDefiningOp();
    if (!def || !ancestors.lookup(def))
      return std::nullopt;
  }
  Candidate candidate{&buffer, buffer.alloc, buffer.alloc, false};
  for (const AliasUse &use : cls->uses) {
    Operation *ancestor = ancestors.lookup(use.getOwner());
    if (!ancestor)
      return std::nullopt;
    // Uses come in text order: the last one in the latest ancestor wins.
    if (ancestor == candidate.lastInBlock ||
        candidate.lastInBlock->isBeforeInBlock(ancestor)) {
      candidate.lastInBlock = ancestor;
      candidate.lastUser = use.getOwner();
      candidate.lastIsFree = use.kind == AliasUse::Kind::Free;
    }
  }
  // A buffer that is never used is reported as a leak or should be deleted;
  // reusing it is not the point.
  if (candidate.lastUser == buffer.alloc ||
      (candidate.lastIsFree &&
       llvm::all_of(cls->uses, [](const AliasUse &use) {
         return use.kind == AliasUse::Kind::Free;
       })))
    return std::nullopt;
  return candidate;
}

void MissedReuseCheck::runOnFunction(const LintContext &context,
                               FunctionAnalyses &analyses,
                               std::vector<Finding> &findings) const {
  FunctionOpInterface fn = analyses.getFunction();
  LiveIntervalOptions options;
  const FunctionLiveIntervals &live = analyses.getLiveIntervals(options);
  // Candidates per block, in allocation order (getBuffers is sorted).
  llvm::MapVector<Block *, std::vector<Candidate>> byBlock;
  for (const BufferInterval &buffer : live.getBuffers())
    if (auto candidate = makeCandidate(buffer))
      byBlock[buffer.alloc->getBlock()].push_back(*candidate);
  for (auto &[block, candidates] : byBlock) {
    std::vector<bool> taken(candidates.size(), false);
    for (size_t later = 0; later < candidates.size(); ++later) {
      const BufferInterval &b = *candidates[later].buffer;
      // Best fit among the dead earlier buffers.
      std::optional<size_t> best;
      for (size_t earlier = 0; earlier < later; ++earlier) {
        const Candidate &a = candidates[earlier];
        if (taken[earlier] || a.buffer->space != b.space ||
            a.buffer->family != b.family || *a.buffer->bytes < *b.bytes ||
            a.buffer->alignment < b.alignment ||
            !a.lastInBlock->isBeforeInBlock(b.alloc))
          continue;
        if (!best || *a.buffer->bytes < *candidates[*best].buffer->bytes)
          best = earlier;
      }
      if (!best)
        continue;
      taken[*best] = true;
      const Candidate &a = candidates[*best];
      std::string bytes = std::to_string(*b.bytes);
      Finding finding = makeFinding(
          context, b.alloc,
          "buffer " + quoteBuffer(context, b.value) + " (" + bytes +
              " bytes) could reuse the storage of " +
              quoteBuffer(context, a.buffer->value) +
              ", which is dead here; one allocation could serve both and "
              "save " +
              bytes + " bytes",
          b.value);
      finding.allPaths = true;
      finding.memorySpace = b.space;
      finding.bytes = b.bytes;
      finding.notes.push_back(
          {context.locate(a.buffer->alloc),
           "buffer " + quoteBuffer(context, a.buffer->value) +
               " allocated here"});
      finding.notes.push_back(
          {context.locate(a.lastUser),
           a.lastIsFree
               ? "buffer " + quoteBuffer(context, a.buffer->value) +
                     " deallocated here"
               : "last use of " + quoteBuffer(context, a.buffer->value) +
                     " here"});
      findings.push_back(std::move(finding));
    }
  }
}
