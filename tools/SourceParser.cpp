//===- SourceParser.cpp - Parse a buffer, in parts on several threads -----===//

#include "tools/SourceParser.h"

#include "analyzer/SourceText.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <array>
#include <atomic>

using namespace mlir;
using namespace memlint;

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

namespace {
/// A forward scan of MLIR text that knows strings, comments and brackets.
struct Scanner {
  llvm::StringRef text;
  size_t i = 0;

  bool atEnd() const { return i >= text.size(); }
  char peek(size_t ahead = 0) const {
    return i + ahead < text.size() ? text[i + ahead] : '\0';
  }
  /// Skips blanks, newlines and `//` comments.
  void skipTrivia() {
    while (!atEnd()) {
      char c = text[i];
      if (c == '\n' || c == ' ' || c == '\t' || c == '\r') {
        ++i;
      } else if (c == '/' && peek(1) == '/') {
        while (!atEnd() && text[i] != '\n')
          ++i;
      } else {
        break;
      }
    }
  }
  /// Skips a string literal starting at `i`.
  void skipString() {
    ++i;
    while (!atEnd() && text[i] != '"') {
      if (text[i] == '\\')
        ++i;
      ++i;
    }
    ++i;
  }
  /// Skips the rest of the line when it holds only blanks and a comment.
  bool skipBlankRestOfLine() {
    while (!atEnd() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r'))
      ++i;
    if (peek() == '/' && peek(1) == '/')
      while (!atEnd() && text[i] != '\n')
        ++i;
    if (atEnd())
      return true;
    if (text[i] != '\n')
      return false;
    ++i;
    return true;
  }
  /// Skips a balanced `{...}`, `(...)` or `[...]` starting at `i`.
  bool skipBalanced() {
    int depth = 0;
    while (!atEnd()) {
      char c = text[i];
      if (c == '"') {
        skipString();
        continue;
      }
      if (c == '/' && peek(1) == '/') {
        while (!atEnd() && text[i] != '\n')
          ++i;
        continue;
      }
      if (c == '{' || c == '(' || c == '[')
        ++depth;
      if (c == '}' || c == ')' || c == ']')
        if (--depth == 0) {
          ++i;
          return true;
        }
      ++i;
    }
    return false;
  }
};
} // namespace

/// True when the last significant line before `newline` (blank and comment
/// lines skipped, up to a few) ends with `}`.
static bool previousLineEndsWithBrace(llvm::StringRef text, size_t newline) {
  size_t k = newline;
  for (int lines = 0; lines < 64; ++lines) {
    while (k > 0 && (text[k - 1] == ' ' || text[k - 1] == '\t' ||
                     text[k - 1] == '\r' || text[k - 1] == '\n'))
      --k;
    if (k == 0)
      return false;
    size_t lineStart = text.rfind('\n', k - 1);
    lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
    llvm::StringRef line = text.slice(lineStart, k).ltrim(" \t");
    if (!line.starts_with("//"))
      return text[k - 1] == '}';
    k = lineStart;
  }
  return false;
}

std::optional<SourceLayout> memlint::scanLayout(llvm::StringRef text) {
  Scanner s{text};
  SourceLayout layout;
  // Comments and alias definitions, one per line.
  while (true) {
    s.skipTrivia();
    if (s.peek() != '#' && s.peek() != '!')
      break;
    while (!s.atEnd() && s.text[s.i] != '\n')
      ++s.i;
  }
  if (s.atEnd())
    return std::nullopt;
  size_t first = s.i;
  layout.prefixEnd = first;
  while (layout.prefixEnd > 0 && text[layout.prefixEnd - 1] != '\n')
    --layout.prefixEnd;
  if (text.substr(first).starts_with("module") &&
      !sourcetext::isNameChar(s.peek(6))) {
    // module [@name] [attributes {...}] { body }
    layout.inModule = true;
    s.i += 6;
    s.skipTrivia();
    if (s.peek() == '@') {
      ++s.i;
      if (s.peek() == '"')
        s.skipString();
      else
        while (!s.atEnd() && sourcetext::isNameChar(s.text[s.i]))
          ++s.i;
      s.skipTrivia();
    }
    if (text.substr(s.i).starts_with("attributes")) {
      s.i += 10;
      s.skipTrivia();
      if (s.peek() != '{' || !s.skipBalanced())
        return std::nullopt;
      s.skipTrivia();
    }
    if (s.peek() != '{')
      return std::nullopt;
    ++s.i;
    if (!s.skipBlankRestOfLine())
      return std::nullopt;
    layout.bodyBegin = s.i;
  } else {
    layout.bodyBegin = layout.prefixEnd;
  }
  layout.cuts.push_back(layout.bodyBegin);

  // The top-level ops: brackets, strings and comments, and the line starts
  // at depth 0 after a line that ends with `}` (a line ending in a comment
  // is not a cut: cuts are optional). Other bytes are skipped in a tight
  // loop.
  static const auto special = [] {
    std::array<bool, 256> table{};
    for (unsigned char c : llvm::StringRef("\"/{}()[]\n"))
      table[c] = true;
    return table;
  }();
  int depth = 0;
  size_t n = text.size();
  size_t &i = s.i;
  while (true) {
    while (i < n && !special[static_cast<unsigned char>(text[i])])
      ++i;
    if (i >= n)
      break;
    char c = text[i];
    switch (c) {
    case '"':
      s.skipString();
      continue;
    case '/':
      if (s.peek(1) == '/')
        while (i < n && text[i] != '\n')
          ++i;
      else
        ++i;
      continue;
    case '{':
    case '(':
    case '[':
      ++depth;
      ++i;
      continue;
    case '}':
    case ')':
    case ']':
      if (--depth < 0) {
        if (!layout.inModule || c != '}')
          return std::nullopt;
        layout.bodyEnd = i;
        // After the module: its location and trivia only.
        ++i;
        s.skipTrivia();
        if (text.substr(i).starts_with("loc(")) {
          i += 3;
          if (!s.skipBalanced())
            return std::nullopt;
          s.skipTrivia();
        }
        if (!s.atEnd())
          return std::nullopt;
        return layout;
      }
      ++i;
      continue;
    default: // '\n'
      break;
    }
    size_t newline = i++;
    if (depth != 0)
      continue;
    size_t j = i;
    while (j < n && (text[j] == ' ' || text[j] == '\t'))
      ++j;
    if (j >= n)
      continue;
    char d = text[j];
    if (d == '#' || d == '!' || (d == '{' && j + 1 < n && text[j + 1] == '-'))
      return std::nullopt; // aliases between ops, file metadata
    if ((llvm::isAlpha(d) || d == '%' || d == '"') &&
        previousLineEndsWithBrace(text, newline))
      layout.cuts.push_back(i);
  }
  if (layout.inModule || depth != 0)
    return std::nullopt;
  layout.bodyEnd = n;
  return layout;
}

//===----------------------------------------------------------------------===//
// ParsedSource
//===----------------------------------------------------------------------===//

std::vector<ParsedPart> ParsedSource::getParts() const {
  std::vector<ParsedPart> result;
  for (const auto &part : parts)
    result.push_back(ParsedPart{part->state.get(), part->view, part->prefixLength,
                                part->textStart, part->fileOffset});
  return result;
}

LogicalResult ParsedSource::parse(const llvm::SourceMgr &sourceMgr,
                                  Block *block, MLIRContext *context,
                                  size_t minParallelBytes) {
  parts.clear();
  llvm::StringRef text =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  needsState = !sourcetext::locationsArePositions(text);
  unsigned threads = context->isMultithreadingEnabled()
                         ? context->getThreadPool().getMaxConcurrency()
                         : 1;
  if (threads > 1 && text.size() >= minParallelBytes) {
    if (auto layout = scanLayout(text)) {
      // A few parts per thread even out parts of different cost.
      unsigned numParts = std::min<size_t>(4 * threads, layout->cuts.size());
      if (numParts > 1 &&
          parseInParts(sourceMgr, block, context, *layout, numParts))
        return success();
      parts.clear();
    }
  }
  auto part = std::make_unique<Part>();
  initState(*part);
  part->view = text;
  ParserConfig config(context, /*verifyAfterParse=*/false);
  LogicalResult result =
      parseAsmSourceFile(sourceMgr, block, config, part->state.get());
  parts.push_back(std::move(part));
  return result;
}

void ParsedSource::initState(Part &part) const {
  if (needsState)
    part.state = std::make_unique<AsmParserState>();
}

bool ParsedSource::parseInParts(const llvm::SourceMgr &sourceMgr,
                                Block *block, MLIRContext *context,
                                const SourceLayout &layout,
                                unsigned numParts) {
  llvm::StringRef text =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer();
  llvm::StringRef name =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
          ->getBufferIdentifier();
  llvm::StringRef prefix = text.take_front(layout.prefixEnd);
  unsigned prefixLines = prefix.count('\n');

  // Cut the ops into parts of about the same size.
  std::vector<size_t> cuts{layout.cuts.front()};
  size_t bodySize = layout.bodyEnd - layout.bodyBegin;
  size_t next = 1;
  for (unsigned k = 1; k < numParts; ++k) {
    // The line start closest to the target that is after the last cut.
    size_t target = layout.bodyBegin + bodySize * k / numParts;
    while (next < layout.cuts.size() && layout.cuts[next] < target)
      ++next;
    size_t pick = next;
    if (next > 0 && layout.cuts[next - 1] > cuts.back() &&
        (next == layout.cuts.size() ||
         target - layout.cuts[next - 1] < layout.cuts[next] - target))
      pick = next - 1;
    if (pick == layout.cuts.size())
      break;
    cuts.push_back(layout.cuts[pick]);
    next = pick + 1;
  }
  if (cuts.size() < 2)
    return false;
  // The line of each cut (newlines before it).
  std::vector<unsigned> cutLines;
  unsigned lines = prefixLines;
  size_t counted = prefix.size();
  for (size_t cut : cuts) {
    lines += std::count(text.begin() + counted, text.begin() + cut, '\n');
    counted = cut;
    cutLines.push_back(lines);
  }

  // The parts' texts: the prefix, newlines down to the part's first line,
  // then its ops. In a module, one more part holds the module itself with
  // its body blanked out.
  for (size_t k = 0; k < cuts.size(); ++k) {
    auto part = std::make_unique<Part>();
    initState(*part);
    size_t begin = cuts[k];
    size_t end = k + 1 < cuts.size() ? cuts[k + 1] : layout.bodyEnd;
    part->text.reserve(prefix.size() + (cutLines[k] - prefixLines) +
                       (end - begin));
    part->text.append(prefix.data(), prefix.size());
    part->text.append(cutLines[k] - prefixLines, '\n');
    part->prefixLength = prefix.size();
    part->textStart = part->text.size();
    part->fileOffset = begin;
    part->text.append(text.data() + begin, end - begin);
    parts.push_back(std::move(part));
  }
  if (layout.inModule) {
    auto part = std::make_unique<Part>();
    initState(*part);
    llvm::StringRef head = text.take_front(layout.bodyBegin);
    llvm::StringRef body = text.slice(layout.bodyBegin, layout.bodyEnd);
    // The newlines of the body, counted on from the last cut.
    unsigned bodyLines =
        lines - cutLines.front() +
        std::count(text.begin() + counted, text.begin() + layout.bodyEnd, '\n');
    size_t lastNewline = body.rfind('\n');
    size_t closeColumn = lastNewline == llvm::StringRef::npos
                             ? body.size()
                             : body.size() - lastNewline - 1;
    part->text.append(head.data(), head.size());
    part->text.append(bodyLines, '\n');
    part->text.append(closeColumn, ' ');
    part->prefixLength = head.size();
    part->textStart = part->text.size();
    part->fileOffset = layout.bodyEnd;
    part->text.append(text.data() + layout.bodyEnd,
                      text.size() - layout.bodyEnd);
    parts.push_back(std::move(part));
  }
  for (auto &part : parts)
    part->view = part->text;

  // Dialects are loaded up front: loading one is not thread-safe.
  context->loadAllAvailableDialects();
  size_t numDialects = context->getLoadedDialects().size();
  // Any diagnostic sends the buffer to the whole parse, which reports it.
  std::atomic<bool> diagnosed{false};
  DiagnosticEngine::HandlerID handler =
      context->getDiagEngine().registerHandler([&](Diagnostic &) {
        diagnosed = true;
        return success();
      });
  std::vector<Block> blocks(parts.size());
  std::vector<char> ok(parts.size(), 0);
  mlir::parallelFor(context, 0, parts.size(), [&](size_t k) {
    Part &part = *parts[k];
    llvm::SourceMgr partMgr;
    partMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBuffer(part.text, name,
                                         /*RequiresNullTerminator=*/true),
        llvm::SMLoc());
    ParserConfig config(context, /*verifyAfterParse=*/false);
    ok[k] = succeeded(
        parseAsmSourceFile(partMgr, &blocks[k], config, part.state.get()));
  });
  context->getDiagEngine().eraseHandler(handler);
  if (diagnosed || llvm::is_contained(ok, 0) ||
      context->getLoadedDialects().size() != numDialects)
    return false;

  size_t numOpParts = cuts.size();
  if (layout.inModule) {
    Block &moduleBlock = blocks[numOpParts];
    auto module = llvm::hasSingleElement(moduleBlock)
                      ? dyn_cast<ModuleOp>(moduleBlock.front())
                      : ModuleOp();
    if (!module || !module.getBody()->empty())
      return false;
    for (size_t k = 0; k < numOpParts; ++k)
      module.getBody()->getOperations().splice(module.getBody()->end(),
                                               blocks[k].getOperations());
    block->getOperations().splice(block->end(), moduleBlock.getOperations());
  } else {
    for (size_t k = 0; k < numOpParts; ++k)
      block->getOperations().splice(block->end(), blocks[k].getOperations());
  }
  return true;
}

void memlint::destroyNestedOps(mlir::Block &block) {
  // Post-order: when an op is visited its nested regions are empty already,
  // so dropping its regions' references touches only their own ops. Values
  // defined in a region are used only inside it, so nothing outside refers
  // to the ops erased.
  for (mlir::Operation &op : block)
    op.walk<mlir::WalkOrder::PostOrder>([](mlir::Operation *nested) {
      for (mlir::Region &region : nested->getRegions()) {
        region.dropAllReferences();
        region.getBlocks().clear();
      }
    });
  block.dropAllReferences();
  block.clear();
}
