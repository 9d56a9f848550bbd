//===- LifetimeLeakStrategies.h - Where a leak's free may go ----*- C++ -*-===//
//
// The strategies of a leak of one buffer (see getLeakFixes in
// LifetimeFixes.h): each adds the candidates of one kind of place to the
// buffer's Candidates (LifetimeFixCandidates.h); getLeakFixes decides the
// order they are tried in, which differs for a leak on every path and on
// some paths.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMELEAKSTRATEGIES_H
#define MEMLINT_CHECKS_LIFETIMELEAKSTRATEGIES_H

#include "checks/Check.h"
#include "checks/LifetimeFixCandidates.h"
#include "checks/LifetimeGuards.h"

#include "mlir/IR/Dominance.h"

#include <optional>

namespace memlint {

/// The places a leak of `root` (a result of `event.op`) may be freed.
class LeakStrategies {
public:
  LeakStrategies(const LintContext &context, const LifetimeEvent &event,
                 mlir::Value root, mlir::DominanceInfo &dominance,
                 Candidates &candidates);

  /// After its last use in its own block (after the allocation when there
  /// is none).
  void atHome();
  /// Its last use in its block a branch that hands it only to block
  /// arguments nobody uses (a dead hand-off the witness does not show):
  /// before it. After the flags, which keep it where the paths join.
  void handedOffAtHome();
  /// In a CFG: after the last use in the block where every path of its
  /// uses joins (a loss the path meets in a callee or a caller).
  void atJoin();
  /// Along the witness, the last branch first: at the end of the region an
  /// `scf.if` (or other region op) takes on the path (a new `else` region
  /// when the path takes the missing one), or in the block a CFG edge that
  /// is the path's own enters.
  void alongWitness();
  /// Where the last reference is lost (before the op, or at the end of its
  /// block when it is an implicit terminator), and at the end of the block
  /// of the buffer's region where the path loses it when the loss is in a
  /// region nested there.
  void atLoss();
  /// A buffer of a nested region that the region hands out (an scf.if
  /// result) and whose last reference dies outside: at the end of each
  /// enclosing block that does not hold the loss, the innermost first.
  void enclosing();
  /// A dealloc that runs on some paths only: move it to the block that
  /// post-dominates it and the point where the buffer leaks.
  void moveExisting();
  /// Before each return of the function.
  void atExits();
  /// The loss at a branch: the edge the witness takes, or every edge that
  /// does not pass the buffer on, through a block that frees it.
  void onEdges();
  /// The most general for a buffer handed to a join by some of its edges:
  /// an ownership flag passed with it.
  void withFlag();
  /// A buffer of an scf.for body carried to the next iteration, which
  /// replaces it: an ownership flag carried with it.
  void loopCarried();
  /// A dealloc under each guard (then under each pair of guards), so
  /// that a buffer that is owned only on some paths is freed only there.
  /// With `passOn`, only before a loss at a branch that passes the buffer
  /// on some of its edges (the guard says which edge is taken): tried
  /// after the edges are split and the flags are passed (onEdges,
  /// withFlag), which say the same without a guard. With `allocation`,
  /// the same places under the decisions that lead to the allocation
  /// (collectAllocationGuards): tried last.
  void guarded(bool passOn, bool allocation = false);
  /// Lost on one path that no single branch decision or pair singles out
  /// (cfg seed 29075: after an scf.if on %c1 that frees it where %c1 is
  /// false, on the path where %c0 was false and an scf.if on %c4 nested in
  /// the branch where %c1 is true did not free it): a dealloc where the
  /// last reference is lost, under all the decisions of the path at once,
  /// those an enclosing scf.if decides there and those not visible there
  /// (a CFG loop's condition) left out. Tried last: the
  /// other paths must free it already (validation tells).
  void pathGuarded();
  /// Lost in a block that some paths of its uses do not reach (an exit of
  /// a CFG loop that the other paths skip): a dealloc where the paths of its
  /// uses join, after the last use there, under each decision of the
  /// witness that hands a name of it to a block argument or frees one, then
  /// under each pair of them (cfg seed 10022: a cf.cond_br passes it to a
  /// join on one edge, the join frees what it received on one branch of an
  /// scf.if; the buffer leaks where the edge passed the other buffer, or
  /// the branch did not free). Tried last, as pathGuarded().
  void joinGuarded();

private:
  /// Where guarded() frees: before the loss; for a loss the path meets in a
  /// callee or a caller, after the last use where the paths of its uses
  /// join, or before it when it is a return (what the return hands out, a
  /// select of it and another buffer, may be the other one where the guard
  /// holds: gen seed 47119).
  struct GuardAnchor {
    mlir::Operation *op;
    bool after;
    bool atReturn;
  };
  /// The anchor of guarded(); nothing when the paths of the uses do not
  /// join, or their last use there is a terminator other than a return.
  std::optional<GuardAnchor> getGuardAnchor() const;
  /// After the last use where the paths of the uses of its names join (in
  /// the innermost region that holds them), or before it when it is a
  /// return; nothing otherwise.
  std::optional<GuardAnchor> getJoinAnchor() const;
  /// guarded() for a loss in a region op: before the region op of the
  /// region of a name of the buffer that holds it, after the innermost region
  /// op nested in the block of a name of the buffer, and after a region op that
  /// is the loss itself.
  void placeAroundLoss(const GuardSet &guards, bool allocation);
  /// guarded() after a region op that is the loss and uses the buffer,
  /// under each pair of guards (after the pairs at the loss).
  void placePairsAfterLoss(const GuardSet &guards);
  /// The region ops that hold the loss and do not use the buffer: the
  /// ancestor of the loss in the buffer's region, then in the region of
  /// each other name of it (each once).
  llvm::SmallVector<mlir::Operation *> getLossHolders() const;
  /// guarded() at the end of the last blocks that see the allocation's own
  /// name, for a loss past the blocks it dominates.
  void placeAtDominanceExits(const GuardSet &guards);
  /// guarded() at the end of each block that encloses the allocation, for a
  /// buffer of a nested region lost outside of it where no name of it is
  /// left.
  void placeAtEnclosingEnds(const GuardSet &guards);
  /// A dealloc at `anchor` (after it, or before it) under each of `which`.
  void place(const GuardSet::Guards &which, mlir::Operation *anchor, bool after,
             const char *where, bool beforeUse = false);

  const LintContext &context;
  const LifetimeEvent &event;
  /// The op that allocates it (or the call that returns it).
  mlir::Operation *site;
  mlir::Value root;
  mlir::DominanceInfo &dominance;
  Candidates &candidates;
};

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMELEAKSTRATEGIES_H
