//===- LifetimePermutedLoopFixes.cpp - Free a permuting loop's inits ------===//
//
// Owns the strategy for a buffer used after a free of a result of an
// `scf.for` whose yield only permutes its iter_args (a swap of two buffers,
// a rotation of three), with a trip count that is not known: which result
// holds which init depends on the parity of the trip count, but the set of
// the results of one cycle of the permutation is the set of its inits on
// every path. Freeing every result of the cycle is freeing every init, so
// the deallocs of the results are replaced by deallocs of the inits, except
// the one the finding's use still needs (freed after that use, where the
// paths of its uses join when it is in a later block, or not at all when the
// function returns it). It reads the IR and the source text and
// builds edits; whether a candidate is right is the validation's to decide
// (tools/LintDriver.cpp). The same file owns the case where the loop's
// block frees some inits of the cycle and the results of the others: a set
// that is the set of the inits on some trip counts only (a double free and
// a leak on the others), whose deallocs of the inits become deallocs of the
// results no site frees.
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFreeFixes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace memlint;

namespace {

/// The cycle of the permutation `loop`'s yield makes of its iter_args that
/// holds the result `index`, in the order the results follow each other;
/// empty when a yielded value of the cycle is not an iter_arg, or the chain
/// from `index` does not lead back to it.
SmallVector<unsigned> getPermutationCycle(scf::ForOp loop, unsigned index) {
  SmallVector<unsigned> cycle;
  unsigned position = index, results = loop.getNumResults();
  do {
    if (cycle.size() == results)
      return {};
    cycle.push_back(position);
    auto arg = dyn_cast<BlockArgument>(loop.getYieldedValues()[position]);
    if (!arg || arg.getOwner() != loop.getBody() ||
        arg.getArgNumber() < loop.getNumInductionVars())
      return {};
    position = arg.getArgNumber() - loop.getNumInductionVars();
  } while (position != index);
  return cycle;
}

/// The place of the free of `needed`, the init of `loop`'s cycle that `use`
/// still needs, after `last`, the last free site of the cycle in the loop's
/// block: after the op of that block that holds `use`; for a use in another
/// block of the CFG, after the last use of `needed` in the block that
/// post-dominates the free sites and its uses (out of a CFG loop the loop's
/// block is not in), or at its top when it has none (gen seed 46084).
std::optional<FreePlace> getNeededFreePlace(scf::ForOp loop, Operation *last,
                                            Operation *use, Value needed) {
  Block *block = loop->getBlock();
  if (Operation *holder = block->findAncestorOpInBlock(*use)) {
    if (!last->isBeforeInBlock(holder) ||
        holder->hasTrait<OpTrait::IsTerminator>())
      return std::nullopt;
    return FreePlace{holder, /*after=*/true};
  }
  Region *region = block->getParent();
  llvm::SetVector<Value> aliases = getFixAliases(needed);
  SmallVector<Operation *> points{last, use};
  for (Value alias : aliases)
    for (Operation *user : alias.getUsers())
      points.push_back(user);
  Block *join =
      getPostDominatorOutOfLoops(getCommonPostDominator(region, points), block);
  if (!join || join == block)
    return std::nullopt;
  Operation *lastUse = getLastUseIn(join, aliases);
  if (!lastUse)
    return FreePlace{&join->front(), /*after=*/false};
  if (lastUse->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt;
  return FreePlace{lastUse, /*after=*/true};
}

} // namespace

std::vector<FixIt> memlint::getPermutedLoopFreeFixes(const LintContext &context,
                                                     Operation *free,
                                                     Operation *use) {
  std::vector<FixIt> fixes;
  Value freed = getFreedOperand(free);
  Value root = freed ? stripViews(freed) : Value();
  auto loop = root ? root.getDefiningOp<scf::ForOp>() : scf::ForOp();
  // A loop with a known trip count: deriveFromRoot already knows which init
  // each result is, and the local strategies apply.
  if (!loop || loop.getStaticTripCount())
    return fixes;
  SmallVector<unsigned> cycle =
      getPermutationCycle(loop, cast<OpResult>(root).getResultNumber());
  if (cycle.size() < 2)
    return fixes;
  // Every result of the cycle freed once, on every path after the loop: by
  // a free site in the loop's own block.
  Block *block = loop->getBlock();
  SmallVector<Operation *> sites;
  for (unsigned index : cycle) {
    Operation *site = nullptr;
    for (Value alias : getFixAliases(loop.getResult(index)))
      for (Operation *user : alias.getUsers()) {
        Value operand = getFreedOperand(user);
        if (!operand || stripViews(operand) != loop.getResult(index))
          continue;
        if (site || user->getBlock() != block || !loop->isBeforeInBlock(user))
          return fixes;
        site = user;
      }
    if (!site)
      return fixes;
    sites.push_back(site);
  }
  Operation *last = sites.front();
  for (Operation *site : sites)
    if (last->isBeforeInBlock(site))
      last = site;
  // The init the use still needs: the use returns it, or follows the frees
  // (in the same block, or in a block after it).
  bool returns = use->hasTrait<OpTrait::ReturnLike>() &&
                 isa<FunctionOpInterface>(use->getParentOp());
  Value needed;
  for (unsigned index : cycle) {
    Value init = loop.getInitArgs()[index];
    if (llvm::any_of(use->getOperands(), [&](Value operand) {
          return derivesAlways(operand, init);
        }))
      needed = init;
  }
  if (!needed)
    return fixes;
  std::optional<FreePlace> place;
  if (!returns && !(place = getNeededFreePlace(loop, last, use, needed)))
    return fixes;
  const SourceInfo &source = context.getSource();
  FixItBuilder builder(context);
  for (Operation *site : sites)
    builder.remove(site);
  std::string text, kept;
  for (unsigned index : cycle) {
    Value init = loop.getInitArgs()[index];
    if (init == needed)
      continue;
    if (!StringRef(source.getName(init)).starts_with("%"))
      return fixes;
    text += (text.empty() ? "" : "\n") +
            getDeallocText(context, init, Deallocator::Memref);
    kept += (kept.empty() ? "" : ", ") + source.getName(init);
  }
  builder.insertBefore(last->getNextNode(), text);
  if (place) {
    std::string freeText = getDeallocText(context, needed, Deallocator::Memref);
    if (place->after)
      builder.insertAfter(place->anchor, freeText);
    else
      builder.insertBefore(place->anchor, freeText);
  }
  std::string description =
      "free the buffers the loop permutes (" + kept + ") instead of its " +
      "results: which result holds which depends on the trip count";
  if (auto fix = builder.take(description))
    fixes.push_back(std::move(*fix));
  return fixes;
}

std::vector<FixIt>
memlint::getPermutedLoopMixedFreeFixes(const LintContext &context,
                                       Operation *free) {
  std::vector<FixIt> fixes;
  Value freed = free ? getFreedOperand(free) : Value();
  Value root = freed ? stripViews(freed) : Value();
  if (!root)
    return fixes;
  // The loop: `root` is one of its results, or the init value of one of
  // its iter_args (a loop before the free site in its block).
  scf::ForOp loop;
  unsigned index = 0;
  if (auto result = dyn_cast<OpResult>(root)) {
    loop = dyn_cast<scf::ForOp>(result.getOwner());
    index = result.getResultNumber();
  }
  if (!loop)
    for (Operation *user : root.getUsers()) {
      auto candidate = dyn_cast<scf::ForOp>(user);
      if (!candidate || candidate->getBlock() != free->getBlock() ||
          !candidate->isBeforeInBlock(free))
        continue;
      for (auto [k, init] : llvm::enumerate(candidate.getInitArgs()))
        if (init == root) {
          loop = candidate;
          index = k;
          break;
        }
      if (loop)
        break;
    }
  if (!loop)
    return fixes;
  SmallVector<unsigned> cycle = getPermutationCycle(loop, index);
  if (cycle.size() < 2)
    return fixes;
  // Every free site of a result or an init of the cycle is in the loop's
  // block after it, and each value has at most one: together as many as
  // the cycle has buffers, some of inits and some of results.
  Block *block = loop->getBlock();
  auto getSites = [&](Value value, SmallVectorImpl<Operation *> &sites) {
    for (Value alias : getFixAliases(value))
      for (Operation *user : alias.getUsers()) {
        Value operand = getFreedOperand(user);
        if (!operand || stripViews(operand) != value ||
            llvm::is_contained(sites, user))
          continue;
        if (user->getBlock() != block || !loop->isBeforeInBlock(user))
          return false;
        sites.push_back(user);
      }
    return sites.size() <= 1;
  };
  llvm::SmallPtrSet<Value, 4> inits;
  SmallVector<Operation *> initSites;
  SmallVector<unsigned> unfreed;
  size_t resultSites = 0;
  for (unsigned k : cycle) {
    Value init = loop.getInitArgs()[k];
    SmallVector<Operation *> ofInit, ofResult;
    if (!inits.insert(init).second || !getSites(init, ofInit) ||
        !getSites(loop.getResult(k), ofResult))
      return fixes;
    initSites.append(ofInit);
    resultSites += ofResult.size();
    if (ofResult.empty())
      unfreed.push_back(k);
  }
  if (initSites.empty() || !resultSites || initSites.size() != unfreed.size())
    return fixes;
  // Each dealloc of an init becomes one of a result no site frees.
  const SourceInfo &source = context.getSource();
  FixItBuilder builder(context);
  std::string results, replaced;
  for (auto [site, k] : llvm::zip(initSites, unfreed)) {
    Value result = loop.getResult(k);
    if (!StringRef(source.getName(result)).starts_with("%"))
      return fixes;
    builder.replace(site, getDeallocText(context, result, Deallocator::Memref));
    results += (results.empty() ? "" : ", ") + source.getName(result);
    replaced += (replaced.empty() ? "" : ", ") +
                source.getName(stripViews(getFreedOperand(site)));
  }
  if (auto fix = builder.take(
          "free the loop's " + results + " instead of " + replaced +
          ": which result holds which buffer the loop permutes depends on "
          "the trip count"))
    fixes.push_back(std::move(*fix));
  return fixes;
}
