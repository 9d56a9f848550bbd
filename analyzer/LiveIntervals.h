//===- LiveIntervals.h - Live intervals of a function's buffers -*- C++ -*-===//
//
// The input of the memory plan (DESIGN §6): the heap buffers a function
// allocates, their byte sizes and memory spaces, and their live intervals
// over a linear order of program points (the ops of the function in text
// order, pre-order through regions).
//
// A buffer is live from its allocation to the last use of any value of its
// may-alias class (AliasClasses). A use inside a loop that does not contain
// the allocation keeps the buffer live over the whole loop (it is live
// across iterations); a use or allocation inside a region with several
// blocks (a CFG that may loop) makes the buffer live over that whole region.
// The interval "as written" ends at the dealloc instead (or at the end of
// the function when the buffer is never freed), which gives today's peak.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_LIVEINTERVALS_H
#define MEMLINT_ANALYZER_LIVEINTERVALS_H

#include "analyzer/AbstractState.h"
#include "analyzer/AliasClasses.h"
#include "analyzer/MemoryPlan.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// How live intervals are computed.
struct LiveIntervalOptions {
  /// An upper bound for every dynamic dimension of an allocated shape; when
  /// unset, dynamically shaped buffers are not planned.
  std::optional<int64_t> assumeDim;
};

/// One heap allocation of a function.
struct BufferInterval {
  mlir::Operation *alloc = nullptr;
  mlir::Value value;
  /// The memory space as configured in MemoryBudgets: "0" for the default
  /// space, the integer of an integer space, else the printed attribute.
  std::string space;
  Deallocator family = Deallocator::Memref;
  /// Bytes (element bytes times the shape), when known.
  std::optional<int64_t> bytes;
  /// The size does not fit in 63 bits: the buffer is unplanned, and needs
  /// more memory than any budget.
  bool sizeOverflows = false;
  int64_t alignment = 1;
  /// Live on [lower, upper) of the function's program points.
  int64_t lower = 0, upper = 0;
  /// Live as written: from the allocation to its last dealloc (or the end of
  /// the function when it is never freed).
  int64_t writtenLower = 0, writtenUpper = 0;
  /// Why the buffer is left out of the plan (empty when it is planned).
  std::string unplannedReason;
  /// The may-alias class of the buffer.
  const AliasClass *aliasClass = nullptr;

  bool isPlanned() const { return unplannedReason.empty(); }
};

/// The buffers of one function, in the order of their allocations.
class FunctionLiveIntervals {
public:
  FunctionLiveIntervals(mlir::Operation *function,
                        const LiveIntervalOptions &options = {});
  /// Over alias classes computed before (they must outlive this object).
  FunctionLiveIntervals(mlir::Operation *function, const AliasClasses &classes,
                        const LiveIntervalOptions &options = {});

  mlir::Operation *getFunction() const { return function; }
  const AliasClasses &getAliasClasses() const { return classes; }
  llvm::ArrayRef<BufferInterval> getBuffers() const { return buffers; }
  /// The number of program points of the function.
  int64_t getNumPoints() const { return numPoints; }
  /// The program point of `op` (its pre-order number in the function).
  int64_t getPoint(mlir::Operation *op) const;

  /// The memory spaces with at least one buffer, sorted.
  std::vector<std::string> getSpaces() const;
  /// The planning problem of the planned buffers of `space`; `indices` gets
  /// the index in getBuffers() of each problem buffer.
  PlanProblem getProblem(llvm::StringRef space,
                         std::vector<size_t> &indices) const;
  /// The peak bytes of `space` with today's deallocs.
  int64_t getWrittenPeak(llvm::StringRef space) const;

  /// Prints one line per buffer (name, space, bytes, alignment, live and
  /// as-written intervals, or why it is not planned), naming values with
  /// `nameOf`.
  void print(llvm::raw_ostream &os,
             llvm::function_ref<std::string(mlir::Value)> nameOf) const;

private:
  FunctionLiveIntervals(mlir::Operation *function,
                        std::unique_ptr<AliasClasses> owned,
                        const AliasClasses *shared,
                        const LiveIntervalOptions &options);

  mlir::Operation *function;
  std::unique_ptr<AliasClasses> ownClasses;
  const AliasClasses &classes;
  std::vector<BufferInterval> buffers;
  llvm::DenseMap<mlir::Operation *, int64_t> points, lastPoints;
  int64_t numPoints = 0;
};

/// The byte size of one element of `type` (int, float, index as 8 bytes,
/// complex, vector), or nullopt when unknown.
std::optional<int64_t> getElementBytes(mlir::Type type);
/// The number of elements of a static shape, or nothing when the shape is
/// dynamic or the product does not fit in 63 bits (checked, never wrapped).
std::optional<int64_t> getCheckedNumElements(mlir::ShapedType type);
/// The bytes of a statically shaped memref type (checked), else nothing.
std::optional<int64_t> getStaticBytes(mlir::Type type);
/// The memory space of `type` as configured in MemoryBudgets: "0" for the
/// default space, the integer of an integer space, else the printed
/// attribute.
std::string getMemorySpaceName(mlir::MemRefType type);

} // namespace memlint

#endif // MEMLINT_ANALYZER_LIVEINTERVALS_H
