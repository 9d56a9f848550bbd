//===- LifetimeFlagFixes.h - Ownership-flag fix-its -------------*- C++ -*-===//
//
// The most general fix-it candidates of the lifetime-* findings (DESIGN §4):
// MLIR's ownership-based construction written into the source as text
// edits. An `i1` ownership flag travels with the buffer where the buffer
// travels (loop-carried values, block arguments, region results) and a
// dealloc guarded by `scf.if` on the flag frees it where the last reference
// dies. The candidates are proposals like every other: the driver keeps one
// only when the fixed file verifies and re-lints without the finding and
// without a new one.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMEFLAGFIXES_H
#define MEMLINT_CHECKS_LIFETIMEFLAGFIXES_H

#include "checks/Check.h"
#include "checks/FixIts.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace memlint {

/// A buffer `root` allocated in the `after` region of an `scf.while` and
/// carried to the next iteration, which replaces it (the buffer of the
/// previous iteration is lost): a new `i1` loop-carried value says whether
/// the carried buffer is the loop's own. It is false on entry (the init
/// value belongs to someone else), true from the `scf.yield`, forwarded by
/// `scf.condition` to the `after` region and to a new result; the `after`
/// region frees the carried buffer under it after its last use there (the
/// `before` region when `scf.condition` does not forward it), and, in the
/// variants that free it after the loop too, the result is freed under the
/// new result after its last use (before each return the loop dominates
/// when its block hands the result on to other blocks).
std::vector<FixIt> getWhileCarriedFlagFixes(const LintContext &context,
                                            mlir::Value root,
                                            Deallocator family);

/// A buffer `root` the `before` region of an `scf.while` allocates and
/// `scf.condition` hands to the `after` region, which drops it (its
/// `scf.yield` does not pass it back): no flag is needed, every iteration
/// owns what it allocated. The `after` region frees its argument after its
/// last use there, and the result (what the last `before` region
/// allocated) is freed after its last use in the loop's block.
std::vector<FixIt> getWhileForwardedFixes(const LintContext &context,
                                          mlir::Value root, Deallocator family);

/// A buffer `root` that the edges into the block `join` pass to one or
/// more of its arguments, on some edges only, or to several at once, or
/// under a select's condition: each argument of `join` that may hold it gets
/// an `i1` argument more, its ownership flag, which each edge sets to what
/// it hands over (true for the first argument that receives the buffer
/// itself, the select's condition for one that receives it under a
/// condition, false otherwise, the argument's own flag on an edge that
/// passes the argument back to its block). Each argument is freed under its
/// flag after its last use in `join`, before the `scf.yield` or return that
/// hands it out of its region when that is its last use; before a return of
/// the function that may return it through a select, unless what it returns
/// holds it (getFreeUnlessReturnedText).
std::vector<FixIt> getJoinFlagFixes(const LintContext &context,
                                    mlir::Value root, mlir::Block *join,
                                    Deallocator family);

/// The flags of getJoinFlagFixes for the arguments of a CFG loop's header
/// `join` that live on in the loop, when a branch back to `join` also
/// leaves the loop: each argument is freed under its flag on that edge
/// back, in a new block, and after its last use in the block the paths
/// that leave lead to (which must not lead back to `join`). Each round
/// must allocate the buffer anew, so that the one freed on the edge back
/// is an earlier round's, which only the arguments `join` rebinds still
/// hold. (A candidate after the chain of getChainFlagFixes: cfg seed
/// 69092.)
std::vector<FixIt> getJoinFlagBackEdgeFixes(const LintContext &context,
                                            mlir::Value root, mlir::Block *join,
                                            Deallocator family);

/// A buffer `root` freed through an argument of the block `join` (a CFG
/// loop that frees the buffer of the previous iteration) while it is still
/// used after the loop, or freed there again: each argument of `join` that
/// may hold it gets a flag that says it holds `root` (set by each edge as in
/// getJoinFlagFixes), the deallocs of those arguments run only when their
/// flag is false, the other deallocs of `root` go, and one dealloc of `root`
/// goes after its last use where the paths of its uses join (none when
/// the function returns it: `returned`).
std::vector<FixIt> getJoinHoldFixes(const LintContext &context,
                                    mlir::Value root, mlir::Block *join,
                                    Deallocator family, bool returned);

/// A buffer `root` that an `scf.for` receives as the init value of an
/// iter_arg whose ownership flag (another iter_arg) starts true: the loop
/// frees it as its own, while the function still uses or returns it. The
/// flag starts false instead (the loop owns only what it allocates).
std::vector<FixIt> getLoopFlagInitFixes(const LintContext &context,
                                        mlir::Value root);

/// A buffer `root` that an `scf.for` receives as an iter_arg and frees in
/// its body (the buffer of the previous iteration) while the function still
/// uses it after the loop, or frees it again: the structured-loop version of
/// getJoinHoldFixes. An i1 iter_arg, false for `root`, says whether the
/// loop owns what it carries (true for what an iteration allocates); the
/// body's deallocs of the iter_arg and the deallocs of the loop's result
/// run under it, the other deallocs of `root` go, and one dealloc of `root`
/// goes after its last use where the paths of its uses join (none when the
/// function returns it: `returned`).
std::vector<FixIt> getForHoldFixes(const LintContext &context,
                                   mlir::Value root, Deallocator family,
                                   bool returned);

/// Adds the i1 iter_args `owns` (each starting as `no`, their results
/// `owneds`) to the header of `loop` (up to the brace of its body, on one
/// line or several) and the values `yielded` to its one-line `scf.yield`;
/// false when the text does not show them so.
bool appendFlagIterArgs(const SourceInfo &source, mlir::scf::ForOp loop,
                        llvm::ArrayRef<std::string> owns,
                        llvm::ArrayRef<std::string> owneds, llvm::StringRef no,
                        llvm::ArrayRef<std::string> yielded, EditList &edits);

/// A buffer `root` of an `scf.for` body that the loop hands on through
/// several iter_args (yielded at one, that iter_arg yielded at another,
/// ..., the last one dying in the body): an i1 iter_arg for each, false
/// on entry, yielded true at the first and the flag of the position it
/// comes from at the next; the last position is freed under its flag after
/// its last use in the body, and every position's result under its flag
/// after the loop (before the function's return when that is their last
/// use, but for the results it returns, which are the caller's).
std::vector<FixIt> getRotatingFlagFixes(const LintContext &context,
                                        mlir::Value root, Deallocator family);

/// A buffer `root` allocated before an `scf.for` that the loop may yield as
/// its result (an iteration yields it or a buffer of its own, as an
/// `scf.if` in the body decides): an i1 iter_arg says whether the loop's
/// value is `root` (true when the init is, then what each iteration
/// yields), and `root` is freed after the loop unless the result is it.
std::vector<FixIt> getLoopResultFlagFixes(const LintContext &context,
                                          mlir::Value root, Deallocator family);

/// A buffer `root` of an `scf.for` body (in a region nested in it) that an
/// `scf.if` of the body yields in one branch while the other passes the
/// iter_arg it replaces on unchanged (`%r = scf.if %c { %a = alloc ...;
/// scf.yield %a } else { scf.yield %carried }`, the loop yielding `%r` at
/// that position): the carried buffer dies in the branch that replaces it,
/// and may be the loop's own (an earlier iteration's) or the init, which it
/// does not own. An i1 iter_arg, false on entry, says whether the loop owns
/// it; the next iteration's flag is `arith.select %c, true, flag` (the
/// branches swapped when `root` is yielded on false). The replacing branch
/// frees the carried buffer under the flag after its last use there, and
/// the loop's result is freed under it after the loop (cfg seed 28055).
/// When the loop is nested in scf.for loops that hand it their iter_arg as
/// the init and yield its result on at that position, each of them carries
/// a flag too (the inner one's init is the outer one's iter_arg, the outer
/// one yields the inner one's result flag), and the outermost loop's result
/// is freed after it (upstream loop_nested_alloc).
std::vector<FixIt> getLoopReplacedFlagFixes(const LintContext &context,
                                            mlir::Value root,
                                            Deallocator family);

/// A buffer `root` whose block dominates the join `join`, still used in
/// the join through its own names, which some edges into the join hand to
/// an argument of it (one the function returns) and others do not: the
/// join gets an i1 argument, true on the edges that do not hand it on, and
/// frees `root` under it after its last use there (a "keep" flag: not an
/// ownership flag of the argument, the free is of `root` itself).
std::optional<FixIt> getJoinKeepFlagFix(const LintContext &context,
                                        mlir::Value root, mlir::Block *join,
                                        Deallocator family);

/// A buffer `root` that some edges into the block `join` hand over only
/// as a view (a subview: freeing the block argument would free an interior
/// view) and the others do not hand over at all: the join gets two
/// arguments more, the base buffer (of `root`'s type) and its ownership
/// flag. The edges that pass a view of `root` pass `root` and true, the
/// others a value of `root`'s type they see (what the view they pass is
/// taken from, an argument of the function) and false; the base is freed
/// under the flag after the last use of what the join's arguments hold, in
/// the join or in the block it dominates that post-dominates those uses
/// (cfg seed 31112).
std::optional<FixIt> getJoinBaseFlagFix(const LintContext &context,
                                        mlir::Value root, mlir::Block *join,
                                        Deallocator family);

/// The base of getJoinBaseFlagFix for a CFG loop's header `join` whose
/// edge back hands an argument of it a view of another of its arguments,
/// one that may hold `root` (the buffer of an earlier round, which lives on
/// through the view). That argument gets an ownership flag (true on the
/// edges that hand it `root`, its own flag on an edge that hands it back),
/// and the edge back passes it as the base, with its flag. The base is
/// freed under its flag after the last use of the views: in `join` when no
/// other block uses them, otherwise on each edge back (in a new block when
/// its branch also leaves the loop) and where the loop is left, in the
/// block that post-dominates their uses (cfg seed 80033).
std::optional<FixIt> getLoopBaseFlagFix(const LintContext &context,
                                        mlir::Value root, mlir::Block *join,
                                        Deallocator family);

/// The lines that free `value` under the ownership flag `flag` just before
/// `ret`, a return of its function, unless what `ret` returns holds it: as
/// the `retain` list of ownership-based deallocation's
/// `bufferization.dealloc` does at run time, an `i1` computed from the
/// conditions of the selects and `scf.if`s that choose the returned values
/// (`arith.select` lines named `prefix` + a number, defined in
/// LifetimeReturnedFixes.cpp) says whether one of them is `value`. Nothing
/// when a returned value may hold memory those choices do not tell apart
/// (another block argument, a call result), or holds `value` on every path.
std::optional<std::string>
getFreeUnlessReturnedText(const LintContext &context, mlir::Operation *ret,
                          mlir::Value value, llvm::StringRef flag,
                          Deallocator family, llvm::StringRef prefix);

/// A buffer `root` handed from block to block through the arguments of
/// several blocks of its region (a CFG loop's block argument handed on
/// before it dies): each such argument gets an ownership flag, which each
/// edge sets to what it hands over (true for the buffer itself, a select's
/// condition, the flag of the argument whose value it hands on, false
/// otherwise). An argument is freed under its flag where it dies: after its
/// last use in its block when no edge hands it on, or in a new block on
/// each edge that neither hands it on nor leads to a use of it (a return
/// after a CFG loop) when another one does. An argument its own block
/// frees already gets no flag (and no second free): the chain may then be
/// the one header of a CFG loop whose back-edge replaces its argument. A
/// second candidate frees an argument that an edge drops while what a
/// select or a cast made of it lives on past the edge after the last use of
/// those instead (before a return of the function, unless what it returns
/// holds the argument: getFreeUnlessReturnedText). A third, made only when
/// an owner's own name outlives its block (read or handed on by dominance
/// in a block after it), follows the owners there: freed under their flags
/// on each edge past their blocks that neither hands them on nor leads to a
/// use, or after their last use in a block none of whose edges does; and
/// `root` itself (no flag) on the edges of its block that drop it while
/// another hands it to the chain. An argument that an edge hands an
/// interior view (a subview) gets no flag. When `root`'s region gives no
/// candidate, the chain is built from the result of the region op that
/// yields `root` on every path, in the region around it (outward).
/// With `holds`, the flags say which argument holds `root` (a buffer of the
/// entry block that a CFG loop may return), and `root` is freed before each
/// return of the region unless the argument it returns holds it.
std::vector<FixIt> getChainFlagFixes(const LintContext &context,
                                     mlir::Value root, Deallocator family,
                                     bool holds = false);

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMEFLAGFIXES_H
