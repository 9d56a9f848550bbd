//===- LifetimeSelectFixes.cpp - Free what a select does not pass on ------===//
//
// Owns the strategy of MLIR's ownership-based deallocation for a select of
// two allocations whose result is freed (a dealloc, a call of a helper that
// frees it): the allocation the select does not pass on is freed after the
// last use of either, under the select's condition, and the frees of either
// elsewhere go. It reads the IR and the source text and builds edits;
// whether a candidate is right is the validation's to decide
// (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFreeFixes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;
using namespace memlint;

namespace {

/// The candidate for one select `select` of the allocations `onTrue` and
/// `onFalse` (through views and casts).
std::optional<FixIt> freeNotPassedOn(const LintContext &context,
                                     arith::SelectOp select, Value onTrue,
                                     Value onFalse) {
  llvm::SetVector<Value> passed = getFixAliases(select.getResult());
  // Freed through the select somewhere: otherwise nothing frees the one it
  // passes on either, and this is not the construction that helps.
  bool freedThrough = llvm::any_of(passed, [](Value v) {
    return llvm::any_of(v.getUsers(),
                        [](Operation *user) { return getFreedOperand(user); });
  });
  if (!freedThrough)
    return std::nullopt;
  // What refers to either allocation but not through the select: its free
  // sites go, and the new free goes after its last use.
  FixItBuilder builder(context);
  Block *block = select->getBlock();
  Operation *last = select;
  llvm::SmallPtrSet<Operation *, 4> removed;
  for (Value root : {onTrue, onFalse})
    for (Value alias : getFixAliases(root)) {
      if (passed.contains(alias))
        continue;
      for (Operation *user : alias.getUsers()) {
        if (Value freed = getFreedOperand(user); freed == alias) {
          if (removed.insert(user).second &&
              !removeFree(builder, context, user, freed))
            return std::nullopt;
          continue;
        }
        if (user == select.getOperation())
          continue;
        Operation *ancestor = block->findAncestorOpInBlock(*user);
        if (!ancestor)
          return std::nullopt; // used in another block: not here
        if (last->isBeforeInBlock(ancestor))
          last = ancestor;
      }
    }
  if (last->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt;
  const SourceInfo &source = context.getSource();
  std::string condition = source.getName(select.getCondition());
  if (!StringRef(condition).starts_with("%"))
    return std::nullopt;
  builder.insertAfter(
      last,
      getNotPassedOnFreeText(context, select.getCondition(), onTrue, onFalse));
  return builder.take("free what " + source.getName(select.getResult()) +
                      " does not pass on, " + source.getName(onFalse) +
                      " when " + condition + " is true and " +
                      source.getName(onTrue) + " when it is false");
}

} // namespace

std::string memlint::getNotPassedOnFreeText(const LintContext &context,
                                            Value condition, Value onTrue,
                                            Value onFalse) {
  return "scf.if " + context.getSource().getName(condition) + " {\n  " +
         getDeallocText(context, onFalse, Deallocator::Memref) +
         "\n} else {\n  " +
         getDeallocText(context, onTrue, Deallocator::Memref) + "\n}";
}

std::vector<FixIt> memlint::getSelectComplementFixes(const LintContext &context,
                                                     Value buffer,
                                                     Deallocator family) {
  std::vector<FixIt> fixes;
  if (family != Deallocator::Memref || !buffer ||
      !isa_and_nonnull<memref::AllocOp>(buffer.getDefiningOp()))
    return fixes;
  for (Value alias : getFixAliases(buffer)) {
    auto select = alias.getDefiningOp<arith::SelectOp>();
    if (!select)
      continue;
    Value onTrue = stripViews(select.getTrueValue()),
          onFalse = stripViews(select.getFalseValue());
    if (onTrue == onFalse || (onTrue != buffer && onFalse != buffer) ||
        !isa_and_nonnull<memref::AllocOp>(onTrue.getDefiningOp()) ||
        !isa_and_nonnull<memref::AllocOp>(onFalse.getDefiningOp()))
      continue;
    if (auto fix = freeNotPassedOn(context, select, onTrue, onFalse))
      fixes.push_back(std::move(*fix));
    if (fixes.size() == 2)
      break;
  }
  return fixes;
}
