//===- TextReporter.cpp - clang-style diagnostics --------------------------===//

#include "reporters/Reporters.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace memlint;

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
    llvm::SmallVector<llvm::SMRange, 1> ranges;
    if (endOffset > offset)
      ranges.push_back(llvm::SMRange(loc, llvm::SMLoc::getFromPointer(
                                              base + endOffset)));
    mgr.PrintMessage(os, loc, kind, message, ranges, {}, colors);
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
