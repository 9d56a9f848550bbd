//===- TextReporter.cpp - clang-style diagnostics --------------------------===//

#include "reporters/Reporters.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

using namespace memlint;

/// Source lines longer than this are shown as a window of this many columns
/// around the caret, with "..." where they are cut (clang's snippet window),
/// so that a finding on a line of a megabyte prints a line of a screen.
static constexpr size_t kSnippetColumns = 160;

/// The start of the UTF-8 character at or after `pos` in `line`.
static size_t alignToCharacter(llvm::StringRef line, size_t pos) {
  while (pos < line.size() && (uint8_t(line[pos]) & 0xC0) == 0x80)
    ++pos;
  return pos;
}

namespace {
/// One SourceMgr holding every input, to print source lines and carets.
class SourceLocator {
public:
  explicit SourceLocator(const SourceTexts &sources) {
    for (const auto &[path, text] : sources)
      ids[path] = mgr.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBuffer(text, path, false), llvm::SMLoc());
  }

  void print(llvm::raw_ostream &os, const FindingLocation &location,
             llvm::SourceMgr::DiagKind kind, const llvm::Twine &message,
             bool colors) {
    auto it = ids.find(location.file);
    if (it == ids.end() || !location.range.isValid()) {
      // No text to show: just the location.
      llvm::SMDiagnostic diag(location.file, kind, message.str());
      if (location.range.isValid())
        diag = llvm::SMDiagnostic(mgr, llvm::SMLoc(), location.file,
                                  location.range.line,
                                  location.range.column - 1, kind,
                                  message.str(), "", {});
      diag.print(nullptr, os, colors);
      return;
    }
    const llvm::MemoryBuffer *buffer = mgr.getMemoryBuffer(it->second);
    const char *base = buffer->getBufferStart();
    uint64_t size = buffer->getBufferSize();
    uint64_t offset = std::min<uint64_t>(location.range.offset, size);
    uint64_t endOffset = std::min<uint64_t>(location.range.endOffset, size);
    llvm::SMLoc loc = llvm::SMLoc::getFromPointer(base + offset);
    llvm::StringRef text(base, size);
    size_t lineStart = text.rfind('\n', offset);
    lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
    size_t lineEnd = std::min(text.find('\n', offset), size_t(size));
    if (lineEnd - lineStart > kSnippetColumns) {
      printWindow(os, location, kind, message, text.slice(lineStart, lineEnd),
                  offset - lineStart,
                  std::min<uint64_t>(endOffset, lineEnd) - lineStart, colors);
      return;
    }
    llvm::SmallVector<llvm::SMRange, 1> ranges;
    if (endOffset > offset)
      ranges.push_back(llvm::SMRange(loc, llvm::SMLoc::getFromPointer(
                                              base + endOffset)));
    mgr.PrintMessage(os, loc, kind, message, ranges, {}, colors);
  }

  /// A diagnostic on a long line: the header as SourceMgr prints it, then
  /// the part of the line around [begin, end) (columns on the line).
  static void printWindow(llvm::raw_ostream &os,
                          const FindingLocation &location,
                          llvm::SourceMgr::DiagKind kind,
                          const llvm::Twine &message, llvm::StringRef line,
                          size_t begin, size_t end, bool colors) {
    std::string where = location.file + ":" +
                        std::to_string(location.range.line) + ":" +
                        std::to_string(location.range.column);
    llvm::SMDiagnostic(where, kind, message.str()).print(nullptr, os, colors);
    // The window starts a little before the caret, so that the op's
    // beginning is seen, and ends kSnippetColumns later.
    size_t from = begin > 16 ? alignToCharacter(line, begin - 16) : 0;
    size_t to = alignToCharacter(line, std::min(line.size(),
                                                from + kSnippetColumns));
    llvm::StringRef prefix = from > 0 ? "..." : "";
    llvm::StringRef suffix = to < line.size() ? "..." : "";
    std::string shown;
    for (char c : line.slice(from, to))
      shown += (c == '\t' || llvm::isPrint(c) || uint8_t(c) >= 0x80) ? c : ' ';
    os << prefix << shown << suffix << "\n";
    // The caret and the range under the window (clipped to it), counted in
    // characters, not bytes.
    auto columnsOf = [&](size_t a, size_t b) {
      size_t n = 0;
      for (size_t i = a; i < b && i < line.size(); ++i)
        n += (uint8_t(line[i]) & 0xC0) != 0x80;
      return n;
    };
    std::string caret(prefix.size() + columnsOf(from, std::max(from, begin)),
                      ' ');
    caret += '^';
    size_t tildeEnd = std::min(end, to);
    if (tildeEnd > begin + 1)
      caret += std::string(columnsOf(begin + 1, tildeEnd), '~');
    if (colors)
      os.changeColor(llvm::raw_ostream::GREEN, true);
    os << caret;
    if (colors)
      os.resetColor();
    os << "\n";
  }

  /// A fix-it as a note at its first edit, with clang's fix-it line under
  /// the source line (the inserted text, or the removed range).
  void printFix(llvm::raw_ostream &os, const FixIt &fix, bool colors) {
    if (fix.edits.empty())
      return;
    const FixEdit &first = fix.edits.front();
    auto it = ids.find(first.file);
    if (it == ids.end())
      return;
    const llvm::MemoryBuffer *buffer = mgr.getMemoryBuffer(it->second);
    const char *base = buffer->getBufferStart();
    uint64_t size = buffer->getBufferSize();
    auto at = [&](uint64_t offset) {
      return llvm::SMLoc::getFromPointer(base + std::min(offset, size));
    };
    // Point at the first non-blank character of the edited line.
    uint64_t offset = std::min<uint64_t>(first.offset, size);
    while (offset < size && (base[offset] == ' ' || base[offset] == '\t'))
      ++offset;
    llvm::StringRef text(base, size);
    size_t lineStart = text.rfind('\n', offset);
    lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
    size_t lineEnd = std::min(text.find('\n', offset), size_t(size));
    if (lineEnd - lineStart > kSnippetColumns) {
      unsigned line = mgr.FindLineNumber(at(offset), it->second);
      FindingLocation where{first.file, {}};
      where.range.line = line;
      where.range.column = unsigned(offset - lineStart + 1);
      printWindow(os, where, llvm::SourceMgr::DK_Note,
                  "fix-it: " + fix.description, text.slice(lineStart, lineEnd),
                  offset - lineStart, offset - lineStart, colors);
      return;
    }
    llvm::SmallVector<llvm::SMRange, 2> ranges;
    llvm::SmallVector<llvm::SMFixIt, 2> hints;
    for (const FixEdit &edit : fix.edits) {
      if (edit.file != first.file)
        continue;
      llvm::SMRange range(at(edit.offset), at(edit.offset + edit.length));
      if (edit.length)
        ranges.push_back(range);
      llvm::StringRef text = llvm::StringRef(edit.text).trim();
      if (!text.empty() && !text.contains('\n') &&
          mgr.FindLineNumber(at(edit.offset), it->second) ==
              mgr.FindLineNumber(at(offset), it->second))
        hints.push_back(llvm::SMFixIt(llvm::SMRange(at(offset), at(offset)),
                                      text));
    }
    mgr.PrintMessage(os, at(offset), llvm::SourceMgr::DK_Note,
                     "fix-it: " + fix.description, ranges, hints, colors);
  }

private:
  llvm::SourceMgr mgr;
  std::map<std::string, unsigned> ids;
};
} // namespace

void memlint::printTextFindings(llvm::raw_ostream &os,
                                const std::vector<Finding> &findings,
                                const SourceTexts &sources, bool colors) {
  SourceLocator locator(sources);
  for (const Finding &finding : findings) {
    llvm::SourceMgr::DiagKind kind =
        finding.level == Level::Error     ? llvm::SourceMgr::DK_Error
        : finding.level == Level::Warning ? llvm::SourceMgr::DK_Warning
                                          : llvm::SourceMgr::DK_Note;
    locator.print(os, finding.location, kind,
                  finding.message + " [" + finding.rule +
                      (finding.promoted ? ",-warnings-as-errors]" : "]"), colors);
    for (const FindingNote &note : finding.notes)
      locator.print(os, note.location, llvm::SourceMgr::DK_Note, note.message,
                    colors);
    for (const FixIt &fix : finding.fixes)
      locator.printFix(os, fix, colors);
  }
}
