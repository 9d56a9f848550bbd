//===- SourceInfo.cpp - Source ranges and SSA names of parsed IR ----------===//

#include "analyzer/SourceInfo.h"

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

bool SourceInfo::isWritten(Operation *op) const {
  return getOpDef(op) != nullptr;
}

std::string SourceInfo::getBlockName(Block *block) const {
  const auto *def = getBlockDef(block);
  if (!def || !def->definition.loc.Start.isValid())
    return "";
  SMRange loc = def->definition.loc;
  return std::string(loc.Start.getPointer(),
                     loc.End.getPointer() - loc.Start.getPointer());
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
  const ParsedPart *part = nullptr;
  if (const auto *def = getOpDef(op, &part)) {
    // Start at the op name, like the op's own location; underline up to the
    // end of the op, or of its first line when it spans several (ops with
    // regions).
    StringRef text = getText();
    const char *begin = toFile(*part, def->loc.Start.getPointer());
    SMLoc start = SMLoc::getFromPointer(begin);
    const char *end = toFile(*part, def->scopeLoc.End.getPointer());
    const char *lineEnd = begin;
    while (lineEnd < text.end() && *lineEnd != '\n')
      ++lineEnd;
    if (!end || end > lineEnd)
      end = lineEnd;
    // Trim trailing blanks and comments are left alone: ops end before them.
    while (end > begin && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
      --end;
    return toRange(start, SMLoc::getFromPointer(end));
  }
  // Not in the parser state: an implicit terminator stands for the end of
  // its region; point at the op that owns the region.
  if (Operation *parent = op->getParentOp())
    if (getOpDef(parent))
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
  auto textOf = [](SMRange range) {
    return std::string(range.Start.getPointer(),
                       range.End.getPointer() - range.Start.getPointer());
  };
  if (auto result = dyn_cast<OpResult>(value)) {
    Operation *op = result.getOwner();
    if (const auto *def = getOpDef(op)) {
      unsigned number = result.getResultNumber();
      const auto &groups = def->resultGroups;
      for (size_t i = 0; i < groups.size(); ++i) {
        unsigned begin = groups[i].startIndex;
        unsigned end = i + 1 < groups.size() ? groups[i + 1].startIndex
                                             : op->getNumResults();
        if (number < begin || number >= end)
          continue;
        std::string name = textOf(groups[i].definition.loc);
        if (end - begin > 1)
          name += "#" + std::to_string(number - begin);
        return name;
      }
    }
    return "result of '" + op->getName().getStringRef().str() + "'";
  }
  auto arg = cast<BlockArgument>(value);
  if (const auto *def = getBlockDef(arg.getOwner()))
    if (arg.getArgNumber() < def->arguments.size())
      return textOf(def->arguments[arg.getArgNumber()].loc);
  return "argument #" + std::to_string(arg.getArgNumber());
}

/// Where the text of `op` starts: its first result name, or its name.
static const char *opTextStart(const AsmParserState::OperationDefinition &def) {
  const char *start = def.loc.Start.getPointer();
  if (!def.resultGroups.empty()) {
    const char *result = def.resultGroups.front().definition.loc.Start.getPointer();
    if (result && result < start)
      start = result;
  }
  return start;
}

std::optional<std::pair<uint64_t, uint64_t>>
SourceInfo::getWholeLines(Operation *op) const {
  const ParsedPart *part = nullptr;
  const auto *def = getOpDef(op, &part);
  if (!def)
    return std::nullopt;
  StringRef text = getText();
  const char *start = toFile(*part, opTextStart(*def));
  const char *end = toFile(*part, def->scopeLoc.End.getPointer());
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
  const ParsedPart *part = nullptr;
  const auto *def = getOpDef(op, &part);
  if (!def)
    return "";
  StringRef text = getText();
  const char *start = toFile(*part, opTextStart(*def));
  const char *lineBegin = start;
  while (lineBegin > text.begin() && lineBegin[-1] != '\n')
    --lineBegin;
  const char *indentEnd = lineBegin;
  while (indentEnd < start && (*indentEnd == ' ' || *indentEnd == '\t'))
    ++indentEnd;
  return StringRef(lineBegin, indentEnd - lineBegin);
}

std::optional<uint64_t> SourceInfo::getEndOffset(Operation *op) const {
  const ParsedPart *part = nullptr;
  const auto *def = getOpDef(op, &part);
  if (!def || !def->scopeLoc.End.isValid())
    return std::nullopt;
  return toFile(*part, def->scopeLoc.End.getPointer()) - getText().data();
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
