//===- LifetimeFixes.cpp - Fix-it candidates for lifetime bugs ------------===//

#include "checks/LifetimeFixes.h"
#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFlagFixes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace memlint;

namespace {

/// Values that may refer to the memory of `root`: views, casts and values it
/// is forwarded to through selects, branches and regions. Over-approximated
/// on purpose: it only serves to find the last use.
llvm::SetVector<Value> getAliases(Value root) {
  llvm::SetVector<Value> aliases;
  SmallVector<Value> worklist{root};
  auto addMemrefs = [&](auto values) {
    for (Value v : values)
      if (isa<BaseMemRefType>(v.getType()))
        worklist.push_back(v);
  };
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!aliases.insert(v))
      continue;
    for (Operation *user : v.getUsers()) {
      // What a branch of an scf.if (or an scf.execute_region,
      // scf.index_switch) yields is the result of the same position only.
      if (auto yield = dyn_cast<scf::YieldOp>(user);
          yield && isa<scf::IfOp, scf::ExecuteRegionOp, scf::IndexSwitchOp>(
                       yield->getParentOp())) {
        for (OpOperand &operand : yield->getOpOperands())
          if (operand.get() == v &&
              operand.getOperandNumber() < yield->getParentOp()->getNumResults())
            addMemrefs(ValueRange(
                yield->getParentOp()->getResult(operand.getOperandNumber())));
        continue;
      }
      // A branch passes it to the arguments of the positions it is in.
      if (auto branch = dyn_cast<BranchOpInterface>(user)) {
        for (unsigned k = 0; k < user->getNumSuccessors(); ++k) {
          SuccessorOperands operands = branch.getSuccessorOperands(k);
          Block *dest = user->getSuccessor(k);
          for (unsigned i = 0; i < operands.size(); ++i)
            if (operands[i] == v && i < dest->getNumArguments())
              addMemrefs(ValueRange(dest->getArgument(i)));
        }
        continue;
      }
      addMemrefs(user->getResults());
      for (Region &region : user->getRegions())
        if (!region.empty())
          addMemrefs(region.front().getArguments());
      for (Block *successor : user->getSuccessors())
        addMemrefs(successor->getArguments());
      // A region's terminator forwards to the results and the region
      // arguments of its op; a function's return forwards to the caller,
      // not to the function's arguments.
      if (isa<RegionBranchTerminatorOpInterface>(user) &&
          !isa<FunctionOpInterface>(user->getParentOp())) {
        Operation *parent = user->getParentOp();
        addMemrefs(parent->getResults());
        for (Region &region : parent->getRegions())
          if (!region.empty())
            addMemrefs(region.front().getArguments());
      }
    }
  }
  return aliases;
}

/// The last op of `block` that is, or contains, a use of one of `values`.
Operation *getLastUse(Block *block, const llvm::SetVector<Value> &values) {
  Operation *last = nullptr;
  for (Value v : values)
    for (Operation *user : v.getUsers())
      if (Operation *ancestor = block->findAncestorOpInBlock(*user))
        if (!last || last->isBeforeInBlock(ancestor))
          last = ancestor;
  return last;
}

Operation *functionOf(Operation *op) {
  if (isa<FunctionOpInterface>(op))
    return op;
  return op->getParentOfType<FunctionOpInterface>();
}

bool sameFunction(Operation *a, Operation *b) {
  return a && b && functionOf(a) == functionOf(b);
}

/// The successors of the branch `terminator` as written, in order: the
/// byte ranges of each label with its operand list ("^bb3(%x : index)");
/// empty when the text does not show them one by one.
SmallVector<std::pair<uint64_t, uint64_t>>
successorSpans(const SourceInfo &source, Operation *terminator) {
  SmallVector<std::pair<uint64_t, uint64_t>> spans;
  auto end = source.getEndOffset(terminator);
  SourceRange range = source.getRange(terminator);
  if (!end || !range.isValid())
    return {};
  StringRef text = source.getText();
  for (uint64_t i = range.offset; i < *end; ++i) {
    if (text[i] != '^')
      continue;
    uint64_t j = i + 1;
    while (j < *end &&
           (llvm::isAlnum(text[j]) || StringRef("_.$-").contains(text[j])))
      ++j;
    uint64_t labelEnd = j;
    while (j < *end && text[j] == ' ')
      ++j;
    if (j < *end && text[j] == '(') {
      unsigned depth = 0;
      for (; j < *end; ++j) {
        depth += text[j] == '(';
        if (text[j] == ')' && --depth == 0)
          break;
      }
      if (j == *end)
        return {};
      spans.push_back({i, j + 1});
    } else {
      spans.push_back({i, labelEnd});
    }
    i = spans.back().second - 1;
  }
  if (spans.size() != terminator->getNumSuccessors())
    return {};
  for (unsigned k = 0; k < spans.size(); ++k) {
    StringRef label = text.slice(spans[k].first, spans[k].second);
    std::string name = source.getBlockName(terminator->getSuccessor(k));
    if (name.empty() || !label.starts_with(name) ||
        (label.size() > name.size() && label[name.size()] != '(' &&
         label[name.size()] != ' '))
      return {};
  }
  return spans;
}

/// Builds candidates for one buffer.
class Candidates {
public:
  Candidates(const LintContext &context, Value root, Deallocator family)
      : context(context), family(family), aliases(getAliases(root)),
        dominance(root.getParentRegion()
                      ->getParentOfType<FunctionOpInterface>()) {}

  /// A dealloc on a new line after `anchor`.
  void insertAfter(Operation *anchor, const std::string &where) {
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

  /// A dealloc on a new line before `anchor`.
  void insertBefore(Operation *anchor, const std::string &where,
                    bool deadUses = false) {
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

  /// Deallocs of every result of one op (a loop whose results rotate the
  /// buffers of its iterations) that may hold the buffer, before `anchor`.
  void insertAllResultsBefore(Operation *anchor, const std::string &where) {
    if (!anchor || usesBuffer(anchor) || isImplicitTerminator(anchor))
      return;
    llvm::MapVector<Operation *, SmallVector<Value>> byOp;
    for (Value v : aliases)
      if (auto result = dyn_cast<OpResult>(v))
        if (result.getOwner()->getNumRegions() != 0 &&
            dominance.properlyDominates(v, anchor))
          byOp[result.getOwner()].push_back(v);
    for (auto &[op, results] : byOp) {
      if (results.size() < 2)
        continue;
      std::string text;
      for (Value v : results)
        text += (text.empty() ? "" : "\n") + getDeallocText(context, v, family);
      FixItBuilder builder(context);
      builder.insertBefore(anchor, text);
      add(builder.take("insert a dealloc of each result of the op that may "
                       "hold it " + where));
    }
  }

  /// Moves the dealloc `dealloc` into `block`: after the last use there, or
  /// before its first op.
  void moveDeallocTo(Operation *dealloc, Block *block,
                     const std::string &where) {
    Operation *last = getLastUse(block, aliases);
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

  /// A condition a dealloc can be guarded by: free only when `value` is
  /// `polarity`.
  using Guard = std::pair<Value, bool>;

  /// A dealloc guarded by nested `scf.if`s on `guards`, before `anchor`.
  void insertGuardedBefore(Operation *anchor, ArrayRef<Guard> guards,
                           const std::string &where) {
    insertGuarded(anchor, /*after=*/false, guards, where);
  }
  /// The same after `anchor`, which may define the guards and the buffer's
  /// name there (a loop or `scf.if` that yields the buffer and its flag).
  void insertGuardedAfter(Operation *anchor, ArrayRef<Guard> guards,
                          const std::string &where) {
    if (anchor && !anchor->hasTrait<OpTrait::IsTerminator>())
      insertGuarded(anchor, /*after=*/true, guards, where);
  }
  void insertGuarded(Operation *anchor, bool after, ArrayRef<Guard> guards,
                     const std::string &where) {
    // Before a return of the buffer: the guard may free it only where the
    // return hands on another (validation tells).
    if (!anchor || (!after && usesBuffer(anchor) &&
                    !anchor->hasTrait<OpTrait::ReturnLike>()))
      return;
    auto visibleAt = [&](Value value) {
      return (after && value.getDefiningOp() == anchor) ||
             dominance.properlyDominates(value, anchor);
    };
    for (const Guard &guard : guards)
      if (!visibleAt(guard.first))
        return;
    Value v = pickVisible(visibleAt);
    if (!v)
      return;
    std::string text;
    std::string indent;
    for (const Guard &guard : guards) {
      text += indent + "scf.if " + context.getSource().getName(guard.first) +
              " {\n";
      if (!guard.second)
        text += indent + "} else {\n";
      indent += "  ";
    }
    text += indent + getDeallocText(context, v, family);
    for (size_t i = 0; i < guards.size(); ++i) {
      indent.resize(indent.size() - 2);
      text += "\n" + indent + "}";
    }
    std::string condition;
    for (const Guard &guard : guards)
      condition += (condition.empty() ? "" : " and ") +
                   context.getSource().getName(guard.first) +
                   (guard.second ? " is true" : " is false");
    FixItBuilder builder(context);
    if (after)
      builder.insertAfter(anchor, text);
    else if (isImplicitTerminator(anchor))
      builder.insertAtEnd(anchor->getBlock(), text);
    else
      builder.insertBefore(anchor, text);
    add(builder.take(describe(v) + " when " + condition + " " + where));
  }

  /// A dealloc at the end of `block`: after the last use in it, or before
  /// its terminator.
  /// With `outOfRegion`, also where the terminator hands the buffer out
  /// of its region (nobody frees what the region op returns).
  void insertAtEnd(Block *block, const std::string &where,
                   bool outOfRegion = false) {
    Operation *last = getLastUse(block, aliases);
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

  /// A dealloc of the buffer itself before every return of its function
  /// that it dominates and that does not return it: a leak of a buffer of
  /// the function's body on the paths of a CFG that part and rejoin, which
  /// no single block ends (validation rejects it where another path frees
  /// the buffer already).
  void insertBeforeExits(Value root, const std::string &where) {
    add(makeExits(root, where));
  }
  std::optional<FixIt> makeExits(Value root, const std::string &where) {
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
      if (usesBuffer(terminator))
        continue; // returned: the caller's there
      ++exits;
      builder.insertBefore(terminator, getDeallocText(context, root, family));
    }
    if (!exits)
      return std::nullopt;
    return builder.take(describe(root) + " " + where);
  }

  /// The edges `successors` of the branch `terminator` each go through a
  /// new block that frees the buffer and branches on as the edge did: a
  /// leak where a CFG edge (a back-edge to a block that allocates again,
  /// an edge that does not pass the buffer on) drops the last reference.
  void splitEdges(Operation *terminator, ArrayRef<unsigned> successors,
                  const std::string &where) {
    add(makeEdges(terminator, successors, where));
  }
  /// The same with a dealloc before each return (`makeExits`) too: a buffer
  /// dropped on a back-edge and at the function's exit.
  void splitEdgesAndExits(Value root, Operation *terminator,
                          ArrayRef<unsigned> successors,
                          const std::string &where) {
    std::optional<FixIt> edges = makeEdges(terminator, successors, where);
    std::optional<FixIt> exits = makeExits(root, where);
    if (!edges || !exits)
      return;
    std::vector<std::pair<uint64_t, uint64_t>> taken;
    for (const FixEdit &edit : edges->edits)
      taken.push_back({edit.offset, edit.offset + edit.length});
    if (editsClash(exits->edits, taken, /*touching=*/false))
      return;
    for (FixEdit &edit : exits->edits)
      edges->edits.push_back(std::move(edit));
    edges->edits = sortEdits(edges->edits);
    edges->description += " and before each return";
    add(std::move(edges));
  }
  std::optional<FixIt> makeEdges(Operation *terminator,
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
        successorSpans(source, terminator);
    if (spans.empty())
      return std::nullopt;
    std::string indent = source.getIndentation(terminator).str();
    std::string blocks;
    FixIt fix;
    for (unsigned k : successors) {
      if (k >= spans.size())
        return std::nullopt;
      std::string name = "^memlint_free_" + std::to_string(range.line) + "_" +
                         std::to_string(k);
      if (text.contains(name))
        return std::nullopt;
      FixEdit edit;
      edit.file = context.getFilePath().str();
      edit.offset = spans[k].first;
      edit.length = spans[k].second - spans[k].first;
      edit.text = name;
      fix.edits.push_back(std::move(edit));
      blocks += name + ":\n" + indent + getDeallocText(context, v, family) +
                "\n" + indent + "cf.br " +
                text.slice(spans[k].first, spans[k].second).str() + "\n";
    }
    FixEdit insert;
    insert.file = context.getFilePath().str();
    insert.offset = lines->second;
    insert.text = blocks;
    fix.edits.push_back(std::move(insert));
    fix.description = describe(v) + " " + where;
    return fix;
  }

  /// The ownership construction through a block argument (DESIGN §4): the
  /// block of `argument` gets an `i1` argument more, true on the edges that
  /// pass the buffer to `argument` and false on the others, and frees
  /// `argument` under it after the last use in the block. For a buffer that
  /// only some of the edges into a join hand over (`cf.br ^b(%buf)` from one
  /// predecessor, `cf.br ^b(%arg)` from another).
  void ownershipFlag(BlockArgument argument, const std::string &where) {
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
    FixIt fix;
    auto edit = [&](uint64_t offset, uint64_t length, std::string replacement) {
      FixEdit e;
      e.file = context.getFilePath().str();
      e.offset = offset;
      e.length = length;
      e.text = std::move(replacement);
      fix.edits.push_back(std::move(e));
    };
    if (afterLabel < text.size() && text[afterLabel] == '(') {
      size_t close = text.find("):", afterLabel);
      if (close == StringRef::npos || close > first.offset)
        return;
      edit(close, 0, ", " + flag + ": i1");
    } else {
      edit(afterLabel, 0, "(" + flag + ": i1)");
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
          successorSpans(source, terminator);
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
          edit(spans[k].first + colon, 0, ", " + value);
          edit(spans[k].second - 1, 0, ", i1");
        } else {
          edit(spans[k].second, 0, "(" + value + " : i1)");
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
    Operation *last = getLastUse(block, aliases);
    std::string guarded = "scf.if " + flag + " {\n  " +
                          getDeallocText(context, argument, family) + "\n}";
    if (last && last->hasTrait<OpTrait::IsTerminator>())
      return; // handed on again
    if (last)
      builder.insertAfter(last, guarded);
    else
      builder.insertBefore(&block->front(), guarded);
    std::optional<FixIt> placed = builder.take("");
    if (!placed)
      return;
    for (FixEdit &e : placed->edits)
      fix.edits.push_back(std::move(e));
    std::vector<std::pair<uint64_t, uint64_t>> taken;
    std::vector<FixEdit> sorted = sortEdits(fix.edits);
    for (size_t i = 1; i < sorted.size(); ++i)
      if (sorted[i].offset < sorted[i - 1].offset + sorted[i - 1].length)
        return;
    fix.edits = std::move(sorted);
    fix.description = "free " + source.getName(argument) + " when " + flag +
                      " says its block received the buffer (an ownership "
                      "flag passed with it) " + where;
    fix.general = true;
    add(std::move(fix));
  }

  /// An `else` region holding the dealloc, for an `scf.if` without one.
  void addElseRegion(scf::IfOp ifOp) {
    if (!ifOp.getElseRegion().empty() || ifOp.getNumResults() != 0)
      return;
    auto end = context.getSource().getEndOffset(ifOp);
    Value v = pickVisible([&](Value candidate) {
      return dominance.properlyDominates(candidate, ifOp);
    });
    if (!end || !v)
      return;
    std::string indent = context.getSource().getIndentation(ifOp).str();
    FixEdit edit;
    edit.file = context.getFilePath().str();
    edit.offset = *end;
    edit.text = " else {\n" + indent + "  " +
                getDeallocText(context, v, family) + "\n" + indent + "}";
    FixIt fix;
    fix.description = describe(v) + " in a new else branch";
    fix.edits.push_back(std::move(edit));
    add(std::move(fix));
  }

  /// Each candidate so far together with `extra` (where their edits do not
  /// clash), after them: a buffer lost at two places, one of which is an
  /// edge `extra` frees it on.
  void combineWith(const FixIt &extra) {
    std::vector<std::pair<uint64_t, uint64_t>> taken;
    for (const FixEdit &edit : extra.edits)
      taken.push_back({edit.offset, edit.offset + edit.length});
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

  /// A buffer allocated in the body of an `scf.for` and carried to the next
  /// iteration as iter_arg `index`, which replaces it there (DESIGN §4: the
  /// ownership flag, loop-carried): a new i1 iter_arg, false on entry and
  /// true from the body, says the carried buffer is the loop's own, and the
  /// body frees it under that flag after its last use; `afterLoop` also
  /// frees the loop's result under the flag it returns.
  void loopCarriedFlag(scf::ForOp loop, unsigned index, bool afterLoop,
                       const std::string &where) {
    const SourceInfo &source = context.getSource();
    StringRef text = source.getText();
    auto lines = source.getWholeLines(loop);
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    auto yieldLines = source.getWholeLines(yield);
    Block &entry = functionOf(loop)->getRegion(0).front();
    if (!lines || !yieldLines || entry.empty() ||
        !source.getWholeLines(&entry.front()) ||
        index >= loop.getNumRegionIterArgs())
      return;
    StringRef header = text.slice(lines->first, lines->second);
    header = header.take_until([](char c) { return c == '\n'; });
    unsigned line = source.getRange(loop).line;
    std::string suffix = std::to_string(line);
    std::string own = "%memlint_own_" + suffix,
                owned = "%memlint_owned_" + suffix,
                yes = "%memlint_true_" + suffix,
                no = "%memlint_false_" + suffix;
    for (const std::string &name : {own, owned, yes, no})
      if (text.contains(name))
        return;
    // "%r0, %r1 = scf.for ... iter_args(...) -> (T0, T1) {" on one line.
    size_t equals = header.find(" = scf.for ");
    size_t iterArgs = header.find("iter_args(");
    size_t arrow = header.find(" -> ", iterArgs);
    size_t brace = header.rfind(" {");
    if (equals == StringRef::npos || iterArgs == StringRef::npos ||
        arrow == StringRef::npos || brace == StringRef::npos ||
        brace < arrow || header.take_front(equals).contains(':'))
      return;
    size_t close = header.rfind(')', arrow);
    if (close == StringRef::npos || close < iterArgs)
      return;
    StringRef types = header.slice(arrow + 4, brace).trim();
    std::string newTypes = types.starts_with("(") && types.ends_with(")")
                               ? types.drop_back().str() + ", i1)"
                               : "(" + types.str() + ", i1)";
    StringRef yieldText = text.slice(yieldLines->first, yieldLines->second);
    size_t colon = yieldText.find(" : ");
    size_t yieldEnd = yieldText.rtrim().size();
    if (colon == StringRef::npos || yieldText.contains("//"))
      return;
    FixIt fix;
    auto edit = [&](uint64_t offset, uint64_t length, std::string replacement) {
      FixEdit e;
      e.file = context.getFilePath().str();
      e.offset = offset;
      e.length = length;
      e.text = std::move(replacement);
      fix.edits.push_back(std::move(e));
    };
    edit(lines->first + equals, 0, ", " + owned);
    edit(lines->first + close, 0, ", " + own + " = " + no);
    edit(lines->first + arrow + 4, brace - arrow - 4, newTypes);
    edit(yieldLines->first + colon, 0, ", " + yes);
    edit(yieldLines->first + yieldEnd, 0, ", i1");
    FixItBuilder builder(context);
    builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" +
                                             no + " = arith.constant false");
    // In the body: the carried buffer, freed after its last use there.
    BlockArgument carried = loop.getRegionIterArgs()[index];
    llvm::SetVector<Value> carriedAliases = getAliases(carried);
    Operation *last = getLastUse(loop.getBody(), carriedAliases);
    std::string guarded = "scf.if " + own + " {\n  " +
                          getDeallocText(context, carried, family) + "\n}";
    if (last && last->hasTrait<OpTrait::IsTerminator>())
      return; // carried on again
    if (last)
      builder.insertAfter(last, guarded);
    else
      builder.insertBefore(&loop.getBody()->front(), guarded);
    if (afterLoop) {
      Value result = loop->getResult(index);
      Operation *after = getLastUse(loop->getBlock(), getAliases(result));
      if (after && after->hasTrait<OpTrait::IsTerminator>())
        return;
      builder.insertAfter(after ? after : loop.getOperation(),
                          "scf.if " + owned + " {\n  " +
                              getDeallocText(context, result, family) + "\n}");
    }
    std::optional<FixIt> placed = builder.take("");
    if (!placed)
      return;
    for (FixEdit &e : placed->edits)
      fix.edits.push_back(std::move(e));
    std::vector<FixEdit> sorted = sortEdits(fix.edits);
    for (size_t i = 1; i < sorted.size(); ++i)
      if (sorted[i].offset < sorted[i - 1].offset + sorted[i - 1].length)
        return;
    fix.edits = std::move(sorted);
    fix.description = "free " + source.getName(carried) + " in the next "
                      "iteration when " + own + " says the loop allocated it "
                      "(an ownership flag carried with it)" +
                      (afterLoop ? ", and " + source.getName(loop->getResult(index)) +
                                       " after the loop when " + owned + " says so"
                                 : std::string()) + " " + where;
    fix.general = true;
    add(std::move(fix));
  }

  /// A candidate built elsewhere.
  void addFix(FixIt fix) { add(std::move(fix)); }

  /// Pairs of the first `n` candidates whose edits do not clash, after all
  /// of them: a buffer lost at two places, each of which one candidate
  /// frees it at.
  void addPairs(size_t n) {
    size_t count = std::min(n, fixes.size());
    std::vector<FixIt> pairs;
    for (size_t i = 0; i < count; ++i)
      for (size_t j = i + 1; j < count; ++j) {
        std::vector<std::pair<uint64_t, uint64_t>> taken;
        for (const FixEdit &edit : fixes[i].edits)
          taken.push_back({edit.offset, edit.offset + edit.length});
        if (editsClash(fixes[j].edits, taken, /*touching=*/true))
          continue;
        FixIt both = fixes[i];
        both.edits.insert(both.edits.end(), fixes[j].edits.begin(),
                          fixes[j].edits.end());
        both.edits = sortEdits(both.edits);
        both.description += ", and " + fixes[j].description;
        both.general = true;
        pairs.push_back(std::move(both));
      }
    for (FixIt &fix : pairs)
      add(std::move(fix));
  }

  /// A terminator the text does not show (an empty branch's scf.yield).
  bool isImplicitTerminator(Operation *op) const {
    return op->hasTrait<OpTrait::IsTerminator>() &&
           !context.getSource().getWholeLines(op);
  }

  /// Whether `op` or an op nested in it uses the buffer (a dealloc before
  /// it would free it before that use).
  bool usesBuffer(Operation *op) const {
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

  const llvm::SetVector<Value> &getAliasSet() const { return aliases; }
  std::vector<FixIt> take() { return std::move(fixes); }

private:
  /// The first alias satisfying `visible` that names the whole buffer (not
  /// an interior view), the allocation itself first.
  template <typename Pred> Value pickVisible(Pred visible) const {
    SmallVector<Value, 3> all = visibleAliases(visible, 1);
    return all.empty() ? Value() : all.front();
  }
  /// Up to `max` such aliases: when the allocation itself is not the right
  /// name (it may be freed elsewhere on some paths), a loop or region result
  /// may be.
  template <typename Pred>
  SmallVector<Value, 3> visibleAliases(Pred visible, size_t max = 3) const {
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
  std::string describe(Value v) const {
    return "insert '" + getDeallocText(context, v, family) + "'";
  }
  void add(std::optional<FixIt> fix) {
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
  void add(FixIt fix) { add(std::optional<FixIt>(std::move(fix))); }

  const LintContext &context;
  Deallocator family;
  llvm::SetVector<Value> aliases;
  DominanceInfo dominance;
  std::vector<FixIt> fixes;
};

/// The nearest block of `region`'s CFG that post-dominates the blocks of
/// `ops` (each op taken through its ancestor in `region`); null when they
/// are not all in `region` or nothing post-dominates them.
Block *commonPostDominator(Region *region, ArrayRef<Operation *> ops) {
  if (!region || region->hasOneBlock())
    return nullptr;
  PostDominanceInfo postDominance(region->getParentOp());
  Block *common = nullptr;
  for (Operation *op : ops) {
    Operation *ancestor = region->findAncestorOpInRegion(*op);
    if (!ancestor)
      return nullptr;
    common = common ? postDominance.findNearestCommonDominator(
                          common, ancestor->getBlock())
                    : ancestor->getBlock();
    if (!common)
      return nullptr;
  }
  return common;
}

/// How the operand of a dealloc relates to a buffer `root`.
struct Derivation {
  enum Kind { Never, Always, Guarded, Unknown } kind = Unknown;
  /// Guarded: the operand is `root` exactly when `condition` is
  /// `rootWhenTrue`.
  Value condition;
  bool rootWhenTrue = true;
};

/// The derivation of a choice between `t` (when `condition` holds) and `f`.
Derivation choose(Value condition, Derivation t, Derivation f) {
  if (t.kind == f.kind &&
      (t.kind == Derivation::Always || t.kind == Derivation::Never))
    return t;
  if (t.kind == Derivation::Always && f.kind == Derivation::Never)
    return {Derivation::Guarded, condition, true};
  if (t.kind == Derivation::Never && f.kind == Derivation::Always)
    return {Derivation::Guarded, condition, false};
  return {};
}

/// Follows `value` back through views, casts, selects, `scf.if` results and
/// the edges into a block to `root`: always `root`, never (another allocation or argument),
/// `root` under one select condition, or unknown (a call, a nested guard,
/// edges that disagree). Bounded in depth (32) and in values visited
/// (`budget`): joins of joins would otherwise be visited exponentially often.
Derivation derive(Value value, Value root, unsigned depth, unsigned &budget) {
  if (value == root)
    return {Derivation::Always};
  if (depth > 32 || budget == 0)
    return {};
  --budget;
  Operation *def = value.getDefiningOp();
  if (!def) {
    auto argument = cast<BlockArgument>(value);
    Block *block = argument.getOwner();
    if (!block->isEntryBlock()) {
      // A block argument: what every edge into the block passes to it.
      std::optional<Derivation::Kind> all;
      for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
        auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
        if (!branch)
          return {};
        Value passed = branch.getSuccessorOperands(it.getSuccessorIndex())
                           [argument.getArgNumber()];
        if (!passed)
          return {};
        Derivation d = derive(passed, root, depth + 1, budget);
        if (d.kind != Derivation::Always && d.kind != Derivation::Never)
          return {};
        if (all && *all != d.kind)
          return {};
        all = d.kind;
      }
      return {all ? *all : Derivation::Unknown};
    }
    return {isa<FunctionOpInterface>(block->getParentOp())
                ? Derivation::Never
                : Derivation::Unknown};
  }
  if (auto view = dyn_cast<ViewLikeOpInterface>(def))
    return derive(view.getViewSource(), root, depth + 1, budget);
  if (auto select = dyn_cast<arith::SelectOp>(def)) {
    Derivation t = derive(select.getTrueValue(), root, depth + 1, budget);
    Derivation f = derive(select.getFalseValue(), root, depth + 1, budget);
    return choose(select.getCondition(), t, f);
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
    // A result of an `scf.if`: a select of what its branches yield.
    if (ifOp.getElseRegion().empty())
      return {};
    unsigned index = cast<OpResult>(value).getResultNumber();
    Derivation t = derive(ifOp.thenYield().getOperand(index), root, depth + 1,
                          budget);
    Derivation f = derive(ifOp.elseYield().getOperand(index), root, depth + 1,
                          budget);
    return choose(ifOp.getCondition(), t, f);
  }
  if (auto loop = dyn_cast<scf::ForOp>(def)) {
    // A result of an scf.for: its init value when the loop runs no
    // iteration (constant bounds), else what the init value and the yield
    // agree on (the yield may pass the iter_arg itself on).
    unsigned index = cast<OpResult>(value).getResultNumber();
    Derivation init =
        derive(loop.getInitArgs()[index], root, depth + 1, budget);
    std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(loop.getUpperBound());
    if (lb && ub && *lb >= *ub)
      return init;
    Value yielded = loop.getYieldedValues()[index];
    if (yielded == loop.getRegionIterArgs()[index])
      return init;
    Derivation last = derive(yielded, root, depth + 1, budget);
    if (init.kind == last.kind &&
        (init.kind == Derivation::Always || init.kind == Derivation::Never))
      return init;
    return {};
  }
  if (auto region = dyn_cast<scf::ExecuteRegionOp>(def)) {
    // What every scf.yield of its region hands out, when they agree.
    unsigned index = cast<OpResult>(value).getResultNumber();
    std::optional<Derivation::Kind> all;
    for (Block &block : region.getRegion()) {
      auto yield = dyn_cast<scf::YieldOp>(block.getTerminator());
      if (!yield)
        continue;
      Derivation d =
          derive(yield.getOperand(index), root, depth + 1, budget);
      if ((d.kind != Derivation::Always && d.kind != Derivation::Never) ||
          (all && *all != d.kind))
        return {};
      all = d.kind;
    }
    return {all ? *all : Derivation::Unknown};
  }
  if (def->getNumRegions() == 0 && def->getNumResults() == 1 &&
      isa<memref::AllocOp, memref::AllocaOp>(def))
    return {Derivation::Never};
  return {};
}

Derivation derive(Value value, Value root) {
  unsigned budget = 256;
  return derive(value, root, 0, budget);
}

/// Whether the CFG leads from `from` to `to` without running the definition
/// of `value` again (a block argument of a loop header is another buffer
/// after the back-edge).
bool reachesWithoutRedefinition(Operation *from, Operation *to, Value value) {
  Region *region = to->getParentRegion();
  Operation *fromAncestor = region->findAncestorOpInRegion(*from);
  if (!fromAncestor)
    return false;
  Block *fromBlock = fromAncestor->getBlock(), *toBlock = to->getBlock();
  Operation *defAncestor = region->findAncestorOpInRegion(
      *value.getParentBlock()->getParentOp());
  Block *defBlock = value.getParentRegion() == region
                        ? value.getParentBlock()
                        : (defAncestor ? defAncestor->getBlock() : nullptr);
  if (fromBlock == toBlock && fromAncestor->isBeforeInBlock(to))
    return true;
  llvm::SmallPtrSet<Block *, 16> seen;
  SmallVector<Block *> worklist(fromBlock->getSuccessors().begin(),
                                fromBlock->getSuccessors().end());
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    if (block == defBlock || !seen.insert(block).second)
      continue;
    if (block == toBlock)
      return true;
    for (Block *successor : block->getSuccessors())
      worklist.push_back(successor);
  }
  return false;
}

bool onlyFrees(Operation *function);

/// What the free site `op` frees: the operand of a dealloc, or the argument
/// a call passes to a helper that only frees (onlyFrees) and frees that one
/// argument; null for any other op. A call of such a helper is a dealloc
/// written elsewhere: deleting, guarding or moving it changes nothing else.
Value getFreedOperand(Operation *op) {
  if (auto dealloc = dyn_cast<memref::DeallocOp>(op))
    return dealloc.getMemref();
  auto call = dyn_cast<CallOpInterface>(op);
  if (!call || op->getNumResults() != 0)
    return Value();
  Operation *callee = call.resolveCallable();
  if (!callee || !isa<FunctionOpInterface>(callee) || !onlyFrees(callee))
    return Value();
  std::optional<unsigned> freed;
  bool other = false;
  callee->walk([&](memref::DeallocOp dealloc) {
    Value v = dealloc.getMemref();
    while (Operation *def = v.getDefiningOp()) {
      auto view = dyn_cast<ViewLikeOpInterface>(def);
      if (!view)
        break;
      v = view.getViewSource();
    }
    auto argument = dyn_cast<BlockArgument>(v);
    if (!argument || argument.getOwner()->getParentOp() != callee ||
        (freed && *freed != argument.getArgNumber()))
      other = true;
    else
      freed = argument.getArgNumber();
  });
  if (other || !freed || *freed >= call.getArgOperands().size())
    return Value();
  return call.getArgOperands()[*freed];
}

/// Whether the free site `free` frees what a return of the function then
/// returns.
bool freesReturned(Operation *free, Value returned) {
  Value freed = getFreedOperand(free);
  if (!freed || derive(freed, returned).kind != Derivation::Always)
    return false;
  for (Operation *user : returned.getUsers())
    if (user->hasTrait<OpTrait::ReturnLike>() &&
        isa<FunctionOpInterface>(user->getParentOp()) &&
        reachesWithoutRedefinition(free, user, returned))
      return true;
  return false;
}

/// The allocations `value` may hold, through views, casts, selects and the
/// results of `scf.if`;
/// empty when it may hold anything else (an argument, a block argument, a
/// call result).
SmallVector<Value> getSelectedRoots(Value value) {
  SmallVector<Value> roots, worklist{value};
  llvm::SmallPtrSet<void *, 8> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v.getAsOpaquePointer()).second)
      continue;
    if (seen.size() > 64)
      return {};
    Operation *def = v.getDefiningOp();
    if (!def)
      return {};
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      worklist.push_back(view.getViewSource());
    } else if (auto select = dyn_cast<arith::SelectOp>(def)) {
      worklist.push_back(select.getTrueValue());
      worklist.push_back(select.getFalseValue());
    } else if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
      if (ifOp.getElseRegion().empty())
        return {};
      unsigned index = cast<OpResult>(v).getResultNumber();
      worklist.push_back(ifOp.thenYield().getOperand(index));
      worklist.push_back(ifOp.elseYield().getOperand(index));
    } else if (def->getNumRegions() == 0 && def->getNumResults() == 1 &&
               isa<memref::AllocOp>(def)) {
      roots.push_back(v);
    } else {
      return {};
    }
  }
  return roots;
}

/// The value of the i1 `condition` wherever `op` runs, when an enclosing
/// `scf.if` on it decides that; nothing otherwise.
std::optional<bool> getKnownCondition(Operation *op, Value condition) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<FunctionOpInterface>(parent))
      break;
    auto ifOp = dyn_cast<scf::IfOp>(parent);
    if (!ifOp || ifOp.getCondition() != condition)
      continue;
    return ifOp.getThenRegion().isAncestor(op->getParentRegion());
  }
  return std::nullopt;
}

/// A buffer returned after it was freed, where the returned value selects
/// among allocations: every dealloc of a candidate runs only when the
/// returned value is not that candidate (the caller owns the one it gets).
/// Deallocs under an `scf.if` on the select's condition are kept or deleted;
/// the others get that guard.
std::optional<FixIt> stopFreeingSelected(const LintContext &context,
                                         Operation *ret, Value returned) {
  SmallVector<Value> roots = getSelectedRoots(returned);
  if (roots.size() < 2)
    return std::nullopt;
  const SourceInfo &source = context.getSource();
  FixItBuilder builder(context);
  llvm::SmallPtrSet<Operation *, 8> done;
  unsigned changed = 0;
  for (Value root : roots)
    for (Value alias : getAliases(root))
      for (Operation *user : alias.getUsers()) {
        auto dealloc = dyn_cast<memref::DeallocOp>(user);
        if (!dealloc || !sameFunction(dealloc, ret) ||
            !done.insert(dealloc).second)
          continue;
        // The dealloc must free one candidate, the same on every path.
        Value freed;
        for (Value candidate : roots) {
          Derivation d = derive(dealloc.getMemref(), candidate);
          if (d.kind == Derivation::Always)
            freed = candidate;
          else if (d.kind != Derivation::Never)
            return std::nullopt;
        }
        if (!freed)
          continue;
        Derivation d = derive(returned, freed);
        if (d.kind == Derivation::Never)
          continue;
        if (d.kind == Derivation::Always) {
          builder.remove(dealloc);
          ++changed;
          continue;
        }
        if (d.kind != Derivation::Guarded)
          return std::nullopt;
        // `returned` is `freed` exactly when the condition is rootWhenTrue.
        std::optional<bool> known = getKnownCondition(dealloc, d.condition);
        if (known) {
          if (*known == d.rootWhenTrue) {
            builder.remove(dealloc);
            ++changed;
          }
          continue;
        }
        std::string condition = source.getName(d.condition);
        std::optional<std::string> text = getOpText(context, dealloc);
        if (!StringRef(condition).starts_with("%") || !text)
          return std::nullopt;
        builder.replace(dealloc, d.rootWhenTrue
                                     ? "scf.if " + condition +
                                           " {\n} else {\n  " + *text + "\n}"
                                     : "scf.if " + condition + " {\n  " +
                                           *text + "\n}");
        ++changed;
      }
  if (!changed)
    return std::nullopt;
  return builder.take("free the buffers " + source.getName(returned) +
                      " may hold only where it does not hold them: the "
                      "function returns it");
}

/// The most general local candidate for a buffer freed wrongly (DESIGN §4:
/// the ownership construction, where the ownership is a select condition):
/// every free site of `root` (a dealloc, or a call of a helper that only
/// frees it) goes, a free site of a select that is `root` under a condition
/// runs only when it is not, and, unless the buffer belongs to the caller
/// (`returned`, or an argument), one dealloc of `root` goes after its last
/// use where every path of its uses joins. With `keepGuarded`, the one free
/// site of such a select stays as it is (it frees the other buffer too) and
/// the new dealloc runs under the opposite condition instead.
std::optional<FixIt> freeOnce(const LintContext &context, Value root,
                              Deallocator family, Value returned,
                              bool keepGuarded = false) {
  if (family != Deallocator::Memref)
    return std::nullopt;
  const SourceInfo &source = context.getSource();
  llvm::SetVector<Value> aliases = getAliases(root);
  FixItBuilder builder(context);
  unsigned changed = 0;
  SmallVector<Operation *> uses;
  // The free sites of `root` itself (not through a select): with only one
  // dealloc, it moves (keeping its comment) instead of being deleted and
  // written anew.
  SmallVector<Operation *> always;
  llvm::SmallPtrSet<Operation *, 8> seen;
  // With `keepGuarded`: the condition under which the kept site frees it.
  std::optional<Derivation> kept;
  for (Value alias : aliases)
    for (Operation *user : alias.getUsers()) {
      Value freed = getFreedOperand(user);
      if (!freed || !aliases.contains(freed)) {
        uses.push_back(user);
        continue;
      }
      if (!seen.insert(user).second)
        continue;
      // A free of the value the function returns (whichever buffer it
      // holds): the caller's, so it goes.
      if (returned && freesReturned(user, returned)) {
        ++changed;
        always.push_back(user);
        continue;
      }
      Derivation d = derive(freed, root);
      if (d.kind == Derivation::Never)
        continue;
      if (d.kind == Derivation::Unknown)
        return std::nullopt;
      if (d.kind == Derivation::Always) {
        ++changed;
        always.push_back(user);
        continue;
      }
      std::string condition = source.getName(d.condition);
      if (!StringRef(condition).starts_with("%"))
        return std::nullopt;
      if (keepGuarded) {
        if (kept)
          return std::nullopt;
        kept = d;
        uses.push_back(user);
        continue;
      }
      ++changed;
      std::optional<std::string> text = getOpText(context, user);
      if (!text)
        return std::nullopt;
      builder.replace(user,
                      d.rootWhenTrue
                          ? "scf.if " + condition + " {\n} else {\n  " + *text +
                                "\n}"
                          : "scf.if " + condition + " {\n  " + *text + "\n}");
    }
  bool owned = !returned && root.getDefiningOp();
  if (keepGuarded && (!kept || !owned))
    return std::nullopt;
  if (!changed && !kept)
    return std::nullopt;
  // The one dealloc of `root` that can move to the new place, if any.
  Operation *moved = nullptr;
  if (owned && !kept && always.size() == 1 &&
      isa<memref::DeallocOp>(always.front()) &&
      always.front()->getOperand(0) == root)
    moved = always.front();
  for (Operation *free : always)
    if (free != moved)
      builder.remove(free);
  if (owned) {
    Block *home = root.getParentBlock();
    Region *region = home->getParent();
    uses.push_back(root.getDefiningOp());
    Block *join = commonPostDominator(region, uses);
    if (!join)
      join = home;
    Operation *last = getLastUse(join, aliases);
    if (last && last->hasTrait<OpTrait::IsTerminator>())
      return std::nullopt;
    if (moved && last == moved)
      return std::nullopt; // already where it would go
    std::string text = getDeallocText(context, root, family);
    // A call of a helper that frees `root` itself stays the way it is
    // freed: it moves (deleting the last call of a helper that frees its
    // argument would make that helper's free an invalid one).
    for (Operation *free : always)
      if (isa<CallOpInterface>(free) && free->getNumOperands() == 1 &&
          free->getOperand(0) == root)
        if (std::optional<std::string> call = getOpText(context, free)) {
          text = *call;
          break;
        }
    if (kept) {
      std::string condition = source.getName(kept->condition);
      text = kept->rootWhenTrue
                 ? "scf.if " + condition + " {\n} else {\n  " + text + "\n}"
                 : "scf.if " + condition + " {\n  " + text + "\n}";
    }
    // With no use in its own block (only frees, elsewhere): right after
    // the allocation.
    if (!last && join == home)
      last = root.getDefiningOp();
    if (moved && last)
      builder.moveAfter(moved, last);
    else if (moved)
      builder.moveBefore(moved, &join->front());
    else if (last)
      builder.insertAfter(last, text);
    else
      builder.insertBefore(&join->front(), text);
  }
  std::string name = source.getName(root);
  std::optional<FixIt> fix = builder.take(
      kept ? "free " + name + " once, after its last use, where the free "
                 "of a value that may hold it did not"
      : owned ? "free " + name +
                  " once, after its last use, "
                  "instead of where it is freed now"
            : "stop freeing " + name + ": it belongs to the caller");
  if (fix)
    fix->general = true;
  return fix;
}

/// The allocations `value` may hold through views, casts, selects and
/// `scf.if` results, and whether it may hold anything else (an argument).
SmallVector<Value> getAllocatedChoices(Value value, bool &other) {
  SmallVector<Value> allocs, worklist{value};
  llvm::SmallPtrSet<void *, 8> seen;
  other = false;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v.getAsOpaquePointer()).second)
      continue;
    if (seen.size() > 64) {
      other = true;
      break;
    }
    Operation *def = v.getDefiningOp();
    if (!def) {
      other = true;
      continue;
    }
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      worklist.push_back(view.getViewSource());
    } else if (auto select = dyn_cast<arith::SelectOp>(def)) {
      worklist.push_back(select.getTrueValue());
      worklist.push_back(select.getFalseValue());
    } else if (auto ifOp = dyn_cast<scf::IfOp>(def);
               ifOp && !ifOp.getElseRegion().empty()) {
      unsigned index = cast<OpResult>(v).getResultNumber();
      worklist.push_back(ifOp.thenYield().getOperand(index));
      worklist.push_back(ifOp.elseYield().getOperand(index));
    } else if (def->getNumRegions() == 0 && def->getNumResults() == 1 &&
               isa<memref::AllocOp>(def)) {
      allocs.push_back(v);
    } else {
      other = true;
    }
  }
  return allocs;
}

/// An invalid free in a callee of what a call of the function passed it,
/// where the call passes either an allocation of the function's own or
/// memory it does not own, as a select or `scf.if` decides: the call runs
/// only when it passes the allocation.
std::optional<FixIt> guardCall(const LintContext &context,
                               Operation *dealloc,
                               ArrayRef<WitnessStep> witness) {
  if (!dealloc || !isa<memref::DeallocOp>(dealloc))
    return std::nullopt;
  Operation *callee = functionOf(dealloc);
  // The callee's argument the dealloc frees.
  Value freed = dealloc->getOperand(0);
  while (Operation *def = freed.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view)
      return std::nullopt;
    freed = view.getViewSource();
  }
  auto argument = dyn_cast<BlockArgument>(freed);
  if (!argument || argument.getOwner()->getParentOp() != callee)
    return std::nullopt;
  for (const WitnessStep &step : witness) {
    auto call = dyn_cast_or_null<CallOpInterface>(step.op);
    if (step.kind != WitnessStep::Kind::Call || !call ||
        call->getNumResults() != 0 || call.resolveCallable() != callee ||
        argument.getArgNumber() >= call.getArgOperands().size())
      continue;
    Value passed = call.getArgOperands()[argument.getArgNumber()];
    bool other = false;
    SmallVector<Value> allocs = getAllocatedChoices(passed, other);
    if (allocs.size() != 1 || !other)
      return std::nullopt;
    Derivation d = derive(passed, allocs.front());
    if (d.kind != Derivation::Guarded)
      return std::nullopt;
    std::string condition = context.getSource().getName(d.condition);
    std::optional<std::string> text = getOpText(context, call);
    if (!StringRef(condition).starts_with("%") || !text)
      return std::nullopt;
    FixItBuilder builder(context);
    builder.replace(call, d.rootWhenTrue
                              ? "scf.if " + condition + " {\n  " + *text +
                                    "\n}"
                              : "scf.if " + condition + " {\n} else {\n  " +
                                    *text + "\n}");
    return builder.take("call only when " +
                        context.getSource().getName(passed) + " holds " +
                        context.getSource().getName(allocs.front()) +
                        ", which the function owns (the callee frees it)");
  }
  return std::nullopt;
}

/// The successors of `terminator` (a branch) whose edges do not pass the
/// buffer of `candidates` on, when some other edge does; empty otherwise.
SmallVector<unsigned> droppingEdges(const Candidates &candidates,
                                    Operation *terminator, Value root) {
  auto branch = dyn_cast<BranchOpInterface>(terminator);
  if (!branch || terminator->getNumSuccessors() < 2)
    return {};
  // Whether a block reached from `dest` (before the buffer is allocated
  // again) uses it.
  Region *region = terminator->getParentRegion();
  Operation *rootAncestor =
      root.getDefiningOp() ? region->findAncestorOpInRegion(*root.getDefiningOp())
                           : nullptr;
  Block *defBlock = rootAncestor ? rootAncestor->getBlock() : nullptr;
  llvm::SmallPtrSet<Block *, 16> useBlocks;
  for (Value alias : candidates.getAliasSet())
    for (Operation *user : alias.getUsers())
      if (Operation *ancestor = region->findAncestorOpInRegion(*user))
        useBlocks.insert(ancestor->getBlock());
  auto liveIn = [&](Block *dest) {
    llvm::SmallPtrSet<Block *, 16> seen;
    SmallVector<Block *> worklist{dest};
    while (!worklist.empty()) {
      Block *block = worklist.pop_back_val();
      if (block == defBlock || !seen.insert(block).second)
        continue;
      if (useBlocks.contains(block))
        return true;
      for (Block *successor : block->getSuccessors())
        worklist.push_back(successor);
    }
    return false;
  };
  SmallVector<unsigned> dropping;
  for (unsigned k = 0; k < terminator->getNumSuccessors(); ++k) {
    SuccessorOperands operands = branch.getSuccessorOperands(k);
    bool passes = liveIn(terminator->getSuccessor(k));
    Block *dest = terminator->getSuccessor(k);
    for (unsigned i = 0; i < operands.size(); ++i)
      passes |= operands[i] && candidates.getAliasSet().contains(operands[i]) &&
                (i >= dest->getNumArguments() ||
                 !dest->getArgument(i).use_empty());
    if (!passes)
      dropping.push_back(k);
  }
  if (dropping.size() == terminator->getNumSuccessors())
    return {};
  return dropping;
}

/// A function whose body only frees (deallocs of its arguments and their
/// views, constants, the return): moving a call of it moves nothing else.
bool onlyFrees(Operation *function) {
  if (!function || function->getNumRegions() == 0 ||
      function->getRegion(0).empty())
    return false;
  return function->walk([](Operation *op) {
           if (isa<FunctionOpInterface>(op) || isa<memref::DeallocOp>(op) ||
               isa<ViewLikeOpInterface>(op) ||
               op->hasTrait<OpTrait::ConstantLike>() ||
               op->hasTrait<OpTrait::ReturnLike>())
             return WalkResult::advance();
           return WalkResult::interrupt();
         }).wasInterrupted() == false;
}

/// A use after a call that freed the buffer in a helper that only frees
/// (the witness enters it): the call moves after the last use in its block.
std::optional<FixIt> moveFreeingCall(const LintContext &context,
                                     Operation *free, Operation *use,
                                     ArrayRef<WitnessStep> witness,
                                     const llvm::SetVector<Value> &aliases) {
  Operation *callee = functionOf(free);
  for (const WitnessStep &step : witness) {
    auto call = dyn_cast_or_null<CallOpInterface>(step.op);
    if (step.kind != WitnessStep::Kind::Call || !call ||
        call->getNumResults() != 0 || !sameFunction(call, use) ||
        call.resolveCallable() != callee || !onlyFrees(callee))
      continue;
    Operation *last = getLastUse(call->getBlock(), aliases);
    if (!last || last == call.getOperation() ||
        !call->isBeforeInBlock(last) ||
        last->hasTrait<OpTrait::IsTerminator>())
      return std::nullopt;
    FixItBuilder builder(context);
    builder.moveAfter(call, last);
    return builder.take("move the call that frees it after the last use");
  }
  return std::nullopt;
}

/// A call of a helper that only frees, inside a loop or region of the
/// function that allocated `buffer` outside of it, freeing it on every
/// iteration: the call moves after that op, passing `buffer` itself when
/// what the call passed (a cast inside the loop) is not visible there.
std::optional<FixIt> moveFreeingCallOut(const LintContext &context,
                                        Operation *free, Value buffer,
                                        ArrayRef<WitnessStep> witness) {
  if (!buffer || !free)
    return std::nullopt;
  Operation *callee = functionOf(free);
  for (const WitnessStep &step : witness) {
    auto call = dyn_cast_or_null<CallOpInterface>(step.op);
    if (step.kind != WitnessStep::Kind::Call || !call ||
        call->getNumResults() != 0 ||
        !sameFunction(call, buffer.getParentBlock()->getParentOp()) ||
        call.resolveCallable() != callee || !onlyFrees(callee))
      continue;
    Operation *ancestor = buffer.getParentBlock()->findAncestorOpInBlock(*call);
    if (!ancestor || ancestor == call.getOperation())
      return std::nullopt;
    std::optional<std::string> text = getOpText(context, call);
    if (!text)
      return std::nullopt;
    DominanceInfo dominance(functionOf(call));
    const SourceInfo &source = context.getSource();
    std::string moved = *text;
    for (Value operand : call.getArgOperands()) {
      if (dominance.properlyDominates(operand, ancestor->getNextNode()))
        continue;
      // Not visible after the loop: the buffer itself, when it is what the
      // operand always holds, with the same type.
      if (operand.getType() != buffer.getType() ||
          derive(operand, buffer).kind != Derivation::Always)
        return std::nullopt;
      std::string from = source.getName(operand), to = source.getName(buffer);
      size_t at = moved.find(from + ")");
      if (at == std::string::npos)
        at = moved.find(from + ",");
      if (at == std::string::npos || from.empty() || to.empty())
        return std::nullopt;
      moved.replace(at, from.size(), to);
    }
    FixItBuilder builder(context);
    builder.remove(call);
    builder.insertAfter(ancestor, moved);
    return builder.take(isa<LoopLikeOpInterface>(ancestor)
                            ? "move the call that frees it after the loop"
                            : "move the call that frees it out of the region");
  }
  return std::nullopt;
}

/// The flagged-join candidates of LifetimeFlagFixes.cpp for `root`: the
/// first blocks (not entry blocks) of its function with arguments that may
/// hold it.
void addJoinHoldFixes(const LintContext &context, Value root,
                      Deallocator family, std::vector<FixIt> &fixes,
                      bool returned = false) {
  if (!root || !root.getDefiningOp())
    return;
  // (And an scf.for's ownership flag of it that starts true.)
  for (FixIt &fix : getLoopFlagInitFixes(context, root))
    fixes.push_back(std::move(fix));
  llvm::SetVector<Block *> joins;
  for (Value alias : getAliases(root))
    if (auto argument = dyn_cast<BlockArgument>(alias))
      if (!argument.getOwner()->isEntryBlock() &&
          sameFunction(argument.getOwner()->getParentOp(), root.getDefiningOp()))
        joins.insert(argument.getOwner());
  for (Block *join : joins.getArrayRef().take_front(4))
    for (FixIt &fix : getJoinHoldFixes(context, root, join, family, returned))
      fixes.push_back(std::move(fix));
}

/// The most general candidates for a use after free: free the buffer once,
/// after its last use, or not at all when the use `use` returns it to the
/// caller (its free sites in the function, deallocs or calls of helpers that
/// only free, go).
void addFreeOnceFixes(const LintContext &context, const LifetimeEvent &event,
                      Operation *use, const llvm::SetVector<Value> &aliases,
                      std::vector<FixIt> &fixes) {
  // The most general: free it once, after its last use (or not at all when
  // the use returns it to the caller).
  Value returned;
  if (use->hasTrait<OpTrait::ReturnLike>() &&
      isa<FunctionOpInterface>(use->getParentOp())) {
    for (Value operand : use->getOperands())
      if (aliases.contains(operand))
        returned = operand;
  }
  // Returned: the free sites of the returned value itself go (whichever
  // buffer it holds, the caller owns it), the others stay.
  if (returned) {
    FixItBuilder builder(context);
    unsigned removed = 0;
    llvm::SmallPtrSet<Operation *, 8> done;
    for (Value alias : aliases)
      for (Operation *user : alias.getUsers())
        if (sameFunction(user, use) && freesReturned(user, returned) &&
            done.insert(user).second) {
          builder.remove(user);
          ++removed;
        }
    if (removed)
      if (auto fix = builder.take("stop freeing " +
                                  context.getSource().getName(returned) +
                                  ": the function returns it"))
        fixes.push_back(std::move(*fix));
  }
  if (returned)
    if (auto fix = stopFreeingSelected(context, use, returned))
      fixes.push_back(std::move(*fix));
  if (auto fix = freeOnce(context, event.buffer, event.allocFamily, returned))
    fixes.push_back(std::move(*fix));
  if (auto fix = freeOnce(context, event.buffer, event.allocFamily, returned,
                          /*keepGuarded=*/true))
    fixes.push_back(std::move(*fix));
}

} // namespace

std::vector<FixIt> memlint::getLeakFixes(const LintContext &context,
                                         const LifetimeEvent &event) {
  Operation *site = event.op;
  if (!site || !site->getParentOfType<FunctionOpInterface>())
    return {};
  // The buffer as the leaking function sees it: the allocation, or the
  // results of the call that returned it.
  SmallVector<Value> roots;
  if (event.buffer && event.buffer.getDefiningOp() == site)
    roots.push_back(event.buffer);
  else
    for (Value result : site->getResults())
      if (isa<BaseMemRefType>(result.getType()) ||
          event.allocFamily == Deallocator::LibC)
        roots.push_back(result);
  std::vector<FixIt> all;
  for (Value root : roots) {
    Candidates candidates(context, root, event.allocFamily);
    auto atHome = [&] {
      Block *home = root.getParentBlock();
      Operation *last = getLastUse(home, candidates.getAliasSet());
      candidates.insertAfter(last ? last : site, "after the last use");
    };
    // In a CFG: after the last use in the block where every path of its
    // uses joins (a loss the path meets in a callee or a caller).
    auto atJoin = [&] {
      SmallVector<Operation *> uses{site};
      for (Value alias : candidates.getAliasSet())
        for (Operation *user : alias.getUsers())
          uses.push_back(user);
      Block *join = commonPostDominator(root.getParentRegion(), uses);
      if (!join)
        return;
      if (Operation *last = getLastUse(join, candidates.getAliasSet()))
        candidates.insertAfter(last, "after its last use, where the paths "
                                     "of its uses join");
      else
        candidates.insertBefore(&join->front(), "where the paths of its "
                                                "uses join");
    };
    auto alongWitness = [&] {
      for (const WitnessStep &step : llvm::reverse(event.pathBranches)) {
        if (step.kind != WitnessStep::Kind::Branch || !sameFunction(step.op, site))
          continue;
        Operation *op = step.op;
        if (isa<RegionBranchOpInterface>(op)) {
          if (step.successor >= 0 &&
              step.successor < (int)op->getNumRegions() &&
              !op->getRegion(step.successor).empty())
            candidates.insertAtEnd(&op->getRegion(step.successor).front(),
                                   "at the end of the branch that leaks");
          else if (auto ifOp = dyn_cast<scf::IfOp>(op))
            candidates.addElseRegion(ifOp);
        } else if (step.successor >= 0 &&
                   step.successor < (int)op->getNumSuccessors() &&
                   op->getSuccessor(step.successor)->getSinglePredecessor() ==
                       op->getBlock()) {
          // Only a block this edge alone enters: a block that other edges
          // (also of the same branch) enter is not the leaking path's own.
          Block *dest = op->getSuccessor(step.successor);
          Operation *last = getLastUse(dest, candidates.getAliasSet());
          if (last)
            candidates.insertAfter(last, "in the block that leaks");
          else
            candidates.insertBefore(&dest->front(), "in the block that leaks");
        }
      }
    };
    // The loss at a branch: the edge the witness takes, or every edge that
    // does not pass the buffer on, through a block that frees it.
    auto onEdges = [&] {
      Operation *loss = event.relatedOp;
      // Lost in a caller (the witness returned first): the branch that ends
      // the allocating block is where a CFG loop drops it.
      bool inCaller = !sameFunction(loss, site);
      if (inCaller)
        loss = site->getBlock()->getTerminator();
      if (!sameFunction(loss, site) || !loss ||
          !loss->hasTrait<OpTrait::IsTerminator>() ||
          loss->getNumSuccessors() == 0)
        return;
      auto branch = dyn_cast<BranchOpInterface>(loss);
      if (!branch)
        return;
      // The edges that pass the buffer on pass it to arguments nobody uses:
      // free it before the branch.
      bool deadArguments = true;
      for (unsigned k = 0; k < loss->getNumSuccessors(); ++k) {
        SuccessorOperands operands = branch.getSuccessorOperands(k);
        Block *dest = loss->getSuccessor(k);
        for (unsigned i = 0; i < operands.size(); ++i) {
          // operands[i] is what block argument i receives (null when the
          // op produces it).
          if (!candidates.getAliasSet().contains(operands[i]))
            continue;
          if (i >= dest->getNumArguments() ||
              !dest->getArgument(i).use_empty())
            deadArguments = false;
        }
      }
      if (deadArguments)
        candidates.insertBefore(loss, "before the branch (the blocks it "
                                      "passes the buffer to do not use it)",
                                /*deadUses=*/true);
      SmallVector<unsigned> dropping;
      for (unsigned k = 0; k < loss->getNumSuccessors(); ++k) {
        SuccessorOperands operands = branch.getSuccessorOperands(k);
        bool passes = false;
        // An edge that passes it only to block arguments nobody uses
        // drops it too.
        Block *dest = loss->getSuccessor(k);
        for (unsigned i = 0; i < operands.size(); ++i)
          passes |= candidates.getAliasSet().contains(operands[i]) &&
                    (i >= dest->getNumArguments() ||
                     !dest->getArgument(i).use_empty());
        if (!passes)
          dropping.push_back(k);
      }
      bool named = false;
      for (const WitnessStep &step : llvm::reverse(event.pathBranches))
        if (!inCaller && step.kind == WitnessStep::Kind::Branch &&
            step.op == loss) {
          named = true;
          if (llvm::is_contained(dropping, (unsigned)step.successor)) {
            candidates.splitEdges(loss, {(unsigned)step.successor},
                                  "on the edge where the last reference is "
                                  "lost");
            candidates.splitEdgesAndExits(
                root, loss, {(unsigned)step.successor},
                "on the edge where the last reference is lost");
          }
          break;
        }
      if (!dropping.empty() && (dropping.size() > 1 || !named)) {
        candidates.splitEdges(loss, dropping,
                              "on each edge that does not pass it on");
        candidates.splitEdgesAndExits(root, loss, dropping,
                                      "on each edge that does not pass it on");
      }
    };
    // The most general for a buffer handed to a join by some of its edges:
    // an ownership flag passed with it.
    auto withFlag = [&] {
      unsigned tried = 0;
      for (Value alias : candidates.getAliasSet())
        if (auto argument = dyn_cast<BlockArgument>(alias))
          if (sameFunction(argument.getOwner()->getParentOp(), site) &&
              tried++ < 2)
            candidates.ownershipFlag(argument, "where the paths join");
      // Flags on every argument of a join that may hold it, each edge
      // passing what it hands over (LifetimeFlagFixes.cpp).
      llvm::SetVector<Block *> joins;
      for (Value alias : candidates.getAliasSet())
        if (auto argument = dyn_cast<BlockArgument>(alias))
          if (!argument.getOwner()->isEntryBlock() &&
              sameFunction(argument.getOwner()->getParentOp(), site))
            joins.insert(argument.getOwner());
      for (Block *join : joins.getArrayRef().take_front(4))
        for (FixIt &fix :
             getJoinFlagFixes(context, root, join, event.allocFamily))
          candidates.addFix(std::move(fix));
    };
    // A buffer of an scf.for body carried to the next iteration, which
    // replaces it: an ownership flag carried with it.
    auto loopCarried = [&] {
      // The same through an scf.while (LifetimeFlagFixes.cpp).
      for (FixIt &fix :
           getWhileCarriedFlagFixes(context, root, event.allocFamily))
        candidates.addFix(std::move(fix));
      auto loop = dyn_cast<scf::ForOp>(root.getParentBlock()->getParentOp());
      if (!loop || root.getParentBlock() != loop.getBody())
        return;
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      for (OpOperand &operand : yield->getOpOperands())
        if (derive(operand.get(), root).kind == Derivation::Always) {
          candidates.loopCarriedFlag(loop, operand.getOperandNumber(),
                                     /*afterLoop=*/false, "");
          candidates.loopCarriedFlag(loop, operand.getOperandNumber(),
                                     /*afterLoop=*/true, "");
          return;
        }
    };
    auto atExits = [&] {
      candidates.insertBeforeExits(root, "before each return");
    };
    auto atLoss = [&] {
      if (!sameFunction(event.relatedOp, site))
        return;
      if (candidates.isImplicitTerminator(event.relatedOp))
        candidates.insertAtEnd(event.relatedOp->getBlock(),
                               "where the last reference is lost");
      else
        candidates.insertBefore(event.relatedOp,
                                "where the last reference is lost");
      candidates.insertAllResultsBefore(event.relatedOp,
                                        "where the last reference is lost");
      // A loss inside a loop or region the buffer was allocated outside of
      // (its last use there): after that op, in the block of the buffer's
      // region the path loses it in.
      Operation *ancestor =
          root.getParentRegion()->findAncestorOpInRegion(*event.relatedOp);
      if (ancestor && ancestor != event.relatedOp)
        candidates.insertAtEnd(ancestor->getBlock(),
                               "at the end of the block where the last "
                               "reference is lost");
    };
    // A buffer of a nested region that the region hands out (an scf.if
    // result) and whose last reference dies outside: at the end of each
    // enclosing block that does not hold the loss, the innermost first.
    auto enclosing = [&] {
      if (!sameFunction(event.relatedOp, site))
        return;
      for (Block *block = site->getBlock(); block;) {
        if (block->findAncestorOpInBlock(*event.relatedOp)) {
          // The block that holds the loss too: after the last use there.
          if (block != site->getBlock())
            if (Operation *last = getLastUse(block, candidates.getAliasSet()))
              candidates.insertAfter(last, "after the last use of what the "
                                           "region hands out");
          break;
        }
        // The allocating block too when its terminator hands the buffer
        // out (a yield of a region whose result nobody frees): after the
        // last use there is no place, the yield is.
        Operation *last = block == site->getBlock()
                              ? getLastUse(block, candidates.getAliasSet())
                              : nullptr;
        if (block != site->getBlock() ||
            (last && last->hasTrait<OpTrait::IsTerminator>() &&
             last->getNumSuccessors() == 0))
          candidates.insertAtEnd(block,
                                 "at the end of the region that hands it out",
                                 /*outOfRegion=*/block == site->getBlock());
        Operation *parent = block->getParentOp();
        if (!parent || isa<FunctionOpInterface>(parent))
          break;
        block = parent->getBlock();
      }
    };
    // Guards: the branch decisions of the witness, and ownership flags
    // forwarded with the buffer (an i1 block argument or region result next
    // to it), so that a buffer that is owned only on some paths is freed
    // only there.
    auto guarded = [&] {
      // Where to free: before the loss; for a loss the path meets in a
      // callee or a caller, after the last use where the paths of its uses
      // join.
      Operation *anchor = event.relatedOp;
      bool after = false;
      if (!sameFunction(event.relatedOp, site)) {
        SmallVector<Operation *> uses{site};
        for (Value alias : candidates.getAliasSet())
          for (Operation *user : alias.getUsers())
            uses.push_back(user);
        // (In the function's body: the uses of what a nested region hands
        // out are outside that region.)
        Region *body = &functionOf(site)->getRegion(0);
        Block *join = body->hasOneBlock() ? &body->front()
                                          : commonPostDominator(body, uses);
        if (!join)
          return;
        anchor = getLastUse(join, candidates.getAliasSet());
        after = anchor && !anchor->hasTrait<OpTrait::IsTerminator>();
        if (!anchor)
          anchor = &join->front();
        else if (!after)
          return;
      }
      auto insert = [&](ArrayRef<Candidates::Guard> which) {
        if (after)
          candidates.insertGuardedAfter(anchor, which,
                                        "after its last use, where the paths "
                                        "of its uses join");
        else
          candidates.insertGuardedBefore(anchor, which,
                                         "where the last reference is lost");
      };
      SmallVector<Candidates::Guard> guards;
      auto addGuard = [&](Value condition, bool polarity) {
        if (!condition || !condition.getType().isInteger(1))
          return;
        for (const Candidates::Guard &g : guards)
          if (g.first == condition)
            return;
        guards.push_back({condition, polarity});
      };
      for (Value alias : candidates.getAliasSet()) {
        auto flags = isa<BlockArgument>(alias)
                         ? ValueRange(cast<BlockArgument>(alias)
                                          .getOwner()
                                          ->getArguments())
                         : ValueRange(alias.getDefiningOp()->getResults());
        for (Value flag : flags)
          addGuard(flag, true);
      }
      // A buffer a select may hand on (a returned select): freed when the
      // select picks the other one.
      for (Value alias : candidates.getAliasSet())
        if (auto select = alias.getDefiningOp<arith::SelectOp>()) {
          bool onTrue = candidates.getAliasSet().contains(select.getTrueValue());
          bool onFalse =
              candidates.getAliasSet().contains(select.getFalseValue());
          if (onTrue != onFalse)
            addGuard(select.getCondition(), onFalse);
        }
      // A buffer yielded by one branch of an scf.if is owned when that
      // branch ran.
      for (Value alias : candidates.getAliasSet()) {
        auto result = dyn_cast<OpResult>(alias);
        auto ifOp = result ? dyn_cast<scf::IfOp>(result.getOwner()) : nullptr;
        if (!ifOp || ifOp.getElseRegion().empty())
          continue;
        for (unsigned r = 0; r < 2; ++r) {
          auto yield = cast<scf::YieldOp>(
              ifOp->getRegion(r).front().getTerminator());
          if (candidates.getAliasSet().contains(
                  yield.getOperand(result.getResultNumber())))
            addGuard(ifOp.getCondition(), r == 0);
        }
      }
      size_t numFlags = guards.size();
      for (const WitnessStep &step : llvm::reverse(event.pathBranches)) {
        if (step.kind != WitnessStep::Kind::Branch ||
            !sameFunction(step.op, site))
          continue;
        // scf.if: region 0 is the true branch; the else region or, without
        // one, the parent (-1) is the false branch.
        if (auto ifOp = dyn_cast<scf::IfOp>(step.op))
          addGuard(ifOp.getCondition(), step.successor == 0);
        else if (auto br = dyn_cast<cf::CondBranchOp>(step.op))
          addGuard(br.getCondition(), step.successor == 0);
      }
      constexpr size_t kMaxGuarded = 8;
      size_t tried = 0;
      for (size_t i = 0; i < guards.size() && tried < kMaxGuarded; ++i, ++tried)
        insert({guards[i]});
      // A loss at a region op that hands the buffer and its flag out (the
      // flag's dealloc missing): after it, guarded by the flag.
      if (anchor == event.relatedOp && event.relatedOp->getNumRegions() != 0)
        for (size_t i = 0; i < numFlags; ++i)
          candidates.insertGuardedAfter(event.relatedOp, {guards[i]},
                                        "after the op that hands it out");
      // Two guards: two branch decisions, or an ownership flag (or the
      // branch that yields the buffer) and a branch decision.
      tried = 0;
      for (size_t i = 0; i < guards.size(); ++i)
        for (size_t j = std::max(i + 1, numFlags);
             j < guards.size() && tried < kMaxGuarded; ++j, ++tried)
          insert({guards[i], guards[j]});
    };
    // A dealloc that runs on some paths only: move it to the block that
    // post-dominates it and the point where the buffer leaks.
    auto moveExisting = [&] {
      if (!sameFunction(event.relatedOp, site))
        return;
      for (Value alias : candidates.getAliasSet())
        for (Operation *user : alias.getUsers()) {
          if (!isa<memref::DeallocOp>(user) ||
              !sameFunction(user, site))
            continue;
          Region *region = user->getParentRegion();
          Block *join = commonPostDominator(region, {user, event.relatedOp});
          if (!join || join == user->getBlock())
            continue;
          candidates.moveDeallocTo(user, join,
                                   "moved to where the paths join");
        }
    };
    if (event.allPaths) {
      atHome();
      atJoin();
      alongWitness();
      atLoss();
      enclosing();
      moveExisting();
      atExits();
      onEdges();
      guarded();
      withFlag();
      loopCarried();
    } else {
      alongWitness();
      atLoss();
      enclosing();
      moveExisting();
      atHome();
      atJoin();
      guarded();
      atExits();
      onEdges();
      withFlag();
      loopCarried();
    }
    // Lost on some path and dropped by an edge of the allocating block's
    // branch (a back-edge that allocates again) that the other path takes
    // not: each candidate with that edge freeing it too.
    if (!event.allPaths && site->getBlock() == root.getParentBlock())
      if (Operation *branch = site->getBlock()->getTerminator())
        if (auto edges = droppingEdges(candidates, branch, root);
            !edges.empty())
          if (auto extra = candidates.makeEdges(
                  branch, edges, "on each edge that does not pass it on"))
            candidates.combineWith(*extra);
    // Dropped by edges of several branches (a back-edge, an edge that
    // passes it to an argument nobody uses): a block on each of them.
    if (!event.allPaths && root.getParentRegion() &&
        !root.getParentRegion()->hasOneBlock()) {
      DominanceInfo dominance(functionOf(site));
      std::optional<FixIt> merged;
      unsigned branches = 0;
      for (Block &block : *root.getParentRegion()) {
        Operation *terminator = block.getTerminator();
        if (!terminator || !dominance.properlyDominates(root, terminator))
          continue;
        SmallVector<unsigned> edges =
            droppingEdges(candidates, terminator, root);
        if (edges.empty())
          continue;
        std::optional<FixIt> fix = candidates.makeEdges(
            terminator, edges, "on each edge that drops it");
        if (!fix)
          continue;
        ++branches;
        if (!merged) {
          merged = std::move(fix);
          continue;
        }
        for (FixEdit &edit : fix->edits)
          merged->edits.push_back(std::move(edit));
      }
      if (merged && branches > 1) {
        merged->edits = sortEdits(merged->edits);
        merged->description = "free it on each edge of a branch that drops "
                              "it";
        merged->general = true;
        candidates.addFix(std::move(*merged));
      }
    }
    for (FixIt &fix : candidates.take())
      all.push_back(std::move(fix));
    // The most general: its frees replaced by one after its last use.
    if (event.buffer && root == event.buffer)
      if (auto fix = freeOnce(context, root, event.allocFamily,
                              /*returned=*/Value()))
        all.push_back(std::move(*fix));
    if (event.buffer && root == event.buffer)
      if (auto fix = freeOnce(context, root, event.allocFamily,
                              /*returned=*/Value(), /*keepGuarded=*/true))
        all.push_back(std::move(*fix));
  }
  return all;
}

std::vector<FixIt> memlint::getDoubleFreeFixes(const LintContext &context,
                                               const LifetimeEvent &event) {
  std::vector<FixIt> fixes;
  Operation *second = event.op, *first = event.relatedOp;
  if (!second)
    return fixes;
  // A dealloc that runs on every iteration of a loop (or in a region) the
  // buffer was allocated outside of: move it after that op.
  Value buffer = event.buffer;
  auto moveOutOf = [&](Value v) {
    if (!v || !sameFunction(v.getParentBlock()->getParentOp(), second))
      return;
    Operation *ancestor = v.getParentBlock()->findAncestorOpInBlock(*second);
    if (!ancestor || ancestor == second)
      return;
    FixItBuilder builder(context);
    builder.moveAfter(second, ancestor);
    if (auto fix = builder.take(isa<LoopLikeOpInterface>(ancestor)
                                    ? "move the dealloc after the loop"
                                    : "move the dealloc out of the region"))
      fixes.push_back(std::move(*fix));
  };
  moveOutOf(buffer);
  // After the deletes: the same for the value freed when it is not the
  // buffer (a loop result freed in a later loop).
  Value freed = second->getNumOperands() == 1 ? second->getOperand(0) : Value();
  size_t movedOut = fixes.size();
  FixItBuilder removeSecond(context);
  removeSecond.remove(second);
  if (auto fix = removeSecond.take("delete the redundant dealloc"))
    fixes.push_back(std::move(*fix));
  if (first && sameFunction(first, second)) {
    FixItBuilder removeFirst(context);
    removeFirst.remove(first);
    if (auto fix = removeFirst.take("delete the first dealloc"))
      fixes.push_back(std::move(*fix));
  }
  if (!movedOut && freed && freed != buffer &&
      (!buffer || freed.getParentBlock() != buffer.getParentBlock()))
    moveOutOf(freed);
  // (Also when the second free is in a helper the function calls: its call
  // is a free site of the buffer.)
  if (buffer) {
    if (auto fix = freeOnce(context, buffer, event.allocFamily,
                            /*returned=*/Value()))
      fixes.push_back(std::move(*fix));
    if (auto fix = freeOnce(context, buffer, event.allocFamily,
                            /*returned=*/Value(), /*keepGuarded=*/true))
      fixes.push_back(std::move(*fix));
  }
  addJoinHoldFixes(context, buffer, event.allocFamily, fixes);
  // A free in a callee of memory a call passed it that is not always the
  // caller's own, or a call of such a callee in a loop.
  for (Operation *free : {first, second})
    if (auto fix = guardCall(context, free, event.witness))
      fixes.push_back(std::move(*fix));
  if (auto fix = moveFreeingCallOut(context, second, event.buffer,
                                    event.witness))
    fixes.push_back(std::move(*fix));
  return fixes;
}

std::vector<FixIt> memlint::getUseAfterFreeFixes(const LintContext &context,
                                                 const LifetimeEvent &event) {
  std::vector<FixIt> fixes;
  Operation *free = event.relatedOp, *use = event.op;
  if (free && use && !sameFunction(free, use)) {
    if (event.buffer)
      if (auto fix = moveFreeingCall(context, free, use, event.witness,
                                     getAliases(event.buffer)))
        fixes.push_back(std::move(*fix));
    if (auto fix = guardCall(context, free, event.witness))
      fixes.push_back(std::move(*fix));
    if (auto fix = moveFreeingCallOut(context, free, event.buffer,
                                      event.witness))
      fixes.push_back(std::move(*fix));
  }
  if (!free || !use || !event.buffer)
    return fixes;
  llvm::SetVector<Value> aliases = getAliases(event.buffer);
  // Freed in a helper the function calls: the call is the free site.
  if (!sameFunction(free, use)) {
    addFreeOnceFixes(context, event, use, aliases, fixes);
    for (FixIt &fix : getLoopFlagInitFixes(context, event.buffer))
      fixes.push_back(std::move(fix));
    return fixes;
  }
  for (Block *block = free->getBlock(); block;) {
    Operation *ancestor = block->findAncestorOpInBlock(*free);
    Operation *last = getLastUse(block, aliases);
    if (last && ancestor->isBeforeInBlock(last) &&
        !last->hasTrait<OpTrait::IsTerminator>()) {
      FixItBuilder builder(context);
      builder.moveAfter(free, last);
      if (auto fix = builder.take("move the dealloc after the last use"))
        fixes.push_back(std::move(*fix));
    }
    Operation *parent = block->getParentOp();
    if (!parent || isa<FunctionOpInterface>(parent))
      break;
    block = parent->getBlock();
  }
  // After the use itself (or the op of the dealloc's block that holds it)
  // when that is later in the dealloc's block: the alias sets above are
  // over-approximated (a loop-carried value counts as an alias of every
  // buffer it may carry), so their last use can be a terminator.
  if (Operation *holder = free->getBlock()->findAncestorOpInBlock(*use))
    if (holder != free && free->isBeforeInBlock(holder) &&
        !holder->hasTrait<OpTrait::IsTerminator>()) {
      FixItBuilder builder(context);
      builder.moveAfter(free, holder);
      if (auto fix = builder.take("move the dealloc after the use"))
        fixes.push_back(std::move(*fix));
    }
  // Uses in other blocks of a CFG: move the dealloc to the block that
  // post-dominates it and every use (after the last use there).
  SmallVector<Operation *> points{free};
  for (Value alias : aliases)
    for (Operation *user : alias.getUsers())
      if (user != free)
        points.push_back(user);
  Region *region = free->getParentRegion();
  if (Block *join = commonPostDominator(region, points)) {
    if (join != region->findAncestorOpInRegion(*free)->getBlock()) {
      Operation *last = getLastUse(join, aliases);
      FixItBuilder builder(context);
      if (last && !last->hasTrait<OpTrait::IsTerminator>())
        builder.moveAfter(free, last);
      else if (!last)
        builder.moveBefore(free, &join->front());
      if (auto fix = builder.take("move the dealloc to the block where the "
                                  "paths of its uses join"))
        fixes.push_back(std::move(*fix));
    }
  }
  addFreeOnceFixes(context, event, use, aliases, fixes);
  // (A return of the buffer: the caller owns it, nothing frees it here.)
  addJoinHoldFixes(context, event.buffer, event.allocFamily, fixes,
                   use->hasTrait<OpTrait::ReturnLike>() &&
                       isa<FunctionOpInterface>(use->getParentOp()) &&
                       llvm::is_contained(use->getOperands(), event.buffer));
  return fixes;
}

std::vector<FixIt> memlint::getInvalidFreeFixes(const LintContext &context,
                                                const LifetimeEvent &event) {
  std::vector<FixIt> fixes;
  Operation *dealloc = event.op;
  if (!dealloc || dealloc->getNumOperands() != 1 ||
      !isa<BaseMemRefType>(dealloc->getOperand(0).getType()))
    return fixes;
  Value freed = dealloc->getOperand(0);
  switch (event.reason) {
  case InvalidFreeReason::InteriorView: {
    Value buffer = event.buffer;
    if (buffer &&
        sameFunction(buffer.getParentBlock()->getParentOp(), dealloc) &&
        DominanceInfo(functionOf(dealloc)).properlyDominates(buffer, dealloc)) {
      FixItBuilder builder(context);
      builder.replace(dealloc,
                      getDeallocText(context, buffer, event.allocFamily));
      if (auto fix = builder.take("free the buffer " +
                                  context.getSource().getName(buffer) +
                                  " itself"))
        fixes.push_back(std::move(*fix));
    }
    break;
  }
  case InvalidFreeReason::MismatchedDeallocator: {
    FixItBuilder builder(context);
    std::string text = getDeallocText(context, freed, event.allocFamily);
    builder.replace(dealloc, text);
    if (auto fix = builder.take("free it with '" + text + "'"))
      fixes.push_back(std::move(*fix));
    break;
  }
  default:
    break;
  }
  FixItBuilder remove(context);
  remove.remove(dealloc);
  if (auto fix = remove.take("delete the dealloc: the memory is not the "
                             "function's to free"))
    fixes.push_back(std::move(*fix));
  if (auto fix = guardCall(context, event.op, event.witness))
    fixes.push_back(std::move(*fix));
  return fixes;
}

std::vector<FixIt> memlint::getAllocaInLoopFixes(const LintContext &context,
                                                 Operation *alloca,
                                                 Operation *loop,
                                                 bool cfgCycle) {
  std::vector<FixIt> fixes;
  if (!alloca || !loop || !sameFunction(alloca, loop))
    return fixes;
  // Where it goes: before the loop op, or, for a CFG cycle, before the
  // terminator of the function's entry block (outside every cycle).
  Operation *anchor = loop;
  if (cfgCycle) {
    Region *body = &functionOf(alloca)->getRegion(0);
    if (body->empty() || alloca->getBlock() == &body->front())
      return fixes;
    anchor = body->front().getTerminator();
  }
  if (!anchor || (!cfgCycle && !loop->isProperAncestor(alloca)))
    return fixes;
  DominanceInfo dominance(functionOf(alloca));
  for (Value operand : alloca->getOperands())
    if (!dominance.properlyDominates(operand, anchor))
      return fixes; // a size computed in the loop
  FixItBuilder builder(context);
  builder.moveBefore(alloca, anchor);
  if (auto fix = builder.take(cfgCycle ? "allocate it once, in the entry block"
                                       : "allocate it once, before the loop"))
    fixes.push_back(std::move(*fix));
  return fixes;
}

//===----------------------------------------------------------------------===//
// Shared queries (LifetimeFixSupport.h)
//===----------------------------------------------------------------------===//

llvm::SetVector<Value> memlint::getFixAliases(Value root) {
  return getAliases(root);
}

Operation *memlint::getLastUseIn(Block *block,
                                 const llvm::SetVector<Value> &values) {
  return getLastUse(block, values);
}

bool memlint::derivesAlways(Value value, Value root) {
  return derive(value, root).kind == Derivation::Always;
}

RootDerivation memlint::deriveFromRoot(Value value, Value root) {
  Derivation d = derive(value, root);
  RootDerivation result;
  result.kind = static_cast<RootDerivation::Kind>(d.kind);
  result.condition = d.condition;
  result.rootWhenTrue = d.rootWhenTrue;
  return result;
}

SmallVector<std::pair<uint64_t, uint64_t>>
memlint::getSuccessorSpans(const SourceInfo &source, Operation *terminator) {
  return successorSpans(source, terminator);
}

Block *memlint::getCommonPostDominator(Region *region,
                                       ArrayRef<Operation *> ops) {
  return commonPostDominator(region, ops);
}
