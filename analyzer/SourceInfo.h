//===- SourceInfo.h - Source ranges and SSA names of parsed IR --*- C++ -*-===//
//
// Maps operations and values back to the text they were parsed from: exact op
// ranges and the SSA names as written (not as a printer would rename them).
// They come from the AsmParserState the parser filled or, for text whose op
// locations are the parser's own positions (sourcetext::locationsArePositions),
// from those locations and a look at the text around them: the parse is then
// done without a parser state, which records every use of every value.
//
// IR that has no source text at hand (a module inside a pass pipeline) gets
// the fallback: positions from the ops' own locations (`FileLineColLoc`,
// `FileLineColRange`) and SSA names as the printer gives them (`AsmState`),
// without offsets, text or whole lines, so no fix-it can be built from it.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_SOURCEINFO_H
#define MEMLINT_ANALYZER_SOURCEINFO_H

#include "analyzer/SourceText.h"

#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// `path` relative to the folder `base` (empty: the current folder), both
/// made absolute first, with `..` where needed ("." when they are equal).
std::string makeRelativePath(llvm::StringRef path, llvm::StringRef base);

/// A range in a source file, 1-based lines and columns, 0-based offsets.
struct SourceRange {
  unsigned line = 0, column = 0, endLine = 0, endColumn = 0;
  uint64_t offset = 0, endOffset = 0;
  bool isValid() const { return line != 0; }
};

/// One piece of a buffer parsed on its own (see tools/SourceParser.h): the
/// parser state filled from it (null when the op locations give the
/// positions) and how its text maps back to the file. The
/// piece's text is `prefixLength` bytes copied from the start of the file,
/// newlines standing for the lines in between, then the file's text from
/// `fileOffset` on; its positions are translated back to the file's.
struct ParsedPart {
  const mlir::AsmParserState *state = nullptr;
  llvm::StringRef text;
  size_t prefixLength = 0;
  /// Where the part's own text (after the prefix and the padding) starts, in
  /// `text` and in the file.
  size_t textStart = 0;
  uint64_t fileOffset = 0;
};

/// Source positions of the ops of one parsed buffer, or of an IR tree
/// without source text.
class SourceInfo {
public:
  /// Positions and names from the parser: the main buffer of `sourceMgr`,
  /// parsed with `state` (the command-line tool).
  SourceInfo(const llvm::SourceMgr &sourceMgr,
             const mlir::AsmParserState &state);
  /// The same for a buffer parsed in parts, each with its own parser state.
  SourceInfo(const llvm::SourceMgr &sourceMgr,
             std::vector<ParsedPart> parts);
  /// Positions from the locations of the ops under `root`, and names as the
  /// printer would give them (the `memlint` pass).
  explicit SourceInfo(mlir::Operation *root);
  ~SourceInfo();

  /// True when the source text is known (offsets, whole lines, fix-its).
  bool hasText() const { return !parts.empty(); }
  /// The file named by the location of `op` when there is no source text
  /// (empty otherwise, or when `op` has no file location).
  std::string getFileName(mlir::Operation *op) const;

  /// The range of an op as a finding should underline it: from its name to
  /// its end, or to the end of its first line when it spans several.
  SourceRange getRange(mlir::Operation *op) const;
  /// The SSA name of a value as written in the source ("%alloc", "%0#1",
  /// "%arg0"); a description when it has none. Without source text, the name
  /// the printer gives it.
  std::string getName(mlir::Value value) const;
  /// The buffer of the source text (empty without source text).
  llvm::StringRef getText() const;
  /// True when `op` is written in the source (implicit terminators are not).
  bool isWritten(mlir::Operation *op) const;
  /// The label of a block as written ("^bb1"); empty for an entry block
  /// written without a label.
  std::string getBlockName(mlir::Block *block) const;

  /// The lines an op occupies, as byte offsets [begin, end) from the start
  /// of its first line to just past the newline ending its last line, when
  /// nothing but blanks precede it and nothing but blanks or a comment
  /// follow it on those lines (so that the lines can be deleted or moved as
  /// a whole). Null for ops without source text or sharing their lines.
  std::optional<std::pair<uint64_t, uint64_t>>
  getWholeLines(mlir::Operation *op) const;
  /// The byte offset just past the text of `op` (after the closing brace of
  /// its last region, if any).
  std::optional<uint64_t> getEndOffset(mlir::Operation *op) const;
  /// The blanks that indent the first line of `op` (empty if unknown).
  llvm::StringRef getIndentation(mlir::Operation *op) const;

private:
  /// Where the text of a written op is, in the file.
  struct OpText {
    const char *name = nullptr;  ///< the op name
    const char *start = nullptr; ///< its first result name, or its name
    /// The result names written, with the number of results each names.
    llvm::SmallVector<sourcetext::ResultGroup, 1> results;
    /// With a parser state: the op's record and its part.
    const mlir::AsmParserState::OperationDefinition *def = nullptr;
    const ParsedPart *part = nullptr;
  };
  /// The text of `op`; null when it is not written (implicit terminators).
  std::optional<OpText> getOpText(mlir::Operation *op) const;
  /// Where the text of `op` ends (just past its last token), or `limit` when
  /// that is after `limit`; null when unknown.
  const char *getOpEnd(mlir::Operation *op, const OpText &text,
                       const char *limit) const;
  /// True when positions come from the op locations, not a parser state.
  bool positionsFromLocations() const {
    return !parts.empty() && !parts.front().state;
  }
  /// The position in the file a parser-given location names (null if none).
  const char *locate(mlir::Location loc) const;
  /// Without a parser state: where the name of `op` is written (null when
  /// the op is not written).
  const char *locateName(mlir::Operation *op) const;
  /// The parser's record of `op` and the part it was parsed from.
  const mlir::AsmParserState::OperationDefinition *
  getOpDef(mlir::Operation *op, const ParsedPart **part = nullptr) const;
  const mlir::AsmParserState::BlockDefinition *
  getBlockDef(mlir::Block *block) const;
  /// A position in the text of `part` as a position in the file.
  const char *toFile(const ParsedPart &part, const char *pointer) const;
  SourceRange toRange(llvm::SMLoc start, llvm::SMLoc end) const;
  SourceRange getLocationRange(mlir::Operation *op) const;

  /// Set together when the source text is known.
  const llvm::SourceMgr *sourceMgr = nullptr;
  std::vector<ParsedPart> parts;
  /// Without source text: the IR named, and the printer's names of its
  /// values, computed on the first request (naming a large module costs a
  /// walk; a clean module never needs it). Printing an operand updates the
  /// state's caches, hence mutable.
  mlir::Operation *root = nullptr;
  mutable std::unique_ptr<mlir::AsmState> asmState;
  /// Checks name values on several threads.
  mutable std::mutex asmStateMutex;
};

} // namespace memlint

#endif // MEMLINT_ANALYZER_SOURCEINFO_H
