//===- LifetimeFreeFixes.h - The free-once construction ---------*- C++ -*-===//
//
// The strategies of frees at the wrong place that other files share: the
// most general local candidate of a buffer freed wrongly (free once), which
// the fix-its of leaks (LifetimeFixes.cpp) try too, what a free site frees,
// the guards of the free sites of a returned select
// (LifetimeReturnedFixes.cpp), the moves of a dealloc before a use
// (LifetimeMoveFixes.cpp), the free of what a select does not pass on
// (LifetimeSelectFixes.cpp) and the frees of a loop's permuted buffers
// (LifetimePermutedLoopFixes.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMEFREEFIXES_H
#define MEMLINT_CHECKS_LIFETIMEFREEFIXES_H

#include "checks/Check.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace memlint {

/// Where `root` is freed once: after its last use where the paths of its
/// `uses` (and its allocation) join, out of every CFG loop that does not
/// hold the allocation (`after`), or before the first op of that block
/// (right after the allocation when its own block has no use).
/// Nothing when the last use there is a terminator or `moved` (a dealloc of
/// it) is that last use already.
struct FreePlace {
  mlir::Operation *anchor;
  bool after;
};
std::optional<FreePlace>
getFreePlace(mlir::Value root, const llvm::SetVector<mlir::Value> &aliases,
             llvm::SmallVector<mlir::Operation *> uses, mlir::Operation *moved);

/// DESIGN §4's ownership construction where the ownership is a select
/// condition: every free site of `root` (a dealloc, or a call of a helper
/// that only frees it) goes, a free site of a select that is `root` under a
/// condition runs only when it is not, and, unless the buffer belongs to the
/// caller (`returned`, or an argument), one dealloc of `root` goes after its
/// last use where every path of its uses joins. With `keepGuarded`, the one
/// free site of such a select stays as it is (it frees the other buffer
/// too) and the new dealloc runs under the opposite condition instead.
std::optional<FixIt> getFreeOnceFix(const LintContext &context,
                                    mlir::Value root, Deallocator family,
                                    mlir::Value returned,
                                    bool keepGuarded = false);

/// The free-once construction for the allocations a select of `buffer`
/// chooses among (a select, an `scf.if` result; at most four): every free
/// site of any of them goes, when each frees one of them, and each gets one
/// dealloc after its last use. For buffers freed in branches and again
/// through a select of them, where freeing one alone once leaves the other
/// freed twice or never.
std::optional<FixIt> getFreeEachOnceFix(const LintContext &context,
                                        mlir::Value buffer,
                                        Deallocator family);

/// The most general candidates of a use after free `use` of the buffer of
/// `event` (with its `aliases`): when `use` returns it to the caller, stop
/// freeing it (every free site of the returned value goes; when those are
/// every call of a helper that frees its argument, also each candidate that
/// keeps one of those calls), the guards of a returned select; then free
/// it once (getFreeOnceFix, also keeping a guarded free site) and, when it
/// is not returned, free each of a select's choices once.
void addFreeOnceFixes(const LintContext &context, const LifetimeEvent &event,
                      mlir::Operation *use,
                      const llvm::SetVector<mlir::Value> &aliases,
                      std::vector<FixIt> &fixes);

/// What the free site `op` frees: the operand of a dealloc (a gpu.dealloc
/// without an async token too), or the argument a call passes to a helper
/// that only frees (deallocs of its arguments and their views, constants,
/// the return) and frees that one argument; null for any other op. A call of
/// such a helper is a dealloc written elsewhere: deleting, guarding or moving
/// it changes nothing else.
mlir::Value getFreedOperand(mlir::Operation *op);

/// Whether `block` frees `value` itself on every path through it: a free
/// site of `value` among its ops (getFreedOperand), or a region op each of
/// whose regions (one block each: an `scf.if` with an else, every case of
/// an `scf.index_switch`, an `scf.execute_region`) frees it so.
bool freesOnEveryPath(mlir::Block *block, mlir::Value value);

/// Whether the edge into `join` with `operands` hands `root` (which may be
/// held only by `aliases`) to an argument of `join` that `join` frees on
/// every path (freesOnEveryPath): its own free then owns the buffer.
/// Nothing when it may hand `root` to such an argument on some paths only.
std::optional<bool> handsToOwnFree(mlir::Block *join,
                                   mlir::SuccessorOperands operands,
                                   mlir::Value root,
                                   const llvm::SetVector<mlir::Value> &aliases);

/// A value `returned` that a return `ret` of its function hands to the
/// caller, after it was freed, where it chooses among allocations through
/// selects and `scf.if` results: every free site of a buffer it may hold
/// runs only where that is not the buffer returned (LifetimeReturnedFixes.cpp).
std::vector<FixIt> getReturnedSelectFixes(const LintContext &context,
                                          mlir::Operation *ret,
                                          mlir::Value returned);

/// A select of two allocations, one of them `buffer`, whose result is freed
/// (by a dealloc or a helper that only frees): the allocation it does not
/// pass on is freed after the last use of either under its condition, and
/// their other free sites go (LifetimeSelectFixes.cpp; gen seed 24145). At
/// most two candidates.
std::vector<FixIt> getSelectComplementFixes(const LintContext &context,
                                            mlir::Value buffer,
                                            Deallocator family);

/// A leak through an `scf.for` body that yields, at the position of an
/// iter_arg, an `arith.select` of that iter_arg and the iteration's own
/// allocation, `root` being either (or what the loop carries of them): what
/// the select does not pass on dies there, and is freed after the select
/// (after the last use of either), under its condition; with the loop's
/// result freed after its last use too when the loop's block does not hand
/// it on. Then the same with an i1 iter_arg, false on entry, that says
/// whether the iter_arg is the loop's own, for an init value the loop does
/// not own (LifetimeSelectFixes.cpp; cfg seed 30100). At most four
/// candidates per select.
std::vector<FixIt> getLoopSelectFixes(const LintContext &context,
                                      mlir::Value root, Deallocator family);

/// A free site `free` (a dealloc, a call of a helper that only frees) alone
/// in one branch of an `scf.if` whose other branch is empty: the same with
/// the guard the other way round (an ownership flag read the wrong way: gen
/// seed 28002) (LifetimeMoveFixes.cpp).
std::optional<FixIt> getFlippedGuardFix(const LintContext &context,
                                        mlir::Operation *free);

/// The free of what a choice on `condition` between `onTrue` and `onFalse`
/// does not pass on: `onFalse` when it holds, `onTrue` otherwise (an
/// `scf.if` with a dealloc in each branch) (LifetimeSelectFixes.cpp).
std::string getNotPassedOnFreeText(const LintContext &context,
                                   mlir::Value condition, mlir::Value onTrue,
                                   mlir::Value onFalse);

/// A buffer used by `use` after the dealloc `free` freed it, in the same
/// function (or after a call of a helper that only frees, `free` being the
/// call): the dealloc (with a guard of its own) moves after the last use
/// of one of `aliases` in its block or a block holding it, to where the
/// paths of the uses join, or into each successor of its block
/// (LifetimeMoveFixes.cpp).
std::vector<FixIt>
getMoveFreeFixes(const LintContext &context, mlir::Operation *free,
                 mlir::Operation *use,
                 const llvm::SetVector<mlir::Value> &aliases);

/// A buffer used by `use` after the free site `free` freed a result of an
/// `scf.for` with a trip count not known whose yield permutes the cycle of
/// iter_args that result is in: when every result of the cycle is freed
/// once in the loop's block, those free sites become deallocs of the
/// cycle's inits, all but the one `use` needs, which is freed after it (in
/// a later block of the CFG: where the paths of its uses join), or not at
/// all when `use` returns it (LifetimePermutedLoopFixes.cpp).
std::vector<FixIt> getPermutedLoopFreeFixes(const LintContext &context,
                                            mlir::Operation *free,
                                            mlir::Operation *use);

/// A free site `free` after an `scf.for` whose yield permutes the cycle of
/// iter_args `free` frees the init or the result of, where the loop's block
/// frees some inits of the cycle and the results of the others, each once:
/// freed twice or not at all depending on the trip count. The deallocs of
/// the inits become deallocs of the results no site frees, so every result
/// of the cycle is freed once (LifetimePermutedLoopFixes.cpp; gen seed
/// 33078).
std::vector<FixIt> getPermutedLoopMixedFreeFixes(const LintContext &context,
                                                 mlir::Operation *free);

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMEFREEFIXES_H
