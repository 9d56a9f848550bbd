//===- LifetimeFixCandidates.h - Candidates of one buffer -------*- C++ -*-===//
//
// The Candidates class: the local fix-it candidates of one buffer (a
// dealloc inserted or moved, guarded by a branch decision or an ownership
// flag, on a split edge, before each return) and the ownership flags
// through one block argument or one scf.for iter_arg. It reads the IR and
// the source text and builds edits; which strategy to try for which finding
// is LifetimeFixes.cpp's, and whether a candidate is right the validation's
// (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMEFIXCANDIDATES_H
#define MEMLINT_CHECKS_LIFETIMEFIXCANDIDATES_H

#include "checks/Check.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/SetVector.h"

#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// Builds the candidates of one buffer: each method adds the candidates of
/// one strategy (those whose edits the text allows), without duplicates.
class Candidates {
public:
  /// Candidates for the buffer `root`, freed with `family`.
  Candidates(const LintContext &context, mlir::Value root,
             Deallocator family);

  /// A dealloc on a new line after `anchor`.
  void insertAfter(mlir::Operation *anchor, const std::string &where);

  /// A dealloc on a new line before `anchor`.
  void insertBefore(mlir::Operation *anchor, const std::string &where,
                    bool deadUses = false);

  /// Deallocs of every result of one op (a loop whose results rotate the
  /// buffers of its iterations) that may hold the buffer, before `anchor`.
  void insertAllResultsBefore(mlir::Operation *anchor,
                              const std::string &where);

  /// Moves the dealloc `dealloc` into `block`: after the last use there, or
  /// before its first op.
  void moveDeallocTo(mlir::Operation *dealloc, mlir::Block *block,
                     const std::string &where);

  /// A condition a dealloc can be guarded by: free only when `value` is
  /// `polarity`.
  using Guard = std::pair<mlir::Value, bool>;

  /// A dealloc guarded by nested `scf.if`s on `guards`, before `anchor`.
  void insertGuardedBefore(mlir::Operation *anchor,
                           llvm::ArrayRef<Guard> guards,
                           const std::string &where);
  /// The same after `anchor`, which may define the guards and the buffer's
  /// name there (a loop or `scf.if` that yields the buffer and its flag).
  void insertGuardedAfter(mlir::Operation *anchor, llvm::ArrayRef<Guard> guards,
                          const std::string &where);
  /// Either of the two; with `beforeUse`, also before an op that uses the
  /// buffer (a branch that passes it on some of its edges only).
  void insertGuarded(mlir::Operation *anchor, bool after,
                     llvm::ArrayRef<Guard> guards, const std::string &where,
                     bool beforeUse = false);

  /// A dealloc at the end of `block`: after the last use in it, or before
  /// its terminator.
  /// With `outOfRegion`, also where the terminator hands the buffer out
  /// of its region (nobody frees what the region op returns).
  void insertAtEnd(mlir::Block *block, const std::string &where,
                   bool outOfRegion = false);

  /// A dealloc of the buffer itself before every return of its function
  /// that it dominates and that does not return it: a leak of a buffer of
  /// the function's body on the paths of a CFG that part and rejoin, which
  /// no single block ends (validation rejects it where another path frees
  /// the buffer already).
  void insertBeforeExits(mlir::Value root, const std::string &where);
  std::optional<FixIt> makeExits(mlir::Value root, const std::string &where);

  /// The edges `successors` of the branch `terminator` each go through a
  /// new block that frees the buffer and branches on as the edge did: a
  /// leak where a CFG edge (a back-edge to a block that allocates again,
  /// an edge that does not pass the buffer on) drops the last reference.
  void splitEdges(mlir::Operation *terminator,
                  llvm::ArrayRef<unsigned> successors,
                  const std::string &where);
  /// The same with a dealloc before each return (`makeExits`) too: a buffer
  /// dropped on a back-edge and at the function's exit.
  void splitEdgesAndExits(mlir::Value root, mlir::Operation *terminator,
                          llvm::ArrayRef<unsigned> successors,
                          const std::string &where);
  std::optional<FixIt> makeEdges(mlir::Operation *terminator,
                                 llvm::ArrayRef<unsigned> successors,
                                 const std::string &where);

  /// The ownership construction through a block argument (DESIGN §4): the
  /// block of `argument` gets an `i1` argument more, true on the edges that
  /// pass the buffer to `argument` and false on the others, and frees
  /// `argument` under it after the last use in the block. For a buffer that
  /// only some of the edges into a join hand over (`cf.br ^b(%buf)` from one
  /// predecessor, `cf.br ^b(%arg)` from another).
  void ownershipFlag(mlir::BlockArgument argument, const std::string &where);

  /// An `else` region holding the dealloc, for an `scf.if` without one.
  void addElseRegion(mlir::scf::IfOp ifOp);

  /// A dealloc of a name of the buffer (`root` itself, or a block argument
  /// that always holds it) at the end of each region of an `scf.if` or
  /// `scf.index_switch` that does not free it, where the op frees it in its
  /// other regions only (every dealloc of that name) and the name is
  /// handed on or used past the op: where the op does not free it, the
  /// buffer goes on under names nobody frees. Null when there is none.
  std::optional<FixIt> makeFreeWhereKept(mlir::Value root);

  /// Each candidate so far together with `extra` (where their edits do not
  /// clash), after them: a buffer lost at two places, one of which is an
  /// edge `extra` frees it on.
  void combineWith(const FixIt &extra);

  /// A buffer allocated in the body of an `scf.for` and carried to the next
  /// iteration as iter_arg `index`, which replaces it there (DESIGN §4: the
  /// ownership flag, loop-carried): a new i1 iter_arg, false on entry and
  /// true from the body, says the carried buffer is the loop's own, and the
  /// body frees it under that flag after its last use; `afterLoop` also
  /// frees the loop's result under the flag it returns. With `fresh`, the
  /// body yields its own allocation, still owned, only when that guard holds
  /// (an scf.if that yields it or a buffer the loop does not own, or one
  /// that frees it in one branch before the yield), and the flag yielded is
  /// the guard's condition. Without `fresh`, the body's deallocs of the
  /// buffer it yields go (they free what it hands on, which the flag frees).
  /// With `inDroppingRegions`, for a body that frees the carried buffer in
  /// some regions of one `scf.if` or `scf.index_switch` only, the body frees
  /// it under the flag in the other regions of that op that do not hand it
  /// on, instead of after its last use (nothing is added when the body does
  /// not free it so).
  void loopCarriedFlag(mlir::scf::ForOp loop, unsigned index, bool afterLoop,
                       const std::string &where,
                       std::optional<Guard> fresh = std::nullopt,
                       bool inDroppingRegions = false);

  /// A candidate built elsewhere.
  void addFix(FixIt fix) { add(std::move(fix)); }

  /// A terminator the text does not show (an empty branch's scf.yield).
  bool isImplicitTerminator(mlir::Operation *op) const;

  /// Whether `op` or an op nested in it uses the buffer (a dealloc before
  /// it would free it before that use).
  bool usesBuffer(mlir::Operation *op) const;

  /// Whether `terminator` (an scf.yield) hands the buffer out only to
  /// results of its region's op that nobody uses.
  bool handsOutToDeadResults(mlir::Operation *terminator) const;

  const llvm::SetVector<mlir::Value> &getAliasSet() const { return aliases; }
  std::vector<FixIt> take() { return std::move(fixes); }

private:
  /// The first alias satisfying `visible` that names the whole buffer (not
  /// an interior view), the allocation itself first.
  template <typename Pred> mlir::Value pickVisible(Pred visible) const;
  /// Up to `max` such aliases: when the allocation itself is not the right
  /// name (it may be freed elsewhere on some paths), a loop or region result
  /// may be.
  template <typename Pred>
  llvm::SmallVector<mlir::Value, 3> visibleAliases(Pred visible,
                                                   size_t max = 3) const;
  /// The results of each region op that may hold the buffer and satisfy
  /// `visible`, for the ops with two or more of them (a loop whose results
  /// rotate the buffers of its iterations, an `scf.if` in a CFG loop that
  /// yields this iteration's buffer and passes the last one on).
  template <typename Pred>
  llvm::SmallVector<llvm::SmallVector<mlir::Value>>
  resultGroups(Pred visible) const;
  /// Deallocs of `values` under nested `scf.if`s on `guards`, at `anchor`
  /// (after it, or before it), described by `description`.
  void addGuarded(mlir::Operation *anchor, bool after,
                  llvm::ArrayRef<Guard> guards,
                  llvm::ArrayRef<mlir::Value> values,
                  const std::string &description);
  std::string describe(mlir::Value v) const;
  void add(std::optional<FixIt> fix);
  void add(FixIt fix) { add(std::optional<FixIt>(std::move(fix))); }

  const LintContext &context;
  Deallocator family;
  llvm::SetVector<mlir::Value> aliases;
  mlir::DominanceInfo dominance;
  std::vector<FixIt> fixes;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMEFIXCANDIDATES_H
