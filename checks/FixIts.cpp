//===- FixIts.cpp - Building fix-its as line edits ------------------------===//

#include "checks/FixIts.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace mlir;
using namespace memlint;

bool FixItBuilder::remove(Operation *op) {
  auto lines = source.getWholeLines(op);
  if (!lines)
    return !(failed = true);
  FixEdit edit;
  edit.file = file;
  edit.offset = lines->first;
  edit.length = lines->second - lines->first;
  edits.push_back(std::move(edit));
  return true;
}

bool FixItBuilder::insertAt(uint64_t offset, Operation *indentLike,
                            StringRef line) {
  StringRef text = source.getText();
  // Every line of `line` gets the indentation of `indentLike`.
  StringRef indent = source.getIndentation(indentLike);
  std::string indented;
  SmallVector<StringRef> lines;
  line.split(lines, '\n');
  for (size_t i = 0; i < lines.size(); ++i)
    indented += (i ? "\n" : "") + indent.str() + lines[i].str();
  FixEdit edit;
  edit.file = file;
  edit.offset = offset;
  // At the end of a file without a final newline, start a new line first.
  if (offset == text.size() && !text.empty() && !text.ends_with("\n"))
    edit.text = "\n" + indented;
  else
    edit.text = indented + "\n";
  edits.push_back(std::move(edit));
  return true;
}

bool FixItBuilder::insertAfter(Operation *anchor, StringRef line) {
  auto lines = source.getWholeLines(anchor);
  if (!lines)
    return !(failed = true);
  return insertAt(lines->second, anchor, line);
}

bool FixItBuilder::insertBefore(Operation *anchor, StringRef line) {
  auto lines = source.getWholeLines(anchor);
  if (!lines)
    return !(failed = true);
  return insertAt(lines->first, anchor, line);
}

bool FixItBuilder::insertAtEnd(Block *block, StringRef line) {
  if (block->empty())
    return !(failed = true);
  Operation *terminator = &block->back();
  if (source.getWholeLines(terminator))
    return insertBefore(terminator, line);
  for (Operation &op : llvm::reverse(*block))
    if (&op != terminator && source.getWholeLines(&op))
      return insertAfter(&op, line);
  // Nothing written in the block: the empty `{ }` of an scf.if branch.
  auto ifOp = dyn_cast<scf::IfOp>(block->getParentOp());
  auto lines = ifOp ? source.getWholeLines(ifOp) : std::nullopt;
  if (!lines || ifOp.getNumResults() != 0)
    return !(failed = true);
  StringRef text = source.getText().slice(lines->first, lines->second);
  // The brace that opens the branch: the first one (then), or the one
  // after the last `else` when the else branch is empty.
  size_t brace = StringRef::npos;
  if (block->getParent() == &ifOp.getThenRegion()) {
    brace = text.find('{');
  } else {
    size_t keyword = text.rfind("else");
    if (keyword != StringRef::npos &&
        text.drop_front(keyword + 4).ltrim().starts_with("{") &&
        text.drop_front(keyword + 4).ltrim().drop_front().trim() == "}")
      brace = text.find('{', keyword);
  }
  if (brace == StringRef::npos)
    return !(failed = true);
  // The rest of the brace's line must be blank: "{ }" on one line is left.
  size_t newline = text.find('\n', brace);
  if (newline == StringRef::npos || !text.slice(brace + 1, newline).trim().empty())
    return !(failed = true);
  std::string indented = (source.getIndentation(ifOp) + "  ").str();
  SmallVector<StringRef> parts;
  line.split(parts, '\n');
  std::string body;
  for (StringRef part : parts)
    body += indented + part.str() + "\n";
  FixEdit edit;
  edit.file = file;
  edit.offset = lines->first + newline + 1;
  edit.text = std::move(body);
  edits.push_back(std::move(edit));
  return true;
}

bool FixItBuilder::replace(Operation *op, StringRef text) {
  auto lines = source.getWholeLines(op);
  if (!lines)
    return !(failed = true);
  // One edit: the deletion of the lines and the insertion at their start
  // would start at one offset, which applyEdits cannot order.
  if (!insertAt(lines->first, op, text))
    return false;
  edits.back().length = lines->second - lines->first;
  return true;
}

bool FixItBuilder::moveAfter(Operation *op, Operation *anchor) {
  auto text = getOpText(source, op);
  if (!text)
    return !(failed = true);
  return remove(op) && insertAfter(anchor, *text);
}

bool FixItBuilder::moveBefore(Operation *op, Operation *anchor) {
  auto text = getOpText(source, op);
  if (!text)
    return !(failed = true);
  return remove(op) && insertBefore(anchor, *text);
}

std::optional<FixIt> FixItBuilder::take(std::string description) {
  if (failed || edits.empty())
    return std::nullopt;
  std::stable_sort(edits.begin(), edits.end(),
                   [](const FixEdit &a, const FixEdit &b) {
                     return a.offset < b.offset;
                   });
  for (size_t i = 1; i < edits.size(); ++i)
    if (edits[i - 1].offset + edits[i - 1].length > edits[i].offset)
      return std::nullopt;
  FixIt fix;
  fix.description = std::move(description);
  fix.edits = std::move(edits);
  edits.clear();
  return fix;
}

std::optional<std::string> memlint::getOpText(const LintContext &context,
                                              Operation *op) {
  return getOpText(context.getSource(), op);
}

std::optional<std::string> memlint::getOpText(const SourceInfo &source,
                                              Operation *op) {
  auto lines = source.getWholeLines(op);
  if (!lines)
    return std::nullopt;
  StringRef text =
      source.getText().slice(lines->first, lines->second).trim();
  // One-line ops only: moving a region would need re-indenting its body.
  if (text.contains('\n'))
    return std::nullopt;
  return text.str();
}

std::string memlint::getDeallocText(const LintContext &context, Value value,
                                    Deallocator family) {
  return getDeallocText(context, value, family,
                        context.getSource().getName(value));
}

std::string memlint::getDeallocText(const LintContext &context, Value value,
                                    Deallocator family, StringRef name) {
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (family) {
  case Deallocator::Memref:
    os << "memref.dealloc " << name << " : " << value.getType();
    break;
  case Deallocator::Gpu:
    os << "gpu.dealloc " << name << " : " << value.getType();
    break;
  case Deallocator::LibC:
    os << "llvm.call @free(" << name << ") : (" << value.getType()
       << ") -> ()";
    break;
  }
  return text;
}

std::string memlint::getBaseDeallocText(const LintContext &context, Value value,
                                        Deallocator family, StringRef name) {
  auto type = dyn_cast<MemRefType>(value.getType());
  if (family != Deallocator::Memref || !type)
    return getDeallocText(context, value, family);
  auto base =
      MemRefType::get({}, type.getElementType(), MemRefLayoutAttrInterface(),
                      type.getMemorySpace());
  unsigned rank = type.getRank();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << name << "_base, " << name << "_meta:" << 1 + 2 * rank
     << " = memref.extract_strided_metadata "
     << context.getSource().getName(value) << " : " << type << " -> " << base;
  for (unsigned i = 0; i < 1 + 2 * rank; ++i)
    os << ", index";
  os << "\nmemref.dealloc " << name << "_base : " << base;
  return text;
}

bool memlint::removeFree(FixItBuilder &builder, const LintContext &context,
                         Operation *free, Value freed) {
  auto dealloc = dyn_cast<bufferization::DeallocOp>(free);
  if (!dealloc)
    return builder.remove(free);
  SmallVector<Value> memrefs, conditions;
  for (auto [memref, condition] :
       llvm::zip(dealloc.getMemrefs(), dealloc.getConditions()))
    if (memref != freed) {
      memrefs.push_back(memref);
      conditions.push_back(condition);
    }
  if (memrefs.size() == dealloc.getMemrefs().size())
    return false;
  if (memrefs.empty() && dealloc->use_empty())
    return builder.remove(free);
  // The results as written, then the op in its custom form without `freed`.
  std::optional<std::string> old = getOpText(context, free);
  size_t at = old ? old->find("bufferization.dealloc") : std::string::npos;
  if (at == std::string::npos || (at && (*old)[at - 1] == '"'))
    return false; // (the generic form)
  const SourceInfo &source = context.getSource();
  std::string text = old->substr(0, at) + "bufferization.dealloc";
  llvm::raw_string_ostream os(text);
  auto list = [&](ArrayRef<Value> values, bool withTypes) {
    llvm::interleaveComma(values, os,
                          [&](Value v) { os << source.getName(v); });
    if (withTypes) {
      os << " : ";
      llvm::interleaveComma(values, os, [&](Value v) { os << v.getType(); });
    }
  };
  if (!memrefs.empty()) {
    os << " (";
    list(memrefs, true);
    os << ") if (";
    list(conditions, false);
    os << ")";
  }
  SmallVector<Value> retained(dealloc.getRetained());
  if (!retained.empty()) {
    os << " retain (";
    list(retained, true);
    os << ")";
  }
  return builder.replace(free, text);
}

bool memlint::editsClash(llvm::ArrayRef<FixEdit> edits,
                         llvm::ArrayRef<std::pair<uint64_t, uint64_t>> taken,
                         bool touching) {
  return llvm::any_of(edits, [&](const FixEdit &edit) {
    uint64_t end = edit.offset + edit.length;
    return llvm::any_of(taken, [&](std::pair<uint64_t, uint64_t> range) {
      if (touching)
        return edit.offset <= range.second && range.first <= end;
      return edit.offset == range.first ||
             (edit.offset < range.second && range.first < end);
    });
  });
}

std::vector<std::pair<uint64_t, uint64_t>>
memlint::getEditRanges(llvm::ArrayRef<FixEdit> edits) {
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  for (const FixEdit &edit : edits)
    ranges.push_back({edit.offset, edit.offset + edit.length});
  return ranges;
}

std::vector<FixEdit> memlint::sortEdits(llvm::ArrayRef<FixEdit> edits) {
  std::vector<FixEdit> sorted(edits.begin(), edits.end());
  // An insertion at the offset where a replacement starts goes before it
  // (it is not an overlap); edits at one offset keep their order.
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const FixEdit &a, const FixEdit &b) {
                     return std::make_pair(a.offset, a.length != 0) <
                            std::make_pair(b.offset, b.length != 0);
                   });
  return sorted;
}

std::string memlint::applyEdits(llvm::StringRef text,
                                llvm::ArrayRef<FixEdit> edits) {
  std::vector<FixEdit> sorted = sortEdits(edits);
  std::string out;
  uint64_t pos = 0;
  for (const FixEdit &edit : sorted) {
    uint64_t offset = std::min<uint64_t>(edit.offset, text.size());
    if (offset < pos)
      continue; // overlapping: callers drop those before
    out += text.slice(pos, offset).str();
    out += edit.text;
    pos = std::min<uint64_t>(offset + edit.length, text.size());
  }
  out += text.substr(pos).str();
  return out;
}

//===----------------------------------------------------------------------===//
// EditList
//===----------------------------------------------------------------------===//

void EditList::insert(uint64_t offset, std::string text) {
  replace(offset, 0, std::move(text));
}

void EditList::replace(uint64_t offset, uint64_t length, std::string text) {
  FixEdit edit;
  edit.file = file;
  edit.offset = offset;
  edit.length = length;
  edit.text = std::move(text);
  edits.push_back(std::move(edit));
}

void EditList::append(const FixIt &fix) {
  edits.insert(edits.end(), fix.edits.begin(), fix.edits.end());
}

bool EditList::append(FixItBuilder &builder) {
  std::optional<FixIt> placed = builder.take("");
  if (!placed)
    return false;
  append(*placed);
  return true;
}

std::optional<FixIt> EditList::take(std::string description, bool general,
                                    bool sharedOffsets) const {
  std::vector<FixEdit> sorted = sortEdits(edits);
  for (size_t i = 1; i < sorted.size(); ++i)
    if (sorted[i].offset < sorted[i - 1].offset + sorted[i - 1].length ||
        (!sharedOffsets && sorted[i].offset == sorted[i - 1].offset))
      return std::nullopt;
  FixIt fix;
  fix.edits = std::move(sorted);
  fix.description = std::move(description);
  fix.general = general;
  return fix;
}

std::string memlint::getGuardedText(llvm::StringRef condition, bool whenTrue,
                                    llvm::StringRef text) {
  std::string body;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef line : lines)
    body += "  " + line.str() + "\n";
  return ("scf.if " + condition + (whenTrue ? " {\n" : " {\n} else {\n") +
          body + "}")
      .str();
}

//===----------------------------------------------------------------------===//
// Reading the text
//===----------------------------------------------------------------------===//

size_t memlint::findTopLevel(StringRef text, size_t from, StringRef needle) {
  int depth = 0;
  for (size_t i = from; i < text.size(); ++i) {
    if (depth == 0 && text.substr(i).starts_with(needle))
      return i;
    char c = text[i];
    if (c == '-' && i + 1 < text.size() && text[i + 1] == '>') {
      ++i;
      continue;
    }
    if (StringRef("([{<").contains(c)) {
      ++depth;
    } else if (StringRef(")]}>").contains(c)) {
      if (depth == 0)
        return StringRef::npos;
      --depth;
    }
  }
  return StringRef::npos;
}

bool memlint::appendSuccessorOperands(const SourceInfo &source,
                                      std::pair<uint64_t, uint64_t> span,
                                      StringRef values, StringRef types,
                                      EditList &edits) {
  StringRef text = source.getText().slice(span.first, span.second);
  size_t colon = findTopLevel(text, text.find('(') + 1, " : ");
  if (!text.ends_with(")") || colon == StringRef::npos)
    return false;
  edits.insert(span.first + colon, values.str());
  edits.insert(span.second - 1, types.str());
  return true;
}

bool memlint::appendBlockArguments(const SourceInfo &source, Block *block,
                          StringRef arguments, EditList &edits) {
  std::string label = source.getBlockName(block);
  if (label.empty() || block->empty())
    return false;
  SourceRange first = source.getRange(&block->front());
  if (!first.isValid())
    return false;
  StringRef text = source.getText();
  size_t header = text.take_front(first.offset).rfind(label + "(");
  size_t bare = text.take_front(first.offset).rfind(label + ":");
  if (header != StringRef::npos &&
      (bare == StringRef::npos || bare < header)) {
    size_t close = findTopLevel(text, header + label.size() + 1, ")");
    if (close == StringRef::npos || close > first.offset)
      return false;
    bool empty = text[close - 1] == '(';
    edits.insert(close, ((empty ? "" : ", ") + arguments).str());
    return true;
  }
  if (bare == StringRef::npos)
    return false;
  edits.insert(bare + label.size(), ("(" + arguments + ")").str());
  return true;
}
