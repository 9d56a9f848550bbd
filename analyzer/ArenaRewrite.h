//===- ArenaRewrite.h - Which buffers an applied memory plan moves -*- C++ -*-===//
//
// The model of applying a memory plan (DESIGN §4, §6): for each memory space
// of a function, the statically sized `memref.alloc`s the planner can place
// become views into one aligned arena at their planned offsets, their
// deallocs go, and the arena is allocated once and freed where the last of
// them died. This file decides which buffers move and where the arena lives;
// the text edits (tools/PlanRewrite) and the IR rewrite (the
// memlint-apply-plan pass) both apply the same decision.
//
// A buffer moves only when the rewrite keeps every execution's meaning:
//  - it is a planned buffer (statically sized, or bounded by --assume-dim;
//    not escaping) allocated by `memref.alloc` with an identity layout;
//  - every allocation of its may-alias class moves too, all its memory
//    comes from them, and every free of the class is a `memref.dealloc`
//    (so that deleting the deallocs frees nothing else);
//  - each op around the allocation runs its regions synchronously and
//    sequentially (scf, affine, cf: RegionBranchOpInterface, no parallel
//    loop, no async op), so one arena slot serves each dynamic instance;
//  - inside a loop (or a region with several blocks) the class stays in the
//    iteration: no value of it is a block argument of that region or lives
//    outside it, so no instance outlives the iteration that made it.
// The others stay as they are and say why (`kept`).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_ARENAREWRITE_H
#define MEMLINT_ANALYZER_ARENAREWRITE_H

#include "analyzer/LiveIntervals.h"
#include "analyzer/MemoryPlan.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>
#include <vector>

namespace memlint {

/// One buffer that becomes a view of the arena.
struct ArenaSlot {
  /// The `memref.alloc` replaced by the view.
  mlir::Operation *alloc = nullptr;
  int64_t offset = 0;
  int64_t bytes = 0;
};

/// A buffer of a rewritten memory space that stays as it is.
struct KeptBuffer {
  mlir::Operation *alloc = nullptr;
  /// Bytes when statically known.
  std::optional<int64_t> bytes;
  std::string reason;
};

/// The rewrite of one memory space of one function.
struct ArenaGroup {
  /// The space as MemoryBudgets names it ("0" for the default one).
  std::string space;
  /// The memory space attribute of the arena's type (null: default).
  mlir::Attribute memorySpace;
  /// The arena: bytes (the plan's height) and alignment (the largest of
  /// its buffers', at least 16).
  int64_t size = 0;
  int64_t alignment = 16;
  /// The plan's lower bound, whether the plan is optimal, and the peak of
  /// the moved buffers with today's deallocs.
  int64_t lowerBound = 0;
  bool optimal = false;
  int64_t writtenPeak = 0;
  /// The bound dynamic sizes were planned at (--assume-dim), if any.
  std::optional<int64_t> assumeDim;
  /// In the order of the allocations.
  std::vector<ArenaSlot> slots;
  /// The `memref.dealloc`s of the moved buffers (deleted).
  std::vector<mlir::Operation *> deallocs;
  /// The arena is allocated just before this op of the function's entry
  /// block.
  mlir::Operation *allocBefore = nullptr;
  /// The arena is freed just after this op of the entry block (where the
  /// last moved buffer dies), or, when null, before each of
  /// `deallocBefore` (the returns of a function of several blocks).
  mlir::Operation *deallocAfter = nullptr;
  std::vector<mlir::Operation *> deallocBefore;
  /// Buffers of the space that stay, with why.
  std::vector<KeptBuffer> kept;
};

/// The rewrite of one function: one group per memory space with at least
/// two moved buffers (one buffer gains nothing from an arena).
struct FunctionArenaRewrite {
  mlir::Operation *function = nullptr;
  std::vector<ArenaGroup> groups;
  /// Buffers of spaces without a group, with why.
  std::vector<KeptBuffer> kept;
};

/// Options of planFunctionArenas.
struct ArenaRewriteOptions {
  LiveIntervalOptions live;
  PlanOptions plan;
  /// Ops the applier can edit (the text edits need an op alone on its
  /// lines); an allocation or dealloc it refuses keeps its class as it is.
  llvm::function_ref<bool(mlir::Operation *)> canEdit = nullptr;
};

/// Decides the rewrite of `function` (a FunctionOpInterface with a body).
/// Returns false with `error` set when a plan does not validate (an
/// internal error).
bool planFunctionArenas(mlir::Operation *function,
                        const ArenaRewriteOptions &options,
                        FunctionArenaRewrite &rewrite, std::string &error);

} // namespace memlint

#endif // MEMLINT_ANALYZER_ARENAREWRITE_H
