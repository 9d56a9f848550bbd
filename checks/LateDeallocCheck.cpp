//===- LateDeallocCheck.cpp - perf-late-dealloc ----------------------------===//
//
// A dealloc placed after the point where its buffer and every alias of it are
// dead, while another allocation of the same memory happens in between: the
// dead buffer raises the peak. The check is structural, on the may-alias
// classes of each function, and deliberately narrow: the buffer must be owned
// heap memory that does not escape, freed once, and used only in the block of
// its dealloc or in ops nested there. Anything else is not reported.
//
//===----------------------------------------------------------------------===//

#include "checks/LateDeallocCheck.h"
#include "analyzer/AliasClasses.h"
#include "analyzer/MemoryModel.h"
#include "checks/FixIts.h"
#include "checks/LifetimeChecks.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace memlint;

//===----------------------------------------------------------------------===//
// Memory pressure between two points
//===----------------------------------------------------------------------===//

namespace {
/// The memory a heap buffer occupies: its allocator family and its memory
/// space. An allocation competes with a dead buffer for the same kind only.
struct MemoryKind {
  Deallocator family;
  Attribute space;
  unsigned addressSpace = 0;

  bool operator==(const MemoryKind &other) const {
    return family == other.family && space == other.space &&
           addressSpace == other.addressSpace;
  }
};

/// The allocations that happen while a buffer is dead.
struct Pressure {
  unsigned allocations = 0;
  /// The first of them, and whether it is a call that allocates.
  Operation *first = nullptr;
  bool firstIsCall = false;

  void add(Operation *op, bool isCall) {
    if (!allocations++) {
      first = op;
      firstIsCall = isCall;
    }
  }
};

/// What a late dealloc looks like.
struct LateDealloc {
  Operation *dealloc = nullptr;
  Value freed;
  /// The last op of the dealloc's block that uses the buffer or contains a
  /// use, and the use itself (the allocation when there is no use).
  Operation *lastInBlock = nullptr;
  Operation *lastUser = nullptr;
  Value lastUsed;
  unsigned distance = 0;
  Pressure pressure;
};
} // namespace

static MemoryKind getMemoryKind(const AllocationInfo &alloc) {
  MemoryKind kind{alloc.deallocator, Attribute(), 0};
  Type type = alloc.result.getType();
  if (auto memref = dyn_cast<BaseMemRefType>(type))
    kind.space = memref.getMemorySpace();
  else if (auto ptr = dyn_cast<LLVM::LLVMPointerType>(type))
    kind.addressSpace = ptr.getAddressSpace();
  return kind;
}

/// The heap allocations `op` performs that compete with `kinds`.
static bool allocatesLike(Operation *op, ArrayRef<MemoryKind> kinds) {
  for (const AllocationInfo &alloc : describeMemory(op).allocations)
    if (alloc.origin == BufferOrigin::Heap &&
        llvm::is_contained(kinds, getMemoryKind(alloc)))
      return true;
  return false;
}

/// Adds the allocations `op` and the ops nested in it perform, and the calls
/// to functions of the module whose body allocates (one level deep).
static void addPressure(Operation *op, ArrayRef<MemoryKind> kinds,
                        Pressure &pressure) {
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    if (allocatesLike(nested, kinds)) {
      pressure.add(nested, /*isCall=*/false);
      return;
    }
    auto call = dyn_cast<CallOpInterface>(nested);
    if (!call)
      return;
    auto callee = dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
    if (!callee || callee.isExternal())
      return;
    WalkResult found = callee->walk([&](Operation *inner) {
      return allocatesLike(inner, kinds) ? WalkResult::interrupt()
                                         : WalkResult::advance();
    });
    if (found.wasInterrupted())
      pressure.add(nested, /*isCall=*/true);
  });
}

//===----------------------------------------------------------------------===//
// Finding late deallocs
//===----------------------------------------------------------------------===//

/// Returns true when `a` starts before `b` in the text.
static bool startsBefore(const SourceInfo &source, Operation *a, Operation *b) {
  return source.getRange(a).offset < source.getRange(b).offset;
}

/// Returns the late dealloc of the buffer of `cls`, if it has one.
static std::optional<LateDealloc> findLateDealloc(const SourceInfo &source,
                                                  const AliasClass &cls) {
  if (!cls.isOwnedHeap() || cls.escapes())
    return std::nullopt;
  const AliasUse *free = nullptr;
  for (const AliasUse &use : cls.uses) {
    if (use.kind != AliasUse::Kind::Free)
      continue;
    if (free)
      return std::nullopt; // freed in several places: not simple
    free = &use;
  }
  if (!free || free->getOwner()->getNumResults() != 0)
    return std::nullopt;

  LateDealloc late;
  late.dealloc = free->getOwner();
  late.freed = free->get();
  Block *block = late.dealloc->getBlock();
  auto consider = [&](Operation *anchor, Operation *user, Value used) {
    if (!late.lastInBlock || late.lastInBlock->isBeforeInBlock(anchor) ||
        (late.lastInBlock == anchor && startsBefore(source, late.lastUser, user))) {
      late.lastInBlock = anchor;
      late.lastUser = user;
      late.lastUsed = used;
    }
  };
  for (const AliasUse &use : cls.uses) {
    Operation *user = use.getOwner();
    if (user == late.dealloc)
      continue;
    Operation *anchor = findSynchronousAncestor(block, user);
    // A use elsewhere, or after the dealloc: not a simple late dealloc.
    if (!anchor || !anchor->isBeforeInBlock(late.dealloc))
      return std::nullopt;
    consider(anchor, user, use.get());
  }
  // An allocation never used is dead from the start.
  for (Value root : cls.heapRoots) {
    Operation *alloc = root.getDefiningOp();
    if (Operation *anchor = block->findAncestorOpInBlock(*alloc)) {
      if (!anchor->isBeforeInBlock(late.dealloc))
        return std::nullopt;
      consider(anchor, alloc, root);
    }
  }
  if (!late.lastInBlock)
    return std::nullopt;
  // The dealloc can only move above ops that do not define its operands.
  for (Value operand : late.dealloc->getOperands())
    if (Operation *def = operand.getDefiningOp())
      if (Operation *anchor = block->findAncestorOpInBlock(*def))
        if (late.lastInBlock->isBeforeInBlock(anchor))
          return std::nullopt;

  SmallVector<MemoryKind, 1> kinds;
  for (Value root : cls.heapRoots)
    for (const AllocationInfo &alloc :
         describeMemory(root.getDefiningOp()).allocations)
      if (alloc.result == root && !llvm::is_contained(kinds, getMemoryKind(alloc)))
        kinds.push_back(getMemoryKind(alloc));
  for (Operation *op = late.lastInBlock->getNextNode(); op != late.dealloc;
       op = op->getNextNode()) {
    ++late.distance;
    addPressure(op, kinds, late.pressure);
  }
  ++late.distance;
  if (!late.pressure.allocations)
    return std::nullopt;
  return late;
}

void LateDeallocCheck::run(const LintContext &context,
                           std::vector<Finding> &findings) {
  const SourceInfo &source = context.getSource();
  context.getModule()->walk([&](FunctionOpInterface fn) {
    // Nested functions are analysed with the function that holds them.
    if (fn.isExternal() || fn->getParentOfType<FunctionOpInterface>())
      return;
    AliasClasses classes(fn);
    for (const AliasClass &cls : classes.getClasses()) {
      auto late = findLateDealloc(source, cls);
      if (!late)
        continue;
      Value buffer = cls.heapRoots.size() == 1
                         ? cls.heapRoots.front()
                         : late->freed;
      std::string name = quoteBuffer(context, buffer);
      unsigned count = late->pressure.allocations;
      Finding finding = makeFinding(
          context, late->dealloc,
          "buffer " + name + " is deallocated " +
              std::to_string(late->distance) + " ops after its last use; " +
              std::to_string(count) +
              (count == 1 ? " allocation happens" : " allocations happen") +
              " in between");
      finding.allPaths =
          late->dealloc->getBlock() == &fn.getFunctionBody().front();
      bool used = late->lastUser != late->lastUsed.getDefiningOp();
      finding.notes.push_back(
          {context.locate(late->lastUser),
           used ? "last use of " + quoteBuffer(context, late->lastUsed) +
                      " here"
                : std::string("buffer allocated here and never used")});
      finding.notes.push_back(
          {context.locate(late->pressure.first),
           late->pressure.firstIsCall
               ? "call that allocates while the buffer is dead"
               : "allocation while the buffer is dead"});
      FixItBuilder fix(context);
      fix.moveAfter(late->dealloc, late->lastInBlock);
      if (auto fixIt = fix.take("move the dealloc of " + name +
                                " to just after its last use"))
        finding.fixes.push_back(std::move(*fixIt));
      findings.push_back(std::move(finding));
    }
  });
}
