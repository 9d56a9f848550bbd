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
#include "analyzer/MemoryModel.h"
#include "checks/FixIts.h"
#include "checks/LifetimeChecks.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"

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

static std::string printType(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

/// The single `memref.dealloc` of the class of `candidate`, directly in its
/// block and its last use; null when it has another shape.
static memref::DeallocOp getOnlyDealloc(const Candidate &candidate) {
  memref::DeallocOp found;
  for (const AliasUse &use : candidate.buffer->aliasClass->uses) {
    if (use.kind != AliasUse::Kind::Free)
      continue;
    auto dealloc = dyn_cast<memref::DeallocOp>(use.getOwner());
    if (found || !dealloc || dealloc.getMemref() != candidate.buffer->value)
      return {};
    found = dealloc;
  }
  if (!found || found->getBlock() != candidate.buffer->alloc->getBlock() ||
      found != candidate.lastUser)
    return {};
  return found;
}

/// True when an op strictly between `after` and `before` (ops of one
/// block), or an op nested in one, may allocate heap memory or calls a
/// function that may. Holding a dead buffer's storage over such a gap can
/// raise the peak; over a gap without allocations it cannot.
static bool allocatesBetween(Operation *after, Operation *before) {
  for (Operation *op = after->getNextNode(); op && op != before;
       op = op->getNextNode()) {
    WalkResult result = op->walk([](Operation *nested) {
      if (isa<CallOpInterface>(nested))
        return WalkResult::interrupt();
      if (!mayAllocate(nested))
        return WalkResult::advance();
      for (const AllocationInfo &alloc : describeMemory(nested).allocations)
        if (alloc.origin == BufferOrigin::Heap)
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return true;
  }
  return false;
}

/// The unsafe fix-it (DESIGN §4, --fix-unsafe): `later` becomes a cast of
/// `earlier`'s buffer (a memref.reinterpret_cast when the shapes differ),
/// `earlier`'s dealloc moves to where `later`'s was. Both must be
/// `memref.alloc`s of identity layout, of one element type and of the same
/// size in bytes, each freed by one `memref.dealloc` after its last use, and
/// nothing may allocate between the earlier dealloc and the later alloc (so
/// that keeping the storage alive over the gap cannot raise the peak). It is unsafe because `later`
/// then starts with `earlier`'s contents instead of undefined ones, and
/// shares its allocation: right when the analysis is, but a change of what
/// the program does with its memory that a reviewer should see.
static std::optional<FixIt> buildReuseFix(const LintContext &context,
                                          const Candidate &earlier,
                                          const Candidate &later) {
  auto a = dyn_cast<memref::AllocOp>(earlier.buffer->alloc);
  auto b = dyn_cast<memref::AllocOp>(later.buffer->alloc);
  if (!a || !b)
    return std::nullopt;
  MemRefType aType = a.getType(), bType = b.getType();
  // A larger earlier buffer would stay alive, whole, for the later one's
  // lifetime: the fix could raise the peak. Only equal sizes are fixed.
  if (*earlier.buffer->bytes != *later.buffer->bytes)
    return std::nullopt;
  if (!aType.getLayout().isIdentity() || !bType.getLayout().isIdentity() ||
      aType.getElementType() != bType.getElementType() ||
      aType.getMemorySpace() != bType.getMemorySpace())
    return std::nullopt;
  memref::DeallocOp aFree = getOnlyDealloc(earlier);
  memref::DeallocOp bFree = getOnlyDealloc(later);
  if (!aFree || !bFree || allocatesBetween(aFree, b))
    return std::nullopt;
  const SourceInfo &source = context.getSource();
  std::string aName = source.getName(a.getResult());
  std::string bName = source.getName(b.getResult());
  auto ownName = [](StringRef name) {
    return name.starts_with("%") && !name.contains('#');
  };
  if (!ownName(aName) || !ownName(bName))
    return std::nullopt;
  std::string aText = printType(aType), bText = printType(bType);
  std::string cast;
  if (aType == bType) {
    cast = bName + " = memref.cast " + aName + " : " + aText + " to " + bText;
  } else {
    SmallVector<std::string> sizes, strides(bType.getRank());
    int64_t stride = 1;
    for (int64_t i = bType.getRank(); i-- > 0;) {
      strides[i] = std::to_string(stride);
      stride *= bType.getDimSize(i);
    }
    for (int64_t size : bType.getShape())
      sizes.push_back(std::to_string(size));
    cast = bName + " = memref.reinterpret_cast " + aName +
           " to offset: [0], sizes: [" + llvm::join(sizes, ", ") +
           "], strides: [" + llvm::join(strides, ", ") + "] : " + aText +
           " to " + bText;
  }
  FixItBuilder fix(context);
  fix.remove(aFree);
  fix.replace(b, cast);
  fix.replace(bFree, "memref.dealloc " + aName + " : " + aText);
  return fix.take("reuse the storage of " + aName + " for " + bName +
                  " (unsafe: " + bName + " starts with the contents of " +
                  aName + "), and free it after " + bName + "'s last use");
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
      if (context.wantsUnsafeFixes())
        if (auto fix = buildReuseFix(context, a, candidates[later]))
          finding.fixes.push_back(std::move(*fix));
      findings.push_back(std::move(finding));
    }
  }
}
