//===- LateDeallocCheck.cpp - perf-late-dealloc ---------------------------===//
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

namespace {
/// The heap allocations of one function, indexed so that the allocations of
/// a kind between two ops of a block are counted in constant time: every op
/// carries the counts of its whole subtree (one post-order walk), every block
/// prefix sums over its ops (built on first use). A call counts as one
/// allocation when its callee, a function of the module, allocates in its
/// own body.
class AllocationIndex {
public:
  explicit AllocationIndex(Operation *function);

  /// The allocations of `kinds` in the ops strictly between `after` and
  /// `before`, two ops of the same block.
  Pressure between(Operation *after, Operation *before,
                   ArrayRef<MemoryKind> kinds);
  /// How many ops after `after` `before` comes, in their block.
  unsigned distance(Operation *after, Operation *before);

private:
  /// The allocations of one kind in a subtree.
  struct Entry {
    unsigned count = 0;
    Operation *first = nullptr;
    bool firstIsCall = false;
  };
  using Entries = SmallVector<Entry, 1>;
  struct BlockTable {
    SmallVector<Operation *> ops;
    llvm::DenseMap<Operation *, unsigned> index;
    /// Per kind: prefix sums of the counts, and the next op with a nonzero
    /// count at or after each position.
    SmallVector<SmallVector<unsigned>> prefix, next;
  };

  unsigned getKindIndex(const MemoryKind &kind);
  ArrayRef<unsigned> getCalleeKinds(Operation *callee);
  static void add(Entries &entries, unsigned kind, unsigned count,
                  Operation *first, bool isCall);
  const BlockTable &getTable(Block *block);

  SmallVector<MemoryKind> kinds;
  llvm::DenseMap<Operation *, Entries> subtree;
  llvm::DenseMap<Operation *, SmallVector<unsigned>> calleeKinds;
  llvm::DenseMap<Block *, BlockTable> tables;
};
} // namespace

unsigned AllocationIndex::getKindIndex(const MemoryKind &kind) {
  for (unsigned i = 0, e = kinds.size(); i < e; ++i)
    if (kinds[i] == kind)
      return i;
  kinds.push_back(kind);
  return kinds.size() - 1;
}

void AllocationIndex::add(Entries &entries, unsigned kind, unsigned count,
                          Operation *first, bool isCall) {
  if (entries.size() <= kind)
    entries.resize(kind + 1);
  Entry &entry = entries[kind];
  if (!entry.count) {
    entry.first = first;
    entry.firstIsCall = isCall;
  }
  entry.count += count;
}

ArrayRef<unsigned> AllocationIndex::getCalleeKinds(Operation *callee) {
  auto it = calleeKinds.find(callee);
  if (it != calleeKinds.end())
    return it->second;
  SmallVector<unsigned> found;
  callee->walk([&](Operation *op) {
    if (!mayAllocate(op))
      return;
    for (const AllocationInfo &alloc : describeMemory(op).allocations) {
      if (alloc.origin != BufferOrigin::Heap)
        continue;
      unsigned kind = getKindIndex(getMemoryKind(alloc));
      if (!llvm::is_contained(found, kind))
        found.push_back(kind);
    }
  });
  return calleeKinds[callee] = std::move(found);
}

AllocationIndex::AllocationIndex(Operation *function) {
  function->walk<WalkOrder::PostOrder>([&](Operation *op) {
    if (op == function)
      return;
    Entries entries;
    // The op itself comes before the ops nested in it.
    SmallVector<unsigned, 2> own;
    if (mayAllocate(op))
      for (const AllocationInfo &alloc : describeMemory(op).allocations)
        if (alloc.origin == BufferOrigin::Heap) {
          unsigned kind = getKindIndex(getMemoryKind(alloc));
          if (!llvm::is_contained(own, kind)) {
            own.push_back(kind);
            add(entries, kind, 1, op, /*isCall=*/false);
          }
        }
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      auto callee =
          dyn_cast_or_null<FunctionOpInterface>(call.resolveCallable());
      if (callee && !callee.isExternal() && callee != function)
        for (unsigned kind : getCalleeKinds(callee))
          add(entries, kind, 1, op, /*isCall=*/true);
    }
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &child : block) {
          auto it = subtree.find(&child);
          if (it == subtree.end())
            continue;
          for (unsigned kind = 0, e = it->second.size(); kind < e; ++kind) {
            const Entry &entry = it->second[kind];
            if (entry.count)
              add(entries, kind, entry.count, entry.first, entry.firstIsCall);
          }
        }
    if (!entries.empty())
      subtree[op] = std::move(entries);
  });
}

const AllocationIndex::BlockTable &AllocationIndex::getTable(Block *block) {
  auto [it, inserted] = tables.try_emplace(block);
  BlockTable &table = it->second;
  if (!inserted)
    return table;
  for (Operation &op : *block) {
    table.index[&op] = table.ops.size();
    table.ops.push_back(&op);
  }
  unsigned n = table.ops.size();
  table.prefix.assign(kinds.size(), SmallVector<unsigned>(n + 1, 0));
  table.next.assign(kinds.size(), SmallVector<unsigned>(n + 1, n));
  for (unsigned kind = 0, e = kinds.size(); kind < e; ++kind) {
    auto countAt = [&](unsigned i) -> unsigned {
      auto found = subtree.find(table.ops[i]);
      if (found == subtree.end() || found->second.size() <= kind)
        return 0;
      return found->second[kind].count;
    };
    for (unsigned i = 0; i < n; ++i)
      table.prefix[kind][i + 1] = table.prefix[kind][i] + countAt(i);
    for (unsigned i = n; i-- > 0;)
      table.next[kind][i] = countAt(i) ? i : table.next[kind][i + 1];
  }
  return table;
}

Pressure AllocationIndex::between(Operation *after, Operation *before,
                                  ArrayRef<MemoryKind> wanted) {
  const BlockTable &table = getTable(before->getBlock());
  unsigned lo = table.index.lookup(after) + 1, hi = table.index.lookup(before);
  Pressure pressure;
  unsigned firstAt = hi;
  for (const MemoryKind &memoryKind : wanted) {
    const auto *found = llvm::find(kinds, memoryKind);
    if (found == kinds.end() || lo >= hi)
      continue;
    unsigned kind = found - kinds.begin();
    pressure.allocations += table.prefix[kind][hi] - table.prefix[kind][lo];
    unsigned at = table.next[kind][lo];
    if (at < firstAt) {
      firstAt = at;
      const Entry &entry = subtree.find(table.ops[at])->second[kind];
      pressure.first = entry.first;
      pressure.firstIsCall = entry.firstIsCall;
    }
  }
  return pressure;
}

unsigned AllocationIndex::distance(Operation *after, Operation *before) {
  const BlockTable &table = getTable(before->getBlock());
  return table.index.lookup(before) - table.index.lookup(after);
}

//===----------------------------------------------------------------------===//
// Finding late deallocs
//===----------------------------------------------------------------------===//

/// Returns true when `a` comes before `b` in a pre-order walk of the IR,
/// i.e. starts before it in the printed text (an op before the ops nested in
/// it, regions and blocks in order). Works on IR without source text.
static bool startsBefore(Operation *a, Operation *b) {
  if (a == b)
    return false;
  SmallVector<Operation *> chainA, chainB;
  for (Operation *op = a; op; op = op->getParentOp())
    chainA.push_back(op);
  for (Operation *op = b; op; op = op->getParentOp())
    chainB.push_back(op);
  // Drop the common ancestors, outermost first.
  while (!chainA.empty() && !chainB.empty() && chainA.back() == chainB.back()) {
    chainA.pop_back();
    chainB.pop_back();
  }
  if (chainA.empty())
    return true; // `a` encloses `b`
  if (chainB.empty())
    return false; // `b` encloses `a`
  Operation *x = chainA.back(), *y = chainB.back();
  if (!x->getBlock() || !y->getBlock())
    return false; // different trees
  if (x->getBlock() == y->getBlock())
    return x->isBeforeInBlock(y);
  Region *regionX = x->getParentRegion(), *regionY = y->getParentRegion();
  if (regionX != regionY)
    return regionX->getRegionNumber() < regionY->getRegionNumber();
  for (Block &block : *regionX) {
    if (&block == x->getBlock())
      return true;
    if (&block == y->getBlock())
      return false;
  }
  return false;
}

/// Returns the late dealloc of the buffer of `cls`, if it has one.
static std::optional<LateDealloc>
findLateDealloc(const AliasClass &cls,
                llvm::function_ref<AllocationIndex &()> getAllocations) {
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
  // `inTextOrder`: `user` does not start before the users considered so far
  // (the uses of a class are sorted), so a tie is won by the later one
  // without asking startsBefore, whose walk is as deep as the nest.
  auto consider = [&](Operation *anchor, Operation *user, Value used,
                      bool inTextOrder) {
    if (!late.lastInBlock || late.lastInBlock->isBeforeInBlock(anchor) ||
        (late.lastInBlock == anchor && user != late.lastUser &&
         (inTextOrder || startsBefore(late.lastUser, user)))) {
      late.lastInBlock = anchor;
      late.lastUser = user;
      late.lastUsed = used;
    }
  };
  SynchronousAncestors ancestors(block);
  for (const AliasUse &use : cls.uses) {
    Operation *user = use.getOwner();
    if (user == late.dealloc)
      continue;
    Operation *anchor = ancestors.lookup(user);
    // A use elsewhere, or after the dealloc: not a simple late dealloc.
    if (!anchor || !anchor->isBeforeInBlock(late.dealloc))
      return std::nullopt;
    consider(anchor, user, use.get(), /*inTextOrder=*/true);
  }
  // An allocation never used is dead from the start.
  for (Value root : cls.heapRoots) {
    Operation *alloc = root.getDefiningOp();
    if (Operation *anchor = block->findAncestorOpInBlock(*alloc)) {
      if (!anchor->isBeforeInBlock(late.dealloc))
        return std::nullopt;
      consider(anchor, alloc, root, /*inTextOrder=*/false);
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
      if (alloc.result == root &&
          !llvm::is_contained(kinds, getMemoryKind(alloc)))
        kinds.push_back(getMemoryKind(alloc));
  AllocationIndex &allocations = getAllocations();
  late.pressure = allocations.between(late.lastInBlock, late.dealloc, kinds);
  if (!late.pressure.allocations)
    return std::nullopt;
  late.distance = allocations.distance(late.lastInBlock, late.dealloc);
  return late;
}

void LateDeallocCheck::runOnFunction(const LintContext &context,
                               FunctionAnalyses &analyses,
                               std::vector<Finding> &findings) const {
  FunctionOpInterface fn = analyses.getFunction();
  const AliasClasses &classes = analyses.getAliasClasses();
  std::optional<AllocationIndex> allocations;
  auto getAllocations = [&]() -> AllocationIndex & {
    if (!allocations)
      allocations.emplace(fn);
    return *allocations;
  };
  for (const AliasClass &cls : classes.getClasses()) {
    auto late = findLateDealloc(cls, getAllocations);
    if (!late)
      continue;
    Value buffer =
        cls.heapRoots.size() == 1 ? cls.heapRoots.front() : late->freed;
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
    setBufferSize(finding, buffer);
    bool used = late->lastUser != late->lastUsed.getDefiningOp();
    finding.notes.push_back(
        {context.locate(late->lastUser),
         used
             ? "last use of " + quoteBuffer(context, late->lastUsed) + " here"
             : std::string("buffer allocated here and never used")});
    finding.notes.push_back(
        {context.locate(late->pressure.first),
         late->pressure.firstIsCall
             ? "call that allocates while the buffer is dead"
             : "allocation while the buffer is dead"});
    if (context.wantsFixes()) {
      FixItBuilder fix(context);
      fix.moveAfter(late->dealloc, late->lastInBlock);
      if (auto fixIt = fix.take("move the dealloc of " + name +
                                " to just after its last use"))
        finding.fixes.push_back(std::move(*fixIt));
    }
    findings.push_back(std::move(finding));
  }
}
