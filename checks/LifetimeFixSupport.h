//===- LifetimeFixSupport.h - Helpers shared by lifetime fix-its -*- C++ -*-===//
//
// The queries on the IR that the candidate builders of the lifetime fix-its
// (LifetimeFixes.cpp, LifetimeFreeFixes.cpp, LifetimeFixCandidates.cpp,
// LifetimeFlagFixes.cpp) share: which values may hold a buffer, where its
// last use in a block is, what a value is derived from. Only queries:
// nothing here builds an edit (FixIts.h does).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMEFIXSUPPORT_H
#define MEMLINT_CHECKS_LIFETIMEFIXSUPPORT_H

#include "analyzer/SourceInfo.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

namespace memlint {

/// Values that may refer to the memory of `root`: views, casts and values it
/// is forwarded to through selects, branches and regions (over-approximated
/// on purpose: it serves to find last uses).
llvm::SetVector<mlir::Value> getFixAliases(mlir::Value root);

/// The last op of `block` that is, or contains, a use of one of `values`;
/// null when there is none.
mlir::Operation *getLastUseIn(mlir::Block *block,
                              const llvm::SetVector<mlir::Value> &values);

/// The function `op` is, or is nested in; null when none.
mlir::Operation *getFunctionOf(mlir::Operation *op);
/// Whether `a` and `b` are both non-null and in the same function.
bool inSameFunction(mlir::Operation *a, mlir::Operation *b);

/// The nearest block of `region`'s CFG that post-dominates the blocks of
/// `ops` (each op taken through its ancestor in `region`); null when they
/// are not all in `region` or nothing post-dominates them.
mlir::Block *getCommonPostDominator(mlir::Region *region,
                                    llvm::ArrayRef<mlir::Operation *> ops);

/// The innermost region that holds `root` and each of `values` with all
/// their uses: the region of `root` when none of them leaves it, else an
/// enclosing one, the body of the function at most (a buffer of a nested
/// region that a call in it passes on, and nothing hands out of it, is
/// freed in that region, where its name is seen).
mlir::Region *getRegionOfUses(mlir::Value root,
                              const llvm::SetVector<mlir::Value> &values);

/// `block`, or, when it is in a CFG loop that does not hold `from` (a block
/// of the same region that reaches it), the nearest block that
/// post-dominates it out of every such loop (a free after uses in a loop's
/// header goes after the loop, not in each iteration); null when none.
mlir::Block *getPostDominatorOutOfLoops(mlir::Block *block, mlir::Block *from);

/// The blocks reachable from the edge `k` of `terminator` before `home`
/// again (`home` itself not included).
llvm::SmallPtrSet<mlir::Block *, 16>
getReachedBefore(mlir::Operation *terminator, unsigned k, mlir::Block *home);

/// Whether the edge `k` of `terminator` leads, before `home` again, to the
/// block of one of `ops` (ops of the terminator's region).
bool reachesBefore(mlir::Operation *terminator, unsigned k, mlir::Block *home,
                   llvm::ArrayRef<mlir::Operation *> ops);

/// Whether a path on from `block` (through its successors) can come back to
/// `join` or reach a use of one of `values` (a use outside `join`'s region
/// counts too): a free at the end of `block` would then not be the last
/// word on them.
bool leadsBackOrToUse(mlir::Block *block, mlir::Block *join,
                      llvm::ArrayRef<mlir::Value> values);

/// The block in which to free what `values` hold, with `home` the block of
/// `region` where they come to life: `home` when no other block of `region`
/// uses them (through the ops that hold the uses), otherwise the nearest
/// block that post-dominates `home` and every use; null when none does.
mlir::Block *getFreeBlock(mlir::Block *home,
                          llvm::ArrayRef<mlir::Value> values);

/// The branch decision the edge `successor` of `branch` stands for: an i1
/// value and the polarity it has whenever the edge is taken. Region
/// successors are region numbers (-1: the parent, an `scf.if` without
/// else); `scf.if` and `cf.cond_br` decide on their condition, `cf.switch`
/// and `scf.index_switch` on the i1 their selector is chosen by (an
/// `arith.select` of it between constants, or an extension or cast of it)
/// when its two values take different edges; nothing otherwise.
std::optional<std::pair<mlir::Value, bool>>
getEdgeDecision(mlir::Operation *branch, int successor);

/// Whether the edge `successor` of a `cf.switch` or `scf.index_switch` is
/// never taken: the i1 its selector is chosen by (as for getEdgeDecision)
/// takes other edges with both its values.
bool isNeverTaken(mlir::Operation *branch, int successor);

/// How `value` relates to `root` on every path: always `root`, never
/// (another allocation or argument), or `root` exactly when `condition` is
/// `rootWhenTrue` (one select or `scf.if` decides); anything else (a call,
/// a nested guard, edges that disagree) is unknown.
struct RootDerivation {
  enum Kind { Never, Always, Guarded, Unknown } kind = Unknown;
  mlir::Value condition;
  bool rootWhenTrue = true;
};
/// Follows `value` back through views, casts, selects, `scf.if`,
/// `scf.index_switch` (on an i1), `scf.for` and `scf.execute_region` results
/// and the edges into a block to `root` (bounded in depth and in values
/// visited).
RootDerivation deriveFromRoot(mlir::Value value, mlir::Value root);

/// Whether the returns of `callee` return, as its result `result`, what its
/// argument `position` holds (through views, casts and the like): on every
/// path with `always` (and `callee` returns at all), on some path otherwise
/// (unless every return derives it from something else: an allocation,
/// another argument).
bool returnsArgument(mlir::FunctionOpInterface callee, unsigned result,
                     unsigned position, bool always);
/// The `memref.alloc`s and `gpu.alloc`s `value` may hold through views, casts,
/// selects and `scf.if` results, and whether it may hold anything else (an
/// argument, a block argument, a call result).
llvm::SmallVector<mlir::Value> getAllocatedChoices(mlir::Value value,
                                                   bool &other);

/// `value` through views and casts (ViewLikeOpInterface) to the value they
/// view.
mlir::Value stripViews(mlir::Value value);

/// Whether `value` is an interior view of the buffer it is taken from (a
/// subview, through casts): freeing it would not free the buffer.
bool isInteriorView(mlir::Value value);

/// Whether `value` is `root` on every path.
bool derivesAlways(mlir::Value value, mlir::Value root);

/// The successors of the branch `terminator` as written, in order: the byte
/// ranges of each label with its operand list ("^bb3(%x : index)"); empty
/// when the text does not show them one by one.
llvm::SmallVector<std::pair<uint64_t, uint64_t>>
getSuccessorSpans(const SourceInfo &source, mlir::Operation *terminator);

/// Calls `edge` for each edge into `join` (each branch once, each of its
/// successors that is `join`): the branch, the successor's index and its
/// byte range as written. False when a predecessor does not end in a
/// branch, its text does not show its successors one by one, or `edge`
/// returns false.
bool forEachEdgeInto(const SourceInfo &source, mlir::Block *join,
                     llvm::function_ref<bool(mlir::BranchOpInterface, unsigned,
                                             std::pair<uint64_t, uint64_t>)>
                         edge);

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMEFIXSUPPORT_H
