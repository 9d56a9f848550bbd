//===- SourceParser.h - Parse a buffer, in parts on several threads -*- C++ -*-===//
//
// Parses the main buffer of a SourceMgr as `parseAsmSourceFile` does, with an
// AsmParserState unless the ops' locations are positions in the text
// (sourcetext::locationsArePositions): SourceInfo then needs no parser state,
// and the parse is about a quarter faster. A large buffer with the usual layout (alias
// definitions, then one `module { ... }` or a list of top-level ops) is cut
// between its top-level ops into parts that are parsed at the same time on
// the context's threads; the parts are parsed with the file's name and their
// lines where they are in the file, so the ops' locations are those of a
// whole parse, and SourceInfo maps the parser states back to the file.
// Anything unusual (a part that fails or reports anything, an odd layout)
// falls back to the whole, sequential parse, whose diagnostics are the ones
// shown.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_TOOLS_SOURCEPARSER_H
#define MEMLINT_TOOLS_SOURCEPARSER_H

#include "analyzer/SourceInfo.h"

#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace memlint {

/// Where a buffer may be cut: the text before its first top-level op (alias
/// definitions), the range of its top-level ops, and the line starts between
/// top-level ops.
struct SourceLayout {
  /// Start of the line of the first top-level op (or of `module`).
  size_t prefixEnd = 0;
  /// The top-level ops are inside `module ... { }` rather than at the top.
  bool inModule = false;
  /// The top-level ops: [bodyBegin, bodyEnd); in a module, bodyBegin is the
  /// line after its `{` and bodyEnd is its closing `}`.
  size_t bodyBegin = 0, bodyEnd = 0;
  /// Line starts where a top-level op begins after a line that ended with
  /// `}`; the first is bodyBegin.
  std::vector<size_t> cuts;
};

/// Destroys the ops of `block` and everything nested in them, innermost
/// regions first. MLIR's own teardown drops the references of a region's
/// whole subtree at every level of nesting, which takes time quadratic in
/// the depth (20,000 nested scf.if: 20 s); this takes linear time.
void destroyNestedOps(mlir::Block &block);

/// Scans `text` for its layout; nullopt when it is not one that can be cut
/// (file metadata, aliases between ops, unbalanced brackets, ...).
std::optional<SourceLayout> scanLayout(llvm::StringRef text);

/// The parser states of a parsed buffer (one per part), kept as long as the
/// IR is used, and the parts as SourceInfo takes them.
class ParsedSource {
public:
  /// Parses the main buffer of `sourceMgr` into `block`, in parts when the
  /// context has a thread pool with several threads and the buffer is at
  /// least `minParallelBytes` long (see the file comment). Diagnostics of
  /// the whole parse go to the context's handlers.
  mlir::LogicalResult parse(const llvm::SourceMgr &sourceMgr,
                            mlir::Block *block, mlir::MLIRContext *context,
                            size_t minParallelBytes);

  /// The parts, for SourceInfo; empty before a successful parse.
  std::vector<ParsedPart> getParts() const;
  /// Number of parts the buffer was parsed in (1 for a whole parse).
  size_t getNumParts() const { return parts.size(); }

private:
  struct Part {
    std::string text; ///< empty for a whole parse (the file's buffer is used)
    llvm::StringRef view;
    size_t prefixLength = 0, textStart = 0;
    uint64_t fileOffset = 0;
    /// Null when the locations give the positions.
    std::unique_ptr<mlir::AsmParserState> state;
  };
  /// Makes a part's parser state when the text needs one.
  void initState(Part &part) const;
  bool needsState = true;
  bool parseInParts(const llvm::SourceMgr &sourceMgr, mlir::Block *block,
                    mlir::MLIRContext *context, const SourceLayout &layout,
                    unsigned numParts);

  std::vector<std::unique_ptr<Part>> parts;
};

} // namespace memlint

#endif // MEMLINT_TOOLS_SOURCEPARSER_H
