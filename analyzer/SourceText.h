//===- SourceText.h - Op extents found in MLIR text -------------*- C++ -*-===//
//
// Small scans of MLIR text around a position the parser gave an op: where
// its result names are, where its text ends, the label of a block. They let
// SourceInfo answer from the ops' own locations instead of an AsmParserState,
// which costs about a quarter of the parse of a large file (it records every
// use of every value). They only hold when the locations are the parser's own
// positions (`locationsArePositions`); the parser state stays the exact
// answer for every other text.
//
// Every scan knows strings and `//` comments; brackets are counted for
// `()`, `[]` and `{}` only (`<` and `>` also appear in `->` and `>=`).
//
//===----------------------------------------------------------------------===//

#ifndef MEMLINT_ANALYZER_SOURCETEXT_H
#define MEMLINT_ANALYZER_SOURCETEXT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace memlint {
namespace sourcetext {

/// True when the parser gives every op and block argument of `text` the
/// position of its name as location: no `loc` keyword (explicit locations and
/// location aliases), no file metadata (`{-#`) and no carriage return (after
/// a lone one, line and column do not name one position).
bool locationsArePositions(llvm::StringRef text);

/// True for the characters of SSA names, block labels and bare identifiers
/// after their first one.
bool isNameChar(char c);

/// The start of the blanks, newlines and `//` comments that end just before
/// `p`, not before `floor`.
const char *skipTriviaBack(llvm::StringRef text, const char *p,
                           const char *floor);

/// The result names written before the op name at `name`, in order: the
/// range of each `%name` and the number of results it names (`%x:2`).
struct ResultGroup {
  const char *begin = nullptr, *end = nullptr;
  unsigned count = 1;
};
/// Fills `groups` and returns where the op's text starts (its first result
/// name, or `name` when it has none).
const char *scanResults(llvm::StringRef text, const char *name,
                        llvm::SmallVectorImpl<ResultGroup> &groups);

/// The end of the text of the op whose name is at `name`, when it is the
/// last op written in its block: the end of its last token before the `}`
/// closing its region, the next block label, an alias definition or the end
/// of the text. Returns `limit` when the scan reaches it first.
const char *scanLastOpEnd(llvm::StringRef text, const char *name,
                          const char *limit);

/// The label (`^bb1`) written just before `p`, the position of the first
/// argument name of a block (`^bb1(%a`) or, with `afterColon`, of the
/// first op of a block without arguments (`^bb1:`). Empty when there is
/// none.
llvm::StringRef labelBefore(llvm::StringRef text, const char *p,
                            bool afterColon);

} // namespace sourcetext
} // namespace memlint

#endif // MEMLINT_ANALYZER_SOURCETEXT_H
