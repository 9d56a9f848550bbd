//===- VizModel.cpp - What the diagrams of one function show --------------===//

#include "viz/VizModel.h"

#include "analyzer/AliasClasses.h"
#include "analyzer/LiveIntervals.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <algorithm>
#include <tuple>

using namespace mlir;
using namespace memlint;
using namespace memlint::viz;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

StringRef viz::describeCell(CellKind kind) {
  switch (kind) {
  case CellKind::None:
    return "not allocated";
  case CellKind::Alloc:
    return "allocated";
  case CellKind::Live:
    return "live";
  case CellKind::DeadNotFreed:
    return "dead, not freed";
  case CellKind::MaybeLive:
    return "live on some paths";
  case CellKind::Use:
    return "used";
  case CellKind::Free:
    return "deallocated";
  case CellKind::Freed:
    return "freed, still referenced";
  case CellKind::Leak:
    return "leaked (last reference lost)";
  case CellKind::UseAfterFree:
    return "used after free";
  case CellKind::DoubleFree:
    return "freed twice";
  case CellKind::InvalidFree:
    return "invalid free";
  }
  return "";
}

StringRef viz::ruleOfEvent(LifetimeEventKind kind) {
  switch (kind) {
  case LifetimeEventKind::Leak:
    return "lifetime-leak";
  case LifetimeEventKind::DoubleFree:
    return "lifetime-double-free";
  case LifetimeEventKind::UseAfterFree:
    return "lifetime-use-after-free";
  case LifetimeEventKind::InvalidFree:
    return "lifetime-invalid-free";
  }
  return "";
}

std::vector<Operation *> viz::getFunctions(Operation *module) {
  std::vector<Operation *> functions;
  module->walk<WalkOrder::PreOrder>([&](FunctionOpInterface fn) {
    if (!fn.isExternal())
      functions.push_back(fn);
  });
  return functions;
}

std::string viz::escapeHtmlWrapped(StringRef text, size_t width) {
  std::string out;
  size_t column = 0;
  SmallVector<StringRef> words;
  text.split(words, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef word : words) {
    if (column > 0 && column + 1 + word.size() > width) {
      out += "<BR ALIGN=\"LEFT\"/>";
      column = 0;
    } else if (column > 0) {
      out += ' ';
      ++column;
    }
    out += escapeHtml(word);
    column += word.size();
  }
  // The last line left-aligned too, when there are several.
  if (StringRef(out).contains("<BR"))
    out += "<BR ALIGN=\"LEFT\"/>";
  return out;
}

std::string viz::escapeHtml(StringRef text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
    case '&':
      out += "&amp;";
      break;
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '"':
      out += "&quot;";
      break;
    case '\n':
    case '\t':
      out += ' ';
      break;
    default:
      out += c;
    }
  }
  return out;
}

std::string viz::quoteDot(StringRef text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out + "\"";
}


/// A short label for a chart cell of a note of the witness path, as the
/// checks word them ("taking the false branch" is "false").
static std::string labelNote(StringRef note) {
  if (note.contains("last use"))
    return "last use";
  if (note.starts_with("allocation while"))
    return "other alloc";
  if (note == "loop here")
    return "loop";
  if (note.contains("true branch"))
    return "true";
  if (note.contains("false branch"))
    return "false";
  size_t hash = note.find('#');
  if ((note.contains("successor #") || note.contains("region #")) &&
      hash != StringRef::npos) {
    StringRef digits = note.drop_front(hash + 1).take_while(llvm::isDigit);
    return "#" + digits.str();
  }
  if (note.contains("back-edge"))
    return "back";
  if (note.contains("skipping"))
    return "skip";
  if (note.contains("entering the loop"))
    return "loop";
  if (note.contains("leaving the loop"))
    return "exit";
  // The last note of a witness, at the bug.
  if (note.contains("after it was freed") || note == "buffer freed again")
    return "bug";
  if (note.contains("freed") || note.contains("deallocated"))
    return "free";
  if (note.contains("allocated"))
    return "alloc";
  if (note.contains("alias"))
    return "alias";
  if (note.contains("lost") || note.contains("leaks"))
    return "leak";
  if (note.contains("calling"))
    return "call";
  if (note.contains("returning"))
    return "return";
  return "note";
}

/// The side of a branch a witness step did not take, as a short label.
static std::string getNotTaken(StringRef taken) {
  if (taken == "true")
    return "false";
  if (taken == "false")
    return "true";
  if (taken.starts_with("#"))
    return "the others";
  return "";
}

/// The witness of `event` in path order, ending at the bug at `bugOp`,
/// with the buffer's state after each step.
static std::vector<PathStep> buildPath(const LintContext &context,
                                       Operation *function,
                                       const LifetimeEvent &event,
                                       const Finding &finding,
                                       Operation *bugOp) {
  const SourceInfo &source = context.getSource();
  std::vector<FindingNote> notes = context.describeWitness(event);
  auto functionOf = [&](Operation *op) -> std::string {
    Operation *fn = op->getParentOfType<FunctionOpInterface>();
    if (!fn || fn == function)
      return "";
    return "@" + context.getFunctionName(op);
  };
  struct Loop {
    Operation *op;
    int iteration;
  };
  std::vector<Loop> loops;
  auto describeLoops = [&] {
    std::vector<std::string> parts;
    for (const Loop &loop : loops)
      parts.push_back("L" + std::to_string(source.getRange(loop.op).line) +
                      " iteration " + std::to_string(loop.iteration));
    return llvm::join(parts, ", ");
  };
  bool allocated = llvm::any_of(event.witness, [](const WitnessStep &step) {
    return step.kind == WitnessStep::Kind::Alloc;
  });
  CellKind state = allocated ? CellKind::None : CellKind::Live;
  std::vector<PathStep> path;
  for (size_t i = 0; i < event.witness.size(); ++i) {
    const WitnessStep &step = event.witness[i];
    PathStep out{step.op, source.getRange(step.op).line, functionOf(step.op),
                 "", i < notes.size() ? notes[i].message : "", "", "",
                 CellKind::None};
    switch (step.kind) {
    case WitnessStep::Kind::Alloc:
      out.label = "alloc";
      state = CellKind::Live;
      break;
    case WitnessStep::Kind::Free:
      out.label = "free";
      state = CellKind::Freed;
      break;
    case WitnessStep::Kind::Branch:
      out.label = labelNote(out.note);
      out.notTaken = getNotTaken(out.label);
      break;
    case WitnessStep::Kind::Iteration: {
      auto same = llvm::find_if(
          loops, [&](const Loop &loop) { return loop.op == step.op; });
      if (step.successor) {
        out.label = "iteration " + std::to_string(step.iteration);
        if (same != loops.end()) {
          same->iteration = step.iteration;
          loops.erase(same + 1, loops.end());
        } else {
          loops.push_back({step.op, step.iteration});
        }
      } else {
        out.label = step.iteration == 0
                        ? std::string("loop skipped")
                        : "exit after " + std::to_string(step.iteration);
        if (same != loops.end())
          loops.erase(same, loops.end());
      }
      break;
    }
    case WitnessStep::Kind::Call:
    case WitnessStep::Kind::Return: {
      StringRef note = out.note;
      size_t quote = note.find("'@");
      std::string callee =
          quote == StringRef::npos
              ? std::string()
              : note.drop_front(quote + 1).take_until([](char c) {
                  return c == '\'';
                }).str();
      out.label = (step.kind == WitnessStep::Kind::Call ? "call " : "return ") +
                  callee;
      break;
    }
    }
    out.iterations = describeLoops();
    out.state = step.kind == WitnessStep::Kind::Alloc  ? CellKind::Alloc
                : step.kind == WitnessStep::Kind::Free ? CellKind::Free
                                                       : state;
    path.push_back(std::move(out));
  }
  CellKind bug = CellKind::None;
  const char *label = "";
  switch (event.kind) {
  case LifetimeEventKind::Leak:
    bug = CellKind::Leak, label = "leak";
    break;
  case LifetimeEventKind::UseAfterFree:
    bug = CellKind::UseAfterFree, label = "UAF";
    break;
  case LifetimeEventKind::DoubleFree:
    bug = CellKind::DoubleFree, label = "free x2";
    break;
  case LifetimeEventKind::InvalidFree:
    bug = CellKind::InvalidFree, label = "bad free";
    break;
  }
  if (bugOp)
    path.push_back({bugOp, source.getRange(bugOp).line, functionOf(bugOp),
                    label, finding.message, "", describeLoops(), bug});
  return path;
}

//===----------------------------------------------------------------------===//
// BufferRow
//===----------------------------------------------------------------------===//

CellKind BufferRow::rangeAt(unsigned point) const {
  if (allocPoint && point < *allocPoint)
    return CellKind::None;
  if (frees.empty()) {
    std::optional<unsigned> end = allocPoint;
    if (!uses.empty())
      end = std::max(end.value_or(0), uses.back());
    if (leakPoint)
      end = std::max(end.value_or(0), *leakPoint);
    return end && point <= *end ? CellKind::Live : CellKind::None;
  }
  if (dead && point >= dead->first && point < dead->second)
    return CellKind::DeadNotFreed;
  if (point < frees.front())
    return CellKind::Live;
  if (point <= frees.back())
    return CellKind::MaybeLive;
  if (leakPoint && point <= *leakPoint)
    return CellKind::MaybeLive;
  return CellKind::None;
}

CellKind BufferRow::cellAt(unsigned point) const {
  auto it = marks.find(point);
  if (it != marks.end())
    return it->second;
  return rangeAt(point);
}

/// Whether `value` names, itself or through views and casts, an allocation
/// of `cls` other than `root`: a use or a free of it is about that buffer,
/// not about `root` (the class also holds what a select of the two may be).
static bool namesOtherRoot(const AliasClass &cls, Value root, Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value != root && llvm::is_contained(cls.heapRoots, value);
}

//===----------------------------------------------------------------------===//
// FunctionModel
//===----------------------------------------------------------------------===//

FunctionModel::FunctionModel(const LintContext &context, Operation *function,
                             ArrayRef<Finding> allFindings)
    : context(context), function(function),
      sourceLink(context.getFilePath() == "<stdin>"
                     ? ""
                     : context.getFilePath().str()) {
  name = context.getFunctionName(function);
  const SourceInfo &source = context.getSource();
  std::map<uint64_t, unsigned> pointAtOffset;
  function->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == function)
      return;
    SourceRange range = source.getRange(op);
    pointOf[op] = points.size();
    if (source.isWritten(op))
      pointAtOffset.emplace(range.offset, points.size());
    points.push_back({op, range.line});
  });

  AliasClasses classes(function);
  auto isLocal = [&](Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return arg.getOwner()->getParentOp() == function ||
             lookupPoint(arg.getOwner()->getParentOp()).has_value();
    return lookupPoint(value.getDefiningOp()).has_value();
  };
  // The findings of this function, in report order, with their events.
  std::vector<const Finding *> mine;
  for (const Finding &f : allFindings)
    if (f.function == name && f.location.file == context.getFilePath())
      mine.push_back(&f);
  std::stable_sort(mine.begin(), mine.end(),
                   [](const Finding *a, const Finding *b) { return *a < *b; });
  // The events by the offset of their op (one lookup per finding, not a
  // scan of all events: 10,000 leaks took a minute).
  std::map<uint64_t, std::vector<const LifetimeEvent *>> eventsAt;
  for (const LifetimeEvent &event : context.getLifetime().getEvents())
    if (event.op)
      eventsAt[source.getRange(event.op).offset].push_back(&event);
  for (const Finding *f : mine) {
    VizFinding item;
    item.number = findings.size() + 1;
    item.finding = f;
    auto at = pointAtOffset.find(f->location.range.offset);
    if (at != pointAtOffset.end())
      item.point = at->second;
    if (auto events = eventsAt.find(f->location.range.offset);
        events != eventsAt.end())
      for (const LifetimeEvent *event : events->second) {
        if (ruleOfEvent(event->kind) != f->rule)
          continue;
        if (!item.event || (item.event->rootFunction != function &&
                            event->rootFunction == function))
          item.event = event;
      }
    // The witness path as the report shows it: the notes of the finding.
    for (const FindingNote &note : f->notes) {
      // The other sites of an aggregated structural finding are not steps
      // of a path (hundreds of them made a chart 32,767 pixels wide).
      if (note.location.file != f->location.file || note.otherSite)
        continue;
      auto at = pointAtOffset.find(note.location.range.offset);
      if (at != pointAtOffset.end()) {
        // The bug's cell tells the finding, as the bug mark below does.
        std::string label = labelNote(note.message);
        item.witness.push_back(
            {at->second, label, label == "bug" ? f->message : note.message});
      }
    }
    if (item.event && item.event->kind == LifetimeEventKind::Leak) {
      unsigned leakAt = points.empty() ? 0 : points.size() - 1;
      if (auto related = lookupPoint(item.event->relatedOp))
        leakAt = *related;
      item.markPoint = leakAt;
    } else {
      item.markPoint = item.point;
    }
    bool isLeak =
        item.event && item.event->kind == LifetimeEventKind::Leak;
    if (item.markPoint &&
        llvm::none_of(item.witness, [&](const WitnessMark &mark) {
          return mark.point == *item.markPoint &&
                 (mark.label == "leak" || mark.label == "bug" ||
                  mark.label == "finding");
        }))
      item.witness.push_back(
          {*item.markPoint,
           isLeak ? "leak" : (item.event ? "bug" : "finding"), f->message});
    if (item.event) {
      Operation *bugOp = item.markPoint ? points[*item.markPoint].op : nullptr;
      if (item.event->kind == LifetimeEventKind::Leak &&
          item.event->relatedOp)
        bugOp = item.event->relatedOp;
      else if (item.event->kind != LifetimeEventKind::Leak)
        bugOp = item.event->op;
      item.path = buildPath(context, function, *item.event, *f, bugOp);
      // The value of this function the finding is about: in a callee, the
      // argument the caller's buffer arrives through (a callee's chart had
      // no row for it: "0 buffers").
      if (item.event->buffer && isLocal(item.event->buffer)) {
        item.localBuffer = item.event->buffer;
      } else if (item.event->alias && isLocal(item.event->alias)) {
        item.localBuffer = item.event->alias;
        if (const AliasClass *cls = classes.lookup(item.event->alias))
          for (Value value : cls->values)
            if (auto arg = dyn_cast<BlockArgument>(value))
              if (arg.getOwner()->getParentOp() == function) {
                item.localBuffer = value;
                break;
              }
      }
    }
    findings.push_back(std::move(item));
  }

  // One row per heap allocation of the function, and per other buffer a
  // finding is about (a freed argument, a stack buffer, a callee's argument).
  std::vector<Value> roots;
  for (const AliasClass &cls : classes.getClasses())
    for (Value root : cls.heapRoots)
      roots.push_back(root);
  for (const VizFinding &f : findings)
    if (f.localBuffer && !llvm::is_contained(roots, f.localBuffer))
      roots.push_back(f.localBuffer);
  auto sortKey = [&](Value value) {
    if (auto arg = dyn_cast<BlockArgument>(value))
      return std::make_tuple(-1L, long(arg.getArgNumber()));
    return std::make_tuple(long(*lookupPoint(value.getDefiningOp())),
                           long(cast<OpResult>(value).getResultNumber()));
  };
  std::stable_sort(roots.begin(), roots.end(), [&](Value a, Value b) {
    return sortKey(a) < sortKey(b);
  });

  // The findings by the row they may be about, and the other sites of
  // aggregated findings by point: looked up per row (scanning every finding
  // for every row took a minute on 10,000 leaks).
  std::vector<unsigned> structural;
  llvm::DenseMap<Value, std::vector<unsigned>> byLocal;
  std::map<unsigned, std::vector<std::pair<unsigned, const FindingNote *>>>
      sitesAt;
  for (unsigned i = 0; i < findings.size(); ++i) {
    const VizFinding &f = findings[i];
    if (!f.event)
      structural.push_back(i);
    else if (f.localBuffer)
      byLocal[f.localBuffer].push_back(i);
    for (const FindingNote &note : f.finding->notes) {
      if (!note.otherSite || note.location.file != f.finding->location.file)
        continue;
      auto at = pointAtOffset.find(note.location.range.offset);
      if (at != pointAtOffset.end())
        sitesAt[at->second].push_back({f.number, &note});
    }
  }

  for (Value root : roots) {
    BufferRow row;
    row.buffer = root;
    row.name = source.getName(root);
    llvm::raw_string_ostream(row.type) << root.getType();
    if (std::optional<int64_t> bytes = getStaticBytes(root.getType()))
      row.bytes = uint64_t(*bytes);
    if (!isa<BlockArgument>(root))
      row.allocPoint = lookupPoint(root.getDefiningOp());
    if (const AliasClass *cls = classes.lookup(root))
      for (const AliasUse &use : cls->uses) {
        auto point = lookupPoint(use.getOwner());
        if (!point || namesOtherRoot(*cls, root, use.operand->get()))
          continue;
        if (use.kind == AliasUse::Kind::Free)
          row.frees.push_back(*point);
        else if (use.kind == AliasUse::Kind::Access ||
                 use.kind == AliasUse::Kind::Escape)
          row.uses.push_back(*point);
      }
    for (auto *list : {&row.uses, &row.frees}) {
      llvm::sort(*list);
      list->erase(std::unique(list->begin(), list->end()), list->end());
    }
    // Dead, not freed: from after the op of the dealloc's block that holds
    // the last use (a use in a loop keeps the buffer live to the loop's
    // end) to the only dealloc.
    if (row.frees.size() == 1 && !row.uses.empty() &&
        row.uses.back() < row.frees.front()) {
      Operation *freeOp = points[row.frees.front()].op;
      Operation *lastUse = points[row.uses.back()].op;
      if (Operation *anchor =
              freeOp->getBlock()->findAncestorOpInBlock(*lastUse)) {
        unsigned end = *lookupPoint(anchor);
        anchor->walk([&](Operation *inner) {
          if (auto p = lookupPoint(inner))
            end = std::max(end, *p);
        });
        if (anchor->isBeforeInBlock(freeOp) && end + 1 < row.frees.front())
          row.dead = {end + 1, row.frees.front()};
      }
    }
    // The findings about this buffer (in report order): the structural
    // ones, and the lifetime ones by their value of this function.
    std::vector<unsigned> candidates = structural;
    if (auto it = byLocal.find(root); it != byLocal.end())
      candidates.insert(candidates.end(), it->second.begin(),
                        it->second.end());
    llvm::sort(candidates);
    for (unsigned i : candidates) {
      const VizFinding &f = findings[i];
      // A structural finding (perf-*) about this buffer: its witness row
      // and its message, no bug cell.
      // (The perf checks name their buffer in the message only.)
      bool aboutRow =
          f.finding->subject.empty()
              ? StringRef(f.finding->message)
                    .contains("buffer '" + row.name + "'")
              : f.finding->subject == row.name;
      if (!f.event && f.markPoint && aboutRow) {
        row.findings.push_back(i);
        continue;
      }
      if (!f.event || f.localBuffer != root || !f.markPoint)
        continue;
      row.findings.push_back(i);
      if (f.event->buffer && f.event->buffer != root) {
        std::string name = source.getName(f.event->buffer);
        if (!llvm::is_contained(row.receives, name))
          row.receives.push_back(name);
      }
      if (f.event->kind == LifetimeEventKind::Leak)
        row.leakPoint = std::max(row.leakPoint.value_or(0), *f.markPoint);
    }
    if (row.allocPoint)
      row.marks[*row.allocPoint] = CellKind::Alloc;
    for (unsigned use : row.uses) {
      CellKind range = row.rangeAt(use);
      if ((range == CellKind::Live || range == CellKind::MaybeLive) &&
          !row.marks.count(use))
        row.marks[use] = CellKind::Use;
    }
    for (unsigned free : row.frees)
      row.marks[free] = CellKind::Free;
    // The other sites of aggregated findings at this row's alloc or frees
    // (a late dealloc's site is the dealloc, a hoistable alloc's the alloc).
    for (const auto &[point, kind] : row.marks) {
      auto sites = sitesAt.find(point);
      if (sites == sitesAt.end())
        continue;
      for (const auto &[number, note] : sites->second) {
        if (llvm::is_contained(row.otherSites[point], number))
          continue;
        row.otherSites[point].push_back(number);
        std::string &text = row.messages[point];
        text += (text.empty() ? "" : "; ") + std::string("site of #") +
                std::to_string(number) + ": " + note->message;
      }
    }
    for (unsigned i : row.findings) {
      const VizFinding &f = findings[i];
      const std::string &message = f.finding->message;
      if (!f.event) {
        std::string &text = row.messages[*f.markPoint];
        text += (text.empty() ? "" : "; ") + message + " [" +
                f.finding->rule + "]";
        continue;
      }
      CellKind kind = CellKind::None;
      unsigned at = *f.markPoint;
      switch (f.event->kind) {
      case LifetimeEventKind::Leak:
        kind = CellKind::Leak;
        break;
      case LifetimeEventKind::UseAfterFree:
        kind = CellKind::UseAfterFree;
        break;
      case LifetimeEventKind::DoubleFree:
        kind = CellKind::DoubleFree;
        break;
      case LifetimeEventKind::InvalidFree:
        kind = CellKind::InvalidFree;
        break;
      }
      row.marks[at] = kind;
      std::string &text = row.messages[at];
      text += (text.empty() ? "" : "; ") + message + " [" + f.finding->rule +
              "]";
    }
    buffers.push_back(std::move(row));
  }
}

std::optional<unsigned> FunctionModel::lookupPoint(Operation *op) const {
  if (!op)
    return std::nullopt;
  auto it = pointOf.find(op);
  if (it == pointOf.end())
    return std::nullopt;
  return it->second;
}

std::string FunctionModel::getSourceLine(Operation *op) const {
  const SourceInfo &source = context.getSource();
  SourceRange range = source.getRange(op);
  StringRef text = source.getText();
  if (!range.isValid() || range.offset > text.size())
    return op->getName().getStringRef().str();
  size_t begin = text.rfind('\n', range.offset);
  begin = begin == StringRef::npos ? 0 : begin + 1;
  size_t end = text.find('\n', range.offset);
  return text.slice(begin, end).trim().str();
}

std::string FunctionModel::getHref(unsigned line) const {
  if (sourceLink.empty())
    return "";
  return sourceLink + "#L" + std::to_string(line);
}
