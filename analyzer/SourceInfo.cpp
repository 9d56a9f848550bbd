//===- SourceInfo.cpp - Source ranges and SSA names of parsed IR ----------===//

#include "analyzer/SourceInfo.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace memlint;

SourceInfo::SourceInfo(const llvm::SourceMgr &sourceMgr,
                       const AsmParserState &state)
    : SourceInfo(sourceMgr,
                 {ParsedPart{&state,
                             sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
                                 ->getBuffer(),
                             0, 0, 0}}) {}

SourceInfo::SourceInfo(const llvm::SourceMgr &sourceMgr,
                       std::vector<ParsedPart> parts)
    : sourceMgr(&sourceMgr), parts(std::move(parts)) {
  // The SourceMgr indexes the lines of a buffer on the first query; do it
  // now, so that checks on several threads only read the index.
  StringRef text = getText();
  if (!text.empty())
    sourceMgr.getLineAndColumn(SMLoc::getFromPointer(text.data()));
}

SourceInfo::SourceInfo(Operation *root) : root(root) {}

SourceInfo::~SourceInfo() = default;

StringRef SourceInfo::getText() const {
  if (!sourceMgr)
    return "";
  return sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID())->getBuffer();
}

const AsmParserState::OperationDefinition *
SourceInfo::getOpDef(Operation *op, const ParsedPart **part) const {
  if (parts.empty())
    return nullptr;
  const ParsedPart *holder = &parts.front();
  if (parts.size() > 1) {
    // The part that holds the op's top-level ancestor holds the op.
    Operation *top = op;
    while (top->getParentOp() && top->getParentOp()->getParentOp())
      top = top->getParentOp();
    auto it = llvm::find_if(
        parts, [&](const ParsedPart &p) { return p.state->getOpDef(top); });
    if (it == parts.end())
      return nullptr;
    holder = &*it;
  }
  if (part)
    *part = holder;
  return holder->state->getOpDef(op);
}

const AsmParserState::BlockDefinition *
SourceInfo::getBlockDef(Block *block) const {
  // A block is parsed with the op that holds it.
  const ParsedPart *part = nullptr;
  Operation *parent = block->getParentOp();
  if (!parent || !getOpDef(parent, &part))
    return nullptr;
  return part->state->getBlockDef(block);
}

const char *SourceInfo::toFile(const ParsedPart &part,
                               const char *pointer) const {
  const char *file = getText().data();
  const char *begin = part.text.data();
  if (!pointer || begin == file)
    return pointer;
  if (pointer < begin + part.prefixLength)
    return file + (pointer - begin);
  if (pointer < begin + part.textStart) // padding: not a position of the text
    return file + part.fileOffset;
  return file + part.fileOffset + (pointer - begin - part.textStart);
}

std::string SourceInfo::getFileName(Operation *op) const {
  if (hasText())
    return "";
  if (auto loc = op->getLoc()->findInstanceOf<FileLineColRange>())
    return loc.getFilename().str();
  return "";
}

/// The position of `op` from its location: the first file location in it
/// (through names, call sites and fusions), with its end when it is a range.
SourceRange SourceInfo::getLocationRange(Operation *op) const {
  SourceRange range;
  if (auto loc = op->getLoc()->findInstanceOf<FileLineColRange>()) {
    range.line = loc.getStartLine();
    range.column = loc.getStartColumn();
    range.endLine = std::max(loc.getEndLine(), range.line);
    range.endColumn = range.endLine == range.line
                          ? std::max(loc.getEndColumn(), range.column)
                          : loc.getEndColumn();
  }
  return range;
}

const char *SourceInfo::locate(Location loc) const {
  if (!isStrictFileLineColLoc(loc))
    return nullptr;
  auto fileLoc = cast<FileLineColLoc>(loc);
  unsigned id = sourceMgr->getMainFileID();
  if (fileLoc.getLine() == 0 ||
      fileLoc.getFilename().getValue() !=
          sourceMgr->getMemoryBuffer(id)->getBufferIdentifier())
    return nullptr;
  // The SourceMgr's line index is built in the constructor; finding a line
  // only reads it.
  SMLoc at = const_cast<llvm::SourceMgr *>(sourceMgr)->FindLocForLineAndColumn(
      id, fileLoc.getLine(), fileLoc.getColumn());
  return at.isValid() ? at.getPointer() : nullptr;
}

const char *SourceInfo::locateName(Operation *op) const {
  // An op is written at the position of its name. Ops the parser makes
  // without text (implicit terminators, bodies of named ops) carry the
  // location of the op that holds them.
  const char *name = locate(op->getLoc());
  if (!name || !(llvm::isAlpha(*name) || *name == '_' || *name == '"'))
    return nullptr;
  if (Operation *parent = op->getParentOp())
    if (parent->getLoc() == op->getLoc())
      return nullptr;
  return name;
}

std::optional<SourceInfo::OpText> SourceInfo::getOpText(Operation *op) const {
  OpText result;
  if (!positionsFromLocations()) {
    result.def = getOpDef(op, &result.part);
    if (!result.def)
      return std::nullopt;
    const auto &def = *result.def;
    result.name = toFile(*result.part, def.loc.Start.getPointer());
    result.start = result.name;
    const auto &groups = def.resultGroups;
    for (size_t i = 0; i < groups.size(); ++i) {
      unsigned end = i + 1 < groups.size() ? groups[i + 1].startIndex
                                           : op->getNumResults();
      sourcetext::ResultGroup group;
      group.begin = toFile(*result.part,
                           groups[i].definition.loc.Start.getPointer());
      group.end =
          toFile(*result.part, groups[i].definition.loc.End.getPointer());
      group.count = end - groups[i].startIndex;
      result.results.push_back(group);
      if (i == 0 && group.begin && group.begin < result.start)
        result.start = group.begin;
    }
    return result;
  }
  const char *name = locateName(op);
  if (!name)
    return std::nullopt;
  result.name = name;
  result.start = sourcetext::scanResults(getText(), name, result.results);
  unsigned named = 0;
  for (const auto &group : result.results)
    named += group.count;
  if (named != op->getNumResults())
    result.results.clear();
  return result;
}

const char *SourceInfo::getOpEnd(Operation *op, const OpText &text,
                                 const char *limit) const {
  const char *end = nullptr;
  if (text.def) {
    if (!text.def->scopeLoc.End.isValid())
      return nullptr;
    end = toFile(*text.part, text.def->scopeLoc.End.getPointer());
  } else {
    // Only blanks and comments lie between two ops of a block, and alias
    // definitions between two top-level ops.
    std::optional<OpText> next;
    if (op->getNextNode())
      next = getOpText(op->getNextNode());
    Operation *parent = op->getParentOp();
    if (next && parent && locateName(parent))
      return std::min(
          sourcetext::skipTriviaBack(getText(), next->start, text.name), limit);
    const char *stop = next ? std::min(next->start, limit) : limit;
    end = sourcetext::scanLastOpEnd(getText(), text.name, stop);
    if (next && stop == next->start && end == stop)
      end = sourcetext::skipTriviaBack(getText(), stop, text.name);
  }
  return end && end > limit ? limit : end;
}

bool SourceInfo::isWritten(Operation *op) const {
  if (positionsFromLocations())
    return locateName(op) != nullptr;
  return getOpDef(op) != nullptr;
}

std::string SourceInfo::getBlockName(Block *block) const {
  if (positionsFromLocations()) {
    // The label stands before the block's first argument, or before its
    // first op when it has none.
    if (block->getNumArguments() != 0) {
      const char *arg = locate(block->getArgument(0).getLoc());
      return arg && *arg == '%'
                 ? sourcetext::labelBefore(getText(), arg, false).str()
                 : "";
    }
    if (block->empty())
      return "";
    std::optional<OpText> first = getOpText(&block->front());
    return first ? sourcetext::labelBefore(getText(), first->start, true).str()
                 : "";
  }
  const auto *def = getBlockDef(block);
  if (!def || !def->definition.loc.Start.isValid())
    return "";
  // The parser records an entry block written without a label at the `{` of
  // its region.
  SMRange loc = def->definition.loc;
  StringRef label(loc.Start.getPointer(),
                  loc.End.getPointer() - loc.Start.getPointer());
  return label.starts_with("^") ? label.str() : "";
}

/// The column of `ptr`, counted from the start of its line. LLVM's SourceMgr
/// counts lines at '\n' only but starts its columns after the last '\n' or
/// '\r': after a lone '\r' (white space to the parser, not a line break for
/// the line numbers) its column would restart, and a range could end before
/// it starts on the same line (found by test/fuzz/mutate_fuzz.py).
static unsigned columnInLine(StringRef text, const char *ptr, unsigned column) {
  const char *lineStart = ptr - (column - 1);
  if (lineStart <= text.begin() || lineStart[-1] != '\r')
    return column;
  while (lineStart > text.begin() && lineStart[-1] != '\n')
    --lineStart;
  return ptr - lineStart + 1;
}

SourceRange SourceInfo::toRange(SMLoc start, SMLoc end) const {
  SourceRange range;
  if (!start.isValid())
    return range;
  unsigned id = sourceMgr->getMainFileID();
  StringRef text = getText();
  const char *base = text.data();
  auto [line, col] = sourceMgr->getLineAndColumn(start, id);
  range.line = line;
  range.column = columnInLine(text, start.getPointer(), col);
  range.offset = start.getPointer() - base;
  if (!end.isValid() || end.getPointer() < start.getPointer())
    end = start;
  auto [endLine, endCol] = sourceMgr->getLineAndColumn(end, id);
  range.endLine = endLine;
  range.endColumn = columnInLine(text, end.getPointer(), endCol);
  range.endOffset = end.getPointer() - base;
  return range;
}

SourceRange SourceInfo::getRange(Operation *op) const {
  if (!hasText())
    return getLocationRange(op);
  if (std::optional<OpText> opText = getOpText(op)) {
    // Start at the op name, like the op's own location; underline up to the
    // end of the op, or of its first line when it spans several (ops with
    // regions).
    StringRef text = getText();
    const char *begin = opText->name;
    SMLoc start = SMLoc::getFromPointer(begin);
    const char *lineEnd = begin;
    while (lineEnd < text.end() && *lineEnd != '\n')
      ++lineEnd;
    const char *end = getOpEnd(op, *opText, lineEnd);
    if (!end)
      end = lineEnd;
    // Trim trailing blanks and comments are left alone: ops end before them.
    while (end > begin && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
      --end;
    // Where the op's location is the position of its name (a text without
    // '\r'), it gives the line and column, and the range ends on that line:
    // no search of the line table.
    if (!opText->def)
      if (auto loc = dyn_cast<FileLineColLoc>(op->getLoc())) {
        SourceRange range;
        range.line = range.endLine = loc.getLine();
        range.column = loc.getColumn();
        range.endColumn = range.column + unsigned(std::max(end, begin) - begin);
        range.offset = begin - text.data();
        range.endOffset = std::max(end, begin) - text.data();
        return range;
      }
    return toRange(start, SMLoc::getFromPointer(end));
  }
  // Not written: an implicit terminator stands for the end of its region;
  // point at the op that owns the region.
  if (Operation *parent = op->getParentOp())
    if (isWritten(parent))
      return getRange(parent);
  SourceRange range;
  if (auto fileLoc = dyn_cast<FileLineColLoc>(op->getLoc())) {
    range.line = range.endLine = fileLoc.getLine();
    range.column = range.endColumn = fileLoc.getColumn();
  }
  return range;
}

std::string SourceInfo::getName(Value value) const {
  if (!hasText()) {
    std::lock_guard<std::mutex> lock(asmStateMutex);
    if (!asmState)
      // The IR is verified: AsmState must not verify it again (that would
      // wait for the thread pool while holding the lock).
      asmState = std::make_unique<AsmState>(
          root, OpPrintingFlags().assumeVerified());
    std::string name;
    llvm::raw_string_ostream os(name);
    value.printAsOperand(os, *asmState);
    return name;
  }
  if (auto result = dyn_cast<OpResult>(value)) {
    Operation *op = result.getOwner();
    if (std::optional<OpText> opText = getOpText(op)) {
      unsigned number = result.getResultNumber(), first = 0;
      for (const auto &group : opText->results) {
        if (number >= first && number < first + group.count) {
          std::string name(group.begin, group.end - group.begin);
          if (group.count > 1)
            name += "#" + std::to_string(number - first);
          return name;
        }
        first += group.count;
      }
    }
    return "result of '" + op->getName().getStringRef().str() + "'";
  }
  auto arg = cast<BlockArgument>(value);
  if (positionsFromLocations()) {
    // An argument is written at the position of its name.
    const char *at = locate(arg.getLoc());
    if (at && *at == '%') {
      const char *end = at + 1;
      while (end < getText().end() && sourcetext::isNameChar(*end))
        ++end;
      return std::string(at, end - at);
    }
  } else if (const auto *def = getBlockDef(arg.getOwner())) {
    if (arg.getArgNumber() < def->arguments.size()) {
      SMRange range = def->arguments[arg.getArgNumber()].loc;
      return std::string(range.Start.getPointer(),
                         range.End.getPointer() - range.Start.getPointer());
    }
  }
  return "argument #" + std::to_string(arg.getArgNumber());
}

std::optional<std::pair<uint64_t, uint64_t>>
SourceInfo::getWholeLines(Operation *op) const {
  std::optional<OpText> opText = getOpText(op);
  if (!opText)
    return std::nullopt;
  StringRef text = getText();
  const char *start = opText->start;
  const char *end = getOpEnd(op, *opText, text.end());
  if (!start || !end || end < start)
    return std::nullopt;
  const char *lineBegin = start;
  while (lineBegin > text.begin() && lineBegin[-1] != '\n') {
    --lineBegin;
    if (*lineBegin != ' ' && *lineBegin != '\t')
      return std::nullopt;
  }
  const char *lineEnd = end;
  while (lineEnd < text.end() && (*lineEnd == ' ' || *lineEnd == '\t' ||
                                  *lineEnd == '\r'))
    ++lineEnd;
  if (lineEnd + 1 < text.end() && lineEnd[0] == '/' && lineEnd[1] == '/')
    while (lineEnd < text.end() && *lineEnd != '\n')
      ++lineEnd;
  if (lineEnd < text.end() && *lineEnd != '\n')
    return std::nullopt;
  if (lineEnd < text.end())
    ++lineEnd; // the newline
  return std::make_pair(uint64_t(lineBegin - text.begin()),
                        uint64_t(lineEnd - text.begin()));
}

StringRef SourceInfo::getIndentation(Operation *op) const {
  std::optional<OpText> opText = getOpText(op);
  if (!opText)
    return "";
  StringRef text = getText();
  const char *start = opText->start;
  const char *lineBegin = start;
  while (lineBegin > text.begin() && lineBegin[-1] != '\n')
    --lineBegin;
  const char *indentEnd = lineBegin;
  while (indentEnd < start && (*indentEnd == ' ' || *indentEnd == '\t'))
    ++indentEnd;
  return StringRef(lineBegin, indentEnd - lineBegin);
}

std::optional<uint64_t> SourceInfo::getEndOffset(Operation *op) const {
  std::optional<OpText> opText = getOpText(op);
  if (!opText)
    return std::nullopt;
  const char *end = getOpEnd(op, *opText, getText().end());
  if (!end)
    return std::nullopt;
  return end - getText().data();
}

//===----------------------------------------------------------------------===//
// Paths
//===----------------------------------------------------------------------===//

std::string memlint::makeRelativePath(llvm::StringRef path,
                                      llvm::StringRef base) {
  llvm::SmallString<256> abs(path), dir(base);
  llvm::sys::fs::make_absolute(abs);
  if (dir.empty())
    llvm::sys::fs::current_path(dir);
  else
    llvm::sys::fs::make_absolute(dir);
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_dots(dir, /*remove_dot_dot=*/true);
  llvm::SmallVector<llvm::StringRef> a, b;
  for (auto it = llvm::sys::path::begin(abs), e = llvm::sys::path::end(abs);
       it != e; ++it)
    a.push_back(*it);
  for (auto it = llvm::sys::path::begin(dir), e = llvm::sys::path::end(dir);
       it != e; ++it)
    b.push_back(*it);
  size_t common = 0;
  while (common < a.size() && common < b.size() && a[common] == b[common])
    ++common;
  llvm::SmallString<256> rel;
  for (size_t i = common; i < b.size(); ++i)
    llvm::sys::path::append(rel, "..");
  for (size_t i = common; i < a.size(); ++i)
    llvm::sys::path::append(rel, a[i]);
  return rel.empty() ? "." : std::string(rel);
}
