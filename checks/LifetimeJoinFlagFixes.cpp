//===- LifetimeJoinFlagFixes.cpp - Flags passed into a join ---------------===//
//
// Owns the two flags a join's edges pass for a buffer some of them hand to
// an argument of the join and others do not (see getJoinKeepFlagFix and
// getJoinBaseFlagFix in LifetimeFlagFixes.h): a keep flag, under which the
// buffer is freed in the join unless it was handed on, and a base buffer with
// its own flag, for edges that hand over only a view of it (also of an
// earlier round's buffer, round a CFG loop: getLoopBaseFlagFix). It reads
// the IR and the source text and builds edits; it never runs an analysis,
// and whether a candidate is right is the validation's to decide
// (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFlagFixes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace memlint;

namespace {
/// What both join flags start from.
struct JoinFlagSite {
  /// The function of the buffer and the join.
  Operation *function;
  /// Its entry block, where the flags' constants go.
  Block *entry;
  /// The line of the buffer's definition, which names the new values.
  std::string line;
  /// The join's arguments that may hold the buffer.
  SmallVector<BlockArgument> holders;
};
} // namespace

/// The site of a join flag for `root` at `join`: a join that is not the
/// entry block, in the region of the buffer's definition, with an argument
/// that may hold it; nothing otherwise.
static std::optional<JoinFlagSite> getJoinFlagSite(const SourceInfo &source,
                                                   Value root, Block *join) {
  Operation *definition = root.getDefiningOp();
  if (!definition || !join || join->isEntryBlock() || join->empty() ||
      join->getParent() != definition->getParentRegion())
    return std::nullopt;
  Operation *function = definition->getParentOfType<FunctionOpInterface>();
  if (!function)
    return std::nullopt;
  Block &entry = function->getRegion(0).front();
  SourceRange rootRange = source.getRange(definition);
  if (entry.empty() || !source.getWholeLines(&entry.front()) ||
      !rootRange.isValid())
    return std::nullopt;
  JoinFlagSite site{function, &entry, std::to_string(rootRange.line), {}};
  for (BlockArgument argument : join->getArguments())
    if (isa<BaseMemRefType>(argument.getType()) &&
        deriveFromRoot(argument, root).kind != RootDerivation::Never)
      site.holders.push_back(argument);
  if (site.holders.empty())
    return std::nullopt;
  return site;
}

namespace {
/// What both base flags start from: the join's site, the names of the base,
/// its flag and the flag's constants (none of them taken in the text), and
/// the buffer's type.
struct BaseFlagSite {
  JoinFlagSite site;
  std::string base, flag, yes, no, type;
};
} // namespace

/// The site of a base flag for `root` at `join`; each of `prefixes`, with
/// the line and "_", must not be taken either (more names of the candidate).
static std::optional<BaseFlagSite>
getBaseFlagSite(const SourceInfo &source, Value root, Block *join,
                Deallocator family, ArrayRef<StringRef> prefixes = {}) {
  if (family != Deallocator::Memref)
    return std::nullopt;
  std::optional<JoinFlagSite> site = getJoinFlagSite(source, root, join);
  if (!site)
    return std::nullopt;
  std::string line = site->line;
  BaseFlagSite b{std::move(*site),
                 "%memlint_base_" + line,
                 "%memlint_base_own_" + line,
                 "%memlint_base_true_" + line,
                 "%memlint_base_false_" + line,
                 ""};
  SmallVector<std::string> names{b.base, b.flag, b.yes, b.no};
  for (StringRef prefix : prefixes)
    names.push_back((prefix + line + "_").str());
  if (anyNameTaken(source.getText(), names))
    return std::nullopt;
  llvm::raw_string_ostream(b.type) << root.getType();
  return b;
}

/// The constants of a join flag at the top of `entry`, and `free` (guarded
/// by the flag) after `last` in `block`, or at its top when null.
static void insertFlaggedFree(FixItBuilder &builder, Block &entry,
                              const std::string &yes, const std::string &no,
                              const std::string &free, Block *block,
                              Operation *last) {
  builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                           " = arith.constant false");
  if (last)
    builder.insertAfter(last, free);
  else
    builder.insertBefore(&block->front(), free);
}

/// A value of the type of `root` that `terminator` sees, for the edges that
/// do not hand a base buffer over (their flag is false: it is never freed):
/// what a view of `passed` is taken from, an argument of the function (of
/// `entry`), the buffer; empty when none has a name.
static std::string getPlaceholder(const SourceInfo &source,
                                  DominanceInfo &dominance, Block &entry,
                                  Value root, Operation *terminator,
                                  ArrayRef<Value> passed) {
  SmallVector<Value> choices;
  for (Value value : passed)
    for (Value v = value; v;) {
      choices.push_back(v);
      auto view = v.getDefiningOp<ViewLikeOpInterface>();
      v = view ? view.getViewSource() : Value();
    }
  for (BlockArgument argument : entry.getArguments())
    choices.push_back(argument);
  choices.push_back(root);
  for (Value v : choices)
    if (v.getType() == root.getType() &&
        dominance.properlyDominates(v, terminator)) {
      std::string name = source.getName(v);
      if (StringRef(name).starts_with("%"))
        return name;
    }
  return "";
}

std::optional<FixIt> memlint::getJoinKeepFlagFix(const LintContext &context,
                                                 Value root, Block *join,
                                                 Deallocator family) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  std::optional<JoinFlagSite> site = getJoinFlagSite(source, root, join);
  if (!site)
    return std::nullopt;
  DominanceInfo dominance(site->function);
  if (!dominance.properlyDominates(root, &join->front()))
    return std::nullopt;
  Block &entry = *site->entry;
  ArrayRef<BlockArgument> holders = site->holders;
  std::string flag = "%memlint_keep_" + site->line,
              yes = "%memlint_keep_true_" + site->line,
              no = "%memlint_keep_false_" + site->line;
  if (anyNameTaken(text, {flag, yes, no}))
    return std::nullopt;
  // Its own names in the join (through itself, not through the holders).
  llvm::SetVector<Value> through;
  for (BlockArgument argument : holders)
    through.insert_range(getFixAliases(argument));
  llvm::SetVector<Value> own;
  for (Value alias : getFixAliases(root))
    if (!through.contains(alias))
      own.insert(alias);
  Operation *last = getLastUseIn(join, own);
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt;

  // Each edge passes whether it did not hand the buffer to a holder.
  EditList edits(context);
  if (!appendBlockArguments(source, join, flag + ": i1", edits))
    return std::nullopt;
  bool passes = false, keeps = false;
  bool written = forEachEdgeInto(
      source, join,
      [&](BranchOpInterface branch, unsigned k,
          std::pair<uint64_t, uint64_t> span) {
        SuccessorOperands operands = branch.getSuccessorOperands(k);
        bool handed = false;
        for (BlockArgument argument : holders) {
          unsigned index = argument.getArgNumber();
          Value passed = index < operands.size() ? operands[index] : Value();
          RootDerivation d =
              passed ? deriveFromRoot(passed, root) : RootDerivation{};
          if (d.kind == RootDerivation::Always)
            handed = true;
          else if (d.kind != RootDerivation::Never)
            return false;
        }
        passes |= handed;
        keeps |= !handed;
        return appendSuccessorOperands(source, span, ", " + (handed ? no : yes),
                                       ", i1", edits);
      });
  if (!written)
    return std::nullopt;
  if (!passes || !keeps)
    return std::nullopt; // (one flag value: other strategies' case)
  FixItBuilder builder(context);
  insertFlaggedFree(builder, entry, yes, no,
                    getGuardedText(flag, /*whenTrue=*/true,
                                   getDeallocText(context, root, family)),
                    join, last);
  if (!edits.append(builder))
    return std::nullopt;
  return edits.take("free " + source.getName(root) + " in " +
                        source.getBlockName(join) +
                        " after its last use there, unless the edge into it "
                        "handed it on (a flag passed by each edge says so)",
                    /*general=*/true);
}

std::optional<FixIt> memlint::getJoinBaseFlagFix(const LintContext &context,
                                                 Value root, Block *join,
                                                 Deallocator family) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  std::optional<BaseFlagSite> b = getBaseFlagSite(source, root, join, family);
  if (!b)
    return std::nullopt;
  DominanceInfo dominance(b->site.function);
  Block &entry = *b->site.entry;
  ArrayRef<BlockArgument> holders = b->site.holders;
  const std::string &base = b->base, &flag = b->flag, &yes = b->yes,
                    &no = b->no, &type = b->type;

  // Each edge passes the base buffer and whether it is the buffer: the
  // buffer and true where it hands over a view of it, a placeholder and
  // false elsewhere.
  EditList edits(context);
  if (!appendBlockArguments(source, join,
                            base + ": " + type + ", " + flag + ": i1", edits))
    return std::nullopt;
  bool views = false, passes = false, drops = false;
  bool written = forEachEdgeInto(
      source, join,
      [&](BranchOpInterface branch, unsigned k,
          std::pair<uint64_t, uint64_t> span) {
        Operation *terminator = branch;
        SuccessorOperands operands = branch.getSuccessorOperands(k);
        SmallVector<Value> passed;
        bool handed = false;
        for (BlockArgument argument : holders) {
          unsigned index = argument.getArgNumber();
          Value value = index < operands.size() ? operands[index] : Value();
          if (!value)
            return false;
          RootDerivation d = deriveFromRoot(value, root);
          if (d.kind == RootDerivation::Always) {
            handed = true;
            views |= value != root;
          } else if (d.kind != RootDerivation::Never) {
            return false;
          }
          passed.push_back(value);
        }
        std::string value;
        if (handed) {
          if (!dominance.properlyDominates(root, terminator))
            return false;
          value = source.getName(root);
        } else {
          value = getPlaceholder(source, dominance, entry, root, terminator,
                                 passed);
        }
        if (!StringRef(value).starts_with("%"))
          return false;
        passes |= handed;
        drops |= !handed;
        std::string values = value + ", " + (handed ? yes : no);
        std::string types = type + ", i1";
        if (!text.slice(span.first, span.second).ends_with(")")) {
          edits.insert(span.second, "(" + values + " : " + types + ")");
          return true;
        }
        return appendSuccessorOperands(source, span, ", " + values,
                                       ", " + types, edits);
      });
  // (Only views of it: the flags on the arguments themselves, whose free
  // is of the buffer, are getJoinFlagFixes'.)
  if (!written || !views || !passes || !drops)
    return std::nullopt;

  // The base is freed under its flag after the last use of what the
  // holders hold: in the join, or in the block the join dominates that
  // post-dominates their uses.
  llvm::SetVector<Value> held;
  for (BlockArgument argument : holders)
    held.insert_range(getFixAliases(argument));
  Block *block = getFreeBlock(join, held.getArrayRef());
  if (!block || !dominance.dominates(join, block))
    return std::nullopt;
  Operation *last = getLastUseIn(block, held);
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt; // handed on again
  FixItBuilder builder(context);
  insertFlaggedFree(builder, entry, yes, no,
                    getGuardedText(flag, /*whenTrue=*/true,
                                   "memref.dealloc " + base + " : " + type),
                    block, last);
  if (!edits.append(builder))
    return std::nullopt;
  return edits.take("free the buffer " + source.getName(root) +
                        " whose view the edges into " +
                        source.getBlockName(join) +
                        " hand over, through a block argument of its own "
                        "and an ownership flag passed with it",
                    /*general=*/true, /*sharedOffsets=*/true);
}

std::optional<FixIt> memlint::getLoopBaseFlagFix(const LintContext &context,
                                                 Value root, Block *join,
                                                 Deallocator family) {
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  std::optional<BaseFlagSite> b =
      getBaseFlagSite(source, root, join, family,
                      {"%memlint_base_held_", "^memlint_base_back_"});
  if (!b)
    return std::nullopt;
  DominanceInfo dominance(b->site.function);
  Block &entry = *b->site.entry;
  ArrayRef<BlockArgument> holders = b->site.holders;
  const std::string &base = b->base, &flag = b->flag, &yes = b->yes,
                    &no = b->no, &type = b->type;
  std::string held = "%memlint_base_held_" + b->site.line + "_",
              back = "^memlint_base_back_" + b->site.line + "_";

  // The edges into the join, with what each hands each holder.
  struct Edge {
    Operation *terminator;
    std::pair<uint64_t, uint64_t> span;
    SmallVector<Value> passed;
  };
  SmallVector<Edge> edges;
  bool seen = forEachEdgeInto(
      source, join,
      [&](BranchOpInterface branch, unsigned k,
          std::pair<uint64_t, uint64_t> span) {
        SuccessorOperands operands = branch.getSuccessorOperands(k);
        Edge edge{branch, span, {}};
        for (BlockArgument argument : holders) {
          unsigned index = argument.getArgNumber();
          Value value = index < operands.size() ? operands[index] : Value();
          if (!value)
            return false;
          edge.passed.push_back(value);
        }
        edges.push_back(std::move(edge));
        return true;
      });
  if (!seen)
    return std::nullopt;
  // The holders some edge hands an interior view (freeing them would be an
  // invalid free), and the others, which may hold the buffer itself.
  llvm::SmallDenseSet<unsigned, 4> views;
  for (const Edge &edge : edges)
    for (auto [i, value] : llvm::enumerate(edge.passed))
      if (isInteriorView(value))
        views.insert(i);
  auto ownerOf = [&](Value value) -> std::optional<unsigned> {
    auto argument = dyn_cast<BlockArgument>(value);
    if (!argument || argument.getOwner() != join)
      return std::nullopt;
    for (auto [i, holder] : llvm::enumerate(holders))
      if (holder == argument && !views.contains(i))
        return i;
    return std::nullopt;
  };

  // Each edge hands the views a view of one base: the buffer itself (true),
  // a holder of the join that holds it when its flag says so (a CFG loop's
  // back-edge that hands on a view of the header's argument, the buffer of
  // an earlier round), or nothing of it (a placeholder, false).
  SmallVector<std::pair<std::string, std::string>> bases;
  llvm::SetVector<unsigned> sources; // the holders that give a base
  for (const Edge &edge : edges) {
    std::optional<std::pair<std::string, std::string>> given;
    for (auto [i, value] : llvm::enumerate(edge.passed)) {
      if (!views.contains(i))
        continue;
      std::pair<std::string, std::string> base;
      if (std::optional<unsigned> owner = ownerOf(stripViews(value))) {
        base = {source.getName(holders[*owner]),
                held + std::to_string(holders[*owner].getArgNumber())};
        sources.insert(*owner);
      } else {
        RootDerivation d = deriveFromRoot(value, root);
        if (d.kind == RootDerivation::Never)
          continue;
        if (d.kind != RootDerivation::Always ||
            !dominance.properlyDominates(root, edge.terminator))
          return std::nullopt;
        base = {source.getName(root), yes};
      }
      if (given && *given != base)
        return std::nullopt; // (views of two bases)
      given = base;
    }
    if (!given)
      given = {getPlaceholder(source, dominance, entry, root, edge.terminator,
                              edge.passed),
               no};
    if (!StringRef(given->first).starts_with("%"))
      return std::nullopt;
    bases.push_back(*given);
  }
  // (No base an earlier round holds: getJoinBaseFlagFix's case.)
  if (sources.empty())
    return std::nullopt;

  // The join's arguments: the flags of the holders that give a base, set
  // by each edge as it hands them the buffer (true), their own flag back
  // (a holder passed back to it) or nothing of it (false), then the base
  // and its flag.
  EditList edits(context);
  std::string header;
  for (unsigned i : sources)
    header += held + std::to_string(holders[i].getArgNumber()) + ": i1, ";
  if (!appendBlockArguments(source, join,
                            header + base + ": " + type + ", " + flag + ": i1",
                            edits))
    return std::nullopt;
  SmallVector<std::pair<std::string, std::string>> operandTexts;
  for (auto [edge, given] : llvm::zip(edges, bases)) {
    std::string values, types;
    for (unsigned i : sources) {
      Value value = edge.passed[i];
      std::string owned;
      if (std::optional<unsigned> owner = ownerOf(value);
          owner && sources.contains(*owner)) {
        owned = held + std::to_string(holders[*owner].getArgNumber());
      } else {
        RootDerivation d = deriveFromRoot(value, root);
        if (d.kind == RootDerivation::Always)
          owned = yes;
        else if (d.kind == RootDerivation::Never)
          owned = no;
        else
          return std::nullopt;
      }
      values += ", " + owned;
      types += ", i1";
    }
    values += ", " + given.first + ", " + given.second;
    types += ", " + type + ", i1";
    operandTexts.push_back({values, types});
  }

  // The base is freed under its flag after the last use of what the views
  // hold: in the join, when no other block uses them; otherwise where the
  // loop is left, in the block that post-dominates their uses (which must
  // not lead back to the join), and on each edge back to the join, which
  // replaces it (in a new block when its branch also leaves the loop).
  llvm::SetVector<Value> aliases;
  for (unsigned i : views)
    aliases.insert_range(getFixAliases(holders[i]));
  Block *block = getFreeBlock(join, aliases.getArrayRef());
  if (!block || !dominance.dominates(join, block))
    return std::nullopt;
  bool inJoin = block == join;
  // (No use comes after it, in a block its successors lead to.)
  if (!inJoin && leadsBackOrToUse(block, join, aliases.getArrayRef()))
    return std::nullopt;
  std::string free = getGuardedText(flag, /*whenTrue=*/true,
                                    "memref.dealloc " + base + " : " + type);
  FixItBuilder builder(context);
  llvm::MapVector<Operation *, std::string> splitBlocks;
  unsigned splits = 0;
  for (auto [edge, operands] : llvm::zip(edges, operandTexts)) {
    auto [values, types] = operands;
    bool isBack = dominance.dominates(join, edge.terminator->getBlock());
    if (inJoin || !isBack) {
      if (!appendSuccessorOperands(source, edge.span, values, types, edits))
        return std::nullopt;
      continue;
    }
    if (edge.terminator->getNumSuccessors() == 1) {
      if (!appendSuccessorOperands(source, edge.span, values, types, edits))
        return std::nullopt;
      builder.insertBefore(edge.terminator, free);
      continue;
    }
    // The edge goes to a new block that frees the base and branches on.
    StringRef successor = text.slice(edge.span.first, edge.span.second);
    size_t colon = findTopLevel(successor, successor.find('(') + 1, " : ");
    if (!successor.ends_with(")") || colon == StringRef::npos)
      return std::nullopt;
    std::string indent = source.getIndentation(edge.terminator).str();
    std::string label = back + std::to_string(splits++);
    std::string &body = splitBlocks[edge.terminator];
    body += label + ":\n";
    SmallVector<StringRef> parts;
    StringRef(free).split(parts, '\n');
    for (StringRef part : parts)
      body += indent + part.str() + "\n";
    body += indent + "cf.br " +
            (successor.take_front(colon) + values +
             successor.slice(colon, successor.size() - 1) + types + ")")
                .str() +
            "\n";
    edits.replace(edge.span.first, edge.span.second - edge.span.first, label);
  }
  for (auto &[terminator, body] : splitBlocks) {
    auto lines = source.getWholeLines(terminator);
    if (!lines)
      return std::nullopt;
    edits.insert(lines->second, body);
  }
  Operation *last = getLastUseIn(block, aliases);
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return std::nullopt; // handed on again
  insertFlaggedFree(builder, entry, yes, no, free, block, last);
  if (!edits.append(builder))
    return std::nullopt;
  return edits.take("free the buffer of an earlier round whose view the "
                    "edges into " +
                        source.getBlockName(join) +
                        " hand over, through a block argument of its own "
                        "and an ownership flag passed with it (the flag of "
                        "the argument the view is taken from)",
                    /*general=*/true, /*sharedOffsets=*/true);
}
