//===- LifetimeWhileFlagFixes.cpp - Ownership flags of scf.while --------===//
//
// Owns the text edits of the ownership-flag construction for buffers that
// an `scf.while` carries or forwards (getWhileCarriedFlagFixes,
// getWhileForwardedFixes; see LifetimeFlagFixes.h). It reads the IR and the
// source text, and builds edits; it never runs an analysis, and whether a
// candidate is right is the validation's to decide (tools/LintDriver.cpp).
//
//===----------------------------------------------------------------------===//

#include "checks/FixIts.h"
#include "checks/LifetimeFixSupport.h"
#include "checks/LifetimeFlagFixes.h"
#include "checks/LifetimeFreeFixes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace memlint;

namespace {

//===----------------------------------------------------------------------===//
// Reading the text
//===----------------------------------------------------------------------===//

/// Appends the operand `value` of type `type` to the one-line terminator
/// `op` written as `name ... %a, %b : A, B` (also `%b: A, B`, which MLIR
/// reads the same) or as `name ...` without operands (after the condition
/// of `scf.condition(%c)`).
bool appendTerminatorOperand(const SourceInfo &source, Operation *op,
                             StringRef value, StringRef type, EditList &edits) {
  auto lines = source.getWholeLines(op);
  if (!lines)
    return false;
  StringRef text = source.getText();
  StringRef line = text.slice(lines->first, lines->second);
  if (line.count('\n') > 1 || line.contains("//"))
    return false;
  size_t name = line.find(op->getName().getStringRef());
  if (name == StringRef::npos)
    return false;
  size_t start = name + op->getName().getStringRef().size();
  // scf.condition(%c): the operands start after the parenthesis.
  if (start < line.size() && line[start] == '(') {
    start = findTopLevel(line, start + 1, ")");
    if (start == StringRef::npos)
      return false;
    ++start;
  }
  size_t end = line.rtrim().size();
  size_t colon = findTopLevel(line, start, ":");
  if (colon != StringRef::npos && colon > start && line[colon - 1] == ' ')
    --colon;
  if (colon == StringRef::npos) {
    if (!line.slice(start, end).trim().empty())
      return false;
    edits.insert(lines->first + end, (" " + value + " : " + type).str());
    return true;
  }
  edits.insert(lines->first + colon, (", " + value).str());
  edits.insert(lines->first + end, (", " + type).str());
  return true;
}

/// `scf.if FLAG {\n  DEALLOC\n}` (naming `value` `name` when given).
std::string guardedDealloc(const LintContext &context, StringRef flag,
                           Value value, Deallocator family,
                           StringRef name = {}) {
  return getGuardedText(flag, /*whenTrue=*/true,
                        name.empty()
                            ? getDeallocText(context, value, family)
                            : getDeallocText(context, value, family, name));
}

/// The edits that free `value`, the result of `op`, under `flag` once it
/// is dead: after its last use in the block of `op` (just after `op` when
/// that block does not use it); with `atExits`, when that block hands it on
/// to other blocks instead, before each return of the function that `op`
/// dominates and that does not return it. `name` names `value` when the
/// source does not (results the fix names).
bool freeResultUnderFlag(const LintContext &context, Operation *op, Value value,
                         StringRef flag, Deallocator family, bool atExits,
                         EditList &edits, StringRef name = {}) {
  llvm::SetVector<Value> aliases = getFixAliases(value);
  Operation *last = getLastUseIn(op->getBlock(), aliases);
  std::string text = guardedDealloc(context, flag, value, family, name);
  FixItBuilder builder(context);
  if (!last || !last->hasTrait<OpTrait::IsTerminator>()) {
    if (atExits)
      return false;
    builder.insertAfter(last ? last : op, text);
  } else {
    if (!atExits || last->getNumSuccessors() == 0)
      return false;
    Region *body = op->getParentRegion();
    if (!isa<FunctionOpInterface>(body->getParentOp()))
      return false;
    DominanceInfo dominance(body->getParentOp());
    unsigned exits = 0;
    for (Block &block : *body) {
      Operation *terminator = block.getTerminator();
      if (!terminator || !terminator->hasTrait<OpTrait::ReturnLike>() ||
          !dominance.properlyDominates(op, terminator))
        continue;
      if (llvm::any_of(terminator->getOperands(),
                       [&](Value v) { return aliases.contains(v); }))
        return false; // returned there: nobody knows whose it is
      builder.insertBefore(terminator, text);
      ++exits;
    }
    if (!exits)
      return false;
  }
  if (!edits.append(builder))
    return false;
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// scf.while
//===----------------------------------------------------------------------===//

/// The position of the first argument of `condition` (what the `before`
/// region hands to the `after` region) that always holds `root`.
static std::optional<unsigned> findForwarded(scf::ConditionOp condition,
                                             Value root) {
  for (auto [k, value] : llvm::enumerate(condition.getArgs()))
    if (derivesAlways(value, root))
      return k;
  return std::nullopt;
}

std::vector<FixIt> memlint::getWhileForwardedFixes(const LintContext &context,
                                                   Value root,
                                                   Deallocator family) {
  Block *body = root.getParentBlock();
  auto loop =
      dyn_cast_or_null<scf::WhileOp>(body ? body->getParentOp() : nullptr);
  if (!loop || body != loop.getBeforeBody())
    return {};
  scf::ConditionOp condition = loop.getConditionOp();
  std::optional<unsigned> forwarded = findForwarded(condition, root);
  if (!forwarded)
    return {};
  // The `after` region must drop it (a yield that passes it back is
  // getWhileCarriedFlagFixes's), and the loop's block must not hand the
  // result on.
  BlockArgument after = loop.getAfterArguments()[*forwarded];
  Block *afterBody = loop.getAfterBody();
  Operation *last = getLastUseIn(afterBody, getFixAliases(after));
  if (last && last->hasTrait<OpTrait::IsTerminator>())
    return {};
  // The result: freed after its last use in the loop's block, unless that
  // block hands it on (a return: the caller's; a branch: another fix's).
  Value result = loop->getResult(*forwarded);
  Operation *lastOutside =
      getLastUseIn(loop->getBlock(), getFixAliases(result));
  bool handedOn = lastOutside && lastOutside->hasTrait<OpTrait::IsTerminator>();
  FixItBuilder builder(context);
  std::string inBody = getDeallocText(context, after, family);
  if (last)
    builder.insertAfter(last, inBody);
  else
    builder.insertAtEnd(afterBody, inBody);
  if (!handedOn)
    builder.insertAfter(lastOutside ? lastOutside : loop.getOperation(),
                        getDeallocText(context, result, family));
  std::vector<FixIt> fixes;
  if (std::optional<FixIt> fix = builder.take(
          handedOn ? "free what scf.condition hands to the `after` region "
                     "after its last use there"
                   : "free what scf.condition hands to the `after` region "
                     "after its last use there, and the loop's result after "
                     "its last use"))
    fixes.push_back(std::move(*fix));
  return fixes;
}

std::vector<FixIt> memlint::getWhileCarriedFlagFixes(const LintContext &context,
                                                     Value root,
                                                     Deallocator family) {
  Block *body = root.getParentBlock();
  auto loop =
      dyn_cast_or_null<scf::WhileOp>(body ? body->getParentOp() : nullptr);
  if (!loop || (body != loop.getAfterBody() && body != loop.getBeforeBody()))
    return {};
  auto yield = cast<scf::YieldOp>(loop.getAfterBody()->getTerminator());
  scf::ConditionOp condition = loop.getConditionOp();
  const SourceInfo &source = context.getSource();
  StringRef text = source.getText();
  Operation *function = loop->getParentOfType<FunctionOpInterface>();
  if (!function)
    return {};
  Block &entry = function->getRegion(0).front();
  auto lines = source.getWholeLines(loop);
  if (!lines || entry.empty() || !source.getWholeLines(&entry.front()))
    return {};

  // The position the buffer is carried at (from the scf.yield to the
  // `before` region) and where scf.condition forwards it to the `after`
  // region and the results. Allocated in the `after` region: the yield
  // carries it, and scf.condition forwards the `before` region's argument
  // or drops it (none). Allocated in the `before` region: scf.condition
  // hands it over and the yield passes the `after` region's argument back,
  // which the next `before` region drops.
  bool fromBefore = body == loop.getBeforeBody();
  std::optional<unsigned> carried, forwarded;
  // Allocated in the `before` region and yielded back through a select or
  // an `scf.if` under a condition of the `after` region or of before the
  // loop (`passed`, with whether it is the buffer when true): the flag
  // carried is that decision, and the `after` region frees the buffer when
  // it does not carry it (cfg seed 23063).
  std::optional<std::pair<Value, bool>> passed;
  if (!fromBefore) {
    for (OpOperand &operand : yield->getOpOperands())
      if (derivesAlways(operand.get(), root)) {
        carried = operand.getOperandNumber();
        break;
      }
    if (!carried)
      return {};
    for (auto [k, value] : llvm::enumerate(condition.getArgs()))
      if (value == loop.getBeforeArguments()[*carried]) {
        forwarded = k;
        break;
      }
  } else {
    forwarded = findForwarded(condition, root);
    if (!forwarded)
      return {};
    // (Yielded itself, or a view or cast of it; or under a decision.)
    BlockArgument handed = loop.getAfterArguments()[*forwarded];
    DominanceInfo dominance(function);
    std::optional<unsigned> guarded;
    for (OpOperand &operand : yield->getOpOperands()) {
      RootDerivation d = deriveFromRoot(operand.get(), handed);
      if (d.kind == RootDerivation::Always) {
        carried = operand.getOperandNumber();
        break;
      }
      if (d.kind == RootDerivation::Guarded && !guarded &&
          dominance.properlyDominates(d.condition, yield) &&
          StringRef(source.getName(d.condition)).starts_with("%")) {
        guarded = operand.getOperandNumber();
        passed = {d.condition, d.rootWhenTrue};
      }
    }
    if (carried)
      passed.reset();
    else
      carried = guarded;
    if (!carried || llvm::is_contained(condition.getArgs(),
                                       loop.getBeforeArguments()[*carried]))
      return {};
  }
  BlockArgument before = loop.getBeforeArguments()[*carried];
  // The `after` region's argument scf.condition forwards it to (none when
  // it drops it).
  Value handedAfter =
      forwarded ? Value(loop.getAfterArguments()[*forwarded]) : Value();

  std::string suffix = std::to_string(source.getRange(loop).line);
  std::string own = "%memlint_own_" + suffix,
              ownAfter = "%memlint_owna_" + suffix,
              owned = "%memlint_owned_" + suffix,
              yes = "%memlint_true_" + suffix, no = "%memlint_false_" + suffix,
              negated = "%memlint_fresh_" + suffix;
  // What the yield carries as the flag of the next iteration.
  std::string carriedFlag = fromBefore ? ownAfter : yes;
  if (passed)
    carriedFlag = passed->second ? source.getName(passed->first) : negated;
  if (anyNameTaken(text, {own, ownAfter, owned, yes, no, negated}))
    return {};

  // The header, up to the brace of the `before` region (on one line or
  // several):
  // "%r0, %r1 = scf.while (%w0 = %i0, %w1 = %i1) : (T0, T1) -> (T0, T1) {",
  // the results also as one group ("%r:2 = scf.while ...") or not named
  // when nothing uses them ("scf.while ...").
  size_t open = findTopLevel(text, lines->first, "{");
  if (open == StringRef::npos || open >= lines->second)
    return {};
  StringRef header = text.slice(lines->first, open + 1);
  if (header.contains("//"))
    return {};
  size_t equals = header.find(" = scf.while");
  // Results not named: the flag the loop returns needs a name, and so does
  // the result freed under it; the fix names them all, one by one
  // ("%memlint_while_L_0, %memlint_while_L_1, %memlint_owned_L = scf.while").
  std::string unnamed;
  size_t whileEnd;
  if (equals != StringRef::npos) {
    whileEnd = equals + StringRef(" = scf.while").size();
  } else {
    equals = header.size() - header.ltrim().size();
    if (!header.substr(equals).starts_with("scf.while"))
      return {};
    unnamed = "%memlint_while_" + suffix + "_";
    if (anyNameTaken(text, {unnamed}))
      return {};
    whileEnd = equals + StringRef("scf.while").size();
  }
  StringRef names = unnamed.empty() ? header.take_front(equals) : "";
  size_t lead = names.size() - names.ltrim().size();
  names = names.ltrim();
  std::optional<std::pair<size_t, std::string>> group;
  if (names.contains(':')) {
    auto [name, count] = names.split(':');
    unsigned n = 0;
    if (name.contains(',') || count.getAsInteger(10, n) ||
        n != loop->getNumResults())
      return {};
    // "%r:2" becomes "%r:3", and the flag is "%r#2".
    owned = (name + "#" + Twine(n)).str();
    group = {lead + name.size() + 1, std::to_string(n + 1)};
  }
  while (whileEnd < header.size() &&
         StringRef(" \n").contains(header[whileEnd]))
    ++whileEnd;
  if (whileEnd >= header.size() || header[whileEnd] != '(')
    return {};
  size_t initOpen = whileEnd;
  size_t initClose = findTopLevel(header, initOpen + 1, ")");
  if (initClose == StringRef::npos)
    return {};
  // ") : (", with any blanks and line breaks before the colon.
  size_t colon = header.find_first_not_of(" \n", initClose + 1);
  if (colon == StringRef::npos || !header.substr(colon).starts_with(": ("))
    return {};
  size_t typesOpen = colon + 2;
  size_t typesClose = findTopLevel(header, typesOpen + 1, ")");
  if (typesClose == StringRef::npos ||
      !header.substr(typesClose).starts_with(") -> "))
    return {};
  size_t resultsStart = typesClose + 5;
  size_t brace = header.rtrim().size();
  if (brace < 2 || !header.take_front(brace).ends_with(" {") ||
      brace - 2 <= resultsStart)
    return {};
  brace -= 2;
  StringRef resultTypes = header.slice(resultsStart, brace);

  std::vector<FixIt> fixes;
  // Variants: the result is not freed (it escapes), it is freed after its
  // last use, or before each return.
  for (unsigned variant = 0; variant < 3; ++variant) {
    if (variant != 0 && !forwarded)
      break;
    EditList edits(context);
    uint64_t at = lines->first;
    auto sep = [&](size_t close) {
      return header[close - 1] == '(' ? "" : ", ";
    };
    if (!unnamed.empty()) {
      std::string results;
      for (unsigned k = 0, e = loop->getNumResults(); k != e; ++k)
        results += unnamed + std::to_string(k) + ", ";
      edits.insert(at + equals, results + owned + " = ");
    } else if (group)
      edits.replace(at + group->first, equals - group->first, group->second);
    else
      edits.insert(at + equals, ", " + owned);
    edits.insert(at + initClose, sep(initClose) + own + " = " + no);
    edits.insert(at + typesClose, std::string(sep(typesClose)) + "i1");
    if (resultTypes.starts_with("(") &&
        findTopLevel(resultTypes, 1, ")") == resultTypes.size() - 1)
      edits.insert(at + brace - 1, std::string(sep(brace - 1)) + "i1");
    else
      edits.replace(at + resultsStart, resultTypes.size(),
                    "(" + resultTypes.str() + ", i1)");
    if (!appendTerminatorOperand(source, condition,
                                 fromBefore  ? yes
                                 : forwarded ? own
                                             : no,
                                 "i1", edits) ||
        !appendBlockArguments(source, loop.getAfterBody(), ownAfter + ": i1",
                              edits) ||
        !appendTerminatorOperand(source, yield, carriedFlag, "i1", edits))
      return fixes;

    FixItBuilder builder(context);
    builder.insertBefore(&entry.front(), yes + " = arith.constant true\n" + no +
                                             " = arith.constant false");
    if (passed) {
      // The `after` region's buffer, freed at its end when the yield does
      // not carry it.
      std::string condition = source.getName(passed->first);
      std::string free =
          getGuardedText(condition, /*whenTrue=*/!passed->second,
                         getDeallocText(context, handedAfter, family));
      if (!passed->second)
        free = negated + " = arith.xori " + condition + ", " + yes + " : i1\n" +
               free;
      builder.insertBefore(yield, free);
    }
    // The buffer of the previous iteration, freed after its last use where
    // the loop still holds it.
    bool inAfter = forwarded && !fromBefore;
    Block *holder = inAfter ? loop.getAfterBody() : loop.getBeforeBody();
    Value previous = inAfter ? handedAfter : Value(before);
    std::string flag = inAfter ? ownAfter : own;
    Operation *last = getLastUseIn(holder, getFixAliases(previous));
    if (last && last->hasTrait<OpTrait::IsTerminator>())
      return fixes; // carried on again
    // (A view of the buffer carried, not the buffer: its base is freed.)
    Value yielded = yield->getOperand(*carried);
    // (The select of the decision: what it carries when it holds the buffer.)
    if (auto select = yielded.getDefiningOp<arith::SelectOp>();
        select && passed && select.getCondition() == passed->first)
      yielded = passed->second ? select.getTrueValue() : select.getFalseValue();
    std::string free =
        (handedAfter && yielded == handedAfter) || yielded == Value(root)
            ? guardedDealloc(context, flag, previous, family)
            : getGuardedText(flag, /*whenTrue=*/true,
                             getBaseDeallocText(context, previous, family,
                                                "%memlint_carried_" + suffix));
    if (last)
      builder.insertAfter(last, free);
    else
      builder.insertBefore(&holder->front(), free);
    if (!edits.append(builder))
      return fixes;
    std::string description =
        "free " + source.getName(previous) + " in the next iteration when " +
        flag +
        " says the loop allocated it (an ownership flag carried with it "
        "through the scf.while)";
    if (passed)
      description += ", and " + source.getName(handedAfter) + " when " +
                     source.getName(passed->first) +
                     " says the yield does not carry it";
    if (variant != 0) {
      Value result = loop->getResult(*forwarded);
      std::string resultName = unnamed.empty()
                                   ? source.getName(result)
                                   : unnamed + std::to_string(*forwarded);
      if (!freeResultUnderFlag(context, loop, result, owned, family,
                               /*atExits=*/variant == 2, edits, resultName))
        continue;
      description +=
          ", and " + resultName + " when " + owned + " says so, " +
          (variant == 1 ? "after its last use" : "before each return");
    }
    if (std::optional<FixIt> fix = edits.take(description))
      fixes.push_back(std::move(*fix));
  }
  return fixes;
}
