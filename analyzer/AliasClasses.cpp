//===- AliasClasses.cpp - May-alias classes of buffers --------------------===//

#include "analyzer/AliasClasses.h"
#include "analyzer/MemoryModel.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/ShapedOpInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace memlint;

bool memlint::isBufferLike(Value value) {
  return isa<BaseMemRefType, LLVM::LLVMPointerType>(value.getType());
}

/// Returns true when `op` may still run its regions after it returns.
static bool mayRunRegionsLater(Operation *op) {
  return op->getNumRegions() != 0 &&
         llvm::any_of(op->getResultTypes(), [](Type type) {
           return isa<async::TokenType, async::ValueType, gpu::AsyncTokenType>(
               type);
         });
}

Operation *memlint::findSynchronousAncestor(Block *block, Operation *op) {
  for (Operation *current = op; current;) {
    Block *parent = current->getBlock();
    if (!parent)
      return nullptr;
    if (parent == block)
      return current;
    current = parent->getParentOp();
    if (current && mayRunRegionsLater(current))
      return nullptr;
  }
  return nullptr;
}

Operation *SynchronousAncestors::lookup(Operation *op) {
  return findAncestorMemoized(
      known, op, [&](Operation *current) -> std::optional<Operation *> {
        Block *parent = current->getBlock();
        if (!parent)
          return nullptr;
        if (parent == block)
          return current;
        Operation *up = parent->getParentOp();
        if (up && mayRunRegionsLater(up))
          return nullptr;
        return std::nullopt;
      });
}

//===----------------------------------------------------------------------===//
// Building the classes
//===----------------------------------------------------------------------===//

namespace {
/// Union-find over the buffer-like values of a function, numbered in the
/// order of a pre-order walk (the order of the text).
class ClassBuilder {
public:
  void addValue(Value value) {
    if (!isBufferLike(value) || index.count(value))
      return;
    index[value] = values.size();
    values.push_back(value);
    parent.push_back(parent.size());
  }

  /// Records that `result` may alias the value of `operand`.
  void addEdge(OpOperand &operand, Value result) {
    Value source = operand.get();
    if (!isBufferLike(source) || !isBufferLike(result))
      return;
    addValue(source);
    addValue(result);
    unite(index[source], index[result]);
    derived.insert(result);
    aliasOperands.insert(&operand);
  }

  /// Forwards `operands` (a range of `op`'s operands) to `inputs`
  /// position by position; ranges of different sizes are left alone.
  void addForwarding(Operation *op, OperandRange operands, ValueRange inputs) {
    if (operands.empty() || operands.size() != inputs.size())
      return;
    unsigned first = operands.getBeginOperandIndex();
    for (unsigned i = 0, e = operands.size(); i < e; ++i)
      addEdge(op->getOpOperand(first + i), inputs[i]);
  }

  unsigned find(unsigned i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }

  void unite(unsigned a, unsigned b) {
    a = find(a);
    b = find(b);
    if (a == b)
      return;
    // Keep the smaller index as the representative: classes come out in
    // the order of their first value.
    if (b < a)
      std::swap(a, b);
    parent[b] = a;
  }

  llvm::DenseMap<Value, unsigned> index;
  SmallVector<Value> values;
  SmallVector<unsigned> parent;
  /// Values some alias edge flows into.
  llvm::DenseSet<Value> derived;
  /// Heap allocation results, and buffers of other origins.
  llvm::DenseSet<Value> heapRoots, otherRoots;
  /// Operands that only create another value of their class.
  llvm::DenseSet<OpOperand *> aliasOperands;
};
} // namespace

/// Adds the alias edges an op creates: views and casts, select-like ops,
/// branch operands, region-branch entry operands and terminator operands.
static void addEdges(ClassBuilder &builder, Operation *op,
                     const OpMemoryInfo &info) {
  for (const AliasInfo &alias : info.aliases)
    for (OpOperand &operand : op->getOpOperands())
      if (operand.get() == alias.source)
        builder.addEdge(operand, alias.result);

  if (auto select = dyn_cast<SelectLikeOpInterface>(op)) {
    for (OpOperand &operand : op->getOpOperands())
      if (operand.get() == select.getTrueValue() ||
          operand.get() == select.getFalseValue())
        for (Value result : op->getResults())
          builder.addEdge(operand, result);
  }

  if (auto branch = dyn_cast<BranchOpInterface>(op)) {
    for (OpOperand &operand : op->getOpOperands())
      if (auto arg =
              branch.getSuccessorBlockArgument(operand.getOperandNumber()))
        builder.addEdge(operand, *arg);
  }

  if (auto regionOp = dyn_cast<RegionBranchOpInterface>(op)) {
    SmallVector<RegionSuccessor> successors;
    regionOp.getSuccessorRegions(RegionBranchPoint::parent(), successors);
    for (RegionSuccessor &successor : successors)
      builder.addForwarding(op, regionOp.getEntrySuccessorOperands(successor),
                            successor.getSuccessorInputs());
  }

  if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(op)) {
    if (auto parent =
            dyn_cast_or_null<RegionBranchOpInterface>(op->getParentOp())) {
      SmallVector<RegionSuccessor> successors;
      parent.getSuccessorRegions(RegionBranchPoint(terminator), successors);
      for (RegionSuccessor &successor : successors)
        builder.addForwarding(op, terminator.getSuccessorOperands(successor),
                              successor.getSuccessorInputs());
    }
  }
}

/// How a use that is not an alias edge touches the memory of its value.
static AliasUse::Kind classifyUse(OpOperand &operand,
                                  const OpMemoryInfo &info) {
  Value value = operand.get();
  Operation *owner = operand.getOwner();
  for (const FreeInfo &free : info.frees)
    if (free.operand == value)
      return AliasUse::Kind::Free;
  if (info.unknownEffects || isa<CallOpInterface>(owner))
    return AliasUse::Kind::Escape;
  for (const AccessInfo &access : info.accesses)
    if (access.operand == value)
      return AliasUse::Kind::Access;
  if (isa<ShapedDimOpInterface>(owner))
    return AliasUse::Kind::Metadata;
  // Returned, stored as a value, turned into an integer or a tensor, or
  // handed to an op that does not say what it does with it.
  return AliasUse::Kind::Escape;
}

AliasClasses::AliasClasses(Operation *function) {
  ClassBuilder builder;
  // For each op with a buffer-like operand (the owners of the uses): its
  // position in the walk and where the kinds of its operands' uses start in
  // useKinds. The kinds are found while the op's memory info is at hand:
  // keeping the infos (a few hundred bytes each, a million ops in a large
  // function) made a table of hundreds of MB, reallocated as it grew.
  llvm::DenseMap<Operation *, std::pair<unsigned, unsigned>> owners;
  std::vector<AliasUse::Kind> useKinds;
  unsigned numOps = 0;
  function->walk<WalkOrder::PreOrder>([&](Operation *op) {
    unsigned position = numOps++;
    // Block arguments where their block starts, then the results.
    if (Block *block = op->getBlock(); block && &block->front() == op)
      for (BlockArgument arg : block->getArguments())
        builder.addValue(arg);
    bool bufferResult = false;
    for (Value result : op->getResults())
      if (isBufferLike(result)) {
        builder.addValue(result);
        bufferResult = true;
      }
    // Edges and roots are buffer-like values: an op without a buffer-like
    // operand or result, and without regions (whose arguments may be
    // allocations), adds none, and uses no buffer.
    bool bufferOperand = llvm::any_of(op->getOperands(), isBufferLike);
    if (!bufferOperand && !bufferResult && op->getNumRegions() == 0)
      return;
    OpMemoryInfo info = describeMemory(op);
    for (const AllocationInfo &alloc : info.allocations) {
      if (alloc.origin == BufferOrigin::Heap)
        builder.heapRoots.insert(alloc.result);
      else
        builder.otherRoots.insert(alloc.result);
    }
    addEdges(builder, op, info);
    if (!bufferOperand)
      return;
    // The op's own edges are all added: an operand that only creates
    // another value of its class is known.
    owners[op] = {position, unsigned(useKinds.size())};
    for (OpOperand &operand : op->getOpOperands())
      useKinds.push_back(!isBufferLike(operand.get())
                             ? AliasUse::Kind::Escape
                         : builder.aliasOperands.contains(&operand)
                             ? AliasUse::Kind::Alias
                             : classifyUse(operand, info));
  });

  // One class per representative, in the order of the first value.
  llvm::DenseMap<unsigned, unsigned> classOfRoot;
  for (unsigned i = 0, e = builder.values.size(); i < e; ++i) {
    unsigned root = builder.find(i);
    auto [it, inserted] = classOfRoot.try_emplace(root, classes.size());
    if (inserted)
      classes.emplace_back();
    AliasClass &cls = classes[it->second];
    Value value = builder.values[i];
    cls.values.push_back(value);
    classOf[value] = it->second;
    if (builder.heapRoots.contains(value))
      cls.heapRoots.push_back(value);
    else if (builder.otherRoots.contains(value) ||
             !builder.derived.contains(value))
      cls.foreignOrigin = true;
  }

  for (AliasClass &cls : classes) {
    for (Value value : cls.values) {
      for (OpOperand &operand : value.getUses()) {
        auto it = owners.find(operand.getOwner());
        // A user outside the walked op (a use of a value defined inside
        // it cannot be outside, but stay safe).
        AliasUse::Kind kind =
            it == owners.end()
                ? AliasUse::Kind::Escape
                : useKinds[it->second.second + operand.getOperandNumber()];
        cls.uses.push_back({&operand, kind});
      }
    }
    // Use lists are in no useful order: sort by the position of the user.
    llvm::stable_sort(cls.uses, [&](const AliasUse &a, const AliasUse &b) {
      return std::make_pair(owners.lookup(a.getOwner()).first,
                            a.operand->getOperandNumber()) <
             std::make_pair(owners.lookup(b.getOwner()).first,
                            b.operand->getOperandNumber());
    });
    cls.escaping = llvm::any_of(cls.uses, [](const AliasUse &use) {
      return use.kind == AliasUse::Kind::Escape;
    });
  }
}

const AliasClass *AliasClasses::lookup(Value value) const {
  auto it = classOf.find(value);
  return it == classOf.end() ? nullptr : &classes[it->second];
}

static StringRef stringifyUseKind(AliasUse::Kind kind) {
  switch (kind) {
  case AliasUse::Kind::Access:
    return "access";
  case AliasUse::Kind::Free:
    return "free";
  case AliasUse::Kind::Alias:
    return "alias";
  case AliasUse::Kind::Metadata:
    return "metadata";
  case AliasUse::Kind::Escape:
    return "escape";
  }
  return "";
}

void AliasClasses::print(llvm::raw_ostream &os,
                         llvm::function_ref<std::string(Value)> nameOf) const {
  for (const AliasClass &cls : classes) {
    os << "class:";
    for (Value value : cls.values)
      os << " " << nameOf(value);
    os << " | roots:";
    for (Value root : cls.heapRoots)
      os << " " << nameOf(root);
    if (cls.foreignOrigin)
      os << " foreign";
    os << " | uses:";
    for (const AliasUse &use : cls.uses)
      os << " " << use.getOwner()->getName().getStringRef() << "="
         << stringifyUseKind(use.kind);
    os << "\n";
  }
}
