//===- FixIts.h - Building fix-its as line edits ------------------*- C++ -*-===//
//
// Fix-its are text edits on the original file, in the style of clang-tidy:
// whole lines are inserted, deleted or moved, indented like their
// neighbours, so that comments and formatting elsewhere survive. Op ranges
// and SSA names come from the parser's AsmParserState (SourceInfo); the
// module is never printed back.
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_CHECKS_FIXITS_H
#define MEMLINT_CHECKS_FIXITS_H

#include "analyzer/AbstractState.h"
#include "checks/Check.h"
#include "checks/Finding.h"

#include "mlir/IR/Operation.h"

#include <optional>
#include <string>

namespace memlint {

/// Collects the edits of one fix-it. Every operation returns false (and the
/// fix-it is abandoned) when the text does not allow a clean line edit, e.g.
/// an op that shares its line with another one.
class FixItBuilder {
public:
  explicit FixItBuilder(const LintContext &context)
      : FixItBuilder(context.getSource(), context.getFilePath().str()) {}
  /// Edits on the text of `source`, the file shown as `file`.
  FixItBuilder(const SourceInfo &source, std::string file)
      : source(source), file(std::move(file)) {}

  /// Deletes the lines of `op`.
  bool remove(mlir::Operation *op);
  /// Inserts `line` on a new line after the lines of `anchor`, indented
  /// like `anchor` (several lines when `line` holds newlines, each indented
  /// like `anchor` plus its own leading blanks).
  bool insertAfter(mlir::Operation *anchor, llvm::StringRef line);
  /// Inserts `line` on a new line before `anchor`, indented like it.
  bool insertBefore(mlir::Operation *anchor, llvm::StringRef line);
  /// Inserts `line` as the last op written in `block`: before its
  /// terminator when the text shows it, else after the last op written in
  /// the block, else (an empty branch of an `scf.if`, whose `scf.yield` is
  /// implicit) on a new line after the brace that opens the branch, indented
  /// one step more than the `scf.if`.
  bool insertAtEnd(mlir::Block *block, llvm::StringRef line);
  /// Replaces the lines of `op` by `text` (indented like `op`).
  bool replace(mlir::Operation *op, llvm::StringRef text);
  /// Moves `op` to a new line after `anchor`, indented like `anchor`.
  bool moveAfter(mlir::Operation *op, mlir::Operation *anchor);
  /// Moves `op` to a new line before `anchor`, indented like `anchor`.
  bool moveBefore(mlir::Operation *op, mlir::Operation *anchor);

  /// The fix-it, with edits sorted by offset; null when an operation failed
  /// or two edits overlap.
  std::optional<FixIt> take(std::string description);

private:
  bool insertAt(uint64_t offset, mlir::Operation *indentLike,
                llvm::StringRef line);

  const SourceInfo &source;
  std::string file;
  std::vector<FixEdit> edits;
  bool failed = false;
};

/// Edits on the text of one file gathered from several places: offsets
/// computed from the text (a block header, a branch's operand list) and the
/// line edits of FixItBuilders. For the fix-its that change several ops at
/// once (the ownership-flag constructions of DESIGN §4).
class EditList {
public:
  explicit EditList(const LintContext &context)
      : file(context.getFilePath().str()) {}

  /// Inserts `text` at `offset`.
  void insert(uint64_t offset, std::string text);
  /// Replaces the `length` bytes at `offset` by `text`.
  void replace(uint64_t offset, uint64_t length, std::string text);
  /// Adds the edits of `fix`.
  void append(const FixIt &fix);
  /// Adds the edits of `builder` (which it takes); false when the builder
  /// failed or its edits overlap.
  bool append(FixItBuilder &builder);

  /// The fix-it, edits sorted; null when two edits overlap or, unless
  /// `sharedOffsets`, start at one offset (their order would decide the
  /// text). `general` as in FixIt.
  std::optional<FixIt> take(std::string description, bool general = true,
                            bool sharedOffsets = false) const;

private:
  std::string file;
  std::vector<FixEdit> edits;
};

/// `text` under `scf.if condition`: in its then branch when `whenTrue`,
/// else in an else branch after an empty then branch. Each line of `text`
/// is indented by two blanks (FixItBuilder indents the whole).
std::string getGuardedText(llvm::StringRef condition, bool whenTrue,
                           llvm::StringRef text);

/// Whether `text` already holds one of `names` (the fresh `%memlint_*`
/// names a candidate would introduce): the candidate is not built then.
inline bool anyNameTaken(llvm::StringRef text,
                         llvm::ArrayRef<std::string> names) {
  return llvm::any_of(
      names, [&](const std::string &name) { return text.contains(name); });
}

/// The offset of `needle` in `text` at or after `from`, outside any bracket
/// (`()`, `[]`, `{}`, `<>`; the `>` of an arrow `->` closes nothing);
/// npos when there is none before a bracket closes that opened before
/// `from`.
size_t findTopLevel(llvm::StringRef text, size_t from, llvm::StringRef needle);

/// Appends the arguments `arguments` ("%a: i1, %b: i1") to the header of
/// the block `block` written with a label (`^bb0(%x: index):`); false when
/// the text does not show it so.
bool appendBlockArguments(const SourceInfo &source, mlir::Block *block,
                          llvm::StringRef arguments, EditList &edits);

/// Appends `values` (", %a, %b") of types `types` (", i1, i1") to the
/// operand list of the successor written at `span` ("^bb3(%x : index)");
/// false when it is written without one.
bool appendSuccessorOperands(const SourceInfo &source,
                             std::pair<uint64_t, uint64_t> span,
                             llvm::StringRef values, llvm::StringRef types,
                             EditList &edits);

/// The source text of `op` on one line (without indentation and newline).
std::optional<std::string> getOpText(const LintContext &context,
                                     mlir::Operation *op);
std::optional<std::string> getOpText(const SourceInfo &source,
                                     mlir::Operation *op);

/// The text of a deallocation of `value` with the deallocator `family`,
/// naming `value` as the source does.
std::string getDeallocText(const LintContext &context, mlir::Value value,
                           Deallocator family);
/// The same, naming `value` `name` (a value the fix itself names).
std::string getDeallocText(const LintContext &context, mlir::Value value,
                           Deallocator family, llvm::StringRef name);

/// Deletes the free of `freed` by `free`: the lines of `free`, or, for a
/// `bufferization.dealloc` that frees other memrefs too or whose results
/// are used, `freed` (and its condition) from its lists. False (and no
/// edit) when `freed` is not what it frees or the text does not allow it.
bool removeFree(FixItBuilder &builder, const LintContext &context,
                mlir::Operation *free, mlir::Value freed);

/// The text that frees the buffer `value` is a view of, for a value that may
/// be a view (a loop-carried subview): its base buffer from
/// `memref.extract_strided_metadata` (results named after `name`), then a
/// dealloc of that; getDeallocText for other families and types.
std::string getBaseDeallocText(const LintContext &context, mlir::Value value,
                               Deallocator family, llvm::StringRef name);

/// Whether applying `edits` together with edits over the ranges `taken`
/// ([offset, offset + length) each) would depend on their order (applyEdits
/// drops an edit that starts inside an earlier one): they overlap, or start
/// at one offset. With `touching`, ranges that only touch clash too (the
/// conservative rule of fix validation and --fix, which group candidates of
/// different findings).
bool editsClash(llvm::ArrayRef<FixEdit> edits,
                llvm::ArrayRef<std::pair<uint64_t, uint64_t>> taken,
                bool touching);

/// The byte ranges [offset, offset + length) of `edits`, for editsClash.
std::vector<std::pair<uint64_t, uint64_t>>
getEditRanges(llvm::ArrayRef<FixEdit> edits);

/// `edits` in the order they apply: by offset, an insertion before a
/// replacement that starts where it is.
std::vector<FixEdit> sortEdits(llvm::ArrayRef<FixEdit> edits);

/// `text` with `edits` applied (overlapping edits after the first skipped).
std::string applyEdits(llvm::StringRef text, llvm::ArrayRef<FixEdit> edits);

} // namespace memlint

#endif // MEMLINT_CHECKS_FIXITS_H
