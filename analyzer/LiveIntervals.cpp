//===- LiveIntervals.cpp - Live intervals of a function's buffers ---------===//

#include "analyzer/LiveIntervals.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "analyzer/MemoryModel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include <algorithm>
#include <limits>
#include <set>

using namespace mlir;
using namespace memlint;

std::optional<int64_t> memlint::getElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (type.isIntOrFloat())
    return (int64_t(type.getIntOrFloatBitWidth()) + 7) / 8;
  if (auto complex = dyn_cast<ComplexType>(type)) {
    auto element = getElementBytes(complex.getElementType());
    return element ? std::optional<int64_t>(2 * *element) : std::nullopt;
  }
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (vector.isScalable())
      return std::nullopt;
    auto element = getElementBytes(vector.getElementType());
    if (!element)
      return std::nullopt;
    return llvm::checkedMul<int64_t>(*element, vector.getNumElements());
  }
  return std::nullopt;
}

std::optional<int64_t> memlint::getCheckedNumElements(ShapedType type) {
  if (!type.hasStaticShape())
    return std::nullopt;
  int64_t count = 1;
  for (int64_t dim : type.getShape()) {
    std::optional<int64_t> product = llvm::checkedMul(count, dim);
    if (!product)
      return std::nullopt;
    count = *product;
  }
  return count;
}

std::string memlint::getMemorySpaceName(MemRefType type) {
  Attribute space = type.getMemorySpace();
  if (!space)
    return "0";
  if (auto integer = dyn_cast<IntegerAttr>(space))
    return std::to_string(integer.getInt());
  std::string text;
  llvm::raw_string_ostream os(text);
  space.print(os);
  return text;
}

/// True when the regions of `op` may run more than once per execution of it.
static bool isLoop(Operation *op) {
  if (isa<LoopLikeOpInterface>(op))
    return true;
  if (auto branch = dyn_cast<RegionBranchOpInterface>(op))
    return branch.hasLoop();
  return false;
}

FunctionLiveIntervals::FunctionLiveIntervals(Operation *function,
                                             const LiveIntervalOptions &options)
    : FunctionLiveIntervals(function, std::make_unique<AliasClasses>(function),
                            nullptr, options) {}

FunctionLiveIntervals::FunctionLiveIntervals(Operation *function,
                                             const AliasClasses &classes,
                                             const LiveIntervalOptions &options)
    : FunctionLiveIntervals(function, nullptr, &classes, options) {}

FunctionLiveIntervals::FunctionLiveIntervals(
    Operation *function, std::unique_ptr<AliasClasses> owned,
    const AliasClasses *shared, const LiveIntervalOptions &options)
    : function(function), ownClasses(std::move(owned)),
      classes(shared ? *shared : *ownClasses) {
  // Program points: pre-order numbers; the last point of an op with regions
  // is the largest number inside it (the running maximum in post-order).
  function->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != function)
      points[op] = numPoints++;
  });
  int64_t seen = -1;
  function->walk<WalkOrder::PostOrder>([&](Operation *op) {
    if (op == function)
      return;
    seen = std::max(seen, points.lookup(op));
    lastPoints[op] = seen;
  });

  // isLoop asks interfaces (RegionBranchOpInterface::hasLoop builds the
  // region graph): once per op, not once per use and ancestor.
  DenseMap<Operation *, bool> loops;
  auto isLoopOp = [&](Operation *op) {
    auto [it, inserted] = loops.try_emplace(op);
    if (inserted)
      it->second = isLoop(op);
    return it->second;
  };
  // Widens [lower, upper) for an op `at` of the class of a buffer allocated
  // by `alloc`: loops around `at` that do not contain the allocation, and
  // regions with several blocks around `at`, are covered whole.
  // The first op from `op` up (itself included) whose region has several
  // blocks or belongs to a loop or to the function: the only levels where
  // `cover` widens. Kept for every op passed, so that the uses of a buffer
  // spread over a deep nest cost time linear in the nest.
  DenseMap<Operation *, Operation *> widening;
  auto nextWidening = [&](Operation *op) -> Operation * {
    return findAncestorMemoized(
        widening, op, [&](Operation *current) -> std::optional<Operation *> {
          if (current == function)
            return nullptr;
          Region *region = current->getParentRegion();
          if (!region)
            return nullptr;
          Operation *parent = region->getParentOp();
          if (!region->hasOneBlock() || parent == function || isLoopOp(parent))
            return current;
          return std::nullopt;
        });
  };
  auto cover = [&](Operation *at, Operation *alloc, int64_t &lower,
                   int64_t &upper) {
    lower = std::min(lower, points.lookup(at));
    upper = std::max(upper, points.lookup(at) + 1);
    for (Operation *outer = nextWidening(at); outer && outer != function;
         outer = nextWidening(outer->getParentOp())) {
      Region *region = outer->getParentRegion();
      if (!region)
        break;
      Operation *parent = region->getParentOp();
      bool multiBlock = !region->hasOneBlock();
      bool loopAround = parent != function && isLoopOp(parent) &&
                        !(alloc && parent->isAncestor(alloc));
      if (!multiBlock && !loopAround)
        continue;
      if (parent == function) {
        lower = 0;
        upper = numPoints;
        return;
      }
      lower = std::min(lower, points.lookup(parent));
      upper = std::max(upper, lastPoints.lookup(parent) + 1);
    }
  };

  // `cover` is a hull: cover(at, alloc) widens [lower, upper) to the range
  // of `at` and its widened levels. It depends on the allocation only
  // through the loops around `at` that contain it, and those lie in the
  // op of the function's body holding `at` (its top-level op): for a use
  // under another top-level op than the allocation, cover is the same for
  // every allocation (that of `alloc` = null). A class with many heap roots
  // and uses (one merged through selects and branches: 2,347 roots and
  // 13,317 uses in a function of 1M ops) then takes, per root, the hulls of
  // the other top-level ops' uses, precomputed, and walks only the uses
  // under its own top-level op: not roots x uses.
  auto topLevelOf = [&](Operation *op) -> Operation * {
    if (op == function)
      return nullptr;
    for (Operation *current = op; current;
         current = current->getParentOp())
      if (current->getParentOp() == function)
        return current;
    return nullptr;
  };
  struct Hull {
    int64_t usedLower = std::numeric_limits<int64_t>::max();
    int64_t usedUpper = std::numeric_limits<int64_t>::min();
    int64_t freeUpper = std::numeric_limits<int64_t>::min();
    void add(const Hull &other) {
      usedLower = std::min(usedLower, other.usedLower);
      usedUpper = std::max(usedUpper, other.usedUpper);
      freeUpper = std::max(freeUpper, other.freeUpper);
    }
  };
  // The hull of one use for `alloc` (null: under another top-level op).
  auto addUse = [&](Hull &hull, const AliasUse &use, Operation *alloc) {
    if (use.kind == AliasUse::Kind::Free) {
      int64_t l = std::numeric_limits<int64_t>::max(),
              u = std::numeric_limits<int64_t>::min();
      cover(use.getOwner(), alloc, l, u);
      hull.freeUpper = std::max(hull.freeUpper, u);
      return;
    }
    cover(use.getOwner(), alloc, hull.usedLower, hull.usedUpper);
  };

  for (const AliasClass &cls : classes.getClasses()) {
    if (cls.heapRoots.empty())
      continue;
    bool freed = llvm::any_of(cls.uses, [](const AliasUse &use) {
      return use.kind == AliasUse::Kind::Free;
    });
    // With several roots: the uses by top-level op (groups in order of
    // first use), the hull of each group for an allocation elsewhere, and
    // the prefix and suffix hulls of the groups; uses without a top-level
    // op are walked for every root.
    bool byGroups = cls.heapRoots.size() > 1;
    DenseMap<Operation *, unsigned> groupOf;
    std::vector<SmallVector<const AliasUse *, 4>> groups;
    SmallVector<const AliasUse *, 4> ungrouped;
    std::vector<Hull> prefix, suffix;
    if (byGroups) {
      for (const AliasUse &use : cls.uses) {
        Operation *top = topLevelOf(use.getOwner());
        if (!top) {
          ungrouped.push_back(&use);
          continue;
        }
        auto [it, inserted] = groupOf.try_emplace(top, groups.size());
        if (inserted)
          groups.emplace_back();
        groups[it->second].push_back(&use);
      }
      std::vector<Hull> elsewhere(groups.size());
      for (size_t g = 0; g < groups.size(); ++g)
        for (const AliasUse *use : groups[g])
          addUse(elsewhere[g], *use, nullptr);
      prefix.resize(groups.size() + 1);
      suffix.resize(groups.size() + 1);
      for (size_t g = 0; g < groups.size(); ++g) {
        prefix[g + 1] = prefix[g];
        prefix[g + 1].add(elsewhere[g]);
      }
      for (size_t g = groups.size(); g-- > 0;) {
        suffix[g] = suffix[g + 1];
        suffix[g].add(elsewhere[g]);
      }
    }

    for (Value root : cls.heapRoots) {
      Operation *alloc = root.getDefiningOp();
      if (!alloc)
        continue;
      BufferInterval buffer;
      buffer.alloc = alloc;
      buffer.value = root;
      buffer.aliasClass = &cls;
      OpMemoryInfo info = describeMemory(alloc);
      for (const AllocationInfo &allocation : info.allocations)
        if (allocation.result == root)
          buffer.family = allocation.deallocator;
      auto type = dyn_cast<MemRefType>(root.getType());
      if (type) {
        buffer.space = getMemorySpaceName(type);
        std::optional<int64_t> element = getElementBytes(type.getElementType());
        if (!element) {
          buffer.unplannedReason = "element type of unknown size";
        } else {
          int64_t bytes = *element;
          for (int64_t dim : type.getShape()) {
            if (ShapedType::isDynamic(dim)) {
              if (!options.assumeDim) {
                buffer.unplannedReason = "dynamic shape";
                break;
              }
              dim = *options.assumeDim;
            }
            // Checked: a size past 2^63 - 1 bytes is "overflows", never a
            // wrapped (small or zero) size.
            std::optional<int64_t> product = llvm::checkedMul(bytes, dim);
            if (!product) {
              buffer.unplannedReason = "size overflows";
              buffer.sizeOverflows = true;
              break;
            }
            bytes = *product;
          }
          if (buffer.unplannedReason.empty())
            buffer.bytes = bytes;
          int64_t natural = 1;
          while (natural < *element && natural < 64)
            natural *= 2;
          buffer.alignment = natural;
        }
        if (auto align = alloc->getAttrOfType<IntegerAttr>("alignment"))
          if (align.getInt() > 0 &&
              llvm::isPowerOf2_64(uint64_t(align.getInt())))
            buffer.alignment = std::max(buffer.alignment, align.getInt());
      } else {
        buffer.space = "0";
        buffer.unplannedReason = "not a memref";
      }
      if (cls.escapes() && buffer.unplannedReason.empty())
        buffer.unplannedReason = "escapes the function";

      int64_t lower = points.lookup(alloc), upper = lower + 1;
      cover(alloc, alloc, lower, upper);
      Hull hull;
      hull.usedLower = lower;
      hull.usedUpper = upper;
      hull.freeUpper = upper;
      if (!byGroups) {
        for (const AliasUse &use : cls.uses)
          addUse(hull, use, alloc);
      } else {
        for (const AliasUse *use : ungrouped)
          addUse(hull, *use, alloc);
        auto own = groupOf.find(topLevelOf(alloc));
        if (own == groupOf.end()) {
          hull.add(prefix.back());
        } else {
          unsigned g = own->second;
          hull.add(prefix[g]);
          hull.add(suffix[g + 1]);
          for (const AliasUse *use : groups[g])
            addUse(hull, *use, alloc);
        }
      }
      int64_t usedLower = hull.usedLower, usedUpper = hull.usedUpper;
      int64_t lastFree = freed ? hull.freeUpper : -1;
      buffer.lower = usedLower;
      buffer.upper = usedUpper;
      buffer.writtenLower = usedLower;
      buffer.writtenUpper = freed && !cls.escapes()
                                ? std::max(usedUpper, lastFree)
                                : numPoints;
      buffers.push_back(std::move(buffer));
    }
  }
  // In the order of the allocations: (point, result number) is unique per
  // buffer. The keys are computed once and the records moved once (a
  // comparison of records looked both points up, and a swap moved strings).
  std::vector<std::tuple<int64_t, unsigned, uint32_t>> keys;
  keys.reserve(buffers.size());
  for (uint32_t i = 0; i < buffers.size(); ++i)
    keys.emplace_back(points.lookup(buffers[i].alloc),
                      cast<OpResult>(buffers[i].value).getResultNumber(), i);
  llvm::sort(keys);
  std::vector<BufferInterval> sorted;
  sorted.reserve(buffers.size());
  for (const auto &key : keys)
    sorted.push_back(std::move(buffers[std::get<2>(key)]));
  buffers = std::move(sorted);
}

int64_t FunctionLiveIntervals::getPoint(Operation *op) const {
  return points.lookup(op);
}

std::vector<std::string> FunctionLiveIntervals::getSpaces() const {
  std::set<std::string> spaces;
  for (const BufferInterval &buffer : buffers)
    spaces.insert(buffer.space);
  return {spaces.begin(), spaces.end()};
}

PlanProblem FunctionLiveIntervals::getProblem(llvm::StringRef space,
                                              std::vector<size_t> &indices) const {
  PlanProblem problem;
  indices.clear();
  for (size_t i = 0; i < buffers.size(); ++i) {
    const BufferInterval &buffer = buffers[i];
    if (buffer.space != space || !buffer.isPlanned())
      continue;
    PlanBuffer b;
    b.id = std::to_string(problem.buffers.size());
    b.lower = buffer.lower;
    b.upper = buffer.upper;
    b.size = *buffer.bytes;
    b.alignment = buffer.alignment;
    problem.buffers.push_back(b);
    indices.push_back(i);
  }
  return problem;
}

int64_t FunctionLiveIntervals::getWrittenPeak(llvm::StringRef space) const {
  std::vector<PlanBuffer> written;
  for (const BufferInterval &buffer : buffers) {
    if (buffer.space != space || !buffer.isPlanned())
      continue;
    PlanBuffer b;
    b.lower = buffer.writtenLower;
    b.upper = buffer.writtenUpper;
    b.size = *buffer.bytes;
    written.push_back(b);
  }
  return peakLiveBytes(written);
}

void FunctionLiveIntervals::print(
    llvm::raw_ostream &os,
    llvm::function_ref<std::string(Value)> nameOf) const {
  os << "points: " << numPoints << "\n";
  for (const BufferInterval &buffer : buffers) {
    os << "buffer " << nameOf(buffer.value) << " space " << buffer.space
       << " bytes ";
    if (buffer.bytes)
      os << *buffer.bytes;
    else
      os << "?";
    os << " align " << buffer.alignment << " live [" << buffer.lower << ", "
       << buffer.upper << ") written [" << buffer.writtenLower << ", "
       << buffer.writtenUpper << ")";
    if (!buffer.isPlanned())
      os << " unplanned: " << buffer.unplannedReason;
    os << "\n";
  }
}

std::optional<int64_t> memlint::getStaticBytes(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref)
    return std::nullopt;
  std::optional<int64_t> element = getElementBytes(memref.getElementType());
  std::optional<int64_t> count = getCheckedNumElements(memref);
  if (!element || !count)
    return std::nullopt;
  return llvm::checkedMul(*element, *count);
}
