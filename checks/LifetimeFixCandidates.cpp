//===- LifetimeFixCandidates.cpp - Candidates of one buffer ---------------===//
//
// Owns the edits of the local strategies of a leaked buffer (see
// LifetimeFixCandidates.h). It reads the IR and the source text and builds
// edits; it never runs an analysis and never decides which strategy a
// finding gets (LifetimeFixes.cpp does).
//
//===----------------------------------------------------------------------===//

#include "checks/LifetimeFixCandidates.h"
#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFlagFixes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace memlint;

namespace {

/// The regions of one `scf.if` or `scf.index_switch` where a loop's carried
/// buffer dies unfreed (`holder`'s regions; null for the missing `else` of
/// an `scf.if`).
struct DroppingRegions {
  Operation *holder = nullptr;
  SmallVector<Region *, 2> regions;
};

/// Where the body of a loop drops `carried`, its iter_arg, when it frees it
/// on some paths only: every dealloc of it in the body is in a region of
/// one `scf.if` or `scf.index_switch` (directly), and the regions of that op
/// that neither free it nor hand it on (their `scf.yield` yields nothing
/// that may hold it) are the ones it dies in unfreed. Nothing when the body
/// does not free it so, or no region drops it (cfg seed 51079: one case
/// frees the carried buffer, another yields a buffer of before the loop
/// instead, and the next iteration replaces it). (`body` is the region of
/// the deallocs that count: a loop's body, or a function's.)
std::optional<DroppingRegions> getDroppingRegions(Region *body, Value carried) {
  llvm::SetVector<Value> aliases = getFixAliases(carried);
  DroppingRegions dropping;
  llvm::SmallPtrSet<Region *, 4> freeing;
  for (Value alias : aliases)
    for (Operation *user : alias.getUsers()) {
      auto dealloc = dyn_cast<memref::DeallocOp>(user);
      if (!dealloc || !body->findAncestorOpInRegion(*user) ||
          !derivesAlways(dealloc.getMemref(), carried))
        continue;
      Operation *parent = user->getParentOp();
      if (!isa<scf::IfOp, scf::IndexSwitchOp>(parent) ||
          (dropping.holder && dropping.holder != parent))
        return std::nullopt;
      dropping.holder = parent;
      freeing.insert(user->getParentRegion());
    }
  if (!dropping.holder)
    return std::nullopt;
  auto handsOn = [&](Region &region) {
    return llvm::any_of(region.front().getTerminator()->getOperands(),
                        [&](Value v) { return aliases.contains(v); });
  };
  for (Region &region : dropping.holder->getRegions())
    if (!freeing.contains(&region) && (region.empty() || !handsOn(region)))
      dropping.regions.push_back(&region);
  if (dropping.regions.empty())
    return std::nullopt;
  return dropping;
}

/// Adds to `builder` the dealloc `free` at the end of each region of
/// `dropping` (in a new `else` after an `scf.if` without one); false when
/// the text does not allow it.
bool freeInDroppingRegions(const SourceInfo &source,
                           const DroppingRegions &dropping,
                           const std::string &free, FixItBuilder &builder) {
  for (Region *region : dropping.regions) {
    if (!region->empty()) {
      if (!builder.insertAtEnd(&region->front(), free))
        return false;
      continue;
    }
    std::string condition =
        source.getName(cast<scf::IfOp>(dropping.holder).getCondition());
    if (!StringRef(condition).starts_with("%") ||
        !builder.insertAfter(
            dropping.holder,
            getGuardedText(condition, /*whenTrue=*/false, free)))
      return false;
  }
  return true;
}

} // namespace

Candidates::Candidates(const LintContext &context, Value root,
                       Deallocator family)
    : context(context), family(family), aliases(getFixAliases(root)),
      dominance(
          root.getParentRegion()->getParentOfType<FunctionOpInterface>()) {}

template <typename Pred> Value Candidates::pickVisible(Pred visible) const {
  SmallVector<Value, 3> all = visibleAliases(visible, 1);
  return all.empty() ? Value() : all.front();
}

template <typename Pred>
SmallVector<Value, 3>
Candidates::visibleAliases(Pred visible, size_t max) const {
  SmallVector<Value, 3> found;
  for (Value v : aliases) {
    Operation *def = v.getDefiningOp();
    if (def && isa<ViewLikeOpInterface>(def))
      continue; // views and casts: the buffer has a better name
    if (visible(v))
      found.push_back(v);
    if (found.size() == max)
      break;
  }
  return found;
}

void Candidates::insertAfter(Operation *anchor, const std::string &where) {
  if (!anchor || anchor->hasTrait<OpTrait::IsTerminator>())
    return;
  for (Value v : visibleAliases([&](Value candidate) {
         return candidate.getDefiningOp() == anchor ||
                dominance.properlyDominates(candidate, anchor);
       })) {
    FixItBuilder builder(context);
    builder.insertAfter(anchor, getDeallocText(context, v, family));
    add(builder.take(describe(v) + " " + where));
  }
}

void Candidates::insertBefore(Operation *anchor, const std::string &where,
                              bool deadUses) {
  if (!anchor || (!deadUses && usesBuffer(anchor)))
    return;
  for (Value v : visibleAliases([&](Value candidate) {
         return dominance.properlyDominates(candidate, anchor);
       })) {
    FixItBuilder builder(context);
    builder.insertBefore(anchor, getDeallocText(context, v, family));
    add(builder.take(describe(v) + " " + where));
  }
}

template <typename Pred>
SmallVector<SmallVector<Value>> Candidates::resultGroups(Pred visible) const {
  llvm::MapVector<Operation *, SmallVector<Value>> byOp;
  for (Value v : aliases)
    if (auto result = dyn_cast<OpResult>(v))
      if (result.getOwner()->getNumRegions() != 0 && visible(v))
        byOp[result.getOwner()].push_back(v);
  SmallVector<SmallVector<Value>> groups;
  for (auto &entry : byOp)
    if (entry.second.size() >= 2)
      groups.push_back(std::move(entry.second));
  return groups;
}

void Candidates::insertAllResultsBefore(Operation *anchor,
                                        const std::string &where) {
  if (!anchor || usesBuffer(anchor) || isImplicitTerminator(anchor))
    return;
  for (const SmallVector<Value> &results : resultGroups(
           [&](Value v) { return dominance.properlyDominates(v, anchor); })) {
    std::string text;
    for (Value v : results)
      text += (text.empty() ? "" : "\n") + getDeallocText(context, v, family);
    FixItBuilder builder(context);
    builder.insertBefore(anchor, text);
    add(builder.take("insert a dealloc of each result of the op that may "
                     "hold it " + where));
  }
}

void Candidates::moveDeallocTo(Operation *dealloc, Block *block,
                               const std::string &where) {
  Operation *last = getLastUseIn(block, aliases);
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return;
  Operation *anchor = last ? last : &block->front();
  for (Value v : visibleAliases([&](Value candidate) {
         return last ? (candidate.getDefiningOp() == last ||
                        dominance.properlyDominates(candidate, last))
                     : dominance.properlyDominates(candidate, anchor);
       })) {
    FixItBuilder builder(context);
    builder.remove(dealloc);
    if (last)
      builder.insertAfter(anchor, getDeallocText(context, v, family));
    else
      builder.insertBefore(anchor, getDeallocText(context, v, family));
    add(builder.take(describe(v) + " " + where + " (instead of line " +
                     std::to_string(
                         context.getSource().getRange(dealloc).line) +
                     ")"));
  }
}

void Candidates::insertGuardedBefore(Operation *anchor, ArrayRef<Guard> guards,
                                     const std::string &where) {
  insertGuarded(anchor, /*after=*/false, guards, where);
}

void Candidates::insertGuardedAfter(Operation *anchor, ArrayRef<Guard> guards,
                                    const std::string &where) {
  if (anchor && !anchor->hasTrait<OpTrait::IsTerminator>())
    insertGuarded(anchor, /*after=*/true, guards, where);
}

/// Whether the guard's condition is decided the other way wherever
/// `anchor` runs: in a branch of an `scf.if` on it (gen seed 25011), or in
/// a block that only an edge taken on it reaches (a block that a CFG
/// loop's exit edge dominates, where the loop's condition is false: cfg
/// seed 27114, where each round of --fix added another such dealloc). A
/// dealloc under the guard there never runs.
static bool decidedOtherwise(Operation *anchor, const Candidates::Guard &guard,
                             DominanceInfo &dominance) {
  for (Operation *op = anchor; op; op = op->getParentOp()) {
    auto ifOp = dyn_cast_or_null<scf::IfOp>(op->getParentOp());
    if (ifOp && ifOp.getCondition() == guard.first &&
        (op->getParentRegion() == &ifOp.getThenRegion()) != guard.second)
      return true;
    Block *block = op->getBlock();
    if (!block || block->getParent()->hasOneBlock())
      continue;
    for (llvm::DomTreeNodeBase<Block> *node = dominance.getNode(block); node;
         node = node->getIDom()) {
      Block *dominator = node->getBlock();
      Block *from = dominator->getSinglePredecessor();
      Operation *branch = from ? from->getTerminator() : nullptr;
      if (!branch || llvm::count(branch->getSuccessors(), dominator) != 1)
        continue;
      int successor = llvm::find(branch->getSuccessors(), dominator) -
                      branch->getSuccessors().begin();
      if (auto decision = getEdgeDecision(branch, successor);
          decision && decision->first == guard.first &&
          decision->second != guard.second)
        return true;
    }
  }
  return false;
}

void Candidates::insertGuarded(Operation *anchor, bool after,
                               ArrayRef<Guard> guards, const std::string &where,
                               bool beforeUse) {
  // Before a return of the buffer (or with `beforeUse`, any op that uses
  // it: a branch that passes it on some edges): the guard may free it only
  // where the return hands on another, or the edge taken passes on another
  // (validation tells).
  if (!anchor || (!after && !beforeUse && usesBuffer(anchor) &&
                  !anchor->hasTrait<OpTrait::ReturnLike>()))
    return;
  auto visibleAt = [&](Value value) {
    return (after && value.getDefiningOp() == anchor) ||
           dominance.properlyDominates(value, anchor);
  };
  for (const Guard &guard : guards)
    if (!visibleAt(guard.first) || decidedOtherwise(anchor, guard, dominance))
      return;
  std::string condition;
  for (const Guard &guard : guards)
    condition += (condition.empty() ? "" : " and ") +
                 context.getSource().getName(guard.first) +
                 (guard.second ? " is true" : " is false");
  if (Value v = pickVisible(visibleAt))
    addGuarded(anchor, after, guards, {v},
               describe(v) + " when " + condition + " " + where);
  // Each result of one op that may hold it (an scf.if in a CFG loop that
  // yields this iteration's buffer and passes the last one on: both are
  // owned where the guard holds; cfg seed 52076).
  for (const SmallVector<Value> &results : resultGroups(visibleAt))
    addGuarded(anchor, after, guards, results,
               "insert a dealloc of each result of the op that may hold it "
               "when " +
                   condition + " " + where);
}

void Candidates::addGuarded(Operation *anchor, bool after,
                            ArrayRef<Guard> guards, ArrayRef<Value> values,
                            const std::string &description) {
  std::string text;
  std::string indent;
  for (const Guard &guard : guards) {
    text += indent + "scf.if " + context.getSource().getName(guard.first) +
            " {\n";
    if (!guard.second)
      text += indent + "} else {\n";
    indent += "  ";
  }
  for (size_t i = 0; i < values.size(); ++i)
    text +=
        (i ? "\n" : "") + indent + getDeallocText(context, values[i], family);
  for (size_t i = 0; i < guards.size(); ++i) {
    indent.resize(indent.size() - 2);
    text += "\n" + indent + "}";
  }
  FixItBuilder builder(context);
  if (after)
    builder.insertAfter(anchor, text);
  else if (isImplicitTerminator(anchor))
    builder.insertAtEnd(anchor->getBlock(), text);
  else
    builder.insertBefore(anchor, text);
  add(builder.take(description));
}

void Candidates::insertAtEnd(Block *block, const std::string &where,
                             bool outOfRegion) {
  Operation *last = getLastUseIn(block, aliases);
  if (last && last->hasTrait<OpTrait::IsTerminator>()) {
    if (outOfRegion && last->getNumSuccessors() == 0 &&
        context.getSource().getWholeLines(last))
      insertBefore(last, where, /*deadUses=*/true);
    return; // the buffer flows out of the block
  }
  if (last) {
    insertAfter(last, where);
    return;
  }
  Operation *terminator = block->empty() ? nullptr : &block->back();
  if (!terminator)
    return;
  if (context.getSource().getWholeLines(terminator)) {
    insertBefore(terminator, where);
    return;
  }
  // An implicit terminator: after the last op written in the block, or
  // in the empty branch.
  for (Value v : visibleAliases([&](Value candidate) {
         return dominance.properlyDominates(candidate, terminator);
       })) {
    FixItBuilder builder(context);
    builder.insertAtEnd(block, getDeallocText(context, v, family));
    add(builder.take(describe(v) + " " + where));
  }
}

void Candidates::insertBeforeExits(Value root, const std::string &where) {
  add(makeExits(root, where));
}

std::optional<FixIt> Candidates::makeExits(Value root,
                                           const std::string &where) {
  // The exits of the function, or of the multi-block region (an
  // scf.execute_region) the buffer belongs to: its scf.yields.
  Region *body = root.getParentRegion();
  if (!isa<FunctionOpInterface>(body->getParentOp()) && body->hasOneBlock())
    return std::nullopt;
  FixItBuilder builder(context);
  unsigned exits = 0;
  for (Block &block : *body) {
    Operation *terminator = block.getTerminator();
    if (!terminator || !terminator->hasTrait<OpTrait::ReturnLike>() ||
        !dominance.properlyDominates(root, terminator))
      continue;
    if (usesBuffer(terminator) && !handsOutToDeadResults(terminator))
      continue; // returned: the caller's there
    ++exits;
    builder.insertBefore(terminator, getDeallocText(context, root, family));
  }
  if (!exits)
    return std::nullopt;
  return builder.take(describe(root) + " " + where);
}

void Candidates::splitEdges(Operation *terminator,
                            ArrayRef<unsigned> successors,
                            const std::string &where) {
  add(makeEdges(terminator, successors, where));
}

void Candidates::splitEdgesAndExits(Value root, Operation *terminator,
                                    ArrayRef<unsigned> successors,
                                    const std::string &where) {
  std::optional<FixIt> edges = makeEdges(terminator, successors, where);
  std::optional<FixIt> exits = makeExits(root, where);
  if (!edges || !exits)
    return;
  if (editsClash(exits->edits, getEditRanges(edges->edits),
                 /*touching=*/false))
    return;
  for (FixEdit &edit : exits->edits)
    edges->edits.push_back(std::move(edit));
  edges->edits = sortEdits(edges->edits);
  edges->description += " and before each return";
  add(std::move(edges));
}

std::optional<FixIt> Candidates::makeEdges(Operation *terminator,
                                           ArrayRef<unsigned> successors,
                                           const std::string &where) {
  const SourceInfo &source = context.getSource();
  auto lines = source.getWholeLines(terminator);
  auto end = source.getEndOffset(terminator);
  SourceRange range = source.getRange(terminator);
  Value v = pickVisible([&](Value candidate) {
    return dominance.properlyDominates(candidate, terminator);
  });
  if (!lines || !end || !range.isValid() || !v || successors.empty())
    return std::nullopt;
  StringRef text = source.getText();
  SmallVector<std::pair<uint64_t, uint64_t>> spans =
      getSuccessorSpans(source, terminator);
  if (spans.empty())
    return std::nullopt;
  std::string indent = source.getIndentation(terminator).str();
  std::string blocks;
  EditList edits(context);
  for (unsigned k : successors) {
    if (k >= spans.size())
      return std::nullopt;
    std::string name = "^memlint_free_" + std::to_string(range.line) + "_" +
                       std::to_string(k);
    if (text.contains(name))
      return std::nullopt;
    edits.replace(spans[k].first, spans[k].second - spans[k].first, name);
    blocks += name + ":\n" + indent + getDeallocText(context, v, family) +
              "\n" + indent + "cf.br " +
              text.slice(spans[k].first, spans[k].second).str() + "\n";
  }
  edits.insert(lines->second, blocks);
  // (The edits come in order: the successors, then the new blocks.)
  return edits.take(describe(v) + " " + where, /*general=*/false,
                    /*sharedOffsets=*/true);
}

void Candidates::ownershipFlag(BlockArgument argument,
                               const std::string &where) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Block *block = argument.getOwner();
  Region *region = block->getParent();
  if (block->isEntryBlock() || block->empty())
    return;
  // A block of the function's body or of a region nested in it (an
  // scf.execute_region): the flag constants go at the top of the function,
  // which every region not isolated from above sees.
  Operation *function = region->getParentOp();
  while (function && !isa<FunctionOpInterface>(function)) {
    if (function->hasTrait<OpTrait::IsIsolatedFromAbove>())
      return;
    function = function->getParentOp();
  }
  if (!function || function->getNumRegions() == 0 ||
      function->getRegion(0).empty())
    return;
  std::string label = source.getBlockName(block);
  SourceRange first = source.getRange(&block->front());
  if (label.empty() || !first.isValid())
    return;
  // The header: the last occurrence of the label before the first op.
  size_t header = text.take_front(first.offset).rfind(label);
  if (header == StringRef::npos)
    return;
  uint64_t afterLabel = header + label.size();
  std::string flag = "%memlint_own_" + std::to_string(first.line);
  std::string yes = "%memlint_true_" + std::to_string(first.line);
  std::string no = "%memlint_false_" + std::to_string(first.line);
  if (text.contains(flag) || text.contains(yes) || text.contains(no))
    return;
  EditList edits(context);
  if (afterLabel < text.size() && text[afterLabel] == '(') {
    size_t close = text.find("):", afterLabel);
    if (close == StringRef::npos || close > first.offset)
      return;
    edits.replace(close, 0, ", " + flag + ": i1");
  } else {
    edits.replace(afterLabel, 0, "(" + flag + ": i1)");
  }
  // Each edge into the block passes the flag: whether it hands the buffer
  // over to `argument`.
  unsigned index = argument.getArgNumber();
  llvm::SmallPtrSet<Operation *, 4> seen;
  for (Block *predecessor : block->getPredecessors()) {
    Operation *terminator = predecessor->getTerminator();
    auto branch = dyn_cast<BranchOpInterface>(terminator);
    if (!branch)
      return;
    if (!seen.insert(terminator).second)
      continue;
    SmallVector<std::pair<uint64_t, uint64_t>> spans =
        getSuccessorSpans(source, terminator);
    if (spans.empty())
      return;
    for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k) {
      if (terminator->getSuccessor(k) != block)
        continue;
      SuccessorOperands operands = branch.getSuccessorOperands(k);
      if (index >= operands.size())
        return;
      std::string value = aliases.contains(operands[index]) ? yes : no;
      StringRef span = text.slice(spans[k].first, spans[k].second);
      if (span.ends_with(")")) {
        size_t colon = span.find(" : ");
        if (colon == StringRef::npos)
          return;
        edits.replace(spans[k].first + colon, 0, ", " + value);
        edits.replace(spans[k].second - 1, 0, ", i1");
      } else {
        edits.replace(spans[k].second, 0, "(" + value + " : i1)");
      }
    }
  }
  // The constants, at the top of the function.
  Block &entry = function->getRegion(0).front();
  if (entry.empty() || !source.getWholeLines(&entry.front()))
    return;
  FixItBuilder builder(context);
  builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" +
                                           no + " = arith.constant false");
  // The guarded dealloc, after the last use in the block.
  Operation *last = getLastUseIn(block, aliases);
  std::string guarded = getGuardedText(
      flag, /*whenTrue=*/true, getDeallocText(context, argument, family));
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return; // handed on again
  if (last)
    builder.insertAfter(last, guarded);
  else
    builder.insertBefore(&block->front(), guarded);
  if (!edits.append(builder))
    return;
  // (Edits that start at one offset are not refused here: none of those
  // above do.)
  add(edits.take("free " + source.getName(argument) + " when " + flag +
                     " says its block received the buffer (an ownership "
                     "flag passed with it) " + where,
                 /*general=*/true, /*sharedOffsets=*/true));
}

void Candidates::addElseRegion(scf::IfOp ifOp) {
  if (!ifOp.getElseRegion().empty() || ifOp.getNumResults() != 0)
    return;
  auto end = context.getSource().getEndOffset(ifOp);
  Value v = pickVisible([&](Value candidate) {
    return dominance.properlyDominates(candidate, ifOp);
  });
  if (!end || !v)
    return;
  std::string indent = context.getSource().getIndentation(ifOp).str();
  EditList edits(context);
  edits.insert(*end, " else {\n" + indent + "  " +
                         getDeallocText(context, v, family) + "\n" + indent +
                         "}");
  add(edits.take(describe(v) + " in a new else branch", /*general=*/false));
}

std::optional<FixIt> Candidates::makeFreeWhereKept(Value root) {
  Operation *function = getFunctionOf(root.getParentRegion()->getParentOp());
  if (!function)
    return std::nullopt;
  for (Value name : aliases) {
    if (name != root &&
        (!isa<BlockArgument>(name) ||
         deriveFromRoot(name, root).kind != RootDerivation::Always))
      continue;
    std::optional<DroppingRegions> dropping =
        getDroppingRegions(&function->getRegion(0), name);
    if (!dropping)
      continue;
    // Handed on, or used, past the op in the block of `name`'s region that
    // holds it.
    Operation *ancestor =
        name.getParentRegion()->findAncestorOpInRegion(*dropping->holder);
    if (!ancestor)
      continue;
    Operation *last = getLastUseIn(ancestor->getBlock(), getFixAliases(name));
    if (!last || last == ancestor || last->isBeforeInBlock(ancestor))
      continue;
    // The name the op's deallocs free, when it is seen past the op (a
    // block argument rather than the buffer's own name, by dominance).
    Value freed = name;
    for (Region &region : dropping->holder->getRegions())
      for (Operation &op : region.getOps())
        if (auto dealloc = dyn_cast<memref::DeallocOp>(op);
            dealloc && freed == name &&
            derivesAlways(dealloc.getMemref(), name) &&
            dominance.properlyDominates(dealloc.getMemref(), dropping->holder))
          freed = dealloc.getMemref();
    FixItBuilder builder(context);
    if (!freeInDroppingRegions(context.getSource(), *dropping,
                               getDeallocText(context, freed, family), builder))
      continue;
    if (std::optional<FixIt> fix = builder.take(
            describe(freed) + " in each region of the " +
            dropping->holder->getName().getStringRef().str() +
            " that does not free it, which hands it on freed on some paths "
            "only"))
      return fix;
  }
  return std::nullopt;
}

void Candidates::combineWith(const FixIt &extra) {
  std::vector<std::pair<uint64_t, uint64_t>> taken =
      getEditRanges(extra.edits);
  std::vector<FixIt> combined;
  for (const FixIt &fix : fixes) {
    if (editsClash(fix.edits, taken, /*touching=*/false))
      continue;
    FixIt both = fix;
    both.edits.insert(both.edits.end(), extra.edits.begin(),
                      extra.edits.end());
    both.edits = sortEdits(both.edits);
    both.description += ", and " + extra.description;
    combined.push_back(std::move(both));
  }
  for (FixIt &fix : combined)
    add(std::move(fix));
}

void Candidates::loopCarriedFlag(scf::ForOp loop, unsigned index,
                                 bool afterLoop, const std::string &where,
                                 std::optional<Guard> fresh,
                                 bool inDroppingRegions) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Block &entry = getFunctionOf(loop)->getRegion(0).front();
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  if (entry.empty() || !source.getWholeLines(&entry.front()) ||
      index >= loop.getNumRegionIterArgs())
    return;
  BlockArgument carried = loop.getRegionIterArgs()[index];
  std::optional<DroppingRegions> dropping;
  if (inDroppingRegions &&
      !(dropping = getDroppingRegions(&loop.getRegion(), carried)))
    return;
  unsigned line = source.getRange(loop).line;
  std::string suffix = std::to_string(line);
  std::string own = "%memlint_own_" + suffix,
              owned = "%memlint_owned_" + suffix,
              yes = "%memlint_true_" + suffix, no = "%memlint_false_" + suffix,
              negated = "%memlint_fresh_" + suffix;
  if (anyNameTaken(text, {own, owned, yes, no, negated}))
    return;
  // What the iteration yields is its own allocation always, or when the
  // guard `fresh` says so (an scf.if that yields it or another buffer, or
  // one that frees it in one branch before the yield).
  std::string flag = yes;
  FixItBuilder builder(context);
  if (fresh) {
    std::string condition = source.getName(fresh->first);
    if (!StringRef(condition).starts_with("%"))
      return;
    flag = condition;
    if (!fresh->second) {
      flag = negated;
      builder.insertBefore(yield, negated + " = arith.xori " + condition +
                                      ", " + yes + " : i1");
    }
  }
  EditList edits(context);
  if (!appendFlagIterArgs(source, loop, {own}, {owned}, no, {flag}, edits))
    return;
  builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" +
                                           no + " = arith.constant false");
  // In the body: the carried buffer, freed after its last use there, or,
  // when the body frees it on some paths only, where the others drop it.
  llvm::SetVector<Value> carriedAliases = getFixAliases(carried);
  Operation *last = getLastUseIn(loop.getBody(), carriedAliases);
  std::string guarded = getGuardedText(
      own, /*whenTrue=*/true, getDeallocText(context, carried, family));
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return; // carried on again
  if (dropping) {
    if (!freeInDroppingRegions(source, *dropping, guarded, builder))
      return;
  } else if (last) {
    builder.insertAfter(last, guarded);
  } else {
    builder.insertBefore(&loop.getBody()->front(), guarded);
  }
  // A body that yields its own buffer on every path and frees it there too
  // hands the next iteration, and the loop's result, memory it freed: the
  // flag would free it a second time (gen seed 67000, whose body frees the
  // fresh buffer where it meant the carried one). Those deallocs go; the
  // flag frees the buffer once, in the next iteration or after the loop.
  std::string freedHandedOn;
  if (!fresh) {
    Value handedOn = stripViews(yield.getOperand(index));
    SmallVector<memref::DeallocOp> frees;
    loop.getRegion().walk([&](memref::DeallocOp dealloc) {
      if (derivesAlways(dealloc.getMemref(), handedOn))
        frees.push_back(dealloc);
    });
    for (memref::DeallocOp dealloc : frees)
      builder.remove(dealloc);
    if (!frees.empty())
      freedHandedOn = source.getName(handedOn);
  }
  if (afterLoop) {
    // After the result's last use: in the loop's block, or, when blocks
    // after it use it too, in the block that post-dominates them all.
    Value result = loop->getResult(index);
    llvm::SetVector<Value> resultAliases = getFixAliases(result);
    Block *block = getFreeBlock(loop->getBlock(), resultAliases.getArrayRef());
    if (!block)
      return;
    Operation *after = getLastUseIn(block, resultAliases);
    if (after && after->hasTrait<OpTrait::IsTerminator>())
      return;
    std::string free = getGuardedText(owned, /*whenTrue=*/true,
                                      getDeallocText(context, result, family));
    if (after || block == loop->getBlock())
      builder.insertAfter(after ? after : loop.getOperation(), free);
    else
      builder.insertBefore(&block->front(), free);
  }
  if (!edits.append(builder))
    return;
  std::string description =
      "free " + source.getName(carried) + " in the next iteration when " +
      own + " says the loop allocated it (an ownership flag carried with it)";
  if (dropping)
    description += " where the " +
                   dropping->holder->getName().getStringRef().str() +
                   " drops it";
  if (afterLoop)
    description += ", and " + source.getName(loop->getResult(index)) +
                   " after the loop when " + owned + " says so";
  if (!freedHandedOn.empty())
    description += ", without the body's dealloc of " + freedHandedOn +
                   " (what it hands on)";
  add(edits.take(description + " " + where, /*general=*/true,
                 /*sharedOffsets=*/true));
}

bool Candidates::isImplicitTerminator(Operation *op) const {
  return op->hasTrait<OpTrait::IsTerminator>() &&
         !context.getSource().getWholeLines(op);
}

bool Candidates::handsOutToDeadResults(Operation *terminator) const {
  // The scf.yield of a region (an scf.execute_region) whose op's results
  // that may hold the buffer nobody uses: the buffer dies there.
  Operation *parent = terminator->getParentOp();
  if (!parent || isa<FunctionOpInterface>(parent) ||
      terminator->getNumOperands() != parent->getNumResults())
    return false;
  for (OpOperand &operand : terminator->getOpOperands())
    if (aliases.contains(operand.get()) &&
        !parent->getResult(operand.getOperandNumber()).use_empty())
      return false;
  return true;
}

bool Candidates::usesBuffer(Operation *op) const {
  if (llvm::any_of(op->getOperands(),
                   [&](Value v) { return aliases.contains(v); }))
    return true;
  if (op->getNumRegions() == 0)
    return false;
  for (Value v : aliases)
    for (Operation *user : v.getUsers())
      if (op->isProperAncestor(user))
        return true;
  return false;
}

std::string Candidates::describe(Value v) const {
  return "insert '" + getDeallocText(context, v, family) + "'";
}

void Candidates::add(std::optional<FixIt> fix) {
  if (!fix)
    return;
  auto same = [](const FixEdit &a, const FixEdit &b) {
    return a.offset == b.offset && a.length == b.length && a.text == b.text;
  };
  for (const FixIt &existing : fixes)
    if (existing.edits.size() == fix->edits.size() &&
        llvm::all_of(llvm::zip(existing.edits, fix->edits), [&](auto pair) {
          return same(std::get<0>(pair), std::get<1>(pair));
        }))
      return;
  fixes.push_back(std::move(*fix));
}
