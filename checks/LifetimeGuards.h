//===- LifetimeGuards.h - The guards of a leak's guarded fixes --*- C++ -*-===//
//
// The i1 conditions a leak's guarded candidates try (LifetimeFixes.cpp):
// ownership flags that travel with the buffer, the decision of a select,
// an scf.if or an scf.index_switch that hands it on one way only, and the
// branch decisions of the leak's witness (also a callee's). It reads the
// IR; it builds no edits.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_LIFETIMEGUARDS_H
#define MEMLINT_CHECKS_LIFETIMEGUARDS_H

#include "checks/LifetimeFixCandidates.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <algorithm>

namespace memlint {

/// The guards of a leak's guarded candidates, in the order they are tried:
/// ownership flags forwarded with the buffer (an i1 block argument or region
/// result next to it), the condition of a select or `scf.if` that hands it
/// on one way only (the first `numFlags`), then the branch decisions of the
/// witness (also a callee's, through what the call passes) and both
/// decisions of a select between two values that may both hold it; and the
/// witness's decisions in the function all together (`pathDecisions`).
struct GuardSet {
  using Guards = llvm::SmallVector<llvm::SmallVector<Candidates::Guard, 2>>;
  static constexpr size_t kMax = 8;

  llvm::SmallVector<Candidates::Guard> guards;
  size_t numFlags = 0;
  /// The last guards: the sides of a select between two values that may
  /// both hold it (those no guard before has).
  size_t numSelectSides = 0;
  /// The branch decisions of the witness in the function, each condition
  /// once, the latest first; `pathBothWays` holds those of its conditions
  /// that the path decides both ways.
  llvm::SmallVector<Candidates::Guard> path;
  llvm::SmallVector<mlir::Value> pathBothWays;
  static constexpr size_t kMaxPath = 4;

  /// Each guard alone (at most kMax).
  Guards singles() const { return range(0, std::min(guards.size(), kMax)); }
  /// Each flag alone.
  Guards flags() const { return range(0, numFlags); }
  /// Each branch decision alone (of the first kMax guards).
  Guards decisions() const {
    return range(numFlags, std::max(numFlags, std::min(guards.size(), kMax)));
  }
  /// Two branch decisions of the witness (the buffer lost where both went
  /// its way), then a flag and a decision (many flags must not crowd the
  /// decisions out), then two flags (an scf.if nested in the branch of
  /// another that yields it), then a decision and a side of a select
  /// between two values that may both hold it; at most kMax of each kind.
  /// The last kind is a subset of the first, which may stop before it: the
  /// select's sides come last, and the decision that hands the buffer to
  /// the select's other value is often the earliest of the path, the last
  /// of the decisions (cfg seed 76000: the pairs of two scf.ifs on the path
  /// after the switch that hands it to the join fill the first kMax). The
  /// buffer is lost where that decision went the path's way and the select
  /// picked the other value. (Pairs the first kind has are not counted.)
  Guards pairs() const {
    Guards all;
    addPairs(all, numFlags, guards.size(), numFlags, guards.size());
    addPairs(all, 0, numFlags, numFlags, guards.size());
    addPairs(all, 0, numFlags, 0, numFlags);
    size_t sides = guards.size() - numSelectSides;
    addPairs(all, numFlags, sides, sides, guards.size());
    return all;
  }

  /// All the witness's decisions on the conditions `visible` where the
  /// dealloc goes at once, the path reported: empty when the path decides
  /// one of them both ways or takes more than kMaxPath of them (the singles
  /// and pairs above cover one or two). A condition not visible there (a
  /// CFG loop's, defined in a block that does not dominate the loss) cannot
  /// guard the dealloc, whichever way the path decided it: it is left out,
  /// not a reason to try no path at all (cfg seed 72006: the exit condition
  /// of a fuel loop, true then false, before the return that loses it).
  llvm::SmallVector<Candidates::Guard>
  pathDecisions(llvm::function_ref<bool(mlir::Value)> visible) const {
    llvm::SmallVector<Candidates::Guard> decisions;
    for (const Candidates::Guard &guard : path) {
      if (!visible(guard.first))
        continue;
      if (llvm::is_contained(pathBothWays, guard.first))
        return {};
      decisions.push_back(guard);
    }
    if (decisions.size() > kMaxPath)
      return {};
    return decisions;
  }

private:
  Guards range(size_t from, size_t to) const {
    Guards all;
    for (size_t i = from; i < to; ++i)
      all.push_back({guards[i]});
    return all;
  }
  /// Pairs (i, j) of two conditions, i in [iFrom, iEnd), j > i in
  /// [jFrom, jEnd), at most kMax of those not in `all` yet.
  void addPairs(Guards &all, size_t iFrom, size_t iEnd, size_t jFrom,
                size_t jEnd) const {
    size_t pairs = 0;
    for (size_t i = iFrom; i < iEnd; ++i)
      for (size_t j = std::max(i + 1, jFrom); j < jEnd && pairs < kMax; ++j) {
        llvm::SmallVector<Candidates::Guard, 2> pair{guards[i], guards[j]};
        if (guards[i].first != guards[j].first &&
            !llvm::is_contained(all, pair)) {
          all.push_back(std::move(pair));
          ++pairs;
        }
      }
  }
};

/// The guards of the leak `event` of the buffer `candidates` free, lost on
/// the witness from `site` (its allocation).
GuardSet collectGuards(const Candidates &candidates, const LifetimeEvent &event,
                       mlir::Operation *site);

/// The branch decisions of the leak `event`'s witness in the function of
/// `site` that decide what becomes of the buffer: the edge of a branch that
/// hands a name of it to a block argument on some of its edges, the region
/// of an op whose regions free a name of it (each condition once, the
/// latest first; no flags). The guards of a dealloc where the paths of its
/// uses join, when the loss the witness reports is on some of them only:
/// the path owns the buffer there where these decisions went its way (cfg
/// seed 10022: a cf.cond_br hands it or another buffer to a join, whose
/// scf.if frees what it received on one branch).
GuardSet collectOwnershipDecisions(const Candidates &candidates,
                                   const LifetimeEvent &event,
                                   mlir::Operation *site);

/// The branch decisions that lead to the allocation of the leak `event`'s
/// buffer (`site`): the edges into the blocks that dominate its block, in
/// its region and in each region that encloses it, innermost first (of a
/// block entered by one edge only; a CFG loop's header counts the edge that
/// enters the loop, not its back-edges). The
/// buffer exists only where they were taken, so a dealloc guarded by one of
/// them, where the names that may hold it meet other memory (a join, a
/// region result), frees it on exactly the paths that own it. The last
/// guards tried: they stand in for an ownership flag where none can travel
/// (cfg seed 26034, out of an scf.execute_region).
GuardSet collectAllocationGuards(const LifetimeEvent &event,
                                 mlir::Operation *site);

/// Whether the terminator of the block of `select` hands its result on (out
/// of a region, or to another block), itself or through views and casts.
bool handsOutOfBlock(mlir::arith::SelectOp select);

} // namespace memlint

#endif // MEMLINT_CHECKS_LIFETIMEGUARDS_H
